//! [`UnitId`]: the stable one-byte id policies, actions and the view name units by, and
//! [`UnitIds`], a set of them. Owns the ids only; what a unit is lives in `unit` and `state`.

/// A unit's stable id: its index in [`crate::scenario::Scenario::units`] (an encounter holds at most
/// [`crate::scenario::MAX_UNITS`] = 250 units), then, past them, the summoned creatures
/// reserved for the fight — 255 units at most, so one byte. Actions, policies and the view
/// name units by it; the engine's own tables index by `usize`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct UnitId(u8);

impl UnitId {
    /// The unit at `index` in [`crate::scenario::Scenario::units`]; panics beyond 255.
    pub const fn new(index: usize) -> Self {
        assert!(index <= u8::MAX as usize, "a unit index fits in a byte");
        UnitId(index as u8)
    }

    /// Its index in [`crate::scenario::Scenario::units`] (or past them, a summoned creature's).
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The id of engine index `u` (a unit of the fight: at most 255).
    #[inline]
    pub(crate) const fn of(u: usize) -> Self {
        debug_assert!(u <= u8::MAX as usize);
        UnitId(u as u8)
    }
}

/// A set of units (every [`UnitId`] fits: 256 bits), `Copy` and allocation-free; iterated in
/// unit order.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitIds([u64; 4]);

impl UnitIds {
    /// Adds the unit of engine index `u`.
    #[inline]
    pub fn insert(&mut self, u: usize) {
        self.0[u / 64] |= 1 << (u % 64);
    }

    /// Takes the unit of engine index `u` out.
    #[inline]
    pub fn remove(&mut self, u: usize) {
        self.0[u / 64] &= !(1 << (u % 64));
    }

    /// The unit of engine index `u` is in the set.
    #[inline]
    pub fn contains(&self, u: usize) -> bool {
        self.0[u / 64] & (1 << (u % 64)) != 0
    }

    /// `u` is in the set.
    #[inline]
    pub fn has(&self, u: UnitId) -> bool {
        self.contains(u.index())
    }

    pub fn clear(&mut self) {
        self.0 = [0; 4];
    }

    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    /// The members' engine indices, in unit order.
    pub fn indices(self) -> impl Iterator<Item = usize> {
        self.iter().map(UnitId::index)
    }

    /// The members in unit order.
    pub fn iter(self) -> impl Iterator<Item = UnitId> {
        self.0.into_iter().enumerate().flat_map(|(k, word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let b = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(UnitId::of(64 * k + b))
            })
        })
    }
}
