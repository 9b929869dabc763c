//! « CRB — Paladin — Smite Evil » in a fight (the rule and its simplifications are in
//! [`super`]): the swift action that names the target and spends a use. What the smite adds
//! to an attack is `edge`'s. Owns that step; the values are `super`'s.

use crate::rules::AlignmentAxis;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// `u` can smite now: it has a use left and no active target smitten.
    pub(crate) fn can_smite(&self, u: usize) -> bool {
        let state = &self.units[u].class;
        let busy = state
            .smiting
            .is_some_and(|t| self.units[usize::from(t)].active());
        self.info[u].traits.class.smite.is_some() && state.smite_left > 0 && !busy
    }

    /// `t` is evil (the target smite evil needs).
    pub(crate) fn is_evil(&self, t: usize) -> bool {
        AlignmentAxis::Evil.holds_for(self.combatant(t).alignment())
    }

    /// The swift action: `u` smites `t`, spending a use (wasted when `t` is not evil).
    pub(crate) fn start_smite<S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        sink: &mut S,
    ) -> ActionResult {
        let Some(smite) = self.info[u].traits.class.smite else {
            return ActionResult::refused("smite_evil", "no_smite");
        };
        if self.units[u].class.smite_left == 0 {
            return ActionResult::refused("smite_evil", "no_uses_left");
        }
        if t >= self.units.len() || !self.enemies(u, t) || !self.units[t].active() {
            return ActionResult::refused("smite_evil", "not_an_active_enemy");
        }
        self.units[u].class.smite_left -= 1;
        let left = self.units[u].class.smite_left;
        if !self.is_evil(t) {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "smite evil vs {}: not evil, the smite is wasted ({left} left)",
                self.id(t)
            );
            return ActionResult::done("smite_evil");
        }
        self.units[u].class.smiting = Some(t.min(255) as u8);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "smite evil vs {}: +{} attack, +{} damage, +{} deflection AC ({left} left)",
            self.id(t),
            smite.cha,
            smite.level,
            smite.cha
        );
        ActionResult::done("smite_evil")
    }
}
