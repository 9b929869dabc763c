//! [`UnitId`]: the stable one-byte id policies, actions and the view name units by. Owns the
//! id only; what a unit is lives in `unit` and `state`.

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
