//! The stance actions: standing up (« CRB — Stand Up »: a move action that provokes while
//! still prone), dropping prone (a free action) and the Power Attack / Deadly Aim toggle (a free
//! action that stays until toggled off, « CRB — Power Attack », « Deadly Aim »). Owns the
//! change of stance; what a stance changes in an attack is `numbers`'.

use crate::rng::Roller;
use crate::rules::Condition;

use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// « CRB — Stand Up »: provokes, while still prone, then stands if still able.
    pub(super) fn stand_up<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        if !self.units[u].conds.has(Condition::Prone) {
            return;
        }
        self.provoke_shooting(u, dice, sink);
        if self.units[u].active() {
            self.units[u].conds.remove(Condition::Prone);
            log!(S, sink, Some(self.round), Some(self.id(u)), "stands up");
        }
    }

    /// « CRB — Drop Prone ».
    pub(super) fn drop_prone<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if !self.units[u].conds.has(Condition::Prone) {
            self.units[u].conds.add(Condition::Prone, 0);
            log!(S, sink, Some(self.round), Some(self.id(u)), "drops prone");
        }
    }

    /// Turns Power Attack (or Deadly Aim) `on` or off; the log names the feats `u` has.
    pub(super) fn toggle_power_attack<S: Sink>(&mut self, u: usize, on: bool, sink: &mut S) {
        if self.units[u].power_attack == on {
            return;
        }
        self.units[u].power_attack = on;
        let state = if on { "on" } else { "off" };
        let info = &self.info[u];
        let feat = match (info.power_attack_step > 0, info.deadly_aim_step > 0) {
            (false, true) => "deadly aim",
            (true, true) => "power attack / deadly aim",
            _ => "power attack",
        };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "{feat} {state}"
        );
    }
}
