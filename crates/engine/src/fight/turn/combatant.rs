//! One combatant's turn (« CRB — Actions in Combat », « Dying », « Disabled »; the reference
//! spec, « Économie d'action », « Conditions effectives »): a caster's spell of one round goes
//! off and its held charge is tried again (`cast`); the dead skip the turn, the dying roll to
//! stabilize, the bleeding bleed, recurring spell damage and spell weapons strike (`effects`),
//! a condition that forbids acting loses it, a confused creature rolls its d%; an active
//! creature asks the policy for a plan, the budget keeps what fits its conditions' [`Limits`]
//! (each dropped action logged), and the kept actions run in order (a refused cast logged with
//! its reason). At its end, a condition a save can end rolls it, and timed conditions lose a
//! round. Owns the shape of a turn; each action is carried out by `action`.

use crate::rng::Roller;
use crate::rules::flag;

use super::super::action::{Limits, MAX_PLAN, Plan, Scratch, budget};
use super::super::effects::Wards;
use super::super::log::{Sink, log};
use super::super::state::{Fight, Life};
use super::super::unit::UnitId;
use super::super::view::{Policy, View};

impl Fight<'_> {
    /// Plays the turn of unit `u`.
    pub(super) fn take_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        if self.magic.on && self.info[u].caster.is_some() {
            self.start_casting_turn(u, dice, sink);
        }
        if self.units[u].dead {
            return;
        }
        self.units[u].charged = false;
        self.units[u].running = false;
        if self.units[u].dying() {
            self.stabilize(u, dice, sink);
            return;
        }
        if !self.units[u].active() {
            return;
        }
        if self.has_flag(u, flag::BLEEDS) && self.units[u].bleed > 0 {
            self.bleed(u, sink);
            if !self.units[u].active() {
                return;
            }
        }
        if !self.units[u].wards.is_empty() {
            self.start_turn_effects(u, dice, sink);
            if !self.units[u].active() {
                return;
            }
        }
        self.grapple_turn_start(u, sink);
        let frozen =
            (self.units[u].conds.iter()).find(|c| c.definition().flags & flag::CANT_ACT != 0);
        if let Some(c) = frozen {
            let id = self.id(u);
            log!(S, sink, Some(self.round), Some(id), "{c}: loses its turn");
            self.end_turn(u, dice, sink);
            return;
        }
        if self.has_flag(u, flag::CONFUSED) && !self.confused_turn(u, dice, sink) {
            self.end_turn(u, dice, sink);
            return;
        }
        let mut plan = Plan::new();
        policy.decide(&View::new(self), UnitId::of(u), &mut plan);
        self.play_plan(u, &plan, scratch, dice, sink);
        self.end_turn(u, dice, sink);
    }

    /// What `u`'s life state, its conditions and the round leave of its turn.
    fn limits(&self, u: usize) -> Limits {
        Limits {
            // The surprise round allows one standard or move action (plus free actions), as
            // staggered does (« CRB — Surprise »).
            staggered: self.units[u].life() == Life::Staggered
                || self.has_flag(u, flag::SINGLE_ACTION)
                || self.round == 0,
            move_only: self.has_flag(u, flag::CANT_ATTACK),
            cant_move: self.has_flag(u, flag::CANT_MOVE),
            no_run_charge: self.has_flag(u, flag::NO_RUN_CHARGE),
        }
    }

    /// Budgets `plan`, logs what is dropped and carries out what is kept, while `u` stays
    /// active and the fight undecided.
    fn play_plan<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &Plan,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        let id = self.id(u);
        let round = Some(self.round);
        let mut kept = Plan::new();
        let mut dropped = [None; MAX_PLAN];
        budget(plan, self.limits(u), &mut kept, &mut dropped);
        for r in dropped.iter().flatten() {
            log!(S, sink, round, Some(id), "{} dropped: {}", r.kind, r.reason);
        }
        let disabled = self.units[u].hp == 0;
        for action in kept.iter() {
            if !self.units[u].active() || self.decided().is_some() {
                break;
            }
            let result = self.act(u, action, scratch, dice, sink);
            if !result.ok {
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "{} refused: {}",
                    result.kind,
                    result.reason
                );
            }
            // « CRB — Disabled »: a standard action costs 1 hit point when done at 0 hp.
            let strains = result.ok && action.cost().takes_standard_action();
            if disabled && strains && self.units[u].hp == 0 && !self.units[u].dead {
                self.apply_damage(u, 1, 0);
                let dead = if self.units[u].dead { ", dead" } else { "" };
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "strains while disabled: hp 0 -> {}{dead}",
                    self.units[u].hp
                );
            }
        }
    }

    /// The end of `u`'s turn: a condition its save can end rolls it (`effects`); its timed
    /// conditions lose a round (« N rounds » counts the bearer's turns); expired ones are
    /// logged.
    fn end_turn<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        if self.units[u].wards.has(Wards::SAVE_ENDS) {
            self.end_turn_saves(u, dice, sink);
        }
        if self.units[u].conds.is_empty() {
            return;
        }
        let expired = self.units[u].conds.tick();
        if S::ON {
            for c in expired.iter() {
                log!(S, sink, Some(self.round), Some(self.id(u)), "{c} ends");
            }
        }
    }
}
