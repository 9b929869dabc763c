//! The closed vocabularies of combatant files — damage types, effect immunities, skills,
//! ability names, alignments, schools of magic and spell class lists — with their file
//! spellings, the `vocabulary!` macro that declares such a list (did-you-mean lookup
//! included), and [`EnumSet`], a copyable bit set of one. Owns names only: what a type or tag
//! does in a fight lives in the rule modules.
//!
//! A leaf: it imports nothing from `model/`, `rules/` or `fight/`, so both the combatant schema
//! and the rule modules (bonus types, conditions) can declare vocabularies without importing
//! each other.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;

use crate::de::closest;

/// A closed list of named values read from files.
pub trait Vocabulary: Copy + Eq + 'static {
    /// What the list names, for messages (`damage type`, `skill`).
    const WHAT: &'static str;

    fn all() -> &'static [Self];

    /// The spelling used in files.
    fn name(self) -> &'static str;

    /// Position in [`Vocabulary::all`], below 64.
    fn index(self) -> u32;

    /// The value spelled `text`, or a message naming the closest known spelling.
    fn lookup(text: &str) -> Result<Self, String> {
        Self::all()
            .iter()
            .copied()
            .find(|v| v.name() == text)
            .ok_or_else(|| unknown(Self::WHAT, text, Self::all().iter().map(|v| v.name())))
    }
}

/// « unknown skill `stelth` (did you mean `stealth`?) ».
pub(crate) fn unknown<'a>(
    what: &str,
    word: &str,
    known: impl IntoIterator<Item = &'a str>,
) -> String {
    match closest(word, known) {
        Some(best) => format!("unknown {what} `{word}` (did you mean `{best}`?)"),
        None => format!("unknown {what} `{word}`"),
    }
}

macro_rules! vocabulary {
    (
        $(#[$meta:meta])*
        $what:literal, pub enum $name:ident {
            $($(#[$vmeta:meta])* $variant:ident = $text:literal,)+
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        pub enum $name {
            $($(#[$vmeta])* $variant,)+
        }

        impl $name {
            pub const ALL: &'static [$name] = &[$($name::$variant,)+];
        }

        impl $crate::vocab::Vocabulary for $name {
            const WHAT: &'static str = $what;

            fn all() -> &'static [Self] {
                Self::ALL
            }

            fn name(self) -> &'static str {
                match self {
                    $($name::$variant => $text,)+
                }
            }

            fn index(self) -> u32 {
                self as u32
            }
        }

        impl ::std::fmt::Display for $name {
            fn fmt(&self, f: &mut ::std::fmt::Formatter<'_>) -> ::std::fmt::Result {
                f.write_str($crate::vocab::Vocabulary::name(*self))
            }
        }
    };
}

pub(crate) use vocabulary;

vocabulary! {
    /// Damage types and the material/alignment tags that overcome damage reduction
    /// (« CRB — Damage Reduction », « Energy Resistance »).
    "damage type", pub enum DamageType {
        Bludgeoning = "bludgeoning",
        Piercing = "piercing",
        Slashing = "slashing",
        Acid = "acid",
        Cold = "cold",
        Electricity = "electricity",
        Fire = "fire",
        Sonic = "sonic",
        Force = "force",
        Positive = "positive",
        Negative = "negative",
        Untyped = "untyped",
        /// Saps, unarmed strikes: « CRB — Nonlethal Damage ».
        Nonlethal = "nonlethal",
        Magic = "magic",
        Silver = "silver",
        ColdIron = "cold_iron",
        Adamantine = "adamantine",
        Good = "good",
        Evil = "evil",
        Lawful = "lawful",
        Chaotic = "chaotic",
        Epic = "epic",
    }
}

/// The four groups of [`DamageType`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DamageCategory {
    /// Bludgeoning, piercing, slashing.
    Physical,
    /// Acid, cold, electricity, fire, sonic.
    Energy,
    /// Force, positive, negative, untyped, nonlethal.
    Other,
    /// Magic, materials and alignments: they only say what the damage overcomes.
    Tag,
}

impl DamageType {
    pub fn category(self) -> DamageCategory {
        use DamageType::*;
        match self {
            Bludgeoning | Piercing | Slashing => DamageCategory::Physical,
            Acid | Cold | Electricity | Fire | Sonic => DamageCategory::Energy,
            Force | Positive | Negative | Untyped | Nonlethal => DamageCategory::Other,
            Magic | Silver | ColdIron | Adamantine | Good | Evil | Lawful | Chaotic | Epic => {
                DamageCategory::Tag
            }
        }
    }

    /// A type a creature can resist and a splash weapon can deal: the five energies plus
    /// positive and negative energy.
    pub fn is_resistible(self) -> bool {
        self.category() == DamageCategory::Energy
            || matches!(self, DamageType::Positive | DamageType::Negative)
    }

    /// A type that may appear in a damage reduction's bypass: physical types and tags.
    pub fn can_bypass_dr(self) -> bool {
        matches!(
            self.category(),
            DamageCategory::Physical | DamageCategory::Tag
        )
    }
}

vocabulary! {
    /// Effects a creature can be immune to besides damage types (undead, constructs, oozes…).
    /// Immunity to nonlethal damage is [`DamageType::Nonlethal`], not a tag.
    "immunity", pub enum EffectTag {
        MindAffecting = "mind_affecting",
        Paralysis = "paralysis",
        Sleep = "sleep",
        Poison = "poison",
        Disease = "disease",
        DeathEffects = "death_effects",
        Fear = "fear",
        Stun = "stun",
        CriticalHits = "critical_hits",
        PrecisionDamage = "precision_damage",
        SneakAttack = "sneak_attack",
        Bleed = "bleed",
        AbilityDamage = "ability_damage",
        AbilityDrain = "ability_drain",
        EnergyDrain = "energy_drain",
        Fatigue = "fatigue",
        Exhaustion = "exhaustion",
        Charm = "charm",
        Compulsion = "compulsion",
        Polymorph = "polymorph",
        Petrification = "petrification",
    }
}

vocabulary! {
    /// The six ability scores.
    "ability", pub enum Ability {
        Str = "str",
        Dex = "dex",
        Con = "con",
        Int = "int",
        Wis = "wis",
        Cha = "cha",
    }
}

/// « CRB — Alignment »: the two-axis code, default `N`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
pub enum Alignment {
    #[serde(rename = "LG")]
    LawfulGood,
    #[serde(rename = "NG")]
    NeutralGood,
    #[serde(rename = "CG")]
    ChaoticGood,
    #[serde(rename = "LN")]
    LawfulNeutral,
    #[serde(rename = "N")]
    Neutral,
    #[serde(rename = "CN")]
    ChaoticNeutral,
    #[serde(rename = "LE")]
    LawfulEvil,
    #[serde(rename = "NE")]
    NeutralEvil,
    #[serde(rename = "CE")]
    ChaoticEvil,
}

vocabulary! {
    /// PF1e skills (« CRB — Skills », Table 4-1), in file spelling.
    "skill", pub enum Skill {
        Acrobatics = "acrobatics",
        Appraise = "appraise",
        Bluff = "bluff",
        Climb = "climb",
        Craft = "craft",
        Diplomacy = "diplomacy",
        DisableDevice = "disable_device",
        Disguise = "disguise",
        EscapeArtist = "escape_artist",
        Fly = "fly",
        HandleAnimal = "handle_animal",
        Heal = "heal",
        Intimidate = "intimidate",
        KnowledgeArcana = "knowledge_arcana",
        KnowledgeDungeoneering = "knowledge_dungeoneering",
        KnowledgeEngineering = "knowledge_engineering",
        KnowledgeGeography = "knowledge_geography",
        KnowledgeHistory = "knowledge_history",
        KnowledgeLocal = "knowledge_local",
        KnowledgeNature = "knowledge_nature",
        KnowledgeNobility = "knowledge_nobility",
        KnowledgePlanes = "knowledge_planes",
        KnowledgeReligion = "knowledge_religion",
        Linguistics = "linguistics",
        Perception = "perception",
        Perform = "perform",
        Profession = "profession",
        Ride = "ride",
        SenseMotive = "sense_motive",
        SleightOfHand = "sleight_of_hand",
        Spellcraft = "spellcraft",
        Stealth = "stealth",
        Survival = "survival",
        Swim = "swim",
        UseMagicDevice = "use_magic_device",
    }
}

impl Skill {
    /// The ability whose modifier the skill adds (« CRB — Table 4-1 Skill Summary »).
    pub fn key_ability(self) -> Ability {
        use Skill::*;
        match self {
            Climb | Swim => Ability::Str,
            Acrobatics | DisableDevice | EscapeArtist | Fly | Ride | SleightOfHand | Stealth => {
                Ability::Dex
            }
            Heal | Perception | Profession | SenseMotive | Survival => Ability::Wis,
            Bluff | Diplomacy | Disguise | HandleAnimal | Intimidate | Perform | UseMagicDevice => {
                Ability::Cha
            }
            _ => Ability::Int,
        }
    }
}

/// A set of values of one vocabulary, as bits: `Copy`, no allocation, iterated in vocabulary
/// order (never in insertion order).
pub struct EnumSet<T> {
    bits: u64,
    member: PhantomData<T>,
}

impl<T: Vocabulary> EnumSet<T> {
    pub const fn new() -> Self {
        Self {
            bits: 0,
            member: PhantomData,
        }
    }

    /// Adds `value`; false when it was already there.
    pub fn insert(&mut self, value: T) -> bool {
        let bit = 1u64 << value.index();
        let fresh = self.bits & bit == 0;
        self.bits |= bit;
        fresh
    }

    pub fn contains(&self, value: T) -> bool {
        self.bits & (1u64 << value.index()) != 0
    }

    /// Removes `value`; false when it was not there.
    pub fn remove(&mut self, value: T) -> bool {
        let bit = 1u64 << value.index();
        let present = self.bits & bit != 0;
        self.bits &= !bit;
        present
    }

    pub fn is_empty(&self) -> bool {
        self.bits == 0
    }

    pub fn len(&self) -> usize {
        self.bits.count_ones() as usize
    }

    /// Every member of `other` is in `self`.
    pub fn is_superset(&self, other: &Self) -> bool {
        self.bits & other.bits == other.bits
    }

    /// Every member of `self` or `other`.
    #[must_use]
    pub const fn union(self, other: Self) -> Self {
        Self {
            bits: self.bits | other.bits,
            member: PhantomData,
        }
    }

    /// `self` and `other` share a member.
    pub fn intersects(&self, other: &Self) -> bool {
        self.bits & other.bits != 0
    }

    pub fn iter(&self) -> impl Iterator<Item = T> + '_ {
        T::all().iter().copied().filter(|v| self.contains(*v))
    }
}

impl<T: Vocabulary> FromIterator<T> for EnumSet<T> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut set = Self::new();
        for value in iter {
            set.insert(value);
        }
        set
    }
}

impl<T: Vocabulary> Default for EnumSet<T> {
    fn default() -> Self {
        Self::new()
    }
}

impl<T> Clone for EnumSet<T> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<T> Copy for EnumSet<T> {}

impl<T> PartialEq for EnumSet<T> {
    fn eq(&self, other: &Self) -> bool {
        self.bits == other.bits
    }
}

impl<T> Eq for EnumSet<T> {}

impl<T: Vocabulary + fmt::Debug> fmt::Debug for EnumSet<T> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

/// Damage types of one damage component, or what a damage reduction asks for.
pub type DamageTypes = EnumSet<DamageType>;

vocabulary! {
    /// The schools of magic (« CRB — Magic — Schools of Magic »): a spell file's `school`, and
    /// the choice of Spell Focus in a combatant's feats.
    "school", pub enum School {
        Abjuration = "abjuration",
        Conjuration = "conjuration",
        Divination = "divination",
        Enchantment = "enchantment",
        Evocation = "evocation",
        Illusion = "illusion",
        Necromancy = "necromancy",
        Transmutation = "transmutation",
        Universal = "universal",
    }
}

vocabulary! {
    /// The class lists of a spell's level line, and the list a combatant casts from
    /// (its `spell_list`).
    "class", pub enum SpellClass {
        SorcererWizard = "sorcerer_wizard",
        Cleric = "cleric",
        Druid = "druid",
        Bard = "bard",
        Paladin = "paladin",
        Ranger = "ranger",
        Witch = "witch",
        Magus = "magus",
        Alchemist = "alchemist",
        Inquisitor = "inquisitor",
        Oracle = "oracle",
        Summoner = "summoner",
        Antipaladin = "antipaladin",
        Bloodrager = "bloodrager",
        Shaman = "shaman",
        Psychic = "psychic",
        Medium = "medium",
        Mesmerist = "mesmerist",
        Occultist = "occultist",
        Spiritualist = "spiritualist",
        Arcanist = "arcanist",
        Hunter = "hunter",
        Investigator = "investigator",
        Skald = "skald",
        Warpriest = "warpriest",
    }
}

impl SpellClass {
    /// The class list one of whose key's parts is `text` (« wizard » → `sorcerer_wizard`), for
    /// suggestions that edit distance alone would not make.
    pub fn by_part(text: &str) -> Option<SpellClass> {
        let wanted = text.trim().to_lowercase();
        (SpellClass::ALL.iter())
            .copied()
            .find(|c| c.name().split('_').any(|part| part == wanted))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip_and_stay_under_64() {
        for t in DamageType::ALL {
            assert_eq!(DamageType::lookup(t.name()), Ok(*t));
        }
        assert!(DamageType::ALL.len() < 64 && EffectTag::ALL.len() < 64 && Skill::ALL.len() < 64);
        assert_eq!(Skill::ALL.len(), 35);
    }

    #[test]
    fn lookup_suggests_the_closest_name() {
        assert_eq!(
            Skill::lookup("stelth"),
            Err("unknown skill `stelth` (did you mean `stealth`?)".to_string())
        );
        assert_eq!(
            DamageType::lookup("cold iron").unwrap_err(),
            "unknown damage type `cold iron` (did you mean `cold_iron`?)"
        );
    }

    #[test]
    fn sets_iterate_in_vocabulary_order() {
        let set: DamageTypes = [DamageType::Magic, DamageType::Bludgeoning]
            .into_iter()
            .collect();
        assert_eq!(
            set.iter().collect::<Vec<_>>(),
            [DamageType::Bludgeoning, DamageType::Magic]
        );
        let magic: DamageTypes = [DamageType::Magic].into_iter().collect();
        assert!(set.is_superset(&magic) && !magic.is_superset(&set) && set.intersects(&magic));
    }

    #[test]
    fn skills_use_crb_key_abilities() {
        assert_eq!(Skill::Stealth.key_ability(), Ability::Dex);
        assert_eq!(Skill::KnowledgePlanes.key_ability(), Ability::Int);
        assert_eq!(Skill::Perception.key_ability(), Ability::Wis);
        assert_eq!(Skill::UseMagicDevice.key_ability(), Ability::Cha);
    }
}
