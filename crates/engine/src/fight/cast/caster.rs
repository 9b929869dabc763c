//! What a fight knows about a spellcaster (« CRB — Magic »; the reference spec, « Incantation »):
//! the constants of a batch ([`Caster`]: its list, caster level, casting ability, known spells
//! with their level, slots per encounter, prepared copies, casting feats) and the per-fight
//! state ([`CasterState`]: slots and copies left, a held touch charge, a spell being cast over
//! one round), and what a legal cast is ([`CastPlan`], checked by `plan`). Owns the slot rules
//! — which slot a casting takes and the save DC —; never decides what a spell does.
//!
//! Slots (the reference spec, « Incantation »): the file's `spell_slots` are an authored
//! per-encounter budget (no bonus spells are ever added); cantrips (level 0) are cast at will;
//! a casting takes the lowest free slot of its level plus its metamagic adjustment, or any
//! higher one. A prepared caster whose file lists `prepared` copies spends a copy and a slot;
//! a prepared caster without them casts any of its spells from its slots (simplified: flexible
//! preparation, as a spontaneous caster does).
//!
//! Spell-like abilities (« Bestiary — Spell-Like Abilities »: the `spell_like` entry) are
//! known spells too, after the file's own ([`Caster::sla_from`]): no slot (at-will ones are
//! never spent, N-a-day ones spend one of their uses), no metamagic, the entry's caster
//! level, DC and concentration from Charisma; `guards` skips their components.

use crate::area::{Aim, Origin};
use crate::board::Pos;
use crate::model::special::SlaUses;
use crate::model::{Casting, Combatant};
use crate::rules::feat::{Feat, FeatSet, spell_focus_schools};
use crate::spell::SpellId;
use crate::spell::vocab::{School, SpellClass};
use crate::spellbook::{CasterSpells, KnownSpell};
use crate::vocab::EnumSet;

use super::super::action::spell::{MetamagicKind, Metamagics};

/// The class lists whose spells are arcane (« CRB — Arcane Spells and Armor »): a somatic
/// component in armor risks arcane spell failure. Every list is placed here.
pub fn is_arcane(list: SpellClass) -> bool {
    use SpellClass::*;
    match list {
        SorcererWizard | Bard | Witch | Magus | Summoner | Bloodrager | Arcanist | Skald => true,
        Cleric | Druid | Paladin | Ranger | Alchemist | Inquisitor | Oracle | Antipaladin
        | Shaman | Psychic | Medium | Mesmerist | Occultist | Spiritualist | Hunter
        | Investigator | Warpriest => false,
    }
}

/// A caster's constants for a batch of fights.
#[derive(Clone, Debug)]
pub struct Caster {
    pub list: SpellClass,
    pub arcane: bool,
    /// The casting ability's modifier (DCs, concentration, a spiritual weapon's attack).
    pub ability_mod: i32,
    /// « CRB — Caster Level »: the file's `caster_level` (its level by default).
    pub level: u32,
    /// Its spells and their level on its list, in file order.
    pub known: Vec<KnownSpell>,
    /// Slots per spell level for the encounter.
    pub slots: [u8; 10],
    /// Prepared copies per known spell (parallel to `known`); `None`: any known spell from
    /// the slots.
    pub copies: Option<Vec<u8>>,
    /// Spell Focus and Greater Spell Focus schools.
    pub focus: EnumSet<School>,
    pub greater_focus: EnumSet<School>,
    /// The metamagic feats it has.
    pub metamagic: Metamagics,
    /// Arcane spell failure chance in percent.
    pub asf: u8,
    /// Combat Casting: +4 on concentration checks to cast defensively or grappled.
    pub combat_casting: bool,
    /// Spell Penetration (+2) and Greater Spell Penetration (+2 more) on caster level checks
    /// against spell resistance; « CRB — Elves — Elven Magic » adds +2 (read from its
    /// `features` line).
    pub penetration: i32,
    /// « CRB — Wizard — Evocation — Intense Spells »: +½ wizard level (at least 1) on the
    /// damage of its evocation spells that deal hit point damage, once a spell (read from its
    /// `features` line; 0 without it).
    pub intense: i32,
    /// « Bestiary — Spell-Like Abilities »: `known[sla_from..]` are its spell-like abilities
    /// (none when it is `known.len()`), cast at caster level `sla_level` with DCs and
    /// concentration from Charisma (`sla_mod`), no slot, no component, no metamagic.
    pub sla_from: usize,
    pub sla_level: u32,
    pub sla_mod: i32,
    /// Per spell-like ability (parallel to `known[sla_from..]`): uses for the encounter
    /// (`u8::MAX`: at will) and whether it targets only the caster.
    pub sla: Vec<(u8, bool)>,
}

/// Uses of an at-will spell-like ability (never spent).
pub const AT_WILL: u8 = u8::MAX;

/// The metamagic feat a [`Feat`] is, if any.
fn metamagic_of(feat: Feat) -> Option<MetamagicKind> {
    Some(match feat {
        Feat::EmpowerSpell => MetamagicKind::Empower,
        Feat::MaximizeSpell => MetamagicKind::Maximize,
        Feat::ExtendSpell => MetamagicKind::Extend,
        Feat::QuickenSpell => MetamagicKind::Quicken,
        Feat::SilentSpell => MetamagicKind::Silent,
        Feat::StillSpell => MetamagicKind::Still,
        Feat::HeightenSpell => MetamagicKind::Heighten,
        _ => return None,
    })
}

/// `c` has a `features` line of these words (« Elven Magic »).
fn has_line(c: &Combatant, words: &str) -> bool {
    (c.features().iter()).any(|l| crate::model::features::feature_is(l, words))
}

impl Caster {
    /// The caster `c` is with its resolved `spells`, or `None` when it knows no spell.
    pub fn new(c: &Combatant, spells: &CasterSpells, feats: FeatSet) -> Option<Caster> {
        let usable = |k: &&crate::spellbook::KnownSla| k.uses != SlaUses::Constant;
        let slas: Vec<_> = spells.spell_like.iter().filter(usable).collect();
        let list = match c.spell_list() {
            Some(list) if !spells.known.is_empty() => list,
            // Spell-like abilities only: the list is never read (no component, no slot).
            _ if !slas.is_empty() => SpellClass::SorcererWizard,
            _ => return None,
        };
        let ability_mod = c
            .casting_ability()
            .map_or(0, |a| c.abilities().modifier(a.ability()));
        let mut slots = [0u8; 10];
        for (slot, n) in slots.iter_mut().zip(c.spell_slots()) {
            *slot = n.min(u32::from(u8::MAX)) as u8;
        }
        let copies =
            (c.casting() == Some(Casting::Prepared) && !spells.prepared.is_empty()).then(|| {
                (spells.known.iter())
                    .map(|k| {
                        let n = (spells.prepared.iter()).find(|(id, _)| *id == k.id);
                        n.map_or(0, |(_, n)| (*n).min(u32::from(u8::MAX)) as u8)
                    })
                    .collect()
            });
        let (focus, greater_focus) = spell_focus_schools(c.feats());
        let metamagic = (feats.iter()).filter_map(metamagic_of).collect();
        let penetration = 2 * i32::from(feats.contains(Feat::SpellPenetration))
            + 2 * i32::from(feats.contains(Feat::GreaterSpellPenetration))
            + 2 * i32::from(has_line(c, "elven magic"));
        let intense = if has_line(c, "intense spells") {
            (c.level() as i32 / 2).max(1)
        } else {
            0
        };
        let sla_level = u32::from(spells.sla_level).max(1);
        let mut known = spells.known.clone();
        known.extend(slas.iter().map(|k| k.spell));
        let sla = (slas.iter())
            .map(|k| match k.uses {
                SlaUses::PerDay(n) => (n, k.self_only),
                SlaUses::AtWill | SlaUses::Constant => (AT_WILL, k.self_only),
            })
            .collect();
        Some(Caster {
            list,
            arcane: is_arcane(list),
            ability_mod,
            level: if spells.known.is_empty() {
                sla_level
            } else {
                c.caster_level()
            },
            sla_from: spells.known.len(),
            sla_level,
            sla_mod: c.abilities().modifier(crate::model::Ability::Cha),
            sla,
            known,
            slots,
            copies,
            focus,
            greater_focus,
            metamagic,
            asf: c.armor_spell_failure(),
            combat_casting: feats.contains(Feat::CombatCasting),
            penetration,
            intense,
        })
    }

    /// Known spell `k` is a spell-like ability.
    #[inline]
    pub fn is_sla(&self, k: usize) -> bool {
        k >= self.sla_from
    }

    /// The ability modifier of known spell `k`'s DC and concentration: the casting
    /// ability's, Charisma for a spell-like ability.
    pub fn mod_for(&self, k: usize) -> i32 {
        if self.is_sla(k) {
            self.sla_mod
        } else {
            self.ability_mod
        }
    }

    /// The save DC of known spell `k` cast at `level`: [`Caster::dc`]; a spell-like ability's
    /// is 10 + the spell's level + Charisma modifier (« Bestiary — Spell-Like Abilities »;
    /// Spell Focus is for spells).
    pub fn dc_of(&self, k: usize, level: u8, school: School) -> i32 {
        if self.is_sla(k) {
            10 + i32::from(level) + self.sla_mod
        } else {
            self.dc(level, school)
        }
    }

    /// The index in `known` and the slot of a casting of spell `id` with `metamagic` now: its
    /// first entry that can be cast (a spell before a spell-like ability of the same spell),
    /// else the first entry's refusal.
    pub fn choose(
        &self,
        state: &CasterState,
        id: SpellId,
        metamagic: Metamagics,
    ) -> Result<(usize, SlotChoice), &'static str> {
        let mut refusal = "unknown_spell";
        for (k, _) in (self.known.iter().enumerate()).filter(|(_, s)| s.id == id) {
            match self.choose_slot(state, k, metamagic) {
                Ok(choice) => return Ok((k, choice)),
                Err(e) if refusal == "unknown_spell" => refusal = e,
                Err(_) => {}
            }
        }
        Err(refusal)
    }

    /// The index in `known` and the entry of spell `id`, when the caster knows it.
    pub fn known(&self, id: SpellId) -> Option<(usize, KnownSpell)> {
        (self.known.iter().enumerate())
            .find(|(_, k)| k.id == id)
            .map(|(i, k)| (i, *k))
    }

    /// « CRB — Saving Throw — Difficulty Class »: 10 + the spell's level + the casting ability
    /// modifier, +1 with Spell Focus and +1 more with Greater Spell Focus in its school.
    pub fn dc(&self, level: u8, school: School) -> i32 {
        10 + i32::from(level)
            + self.ability_mod
            + i32::from(self.focus.contains(school))
            + i32::from(self.greater_focus.contains(school))
    }

    /// The slot a casting of known spell `k` with `metamagic` takes now, given `state`.
    /// Errors: `no_slot` (no free slot of the needed level, or Heighten with nothing higher
    /// free), `not_prepared` (a prepared caster with no copy left of that spell).
    pub fn choose_slot(
        &self,
        state: &CasterState,
        k: usize,
        metamagic: Metamagics,
    ) -> Result<SlotChoice, &'static str> {
        let base = self.known[k].level;
        if self.is_sla(k) {
            // « Bestiary — Spell-Like Abilities »: no slot; its uses for the encounter.
            if metamagic != Metamagics::NONE {
                return Err("invalid_metamagic");
            }
            if state
                .sla_left
                .get(k - self.sla_from)
                .is_none_or(|&n| n == 0)
            {
                return Err("no_uses_left");
            }
            return Ok(SlotChoice {
                slot: None,
                level: base,
                copy: None,
                sla: Some(k - self.sla_from),
            });
        }
        let adjust = metamagic.levels();
        let free = |l: usize| state.slots[l] > 0;
        let (slot, level) = if metamagic.has(MetamagicKind::Heighten) {
            // « CRB — Heighten Spell », simplified: to the highest level of a free slot.
            let top = (1..10).rev().find(|&l| free(l)).ok_or("no_slot")? as u8;
            let level = top.checked_sub(adjust).filter(|&l| l > base);
            (Some(top), level.ok_or("no_slot")?)
        } else {
            let needed = usize::from(base + adjust);
            if needed == 0 {
                (None, 0)
            } else {
                let slot = (needed..10).find(|&l| free(l)).ok_or("no_slot")?;
                (Some(slot as u8), base)
            }
        };
        let copy = match &self.copies {
            Some(copies) if base > 0 => {
                if state.copies[k] == 0 {
                    return Err("not_prepared");
                }
                Some(k)
            }
            _ => None,
        };
        Ok(SlotChoice {
            slot,
            level,
            copy,
            sla: None,
        })
    }
}

/// What a casting spends: a slot of a level (none for a cantrip), a prepared copy (the index
/// of the spell in the caster's `known`), and the spell's level for its DC (the base level, or
/// the heightened one).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SlotChoice {
    pub slot: Option<u8>,
    pub level: u8,
    pub copy: Option<usize>,
    /// A spell-like ability's index in the caster's `sla` (its uses).
    pub sla: Option<usize>,
}

/// What a legal cast is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Aimed {
    /// A creature (the caster itself for personal spells).
    Unit(usize),
    /// An area from `origin`, directed at `aim` for cones and lines.
    Area { origin: Origin, aim: Option<Aim> },
    /// The square a teleport ends on.
    Square(Pos),
    /// Nothing (summons, spells without a target).
    Nothing,
}

/// A legal cast, ready to spend and resolve.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CastPlan {
    pub spell: SpellId,
    /// The spell's index in the caster's known spells.
    pub known: usize,
    pub choice: SlotChoice,
    pub metamagic: Metamagics,
    pub aimed: Aimed,
    /// The save DC (« CRB — Saving Throw »): the spell's level on the caster's list (raised by
    /// Heighten only), the casting ability, Spell Focus.
    pub dc: i32,
    /// The caster level it is cast at (negative levels lower it).
    pub cl: u32,
    pub defensively: bool,
}

/// A touch spell whose attack missed: the caster still holds the charge (« CRB — Holding the
/// Charge »).
#[derive(Clone, Copy, Debug)]
pub struct Held {
    pub plan: CastPlan,
    pub target: usize,
}

/// A spell of one round's casting time, resolved at the start of the caster's next turn
/// (« CRB — Casting Time »).
#[derive(Clone, Copy, Debug)]
pub struct Pending {
    pub plan: CastPlan,
    /// The caster's hit points when it began casting: a loss by then calls for a
    /// concentration check.
    pub hp: i32,
}

/// A caster's state in one fight.
#[derive(Clone, Debug, Default)]
pub struct CasterState {
    pub slots: [u8; 10],
    pub copies: Vec<u8>,
    /// Uses left per spell-like ability ([`AT_WILL`]: at will).
    pub sla_left: Vec<u8>,
    pub held: Option<Held>,
    pub pending: Option<Pending>,
}

impl CasterState {
    /// The state at the start of a fight: every slot and copy back, nothing held or pending.
    pub fn reset(&mut self, caster: &Caster) {
        self.slots = caster.slots;
        self.copies.clear();
        if let Some(copies) = &caster.copies {
            self.copies.extend_from_slice(copies);
        }
        self.sla_left.clear();
        self.sla_left.extend(caster.sla.iter().map(|(n, _)| *n));
        self.held = None;
        self.pending = None;
    }

    /// Spends what `choice` takes.
    pub fn spend(&mut self, choice: SlotChoice) {
        if let Some(slot) = choice.slot {
            self.slots[usize::from(slot)] -= 1;
        }
        if let Some(k) = choice.copy {
            self.copies[k] -= 1;
        }
        if let Some(k) = choice.sla
            && self.sla_left[k] != AT_WILL
        {
            self.sla_left[k] -= 1;
        }
    }
}
