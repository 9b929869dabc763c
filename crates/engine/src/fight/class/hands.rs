//! « CRB — Paladin — Lay on Hands » in a fight (the rule and its simplifications are in
//! [`super`]): the touch that heals, on itself (a swift action) or on an ally next to it (a
//! standard action). Owns that step; the values are `super`'s, the hit points `state`'s.

use crate::rng::Roller;
use crate::rules::Condition;

use super::guard;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// `u` has a use of lay on hands left.
    pub(crate) fn can_lay_on_hands(&self, u: usize) -> bool {
        self.info[u].traits.class.hands.is_some() && self.units[u].class.hands_left > 0
    }

    /// `u` lays hands on `t` (itself, or a living ally within 5 feet): heals the rolled
    /// dice, one use spent.
    pub(crate) fn lay_on_hands<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some(hands) = self.info[u].traits.class.hands else {
            return ActionResult::refused("lay_on_hands", "no_lay_on_hands");
        };
        if self.units[u].class.hands_left == 0 {
            return ActionResult::refused("lay_on_hands", "no_uses_left");
        }
        let ally = t < self.units.len()
            && !self.units[t].dead
            && !self.enemies(u, t)
            && (t == u || self.distance_ft(u, t) <= 5);
        if !ally {
            return ActionResult::refused("lay_on_hands", "no_ally_in_touch");
        }
        self.units[u].class.hands_left -= 1;
        let rolled: i32 = (0..hands.dice).map(|_| dice.d(6) as i32).sum();
        let before = self.units[t].hp;
        let restored = self.restore(t, rolled);
        self.units[u].tally.healing_done += restored as u64;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "lay on hands on {}: {}d6={rolled} -> hp {before} -> {} ({} left)",
            self.id(t),
            hands.dice,
            self.units[t].hp,
            self.units[u].class.hands_left
        );
        // « Mercy (fatigued) »: the touch also ends fatigued.
        if self.guarded(u, guard::MERCY_FATIGUED) && self.units[t].conds.remove(Condition::Fatigued)
        {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(t)),
                "mercy: fatigued ends"
            );
        }
        ActionResult::done("lay_on_hands")
    }
}
