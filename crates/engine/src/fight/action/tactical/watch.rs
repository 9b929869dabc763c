//! What the tactical rules watch for, at four fixed moments of a fight, each a single call that
//! returns at once when nothing tactical is in play:
//! - a step (`path`'s walk, a 5-foot step): hidden creatures seen again (`stealth`), readied
//!   actions of enemies set off (`ready`), « enters my reach » events queued for a reacting
//!   policy;
//! - the start of a casting (`cast`): the caster revealed, readied actions against casters —
//!   the spell then needs a concentration check if they wounded the caster (« CRB —
//!   Concentration »: « a contingent attack, such as a readied action »);
//! - an attack roll (`strike`): the aid it uses is spent, a hidden attacker revealed, an
//!   attacker fighting defensively gets its dodge bonus;
//! - the start of a turn (`turn`): its readied action expires, its stances and the aid it gave
//!   end.
//!
//! Out of turn (a readied or immediate action being carried out) nothing is set off: no
//! cascade. Owns the watching; what each thing set off does is its family's.

use crate::board::Pos;
use crate::rng::Roller;

use super::super::super::cast::{CastPlan, Distraction};
use super::super::super::log::{Sink, log};
use super::super::super::state::Fight;
use super::super::super::unit::UnitId;
use super::stance_bits::{DEFENDED, DEFENSIVE, TOTAL_DEFENSE};
use super::vocab::{Event, Events};

impl Fight<'_> {
    /// The walk's hook, after mover `u` entered a square: what the step sets off. False when
    /// `u` dropped — put back on `last_free`, the last square it could end on, when it lies in
    /// an ally's square.
    #[inline]
    pub(crate) fn stepped<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        last_free: Pos,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        !self.tactics.watching_steps() || self.step_watched(u, last_free, dice, sink)
    }

    /// [`Fight::stepped`] once something watches steps.
    #[cold]
    #[inline(never)]
    fn step_watched<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        last_free: Pos,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        self.watch_step(u, dice, sink);
        if self.units[u].active() {
            return true;
        }
        if self.units[u].pos != last_free {
            self.relocate(u, last_free);
        }
        false
    }

    /// What `u`'s step to its square sets off (see the module).
    pub(crate) fn watch_step<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        let now = self.units[u].pos;
        let from = match self.tactics.step_from {
            Some((m, p)) if usize::from(m) == u => Some(p),
            _ => None,
        };
        self.tactics.step_from = Some((u as u8, now));
        if self.tactics.hidden > 0 {
            self.recheck_hidden(u, sink);
        }
        if self.tactics.out_of_turn {
            return;
        }
        if self.tactics.listening.has(Events::ENEMY_ENTERS_REACH) {
            for r in 0..self.units.len() {
                if self.enemies(r, u) && self.units[r].active() && self.enters_reach(r, u, from) {
                    let mover = UnitId::of(u);
                    self.tactics.offer(r, Event::EnemyEntersReach { mover });
                }
            }
        }
        if self.tactics.readied > 0 {
            self.readied_on_step(u, from, dice, sink);
        }
    }

    /// The casting's hook, once `u`'s slot for `plan` is spent: what the casting sets off.
    /// False when the spell is lost — the caster dropped, or a wound failed its concentration.
    #[inline]
    pub(crate) fn casting_begins<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        (self.tactics.hidden == 0 && self.tactics.readied == 0)
            || self.casting_watched(u, plan, dice, sink)
    }

    /// [`Fight::casting_begins`] once a creature hides or holds a readied action.
    #[cold]
    #[inline(never)]
    fn casting_watched<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        self.reveal(u, "casts", sink);
        if self.tactics.readied == 0 || self.tactics.out_of_turn {
            return true;
        }
        let before = self.vitality(u);
        self.readied_on_cast(u, dice, sink);
        if !self.units[u].active() {
            if S::ON {
                let name = self.spell(plan.spell).name().to_lowercase();
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "{name} is lost"
                );
            }
            return false;
        }
        let damage = before - self.vitality(u);
        damage <= 0 || self.concentration(u, plan, Distraction::Wounded { damage }, dice, sink)
    }

    /// The attack roll's hook: `a` rolled an attack on `t`.
    #[inline]
    pub(crate) fn attack_rolled<S: Sink>(&mut self, a: usize, t: usize, sink: &mut S) {
        if self.tactics.edge {
            self.attack_watched(a, t, sink);
        }
    }

    /// [`Fight::attack_rolled`] once a tactic changes numbers this fight.
    #[cold]
    #[inline(never)]
    fn attack_watched<S: Sink>(&mut self, a: usize, t: usize, sink: &mut S) {
        let stance = &mut self.tactics.units[a].stance;
        if *stance & DEFENSIVE != 0 {
            *stance |= DEFENDED;
        }
        if self.tactics.aid > 0 {
            self.spend_aid(a, t);
        }
        if self.tactics.hidden > 0 {
            self.reveal(a, "attacks", sink);
        }
    }

    /// The turn's hook, at the start of `u`'s turn (not the rest of a delayed one): its
    /// readied action expires (« CRB — Ready »), total defense and fighting defensively end,
    /// and so does the aid it gave.
    #[inline]
    pub(crate) fn tactical_turn_starts<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if self.tactics.live {
            self.turn_watched(u, sink);
        }
    }

    /// [`Fight::tactical_turn_starts`] once a tactic is in play.
    #[cold]
    #[inline(never)]
    fn turn_watched<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if self.tactics.readied > 0 {
            self.expire_readied(u, sink);
        }
        if self.tactics.edge {
            self.tactics.units[u].stance &= !(TOTAL_DEFENSE | DEFENSIVE | DEFENDED);
            if self.tactics.aid > 0 {
                self.end_aid_from(u);
            }
        }
    }
}
