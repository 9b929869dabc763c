//! Lasting spell effects (« CRB — Magic — Duration », « Combining Magical Effects »): the
//! per-unit store of active effects ([`Effects`], one [`Active`] per lasting primitive of a
//! cast), what they add to a unit's numbers through the one resolver (`parts`), their countdown
//! on the caster's turn and their end (`tick`), how each primitive lands on a creature
//! (`apply`), and what they do at fixed moments of a fight — an attack on a warded creature,
//! the start of a bearer's or a caster's turn (`hooks`). Owns the effects once cast; which
//! creatures a spell affects and whether they save is `cast`'s.
//!
//! Storage: a fixed array of [`CAPACITY`] entries per unit, allocated once per batch and
//! emptied per fight, so applying or ending an effect never allocates. Overflow rule: a new
//! effect that finds the store full is not applied (logged « no room »). The same spell from the
//! same caster does not stack with itself: a recast refreshes the entry (its amount and
//! rounds) instead of adding one.

mod apply;
mod hooks;
mod parts;
mod tick;

pub(crate) use apply::Dose;

use crate::spell::SpellId;

/// Kinds of effects a unit carries, as bits: only the code that handles a bit looks further.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wards(u16);

impl Wards {
    /// Some effect changes its numbers (parts to resolve).
    pub const STATS: u16 = 1 << 0;
    pub const MIRROR: u16 = 1 << 1;
    pub const SANCTUARY: u16 = 1 << 2;
    pub const RETALIATE: u16 = 1 << 3;
    pub const SEE_INVISIBLE: u16 = 1 << 4;
    pub const EXTRA_ATTACK: u16 = 1 << 5;
    pub const SPELL_IMMUNITY: u16 = 1 << 6;
    pub const RECURRING: u16 = 1 << 7;
    pub const SAVE_ENDS: u16 = 1 << 8;
    pub const SPELL_WEAPON: u16 = 1 << 9;
    pub const NEGATIVE_LEVELS: u16 = 1 << 10;
    /// Some effect at all.
    pub const ANY: u16 = 1 << 11;
    /// A poison at work (« Bestiary — Poison »: `special`, not a spell's store entry).
    pub const POISON: u16 = 1 << 12;
    /// Averting its eyes from gazes (« Bestiary — Gaze »: `special`): its attacks on a gazer
    /// look up the gazer's concealment.
    pub const AVERTING: u16 = 1 << 13;

    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    #[inline]
    pub fn has(self, bits: u16) -> bool {
        self.0 & bits != 0
    }

    pub(crate) fn add(&mut self, bits: u16) {
        self.0 |= bits;
    }

    pub(crate) fn remove(&mut self, bits: u16) {
        self.0 &= !bits;
    }
}

/// Entries per unit (bless and haste on one creature take 2 and 5).
pub const CAPACITY: usize = 16;

/// Rounds of an effect that lasts longer than any fight (permanent, concentration).
pub const FOREVER: u32 = u32::MAX;

/// One lasting primitive of a cast, on one creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Active {
    pub spell: SpellId,
    /// The primitive: index in the spell's `effects`, or in its `on_save` list.
    pub effect: u8,
    pub on_save: bool,
    /// The unit that cast it: its turns count the rounds down.
    pub caster: u8,
    /// The caster level it was cast at (dispel checks, rolls made later).
    pub cl: u8,
    /// Rounds left, counted at the end of the caster's turns; [`FOREVER`].
    pub rounds: u32,
    /// Applied during the caster's current turn: its first end of turn does not count.
    pub fresh: bool,
    /// The number it holds: a modifier's value, a penalty, negative levels, images left,
    /// temporary hit points granted, rounds of recurring damage left.
    pub value: i32,
    /// The save DC of the spell (save-ends conditions, sanctuary).
    pub dc: i16,
    /// A condition it imposed that the creature did not have before (removed at the end); a
    /// condition it had already keeps its own rounds in `value`, given back at the end.
    pub added: bool,
}

/// One unit's active effects.
#[derive(Clone, Copy, Debug)]
pub struct Effects {
    len: u8,
    list: [Active; CAPACITY],
}

impl Default for Effects {
    fn default() -> Self {
        let blank = Active {
            spell: SpellId::default(),
            effect: 0,
            on_save: false,
            caster: 0,
            cl: 0,
            rounds: 0,
            fresh: false,
            value: 0,
            dc: 0,
            added: false,
        };
        Effects {
            len: 0,
            list: [blank; CAPACITY],
        }
    }
}

impl Effects {
    pub fn iter(&self) -> impl Iterator<Item = &Active> {
        self.list[..usize::from(self.len)].iter()
    }

    pub fn len(&self) -> usize {
        usize::from(self.len)
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    pub fn clear(&mut self) {
        self.len = 0;
    }

    fn get_mut(&mut self, i: usize) -> &mut Active {
        &mut self.list[i]
    }

    /// The entry of the same primitive of the same spell from the same caster, if any.
    fn position(&self, a: &Active) -> Option<usize> {
        self.iter().position(|b| {
            b.spell == a.spell
                && b.caster == a.caster
                && b.effect == a.effect
                && b.on_save == a.on_save
        })
    }

    /// Adds `a`, or refreshes the entry of the same primitive, spell and caster. `Err` when
    /// the store is full (the effect is not applied). Returns the entry's index and whether
    /// it refreshed one.
    pub(crate) fn put(&mut self, a: Active) -> Result<(usize, bool), ()> {
        if let Some(i) = self.position(&a) {
            let added = self.list[i].added;
            self.list[i] = Active { added, ..a };
            return Ok((i, true));
        }
        let i = usize::from(self.len);
        if i == CAPACITY {
            return Err(());
        }
        self.list[i] = a;
        self.len += 1;
        Ok((i, false))
    }

    /// Removes entry `i`, keeping the order of the others.
    fn remove(&mut self, i: usize) -> Active {
        let gone = self.list[i];
        let len = usize::from(self.len);
        self.list.copy_within(i + 1..len, i);
        self.len -= 1;
        gone
    }
}
