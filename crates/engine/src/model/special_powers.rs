//! Validation of the monsters' last `specials` entries: the domain and school touch powers
//! (« CRB — Cleric — Domains — Death — Bleeding Touch », « Chaos — Touch of Chaos », « CRB —
//! Wizard — Arcane Schools — Necromancy — Grave Touch »), the necromancer's « Life Sight » and
//! « Power over Undead », the flesh golem's « Berserk » (« Bestiary — Flesh Golem ») and
//! « Bestiary — Spell-Like Abilities » (`spell_like`: the list of catalogue spells with their
//! uses). A method on the entry, so that `special` calls it without importing this file. Owns
//! these rules' parameter checks; the schema is documented in [`super::special`]'s header,
//! what the rules do in a fight in `fight::class::touch`, `fight::class::undead`,
//! `fight::special::berserk` and `fight::cast` (spell-like abilities cast as spells).

use super::power_kinds::{SlaUses, SpellLike, TouchKind};
use super::special::{Context, Special, SpecialFile, SpecialRule};
use super::special_class::resource;
use crate::error::Problems;

impl SpecialFile {
    /// The rule `rule` of this entry at `at`, or `None` after reporting what is wrong.
    pub(super) fn power_special(
        &self,
        p: &mut Problems,
        at: &str,
        rule: SpecialRule,
        cx: &Context,
    ) -> Option<Special> {
        let s = self;
        let class_level = |p: &mut Problems| level(p, at, "amount", s.amount?);
        match rule {
            SpecialRule::BleedingTouch | SpecialRule::GraveTouch => {
                let kind = if rule == SpecialRule::GraveTouch {
                    TouchKind::Grave
                } else {
                    TouchKind::Bleeding
                };
                let level = class_level(p);
                Some(Special::Touch {
                    kind,
                    resource: resource(p, at, s.resource.as_deref()?, cx)?,
                    level: level?,
                })
            }
            SpecialRule::TouchOfChaos => Some(Special::Touch {
                kind: TouchKind::Chaos,
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
                level: 1,
            }),
            SpecialRule::PowerOverUndead => {
                let amount = class_level(p);
                let dc = super::roll::ranged(p, at, "dc", s.dc, 1..=60);
                Some(Special::PowerOverUndead {
                    resource: resource(p, at, s.resource.as_deref()?, cx)?,
                    dc: dc? as u8,
                    level: amount?,
                })
            }
            SpecialRule::LifeSight => {
                let range = super::roll::ranged(p, at, "range_ft", s.range_ft, 5..=120);
                let rounds = class_level(p);
                Some(Special::LifeSight {
                    range_ft: range? as u8,
                    rounds: rounds?,
                })
            }
            SpecialRule::Berserk => Some(Special::Berserk),
            SpecialRule::SpellLike => Some(Special::SpellLike {
                caster_level: level(p, at, "caster_level", s.caster_level?)?,
            }),
            _ => None,
        }
    }

    /// The spells of a `spell_like` entry at `at`, each with its uses.
    pub(super) fn spell_likes(&self, p: &mut Problems, at: &str) -> Vec<SpellLike> {
        let Some(list) = &self.spells else {
            return Vec::new();
        };
        let mut out = Vec::new();
        for (i, s) in list.iter().enumerate() {
            let field = format!("{at}.spells[{i}]");
            if s.spell.trim().is_empty() {
                p.add(format!("{field}.spell"), "an empty spell name");
                continue;
            }
            if let Some(uses) = sla_uses(p, &field, &s.uses) {
                out.push(SpellLike {
                    spell: s.spell.trim().to_string(),
                    uses,
                    self_only: s.self_only.unwrap_or(false),
                });
            }
        }
        if out.is_empty() && list.is_empty() {
            p.add(
                format!("{at}.spells"),
                "a `spell_like` entry lists its spells",
            );
        }
        out
    }
}

/// `"constant"`, `"at will"` or `"N/day"` (N from 1 to 20).
fn sla_uses(p: &mut Problems, at: &str, text: &str) -> Option<SlaUses> {
    let t = text.trim().to_ascii_lowercase();
    if t == "constant" {
        return Some(SlaUses::Constant);
    }
    if t == "at will" {
        return Some(SlaUses::AtWill);
    }
    let n = t
        .strip_suffix("/day")
        .and_then(|n| n.trim().parse::<u8>().ok());
    match n {
        Some(n) if (1..=20).contains(&n) => Some(SlaUses::PerDay(n)),
        _ => {
            p.add(
                format!("{at}.uses"),
                format!("`{text}`: expected `constant`, `at will` or `N/day` (N from 1 to 20)"),
            );
            None
        }
    }
}

/// A class level or caster level of 1 to 40 in field `name`.
fn level(p: &mut Problems, at: &str, name: &str, n: i64) -> Option<u8> {
    if (1..=40).contains(&n) {
        Some(n as u8)
    } else {
        p.add(
            format!("{at}.{name}"),
            format!("a level is between 1 and 40, got {n}"),
        );
        None
    }
}
