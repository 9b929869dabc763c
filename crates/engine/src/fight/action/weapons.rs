//! The weapon actions and bookkeeping (« CRB — Table 8-2 »: « Draw a weapon » a move action,
//! « Sheathe a weapon » and « Pick up an item » move actions that provoke; the reference spec's
//! repair_weapon, a move action that mends a broken weapon): a shot spent by a ranged attack
//! — a thrown weapon landing in its target's square, a round of ammunition gone —, a weapon
//! that falls, is picked up, drawn, sheathed or mended, and what a broken weapon changes in an
//! attack (« CRB — Broken »: a critical hit only on a natural 20 and only ×2). Owns those state
//! changes and their log lines; the state itself is `fight::arms`.
//!
//! Simplified: the weapons of a stat block all start in hand and switching between them is
//! free (as before ammunition was counted); drawing a thrown weapon or ammunition is free;
//! drawing a sheathed weapon is always a move action (not the free draw beside a move at BAB
//! +1); a weapon is picked up from its owner's space or a square adjacent to it, by its owner.

use crate::board::Pos;
use crate::grid::footprint_distance_squares;
use crate::rng::Roller;
use crate::size::Size;

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::ActionResult;

impl<'s> Fight<'s> {
    /// The name of `u`'s attack line `k`.
    pub(crate) fn weapon_name(&self, u: usize, k: usize) -> &'s str {
        self.combatant(u).attacks().get(k).map_or("", |a| a.name())
    }

    /// Spends the shot `u` just made with counted line `w` at `t`: a thrown weapon lands in
    /// `t`'s square (« CRB — Thrown Weapons »), a launcher's round of ammunition is gone.
    pub(crate) fn spend_shot<S: Sink>(&mut self, u: usize, w: usize, t: usize, sink: &mut S) {
        let shot = self.units[u].arms.spend(w);
        if shot.thrown {
            self.ground.drop(u, w, self.units[t].pos);
        }
        if shot.last {
            let what = if shot.thrown {
                "last one thrown"
            } else {
                "out of ammunition"
            };
            let name = self.weapon_name(u, w);
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "{name}: {what}"
            );
        }
    }

    /// One weapon of `u`'s line `k` falls on `at` (a disarm, a failure by 10); false when
    /// none was in hand.
    pub(crate) fn drop_weapon(&mut self, u: usize, k: usize, at: Pos) -> bool {
        if !self.units[u].arms.let_go(k, false) {
            return false;
        }
        self.ground.drop(u, k, at);
        true
    }

    /// `at` lies in the space of `u` or next to it.
    pub(crate) fn within_pickup(&self, u: usize, at: Pos) -> bool {
        let (pos, size) = (self.units[u].pos, self.info[u].size);
        footprint_distance_squares(pos, size, at, Size::Medium) <= 1
    }

    /// « CRB — Pick up an item » (a move action that provokes): one of `u`'s weapons of line
    /// `k` lying in its space or next to it comes back to hand.
    pub(super) fn pick_up<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        k: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        const KIND: &str = "pick_up";
        let reachable = (self.ground.iter())
            .any(|g| g.owner == u && g.line == k && self.within_pickup(u, g.at));
        if !reachable {
            return ActionResult::refused(KIND, "nothing_to_pick_up");
        }
        self.provoke_shooting(u, dice, sink);
        if !self.units[u].active() {
            return ActionResult::done(KIND);
        }
        let (pos, size) = (self.units[u].pos, self.info[u].size);
        let near = |at: Pos| footprint_distance_squares(pos, size, at, Size::Medium) <= 1;
        if let Some(at) = self.ground.take(u, k, near) {
            self.units[u].arms.pick_up(k);
            let name = self.weapon_name(u, k);
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "picks up {name} at {at}"
            );
        }
        ActionResult::done(KIND)
    }

    /// « CRB — Draw or sheathe a weapon »: a move action; sheathing provokes.
    pub(super) fn sheathe_or_draw<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        k: usize,
        sheathe: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let kind = if sheathe { "sheathe" } else { "draw" };
        let arms = &self.units[u].arms;
        if k >= self.combatant(u).attacks().len() || self.combatant(u).attacks()[k].natural() {
            return ActionResult::refused(kind, "no_such_weapon");
        }
        if arms.sheathed(k) == sheathe || arms.held(k) == 0 {
            return ActionResult::refused(
                kind,
                if sheathe {
                    "not_in_hand"
                } else {
                    "not_sheathed"
                },
            );
        }
        if sheathe {
            self.provoke_shooting(u, dice, sink);
            if !self.units[u].active() {
                return ActionResult::done(kind);
            }
        }
        self.units[u].arms.sheathe(k, sheathe);
        let (verb, name) = (
            if sheathe { "sheathes" } else { "draws" },
            self.weapon_name(u, k),
        );
        log!(S, sink, Some(self.round), Some(self.id(u)), "{verb} {name}");
        ActionResult::done(kind)
    }

    /// The reference spec's repair_weapon (a move action): a broken weapon is whole again; a
    /// destroyed one cannot be mended.
    pub(super) fn repair_weapon<S: Sink>(
        &mut self,
        u: usize,
        k: usize,
        sink: &mut S,
    ) -> ActionResult {
        if !self.units[u].arms.repair(k) {
            return ActionResult::refused("repair", "not_broken");
        }
        let name = self.weapon_name(u, k);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "repairs {name}"
        );
        ActionResult::done("repair")
    }

    /// The lowest natural d20 that threatens with `a`'s weapon `w`: 20 when it is broken.
    #[inline(always)]
    pub(crate) fn threat_start(&self, a: usize, w: usize) -> u32 {
        if self.units[a].arms.broken(w) {
            20
        } else {
            self.info[a].weapons[w].threat_start
        }
    }

    /// The critical multiplier of `a`'s weapon `w`: at most ×2 when it is broken.
    #[inline(always)]
    pub(crate) fn crit_mult(&self, a: usize, w: usize) -> i32 {
        let mult = self.info[a].weapons[w].crit_mult;
        if self.units[a].arms.broken(w) {
            mult.min(2)
        } else {
            mult
        }
    }
}
