//! The numbers a balance report shows, computed once from (header, merged [`Tally`]) so the
//! French text and the JSON always agree (the reference spec « Interpréter le
//! rapport »). This is where
//! integers become floats; nothing here formats text.
//!
//! Every rate and mean divides by the tally's fights; with no fight at all it is `None`
//! (rendered « — » in text, `null` in JSON) rather than NaN.

use pf1e_engine::tally::{Tally, UnitTally};

use crate::band::{Band, three_sigma};
use crate::header::{ReportHeader, ShapeMismatch};

/// One side's wins.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct SideFigures {
    pub wins: u64,
    /// wins / fights.
    pub rate: Option<f64>,
    /// The closed-form 3σ band of `rate`, bounded to [0, 1].
    pub band: Option<Band>,
}

/// One combatant's attrition: means per fight, and the share of fights it was downed or killed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct UnitFigures {
    pub hits: Option<f64>,
    pub crits: Option<f64>,
    pub damage_dealt: Option<f64>,
    pub damage_taken: Option<f64>,
    pub healing_done: Option<f64>,
    pub downed_rate: Option<f64>,
    pub killed_rate: Option<f64>,
}

/// Everything a report shows, sides and units in the header's order.
#[derive(Clone, Debug, PartialEq)]
pub struct Figures {
    pub fights: u64,
    pub sides: Vec<SideFigures>,
    pub draws: u64,
    pub draw_rate: Option<f64>,
    pub mean_rounds: Option<f64>,
    pub units: Vec<UnitFigures>,
}

/// `sum / count`, or `None` when `count` is 0.
pub fn ratio(sum: u64, count: u64) -> Option<f64> {
    (count > 0).then(|| sum as f64 / count as f64)
}

impl Figures {
    /// The report's numbers; refuses a tally shaped for another encounter.
    pub fn compute(header: &ReportHeader, tally: &Tally) -> Result<Figures, ShapeMismatch> {
        header.check(tally)?;
        let n = tally.fights;
        let sides = tally
            .wins
            .iter()
            .map(|&wins| SideFigures {
                wins,
                rate: ratio(wins, n),
                band: three_sigma(wins, n),
            })
            .collect();
        let units = tally.units.iter().map(|u| unit_figures(u, n)).collect();
        Ok(Figures {
            fights: n,
            sides,
            draws: tally.draws,
            draw_rate: ratio(tally.draws, n),
            mean_rounds: ratio(tally.rounds_sum, n),
            units,
        })
    }
}

fn unit_figures(u: &UnitTally, fights: u64) -> UnitFigures {
    UnitFigures {
        hits: ratio(u.hits, fights),
        crits: ratio(u.crits, fights),
        damage_dealt: ratio(u.damage_dealt, fights),
        damage_taken: ratio(u.damage_taken, fights),
        healing_done: ratio(u.healing_done, fights),
        downed_rate: ratio(u.downed, fights),
        killed_rate: ratio(u.killed, fights),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::header::{SideHeader, UnitHeader};

    fn header() -> ReportHeader {
        ReportHeader {
            map: "m".into(),
            sides: vec![SideHeader {
                name: "a".into(),
                combatants: 1,
            }],
            units: vec![UnitHeader {
                id: "x".into(),
                side: "a".into(),
            }],
            runs: 4,
            seed: 1,
            round_cap: 100,
            encounter: None,
            target_band: None,
        }
    }

    #[test]
    fn means_and_rates_divide_by_fights() {
        let mut t = Tally::empty(1, 1);
        t.fights = 4;
        t.wins = vec![3];
        t.draws = 1;
        t.rounds_sum = 10;
        t.units[0].hits = 6;
        t.units[0].killed = 1;
        let f = Figures::compute(&header(), &t).unwrap();
        assert_eq!(f.sides[0].rate, Some(0.75));
        assert_eq!(f.draw_rate, Some(0.25));
        assert_eq!(f.mean_rounds, Some(2.5));
        assert_eq!(f.units[0].hits, Some(1.5));
        assert_eq!(f.units[0].killed_rate, Some(0.25));
    }

    #[test]
    fn no_fight_gives_no_rate_and_a_wrong_shape_is_refused() {
        let f = Figures::compute(&header(), &Tally::empty(1, 1)).unwrap();
        assert_eq!((f.sides[0].rate, f.sides[0].band), (None, None));
        assert_eq!(f.mean_rounds, None);
        let e = Figures::compute(&header(), &Tally::empty(2, 1)).unwrap_err();
        assert_eq!((e.header_sides, e.tally_sides), (1, 2));
    }
}
