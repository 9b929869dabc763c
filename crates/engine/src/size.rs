//! Creature sizes (« CRB — Big and Little Creatures in Combat », Table 8-4 « Creature Size and
//! Scale »): the square footprint a creature occupies, its natural reach and its special size
//! modifier for CMB/CMD. Attack and AC values in combatant files are final, so the attack/AC
//! size modifier is only offered for data sanity checks, never applied by the engine.

use std::fmt;
use std::str::FromStr;

use serde::Deserialize;

use crate::board::Pos;

/// PF1e size categories, smallest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Deserialize)]
pub enum Size {
    Fine,
    Diminutive,
    Tiny,
    Small,
    Medium,
    Large,
    Huge,
    Gargantuan,
    Colossal,
}

impl Size {
    pub const ALL: [Size; 9] = [
        Size::Fine,
        Size::Diminutive,
        Size::Tiny,
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
        Size::Gargantuan,
        Size::Colossal,
    ];

    pub fn name(self) -> &'static str {
        match self {
            Size::Fine => "Fine",
            Size::Diminutive => "Diminutive",
            Size::Tiny => "Tiny",
            Size::Small => "Small",
            Size::Medium => "Medium",
            Size::Large => "Large",
            Size::Huge => "Huge",
            Size::Gargantuan => "Gargantuan",
            Size::Colossal => "Colossal",
        }
    }

    /// Side of the square footprint, in squares: Small/Medium 1×1, Large 2×2, Huge 3×3,
    /// Gargantuan 4×4, Colossal 6×6. Tiny and smaller also hold one square here; they may
    /// share it with a larger creature (the reference spec, « Tailles et occupation
    /// multi-cases »).
    pub fn footprint(self) -> u16 {
        match self {
            Size::Fine | Size::Diminutive | Size::Tiny | Size::Small | Size::Medium => 1,
            Size::Large => 2,
            Size::Huge => 3,
            Size::Gargantuan => 4,
            Size::Colossal => 6,
        }
    }

    /// Natural reach of a tall creature of this size, in feet: Tiny and smaller 0, Small and
    /// Medium 5, Large 10, Huge 15, Gargantuan 20, Colossal 30.
    pub fn natural_reach_ft(self) -> u32 {
        match self {
            Size::Fine | Size::Diminutive | Size::Tiny => 0,
            Size::Small | Size::Medium => 5,
            Size::Large => 10,
            Size::Huge => 15,
            Size::Gargantuan => 20,
            Size::Colossal => 30,
        }
    }

    /// Special size modifier to CMB and CMD (« CRB — Combat Maneuvers »).
    pub fn cmb_modifier(self) -> i32 {
        match self {
            Size::Fine => -8,
            Size::Diminutive => -4,
            Size::Tiny => -2,
            Size::Small => -1,
            Size::Medium => 0,
            Size::Large => 1,
            Size::Huge => 2,
            Size::Gargantuan => 4,
            Size::Colossal => 8,
        }
    }

    /// Size modifier to attack rolls and AC (« CRB — Table 8-4 »), for data sanity checks
    /// only: combatant files carry final values.
    pub fn attack_ac_modifier(self) -> i32 {
        -self.cmb_modifier()
    }

    /// True for Tiny, Diminutive and Fine creatures, which may share a square with a larger one.
    pub fn is_tiny_or_smaller(self) -> bool {
        self <= Size::Tiny
    }

    /// « CRB — Big and Little Creatures in Combat » (the reference spec, « Tailles et
    /// occupation multi-cases »): two creatures may share a square when their sizes differ and
    /// the smaller is Tiny or smaller. Same sizes, or Small and larger pairs, never share.
    pub fn can_cooccupy(self, other: Size) -> bool {
        self != other && self.min(other).is_tiny_or_smaller()
    }

    /// The occupancy layer of a creature of this size: every Small-or-larger creature shares
    /// layer 0 (they never share a square), Tiny, Diminutive and Fine each have their own. Two
    /// sizes may share a square exactly when their layers differ ([`Size::can_cooccupy`]).
    pub fn occupancy_layer(self) -> usize {
        match self {
            Size::Tiny => 1,
            Size::Diminutive => 2,
            Size::Fine => 3,
            _ => 0,
        }
    }

    /// The squares covered by a creature of this size anchored at `anchor` (its top-left
    /// square), in row-major order. Squares past the board edge are not clipped here: callers
    /// check them against the board.
    pub fn squares(self, anchor: Pos) -> impl Iterator<Item = Pos> {
        let side = self.footprint();
        (0..side)
            .flat_map(move |dr| (0..side).map(move |dc| Pos::new(anchor.row + dr, anchor.col + dc)))
    }
}

impl fmt::Display for Size {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Size {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Size::ALL
            .into_iter()
            .find(|size| size.name().eq_ignore_ascii_case(s))
            .ok_or_else(|| format!("unknown size `{s}`"))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn footprints_follow_crb_space() {
        let sides: Vec<u16> = Size::ALL.iter().map(|s| s.footprint()).collect();
        assert_eq!(sides, [1, 1, 1, 1, 1, 2, 3, 4, 6]);
        let squares: Vec<Pos> = Size::Large.squares(Pos::new(2, 3)).collect();
        assert_eq!(
            squares,
            [
                Pos::new(2, 3),
                Pos::new(2, 4),
                Pos::new(3, 3),
                Pos::new(3, 4)
            ]
        );
    }

    #[test]
    fn natural_reach_by_size() {
        let reach: Vec<u32> = Size::ALL.iter().map(|s| s.natural_reach_ft()).collect();
        assert_eq!(reach, [0, 0, 0, 5, 5, 10, 15, 20, 30]);
    }

    #[test]
    fn only_a_tiny_or_smaller_shares_a_square_with_another_size() {
        use Size::*;
        assert!(Tiny.can_cooccupy(Medium) && Medium.can_cooccupy(Tiny));
        assert!(Fine.can_cooccupy(Colossal) && Diminutive.can_cooccupy(Tiny));
        assert!(!Tiny.can_cooccupy(Tiny) && !Fine.can_cooccupy(Fine));
        assert!(!Small.can_cooccupy(Medium) && !Medium.can_cooccupy(Large));
        for a in Size::ALL {
            for b in Size::ALL {
                assert_eq!(
                    a.can_cooccupy(b),
                    a.occupancy_layer() != b.occupancy_layer(),
                    "{a} and {b}"
                );
            }
        }
    }

    #[test]
    fn size_parses_case_insensitively() {
        assert_eq!("large".parse::<Size>(), Ok(Size::Large));
        assert!("Big".parse::<Size>().is_err());
    }
}
