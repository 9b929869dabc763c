//! [`UnitId`]: the stable one-byte id policies, actions and the view name units by, and
//! [`UnitSet`], a set of unit indices. Owns the ids only; what a unit is lives in `unit` and
//! `state`.

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

/// Up to 256 units: a set of unit indices as bits.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UnitSet([u64; 4]);

impl UnitSet {
    pub fn insert(&mut self, u: usize) {
        self.0[u / 64] |= 1 << (u % 64);
    }

    pub fn remove(&mut self, u: usize) {
        self.0[u / 64] &= !(1 << (u % 64));
    }

    pub fn contains(&self, u: usize) -> bool {
        self.0[u / 64] & (1 << (u % 64)) != 0
    }

    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }

    pub fn clear(&mut self) {
        self.0 = [0; 4];
    }

    /// The units in the set, in index order.
    pub fn iter(&self) -> impl Iterator<Item = usize> + '_ {
        self.0.iter().enumerate().flat_map(|(word, &bits)| {
            let mut left = bits;
            std::iter::from_fn(move || {
                (left != 0).then(|| {
                    let bit = left.trailing_zeros() as usize;
                    left &= left - 1;
                    word * 64 + bit
                })
            })
        })
    }
}
