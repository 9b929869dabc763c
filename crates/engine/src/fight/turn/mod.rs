//! The turn loop (the reference spec, « Initiative », « Round de surprise », « Économie
//! d'action », « Mourir et stabilisation », « Conditions effectives »): initiative and the
//! surprise round ([`initiative`]); then each round, in initiative order, every combatant takes
//! its turn ([`combatant`]: the start-of-turn rolls of [`life`], the policy's plan through the
//! action budget and its conditions' limits, the timed conditions' countdown); after each
//! place in the order, the spell effects of that caster lose a round (`effects`). A delaying
//! or readying creature changes its place ([`order`]): the round plays the first unit of the
//! order that has not taken its turn yet, and a delayed turn's end (conditions, effects) comes
//! when it is really taken. Events a reacting policy answers are offered around each action
//! ([`react`]). The fight ends as soon as at most one side has active combatants (summoned
//! creatures count for their side); the round cap makes a draw. A raised stop flag
//! (`Fight::stop`, looked at once a round) ends the fight early, its outcome not to be
//! counted. Owns the order of play; what an action does is `action`'s, what a policy wants is
//! its own.

mod combatant;
mod initiative;
mod life;
mod order;
mod react;

use std::sync::atomic::Ordering;

use crate::rng::Roller;
use crate::tally::{HP_BUCKETS, SURVIVOR_BUCKETS, Tally, hp_bucket, round_bucket};

use super::action::Scratch;
use super::log::{Sink, log};
use super::state::Fight;
use super::view::{Policy, View};

/// How a fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning side, `None` for a draw.
    pub winner: Option<usize>,
    /// Rounds played (the round in which it ended, or the cap).
    pub rounds: u32,
}

impl Fight<'_> {
    /// Plays one fight from a fresh reset.
    pub fn play<R: Roller, S: Sink>(
        &mut self,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> Outcome {
        self.reset();
        self.roll_initiative(dice, sink);
        self.log_start_conditions(sink);
        policy.start_fight(&View::new(self));
        self.decision_outdated();
        self.tactics.listening = policy.reacts_to();
        if !self.tactics.listening.is_empty() {
            self.track_tactics();
        }
        let cap = self.scenario.options().round_cap;
        let first = if self.has_surprise_round() { 0 } else { 1 };
        for round in first..=cap {
            // A stopped fight ends here; its outcome is thrown away by whoever raised the flag.
            if self.stop.is_some_and(|stop| stop.load(Ordering::Relaxed)) {
                return Outcome {
                    winner: None,
                    rounds: round,
                };
            }
            self.round = round;
            for u in &mut self.units {
                u.provoked.clear();
            }
            for i in 0..self.units.len() {
                self.units[i].aoo_left = self.info[i].aoo_per_round;
            }
            self.tactics.new_round();
            let mut k = 0;
            while let Some(&u) = self.order.get(k) {
                // Once a tactic is in play the order may change under the round: it plays
                // the first unit that has not taken its turn (see `order`).
                if self.tactics.live && !self.tactics.begin_turn_of(u) {
                    k += 1;
                    continue;
                }
                self.tactics.cursor = k;
                if let Some(outcome) = self.play_place(u, &mut *policy, scratch, dice, sink) {
                    return outcome;
                }
                if !self.tactics.live {
                    k += 1;
                }
            }
            if self.first_down.is_none() && self.units.iter().any(|u| u.downed) {
                self.first_down = Some(round);
            }
        }
        log!(
            S,
            sink,
            None,
            None,
            "battle over: draw after {cap} rounds (round cap)"
        );
        Outcome {
            winner: None,
            rounds: cap,
        }
    }

    /// Unit `u`'s place in the order this round: its turn (none in the surprise round when it
    /// is unaware), then the countdown of the spell effects it cast — a turn it delayed ends
    /// later. The outcome, logged, when the fight is decided.
    fn play_place<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> Option<Outcome> {
        if self.round == 0 && !self.combatant(u).aware() {
            log!(
                S,
                sink,
                Some(0),
                Some(self.id(u)),
                "surprised: does not act in the surprise round"
            );
            if self.magic.live > 0 {
                self.tick_effects_of(u, sink);
            }
            return None;
        }
        self.take_turn(u, policy, scratch, dice, sink);
        let delaying = self.tactics.live && std::mem::take(&mut self.tactics.units[u].delaying);
        if self.magic.live > 0 && !delaying {
            self.tick_effects_of(u, sink);
        }
        let outcome = self.decided()?;
        self.log_end(outcome, sink);
        Some(outcome)
    }

    /// Adds this fight, ended with `outcome`, to `tally`: the outcome, the rounds (and their
    /// histogram), the round of the first downing, each side's survivors, and each
    /// combatant's counters and hit points left. A few stores per combatant, no allocation.
    pub fn record(&self, outcome: Outcome, tally: &mut Tally) {
        tally.fights += 1;
        match outcome.winner {
            Some(side) => tally.wins[side] += 1,
            None => tally.draws += 1,
        }
        let r = u64::from(outcome.rounds);
        tally.rounds_sum += r;
        tally.rounds_sq_sum += r * r;
        tally.rounds_hist[round_bucket(outcome.rounds)] += 1;
        let rows = tally.units.len();
        let first_down = self
            .first_down
            .or_else(|| (self.units.iter().any(|u| u.downed)).then_some(outcome.rounds));
        if let Some(d) = first_down {
            tally.first_down[round_bucket(d)] += 1;
        }
        let mut anyone = false;
        for side in 0..tally.wins.len() {
            let standing = (self.units[..rows].iter().zip(self.info))
                .filter(|(u, i)| i.side == side && u.active())
                .count();
            anyone |= standing > 0;
            tally.survivors[side * SURVIVOR_BUCKETS + standing.min(SURVIVOR_BUCKETS - 1)] += 1;
        }
        if outcome.winner.is_none() && anyone {
            tally.capped += 1;
        }
        for (i, (t, u)) in tally.units.iter_mut().zip(&self.units).enumerate() {
            t.add(&u.tally);
            t.downed += u64::from(u.downed);
            t.killed += u64::from(u.dead);
            let bucket = hp_bucket(u.hp, self.info[i].hp_max, u.dead);
            tally.hp_left[i * HP_BUCKETS + bucket] += 1;
        }
        if self.info.len() > rows {
            self.credit_summons(tally);
        }
    }

    /// The outcome if at most one side still has an active combatant.
    fn decided(&self) -> Option<Outcome> {
        let mut alive_side = None;
        for (i, u) in self.units.iter().enumerate() {
            if u.active() {
                match alive_side {
                    None => alive_side = Some(self.info[i].side),
                    Some(s) if s != self.info[i].side => return None,
                    Some(_) => {}
                }
            }
        }
        Some(Outcome {
            winner: alive_side,
            rounds: self.round,
        })
    }

    fn log_end<S: Sink>(&self, outcome: Outcome, sink: &mut S) {
        match outcome.winner {
            Some(side) => log!(
                S,
                sink,
                None,
                None,
                "battle over: {} win in {} rounds",
                self.scenario.sides()[side],
                outcome.rounds
            ),
            None => log!(
                S,
                sink,
                None,
                None,
                "battle over: draw in {} rounds (no side left standing)",
                outcome.rounds
            ),
        }
    }
}
