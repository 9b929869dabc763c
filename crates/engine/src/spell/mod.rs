//! Spell files (`data/spells/*.json`, format v1): the JSON schema ([`SpellFile`]), its
//! validation into the [`Spell`] the engine reads, the vocabularies both use, and the
//! [`Catalogue`] of every spell by name. Entry points: [`parse_spell`], [`Catalogue::build`].
//! Owns the schema only — no spell is cast here, and nothing here reads files (callers hand
//! over the text).
//!
//! # Schema
//! One object per file, one spell per file. Defaults after `=`.
//!
//! - `name`, `source` (non-empty); `school`; `subschool` optional; `descriptors` = none
//!   (see [`vocab`] for every word); `levels` {class: 0–9}, at least one class;
//!   `casting_time`; `components` (at least one: `V` `S` `M` `F` `DF` `M/DF` `F/DF`).
//! - `range`: `personal` | `touch` | `close` | `medium` | `long` | `unlimited` |
//!   `{"feet": N}` (a multiple of 5). See [`Range::feet_at`].
//! - `target` optional: `{kind: self | creature, count: Amount = 1, filter}`; `self` goes
//!   with a personal range, and a personal spell targets nothing else.
//! - `area` optional: `{shape, size_ft, origin, affects = all, filter, hd_pool: Amount}`;
//!   `size_ft` is required (a multiple of 5); cones and lines start from the caster (their
//!   default origin), other shapes name theirs (`point`, `caster`, `target`).
//! - `filter` = accepts all: `{living, creature_types, max_hd, dying, stable_dying,
//!   willing}` (see [`Filter`]).
//! - `duration`: `instantaneous` | `permanent` | `concentration` | `{rounds | minutes |
//!   hours | days: Amount}` (one unit); `dismissible` = false.
//! - `save` (required, `null` for none): `{type: fort | ref | will, on_success: negates |
//!   half | partial | disbelief | none, harmless = false}`; a `half` save needs an effect
//!   with an amount; `partial` needs `on_save` effects, and only `partial` has them.
//! - `spell_resistance` (required); `attack`: `melee_touch` (touch range only) |
//!   `ranged_touch`, never on a personal spell; `projectiles`: Amount, with effects.
//! - `effects` (required; `[]` only with `notes` saying what is not modelled), `on_save`
//!   = none: see [`crate::rules::effect::Effect`] for the kinds and their fields; `to`:
//!   `target` (default) | `caster`. A field the kind does not use is an error. Effects that
//!   last take the spell's duration unless they give their own, and can't be instantaneous.
//!   A modifier's `type` defaults to `untyped`; its `when` is a combatant file's spelling or
//!   `vs:DESCRIPTOR`, and an unknown one is an error here. A summon's `creature` is a
//!   combatant file relative to the spell file (`../monsters/dire_rat.json`), kept as
//!   written ([`Spell::summons`]).
//! - Amount: an integer, a dice string with at most one kind of die (`"1d4+1"`), or
//!   `{base, dice: {die, per = 1, from = 0, max}, flat: {amount, per = 1, from = 0, max},
//!   min}` — see [`crate::rules::effect::Amount`]; `per` 1–40, `from` 0–40, `max` 1–1000.
//!   Counts, rounds and durations can't be negative.
//!
//! Metamagic is not written in spell files: see [`Catalogue::lookup`].

mod catalogue;
mod definition;
mod file;
mod filter;
mod validate;
mod validate_amount;
mod validate_effect;
pub mod vocab;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_rules;

pub use catalogue::{Catalogue, Lookup, MetamagicFeat, SpellId, join_label};
pub use definition::{Area, ClassLevels, Range, SaveSpec, Spell, Target};
pub use file::{
    AmountFile, AreaFile, DiceStepFile, DurationFile, EffectFile, FeetFile, FilterFile,
    FlatStepFile, RangeFile, SaveFile, ScalarFile, ScalingFile, SpellFile, TargetFile, TimedFile,
};
pub use filter::{CreatureTypes, Facts, Filter, creature_type, is_living};
pub use validate::UNNAMED_SPELL;

use crate::de::from_json;
use crate::error::DataErrors;

/// Parses a spell file's JSON `text` and validates it; `file` names the source in errors. A
/// syntax or shape error (unknown field, wrong type, missing key) is reported alone, with its
/// line and column; otherwise every semantic problem of the file is reported.
pub fn parse_spell(file: &str, text: &str) -> Result<Spell, DataErrors> {
    let raw: SpellFile = from_json(file, text)?;
    raw.validate(file)
}
