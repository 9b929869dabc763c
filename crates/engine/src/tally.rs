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
//! counted). `turns` counts the turns in which its policy chose its actions (not a turn lost
//! to a condition, confusion or being down).
//!
//! Distributions, as histograms of fights (each sums to `fights` unless said otherwise):
//! `rounds_hist[r]` fights that lasted r rounds (the last bucket: [`ROUND_BUCKETS`] − 1 rounds
//! or more); `first_down[r]` fights whose first downing (any combatant) came in round r, same
//! buckets (fights without a downing are in no bucket); `survivors[s × SURVIVOR_BUCKETS + k]`
//! fights that side s ended with k combatants still able to act (the last bucket: that many or
//! more; summoned creatures are not counted); `hp_left[u × HP_BUCKETS + b]` fights combatant u
//! ended in hit-point bucket b ([`hp_bucket`]: dead, 0 hp or less, then quarters of its full
//! hit points). [`FirstRuns`] is the one part that is not a sum: the first run (lowest run
//! index) of each ending and the longest fight, merged by minimum and maximum — as
//! commutative and associative as addition, with the same identity.
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
    /// Turns in which its policy chose its actions.
    pub turns: u64,
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
            turns,
        } = *other;
        self.hits += hits;
        self.crits += crits;
        self.damage_dealt += damage_dealt;
        self.damage_taken += damage_taken;
        self.healing_done += healing_done;
        self.downed += downed;
        self.killed += killed;
        self.turns += turns;
    }

    /// Every counter with its name, in declaration order. Written without `..`: a new counter
    /// must be listed here, and then checked merging and digests count it.
    pub fn counters(&self) -> [(&'static str, u64); 8] {
        let UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
            turns,
        } = *self;
        [
            ("hits", hits),
            ("crits", crits),
            ("damage_dealt", damage_dealt),
            ("damage_taken", damage_taken),
            ("healing_done", healing_done),
            ("downed", downed),
            ("killed", killed),
            ("turns", turns),
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

/// Buckets of [`Tally::rounds_hist`] and [`Tally::first_down`]: rounds 0 (a fight decided in
/// the surprise round) to 29 one by one, then 30 or more.
pub const ROUND_BUCKETS: usize = 31;
/// Buckets per side of [`Tally::survivors`]: 0 to 9 combatants standing, then 10 or more.
pub const SURVIVOR_BUCKETS: usize = 11;
/// Buckets per combatant of [`Tally::hp_left`] ([`hp_bucket`]).
pub const HP_BUCKETS: usize = 6;
/// The names of the [`HP_BUCKETS`] buckets, in order.
pub const HP_BUCKET_NAMES: [&str; HP_BUCKETS] = [
    "dead", "hp <= 0", "1-25 %", "26-50 %", "51-75 %", "76-100 %",
];

/// The bucket of a fight of `rounds` rounds (or a downing in round `rounds`).
pub fn round_bucket(rounds: u32) -> usize {
    (rounds as usize).min(ROUND_BUCKETS - 1)
}

/// The bucket of a combatant that ends a fight with `hp` of its `hp_max` hit points: 0 dead,
/// 1 alive at 0 hp or less, then 2 to 5 for up to a quarter, a half, three quarters and all of
/// its full hit points (more than full, from temporary effects, is 5).
pub fn hp_bucket(hp: i32, hp_max: i32, dead: bool) -> usize {
    if dead {
        0
    } else if hp <= 0 {
        1
    } else {
        // ceil(4 hp / max) in 1..=4, in integers.
        let quarters =
            (4 * i64::from(hp) + i64::from(hp_max.max(1)) - 1) / i64::from(hp_max.max(1));
        1 + quarters.clamp(1, 4) as usize
    }
}

/// The first run of each ending and the longest fight: which run `--transcript-pick` replays,
/// without a second pass over the fights. Merged by minimum (first runs) and maximum (longest,
/// ties to the lower run), so any split of the runs gives the same record.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FirstRuns {
    /// Per side, the first run it won.
    pub win: Vec<Option<u64>>,
    /// The first draw.
    pub draw: Option<u64>,
    /// The longest fight: its run and rounds (the lowest run among equals).
    pub longest: Option<Longest>,
}

/// A run and how many rounds it lasted.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Longest {
    pub run: u64,
    pub rounds: u32,
}

impl FirstRuns {
    fn empty(sides: usize) -> Self {
        Self {
            win: vec![None; sides],
            draw: None,
            longest: None,
        }
    }

    /// Notes run `run`, won by `winner` (`None`: a draw) in `rounds` rounds. Runs may come in
    /// any order.
    pub fn note(&mut self, run: u64, winner: Option<usize>, rounds: u32) {
        let slot = match winner {
            Some(side) => &mut self.win[side],
            None => &mut self.draw,
        };
        *slot = Some(slot.map_or(run, |r| r.min(run)));
        self.longest = longer(self.longest, Some(Longest { run, rounds }));
    }

    fn merged(&self, other: &FirstRuns) -> FirstRuns {
        let first = |a: Option<u64>, b: Option<u64>| match (a, b) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        FirstRuns {
            win: (self.win.iter().zip(&other.win))
                .map(|(&a, &b)| first(a, b))
                .collect(),
            draw: first(self.draw, other.draw),
            longest: longer(self.longest, other.longest),
        }
    }
}

/// The longer of two fights; the lower run among equals.
fn longer(a: Option<Longest>, b: Option<Longest>) -> Option<Longest> {
    match (a, b) {
        (Some(a), Some(b)) => Some(
            if (b.rounds, std::cmp::Reverse(b.run)) > (a.rounds, std::cmp::Reverse(a.run)) {
                b
            } else {
                a
            },
        ),
        (a, b) => a.or(b),
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
    /// The draws at the round cap (someone still standing): `capped ≤ draws`.
    pub capped: u64,
    /// Sum of the rounds played per fight.
    pub rounds_sum: u64,
    /// Sum of the squares of the rounds played per fight (for the spread of fight length).
    pub rounds_sq_sum: u64,
    /// Per combatant, in the scenario's unit order.
    pub units: Vec<UnitTally>,
    /// Fights per length in rounds ([`ROUND_BUCKETS`] buckets).
    pub rounds_hist: Vec<u64>,
    /// Fights per round of their first downing ([`ROUND_BUCKETS`] buckets).
    pub first_down: Vec<u64>,
    /// Per side, fights per number of its combatants standing at the end ([`SURVIVOR_BUCKETS`]
    /// buckets a side, side after side).
    pub survivors: Vec<u64>,
    /// Per combatant, fights per hit points left at the end ([`HP_BUCKETS`] buckets a
    /// combatant, combatant after combatant).
    pub hp_left: Vec<u64>,
    /// The first run of each ending and the longest fight.
    pub firsts: FirstRuns,
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
            capped: 0,
            rounds_sum: 0,
            rounds_sq_sum: 0,
            units: vec![UnitTally::default(); units],
            rounds_hist: vec![0; ROUND_BUCKETS],
            first_down: vec![0; ROUND_BUCKETS],
            survivors: vec![0; sides * SURVIVOR_BUCKETS],
            hp_left: vec![0; units * HP_BUCKETS],
            firsts: FirstRuns::empty(sides),
        }
    }

    /// Adds run `run`, known only by its ending — `winner` (`None`: a draw) after `rounds`
    /// rounds — as a fight where nobody was hurt: every combatant ends unhurt, and each side
    /// ends with one combatant standing if it won, none otherwise. For test doubles that need
    /// a tally that holds together ([`Tally::check`]).
    pub fn add_plain_fight(&mut self, run: u64, winner: Option<usize>, rounds: u32) {
        self.fights += 1;
        match winner {
            Some(side) => self.wins[side] += 1,
            None => self.draws += 1,
        }
        let r = u64::from(rounds);
        self.rounds_sum += r;
        self.rounds_sq_sum += r * r;
        self.rounds_hist[round_bucket(rounds)] += 1;
        for side in 0..self.wins.len() {
            self.survivors[side * SURVIVOR_BUCKETS + usize::from(winner == Some(side))] += 1;
        }
        for u in 0..self.units.len() {
            self.hp_left[u * HP_BUCKETS + HP_BUCKETS - 1] += 1;
        }
        self.note_run(run, winner, rounds);
    }

    /// Notes that run `run` ended with `winner` after `rounds` rounds (the batch loop, which
    /// alone knows run indices; [`FirstRuns`]).
    pub fn note_run(&mut self, run: u64, winner: Option<usize>, rounds: u32) {
        self.firsts.note(run, winner, rounds);
    }

    /// Adds `other` into `self`, field by field. Refuses a tally of another shape and any
    /// overflow; on error `self` is unchanged.
    pub fn merge(&mut self, other: &Tally) -> Result<(), TallyError> {
        self.same_shape(other.wins.len(), other.units.len())?;
        other.same_lengths()?;
        let Tally {
            fights,
            wins,
            draws,
            capped,
            rounds_sum,
            rounds_sq_sum,
            units,
            rounds_hist,
            first_down,
            survivors,
            hp_left,
            firsts,
        } = other;
        let add = |a: &[u64], b: &[u64], counter| -> Result<Vec<u64>, TallyError> {
            a.iter().zip(b).map(|(a, b)| sum(*a, *b, counter)).collect()
        };
        let merged = Tally {
            fights: sum(self.fights, *fights, "fights")?,
            wins: add(&self.wins, wins, "wins")?,
            draws: sum(self.draws, *draws, "draws")?,
            capped: sum(self.capped, *capped, "capped")?,
            rounds_sum: sum(self.rounds_sum, *rounds_sum, "rounds_sum")?,
            rounds_sq_sum: sum(self.rounds_sq_sum, *rounds_sq_sum, "rounds_sq_sum")?,
            units: self
                .units
                .iter()
                .zip(units)
                .map(|(a, b)| a.checked_add(b))
                .collect::<Result<_, _>>()?,
            rounds_hist: add(&self.rounds_hist, rounds_hist, "rounds_hist")?,
            first_down: add(&self.first_down, first_down, "first_down")?,
            survivors: add(&self.survivors, survivors, "survivors")?,
            hp_left: add(&self.hp_left, hp_left, "hp_left")?,
            firsts: self.firsts.merged(firsts),
        };
        *self = merged;
        Ok(())
    }

    /// Checks a tally that comes from outside (a worker's answer, a file) before it is merged:
    /// the shape of a scenario of `sides` sides and `units` combatants, `fights = Σ wins +
    /// draws`, per combatant `crits ≤ hits`, `downed ≤ fights`, `killed ≤ fights`, and the
    /// distributions ([`Tally::check_distributions`]).
    pub fn check(&self, sides: usize, units: usize) -> Result<(), TallyError> {
        let shape = Tally::empty(sides, units);
        shape.same_shape(self.wins.len(), self.units.len())?;
        self.same_lengths()?;
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
        self.check_distributions()
    }

    /// The histograms against the counters: `rounds_hist`, each side's `survivors` and each
    /// combatant's `hp_left` sum to `fights`, `first_down` to at most `fights`; a side has
    /// someone standing in every fight it won; a combatant's `dead` bucket is its `killed`; its
    /// turns are at most one a round (`rounds_sum + fights`, the surprise round included); and
    /// the first runs are there exactly for the endings that happened.
    fn check_distributions(&self) -> Result<(), TallyError> {
        let inconsistent = |reason: String| Err(TallyError::Inconsistent { reason });
        let total = |counts: &[u64]| {
            counts
                .iter()
                .try_fold(0u64, |a, &c| a.checked_add(c))
                .unwrap_or(u64::MAX)
        };
        let fights = self.fights;
        if self.capped > self.draws {
            return inconsistent(format!(
                "{} draws at the round cap among {} draws",
                self.capped, self.draws
            ));
        }
        if total(&self.rounds_hist) != fights {
            return inconsistent(format!(
                "{fights} fights, but the rounds histogram holds {}",
                total(&self.rounds_hist)
            ));
        }
        if total(&self.first_down) > fights {
            return inconsistent(format!(
                "{} first downings in {fights} fights",
                total(&self.first_down)
            ));
        }
        for (s, counts) in self.survivors.chunks(SURVIVOR_BUCKETS).enumerate() {
            if total(counts) != fights || total(&counts[1..]) < self.wins[s] {
                return inconsistent(format!(
                    "side {s}'s survivors ({:?}) do not fit {fights} fights and {} wins",
                    counts, self.wins[s]
                ));
            }
        }
        let turns_cap = u128::from(self.rounds_sum) + u128::from(fights);
        for (i, (u, counts)) in self
            .units
            .iter()
            .zip(self.hp_left.chunks(HP_BUCKETS))
            .enumerate()
        {
            if total(counts) != fights || counts[0] != u.killed {
                return inconsistent(format!(
                    "combatant {i}'s hit points left ({counts:?}) do not fit {fights} fights and {} deaths",
                    u.killed
                ));
            }
            if u128::from(u.turns) > turns_cap {
                return inconsistent(format!(
                    "combatant {i} took {} turns in {fights} fights of {} rounds",
                    u.turns, self.rounds_sum
                ));
            }
        }
        let FirstRuns { win, draw, longest } = &self.firsts;
        let seen = win
            .iter()
            .zip(&self.wins)
            .chain([(draw, &self.draws)])
            .all(|(first, &count)| first.is_some() == (count > 0));
        if !seen || longest.is_some() != (fights > 0) {
            return inconsistent("the first runs do not match the endings counted".to_string());
        }
        if let Some(l) = longest {
            let b = round_bucket(l.rounds);
            if self.rounds_hist[b] == 0 || self.rounds_hist[b + 1..].iter().any(|&c| c > 0) {
                return inconsistent(format!(
                    "the longest fight lasts {} rounds, but the rounds histogram says otherwise",
                    l.rounds
                ));
            }
        }
        Ok(())
    }

    /// The distributions have the lengths of this tally's sides and combatants.
    fn same_lengths(&self) -> Result<(), TallyError> {
        let (sides, units) = (self.wins.len(), self.units.len());
        let fits = self.rounds_hist.len() == ROUND_BUCKETS
            && self.first_down.len() == ROUND_BUCKETS
            && self.survivors.len() == sides * SURVIVOR_BUCKETS
            && self.hp_left.len() == units * HP_BUCKETS
            && self.firsts.win.len() == sides;
        if fits {
            return Ok(());
        }
        Err(TallyError::Inconsistent {
            reason: format!(
                "the distributions are not those of {sides} sides and {units} combatants \
                 ({} and {} round buckets, {} survivor buckets, {} hit-point buckets, {} first wins)",
                self.rounds_hist.len(),
                self.first_down.len(),
                self.survivors.len(),
                self.hp_left.len(),
                self.firsts.win.len()
            ),
        })
    }

    /// Checks the round counters of a tally from outside against the scenario's `round_cap`:
    /// a fight lasts at most `round_cap` rounds, so `rounds_sum ≤ fights × round_cap` and
    /// `rounds_sq_sum ≤ fights × round_cap²`; and for any whole numbers r ≥ 0, `Σ r ≤ Σ r²`
    /// and `(Σ r)² ≤ fights × Σ r²` (Cauchy–Schwarz). Hits and damage have no honest bound per
    /// fight (a fight may last the whole cap); merging them is checked against overflow. A
    /// tally whose distributions have the wrong lengths is refused, not read past its end.
    pub fn check_rounds(&self, round_cap: u32) -> Result<(), TallyError> {
        self.same_lengths()?;
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
        } else if let Some(reason) = self.histogram_rounds(round_cap) {
            reason
        } else {
            return Ok(());
        };
        Err(TallyError::Inconsistent { reason })
    }

    /// Why the round histograms do not fit `rounds_sum` and the cap: no bucket past the cap,
    /// and `rounds_sum` between the histogram's least and most (its last bucket holds fights
    /// of [`ROUND_BUCKETS`] − 1 rounds up to the cap); `None` when they fit.
    fn histogram_rounds(&self, round_cap: u32) -> Option<String> {
        let past_cap = |h: &[u64]| h.iter().skip(round_bucket(round_cap) + 1).any(|&c| c > 0);
        if past_cap(&self.rounds_hist) || past_cap(&self.first_down) {
            return Some(format!(
                "a round histogram goes past the cap of {round_cap} rounds"
            ));
        }
        let last = ROUND_BUCKETS - 1;
        let least: u128 = (self.rounds_hist.iter().enumerate())
            .map(|(r, &c)| r as u128 * u128::from(c))
            .sum();
        let most = least - last as u128 * u128::from(self.rounds_hist[last])
            + u128::from(round_cap).max(last as u128) * u128::from(self.rounds_hist[last]);
        let sum = u128::from(self.rounds_sum);
        (sum < least || sum > most).then(|| {
            format!(
                "{} rounds do not fit the rounds histogram (between {least} and {most})",
                self.rounds_sum
            )
        })
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

    /// 3k fights of 1, 3 and 3 rounds: side 0 wins k with its one combatant standing, side 1
    /// wins 2k; the combatant dies in k of them.
    fn sample(k: u64) -> Tally {
        let mut t = Tally::empty(2, 1);
        t.fights = 3 * k;
        t.wins = vec![k, 2 * k];
        t.rounds_sum = 7 * k;
        t.rounds_sq_sum = 19 * k;
        t.units[0].hits = 5 * k;
        t.units[0].killed = k;
        t.units[0].turns = 7 * k;
        t.rounds_hist[1] = k;
        t.rounds_hist[3] = 2 * k;
        t.survivors[1] = k;
        t.survivors[0] = 2 * k;
        t.survivors[SURVIVOR_BUCKETS + 1] = 2 * k;
        t.survivors[SURVIVOR_BUCKETS] = k;
        t.hp_left[0] = k;
        t.hp_left[5] = 2 * k;
        t.firsts.win = vec![Some(0), Some(1)];
        t.firsts.longest = Some(Longest { run: 1, rounds: 3 });
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
    fn check_refuses_distributions_that_contradict_the_counters() {
        let broken: [fn(&mut Tally); 10] = [
            |t| t.rounds_hist[2] += 1,
            |t| t.first_down[1] += 4,
            |t| {
                // side 0 won a fight with nobody standing
                t.survivors[0] += 1;
                t.survivors[1] -= 1;
            },
            |t| t.hp_left.swap(0, 5),
            |t| t.units[0].turns = 11,
            |t| t.firsts.draw = Some(4),
            |t| t.firsts.longest = None,
            |t| t.firsts.longest = Some(Longest { run: 1, rounds: 2 }),
            |t| t.hp_left.pop().map_or((), drop),
            |t| t.capped = 1,
        ];
        for (n, breaks) in broken.iter().enumerate() {
            let mut t = sample(1);
            breaks(&mut t);
            assert!(t.check(2, 1).is_err(), "case {n}");
        }
        let mut plain = Tally::empty(2, 1);
        for run in [4, 2, 9] {
            plain.add_plain_fight(run, (run < 9).then_some((run % 2) as usize), 3);
        }
        assert_eq!(
            plain.check(2, 1).and_then(|()| plain.check_rounds(3)),
            Ok(())
        );
        assert_eq!(plain.firsts.win, [Some(2), None]);
        let mut short = sample(1);
        short.rounds_hist.pop();
        assert!(Tally::empty(2, 1).merge(&short).is_err());
    }

    #[test]
    fn check_rounds_refuses_a_tally_without_its_distributions() {
        let mut t = Tally::empty(2, 1);
        t.rounds_hist.clear();
        assert!(t.check_rounds(100).is_err());
        let wire_default = Tally {
            units: Vec::new(),
            wins: Vec::new(),
            ..t
        };
        assert!(wire_default.check_rounds(100).is_err());
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
        let mut t = sample(1);
        t.rounds_sum = 8; // 1, 3, 3 is what the histogram says
        t.rounds_sq_sum = 24;
        assert!(t.check_rounds(100).is_err(), "{t:?}");
        let mut long = Tally::empty(1, 0);
        long.fights = 2;
        long.wins = vec![2];
        long.rounds_hist[ROUND_BUCKETS - 1] = 2;
        long.rounds_sum = 80; // 40 rounds each: fits the last bucket under a cap of 50
        long.rounds_sq_sum = 3200;
        assert_eq!(long.check_rounds(50), Ok(()));
        assert!(long.check_rounds(35).is_err());
    }

    #[test]
    fn serde_keeps_the_field_names_and_refuses_unknown_ones() {
        let json = serde_json::to_string(&sample(1)).unwrap();
        let zeros = |n: usize| vec!["0"; n].join(",");
        assert_eq!(
            json,
            format!(
                "{{\"fights\":3,\"wins\":[1,2],\"draws\":0,\"capped\":0,\"rounds_sum\":7,\"rounds_sq_sum\":19,\
                 \"units\":[{{\"hits\":5,\"crits\":0,\"damage_dealt\":0,\"damage_taken\":0,\
                 \"healing_done\":0,\"downed\":0,\"killed\":1,\"turns\":7}}],\
                 \"rounds_hist\":[0,1,0,2,{}],\"first_down\":[{}],\
                 \"survivors\":[2,1,{},1,2,{}],\"hp_left\":[1,0,0,0,0,2],\
                 \"firsts\":{{\"win\":[0,1],\"draw\":null,\"longest\":{{\"run\":1,\"rounds\":3}}}}}}",
                zeros(ROUND_BUCKETS - 4),
                zeros(ROUND_BUCKETS),
                zeros(SURVIVOR_BUCKETS - 2),
                zeros(SURVIVOR_BUCKETS - 2)
            )
        );
        assert_eq!(serde_json::from_str::<Tally>(&json).unwrap(), sample(1));
        let extra = json.replacen("\"draws\"", "\"spells\":1,\"draws\"", 1);
        assert!(serde_json::from_str::<Tally>(&extra).is_err());
    }
}

#[cfg(test)]
mod distribution_tests {
    use super::*;

    #[test]
    fn hit_points_left_fall_in_quarters_of_the_full_hit_points() {
        let buckets: Vec<usize> = [(-3, false), (0, false), (1, false), (3, false), (5, false)]
            .iter()
            .chain(&[(6, false), (9, false), (10, false), (12, false), (7, true)])
            .map(|&(hp, dead)| hp_bucket(hp, 12, dead))
            .collect();
        assert_eq!(buckets, [1, 1, 2, 2, 3, 3, 4, 5, 5, 0]);
        assert_eq!(hp_bucket(30, 12, false), 5);
        assert_eq!(round_bucket(0), 0);
        assert_eq!(round_bucket(29), 29);
        assert_eq!(round_bucket(30), 30);
        assert_eq!(round_bucket(u32::MAX), ROUND_BUCKETS - 1);
    }

    #[test]
    fn first_runs_merge_to_the_same_record_in_any_order() {
        let ends = [
            (5, Some(1), 4),
            (2, Some(1), 9),
            (7, None, 9),
            (3, Some(0), 2),
        ];
        let mut serial = FirstRuns::empty(2);
        for &(run, winner, rounds) in &ends {
            serial.note(run, winner, rounds);
        }
        assert_eq!(serial.win, [Some(3), Some(2)]);
        assert_eq!(serial.draw, Some(7));
        assert_eq!(serial.longest, Some(Longest { run: 2, rounds: 9 }));
        let mut a = FirstRuns::empty(2);
        let mut b = FirstRuns::empty(2);
        for &(run, winner, rounds) in &ends {
            if run % 2 == 0 { &mut a } else { &mut b }.note(run, winner, rounds);
        }
        assert_eq!(a.merged(&b), serial);
        assert_eq!(b.merged(&a), serial);
        assert_eq!(FirstRuns::empty(2).merged(&serial), serial);
    }
}
