//! The per-fight state of spellcasting, beside the units': each caster's slots and charges
//! (`cast::CasterState`), each unit's active effects (`effects::Effects`) and the typed parts
//! they add, and the scratch buffers a cast works in. Allocated once per batch
//! ([`Magic::new`]) and emptied per fight (`Fight::reset_magic`, in `cast`); a batch with no caster
//! switches every hook off with [`Magic::on`], so fights without spells pay nothing.

use std::cell::RefCell;

use crate::area::AreaSquares;
use crate::rules::Part;

use super::cast::caster::CasterState;
use super::effects::Effects;
use super::special::Rider;
use super::unit::UnitInfo;

/// Spellcasting state of one fight.
pub struct Magic<'s> {
    /// Some unit can cast, or carries a poison (its ability damage is parts): the turn loop's
    /// spell hooks run only then.
    pub on: bool,
    /// Entries in every unit's store: the countdown runs only while some exist.
    pub live: u32,
    /// Per unit, its active effects.
    pub effects: Vec<Effects>,
    /// Per unit, the typed parts its effects add (`effects::parts`).
    pub parts: Vec<Vec<Part<'s>>>,
    /// Per unit, its casting state (empty for non-casters).
    pub casters: Vec<CasterState>,
    /// Scratch: the creatures a cast affects, in the order they are resolved.
    pub caught: Vec<usize>,
    /// Scratch: the squares of an area (queries borrow it too, hence the cell).
    pub area: RefCell<AreaSquares>,
    /// Scratch: the amounts a cast rolled, by effect (see `cast::rolls`).
    pub rolled: Vec<i32>,
    /// Scratch: the index in `rolled` that Intense Spells raised this cast (`usize::MAX`:
    /// none), so the log shows the bonus (see `cast::rolls`).
    pub intense_at: usize,
    /// The casting unit's Intense Spells bonus, this cast (0: none).
    pub intense: i32,
}

impl<'s> Magic<'s> {
    pub fn new(info: &[UnitInfo]) -> Self {
        // A poison rider's ability damage and an energy drain's negative levels resolve
        // through the effect parts as well, and so does a rage (`class`).
        let on = info.iter().any(|i| {
            i.caster.is_some()
                || (i.weapons.iter())
                    .any(|w| matches!(w.rider, Some(Rider::Poison(_) | Rider::EnergyDrain { .. })))
                || i.traits.class.rage.is_some()
        });
        let n = info.len();
        Magic {
            on,
            live: 0,
            effects: vec![Effects::default(); if on { n } else { 0 }],
            parts: (0..if on { n } else { 0 })
                .map(|_| Vec::with_capacity(32))
                .collect(),
            casters: vec![CasterState::default(); if on { n } else { 0 }],
            caught: Vec::with_capacity(n),
            area: RefCell::new(AreaSquares::new()),
            rolled: Vec::with_capacity(16),
            intense_at: usize::MAX,
            intense: 0,
        }
    }
}
