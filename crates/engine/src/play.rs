//! Playing scenarios: batches of fights into a [`Tally`] and logged single fights, joining the
//! fight engine (`fight`) and the policies (`policy`). [`run_range`] plays runs `start..end` of a
//! scenario, each side with its tactic ([`SidePolicies`]), [`run_range_until`] the same unless
//! stopped from another thread; [`transcript`] plays one run and
//! returns its log lines; the `_with` forms take any [`Policy`]. Run `i` rolls from seed
//! `seed + i`; one fight's state is reset before the next, so nothing leaks between runs.
//! Owns the batch loop and the tally of each fight; never a rule or a decision.

use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};

use crate::fight::{Fight, Keep, NoLog, Outcome, Policy, Scratch, TranscriptLine, prepare};
use crate::policy::SidePolicies;
use crate::rng::{Roller, RunIndex, Seed, SeededDice};
use crate::scenario::Scenario;
use crate::tally::Tally;

/// Plays runs `runs` (run indices) of `scenario` (run `i` rolls from seed `seed + i`), each
/// side with its tactic, and tallies them.
pub fn run_range(scenario: &Scenario, seed: Seed, runs: Range<u64>) -> Tally {
    run_range_with(scenario, seed, runs, &mut SidePolicies)
}

/// [`run_range`] that gives up (`None`) as soon as `stop` is raised from another thread: looked
/// at between fights and once a round inside each (a worker's shard cancelled or past its
/// deadline). The fight cut short is not counted; a tally that comes back is whole and the
/// same as [`run_range`]'s.
pub fn run_range_until(
    scenario: &Scenario,
    seed: Seed,
    runs: Range<u64>,
    stop: &AtomicBool,
) -> Option<Tally> {
    let policy = &mut SidePolicies;
    let info = prepare(scenario);
    let mut fight = Fight::new(scenario, &info);
    fight.stop = Some(stop);
    let mut scratch = Scratch::default();
    let mut tally = Tally::empty(scenario.sides().len(), scenario.units().len());
    for run in runs {
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        let mut dice = SeededDice::for_run(seed, RunIndex(run));
        let outcome = fight.play(policy, &mut scratch, &mut dice, &mut NoLog);
        if stop.load(Ordering::Relaxed) {
            return None;
        }
        fight.record(outcome, &mut tally);
        tally.note_run(run, outcome.winner, outcome.rounds);
    }
    Some(tally)
}

/// [`run_range`] with every unit played by `policy`.
pub fn run_range_with(
    scenario: &Scenario,
    seed: Seed,
    runs: Range<u64>,
    policy: &mut (impl Policy + ?Sized),
) -> Tally {
    let info = prepare(scenario);
    let mut fight = Fight::new(scenario, &info);
    let mut scratch = Scratch::default();
    let mut tally = Tally::empty(scenario.sides().len(), scenario.units().len());
    for run in runs {
        let mut dice = SeededDice::for_run(seed, RunIndex(run));
        let outcome = fight.play(policy, &mut scratch, &mut dice, &mut NoLog);
        fight.record(outcome, &mut tally);
        tally.note_run(run, outcome.winner, outcome.rounds);
    }
    tally
}

/// Plays run `run` of `scenario` and returns its log.
pub fn transcript(scenario: &Scenario, seed: Seed, run: RunIndex) -> Vec<TranscriptLine> {
    play_logged(scenario, &mut SeededDice::for_run(seed, run)).1
}

/// Plays one fight of `scenario`, each side with its tactic, rolling from `dice` (a
/// [`crate::rng::ScriptedDice`] in rule transcripts), and returns its outcome, its log and the
/// per-combatant tally of that fight.
pub fn play_logged<R: Roller>(
    scenario: &Scenario,
    dice: &mut R,
) -> (Outcome, Vec<TranscriptLine>, Tally) {
    play_logged_with(scenario, dice, &mut SidePolicies)
}

/// [`play_logged`] with every unit played by `policy`.
pub fn play_logged_with<R: Roller>(
    scenario: &Scenario,
    dice: &mut R,
    policy: &mut (impl Policy + ?Sized),
) -> (Outcome, Vec<TranscriptLine>, Tally) {
    let info = prepare(scenario);
    let mut fight = Fight::new(scenario, &info);
    let mut scratch = Scratch::default();
    let mut sink = Keep::default();
    let outcome = fight.play(policy, &mut scratch, dice, &mut sink);
    let mut tally = Tally::empty(scenario.sides().len(), scenario.units().len());
    fight.record(outcome, &mut tally);
    tally.note_run(0, outcome.winner, outcome.rounds);
    (outcome, sink.0, tally)
}
