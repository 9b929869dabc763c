//! A hydra's heads in a fight (Bestiary — Hydra, « Hydra Traits », « Regenerate Head »): one
//! bite per head in a full attack, and the heads that grow back at the start of its turn.
//! Severing is `hit`'s; the count lives in `UnitState::umr`.

use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// The swings of `u`'s weapon `w` in a full attack: its `count`, or for a hydra's bite
    /// the heads it has now (« A hydra can't attack with a severed head »).
    #[inline]
    pub(crate) fn swings(&self, u: usize, w: usize) -> u32 {
        match self.info[u].traits.specials.umr.heads {
            Some(h) if h.attack == self.info[u].weapons[w].index => {
                u32::from(self.units[u].umr.heads)
            }
            _ => self.info[u].weapons[w].count,
        }
    }

    /// The start of `u`'s turn while heads grow back: they appear in the round rolled when the
    /// head was severed.
    #[cold]
    pub(crate) fn regrow_heads<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let s = &mut self.units[u].umr;
        if s.regrow_round > self.round {
            return;
        }
        s.heads += s.regrowing;
        let (grown, now) = (s.regrowing, s.heads);
        s.regrowing = 0;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "regenerate head: {grown} heads grow back ({now} heads)"
        );
    }
}
