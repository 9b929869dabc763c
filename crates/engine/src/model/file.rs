//! The combatant file as written (JSON): serde types that mirror the schema field for field,
//! refuse unknown fields, and keep every value the validator must range-check as a wide
//! integer or a string, so a bad value becomes a precise [`crate::error::DataError`] rather
//! than a serde type error. Defaults are applied by the validator, not here, except empty
//! lists and mappings. Nothing in these types is trusted by the engine.

use std::fmt;

use serde::de::{Deserializer, Visitor};
use serde::{Deserialize, de};

use super::attack::AttackKind;
use super::combatant::{Casting, CastingAbility, CreatureType, Role};
use super::special::SpecialFile;
use crate::de::OrderedMap;
use crate::size::Size;
use crate::vocab::Alignment;

/// One combatant file. See the field list in [`super`].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CombatantFile {
    pub name: String,
    pub role: Option<Role>,
    pub level: Option<i64>,
    pub caster_level: Option<i64>,
    pub size: Option<Size>,
    pub creature_type: Option<CreatureType>,
    #[serde(default)]
    pub subtypes: Vec<String>,
    pub alignment: Option<Alignment>,
    pub cr: Option<CrValue>,
    pub xp: Option<i64>,
    pub source: Option<String>,
    pub notes: Option<String>,
    pub abilities: AbilitiesFile,
    pub hp_max: i64,
    pub ac: AcFile,
    pub bab: i64,
    pub initiative_mod: i64,
    pub cmb: Option<i64>,
    pub cmd: Option<i64>,
    pub speed_land_ft: Option<i64>,
    pub speed_fly_ft: Option<i64>,
    pub saves: SavesFile,
    #[serde(default)]
    pub attacks: Vec<AttackFile>,
    pub dr: Option<DrFile>,
    pub spell_resistance: Option<i64>,
    #[serde(default)]
    pub resistances: OrderedMap<i64>,
    #[serde(default)]
    pub immunities: Vec<String>,
    #[serde(default)]
    pub features: Vec<String>,
    #[serde(default)]
    pub feats: Vec<String>,
    /// Structured special abilities: rule primitives with their parameters
    /// (`super::special`).
    #[serde(default)]
    pub specials: Vec<SpecialFile>,
    #[serde(default)]
    pub spells: Vec<String>,
    #[serde(default)]
    pub spell_slots: OrderedMap<i64>,
    pub casting_ability: Option<CastingAbility>,
    /// The class list a caster casts from (`sorcerer_wizard`, `cleric`…); required with spells.
    pub spell_list: Option<String>,
    /// `prepared` or `spontaneous`; required with spells.
    pub casting: Option<Casting>,
    /// Prepared casters: copies of each spell prepared (names of `spells`); absent = flexible.
    #[serde(default)]
    pub prepared: OrderedMap<i64>,
    pub armor_spell_failure: Option<i64>,
    #[serde(default)]
    pub resources: OrderedMap<i64>,
    #[serde(default)]
    pub skills: OrderedMap<SkillFile>,
    #[serde(default)]
    pub carried_items: Vec<String>,
    pub aware: Option<bool>,
    /// Conditions present when the fight starts: a name, or `{name, rounds, amount}`.
    #[serde(default)]
    pub conditions: Vec<ConditionFile>,
    /// Standing typed modifiers (racial save bonuses, a permanent morale bonus…).
    #[serde(default)]
    pub modifiers: Vec<ModifierFile>,
    /// Typed bonuses the stat block's numbers already include (« +4 armor, +2 natural »), so a
    /// spell's bonus of the same type stacks as the CRB says instead of being added on top.
    #[serde(default)]
    pub included_bonuses: Vec<ModifierFile>,
    /// The stat block's numbers already include its static feats (Weapon Focus, Toughness,
    /// Dodge, Iron Will…), as every SRD stat block does. Default true.
    pub feats_in_stat_block: Option<bool>,
}

/// A start condition: `"shaken"` or `{ "name": "shaken", "rounds": 3 }`; `amount` is the bleed
/// per round of `bleeding` (default 1). Read by hand rather than `#[serde(untagged)]`, so an
/// object keeps the precise errors of [`TimedConditionFile`] (unknown field with its
/// suggestion, missing `name`) instead of « data did not match any variant ».
#[derive(Clone, Debug)]
pub enum ConditionFile {
    Name(String),
    Timed(TimedConditionFile),
}

impl<'de> Deserialize<'de> for ConditionFile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ConditionVisitor;

        impl<'de> Visitor<'de> for ConditionVisitor {
            type Value = ConditionFile;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str(
                    "a condition name such as \"shaken\" or {\"name\": \"shaken\", \"rounds\": 3}",
                )
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<ConditionFile, E> {
                Ok(ConditionFile::Name(v.to_string()))
            }

            fn visit_map<A: de::MapAccess<'de>>(self, map: A) -> Result<ConditionFile, A::Error> {
                TimedConditionFile::deserialize(de::value::MapAccessDeserializer::new(map))
                    .map(ConditionFile::Timed)
            }
        }

        deserializer.deserialize_any(ConditionVisitor)
    }
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimedConditionFile {
    pub name: String,
    pub rounds: Option<i64>,
    pub amount: Option<i64>,
}

/// One typed modifier: `stat` (see `rules::Stat`), `type` = `untyped`, `value`, `when` =
/// always (see `rules::When`; an unknown `when` never applies and `validate` warns).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ModifierFile {
    pub stat: String,
    #[serde(rename = "type")]
    pub kind: Option<String>,
    pub value: i64,
    pub when: Option<String>,
}

/// A challenge rating as written: a number (`5`) or a string (`"1/3"`, `"5"`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CrValue {
    Number(i64),
    Text(String),
}

impl<'de> Deserialize<'de> for CrValue {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct CrVisitor;

        impl Visitor<'_> for CrVisitor {
            type Value = CrValue;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a challenge rating such as 5 or \"1/3\"")
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<CrValue, E> {
                Ok(CrValue::Number(v))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<CrValue, E> {
                Ok(CrValue::Number(i64::try_from(v).unwrap_or(i64::MAX)))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<CrValue, E> {
                Ok(CrValue::Text(v.to_string()))
            }
        }

        deserializer.deserialize_any(CrVisitor)
    }
}

/// All six keys are required; `null` is a nonability.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AbilitiesFile {
    #[serde(deserialize_with = "nullable")]
    pub str_score: Option<i64>,
    #[serde(deserialize_with = "nullable")]
    pub dex_score: Option<i64>,
    #[serde(deserialize_with = "nullable")]
    pub con_score: Option<i64>,
    #[serde(deserialize_with = "nullable")]
    pub int_score: Option<i64>,
    #[serde(deserialize_with = "nullable")]
    pub wis_score: Option<i64>,
    #[serde(deserialize_with = "nullable")]
    pub cha_score: Option<i64>,
}

/// An `Option` field whose key must be present (serde only treats plain `Option` fields as
/// optional; one read through `deserialize_with` is required, `null` allowed).
fn nullable<'de, D: Deserializer<'de>>(deserializer: D) -> Result<Option<i64>, D::Error> {
    Option::<i64>::deserialize(deserializer)
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AcFile {
    pub total: i64,
    pub touch: i64,
    pub flat_footed: i64,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SavesFile {
    pub fort: i64,
    #[serde(rename = "ref")]
    pub reflex: i64,
    pub will: i64,
}

/// One attack: `name`, `kind` (`melee` | `ranged` | `touch`), `attack_bonus` required;
/// `damage` = empty (only a touch attack may have none), each `{formula, types}`;
/// `damage_bonus` = 0; `crit_range` 2–20 = 20 (lowest threatening roll); `crit_mult` 2–6 = 2;
/// `range_increment_ft` > 0 (ranged or touch only); `reach_ft` ≥ 0, a multiple of 5;
/// `reach_weapon` = false (melee only); `count` 1–20 = 1; `natural`, `secondary` (natural
/// only), `firearm` (needs a range increment), `two_handed` = false; `splash`
/// `{damage ≥ 1, type: energy}` on thrown attacks only; `ammo` 1–1000 = unlimited (ranged only:
/// the shots carried) and `thrown` = false (needs `ammo`: the attack throws the weapon itself).
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AttackFile {
    pub name: String,
    pub kind: AttackKind,
    pub attack_bonus: i64,
    #[serde(default)]
    pub damage: Vec<DamageFile>,
    pub damage_bonus: Option<i64>,
    pub crit_range: Option<i64>,
    pub crit_mult: Option<i64>,
    pub range_increment_ft: Option<i64>,
    pub reach_ft: Option<i64>,
    #[serde(default)]
    pub reach_weapon: bool,
    pub count: Option<i64>,
    #[serde(default)]
    pub natural: bool,
    #[serde(default)]
    pub secondary: bool,
    #[serde(default)]
    pub firearm: bool,
    #[serde(default)]
    pub two_handed: bool,
    pub splash: Option<SplashFile>,
    /// Shots carried (arrows, bolts, bullets) or, with `thrown`, weapons carried (« javelins
    /// (4) »); absent: unlimited.
    pub ammo: Option<i64>,
    /// Each shot throws the weapon itself, which lands in the target's square.
    #[serde(default)]
    pub thrown: bool,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DamageFile {
    pub formula: String,
    pub types: Vec<String>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SplashFile {
    pub damage: i64,
    #[serde(rename = "type")]
    pub damage_type: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DrFile {
    pub amount: i64,
    pub bypass: String,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SkillFile {
    pub ranks: Option<i64>,
    #[serde(default)]
    pub class_skill: bool,
    pub armor_penalty: Option<i64>,
    pub misc: Option<i64>,
    pub total: Option<i64>,
}
