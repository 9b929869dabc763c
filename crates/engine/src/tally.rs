//! [`Tally`]: everything a batch of fights contributes to a report, as integers only. Merging
//! is field-wise addition — commutative, associative, with [`Tally::empty`] as identity — so
//! any split of the runs into shards, threads or machines renders the same report.
//!
//! Counters and how they overlap: `fights = sum(wins) + draws`; a combatant `downed` in a
//! fight (it stopped being able to act at least once: disabled does not count, dying,
//! unconscious or dead does) may also be `killed` (dead at the end of that fight); `hits`
//! includes `crits`; damage counts lethal hit points only (nonlethal never counts, the
//! reference spec « Dégâts non-létaux »), as dealt after DR and resistances; `damage_taken`
//! includes the blow that killed, overkill included; spell damage counts as dealt only when it
//! lands on an enemy. `healing_done` counts hit points actually restored by the combatant's
//! spells (overheal excluded). A summoned creature is not a row: its hits, critical hits,
//! damage dealt and healing are credited to its summoner's row (what it takes is not
//! counted).
//!
//! Both types derive serde with these exact field names: the JSON report, the tally files of
//! slices, the coordinator's journal and the sweep cache all store a tally as this JSON. A
//! tally that comes from outside (a worker, a file) is [`Tally::check`]ed before it is merged,
//! and [`Tally::merge`] refuses to wrap: an overflow is an error.

use serde::{Deserialize, Serialize};
use thiserror::Error;

/// Per-combatant counters, summed over fights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct UnitTally {
    /// Attacks that hit (critical hits included).
    pub hits: u64,
    /// Confirmed critical hits.
    pub crits: u64,
    /// Lethal damage dealt to enemies.
    pub damage_dealt: u64,
    /// Lethal damage received.
    pub damage_taken: u64,
    /// Hit points actually restored to others or self by its spells (overheal excluded).
    pub healing_done: u64,
    /// Fights in which the combatant was put out of action at least once.
    pub downed: u64,
    /// Fights that ended with the combatant dead.
    pub killed: u64,
}

impl UnitTally {
    /// Adds one fight's counters (the engine's own bookkeeping: a fight cannot overflow).
    /// Written without `..`, so a new counter cannot be left out.
    pub fn add(&mut self, other: &UnitTally) {
        let UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
        } = *other;
        self.hits += hits;
        self.crits += crits;
        self.damage_dealt += damage_dealt;
        self.damage_taken += damage_taken;
        self.healing_done += healing_done;
        self.downed += downed;
        self.killed += killed;
    }

    /// Every counter with its name, in declaration order. Written without `..`: a new counter
    /// must be listed here, and then checked merging and digests count it.
    pub fn counters(&self) -> [(&'static str, u64); 7] {
        let UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
        } = *self;
        [
            ("hits", hits),
            ("crits", crits),
            ("damage_dealt", damage_dealt),
            ("damage_taken", damage_taken),
            ("healing_done", healing_done),
            ("downed", downed),
            ("killed", killed),
        ]
    }

    /// `self + other`, counter by counter, or the first counter that overflows.
    fn checked_add(&self, other: &UnitTally) -> Result<UnitTally, TallyError> {
        for ((counter, a), (_, b)) in self.counters().into_iter().zip(other.counters()) {
            sum(a, b, counter)?;
        }
        let mut total = *self;
        total.add(other);
        Ok(total)
    }
}

/// The integer outcome of a batch of fights of one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Tally {
    pub fights: u64,
    /// Wins per side, in the scenario's side order.
    pub wins: Vec<u64>,
    /// Fights that reached the round cap, or where every side fell at once.
    pub draws: u64,
    /// Sum of the rounds played per fight.
    pub rounds_sum: u64,
    /// Sum of the squares of the rounds played per fight (for the spread of fight length).
    pub rounds_sq_sum: u64,
    /// Per combatant, in the scenario's unit order.
    pub units: Vec<UnitTally>,
}

/// Why two tallies cannot be merged, or a tally does not hold together.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TallyError {
    /// The tallies come from different scenarios (or a tally does not fit its scenario).
    #[error(
        "cannot merge tallies of different scenarios: {sides_a} sides and {units_a} combatants vs {sides_b} sides and {units_b} combatants"
    )]
    Shape {
        sides_a: usize,
        units_a: usize,
        sides_b: usize,
        units_b: usize,
    },
    /// A counter of the sum would exceed 2^64 − 1.
    #[error("the merged tally overflows: `{counter}` exceeds {}", u64::MAX)]
    Overflow { counter: &'static str },
    /// The counters contradict each other (a corrupted or forged tally).
    #[error("the tally does not hold together: {reason}")]
    Inconsistent { reason: String },
}

fn sum(a: u64, b: u64, counter: &'static str) -> Result<u64, TallyError> {
    a.checked_add(b).ok_or(TallyError::Overflow { counter })
}

impl Tally {
    /// The identity of merging, for a scenario of `sides` sides and `units` combatants.
    pub fn empty(sides: usize, units: usize) -> Self {
        Self {
            fights: 0,
            wins: vec![0; sides],
            draws: 0,
            rounds_sum: 0,
            rounds_sq_sum: 0,
            units: vec![UnitTally::default(); units],
        }
    }

    /// Adds `other` into `self`, field by field. Refuses a tally of another shape and any
    /// overflow; on error `self` is unchanged.
    pub fn merge(&mut self, other: &Tally) -> Result<(), TallyError> {
        self.same_shape(other.wins.len(), other.units.len())?;
        let Tally {
            fights,
            wins,
            draws,
            rounds_sum,
            rounds_sq_sum,
            units,
        } = other;
        let merged = Tally {
            fights: sum(self.fights, *fights, "fights")?,
            wins: self
                .wins
                .iter()
                .zip(wins)
                .map(|(a, b)| sum(*a, *b, "wins"))
                .collect::<Result<_, _>>()?,
            draws: sum(self.draws, *draws, "draws")?,
            rounds_sum: sum(self.rounds_sum, *rounds_sum, "rounds_sum")?,
            rounds_sq_sum: sum(self.rounds_sq_sum, *rounds_sq_sum, "rounds_sq_sum")?,
            units: self
                .units
                .iter()
                .zip(units)
                .map(|(a, b)| a.checked_add(b))
                .collect::<Result<_, _>>()?,
        };
        *self = merged;
        Ok(())
    }

    /// Checks a tally that comes from outside (a worker's answer, a file) before it is merged:
    /// the shape of a scenario of `sides` sides and `units` combatants, `fights = Σ wins +
    /// draws`, and per combatant `crits ≤ hits`, `downed ≤ fights`, `killed ≤ fights`.
    pub fn check(&self, sides: usize, units: usize) -> Result<(), TallyError> {
        let shape = Tally::empty(sides, units);
        shape.same_shape(self.wins.len(), self.units.len())?;
        let inconsistent = |reason: String| Err(TallyError::Inconsistent { reason });
        let decided = self
            .wins
            .iter()
            .try_fold(self.draws, |a, &w| a.checked_add(w));
        if decided != Some(self.fights) {
            return inconsistent(format!(
                "{} fights, but the wins and draws add up to {}",
                self.fights,
                decided.map_or_else(|| "more than 2^64".to_string(), |d| d.to_string())
            ));
        }
        for (i, u) in self.units.iter().enumerate() {
            if u.crits > u.hits {
                return inconsistent(format!(
                    "combatant {i} has {} critical hits among {} hits",
                    u.crits, u.hits
                ));
            }
            if u.downed > self.fights || u.killed > self.fights {
                return inconsistent(format!(
                    "combatant {i} is downed {} times and killed {} times in {} fights",
                    u.downed, u.killed, self.fights
                ));
            }
        }
        Ok(())
    }

    /// Checks the round counters of a tally from outside against the scenario's `round_cap`:
    /// a fight lasts at most `round_cap` rounds, so `rounds_sum ≤ fights × round_cap` and
    /// `rounds_sq_sum ≤ fights × round_cap²`; and for any whole numbers r ≥ 0, `Σ r ≤ Σ r²`
    /// and `(Σ r)² ≤ fights × Σ r²` (Cauchy–Schwarz). Hits and damage have no honest bound per
    /// fight (a fight may last the whole cap); merging them is checked against overflow.
    pub fn check_rounds(&self, round_cap: u32) -> Result<(), TallyError> {
        let (fights, sum, sq) = (
            u128::from(self.fights),
            u128::from(self.rounds_sum),
            u128::from(self.rounds_sq_sum),
        );
        let cap = u128::from(round_cap);
        let reason = if sum > fights * cap {
            format!(
                "{} rounds in {} fights of at most {round_cap} rounds",
                self.rounds_sum, self.fights
            )
        } else if sq > fights * cap * cap || sq < sum || sum * sum > fights * sq {
            format!(
                "the squared rounds ({}) do not fit {} rounds in {} fights of at most {round_cap}",
                self.rounds_sq_sum, self.rounds_sum, self.fights
            )
        } else {
            return Ok(());
        };
        Err(TallyError::Inconsistent { reason })
    }

    fn same_shape(&self, sides: usize, units: usize) -> Result<(), TallyError> {
        if self.wins.len() == sides && self.units.len() == units {
            return Ok(());
        }
        Err(TallyError::Shape {
            sides_a: self.wins.len(),
            units_a: self.units.len(),
            sides_b: sides,
            units_b: units,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample(k: u64) -> Tally {
        let mut t = Tally::empty(2, 1);
        t.fights = 3 * k;
        t.wins = vec![k, 2 * k];
        t.rounds_sum = 7 * k;
        t.rounds_sq_sum = 19 * k;
        t.units[0].hits = 5 * k;
        t.units[0].killed = k;
        t
    }

    #[test]
    fn merge_is_addition_with_an_identity() {
        let mut a = Tally::empty(2, 1);
        a.merge(&sample(1)).unwrap();
        a.merge(&sample(2)).unwrap();
        let mut b = sample(2);
        b.merge(&sample(1)).unwrap();
        assert_eq!(a, b);
        assert_eq!(a, sample(3));
    }

    #[test]
    fn merging_different_shapes_is_refused() {
        let mut a = Tally::empty(2, 1);
        let e = a.merge(&Tally::empty(3, 1)).unwrap_err();
        assert!(matches!(e, TallyError::Shape { sides_b: 3, .. }), "{e}");
    }

    #[test]
    fn an_overflow_is_an_error_and_leaves_the_tally_unchanged() {
        let mut a = sample(1);
        let mut huge = Tally::empty(2, 1);
        huge.units[0].damage_taken = u64::MAX;
        a.units[0].damage_taken = 1;
        let before = a.clone();
        let e = a.merge(&huge).unwrap_err();
        assert_eq!(
            e,
            TallyError::Overflow {
                counter: "damage_taken"
            }
        );
        assert_eq!(a, before);
    }

    #[test]
    fn check_refuses_counters_that_contradict_each_other() {
        assert_eq!(sample(2).check(2, 1), Ok(()));
        assert!(matches!(
            sample(2).check(2, 2),
            Err(TallyError::Shape { .. })
        ));
        let mut t = sample(2);
        t.draws += 1;
        let e = t.check(2, 1).unwrap_err().to_string();
        assert!(
            e.contains("6 fights, but the wins and draws add up to 7"),
            "{e}"
        );
        let mut t = sample(1);
        t.units[0].crits = 6;
        assert!(t.check(2, 1).is_err());
        let mut t = sample(1);
        t.units[0].downed = 4;
        assert!(t.check(2, 1).is_err());
        let mut t = sample(1);
        t.wins = vec![u64::MAX, 1];
        assert!(t.check(2, 1).is_err());
    }

    #[test]
    fn check_rounds_refuses_more_rounds_than_the_cap_allows() {
        // sample(1): 3 fights, 7 rounds, 19 squared (e.g. 1, 3, 3).
        assert_eq!(sample(1).check_rounds(3), Ok(()));
        let e = sample(1).check_rounds(2).unwrap_err().to_string();
        assert!(
            e.contains("7 rounds in 3 fights of at most 2 rounds"),
            "{e}"
        );
        let mut t = sample(1);
        t.rounds_sq_sum = 6; // below the rounds themselves
        assert!(t.check_rounds(100).is_err());
        t.rounds_sq_sum = 16; // 7² = 49 > 3 × 16: no three whole numbers do that
        assert!(t.check_rounds(100).is_err());
        let mut t = sample(1);
        t.rounds_sum = u64::MAX;
        t.rounds_sq_sum = u64::MAX;
        assert!(t.check_rounds(u32::MAX).is_err());
        assert_eq!(Tally::empty(2, 1).check_rounds(1), Ok(()));
    }

    #[test]
    fn serde_keeps_the_field_names_and_refuses_unknown_ones() {
        let json = serde_json::to_string(&sample(1)).unwrap();
        assert_eq!(
            json,
            "{\"fights\":3,\"wins\":[1,2],\"draws\":0,\"rounds_sum\":7,\"rounds_sq_sum\":19,\
             \"units\":[{\"hits\":5,\"crits\":0,\"damage_dealt\":0,\"damage_taken\":0,\
             \"healing_done\":0,\"downed\":0,\"killed\":1}]}"
        );
        assert_eq!(serde_json::from_str::<Tally>(&json).unwrap(), sample(1));
        let extra = json.replacen("\"draws\"", "\"spells\":1,\"draws\"", 1);
        assert!(serde_json::from_str::<Tally>(&extra).is_err());
    }
}
