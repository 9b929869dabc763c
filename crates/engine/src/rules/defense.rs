//! A creature's standing defenses against damage and effects, as rule data: damage reduction
//! (« CRB — Damage Reduction »: an amount and what overcomes it, parsed from the SRD's notation
//! `"-"`, `"magic"`, `"bludgeoning and magic"`, `"silver or cold iron"`) and immunities (damage
//! types and effect tags). Owns the notation and the bypass and immunity tests; applying them
//! to a hit is the damage module's job. Combatant files carry these values (`model`), and the
//! rules read them without knowing a combatant.

use std::fmt;

use crate::vocab::{DamageType, DamageTypes, EffectTag, EnumSet, Vocabulary, unknown};

/// What overcomes a damage reduction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bypass {
    /// `DR 5/—`: nothing overcomes it.
    Nothing,
    /// `DR 10/bludgeoning and magic`: the attack needs every listed type. A single word
    /// (`DR 5/magic`) is stored here too.
    All(DamageTypes),
    /// `DR 10/silver or cold iron`: any one listed type suffices.
    Any(DamageTypes),
}

impl Bypass {
    /// True when damage of types `dealt` (types and tags together) overcomes this bypass.
    pub fn is_overcome_by(&self, dealt: DamageTypes) -> bool {
        match self {
            Bypass::Nothing => false,
            Bypass::All(needed) => dealt.is_superset(needed),
            Bypass::Any(needed) => dealt.intersects(needed),
        }
    }
}

impl std::str::FromStr for Bypass {
    type Err = String;

    /// Words are the physical types and the tags (`magic`, `silver`, `cold iron` or
    /// `cold_iron`, `adamantine`, alignments, `epic`), joined by `and` or by `or`, not both.
    /// `-`, `—` and `–` mean nothing overcomes it.
    fn from_str(text: &str) -> Result<Self, String> {
        let text = text.trim();
        if matches!(text, "-" | "—" | "–") {
            return Ok(Bypass::Nothing);
        }
        if text.is_empty() {
            return Err("must not be empty (write \"-\" when nothing overcomes it)".to_string());
        }
        let words: Vec<&str> = text.split_whitespace().collect();
        let mut types = DamageTypes::new();
        let mut joiner: Option<&str> = None;
        let mut expect_word = true;
        let mut i = 0;
        while i < words.len() {
            let word = words[i];
            if word == "and" || word == "or" {
                if expect_word {
                    return Err(format!("expected a material or alignment before `{word}`"));
                }
                if let Some(first) = joiner {
                    if first != word {
                        return Err(format!(
                            "mixes `{first}` and `{word}`; use only `and` (all needed) or only `or` (any suffices)"
                        ));
                    }
                }
                joiner = Some(word);
                expect_word = true;
                i += 1;
                continue;
            }
            if !expect_word {
                return Err(format!("expected `and` or `or` before `{word}`"));
            }
            let (name, used) = if word == "cold" && words.get(i + 1) == Some(&"iron") {
                ("cold_iron", 2)
            } else {
                (word, 1)
            };
            let damage_type = bypass_word(name)?;
            if !types.insert(damage_type) {
                return Err(format!("`{}` is listed twice", display_name(damage_type)));
            }
            expect_word = false;
            i += used;
        }
        if expect_word {
            return Err(format!(
                "expected a material or alignment after `{}`",
                words[words.len() - 1]
            ));
        }
        Ok(match joiner {
            Some("or") => Bypass::Any(types),
            _ => Bypass::All(types),
        })
    }
}

/// The words a bypass may use, in SRD spelling.
fn bypass_names() -> impl Iterator<Item = &'static str> {
    DamageType::ALL
        .iter()
        .filter(|t| t.can_bypass_dr())
        .map(|t| display_name(*t))
}

fn bypass_word(word: &str) -> Result<DamageType, String> {
    match DamageType::lookup(word) {
        Ok(t) if t.can_bypass_dr() => Ok(t),
        Ok(t) => Err(format!(
            "`{t}` cannot overcome damage reduction (allowed: {})",
            bypass_names().collect::<Vec<_>>().join(", ")
        )),
        Err(_) => Err(unknown("damage reduction bypass", word, bypass_names())),
    }
}

/// SRD spelling: `cold iron` with a space.
fn display_name(damage_type: DamageType) -> &'static str {
    match damage_type {
        DamageType::ColdIron => "cold iron",
        other => other.name(),
    }
}

impl fmt::Display for Bypass {
    /// SRD notation: `—`, `magic`, `bludgeoning and magic`, `silver or cold iron`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (types, joiner) = match self {
            Bypass::Nothing => return f.write_str("—"),
            Bypass::All(types) => (types, " and "),
            Bypass::Any(types) => (types, " or "),
        };
        for (i, t) in types.iter().enumerate() {
            if i > 0 {
                f.write_str(joiner)?;
            }
            f.write_str(display_name(t))?;
        }
        Ok(())
    }
}

/// Damage reduction: `amount` off each physical hit unless the attack overcomes `bypass`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DamageReduction {
    pub amount: u32,
    pub bypass: Bypass,
}

impl fmt::Display for DamageReduction {
    /// `5/magic`, `10/—`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.amount, self.bypass)
    }
}

/// What the creature is immune to: damage types and effect tags.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Immunities {
    damage: DamageTypes,
    effects: EnumSet<EffectTag>,
}

impl Immunities {
    pub fn new(damage: DamageTypes, effects: EnumSet<EffectTag>) -> Self {
        Self { damage, effects }
    }

    pub fn to_damage(&self, damage_type: DamageType) -> bool {
        self.damage.contains(damage_type)
    }

    pub fn to_effect(&self, effect: EffectTag) -> bool {
        self.effects.contains(effect)
    }

    pub fn damage_types(&self) -> DamageTypes {
        self.damage
    }

    pub fn effects(&self) -> EnumSet<EffectTag> {
        self.effects
    }

    pub fn is_empty(&self) -> bool {
        self.damage.is_empty() && self.effects.is_empty()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use DamageType::*;

    fn set(types: &[DamageType]) -> DamageTypes {
        types.iter().copied().collect()
    }

    #[test]
    fn srd_notation_parses_and_prints_back() {
        for text in [
            "—",
            "magic",
            "bludgeoning and magic",
            "silver or cold iron",
            "cold iron",
        ] {
            assert_eq!(text.parse::<Bypass>().unwrap().to_string(), text);
        }
        assert_eq!("-".parse(), Ok(Bypass::Nothing));
        assert_eq!("cold_iron".parse(), Ok(Bypass::All(set(&[ColdIron]))));
        assert_eq!(
            "good or silver or adamantine".parse(),
            Ok(Bypass::Any(set(&[Good, Silver, Adamantine])))
        );
    }

    #[test]
    fn all_needs_every_component_any_needs_one() {
        let both: Bypass = "bludgeoning and magic".parse().unwrap();
        assert!(!both.is_overcome_by(set(&[Bludgeoning])));
        assert!(both.is_overcome_by(set(&[Bludgeoning, Magic, Fire])));
        let either: Bypass = "silver or cold iron".parse().unwrap();
        assert!(either.is_overcome_by(set(&[Slashing, ColdIron])));
        assert!(!either.is_overcome_by(set(&[Slashing, Magic])));
        assert!(!Bypass::Nothing.is_overcome_by(set(&[Magic, Epic])));
    }

    #[test]
    fn bad_notation_says_what_is_wrong() {
        let err = |text: &str| text.parse::<Bypass>().unwrap_err();
        assert!(err("silver and magic or good").contains("mixes `and` and `or`"));
        assert_eq!(
            err("silvr"),
            "unknown damage reduction bypass `silvr` (did you mean `silver`?)"
        );
        assert!(err("fire").starts_with("`fire` cannot overcome damage reduction"));
        assert!(err("magic and").contains("after `and`"));
        assert!(err("magic silver").contains("expected `and` or `or` before `silver`"));
        assert!(err("magic or magic").contains("listed twice"));
        assert!(err("").contains("must not be empty"));
    }
}
