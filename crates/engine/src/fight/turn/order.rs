//! The order of play after initiative (« CRB — Special Initiative Actions »; the reference
//! spec, « Retard », « Préparation »): who took its turn this round, and the two ways a
//! creature changes its place — delaying, to just after another creature or to the end of the
//! round (« Delay »), and a readied action going off, which puts the readier just before the
//! creature that set it off (« Ready — Initiative Consequences of Readying »). The new place
//! stays for the next rounds and the creature's initiative count becomes the one it acts on.
//!
//! The round walks `Fight::order` and plays the first unit that has not taken its turn this
//! round; the units that did always form a prefix of the order (a delaying unit leaves it, a
//! readier joins it just before the current actor), so a changed order never skips or repeats
//! a turn. Owns the changes of place; the turns themselves are `turn`'s.

use super::super::state::Fight;

impl Fight<'_> {
    /// A tactic comes into play: from now on this fight the round keeps who took its turn
    /// (until now, the units up to the current one in the order) and the hooks look further.
    #[cold]
    #[inline(never)]
    pub(crate) fn track_tactics(&mut self) {
        let tactics = &mut self.tactics;
        if tactics.live {
            return;
        }
        tactics.live = true;
        let begun = (tactics.cursor + 1).min(self.order.len());
        for &o in &self.order[..begun] {
            tactics.acted.insert(o);
        }
    }

    /// `u` has taken (or begun) its turn this round.
    pub(crate) fn has_acted(&self, u: usize) -> bool {
        if self.tactics.live {
            self.tactics.acted.contains(u)
        } else {
            let begun = (self.tactics.cursor + 1).min(self.order.len());
            self.order[..begun].contains(&u)
        }
    }

    /// « CRB — Delay »: `u` gives its turn up and takes it right after unit `after` takes its
    /// own, or at the end of the round (`None`). False, with nothing changed, when `after` is
    /// `u` itself or has already taken its turn this round.
    pub(crate) fn wait_after(&mut self, u: usize, after: Option<usize>) -> bool {
        self.track_tactics();
        if let Some(x) = after
            && (x == u || self.tactics.acted.contains(x) || !self.order.contains(&x))
        {
            return false;
        }
        let Some(from) = self.order.iter().position(|&o| o == u) else {
            return false;
        };
        self.order.remove(from);
        let at = match after {
            Some(x) => self.order.iter().position(|&o| o == x).map_or(0, |k| k + 1),
            None => self.order.len(),
        };
        self.units[u].initiative = match at.checked_sub(1) {
            Some(k) => self.units[self.order[k]].initiative,
            None => self.units[u].initiative,
        };
        self.order.insert(at, u);
        self.tactics.acted.remove(u);
        true
    }

    /// « CRB — Ready — Initiative Consequences of Readying »: `r` acts just before `before`
    /// from now on, on its initiative count; its readied action was its turn, so it has taken
    /// its turn this round.
    pub(crate) fn act_before(&mut self, r: usize, before: usize) {
        if r == before {
            return;
        }
        self.track_tactics();
        let Some(from) = self.order.iter().position(|&o| o == r) else {
            return;
        };
        self.order.remove(from);
        let at = (self.order.iter().position(|&o| o == before)).unwrap_or(self.order.len());
        self.order.insert(at, r);
        self.units[r].initiative = self.units[before].initiative;
        self.tactics.acted.insert(r);
    }
}
