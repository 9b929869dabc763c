//! Combatant files: the JSON schema of a PC or monster stat block ([`CombatantFile`]) and its
//! validation into the [`Combatant`] the engine runs on. Entry point: [`parse_combatant`].
//! Owns the schema only — no rule is applied here, and nothing here reads files (callers hand
//! over the text). The vocabularies ([`crate::vocab`]) and the rule data a stat block carries
//! (modifiers, conditions, damage reduction, immunities: [`crate::rules`]) live below this
//! module; the vocabularies, damage reduction and immunities are re-exported here.
//!
//! # Schema
//! Defaults after `=`; integer values are final stat-block numbers (size already included
//! in attack bonuses and AC: never add a size modifier).
//!
//! - `name` (non-empty); `role`: `pc` | `monster` = `monster` — the PC/monster rule, see
//!   [`Role`]; `level` ≥ 0 = 1; `caster_level` ≥ 1 = `level` (at least 1); `size` = `Medium`;
//!   `creature_type` = `humanoid`; `subtypes` = empty; `alignment` = `N`; `cr` (`"1/3"`, `5`,
//!   `"5"`), `xp`, `source`, `notes` optional.
//! - `abilities`: six required keys `str_score`…`cha_score`, 1–99 or `null` (nonability).
//! - `hp_max` ≥ 1; `ac` {total, touch, flat_footed} 0–99; `bab` 0–40; `initiative_mod`
//!   −20–40; `cmb`, `cmd` optional; `speed_land_ft` = 30 and `speed_fly_ft` multiples of 5;
//!   `saves` {fort, ref, will}.
//! - `attacks` — see [`AttackFile`]; `dr` {amount, bypass} in SRD notation (see [`Bypass`]);
//!   `spell_resistance` = 0; `resistances` {energy: amount}; `immunities` (damage types and
//!   [`EffectTag`]s).
//! - `features`, `feats`, `spells` (names, no duplicates); `spell_slots` {"0".."9": count};
//!   `casting_ability` (`int` | `wis` | `cha`, required with spells or slots);
//!   `armor_spell_failure` 0–100 = 0; `resources` {name: amount}; `skills` {skill: {ranks,
//!   class_skill, armor_penalty ≤ 0, misc, total}}; `carried_items`; `aware` = true.
//! - `conditions`: start conditions, `"prone"` or `{name, rounds ≥ 1, amount}` (`amount`:
//!   bleed per round, `bleeding` only); `modifiers`: `{stat, type = untyped, value, when}`
//!   (see [`crate::rules::Stat`], [`crate::rules::BonusType`], [`crate::rules::When`]);
//!   `feats_in_stat_block` = true (the numbers include static feats, see
//!   [`crate::rules::feat`]).
//! - `specials`: structured special abilities, each `{rule, …parameters}` — see [`special`];
//!   how each `features` line resolves against them: [`features`].
//!
//! Lists and mappings default to empty.
//!
//! Values with no range in the schema (bonuses, hit points, distances) are held within
//! ±[`LIMIT`] so sums stay inside `i32`.

mod attack;
mod combatant;
mod creature_type;
pub mod features;
mod file;
mod hex_kind;
mod power_kinds;
mod roll;
pub mod special;
mod special_areas;
mod special_class;
mod special_hex;
mod special_powers;
mod special_umr;
mod validate;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_class_specials;
#[cfg(test)]
mod tests_hex_specials;
#[cfg(test)]
mod tests_limits;
#[cfg(test)]
mod tests_rules;
#[cfg(test)]
mod tests_special_areas;
#[cfg(test)]
mod tests_specials;

pub use crate::rules::{Bypass, DamageReduction, Immunities};
pub use crate::vocab::{
    Ability, Alignment, DamageCategory, DamageType, DamageTypes, EffectTag, EnumSet, Skill,
    Vocabulary,
};
pub use attack::{Attack, AttackKind, DamageComponent, Splash};
pub use combatant::{
    Abilities, ArmorClass, Casting, CastingAbility, ChallengeRating, Combatant, CreatureType, Role,
    Saves, SkillEntry, ability_modifier,
};
pub use features::FeatureUse;
pub use file::{
    AbilitiesFile, AcFile, AttackFile, CombatantFile, ConditionFile, CrValue, DamageFile, DrFile,
    ModifierFile, SavesFile, SkillFile, SplashFile, TimedConditionFile,
};
pub use special::{HexKind, Special, SpecialEntry, SpecialFile, SpecialRule};
pub use validate::{LIMIT, UNNAMED};

use crate::de::from_json;
use crate::error::DataErrors;

/// Parses a combatant file's JSON `text` and validates it; `file` names the source in errors.
/// A syntax or shape error (unknown field, wrong type, missing key) is reported alone, with
/// its line and column; otherwise every semantic problem of the file is reported.
pub fn parse_combatant(file: &str, text: &str) -> Result<Combatant, DataErrors> {
    let raw: CombatantFile = from_json(file, text)?;
    raw.validate(file)
}
