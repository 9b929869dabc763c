//! The spell file as written (JSON): serde types that mirror the format field for field,
//! refuse unknown fields, and keep every value the validator must check as a wide integer or
//! a string, so a bad value becomes a precise [`crate::error::DataError`] with its field path
//! rather than a serde type error. Values that take several shapes (an amount: `4`, `"1d4"`
//! or an object; a range; a duration) are read by hand so an object keeps its own precise
//! errors (unknown field with its suggestion) instead of « data did not match any variant ».
//! Nothing in these types is trusted by the engine.

use std::fmt;

use serde::de::{self, Deserializer, MapAccess, Visitor};
use serde::{Deserialize, de::value::MapAccessDeserializer};

use crate::de::OrderedMap;

/// One spell file. See the field list in [`super`].
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellFile {
    pub name: String,
    pub source: String,
    pub school: String,
    pub subschool: Option<String>,
    #[serde(default)]
    pub descriptors: Vec<String>,
    pub levels: OrderedMap<i64>,
    pub casting_time: String,
    pub components: Vec<String>,
    pub range: RangeFile,
    pub target: Option<TargetFile>,
    pub area: Option<AreaFile>,
    pub duration: DurationFile,
    pub dismissible: Option<bool>,
    /// Required; `null` is « Saving Throw none ».
    #[serde(deserialize_with = "required_or_null")]
    pub save: Option<SaveFile>,
    pub spell_resistance: bool,
    pub attack: Option<String>,
    pub projectiles: Option<AmountFile>,
    pub effects: Vec<EffectFile>,
    #[serde(default)]
    pub on_save: Vec<EffectFile>,
    pub notes: Option<String>,
}

/// An `Option` field whose key must be present (serde treats plain `Option` fields as
/// optional; one read through `deserialize_with` is required, `null` allowed).
fn required_or_null<'de, D, T>(deserializer: D) -> Result<Option<T>, D::Error>
where
    D: Deserializer<'de>,
    T: Deserialize<'de>,
{
    Option::<T>::deserialize(deserializer)
}

/// `"personal"`, `"touch"`, `"close"`, `"medium"`, `"long"`, `"unlimited"` or `{"feet": 30}`.
#[derive(Clone, Debug)]
pub enum RangeFile {
    Keyword(String),
    Fixed(FeetFile),
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FeetFile {
    pub feet: i64,
}

/// `"instantaneous"`, `"permanent"`, `"concentration"`, or one of `{"rounds": Amount}`,
/// `{"minutes": …}`, `{"hours": …}`, `{"days": …}`.
#[derive(Clone, Debug)]
pub enum DurationFile {
    Keyword(String),
    Timed(Box<TimedFile>),
}

/// Exactly one key is expected; the validator says so when there are more or none.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TimedFile {
    pub rounds: Option<AmountFile>,
    pub minutes: Option<AmountFile>,
    pub hours: Option<AmountFile>,
    pub days: Option<AmountFile>,
}

/// An integer or a dice string.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ScalarFile {
    Integer(i64),
    Text(String),
}

/// An amount: `4`, `"1d4"`, or `{base, dice, flat, min}`.
#[derive(Clone, Debug)]
pub enum AmountFile {
    Scalar(ScalarFile),
    Scaling(ScalingFile),
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ScalingFile {
    pub base: Option<ScalarFile>,
    pub dice: Option<DiceStepFile>,
    pub flat: Option<FlatStepFile>,
    pub min: Option<i64>,
}

/// One `die` per `per` caster levels from level `from`, at most `max` dice.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct DiceStepFile {
    pub die: String,
    pub per: Option<i64>,
    pub from: Option<i64>,
    pub max: Option<i64>,
}

/// `amount` per `per` caster levels from level `from`, at most `max` in total.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlatStepFile {
    pub amount: i64,
    pub per: Option<i64>,
    pub from: Option<i64>,
    pub max: Option<i64>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TargetFile {
    pub kind: String,
    pub count: Option<AmountFile>,
    pub filter: Option<FilterFile>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FilterFile {
    pub living: Option<bool>,
    #[serde(default)]
    pub creature_types: Vec<String>,
    pub max_hd: Option<i64>,
    pub dying: Option<bool>,
    pub stable_dying: Option<bool>,
    pub willing: Option<bool>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct AreaFile {
    pub shape: String,
    pub size_ft: Option<i64>,
    pub origin: Option<String>,
    pub affects: Option<String>,
    pub filter: Option<FilterFile>,
    pub hd_pool: Option<AmountFile>,
}

#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SaveFile {
    #[serde(rename = "type")]
    pub kind: String,
    pub on_success: String,
    pub harmless: Option<bool>,
}

/// One effect: `kind` and the fields of that kind (see the table in [`super`]). One flat
/// struct rather than a tagged enum, so a misspelt field is reported at its own path with a
/// suggestion, and a field of another kind is reported by the validator.
#[derive(Clone, Debug, Default, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EffectFile {
    pub kind: String,
    pub to: Option<String>,
    pub amount: Option<AmountFile>,
    pub types: Option<Vec<String>>,
    pub energy: Option<String>,
    pub from_damage: Option<bool>,
    pub condition: Option<String>,
    pub duration: Option<DurationFile>,
    pub save_ends: Option<bool>,
    pub stat: Option<String>,
    #[serde(rename = "type")]
    pub bonus_type: Option<String>,
    pub when: Option<String>,
    pub ability: Option<String>,
    pub rounds: Option<AmountFile>,
    pub creature: Option<String>,
    pub count: Option<AmountFile>,
    pub crit_range: Option<i64>,
    pub crit_mult: Option<i64>,
    pub max_bonus: Option<i64>,
    pub against: Option<String>,
    pub max_level: Option<i64>,
}

/// Implements `Deserialize` for an enum written either as a string (or, with `integer`, a
/// number) or as an object read into its own struct, which keeps that struct's precise errors.
macro_rules! text_or_object {
    (
        $ty:ident, $expecting:literal,
        text: $text:expr, object: $object:expr $(, integer: $integer:expr)?
    ) => {
        impl<'de> Deserialize<'de> for $ty {
            fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
                struct TextOrObject;

                impl<'de> Visitor<'de> for TextOrObject {
                    type Value = $ty;

                    fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                        f.write_str($expecting)
                    }

                    fn visit_str<E: de::Error>(self, v: &str) -> Result<$ty, E> {
                        Ok($text(v.to_string()))
                    }

                    fn visit_map<A: MapAccess<'de>>(self, map: A) -> Result<$ty, A::Error> {
                        Deserialize::deserialize(MapAccessDeserializer::new(map)).map($object)
                    }

                    $(
                        fn visit_i64<E: de::Error>(self, v: i64) -> Result<$ty, E> {
                            Ok($integer(v))
                        }

                        fn visit_u64<E: de::Error>(self, v: u64) -> Result<$ty, E> {
                            Ok($integer(i64::try_from(v).unwrap_or(i64::MAX)))
                        }
                    )?
                }

                deserializer.deserialize_any(TextOrObject)
            }
        }
    };
}

text_or_object!(
    RangeFile, "a range such as \"close\" or {\"feet\": 30}",
    text: RangeFile::Keyword, object: RangeFile::Fixed
);

text_or_object!(
    DurationFile, "a duration such as \"instantaneous\" or {\"rounds\": \"1d4\"}",
    text: DurationFile::Keyword, object: |t| DurationFile::Timed(Box::new(t))
);

text_or_object!(
    AmountFile, "an amount: an integer, a dice formula such as \"1d8\", or {\"base\": …, \"dice\": …, \"flat\": …}",
    text: |t| AmountFile::Scalar(ScalarFile::Text(t)),
    object: AmountFile::Scaling,
    integer: |n| AmountFile::Scalar(ScalarFile::Integer(n))
);

impl<'de> Deserialize<'de> for ScalarFile {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct ScalarVisitor;

        impl Visitor<'_> for ScalarVisitor {
            type Value = ScalarFile;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("an integer or a dice formula such as \"1d8\"")
            }

            fn visit_i64<E: de::Error>(self, v: i64) -> Result<ScalarFile, E> {
                Ok(ScalarFile::Integer(v))
            }

            fn visit_u64<E: de::Error>(self, v: u64) -> Result<ScalarFile, E> {
                Ok(ScalarFile::Integer(i64::try_from(v).unwrap_or(i64::MAX)))
            }

            fn visit_str<E: de::Error>(self, v: &str) -> Result<ScalarFile, E> {
                Ok(ScalarFile::Text(v.to_string()))
            }
        }

        deserializer.deserialize_any(ScalarVisitor)
    }
}
