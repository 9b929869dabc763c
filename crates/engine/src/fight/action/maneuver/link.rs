//! Who holds whom in a grapple (« CRB — Grapple »): one [`Grip`] per unit, `Copy`, reset each
//! fight — the unit it holds, the unit holding it, whether its hold is due to be maintained,
//! the extra bonus it grappled with, whether pinning cost it its Dexterity bonus, and the DC of
//! the bonds it is tied with. Owns the link only; `grapple` changes it.

/// One unit's place in a grapple.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Grip {
    /// The unit it holds, plus one (0: none).
    holds: u8,
    /// The unit holding it, plus one (0: none).
    held_by: u8,
    /// Its hold must be maintained during this turn, or it ends at the start of its next one.
    pub due: bool,
    /// The extra bonus it started the grapple with (a monster's grab: +4), which also counts
    /// when it maintains it.
    pub bonus: i8,
    /// Pinning its target cost it its Dexterity bonus (« you lose your Dexterity bonus to
    /// AC »): it was made flat-footed for it.
    pub pin_flat_footed: bool,
    /// Tied up: the DC to escape its bonds, 20 + the binder's CMB (0: not tied).
    pub bonds_dc: i16,
}

fn mark(u: Option<usize>) -> u8 {
    u.map_or(0, |u| u8::try_from(u + 1).unwrap_or(0))
}

fn unmark(m: u8) -> Option<usize> {
    (m != 0).then(|| usize::from(m) - 1)
}

impl Grip {
    /// The unit it holds.
    #[inline]
    pub fn holds(&self) -> Option<usize> {
        unmark(self.holds)
    }

    /// The unit holding it.
    #[inline]
    pub fn held_by(&self) -> Option<usize> {
        unmark(self.held_by)
    }

    pub fn set_holds(&mut self, u: Option<usize>) {
        self.holds = mark(u);
    }

    pub fn set_held_by(&mut self, u: Option<usize>) {
        self.held_by = mark(u);
    }

    /// In no grapple and not tied: the common case, one comparison.
    #[inline(always)]
    pub fn is_free(&self) -> bool {
        self.holds == 0 && self.held_by == 0 && self.bonds_dc == 0
    }
}
