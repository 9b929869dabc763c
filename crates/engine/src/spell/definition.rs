//! The validated spell the engine reads: [`Spell`] and its parts ([`Range`], [`Target`],
//! [`Area`], [`SaveSpec`], [`ClassLevels`]). Everything here is already checked (vocabularies,
//! ranges of numbers, consistency between fields) and compact: small enums, bit sets and
//! copyable amounts; the only strings are names and texts for logs and reports. The only way
//! to build one is [`super::parse_spell`] or [`super::SpellFile::validate`].

use super::filter::Filter;
use super::vocab::{
    AreaAffects, AreaOrigin, CastingTime, Component, RangeKind, SaveOutcome, School, SpellAttack,
    SpellClass, SpellDescriptor, Subschool, TargetKind,
};
use crate::area::{Shape, Template};
use crate::rules::effect::{Amount, CreatureSlot, Directed, Duration};
use crate::rules::{Descriptor, Save};
use crate::vocab::EnumSet;

/// A spell's range (« CRB — Magic — Range »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range {
    Personal,
    Touch,
    /// 25 ft + 5 ft per two caster levels.
    Close,
    /// 100 ft + 10 ft per caster level.
    Medium,
    /// 400 ft + 40 ft per caster level.
    Long,
    Unlimited,
    /// A fixed range in feet.
    Feet(u32),
}

impl Range {
    pub(super) fn from_kind(kind: RangeKind) -> Range {
        match kind {
            RangeKind::Personal => Range::Personal,
            RangeKind::Touch => Range::Touch,
            RangeKind::Close => Range::Close,
            RangeKind::Medium => Range::Medium,
            RangeKind::Long => Range::Long,
            RangeKind::Unlimited => Range::Unlimited,
        }
    }

    /// True for the ranges a melee touch attack is delivered at: touch, and « 0 ft » (an
    /// effect held in the hand: flame blade, produce flame).
    pub fn is_touch(self) -> bool {
        match self {
            Range::Touch | Range::Feet(0) => true,
            Range::Personal
            | Range::Close
            | Range::Medium
            | Range::Long
            | Range::Unlimited
            | Range::Feet(_) => false,
        }
    }

    /// The range in feet at caster level `cl`, saturating. Personal and touch are 0 here: a
    /// touch spell reaches as far as the caster's reach, which the fight knows, not the spell.
    /// Unlimited is `u32::MAX`.
    pub fn feet_at(self, cl: u32) -> u32 {
        match self {
            Range::Personal | Range::Touch => 0,
            Range::Close => 25u32.saturating_add((cl / 2).saturating_mul(5)),
            Range::Medium => 100u32.saturating_add(cl.saturating_mul(10)),
            Range::Long => 400u32.saturating_add(cl.saturating_mul(40)),
            Range::Unlimited => u32::MAX,
            Range::Feet(feet) => feet,
        }
    }
}

/// Who a targeted spell affects.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Target {
    pub kind: TargetKind,
    /// How many creatures (1 unless the file says otherwise).
    pub count: Amount,
    pub filter: Filter,
}

/// A spell's area (« CRB — Magic — Aiming a Spell — Area »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Area {
    pub shape: Shape,
    /// Radius (burst, spread, emanation, cylinder) or length (cone, line), a multiple of 5.
    pub size_ft: u32,
    pub origin: AreaOrigin,
    pub affects: AreaAffects,
    pub filter: Filter,
    /// Total Hit Dice affected, lowest first (sleep, circle of death).
    pub hd_pool: Option<Amount>,
}

impl Area {
    /// The grid template of the area on a map of `square_ft`-foot squares (`crate::area`).
    pub fn template(&self, square_ft: u32) -> Template {
        Template::from_feet(self.shape, self.size_ft, square_ft)
    }
}

/// A spell's saving throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveSpec {
    pub save: Save,
    pub on_success: SaveOutcome,
    /// « (harmless) »: a willing target does not roll.
    pub harmless: bool,
}

/// The spell level on each class list that has the spell.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassLevels([Option<u8>; SpellClass::ALL.len()]);

impl ClassLevels {
    pub(super) fn set(&mut self, class: SpellClass, level: u8) {
        self.0[class as usize] = Some(level);
    }

    /// The spell's level for `class`, or `None` when the class's list lacks it.
    pub fn level_for(&self, class: SpellClass) -> Option<u8> {
        self.0[class as usize]
    }

    /// The classes that have the spell, in vocabulary order, with its level.
    pub fn iter(&self) -> impl Iterator<Item = (SpellClass, u8)> + '_ {
        (SpellClass::ALL.iter()).filter_map(|c| self.level_for(*c).map(|level| (*c, level)))
    }
}

/// A validated spell. See the file format in [`super`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Spell {
    pub(super) name: String,
    pub(super) source: String,
    pub(super) school: School,
    pub(super) subschool: Option<Subschool>,
    pub(super) descriptors: EnumSet<SpellDescriptor>,
    pub(super) save_descriptors: EnumSet<Descriptor>,
    pub(super) levels: ClassLevels,
    pub(super) casting_time: CastingTime,
    pub(super) components: EnumSet<Component>,
    pub(super) range: Range,
    pub(super) target: Option<Target>,
    pub(super) area: Option<Area>,
    pub(super) duration: Duration,
    pub(super) dismissible: bool,
    pub(super) save: Option<SaveSpec>,
    pub(super) spell_resistance: bool,
    pub(super) attack: Option<SpellAttack>,
    pub(super) projectiles: Amount,
    pub(super) effects: Vec<Directed>,
    pub(super) on_save: Vec<Directed>,
    pub(super) summons: Vec<String>,
    pub(super) notes: Option<String>,
}

impl Spell {
    /// The name as printed (« Cure Light Wounds »).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Where the numbers come from (« PRD Core Rulebook — Fireball »).
    pub fn source(&self) -> &str {
        &self.source
    }

    pub fn school(&self) -> School {
        self.school
    }

    pub fn subschool(&self) -> Option<Subschool> {
        self.subschool
    }

    pub fn descriptors(&self) -> EnumSet<SpellDescriptor> {
        self.descriptors
    }

    /// What a save modifier may test against this spell (`vs:fear`, `enchantment`…): the
    /// descriptors and school that have a save descriptor, plus `spell`.
    pub fn save_descriptors(&self) -> EnumSet<Descriptor> {
        self.save_descriptors
    }

    pub fn levels(&self) -> &ClassLevels {
        &self.levels
    }

    /// The spell's level on `class`'s list.
    pub fn level_for(&self, class: SpellClass) -> Option<u8> {
        self.levels.level_for(class)
    }

    pub fn casting_time(&self) -> CastingTime {
        self.casting_time
    }

    pub fn components(&self) -> EnumSet<Component> {
        self.components
    }

    pub fn range(&self) -> Range {
        self.range
    }

    pub fn target(&self) -> Option<&Target> {
        self.target.as_ref()
    }

    pub fn area(&self) -> Option<&Area> {
        self.area.as_ref()
    }

    pub fn duration(&self) -> Duration {
        self.duration
    }

    /// « (D) »: the caster may end it.
    pub fn dismissible(&self) -> bool {
        self.dismissible
    }

    /// `None`: « Saving Throw none ».
    pub fn save(&self) -> Option<&SaveSpec> {
        self.save.as_ref()
    }

    pub fn spell_resistance(&self) -> bool {
        self.spell_resistance
    }

    pub fn attack(&self) -> Option<SpellAttack> {
        self.attack
    }

    /// How many projectiles or rays the effects (and attack) repeat for; 1 for most spells.
    pub fn projectiles(&self) -> Amount {
        self.projectiles
    }

    /// What happens to each affected creature that fails its save (or has none).
    pub fn effects(&self) -> &[Directed] {
        &self.effects
    }

    /// With a `partial` save: what happens instead on a successful save.
    pub fn on_save(&self) -> &[Directed] {
        &self.on_save
    }

    /// The combatant files the spell's summon effects name, as written in the spell file
    /// (relative to it: `../monsters/dire_rat.json`); a summon's `CreatureSlot` indexes this.
    pub fn summons(&self) -> &[String] {
        &self.summons
    }

    /// The path a summon effect's `slot` names.
    pub fn summon_path(&self, slot: CreatureSlot) -> Option<&str> {
        self.summons.get(usize::from(slot.0)).map(String::as_str)
    }

    pub fn notes(&self) -> Option<&str> {
        self.notes.as_deref()
    }

    /// The `on_save` list when `on_save`, else the effects.
    pub fn effect_list(&self, on_save: bool) -> &[Directed] {
        if on_save {
            &self.on_save
        } else {
            &self.effects
        }
    }

    /// True when no effect is modelled (`effects: []`; the notes say why), so `validate` can
    /// warn about a combatant naming it.
    pub fn has_no_effect(&self) -> bool {
        self.effects.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// « CRB — Magic — Range »: close 25 ft + 5 ft/2 levels, medium 100 + 10/level, long
    /// 400 + 40/level.
    #[test]
    fn ranges_grow_with_caster_level() {
        assert_eq!(Range::Close.feet_at(1), 25);
        assert_eq!(Range::Close.feet_at(2), 30);
        assert_eq!(Range::Close.feet_at(5), 35);
        assert_eq!(Range::Medium.feet_at(5), 150);
        assert_eq!(Range::Long.feet_at(10), 800);
        assert_eq!(Range::Feet(30).feet_at(20), 30);
        assert_eq!(Range::Touch.feet_at(20), 0);
        assert_eq!(Range::Long.feet_at(u32::MAX), u32::MAX);
    }

    #[test]
    fn class_levels_answer_per_class() {
        let mut levels = ClassLevels::default();
        levels.set(SpellClass::Cleric, 1);
        levels.set(SpellClass::SorcererWizard, 2);
        assert_eq!(levels.level_for(SpellClass::Cleric), Some(1));
        assert_eq!(levels.level_for(SpellClass::Druid), None);
        assert_eq!(
            levels.iter().collect::<Vec<_>>(),
            [(SpellClass::SorcererWizard, 2), (SpellClass::Cleric, 1)]
        );
    }
}
