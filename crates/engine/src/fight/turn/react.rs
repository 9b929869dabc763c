//! Around each action of a turn, what the tactical rules watch (« CRB — Immediate Actions »,
//! « Ready », « Stealth »; the reference spec, « Actions immédiates hors-tour »): before it,
//! where the mover starts (for the step hooks), a hidden creature that runs or charges revealed,
//! the enemies of a caster offered « an enemy casts » (before anything is spent); after it, a
//! 5-foot step watched like a walk's step, the wounds it dealt offered as « wounded », and every
//! queued event offered to the policy ([`Policy::react`]) in order. An answer is carried out at
//! once if it is an immediate action the creature may take — not flat-footed, its swift action
//! free (out of its turn the next one, « it uses up your swift action for your next turn »;
//! during its turn that turn's) — and its result is kept with the creature's others. Answers
//! set nothing off in turn (no cascade). Runs only when something tactical is in play.

use crate::rng::Roller;
use crate::rules::{Condition, flag};

use super::super::action::{Action, ActionResult, Event, Events, Movement, Scratch, Slot};
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::super::unit::UnitId;
use super::super::view::{Policy, View};

impl Fight<'_> {
    /// Before `u`'s `action`. False when `u` can no longer carry it out (an answer dropped it,
    /// or ended the fight).
    #[cold]
    #[inline(never)]
    pub(super) fn before_action<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        self.tactics.step_from = Some((u as u8, self.units[u].pos));
        if self.tactics.hidden > 0 {
            match action.cost().movement {
                Movement::Runs => self.reveal(u, "runs", sink),
                Movement::Charges => self.reveal(u, "charges", sink),
                Movement::Stays | Movement::FiveFootStep | Movement::Walks => {}
            }
        }
        let listening = self.tactics.listening;
        if listening.has(Events::WOUNDED) {
            let mut vitality = std::mem::take(&mut self.tactics.vitality);
            vitality.clear();
            vitality.extend((0..self.units.len()).map(|v| self.vitality(v)));
            self.tactics.vitality = vitality;
        }
        if let Action::Cast { spell, target, .. } = action
            && listening.has(Events::ENEMY_CASTS)
            && self.plan_cast(u, action).is_ok()
        {
            let caster = UnitId::of(u);
            for r in 0..self.units.len() {
                if self.enemies(r, u) && self.has_line_of_effect_from(r, self.units[r].pos, u) {
                    let event = Event::EnemyCasts {
                        caster,
                        spell,
                        target,
                    };
                    self.tactics.offer(r, event);
                }
            }
            self.answer_events(policy, scratch, dice, sink);
        }
        self.units[u].active() && self.decided().is_none()
    }

    /// After `u`'s `action`.
    #[cold]
    #[inline(never)]
    pub(super) fn after_action<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        let moved = self
            .tactics
            .step_from
            .is_some_and(|(_, p)| p != self.units[u].pos);
        if action.cost().movement == Movement::FiveFootStep && moved {
            self.watch_step(u, dice, sink);
        }
        if self.tactics.listening.has(Events::WOUNDED) {
            let actor = UnitId::of(u);
            for r in 0..self.units.len().min(self.tactics.vitality.len()) {
                let hp = self.tactics.vitality[r] - self.vitality(r);
                if hp > 0 {
                    self.tactics.offer(r, Event::Wounded { actor, hp });
                }
            }
        }
        self.answer_events(policy, scratch, dice, sink);
    }

    /// Offers every queued event to the policy, in order; carries out the answers.
    fn answer_events<R: Roller, S: Sink>(
        &mut self,
        policy: &mut (impl Policy + ?Sized),
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        while let Some((r, event)) = self.tactics.next_event() {
            if self.decided().is_some() {
                continue;
            }
            if !self.units[r].active() || self.has_flag(r, flag::CANT_ACT) {
                continue;
            }
            let reaction = policy.react(&View::new(self), UnitId::of(r), event);
            // The reaction's view is gone: its numbers are not the interrupted turn's.
            self.decision_outdated();
            let Some(action) = reaction else {
                continue;
            };
            let result = self.immediate(r, action, scratch, dice, sink);
            if !result.ok {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(r)),
                    "{} refused: {}",
                    result.kind,
                    result.reason
                );
            }
            self.tactics.units[r].results.push(result);
        }
    }

    /// « CRB — Immediate Actions »: `r` takes `action` now, out of turn (or during its own
    /// turn), when it is an immediate action and `r` may take one.
    fn immediate<R: Roller, S: Sink>(
        &mut self,
        r: usize,
        action: Action,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let kind = action.kind();
        if action.cost().slot != Slot::Immediate {
            return ActionResult::refused(kind, "not_immediate");
        }
        // « You also cannot use an immediate action if you are flat-footed. »
        if self.units[r].conds.has(Condition::FlatFooted) {
            return ActionResult::refused(kind, "flat_footed");
        }
        let own_turn = self.tactics.actor == Some(r as u8);
        let own = &mut self.tactics.units[r];
        let swift = if own_turn {
            &mut own.swift_now
        } else {
            &mut own.swift_spent
        };
        if std::mem::replace(swift, true) {
            return ActionResult::refused(kind, "swift_spent");
        }
        let when = if own_turn { "" } else { " out of turn" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(r)),
            "immediate action{when}: {kind}"
        );
        let was = std::mem::replace(&mut self.tactics.out_of_turn, true);
        let result = self.act(r, action, scratch, dice, sink);
        self.tactics.out_of_turn = was;
        result
    }
}
