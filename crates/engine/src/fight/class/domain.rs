//! « CRB — Cleric — Healing Domain — Rebuke Death » in a fight: a standard action touching a
//! living ally below 0 hit points within 5 feet heals 1d4 + 1 per two cleric levels, one use
//! of its `resources` entry (3 + Wisdom modifier a day). Owns that step; the values are
//! [`super`]'s, when to use it the policy's (`policy::abilities`).

use crate::rng::Roller;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// `u` has a use of rebuke death left.
    pub(crate) fn can_rebuke_death(&self, u: usize) -> bool {
        self.info[u].traits.class.rebuke.is_some() && self.units[u].class.rebuke_left > 0
    }

    /// `u` touches `t`, a living ally below 0 hit points within 5 feet: heals 1d4 + ½ level.
    pub(crate) fn rebuke_death<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some(rebuke) = self.info[u].traits.class.rebuke else {
            return ActionResult::refused("rebuke_death", "no_rebuke_death");
        };
        if self.units[u].class.rebuke_left == 0 {
            return ActionResult::refused("rebuke_death", "no_uses_left");
        }
        let fits = t < self.units.len()
            && t != u
            && !self.units[t].dead
            && !self.enemies(u, t)
            && self.units[t].hp < 0
            && self.distance_ft(u, t) <= 5;
        if !fits {
            return ActionResult::refused("rebuke_death", "no_dying_ally_in_touch");
        }
        self.units[u].class.rebuke_left -= 1;
        let rolled = dice.d(4) as i32 + rebuke.bonus;
        let before = self.units[t].hp;
        let restored = self.restore(t, rolled);
        self.units[u].tally.healing_done += restored as u64;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "rebuke death on {}: 1d4+{}={rolled} -> hp {before} -> {} ({} left)",
            self.id(t),
            rebuke.bonus,
            self.units[t].hp,
            self.units[u].class.rebuke_left
        );
        ActionResult::done("rebuke_death")
    }
}
