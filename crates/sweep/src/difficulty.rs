//! The CRB's own estimate of an encounter's difficulty, shown beside the simulated win rate
//! (« CRB — Chapter 12: Gamemastering, Building an Encounter »): the average party level (APL),
//! the encounter's challenge rating (CR, « FP ») from the total XP of the opposing side, and
//! the label of Table 12-1 (easy APL − 1, average APL, challenging APL + 1, hard APL + 2, epic
//! APL + 3).
//!
//! - APL: the PCs' mean level rounded to the nearest whole number (halves up), plus 1 for six
//!   PCs or more, minus 1 for three or fewer (CRB — Step 1, Determine APL).
//! - CR of the group: the XP of each creature by its CR (CRB Table 12-2, Experience Point
//!   Awards: CR 1/8 = 50 XP, 1/3 = 135, 1 = 400, 5 = 1,600, …), summed; the encounter's CR is
//!   the highest CR whose XP fits in the total (CRB — Step 3, Build the Encounter: « add up the
//!   XP… and compare to the table »).
//!
//! [`Encounter`] is what the report header keeps for it: the party's side, its levels and the
//! foes' ratings. It exists only when one side holds every PC (`role: pc`) and only PCs, and
//! every combatant of the other sides has a `cr`; otherwise the report says nothing about
//! difficulty. Fractional CRs count as below 1 when compared with the APL.

use pf1e_engine::scenario::Scenario;
use serde::{Deserialize, Serialize};

/// CRB Table 12-2 (Experience Point Awards), the « Total XP » column: fractional CRs 1/8 to
/// 1/2, then CR 1 to 25.
const FRACTION_XP: [(u8, u64); 5] = [(8, 50), (6, 65), (4, 100), (3, 135), (2, 200)];
const WHOLE_XP: [u64; 25] = [
    400, 600, 800, 1_200, 1_600, 2_400, 3_200, 4_800, 6_400, 9_600, 12_800, 19_200, 25_600, 38_400,
    51_200, 76_800, 102_400, 153_600, 204_800, 307_200, 409_600, 614_400, 819_200, 1_228_800,
    1_638_400,
];

/// A challenge rating as a fraction (`1/3`) or a whole number (`den` = 1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Rating {
    pub num: u32,
    pub den: u32,
}

/// What the report keeps to estimate the encounter's CRB difficulty.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Encounter {
    /// The side made of the PCs.
    pub party_side: usize,
    /// The PCs' class levels.
    pub levels: Vec<u32>,
    /// The ratings of every combatant of the other sides.
    pub foes: Vec<Rating>,
}

/// The estimate: APL, the group's CR and Table 12-1's label.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Difficulty {
    pub apl: i64,
    pub xp: u64,
    /// The encounter's CR (`1/2`, `5`).
    pub cr: String,
    /// Table 12-1's label in French (`difficile`).
    pub label: String,
}

impl Encounter {
    /// The encounter of `scenario`, when its data allows the estimate.
    pub fn of(scenario: &Scenario) -> Option<Encounter> {
        let units = scenario.units();
        let party_side = units.iter().find(|u| u.combatant.is_pc())?.side;
        let mut levels = Vec::new();
        let mut foes = Vec::new();
        for u in units {
            if u.side == party_side {
                if !u.combatant.is_pc() {
                    return None;
                }
                levels.push(u.combatant.level());
            } else {
                let cr = u.combatant.cr()?;
                if u.combatant.is_pc() {
                    return None;
                }
                foes.push(Rating {
                    num: u32::from(cr.num()),
                    den: u32::from(cr.den()),
                });
            }
        }
        (!foes.is_empty()).then_some(Encounter {
            party_side,
            levels,
            foes,
        })
    }

    /// APL, CR and label (CRB Chapter 12, see the module header).
    pub fn difficulty(&self) -> Difficulty {
        let n = self.levels.len().max(1) as i64;
        let total: i64 = self.levels.iter().map(|&l| i64::from(l)).sum();
        let mut apl = (2 * total + n) / (2 * n); // nearest, halves up
        if self.levels.len() >= 6 {
            apl += 1;
        } else if self.levels.len() <= 3 {
            apl -= 1;
        }
        let xp: u64 = self.foes.iter().map(|&r| xp_of(r)).sum();
        let (cr, whole) = group_cr(xp);
        let label = match whole - apl {
            d if d <= -2 => "très facile (sous la table 12-1)",
            -1 => "facile",
            0 => "moyenne",
            1 => "exigeante",
            2 => "difficile",
            3 => "épique",
            _ => "au-delà d'épique (hors table 12-1)",
        };
        Difficulty {
            apl,
            xp,
            cr,
            label: label.to_string(),
        }
    }
}

/// Table 12-2's XP of one creature of rating `r` (a rating past 25 counts as 25).
fn xp_of(r: Rating) -> u64 {
    if r.den > 1 {
        FRACTION_XP
            .iter()
            .find(|&&(den, _)| u32::from(den) == r.den)
            .map_or(FRACTION_XP[0].1, |&(_, xp)| xp)
    } else {
        WHOLE_XP[(r.num.clamp(1, 25) - 1) as usize]
    }
}

/// The highest CR whose XP fits in `xp` (at least 1/8), as text and as a whole number compared
/// with the APL (0 for the fractions).
fn group_cr(xp: u64) -> (String, i64) {
    if let Some(k) = WHOLE_XP.iter().rposition(|&need| need <= xp) {
        return ((k + 1).to_string(), k as i64 + 1);
    }
    let den = FRACTION_XP
        .iter()
        .rev()
        .find(|&&(_, need)| need <= xp)
        .map_or(FRACTION_XP[0].0, |&(den, _)| den);
    (format!("1/{den}"), 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn encounter(levels: &[u32], foes: &[(u32, u32)]) -> Difficulty {
        Encounter {
            party_side: 0,
            levels: levels.to_vec(),
            foes: foes.iter().map(|&(num, den)| Rating { num, den }).collect(),
        }
        .difficulty()
    }

    #[test]
    fn four_pcs_against_one_creature_of_their_level_is_average() {
        let d = encounter(&[3, 3, 3, 3], &[(3, 1)]);
        assert_eq!(
            (d.apl, d.xp, d.cr.as_str(), d.label.as_str()),
            (3, 800, "3", "moyenne")
        );
    }

    #[test]
    fn the_group_cr_adds_the_xp_of_every_foe() {
        // Table 12-2: two CR 3 (800 XP each) = 1,600 XP = CR 5; against APL 3: hard.
        let d = encounter(&[3, 3, 3, 3], &[(3, 1), (3, 1)]);
        assert_eq!(
            (d.xp, d.cr.as_str(), d.label.as_str()),
            (1600, "5", "difficile")
        );
        // Three CR 1/3 orcs: 405 XP = CR 1.
        let d = encounter(&[1, 1, 1, 1], &[(1, 3), (1, 3), (1, 3)]);
        assert_eq!(
            (d.xp, d.cr.as_str(), d.label.as_str()),
            (405, "1", "moyenne")
        );
        let d = encounter(&[1, 1, 1, 1], &[(1, 3)]);
        assert_eq!((d.cr.as_str(), d.label.as_str()), ("1/3", "facile"));
    }

    #[test]
    fn the_apl_rounds_to_nearest_and_counts_the_party_size() {
        // 7, 6, 6, 5 → 6 (the CRB's example); 3 PCs → −1; 6 PCs → +1; 5.5 rounds up.
        assert_eq!(encounter(&[7, 6, 6, 5], &[(6, 1)]).apl, 6);
        assert_eq!(encounter(&[4, 4, 4], &[(1, 1)]).apl, 3);
        assert_eq!(encounter(&[2; 6], &[(1, 1)]).apl, 3);
        assert_eq!(encounter(&[5, 6, 5, 6], &[(1, 1)]).apl, 6);
        assert_eq!(
            encounter(&[1, 1, 1, 1], &[(8, 1)]).label,
            "au-delà d'épique (hors table 12-1)"
        );
        assert_eq!(encounter(&[4, 4, 4, 4], &[(7, 1)]).label, "épique");
    }
}
