//! Playing fights: the turn loop and the rules it applies (Phase 0). Public entry points:
//! [`run_range`] plays runs `start..end` of a scenario into a [`Tally`]; [`transcript`] plays
//! one run and returns its log lines. Every unit plays its side's
//! [`Tactic`](crate::scenario::Tactic) (policies in `policy` and `tactics`).

mod action;
mod aoo;
mod checks;
mod log;
mod numbers;
mod path;
mod policy;
mod reach;
mod state;
mod strike;
mod tactics;
mod turn;
mod unit;

#[cfg(test)]
mod tests;

use std::ops::Range;

use crate::rng::{Roller, RunIndex, Seed, SeededDice};
use crate::scenario::Scenario;
use crate::tally::Tally;

pub use action::{Action, ActionResult, Cost, Movement, Plan, Provokes, Slot};
pub use turn::Outcome;

use action::Scratch;
use log::{Keep, NoLog};
use policy::SidePolicies;
use state::Fight;

/// One line of a fight's log. `round` and `actor` are `None` for lines about the whole fight
/// (initiative rolls, the outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptLine {
    pub round: Option<u32>,
    pub actor: Option<String>,
    pub message: String,
}

/// Plays runs `runs` (run indices) of `scenario` (run `i` rolls from seed `seed + i`), each
/// side with its tactic, and tallies them.
pub fn run_range(scenario: &Scenario, seed: Seed, runs: Range<u64>) -> Tally {
    let info = unit::prepare(scenario);
    let mut fight = Fight::new(scenario, &info);
    let mut scratch = Scratch::default();
    let mut tally = Tally::empty(scenario.sides().len(), scenario.units().len());
    for run in runs {
        let mut dice = SeededDice::for_run(seed, RunIndex(run));
        let outcome = fight.play(&SidePolicies, &mut scratch, &mut dice, &mut NoLog);
        record(&fight, outcome, &mut tally);
    }
    tally
}

fn record(fight: &Fight, outcome: Outcome, tally: &mut Tally) {
    tally.fights += 1;
    match outcome.winner {
        Some(side) => tally.wins[side] += 1,
        None => tally.draws += 1,
    }
    let r = u64::from(outcome.rounds);
    tally.rounds_sum += r;
    tally.rounds_sq_sum += r * r;
    for (t, u) in tally.units.iter_mut().zip(&fight.units) {
        t.add(&u.tally);
        t.downed += u64::from(u.downed);
        t.killed += u64::from(u.dead);
    }
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
    let info = unit::prepare(scenario);
    let mut fight = Fight::new(scenario, &info);
    let mut scratch = Scratch::default();
    let mut sink = Keep::default();
    let outcome = fight.play(&SidePolicies, &mut scratch, dice, &mut sink);
    let mut tally = Tally::empty(scenario.sides().len(), scenario.units().len());
    record(&fight, outcome, &mut tally);
    (outcome, sink.0, tally)
}
