//! Structured special abilities: a combatant file's `specials` list, each entry naming one
//! rule primitive of a closed catalogue ([`SpecialRule`]) with its parameters — Bestiary,
//! Universal Monster Rules « Regeneration », « Fast Healing », « Ferocity », « Grab »,
//! « Trip », « Paralysis », « Poison ». A creature's numbers live in its file (with the SRD citation in `source` or
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
//! - `paralysis`: `attack` (a melee or melee touch attack), `dc` 1–60 (Fortitude), `duration`
//!   in rounds, a dice formula of one kind of die plus a constant (« 1d4+1 ») or `"permanent"`,
//!   and `immune_subtypes` = [] (subtypes the paralysis spares, « elf »).
//! - `poison`: `attack`, `dc` 1–60 (Fortitude), `ability` (`str`, `dex`, `con`, `wis`, `int`,
//!   `cha`), `damage` (a formula as for `duration`: « 1d2 »), `frequency` 1–100 (rounds, the
//!   first dose's included: « 1/round for 6 rounds » is 6) and `cure` 1–10 (consecutive
//!   saves).
//! - `bleed`: `attack` and `amount` 1–1000 (hit points lost at the start of each of the
//!   victim's turns).
//! - `rage` (« CRB — Barbarian — Rage »): `resource`, the name of the file's `resources`
//!   entry holding the rounds of rage (4 + Con modifier, +2 per level after 1st).
//! - `bravery` (« CRB — Fighter — Bravery »): `amount` 1–20, the bonus on Will saves against
//!   fear.
//! - `favored_enemy` (« CRB — Ranger — Favored Enemy »): `creature_type` (a Bestiary type:
//!   « undead », « magical beast ») and `amount` 1–20, the bonus on attack and weapon damage
//!   rolls against it. One entry per combatant.
//! - `smite_evil` (« CRB — Paladin — Smite Evil »): `resource`, the name of the file's
//!   `resources` entry holding its uses (1 a day, +1 at 4th level and every three levels
//!   after).
//! - `lay_on_hands` (« CRB — Paladin — Lay on Hands »): `resource`, the name of the file's
//!   `resources` entry holding its uses (½ level + Cha modifier); it heals 1d6 per two
//!   levels (at least 1d6).
//! - `inspire_courage` (« CRB — Bard — Bardic Performance »): `resource`, the name of the
//!   file's `resources` entry holding the rounds of bardic performance (4 + Cha modifier, +2
//!   per level after 1st).
//!
//! Every entry may carry `feature`, the `features` line it models, verbatim (case-insensitive),
//! when that line does not start with the rule's words (see [`SpecialRule::words`]).

use serde::Deserialize;

use super::attack::{Attack, AttackKind};
use super::creature_type::CreatureType;
use crate::dice::DiceFormula;
use crate::error::Problems;
use crate::rng::Roller;
use crate::vocab::{Ability, DamageType, DamageTypes, Vocabulary, vocabulary};

vocabulary! {
    /// The rules a `specials` entry can name (Bestiary — Universal Monster Rules).
    "special rule", pub enum SpecialRule {
        Regeneration = "regeneration",
        FastHealing = "fast_healing",
        Ferocity = "ferocity",
        Grab = "grab",
        Trip = "trip",
        Paralysis = "paralysis",
        Poison = "poison",
        Bleed = "bleed",
        Rage = "rage",
        Bravery = "bravery",
        FavoredEnemy = "favored_enemy",
        SmiteEvil = "smite_evil",
        LayOnHands = "lay_on_hands",
        InspireCourage = "inspire_courage",
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
            SpecialRule::Paralysis => "paralysis",
            SpecialRule::Poison => "poison",
            SpecialRule::Bleed => "bleed",
            SpecialRule::Rage => "rage",
            SpecialRule::Bravery => "bravery",
            SpecialRule::FavoredEnemy => "favored enemy",
            SpecialRule::SmiteEvil => "smite evil",
            SpecialRule::LayOnHands => "lay on hands",
            SpecialRule::InspireCourage => "inspire courage",
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
    pub dc: Option<i64>,
    pub duration: Option<String>,
    pub immune_subtypes: Option<Vec<String>>,
    pub ability: Option<String>,
    pub damage: Option<String>,
    pub frequency: Option<i64>,
    pub cure: Option<i64>,
    pub resource: Option<String>,
    pub creature_type: Option<String>,
}

/// A small dice roll `count`d`sides` + `flat` (a rider's rounds or damage): `Copy`, so a
/// weapon's rider holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub count: u8,
    pub sides: u8,
    pub flat: i16,
}

impl Roll {
    /// Rolls it (each die left to right), never below 0.
    pub fn roll<R: Roller>(self, dice: &mut R) -> i32 {
        let dice_total: i32 = (0..self.count)
            .map(|_| dice.d(u32::from(self.sides)) as i32)
            .sum();
        (dice_total + i32::from(self.flat)).max(0)
    }

    /// `formula` as a roll: at most one kind of die (up to 20 dice of up to 100 sides) and a
    /// constant from −100 to 100.
    fn parse(formula: &str) -> Result<Roll, String> {
        let f: DiceFormula = formula.parse().map_err(|e| format!("{e}"))?;
        let fits = f.groups().len() <= 1
            && f.groups()
                .iter()
                .all(|g| !g.negative && g.count <= 20 && g.sides <= 100)
            && (-100..=100).contains(&f.flat());
        if !fits {
            return Err(format!(
                "`{formula}`: one kind of die (at most 20 of at most 100 sides) plus a constant \
                 from -100 to 100"
            ));
        }
        let g = f.groups().first();
        Ok(Roll {
            count: g.map_or(0, |g| g.count as u8),
            sides: g.map_or(0, |g| g.sides as u8),
            flat: f.flat() as i16,
        })
    }
}

impl std::fmt::Display for Roll {
    /// « 1d4+1 », « 1d2 », « 3 ».
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.count, self.flat) {
            (0, flat) => write!(f, "{flat}"),
            (n, 0) => write!(f, "{n}d{}", self.sides),
            (n, flat) => write!(f, "{n}d{}{flat:+}", self.sides),
        }
    }
}

/// How long a paralysis lasts: rounds rolled, or until the end of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lasting {
    Rounds(Roll),
    Permanent,
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
    /// On a hit with attack `attack`, a Fortitude save against `dc` or paralyzed for
    /// `duration` (the entry's `immune_subtypes` spared).
    Paralysis {
        attack: usize,
        dc: u8,
        duration: Lasting,
    },
    /// On a hit with attack `attack`, a Fortitude save against `dc` or `damage` points of
    /// `ability` damage, again each round for `frequency` rounds in all unless `cure`
    /// consecutive saves succeed.
    Poison {
        attack: usize,
        dc: u8,
        ability: Ability,
        damage: Roll,
        frequency: u8,
        cure: u8,
    },
    /// On a hit with attack `attack`, the victim bleeds `amount` at the start of its turns.
    Bleed { attack: usize, amount: u32 },
    /// « CRB — Barbarian — Rage »: rounds of rage from the `resources` entry `resource`
    /// (its index).
    Rage { resource: u8 },
    /// « CRB — Fighter — Bravery »: `amount` on Will saves against fear.
    Bravery { amount: u8 },
    /// « CRB — Ranger — Favored Enemy »: `amount` on attack and weapon damage rolls against
    /// creatures of type `against`.
    FavoredEnemy { against: CreatureType, amount: u8 },
    /// « CRB — Paladin — Smite Evil »: uses from the `resources` entry `resource`.
    SmiteEvil { resource: u8 },
    /// « CRB — Paladin — Lay on Hands »: uses from the `resources` entry `resource`.
    LayOnHands { resource: u8 },
    /// « CRB — Bard — Inspire Courage »: rounds of bardic performance from the `resources`
    /// entry `resource`.
    InspireCourage { resource: u8 },
}

impl Special {
    pub fn rule(self) -> SpecialRule {
        match self {
            Special::Regeneration { .. } => SpecialRule::Regeneration,
            Special::FastHealing { .. } => SpecialRule::FastHealing,
            Special::Ferocity => SpecialRule::Ferocity,
            Special::Grab { .. } => SpecialRule::Grab,
            Special::Trip { .. } => SpecialRule::Trip,
            Special::Paralysis { .. } => SpecialRule::Paralysis,
            Special::Poison { .. } => SpecialRule::Poison,
            Special::Bleed { .. } => SpecialRule::Bleed,
            Special::Rage { .. } => SpecialRule::Rage,
            Special::Bravery { .. } => SpecialRule::Bravery,
            Special::FavoredEnemy { .. } => SpecialRule::FavoredEnemy,
            Special::SmiteEvil { .. } => SpecialRule::SmiteEvil,
            Special::LayOnHands { .. } => SpecialRule::LayOnHands,
            Special::InspireCourage { .. } => SpecialRule::InspireCourage,
        }
    }

    /// The attack a rider rule rides on.
    pub fn attack(self) -> Option<usize> {
        match self {
            Special::Grab { attack }
            | Special::Trip { attack }
            | Special::Paralysis { attack, .. }
            | Special::Poison { attack, .. }
            | Special::Bleed { attack, .. } => Some(attack),
            _ => None,
        }
    }
}

/// A validated entry: the rule and the `features` line it names, if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialEntry {
    pub special: Special,
    pub feature: Option<String>,
    /// `paralysis`: the subtypes it spares (« elves are immune »), as written.
    pub immune_subtypes: Vec<String>,
}

/// What the validator needs of the rest of the file.
pub(super) struct Context<'a> {
    pub attacks: &'a [Attack],
    pub features: &'a [String],
    pub has_con: bool,
    /// The file's `resources`, as written (a class ability spends one of them).
    pub resources: &'a [(String, i64)],
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
        SpecialRule::Paralysis => {
            matches!(name, "attack" | "dc" | "duration" | "immune_subtypes")
        }
        SpecialRule::Poison => matches!(
            name,
            "attack" | "dc" | "ability" | "damage" | "frequency" | "cure"
        ),
        SpecialRule::Bleed => matches!(name, "attack" | "amount"),
        SpecialRule::Rage => name == "resource",
        SpecialRule::Bravery => name == "amount",
        SpecialRule::FavoredEnemy => matches!(name, "amount" | "creature_type"),
        SpecialRule::SmiteEvil | SpecialRule::LayOnHands | SpecialRule::InspireCourage => {
            name == "resource"
        }
    };
    let given = [
        ("amount", s.amount.is_some()),
        ("bypass", s.bypass.is_some()),
        ("attack", s.attack.is_some()),
        ("dc", s.dc.is_some()),
        ("duration", s.duration.is_some()),
        ("immune_subtypes", s.immune_subtypes.is_some()),
        ("ability", s.ability.is_some()),
        ("damage", s.damage.is_some()),
        ("frequency", s.frequency.is_some()),
        ("cure", s.cure.is_some()),
        ("resource", s.resource.is_some()),
        ("creature_type", s.creature_type.is_some()),
    ];
    for (name, present) in given {
        if present && !takes(name) {
            p.add(
                format!("{at}.{name}"),
                format!("`{rule}` takes no `{name}`"),
            );
        }
        if !present && takes(name) && !matches!(name, "bypass" | "immune_subtypes") {
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
        SpecialRule::Paralysis => {
            let found = attack(p, at, s.attack.as_deref()?, cx.attacks);
            let dc = ranged(p, at, "dc", s.dc, 1..=60);
            let duration = match s.duration.as_deref()? {
                d if d.trim().eq_ignore_ascii_case("permanent") => Some(Lasting::Permanent),
                d => roll(p, at, "duration", d).map(Lasting::Rounds),
            };
            Special::Paralysis {
                attack: found?,
                dc: dc? as u8,
                duration: duration?,
            }
        }
        SpecialRule::Bleed => {
            let found = attack(p, at, s.attack.as_deref()?, cx.attacks);
            Special::Bleed {
                attack: found?,
                amount: amount?,
            }
        }
        SpecialRule::Poison => {
            let found = attack(p, at, s.attack.as_deref()?, cx.attacks);
            let dc = ranged(p, at, "dc", s.dc, 1..=60);
            let ability = s.ability.as_deref().and_then(|a| {
                Ability::lookup(a)
                    .map_err(|m| p.add(format!("{at}.ability"), m))
                    .ok()
            });
            let damage = s.damage.as_deref().and_then(|d| roll(p, at, "damage", d));
            let frequency = ranged(p, at, "frequency", s.frequency, 1..=100);
            let cure = ranged(p, at, "cure", s.cure, 1..=10);
            Special::Poison {
                attack: found?,
                dc: dc? as u8,
                ability: ability?,
                damage: damage?,
                frequency: frequency? as u8,
                cure: cure? as u8,
            }
        }
        SpecialRule::Rage
        | SpecialRule::Bravery
        | SpecialRule::FavoredEnemy
        | SpecialRule::SmiteEvil
        | SpecialRule::LayOnHands
        | SpecialRule::InspireCourage => s.class_special(p, at, rule, cx)?,
    };
    Some(SpecialEntry {
        special,
        feature: s.feature,
        immune_subtypes: s.immune_subtypes.unwrap_or_default(),
    })
}

/// The integer parameter `name`, when given, within `range`.
fn ranged(
    p: &mut Problems,
    at: &str,
    name: &str,
    value: Option<i64>,
    range: std::ops::RangeInclusive<i64>,
) -> Option<i64> {
    let n = value?;
    if range.contains(&n) {
        Some(n)
    } else {
        p.add(
            format!("{at}.{name}"),
            format!(
                "must be between {} and {}, got {n}",
                range.start(),
                range.end()
            ),
        );
        None
    }
}

/// The dice parameter `name` as a [`Roll`].
fn roll(p: &mut Problems, at: &str, name: &str, formula: &str) -> Option<Roll> {
    Roll::parse(formula)
        .map_err(|m| p.add(format!("{at}.{name}"), m))
        .ok()
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
        Some(i)
            if attacks[i].kind() == AttackKind::Touch
                && attacks[i].range_increment_ft().is_none() =>
        {
            Some(i)
        }
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
