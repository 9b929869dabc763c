//! The combat manoeuvres as rules (« CRB — Combat Maneuvers »; APG « Dirty Trick », « Steal »,
//! « Reposition », « Drag »; the reference spec, « Manœuvres de combat »): the ten manoeuvres and
//! their options (the dirty trick's six conditions, the grapple's maintain actions, a direction),
//! the roll of d20 + CMB against CMD — a natural 20 always succeeds, a natural 1 always fails,
//! except that escaping from bonds has no automatic success —, the size limits, the Improved and
//! Greater feats of each manoeuvre, the arithmetic of their results (5 feet plus 5 per 5 by which
//! the check beats the CMD, 1 round plus 1 per 5, the failure by 10 or more), the success chance
//! in percent, and the hardness and hit points of a weapon as an object (« CRB — Table 7-12 »).
//!
//! Pure: knows no fight, no unit and no stat block; `fight::action::maneuver` carries the
//! manoeuvres out.

use super::condition::Condition;
use super::feat::{Feat, FeatSet};
use crate::size::Size;
use crate::vocab::{DamageType, DamageTypes, vocabulary};

vocabulary! {
    /// The combat manoeuvres, in file and log spelling.
    "manoeuvre", pub enum Maneuver {
        Trip = "trip",
        Disarm = "disarm",
        BullRush = "bull_rush",
        Sunder = "sunder",
        Grapple = "grapple",
        Overrun = "overrun",
        DirtyTrick = "dirty_trick",
        Steal = "steal",
        Reposition = "reposition",
        Drag = "drag",
    }
}

/// How close a manoeuvre's target must be.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Reach {
    /// Within the reach of a usable melee weapon, or of its natural reach when it fights
    /// unarmed (trip, disarm, sunder, dirty trick, steal, reposition).
    Weapon,
    /// Within its natural reach: a grapple of a creature farther than adjacent pulls it close
    /// (« CRB — Grapple »).
    Natural,
    /// Adjacent: it pushes, pulls or passes the target with its body (bull rush, overrun, drag).
    Adjacent,
}

impl Maneuver {
    /// « You can only [trip / bull rush / overrun / reposition / drag] an opponent who is no
    /// more than one size category larger than you » (CRB, APG); the others have no limit.
    pub fn size_limited(self) -> bool {
        match self {
            Maneuver::Trip
            | Maneuver::BullRush
            | Maneuver::Overrun
            | Maneuver::Reposition
            | Maneuver::Drag => true,
            Maneuver::Disarm
            | Maneuver::Sunder
            | Maneuver::Grapple
            | Maneuver::DirtyTrick
            | Maneuver::Steal => false,
        }
    }

    /// The size limit allows `attacker` to try this manoeuvre on `target`.
    pub fn size_allows(self, attacker: Size, target: Size) -> bool {
        !self.size_limited() || (target as i32) - (attacker as i32) <= 1
    }

    /// How close the target must be.
    pub fn reach(self) -> Reach {
        match self {
            Maneuver::Trip
            | Maneuver::Disarm
            | Maneuver::Sunder
            | Maneuver::DirtyTrick
            | Maneuver::Steal
            | Maneuver::Reposition => Reach::Weapon,
            Maneuver::Grapple => Reach::Natural,
            Maneuver::BullRush | Maneuver::Overrun | Maneuver::Drag => Reach::Adjacent,
        }
    }

    /// « Improved Trip » & co.: no attack of opportunity, +2 on the check, +2 CMD against it.
    pub fn improved(self) -> Feat {
        match self {
            Maneuver::Trip => Feat::ImprovedTrip,
            Maneuver::Disarm => Feat::ImprovedDisarm,
            Maneuver::BullRush => Feat::ImprovedBullRush,
            Maneuver::Sunder => Feat::ImprovedSunder,
            Maneuver::Grapple => Feat::ImprovedGrapple,
            Maneuver::Overrun => Feat::ImprovedOverrun,
            Maneuver::DirtyTrick => Feat::ImprovedDirtyTrick,
            Maneuver::Steal => Feat::ImprovedSteal,
            Maneuver::Reposition => Feat::ImprovedReposition,
            Maneuver::Drag => Feat::ImprovedDrag,
        }
    }

    /// « Greater Trip » & co.: +2 more on the check and to the CMD against it, and each its
    /// own rider.
    pub fn greater(self) -> Feat {
        match self {
            Maneuver::Trip => Feat::GreaterTrip,
            Maneuver::Disarm => Feat::GreaterDisarm,
            Maneuver::BullRush => Feat::GreaterBullRush,
            Maneuver::Sunder => Feat::GreaterSunder,
            Maneuver::Grapple => Feat::GreaterGrapple,
            Maneuver::Overrun => Feat::GreaterOverrun,
            Maneuver::DirtyTrick => Feat::GreaterDirtyTrick,
            Maneuver::Steal => Feat::GreaterSteal,
            Maneuver::Reposition => Feat::GreaterReposition,
            Maneuver::Drag => Feat::GreaterDrag,
        }
    }

    /// The bonus `feats` give on checks to perform this manoeuvre, and likewise to the CMD of
    /// a creature resisting it: +2 for the Improved feat, +2 more for the Greater one.
    pub fn feat_bonus(self, feats: FeatSet) -> i32 {
        2 * i32::from(feats.contains(self.improved()))
            + 2 * i32::from(feats.contains(self.greater()))
    }

    /// Trying it provokes an attack of opportunity from the target, unless the attacker has
    /// the Improved feat (« CRB — Combat Maneuvers »).
    pub fn provokes(self, feats: FeatSet) -> bool {
        !feats.contains(self.improved())
    }
}

vocabulary! {
    /// The conditions a dirty trick may impose (APG « Dirty Trick »: « blinded, dazzled,
    /// deafened, entangled, shaken, or sickened »).
    "dirty trick", pub enum Trick {
        Blinded = "blinded",
        Dazzled = "dazzled",
        Deafened = "deafened",
        Entangled = "entangled",
        Shaken = "shaken",
        Sickened = "sickened",
    }
}

impl Trick {
    pub fn condition(self) -> Condition {
        match self {
            Trick::Blinded => Condition::Blinded,
            Trick::Dazzled => Condition::Dazzled,
            Trick::Deafened => Condition::Deafened,
            Trick::Entangled => Condition::Entangled,
            Trick::Shaken => Condition::Shaken,
            Trick::Sickened => Condition::Sickened,
        }
    }
}

/// One of the eight directions of the grid (rows grow downward).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Direction {
    North,
    NorthEast,
    East,
    SouthEast,
    South,
    SouthWest,
    West,
    NorthWest,
}

impl Direction {
    pub const ALL: [Direction; 8] = [
        Direction::North,
        Direction::NorthEast,
        Direction::East,
        Direction::SouthEast,
        Direction::South,
        Direction::SouthWest,
        Direction::West,
        Direction::NorthWest,
    ];

    /// The step of one square in this direction, (rows, columns).
    pub fn step(self) -> (i32, i32) {
        match self {
            Direction::North => (-1, 0),
            Direction::NorthEast => (-1, 1),
            Direction::East => (0, 1),
            Direction::SouthEast => (1, 1),
            Direction::South => (1, 0),
            Direction::SouthWest => (1, -1),
            Direction::West => (0, -1),
            Direction::NorthWest => (-1, -1),
        }
    }

    /// The direction of a step whose signs are (`dr`, `dc`); `None` for no step.
    pub fn of(dr: i32, dc: i32) -> Option<Direction> {
        Direction::ALL
            .into_iter()
            .find(|d| d.step() == (dr.signum(), dc.signum()))
    }
}

/// What a grappler does with the hold it maintains (« CRB — Grapple »: « a successful check
/// allows you to continue grappling the foe, and also allows you to perform one of the
/// following actions »).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum GrappleAction {
    /// Keeps the hold and nothing more.
    #[default]
    Hold,
    /// « Move »: both move up to half its speed in this direction.
    Move(Direction),
    /// « Damage »: its unarmed strike, a natural attack or a light or one-handed weapon.
    Damage,
    /// « Pin »: the target gains the pinned condition.
    Pin,
    /// « Tie Up »: a pinned target is tied with rope (−10 on the check when it is not pinned).
    TieUp,
}

/// The choice a manoeuvre is made with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum ManeuverOption {
    /// The manoeuvre's default: dazzled for a dirty trick, the target's first held weapon for
    /// a disarm or a sunder, straight away for a reposition, the hold for a grapple.
    #[default]
    Default,
    /// Dirty trick: the condition to impose.
    Trick(Trick),
    /// Disarm, sunder: the target's attack line aimed at (an index in its `attacks`).
    Item(u8),
    /// Reposition: the direction the target is moved.
    Toward(Direction),
    /// Grapple: what the maintained hold does (or does at once, on a creature already held).
    Grapple(GrappleAction),
}

/// How a creature tries to break free (« CRB — Grapple »: « a combat maneuver check [...] or
/// Escape Artist check »).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum EscapeBy {
    /// The better of the two.
    #[default]
    Best,
    Cmb,
    EscapeArtist,
}

/// A rolled manoeuvre check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ManeuverRoll {
    /// The natural d20 (20 for an automatic success against a helpless target).
    pub roll: u32,
    /// Everything added to the d20.
    pub bonus: i32,
    pub total: i32,
    pub cmd: i32,
    pub success: bool,
}

impl ManeuverRoll {
    /// By how much the check beat the CMD (negative when it fell short).
    pub fn margin(&self) -> i32 {
        self.total - self.cmd
    }

    /// « If your attack fails by 10 or more »: the failure-by-10 results (trip: the attacker
    /// falls prone; disarm: it drops its weapon).
    pub fn failed_by_ten(&self) -> bool {
        !self.success && self.total <= self.cmd - 10
    }

    /// Steps of 5 by which the check beat the CMD (0 when it did not: a natural 20 below the
    /// CMD earns only the base result).
    pub fn steps_of_five(&self) -> u32 {
        (self.margin().max(0) / 5) as u32
    }
}

/// Whether the natural 20 always succeeds: yes for every manoeuvre and for escaping a
/// grapple, no for escaping bonds (« except when attempting to escape from bonds »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Natural20 {
    Succeeds,
    Counts,
}

/// d20 `roll` + `bonus` against `cmd`: a natural 1 always fails, a natural 20 succeeds unless
/// `natural_20` is [`Natural20::Counts`], else the total must meet the CMD.
pub fn resolve(roll: u32, bonus: i32, cmd: i32, natural_20: Natural20) -> ManeuverRoll {
    let total = roll as i32 + bonus;
    let automatic = roll == 20 && natural_20 == Natural20::Succeeds;
    ManeuverRoll {
        roll,
        bonus,
        total,
        cmd,
        success: roll != 1 && (automatic || total >= cmd),
    }
}

/// The chance in percent that d20 + `bonus` succeeds against `cmd` (natural 1 and 20 as
/// [`resolve`]): 5 per natural roll that succeeds.
pub fn success_percent(bonus: i32, cmd: i32, natural_20: Natural20) -> u8 {
    let wins = (1..=20)
        .filter(|&roll| resolve(roll, bonus, cmd, natural_20).success)
        .count();
    (wins * 5) as u8
}

/// Squares a bull rush, reposition or drag moves its target: 1 (5 feet), plus 1 for every 5 by
/// which the check exceeds the CMD.
pub fn shove_squares(roll: &ManeuverRoll) -> u32 {
    1 + roll.steps_of_five()
}

/// Rounds a dirty trick's condition lasts: 1, plus 1 for every 5 by which the check exceeds
/// the CMD (APG « Dirty Trick »); « Greater Dirty Trick » makes the base 1d4 (`base`).
pub fn trick_rounds(roll: &ManeuverRoll, base: u32) -> u16 {
    (base + roll.steps_of_five()).min(u32::from(u16::MAX)) as u16
}

/// « CRB — Overrun »: « If your attack exceeds your opponent's CMD by 5 or more, you move
/// through the target's space and the target is knocked prone ».
pub fn overrun_knocks_prone(roll: &ManeuverRoll) -> bool {
    roll.success && roll.margin() >= 5
}

/// A weapon as an object (« CRB — Smashing an Object »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ObjectStats {
    pub hardness: u8,
    pub hit_points: u8,
}

/// Metal-hafted weapons, matched inside the weapon's name (« CRB — Table 7-12 »: a mace or a
/// hammer is metal-hafted, a club or a spear wooden).
const METAL_HAFTED: [&str; 6] = ["mace", "morningstar", "flail", "hammer", "pick", "maul"];

/// Hardness and hit points of a weapon (« CRB — Table 7-12 »: light blade 10/2, one-handed
/// blade 10/5, two-handed blade 10/10, light metal-hafted 10/10, one-handed metal-hafted 10/20,
/// light hafted 5/2, one-handed hafted 5/5, two-handed hafted 5/10, projectile weapon 5/5;
/// « each +1 of enhancement bonus adds 2 to the hardness [...] and +10 to the item's hit
/// points »). Read from the attack line: a blade deals slashing damage, a metal-hafted weapon
/// is named so ([`METAL_HAFTED`]), anything else is wooden; `light` and `two_handed` give its
/// handedness; `projectile` a bow, crossbow, sling or firearm; the enhancement is a leading
/// « +N ». Simplified: every weapon counts as Medium.
pub fn weapon_object(
    name: &str,
    dealt: DamageTypes,
    light: bool,
    two_handed: bool,
    projectile: bool,
) -> ObjectStats {
    let lower = name.to_ascii_lowercase();
    let (hardness, hit_points) = if projectile {
        (5, 5)
    } else if dealt.contains(DamageType::Slashing) {
        (
            10,
            if light {
                2
            } else if two_handed {
                10
            } else {
                5
            },
        )
    } else if METAL_HAFTED.iter().any(|m| lower.contains(m)) {
        (10, if light { 10 } else { 20 })
    } else {
        (
            5,
            if light {
                2
            } else if two_handed {
                10
            } else {
                5
            },
        )
    };
    let plus = enhancement(&lower);
    ObjectStats {
        hardness: (hardness + 2 * plus).min(255) as u8,
        hit_points: (hit_points + 10 * plus).min(255) as u8,
    }
}

/// The enhancement bonus a weapon's name starts with (« +1 composite longbow » → 1).
fn enhancement(name: &str) -> u32 {
    name.trim_start()
        .strip_prefix('+')
        .and_then(|rest| rest.chars().next())
        .and_then(|c| c.to_digit(10))
        .unwrap_or(0)
}

/// Hit points an object of `stats` loses to `damage` (« Damage that exceeds the object's
/// Hardness is subtracted from its hit points »).
pub fn object_damage(stats: ObjectStats, damage: i32) -> u32 {
    (damage - i32::from(stats.hardness)).max(0) as u32
}

/// The state of a weapon that has lost `lost` of its `stats` hit points: « If an object has
/// equal to or less than half its total hit points remaining, it gains the broken
/// condition »; at 0 it is destroyed.
pub fn object_state(stats: ObjectStats, lost: u32) -> ObjectState {
    let max = u32::from(stats.hit_points);
    if lost >= max {
        ObjectState::Destroyed
    } else if 2 * (max - lost) <= max {
        ObjectState::Broken
    } else {
        ObjectState::Whole
    }
}

/// What an object's hit points leave of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ObjectState {
    Whole,
    /// « CRB — Broken »: −2 on attack and damage rolls, a critical hit only on a natural 20
    /// and only ×2.
    Broken,
    Destroyed,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Vocabulary;

    #[test]
    fn natural_one_fails_and_natural_twenty_succeeds_except_against_bonds() {
        assert!(!resolve(1, 40, 10, Natural20::Succeeds).success);
        assert!(resolve(20, -30, 40, Natural20::Succeeds).success);
        assert!(!resolve(20, -30, 40, Natural20::Counts).success);
        assert!(resolve(20, 20, 40, Natural20::Counts).success);
        assert!(
            resolve(10, 4, 14, Natural20::Succeeds).success,
            "14 meets CMD 14"
        );
        assert!(!resolve(9, 4, 14, Natural20::Succeeds).success);
    }

    #[test]
    fn success_percent_counts_natural_one_and_twenty() {
        assert_eq!(success_percent(4, 14, Natural20::Succeeds), 55, "10–20");
        assert_eq!(
            success_percent(30, 10, Natural20::Succeeds),
            95,
            "all but 1"
        );
        assert_eq!(success_percent(-30, 40, Natural20::Succeeds), 5, "only 20");
        assert_eq!(success_percent(-30, 40, Natural20::Counts), 0, "bonds");
    }

    #[test]
    fn margins_give_squares_rounds_and_the_failure_by_ten() {
        let r = resolve(15, 5, 10, Natural20::Succeeds);
        assert_eq!(
            (r.margin(), shove_squares(&r), trick_rounds(&r, 1)),
            (10, 3, 3)
        );
        let low20 = resolve(20, -10, 15, Natural20::Succeeds);
        assert!(
            low20.success && shove_squares(&low20) == 1,
            "base push only"
        );
        let bad = resolve(2, 2, 14, Natural20::Succeeds);
        assert!(bad.failed_by_ten(), "4 against 14 fails by 10");
        assert!(!resolve(3, 2, 14, Natural20::Succeeds).failed_by_ten());
        assert!(overrun_knocks_prone(&resolve(
            10,
            9,
            14,
            Natural20::Succeeds
        )));
        assert!(!overrun_knocks_prone(&resolve(
            10,
            8,
            14,
            Natural20::Succeeds
        )));
    }

    #[test]
    fn size_limits_bind_five_manoeuvres_at_one_category_larger() {
        use Size::*;
        assert!(Maneuver::Trip.size_allows(Medium, Large));
        assert!(!Maneuver::Trip.size_allows(Medium, Huge));
        assert!(!Maneuver::Drag.size_allows(Small, Large));
        assert!(Maneuver::Grapple.size_allows(Small, Colossal));
        let limited: Vec<&str> = Maneuver::ALL
            .iter()
            .filter(|m| m.size_limited())
            .map(|m| m.name())
            .collect();
        assert_eq!(
            limited,
            ["trip", "bull_rush", "overrun", "reposition", "drag"]
        );
    }

    #[test]
    fn improved_and_greater_feats_add_two_each() {
        let set: FeatSet = [Feat::ImprovedTrip, Feat::GreaterTrip]
            .into_iter()
            .collect();
        assert_eq!(Maneuver::Trip.feat_bonus(set), 4);
        assert!(!Maneuver::Trip.provokes(set));
        assert_eq!(Maneuver::Disarm.feat_bonus(set), 0);
        assert!(Maneuver::Disarm.provokes(set));
        for m in Maneuver::ALL {
            assert_ne!(m.improved(), m.greater());
        }
    }

    #[test]
    fn weapons_take_table_7_12_hardness_and_hit_points() {
        let slashing: DamageTypes = [DamageType::Slashing].into_iter().collect();
        let bludgeoning: DamageTypes = [DamageType::Bludgeoning].into_iter().collect();
        let piercing: DamageTypes = [DamageType::Piercing].into_iter().collect();
        let stats = |h, hp| ObjectStats {
            hardness: h,
            hit_points: hp,
        };
        assert_eq!(
            weapon_object("longsword", slashing, false, false, false),
            stats(10, 5)
        );
        assert_eq!(
            weapon_object("falchion", slashing, false, true, false),
            stats(10, 10)
        );
        assert_eq!(
            weapon_object("greatclub", bludgeoning, false, true, false),
            stats(5, 10)
        );
        assert_eq!(
            weapon_object("morningstar", bludgeoning, false, false, false),
            stats(10, 20)
        );
        assert_eq!(
            weapon_object("javelin", piercing, false, false, false),
            stats(5, 5)
        );
        assert_eq!(
            weapon_object("+1 composite longbow", piercing, false, false, true),
            stats(7, 15)
        );
        assert_eq!(
            weapon_object("dagger", slashing, true, false, false),
            stats(10, 2)
        );
    }

    #[test]
    fn half_hit_points_break_and_none_destroy() {
        let sword = ObjectStats {
            hardness: 10,
            hit_points: 5,
        };
        assert_eq!(object_damage(sword, 12), 2);
        assert_eq!(object_state(sword, 2), ObjectState::Whole);
        assert_eq!(object_state(sword, 3), ObjectState::Broken, "2 of 5 left");
        assert_eq!(object_state(sword, 5), ObjectState::Destroyed);
    }

    #[test]
    fn tricks_name_their_conditions() {
        for t in Trick::ALL {
            assert_eq!(t.condition().name(), t.name());
        }
        assert_eq!(Direction::of(3, -2), Some(Direction::SouthWest));
        assert_eq!(Direction::of(0, 0), None);
    }
}
