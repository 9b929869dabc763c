//! The monster rules a policy weighs a turn with, through the [`View`] (Bestiary — « Pounce »,
//! « Trample »): whether a charge ends in a full attack, and how many enemies a trample would
//! pass over. Nothing is rolled, changed or allocated.

use super::super::unit::UnitId;
use super::View;

impl View<'_> {
    /// « Bestiary — Pounce »: a charge of `u` ends in a full attack.
    pub fn pounces(&self, u: UnitId) -> bool {
        self.fight.info[u.index()].traits.specials.umr.pounce
    }

    /// « Bestiary — Trample »: the enemies a trample of `u` toward `t` would pass over (0
    /// when `u` does not trample or the line does not pass over `t` to a free square).
    pub fn trample_over(&self, u: UnitId, t: UnitId) -> usize {
        if self.fight.info[u.index()]
            .traits
            .specials
            .umr
            .trample
            .is_none()
        {
            return 0;
        }
        self.fight
            .trample_path(u.index(), t.index())
            .map_or(0, |(_, over)| over.len())
    }
}
