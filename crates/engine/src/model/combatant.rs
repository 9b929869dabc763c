//! The validated combatant the engine runs on: [`Combatant`] and its parts. Values here are
//! already checked (ranges, vocabularies, dice parsed, defaults applied), so rule code never
//! re-validates; the only way to build one is [`super::parse_combatant`] or
//! [`super::CombatantFile::validate`]. Fight state (current hp, conditions, spent resources)
//! never lives here.

use std::fmt;
use std::sync::Arc;

use serde::Deserialize;

use super::attack::Attack;
pub use super::creature_type::CreatureType;
use super::special::SpecialEntry;
use crate::rules::{DamageReduction, Immunities, Modifier, StartCondition};
use crate::size::Size;
use crate::vocab::{Ability, Alignment, DamageType, Skill, SpellClass};

/// Which side of the table a combatant belongs to. This field — not `source`, not the file's
/// folder — is the rule for PC versus monster: `--simple-monster-death` (a monster dies at
/// 0 hp instead of going through disabled/dying) applies to `monster` only. Default `monster`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Role {
    Pc,
    Monster,
}

/// Which ability a caster's DCs and concentration use (never Constitution).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CastingAbility {
    Int,
    Wis,
    Cha,
}

impl CastingAbility {
    pub fn ability(self) -> Ability {
        match self {
            CastingAbility::Int => Ability::Int,
            CastingAbility::Wis => Ability::Wis,
            CastingAbility::Cha => Ability::Cha,
        }
    }
}

/// How a caster gets its spells ready (« CRB — Magic — Preparing Wizard Spells », « Arcane
/// Magical Writings » vs « Sorcerers and Bards »): prepared casters cast what they prepared,
/// spontaneous ones any spell they know from a free slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum Casting {
    Prepared,
    Spontaneous,
}

/// Challenge rating: 1/8, 1/6, 1/4, 1/3, 1/2 or a whole number 1–30 (« Bestiary — Table 1-1 »).
/// Ordered by value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ChallengeRating {
    num: u8,
    den: u8,
}

impl ChallengeRating {
    /// The fractional ratings, smallest first.
    pub const FRACTIONS: [ChallengeRating; 5] = [
        ChallengeRating { num: 1, den: 8 },
        ChallengeRating { num: 1, den: 6 },
        ChallengeRating { num: 1, den: 4 },
        ChallengeRating { num: 1, den: 3 },
        ChallengeRating { num: 1, den: 2 },
    ];

    /// A whole rating, 1–30.
    pub fn whole(value: i64) -> Option<Self> {
        (1..=30).contains(&value).then_some(Self {
            num: value as u8,
            den: 1,
        })
    }

    pub fn num(self) -> u8 {
        self.num
    }

    /// 1 for whole ratings.
    pub fn den(self) -> u8 {
        self.den
    }
}

impl Ord for ChallengeRating {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        (u16::from(self.num) * u16::from(other.den))
            .cmp(&(u16::from(other.num) * u16::from(self.den)))
    }
}

impl PartialOrd for ChallengeRating {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for ChallengeRating {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.den == 1 {
            write!(f, "{}", self.num)
        } else {
            write!(f, "{}/{}", self.num, self.den)
        }
    }
}

impl std::str::FromStr for ChallengeRating {
    type Err = String;

    /// `"1/3"` or `"5"`.
    fn from_str(text: &str) -> Result<Self, String> {
        let found = Self::FRACTIONS
            .into_iter()
            .find(|cr| cr.to_string() == text)
            .or_else(|| text.parse::<i64>().ok().and_then(Self::whole));
        found.ok_or_else(|| {
            format!(
                "must be 1/8, 1/6, 1/4, 1/3, 1/2 or a whole number from 1 to 30, got \"{text}\""
            )
        })
    }
}

/// The six scores; `None` is a nonability (« CRB — Nonabilities »: undead and constructs have
/// no Con, mindless creatures no Int).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Abilities {
    pub(super) scores: [Option<u8>; 6],
}

impl Abilities {
    /// Score 1–99, or `None` for a nonability.
    pub fn score(&self, ability: Ability) -> Option<u8> {
        self.scores[ability as usize]
    }

    /// The ability's modifier; see [`ability_modifier`].
    pub fn modifier(&self, ability: Ability) -> i32 {
        ability_modifier(self.score(ability))
    }
}

/// `floor((score − 10) / 2)` (« CRB — Table 1-3 »). A nonability gives 0: « a creature with no
/// Constitution […] always treats its Con modifier as +0 » for checks; whatever replaces the
/// missing score elsewhere (an undead's Fort save uses Cha) is the caller's rule.
pub fn ability_modifier(score: Option<u8>) -> i32 {
    score.map_or(0, |s| (i32::from(s) - 10).div_euclid(2))
}

/// Final armor class values, size already included: never add a size modifier to them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ArmorClass {
    pub total: i32,
    pub touch: i32,
    pub flat_footed: i32,
}

/// Final saving throw bonuses.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Saves {
    pub fort: i32,
    pub reflex: i32,
    pub will: i32,
}

/// One skill line of a stat block.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SkillEntry {
    pub ranks: u32,
    pub class_skill: bool,
    /// Armor check penalty, 0 or less.
    pub armor_penalty: i32,
    pub misc: i32,
    /// The stat block's final bonus, used as-is when given.
    pub total: Option<i32>,
}

impl SkillEntry {
    /// `total` when given, else ranks + 3 for a class skill with at least one rank
    /// (« CRB — Skills ») + the key ability's modifier + armor penalty + misc.
    pub fn bonus(&self, ability_modifier: i32) -> i32 {
        self.total.unwrap_or_else(|| {
            let class = if self.class_skill && self.ranks > 0 {
                3
            } else {
                0
            };
            self.ranks as i32 + class + ability_modifier + self.armor_penalty + self.misc
        })
    }
}

/// A validated combatant, immutable and cheap to clone (one shared allocation).
#[derive(Clone, PartialEq)]
pub struct Combatant(pub(super) Arc<CombatantData>);

#[derive(Debug, PartialEq)]
pub(super) struct CombatantData {
    /// The label of the file it was read from (the path as the user wrote it), for errors
    /// found after parsing (a spell the catalogue lacks).
    pub file: String,
    pub name: String,
    pub role: Role,
    pub level: u32,
    pub caster_level: u32,
    pub size: Size,
    pub creature_type: CreatureType,
    pub subtypes: Vec<String>,
    pub alignment: Alignment,
    pub cr: Option<ChallengeRating>,
    pub xp: Option<u32>,
    pub source: Option<String>,
    pub notes: Option<String>,
    pub abilities: Abilities,
    pub hp_max: u32,
    pub ac: ArmorClass,
    pub bab: i32,
    pub initiative_mod: i32,
    pub cmb: Option<i32>,
    pub cmd: Option<i32>,
    pub speed_land_ft: u32,
    pub speed_fly_ft: Option<u32>,
    pub saves: Saves,
    pub attacks: Vec<Attack>,
    pub dr: Option<DamageReduction>,
    pub spell_resistance: u32,
    pub resistances: Vec<(DamageType, u32)>,
    pub immunities: Immunities,
    pub features: Vec<String>,
    pub feats: Vec<String>,
    pub specials: Vec<SpecialEntry>,
    pub spells: Vec<String>,
    pub spell_slots: [u32; 10],
    pub casting_ability: Option<CastingAbility>,
    pub spell_list: Option<SpellClass>,
    pub casting: Option<Casting>,
    pub prepared: Vec<(String, u32)>,
    pub armor_spell_failure: u8,
    pub resources: Vec<(String, u32)>,
    pub skills: Vec<(Skill, SkillEntry)>,
    pub carried_items: Vec<String>,
    pub aware: bool,
    pub conditions: Vec<StartCondition>,
    pub bleed: u32,
    pub modifiers: Vec<Modifier>,
    pub included_bonuses: Vec<Modifier>,
    pub feats_in_stat_block: bool,
}

impl fmt::Debug for Combatant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl Combatant {
    /// The label of the file it was read from, as given to the parser.
    pub fn file(&self) -> &str {
        &self.0.file
    }
    pub fn name(&self) -> &str {
        &self.0.name
    }
    pub fn role(&self) -> Role {
        self.0.role
    }
    /// True for `role: "pc"`; see [`Role`].
    pub fn is_pc(&self) -> bool {
        self.0.role == Role::Pc
    }
    /// Class level or hit dice (sneak attack dice, default caster level).
    pub fn level(&self) -> u32 {
        self.0.level
    }
    /// At least 1; defaults to `level` (1 when `level` is 0).
    pub fn caster_level(&self) -> u32 {
        self.0.caster_level
    }
    pub fn size(&self) -> Size {
        self.0.size
    }
    /// The size's natural reach (« CRB — Big and Little Creatures in Combat »).
    pub fn natural_reach_ft(&self) -> u32 {
        self.0.size.natural_reach_ft()
    }
    pub fn creature_type(&self) -> CreatureType {
        self.0.creature_type
    }
    pub fn subtypes(&self) -> &[String] {
        &self.0.subtypes
    }
    pub fn alignment(&self) -> Alignment {
        self.0.alignment
    }
    pub fn cr(&self) -> Option<ChallengeRating> {
        self.0.cr
    }
    pub fn xp(&self) -> Option<u32> {
        self.0.xp
    }
    pub fn source(&self) -> Option<&str> {
        self.0.source.as_deref()
    }
    pub fn notes(&self) -> Option<&str> {
        self.0.notes.as_deref()
    }
    pub fn abilities(&self) -> &Abilities {
        &self.0.abilities
    }
    pub fn hp_max(&self) -> u32 {
        self.0.hp_max
    }
    pub fn ac(&self) -> ArmorClass {
        self.0.ac
    }
    pub fn bab(&self) -> i32 {
        self.0.bab
    }
    pub fn initiative_mod(&self) -> i32 {
        self.0.initiative_mod
    }
    /// As written in the file; `None` means « compute it » (rule code's job).
    pub fn cmb(&self) -> Option<i32> {
        self.0.cmb
    }
    /// As written in the file; `None` means « compute it » (rule code's job).
    pub fn cmd(&self) -> Option<i32> {
        self.0.cmd
    }
    pub fn speed_land_ft(&self) -> u32 {
        self.0.speed_land_ft
    }
    pub fn speed_fly_ft(&self) -> Option<u32> {
        self.0.speed_fly_ft
    }
    pub fn saves(&self) -> Saves {
        self.0.saves
    }
    pub fn attacks(&self) -> &[Attack] {
        &self.0.attacks
    }
    pub fn dr(&self) -> Option<&DamageReduction> {
        self.0.dr.as_ref()
    }
    pub fn spell_resistance(&self) -> u32 {
        self.0.spell_resistance
    }
    /// Energy resistances in file order.
    pub fn resistances(&self) -> &[(DamageType, u32)] {
        &self.0.resistances
    }
    /// Resistance to `damage_type`, 0 when none.
    pub fn resistance(&self, damage_type: DamageType) -> u32 {
        self.0
            .resistances
            .iter()
            .find(|(t, _)| *t == damage_type)
            .map_or(0, |(_, amount)| *amount)
    }
    pub fn immunities(&self) -> Immunities {
        self.0.immunities
    }
    /// Class, racial and special abilities by name, verbatim.
    pub fn features(&self) -> &[String] {
        &self.0.features
    }
    /// Structured special abilities (`specials`), in file order.
    pub fn specials(&self) -> &[SpecialEntry] {
        &self.0.specials
    }
    /// Every spell name it casts: its `spells`, then those of its spell-like abilities
    /// (« Bestiary — Spell-Like Abilities »: a `spell_like` entry).
    pub fn spell_names(&self) -> impl Iterator<Item = &str> {
        let slas = self.specials().iter().flat_map(|e| &e.spell_like);
        (self.spells().iter().map(String::as_str)).chain(slas.map(|s| s.spell.as_str()))
    }
    /// Feats by name, verbatim (« Improved Critical (falchion) »).
    pub fn feats(&self) -> &[String] {
        &self.0.feats
    }
    pub fn spells(&self) -> &[String] {
        &self.0.spells
    }
    /// Slots per encounter by spell level 0–9 (0 when the file gives none for a level). A
    /// final, authored budget: bonus spells are never added.
    pub fn spell_slots(&self) -> [u32; 10] {
        self.0.spell_slots
    }
    /// Present whenever the combatant has spells or spell slots.
    pub fn casting_ability(&self) -> Option<CastingAbility> {
        self.0.casting_ability
    }
    /// The class list it casts from (which level each spell has for it); `Some` whenever it
    /// has spells.
    pub fn spell_list(&self) -> Option<SpellClass> {
        self.0.spell_list
    }
    /// Prepared or spontaneous; `Some` whenever it has spells.
    pub fn casting(&self) -> Option<Casting> {
        self.0.casting
    }
    /// Prepared copies per spell name (as written in `spells`), in file order; empty for a
    /// spontaneous caster and for a prepared one whose file leaves its preparation flexible.
    pub fn prepared(&self) -> &[(String, u32)] {
        &self.0.prepared
    }
    /// Arcane spell failure chance, percent 0–100.
    pub fn armor_spell_failure(&self) -> u8 {
        self.0.armor_spell_failure
    }
    /// Named per-encounter resources (`channel_energy`, `rage_rounds`) in file order.
    pub fn resources(&self) -> &[(String, u32)] {
        &self.0.resources
    }
    pub fn resource(&self, name: &str) -> Option<u32> {
        self.0
            .resources
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| *v)
    }
    /// Skill lines in file order.
    pub fn skills(&self) -> &[(Skill, SkillEntry)] {
        &self.0.skills
    }
    pub fn skill(&self, skill: Skill) -> Option<&SkillEntry> {
        self.0
            .skills
            .iter()
            .find(|(s, _)| *s == skill)
            .map(|(_, e)| e)
    }
    /// Carried, unwielded items (the only ones APG « Steal » can take), in file order.
    pub fn carried_items(&self) -> &[String] {
        &self.0.carried_items
    }
    /// Aware of its opponents when the fight starts (SRD « Surprise »).
    pub fn aware(&self) -> bool {
        self.0.aware
    }
    /// Conditions present when the fight starts, in file order.
    pub fn start_conditions(&self) -> &[StartCondition] {
        &self.0.conditions
    }
    /// Hit points lost per round to `bleeding` (0 without it).
    pub fn bleed(&self) -> u32 {
        self.0.bleed
    }
    /// Standing typed modifiers written in the file, in file order.
    /// Typed bonuses the stat block's numbers already include: a new bonus of one of these
    /// types counts only beyond them (« CRB — Stacking »).
    pub fn included_bonuses(&self) -> &[Modifier] {
        &self.0.included_bonuses
    }
    pub fn modifiers(&self) -> &[Modifier] {
        &self.0.modifiers
    }
    /// The stat block's numbers already include its static feats (the SRD's convention);
    /// when false the engine adds them (see `rules::feat`).
    pub fn feats_in_stat_block(&self) -> bool {
        self.0.feats_in_stat_block
    }
}
