//! « Bestiary — Rake »: « a monster with the rake ability gains two free claw attacks that it
//! can use only against a grappled foe [...] A monster with the rake ability must begin its
//! turn already grappling to use its rake »; and « Pounce »: a charge's full attack includes
//! the rake attacks. The rake attack (its `count` swings) is never one of its ordinary
//! attacks. Simplified: the rake attacks open its full attack when it holds that foe as the
//! full attack starts (a grab of this turn comes later, so it never rakes at once), or when
//! the full attack ends a pounce.

use crate::rng::Roller;

use super::super::log::Sink;
use super::super::numbers::Swing;
use super::super::state::Fight;

impl Fight<'_> {
    /// `u`'s weapon `w` is its rake attack, kept out of its ordinary attacks.
    #[inline]
    pub(crate) fn is_rake(&self, u: usize, w: usize) -> bool {
        self.info[u].traits.specials.umr.rake == Some(self.info[u].weapons[w].index)
    }

    /// The rake attacks opening `u`'s full attack on `t` (`base`: the swing, a charge's).
    #[cold]
    pub(crate) fn rake<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        base: Swing,
        dice: &mut R,
        sink: &mut S,
    ) {
        let holds = self.units[u].grip.holds() == Some(t);
        if !(holds || base.charge) {
            return;
        }
        let Some(w) = (0..self.info[u].weapons.len()).find(|&w| self.is_rake(u, w)) else {
            return;
        };
        for _ in 0..self.info[u].weapons[w].count {
            if !(self.units[u].active() && self.units[t].active()) {
                return;
            }
            self.strike(u, t, w, base, dice, sink);
        }
    }
}
