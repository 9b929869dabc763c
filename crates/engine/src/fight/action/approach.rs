//! The approach (« CRB — Move »): a move action toward any unit — an ally to touch with a
//! cure, an enemy to bring within a spell's range — that stops as soon as the mover stands
//! within the asked distance with line of effect, or its speed is spent. It walks like a
//! move toward an enemy (`path`: the same cost field, attacks of opportunity on the way) and
//! is logged as one. Owns that goal only; which unit to approach is a policy's choice.

use crate::rng::Roller;

use super::super::log::Sink;
use super::super::state::Fight;
use super::Scratch;

impl Fight<'_> {
    /// Walks `u` toward `target` until it stands within `within_ft` of it with line of effect.
    /// Nothing when `target` is `u`, not on the battlefield, or already close enough.
    pub(super) fn move_near<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        within_ft: u32,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        if target == u || target >= self.units.len() || !self.present(target) {
            return;
        }
        let close = self.distance_ft(u, target) <= within_ft
            && self.has_line_of_effect_from(u, self.units[u].pos, target);
        if close {
            return;
        }
        let squares = self.move_squares(u);
        self.plan_near(u, target, squares, within_ft, &mut scratch.path);
        self.walk_planned(u, "move", scratch, false, dice, sink);
    }
}
