//! [`Tally`]: everything a batch of fights contributes to a report, as integers only. Merging
//! is field-wise addition — commutative, associative, with [`Tally::empty`] as identity — so
//! any split of the runs into shards, threads or machines renders the same report.
//!
//! Counters and how they overlap: `fights = sum(wins) + draws`; a combatant `downed` in a
//! fight (it stopped being able to act at least once: disabled does not count, dying,
//! unconscious or dead does) may also be `killed` (dead at the end of that fight); `hits`
//! includes `crits`; damage counts lethal hit points only (nonlethal never counts, seed 000
//! « Dégâts non-létaux »), as dealt after DR and resistances; `damage_taken` includes the
//! blow that killed, overkill included.

use thiserror::Error;

/// Per-combatant counters, summed over fights.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct UnitTally {
    /// Attacks that hit (critical hits included).
    pub hits: u64,
    /// Confirmed critical hits.
    pub crits: u64,
    /// Lethal damage dealt to enemies.
    pub damage_dealt: u64,
    /// Lethal damage received.
    pub damage_taken: u64,
    /// Hit points actually restored to others or self (overheal excluded).
    pub healing_done: u64,
    /// Fights in which the combatant was put out of action at least once.
    pub downed: u64,
    /// Fights that ended with the combatant dead.
    pub killed: u64,
}

impl UnitTally {
    pub fn add(&mut self, other: &UnitTally) {
        self.hits += other.hits;
        self.crits += other.crits;
        self.damage_dealt += other.damage_dealt;
        self.damage_taken += other.damage_taken;
        self.healing_done += other.healing_done;
        self.downed += other.downed;
        self.killed += other.killed;
    }
}

/// The integer outcome of a batch of fights of one scenario.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
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

/// Two tallies of different shapes cannot be merged: they come from different scenarios.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "cannot merge tallies of different scenarios: {sides_a} sides and {units_a} combatants vs {sides_b} sides and {units_b} combatants"
)]
pub struct TallyMismatch {
    pub sides_a: usize,
    pub units_a: usize,
    pub sides_b: usize,
    pub units_b: usize,
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

    /// Adds `other` into `self`, field by field.
    pub fn merge(&mut self, other: &Tally) -> Result<(), TallyMismatch> {
        if self.wins.len() != other.wins.len() || self.units.len() != other.units.len() {
            return Err(TallyMismatch {
                sides_a: self.wins.len(),
                units_a: self.units.len(),
                sides_b: other.wins.len(),
                units_b: other.units.len(),
            });
        }
        self.fights += other.fights;
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        self.draws += other.draws;
        self.rounds_sum += other.rounds_sum;
        self.rounds_sq_sum += other.rounds_sq_sum;
        for (a, b) in self.units.iter_mut().zip(&other.units) {
            a.add(b);
        }
        Ok(())
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
        assert_eq!(e.sides_b, 3);
    }
}
