//! Delaying (« CRB — Delay »; the reference spec, « Retard »): the creature gives its turn up
//! now and takes it later in the round, right after a creature it names or at the end of the
//! round; its new place in the order stays for the next rounds (`turn::order`). The turn it
//! takes later is a whole turn (a decision, a budget, its actions) but not a new start of turn:
//! what happens once a turn — durations, bleeding, spell effects — happens once. One delay a
//! round; refused out of turn. Owns the delay action; the order of play is `turn`'s.

use super::super::super::log::{Sink, log};
use super::super::super::state::Fight;
use super::super::super::unit::UnitId;
use super::super::budget::ActionResult;

impl Fight<'_> {
    /// « CRB — Delay »: `u` takes its turn after `after` (or at the end of the round).
    pub(in super::super) fn delay<S: Sink>(
        &mut self,
        u: usize,
        after: Option<UnitId>,
        sink: &mut S,
    ) -> ActionResult {
        const KIND: &str = "delay";
        if self.tactics.out_of_turn {
            return ActionResult::refused(KIND, "out_of_turn");
        }
        if self.tactics.units[u].delayed {
            return ActionResult::refused(KIND, "already_delayed");
        }
        let after = after.map(UnitId::index);
        if !self.wait_after(u, after) {
            return ActionResult::refused(KIND, "not_later");
        }
        let own = &mut self.tactics.units[u];
        own.delayed = true;
        own.delaying = true;
        match after {
            Some(x) => log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "delays: acts after {}",
                self.id(x)
            ),
            None => log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "delays: acts at the end of the round"
            ),
        }
        ActionResult::done_as(KIND, "delayed")
    }
}
