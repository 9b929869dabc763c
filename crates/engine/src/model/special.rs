//! Structured special abilities: a combatant file's `specials` list, each entry naming one
//! rule primitive of a closed catalogue ([`SpecialRule`]) with its parameters — Bestiary,
//! Universal Monster Rules « Regeneration », « Fast Healing », « Ferocity », « Grab »,
//! « Trip ». A creature's numbers live in its file (with the SRD citation in `source` or
//! `notes`); the rule itself is Rust. Owns the schema ([`SpecialFile`]) and its validation
//! into [`Special`]; what the rules do in a fight is `fight::special`'s, and how a free-text
//! `features` line resolves against these entries is [`super::features`]'.
//!
//! # Schema
//! `{ "rule": NAME, … }` with the parameters of the rule and nothing else:
//!
//! - `regeneration`: `amount` 1–1000 (hit points per round), `bypass` = [] (damage types that
//!   stop it for a round, e.g. `["acid", "fire"]`). Needs a Constitution score.
//! - `fast_healing`: `amount` 1–1000.
//! - `ferocity`: no parameter. Needs a Constitution score.
//! - `grab`, `trip`: `attack`, the name of one of the file's melee `attacks` (« bite »). One
//!   rider per attack.
//!
//! Every entry may carry `feature`, the `features` line it models, verbatim (case-insensitive),
//! when that line does not start with the rule's words (see [`SpecialRule::words`]).

use serde::Deserialize;

use super::attack::{Attack, AttackKind};
use crate::error::Problems;
use crate::vocab::{DamageType, DamageTypes, Vocabulary, vocabulary};

vocabulary! {
    /// The rules a `specials` entry can name (Bestiary — Universal Monster Rules).
    "special rule", pub enum SpecialRule {
        Regeneration = "regeneration",
        FastHealing = "fast_healing",
        Ferocity = "ferocity",
        Grab = "grab",
        Trip = "trip",
    }
}

impl SpecialRule {
    /// The words a `features` line this rule models starts with (« Fast Healing 2 »).
    pub fn words(self) -> &'static str {
        match self {
            SpecialRule::Regeneration => "regeneration",
            SpecialRule::FastHealing => "fast healing",
            SpecialRule::Ferocity => "ferocity",
            SpecialRule::Grab => "grab",
            SpecialRule::Trip => "trip",
        }
    }
}

/// One `specials` entry as written. Every parameter of every rule is optional here; the
/// validator says which ones a rule takes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialFile {
    pub rule: String,
    pub feature: Option<String>,
    pub amount: Option<i64>,
    pub bypass: Option<Vec<String>>,
    pub attack: Option<String>,
}

/// A validated rule primitive with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Heals `amount` at the start of its turn; cannot die from hit point damage while it
    /// works; damage of a `bypass` type stops it until the end of the next round.
    Regeneration { amount: u32, bypass: DamageTypes },
    /// Heals `amount` at the start of its turn while alive.
    FastHealing { amount: u32 },
    /// Conscious and fighting, staggered, below 0 hit points; loses 1 hit point a round.
    Ferocity,
    /// A free grapple attempt (+4) on a hit with attack `attack` (index in `attacks`).
    Grab { attack: usize },
    /// A free trip attempt on a hit with attack `attack` (index in `attacks`).
    Trip { attack: usize },
}

impl Special {
    pub fn rule(self) -> SpecialRule {
        match self {
            Special::Regeneration { .. } => SpecialRule::Regeneration,
            Special::FastHealing { .. } => SpecialRule::FastHealing,
            Special::Ferocity => SpecialRule::Ferocity,
            Special::Grab { .. } => SpecialRule::Grab,
            Special::Trip { .. } => SpecialRule::Trip,
        }
    }

    /// The attack a rider rule rides on.
    pub fn attack(self) -> Option<usize> {
        match self {
            Special::Grab { attack } | Special::Trip { attack } => Some(attack),
            _ => None,
        }
    }
}

/// A validated entry: the rule and the `features` line it names, if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialEntry {
    pub special: Special,
    pub feature: Option<String>,
}

/// What the validator needs of the rest of the file.
pub(super) struct Context<'a> {
    pub attacks: &'a [Attack],
    pub features: &'a [String],
    pub has_con: bool,
}

/// Validates the `specials` list; every problem goes to `p` with its field path.
pub(super) fn specials(
    p: &mut Problems,
    list: Vec<SpecialFile>,
    cx: &Context,
) -> Vec<SpecialEntry> {
    let mut out: Vec<SpecialEntry> = Vec::new();
    for (i, entry) in list.into_iter().enumerate() {
        let at = format!("specials[{i}]");
        let Some(found) = special(p, &at, entry, cx) else {
            continue;
        };
        let twin = out.iter().position(|e| {
            e.special.rule() == found.special.rule() && e.special.attack() == found.special.attack()
        });
        let rider_twin = found.special.attack().and_then(|a| {
            out.iter()
                .position(|e| e.special.attack() == Some(a) && e.special != found.special)
        });
        if let Some(j) = twin {
            p.add(
                &at,
                format!(
                    "duplicate rule `{}` (also at specials[{j}])",
                    found.special.rule()
                ),
            );
        } else if let Some(j) = rider_twin {
            p.add(
                format!("{at}.attack"),
                format!("this attack already carries a rider (specials[{j}]): one per attack"),
            );
        } else {
            out.push(found);
        }
    }
    out
}

fn special(p: &mut Problems, at: &str, s: SpecialFile, cx: &Context) -> Option<SpecialEntry> {
    let rule = SpecialRule::lookup(&s.rule)
        .map_err(|m| p.add(format!("{at}.rule"), m))
        .ok()?;
    let takes = |name: &str| match rule {
        SpecialRule::Regeneration => matches!(name, "amount" | "bypass"),
        SpecialRule::FastHealing => name == "amount",
        SpecialRule::Ferocity => false,
        SpecialRule::Grab | SpecialRule::Trip => name == "attack",
    };
    let given = [
        ("amount", s.amount.is_some()),
        ("bypass", s.bypass.is_some()),
        ("attack", s.attack.is_some()),
    ];
    for (name, present) in given {
        if present && !takes(name) {
            p.add(
                format!("{at}.{name}"),
                format!("`{rule}` takes no `{name}`"),
            );
        }
        if !present && takes(name) && name != "bypass" {
            p.add(
                format!("{at}.{name}"),
                format!("missing: `{rule}` needs `{name}`"),
            );
        }
    }
    if let Some(line) = &s.feature
        && !cx
            .features
            .iter()
            .any(|f| f.trim().eq_ignore_ascii_case(line.trim()))
    {
        p.add(
            format!("{at}.feature"),
            format!("`{line}` is not one of this combatant's `features`"),
        );
    }
    let needs_con = matches!(rule, SpecialRule::Regeneration | SpecialRule::Ferocity);
    if needs_con && !cx.has_con {
        p.add(
            format!("{at}.rule"),
            format!("`{rule}` needs a Constitution score (abilities.con_score is null)"),
        );
    }
    let amount = match s.amount {
        Some(n) if (1..=1000).contains(&n) => Some(n as u32),
        Some(n) => {
            p.add(
                format!("{at}.amount"),
                format!("must be between 1 and 1000, got {n}"),
            );
            None
        }
        None => None,
    };
    let special = match rule {
        SpecialRule::Regeneration => {
            let bypass = bypass(p, at, s.bypass.as_deref().unwrap_or_default());
            Special::Regeneration {
                amount: amount?,
                bypass,
            }
        }
        SpecialRule::FastHealing => Special::FastHealing { amount: amount? },
        SpecialRule::Ferocity => Special::Ferocity,
        SpecialRule::Grab => Special::Grab {
            attack: attack(p, at, s.attack.as_deref()?, cx.attacks)?,
        },
        SpecialRule::Trip => Special::Trip {
            attack: attack(p, at, s.attack.as_deref()?, cx.attacks)?,
        },
    };
    Some(SpecialEntry {
        special,
        feature: s.feature,
    })
}

/// The damage types of `bypass` (any damage type or tag, no repeats).
fn bypass(p: &mut Problems, at: &str, names: &[String]) -> DamageTypes {
    let mut set = DamageTypes::new();
    for (k, name) in names.iter().enumerate() {
        match DamageType::lookup(name) {
            Ok(t) if !set.insert(t) => p.add(
                format!("{at}.bypass[{k}]"),
                format!("duplicate damage type `{name}`"),
            ),
            Ok(_) => {}
            Err(m) => p.add(format!("{at}.bypass[{k}]"), m),
        }
    }
    set
}

/// The index of the melee attack named `name` (case-insensitive).
fn attack(p: &mut Problems, at: &str, name: &str, attacks: &[Attack]) -> Option<usize> {
    let found = attacks
        .iter()
        .position(|a| a.name().trim().eq_ignore_ascii_case(name.trim()));
    match found {
        Some(i) if attacks[i].kind() == AttackKind::Melee => Some(i),
        Some(_) => {
            p.add(
                format!("{at}.attack"),
                format!("`{name}` is not a melee attack: a rider rides on a melee hit"),
            );
            None
        }
        None => {
            let known = attacks.iter().map(|a| a.name());
            p.add(
                format!("{at}.attack"),
                crate::vocab::unknown("attack", name, known),
            );
            None
        }
    }
}
