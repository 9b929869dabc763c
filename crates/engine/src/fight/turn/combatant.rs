//! One combatant's turn (« CRB — Actions in Combat », « Dying », « Disabled »; the reference
//! spec, « Économie d'action », « Conditions effectives »): a caster's spell of one round goes
//! off and its held charge is tried again (`cast`); the dead skip the turn, the dying roll to
//! stabilize, the bleeding bleed, recurring spell damage and spell weapons strike (`effects`),
//! a condition that forbids acting loses it, a confused creature rolls its d%; an active
//! creature asks the policy for a plan, the budget keeps what fits its conditions' [`Limits`]
//! (each dropped action logged), and the kept actions run in order (a refused cast logged with
//! its reason). At its end, a condition a save can end rolls it, and timed conditions lose a
//! round. The tactical rules add: at its start, its readied action expires and its defensive
//! stances and the aid it gave end (`action::tactical`); before it decides, the readied
//! actions of allies waiting for it go off; what became of each action of the plan — dropped,
//! refused, done — is kept for its next decision; an immediate action taken since its last
//! turn leaves it no swift action; a turn that delays ends later, and the rest of a delayed
//! turn starts with the decision (no second start of turn). Owns the shape of a turn; each
//! action is carried out by `action`.

use crate::rng::Roller;
use crate::rules::flag;

use super::super::action::{Action, ActionResult, Limits, Plan, Scratch};
use super::super::effects::Wards;
use super::super::log::{Sink, log};
use super::super::state::{Fight, Life};
use super::super::unit::UnitId;
use super::super::view::{Policy, View};

impl Fight<'_> {
    /// Plays the turn of unit `u`.
    #[inline(never)]
    pub(super) fn take_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        // The rest of a turn it delayed: no second start of turn (« CRB — Delay »).
        let resuming = self.tactics.live && self.tactics.units[u].delayed;
        if resuming {
            if !self.units[u].active() {
                return;
            }
        } else if !self.begin_turn(u, dice, sink) {
            return;
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
        if !resuming && self.has_flag(u, flag::CONFUSED) && !self.confused_turn(u, dice, sink) {
            self.end_turn(u, dice, sink);
            return;
        }
        if self.tactics.readied > 0 {
            self.readied_on_turn(u, dice, sink);
            if !self.units[u].active() || self.decided().is_some() {
                return;
            }
        }
        if !resuming {
            self.units[u].tally.turns += 1;
        }
        let mut plan = Plan::new();
        policy.decide(&View::new(self), UnitId::of(u), &mut plan);
        self.play_plan(u, &plan, &mut *policy, scratch, dice, sink);
        if !(self.tactics.live && self.tactics.units[u].delaying) {
            self.end_turn(u, dice, sink);
        }
    }

    /// The start of `u`'s turn: a one-round spell goes off, the tactical state of its last
    /// turn ends, the dying roll, the bleeding bleed, spell effects strike. False when it
    /// cannot go on to act.
    fn begin_turn<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) -> bool {
        if self.magic.on && self.info[u].caster.is_some() {
            self.start_casting_turn(u, dice, sink);
        }
        self.tactical_turn_starts(u, sink);
        if self.units[u].dead {
            return false;
        }
        self.units[u].charged = false;
        self.units[u].class.cleaved = false;
        self.units[u].running = false;
        if self.info[u].traits.specials.heals() {
            self.turn_start_healing(u, sink);
        }
        if self.units[u].umr.regrowing > 0 {
            self.regrow_heads(u, sink);
        }
        if self.units[u].class.ongoing() {
            self.class_turn(u, sink);
        }
        // « Bestiary — Ferocity »: fighting on below 0 hit points, it « loses 1 hit point
        // each round ».
        if self.units[u].fights_on() {
            self.lose_1_hp(u, "loses 1 hp (ferocity)", sink);
            if !self.units[u].active() {
                return false;
            }
        }
        if self.units[u].dying() {
            self.stabilize(u, dice, sink);
            return false;
        }
        // « Breath Weapon » (the gorgon's): a petrified creature may save to be flesh again.
        if !(self.units[u].active() || (self.units[u].petrified && self.stone_turn(u, dice, sink)))
        {
            return false;
        }
        // « Bestiary — Aura », « Gaze »: saves at the start of the turn.
        if self.watched {
            self.watch_turn(u, dice, sink);
            if !self.units[u].active() {
                return false;
            }
        }
        if self.has_flag(u, flag::BLEEDS) && self.units[u].bleed > 0 {
            self.bleed(u, sink);
            if !self.units[u].active() {
                return false;
            }
        }
        if self.units[u].class.touch_bleed > 0 {
            self.bleeding_touch_turn(u, dice, sink);
            if !self.units[u].active() {
                return false;
            }
        }
        if !self.units[u].wards.is_empty() {
            self.start_turn_effects(u, dice, sink);
            if !self.units[u].active() {
                return false;
            }
        }
        let class = &self.info[u].traits.class;
        if class.berserk && !self.units[u].class.berserk {
            self.berserk_turn(u, dice, sink);
        }
        if class.life_sight.is_some() && self.units[u].class.sight_left > 0 {
            self.life_sight_turn(u, sink);
        }
        true
    }

    /// What `u`'s life state, its conditions and the round leave of its turn.
    #[inline]
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
    /// active, the fight undecided and the turn not delayed; keeps what became of each action,
    /// in plan order, for `u`'s next decision.
    fn play_plan<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &Plan,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        let limits = self.limits(u);
        let own = &mut self.tactics.units[u];
        let kept = own.results.budget(plan, limits);
        if S::ON {
            let (id, round) = (self.id(u), Some(self.round));
            for r in self.tactics.units[u].results.dropped() {
                log!(S, sink, round, Some(id), "{} dropped: {}", r.kind, r.reason);
            }
        }
        if self.tactics.live {
            let own = &mut self.tactics.units[u];
            own.swift_now = std::mem::take(&mut own.swift_spent);
        }
        let disabled = self.units[u].hp == 0;
        for (k, action) in kept.iter().enumerate() {
            if self.turn_stopped(u) {
                self.tactics.units[u].results.unreached_from(k);
                break;
            }
            let result = self.play_action(u, action, policy, scratch, dice, sink);
            self.tactics.units[u].results.note(k, result);
            // « CRB — Disabled »: a standard action done at 0 hp costs 1 hit point.
            if disabled && result.ok && action.cost().takes_standard_action() {
                self.strain(u, sink);
            }
        }
    }

    /// `u`'s turn goes no further: it dropped, the fight is decided or the turn delayed.
    #[inline(always)]
    fn turn_stopped(&self, u: usize) -> bool {
        !self.units[u].active()
            || self.decided().is_some()
            || (self.tactics.live && self.tactics.units[u].delaying)
    }

    /// Carries out `u`'s kept `action`, its refusal logged, with what it sets off for a
    /// reacting policy around it; what became of it.
    #[inline(always)]
    fn play_action<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let (id, round) = (self.id(u), Some(self.round));
        // « CRB — Immediate Actions »: an immediate action since its last turn (or during
        // this one) took the swift action.
        if self.tactics.live && action.cost().is_swift() && !self.take_swift(u) {
            let dropped = ActionResult::refused(action.kind(), "downgraded:immediate_swift");
            log!(
                S,
                sink,
                round,
                Some(id),
                "{} dropped: {}",
                dropped.kind,
                dropped.reason
            );
            return dropped;
        }
        let watched = self.tactics.watching_actions();
        // The decision's numbers hold for its first strike only while nothing else happens
        // first (`view::memo`): an attack or a full attack may use them, after Power Attack
        // toggles; any other action, or a readied one going off, may change the fight.
        let strikes_first = matches!(
            action,
            Action::Attack { .. } | Action::FullAttack { .. } | Action::PowerAttack { .. }
        );
        if watched || !strikes_first {
            self.decision_outdated();
        }
        if watched && !self.before_action(u, action, policy, scratch, dice, sink) {
            return ActionResult::refused(action.kind(), "not_reached");
        }
        let result = self.act(u, action, scratch, dice, sink);
        if !matches!(action, Action::PowerAttack { .. }) {
            self.decision_outdated();
        }
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
        if watched {
            self.after_action(u, action, policy, scratch, dice, sink);
        }
        result
    }

    /// « CRB — Disabled »: `u`, still at 0 hp after a standard action, loses 1 hit point.
    #[cold]
    fn strain<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if self.units[u].hp == 0 && !self.units[u].dead {
            self.lose_1_hp(u, "strains while disabled", sink);
        }
    }

    /// `u` takes its turn's swift action (a swift or immediate action): false when it is
    /// already spent — by a swift action this turn, or by an immediate action since its last
    /// turn (« CRB — Immediate Actions »).
    fn take_swift(&mut self, u: usize) -> bool {
        !std::mem::replace(&mut self.tactics.units[u].swift_now, true)
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
