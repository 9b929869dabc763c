//! The engine's fight entry points as the job machinery calls them: a range of runs of a
//! compiled scenario into a [`Tally`], and the first fight's transcript. Every local thread,
//! worker and bench plays through here, so run *i* always rolls from `seed + i` the same way.

use std::ops::Range;
use std::sync::atomic::AtomicBool;

use pf1e_engine::fight::TranscriptLine;
use pf1e_engine::play::{run_range, run_range_until, transcript};
use pf1e_engine::rng::{RunIndex, Seed};
use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;

/// Plays runs `runs` of `scenario` (run *i* rolls from `seed + i`) and tallies them.
pub fn play_runs(scenario: &Scenario, seed: u64, runs: Range<u64>) -> Tally {
    run_range(scenario, Seed(seed), runs)
}

/// [`play_runs`] that gives up (`None`) as soon as `stop` is raised (checked between fights and
/// once a round): a worker's shard cancelled or past its deadline frees its thread at once.
pub fn play_runs_until(
    scenario: &Scenario,
    seed: u64,
    runs: Range<u64>,
    stop: &AtomicBool,
) -> Option<Tally> {
    run_range_until(scenario, Seed(seed), runs, stop)
}

/// The log of run 0 (`--transcript`).
pub fn first_fight(scenario: &Scenario, seed: u64) -> Vec<TranscriptLine> {
    fight_log(scenario, seed, 0)
}

/// The log of run `run` (`--transcript-run`, `--transcript-pick`): the fight of seed
/// `seed + run`.
pub fn fight_log(scenario: &Scenario, seed: u64, run: u64) -> Vec<TranscriptLine> {
    transcript(scenario, Seed(seed), RunIndex(run))
}
