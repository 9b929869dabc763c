//! `pf1e-sim validate FILE...`: checks maps, combatant and spell files, prints one summary line
//! per valid file on stdout and every error of every invalid file on stderr. Exit 0 when all
//! are valid, 2 otherwise. Summaries are English, like every diagnostic; only reports are
//! French. Which kind a file is: `load::kind_of`.
//!
//! A valid combatant file may also get warnings on stderr, after its `ok:` line: one per feat
//! with no modelled effect (a traced no-op, see `rules::feat`; not those of
//! `rules::feat::NO_COMBAT_EFFECT`, which have none in a fight, each with its reason), one per `features` line no
//! `specials` entry models and no list of the engine names (`model::features`), one per
//! modifier whose `when` is unknown (it never applies), and those about its spells
//! (`validate_spells`). Warnings never fail validation.

use std::fmt::Write as _;

use pf1e_engine::board::Board;
use pf1e_engine::error::DataErrors;
use pf1e_engine::map::{Map, parse_map};
use pf1e_engine::model::special::{Lasting, SlaUses, TouchKind};
use pf1e_engine::model::{
    Attack, Combatant, FeatureUse, Role, Special, Vocabulary, parse_combatant,
};
use pf1e_engine::rules::feat::{feats, no_combat_reason};
use pf1e_engine::rules::{ConditionSet, When};
use pf1e_sweep::spell_list::SpellSummary;

use super::validate_spells::SpellCheck;
use crate::cli::ValidateArgs;
use crate::exit_codes::{DATA_ERROR, SUCCESS};
use crate::load::{FileKind, kind_of, read_text};
use crate::output::Stdout;

pub fn run(args: &ValidateArgs) -> anyhow::Result<u8> {
    let files = &args.files;
    let mut spells = SpellCheck::new(args.spells.as_deref());
    let mut invalid = 0usize;
    let mut stdout = Stdout::default();
    for path in files {
        let label = path.display().to_string();
        let outcome =
            read_text(path)
                .map_err(DataErrors::from)
                .and_then(|text| match kind_of(path, &text) {
                    FileKind::Map => parse_map(&label, &text).map(|m| (map_summary(&m), vec![])),
                    FileKind::Spell => {
                        SpellSummary::parse(&label, &text).map(|s| (s.line(), vec![]))
                    }
                    FileKind::Combatant => parse_combatant(&label, &text).map(|c| {
                        let mut warnings = combatant_warnings(&c);
                        warnings.extend(spells.warnings(&c));
                        (combatant_summary(&c), warnings)
                    }),
                });
        match outcome {
            Ok((summary, warnings)) => {
                stdout.write(&format!("ok: {label}: {summary}\n"), "a summary")?;
                for w in warnings {
                    say!("warning: {label}: {w}");
                }
            }
            Err(errors) => {
                invalid += 1;
                for e in errors.iter() {
                    say!("error: {e}");
                }
            }
        }
    }
    if invalid > 0 {
        say!("{invalid} of {} files invalid", files.len());
        return Ok(DATA_ERROR);
    }
    if !spells.catalogue_ok() {
        return Ok(DATA_ERROR);
    }
    Ok(SUCCESS)
}

/// `map "Arène d'essai", 20×8 squares of 5 ft, zones A (8), B (8), sides players→A, …`
fn map_summary(map: &Map) -> String {
    let mut out = format!(
        "map \"{}\", {}×{} squares of {} ft",
        map.name().unwrap_or("(unnamed)"),
        map.cols(),
        map.rows(),
        map.square_size_ft()
    );
    let zones: Vec<String> = map
        .zone_letters()
        .into_iter()
        .map(|z| {
            format!(
                "{z} ({})",
                map.zone_squares(z).filter(|&p| map.passable(p)).count()
            )
        })
        .collect();
    if zones.is_empty() {
        out.push_str(", no zones");
    } else {
        let _ = write!(out, ", zones {}", zones.join(", "));
    }
    let sides: Vec<String> = map
        .deployment()
        .iter()
        .map(|(s, z)| format!("{s}→{z}"))
        .collect();
    if !sides.is_empty() {
        let _ = write!(out, ", sides {}", sides.join(", "));
    }
    match map.markers().len() {
        0 => {}
        1 => out.push_str(", 1 marker"),
        n => {
            let _ = write!(out, ", {n} markers");
        }
    }
    out
}

/// `Orc (monster, CR 1/3, Medium humanoid), hp 6, AC 13 (touch 10, flat-footed 13), attacks: …`
fn combatant_summary(c: &Combatant) -> String {
    let role = match c.role() {
        Role::Pc => format!("PC level {}", c.level()),
        Role::Monster => "monster".to_string(),
    };
    let cr = c.cr().map(|cr| format!(", CR {cr}")).unwrap_or_default();
    let ac = c.ac();
    let mut out = format!(
        "{} ({role}{cr}, {} {}), hp {}, AC {} (touch {}, flat-footed {})",
        c.name(),
        c.size(),
        c.creature_type(),
        c.hp_max(),
        ac.total,
        ac.touch,
        ac.flat_footed
    );
    if c.attacks().is_empty() {
        out.push_str(", no attacks");
    } else {
        let attacks: Vec<String> = c.attacks().iter().map(attack_summary).collect();
        let _ = write!(out, ", attacks: {}", attacks.join(", "));
    }
    let (modelled, no_op) = feats(c.feats()).fold((0, 0), |(m, n), f| match f.feat {
        Some(_) => (m + 1, n),
        None => (m, n + 1),
    });
    if modelled + no_op == 0 {
        out.push_str(", no feats");
    } else {
        let _ = write!(out, ", feats {modelled} modelled / {no_op} no-op");
        if !c.feats_in_stat_block() {
            out.push_str(" (static feats not in the stat block: the engine adds them)");
        }
    }
    if !c.specials().is_empty() {
        let specials: Vec<String> = c
            .specials()
            .iter()
            .map(|e| special_summary(c, e.special))
            .collect();
        let _ = write!(out, ", specials: {}", specials.join(", "));
    }
    if !c.start_conditions().is_empty() {
        let conditions: Vec<String> = c
            .start_conditions()
            .iter()
            .map(|s| match s.rounds {
                ConditionSet::PERMANENT => s.condition.to_string(),
                1 => format!("{} (1 round)", s.condition),
                n => format!("{} ({n} rounds)", s.condition),
            })
            .collect();
        let _ = write!(out, ", starts {}", conditions.join(", "));
        if c.bleed() > 0 {
            let _ = write!(out, " (bleed {})", c.bleed());
        }
    }
    if !c.modifiers().is_empty() {
        let modifiers: Vec<String> = c.modifiers().iter().map(|m| m.to_string()).collect();
        let _ = write!(out, ", modifiers: {}", modifiers.join(", "));
    }
    out
}

/// `feats[2] "Great Cleave": no effect modelled (traced no-op)`, `modifiers[0].when "while_raging":
/// unknown condition, this modifier never applies`. A valid file's modifiers are its file's,
/// in file order, so their index is the file's.
fn combatant_warnings(c: &Combatant) -> Vec<String> {
    let no_ops = feats(c.feats())
        .enumerate()
        .filter(|(_, f)| {
            f.feat.is_none() && no_combat_reason(f.name, c.feats_in_stat_block()).is_none()
        })
        .map(|(i, f)| {
            format!(
                "feats[{i}] \"{}\": no effect modelled (traced no-op)",
                f.name
            )
        });
    let modifiers = c
        .modifiers()
        .iter()
        .enumerate()
        .filter_map(|(i, m)| match &m.when {
            When::Unknown(text) => Some(format!(
                "modifiers[{i}].when \"{text}\": unknown condition, this modifier never applies"
            )),
            _ => None,
        });
    let features = c
        .feature_uses()
        .enumerate()
        .filter(|(_, (_, u))| *u == FeatureUse::Unmodelled)
        .map(|(i, (line, _))| format!("features[{i}] \"{line}\": no effect modelled"));
    no_ops.chain(features).chain(modifiers).collect()
}

/// `regeneration 5 (acid, fire)`, `fast healing 2`, `ferocity`, `trip on bite`.
fn special_summary(c: &Combatant, s: Special) -> String {
    let words = s.rule().words();
    let attack = |i: usize| c.attacks().get(i).map_or("?", |a| a.name());
    match s {
        Special::Regeneration { amount, bypass } if bypass.is_empty() => {
            format!("{words} {amount}")
        }
        Special::Regeneration { amount, bypass } => {
            let types: Vec<&str> = bypass.iter().map(|t| t.name()).collect();
            format!("{words} {amount} ({})", types.join(", "))
        }
        Special::FastHealing { amount } => format!("{words} {amount}"),
        Special::Ferocity => words.to_string(),
        Special::Grab { attack: i } | Special::Trip { attack: i } => {
            format!("{words} on {}", attack(i))
        }
        Special::Paralysis {
            attack: i,
            dc,
            duration,
        } => {
            let lasts = match duration {
                Lasting::Rounds(r) => format!("{r} rounds"),
                Lasting::Permanent => "permanent".to_string(),
            };
            format!("{words} on {} (Fort DC {dc}, {lasts})", attack(i))
        }
        Special::Bleed { attack: i, amount } => format!("{words} {amount} on {}", attack(i)),
        Special::Poison {
            attack: i,
            dc,
            ability,
            damage,
            frequency,
            cure,
        } => format!(
            "{words} on {} (Fort DC {dc}, {damage} {ability} for {frequency} rounds, cure {cure} {})",
            attack(i),
            if cure == 1 {
                "save"
            } else {
                "consecutive saves"
            }
        ),
        Special::Rend { attack: i, damage } => format!("{words} on {} ({damage})", attack(i)),
        Special::Pounce | Special::Disease | Special::RockCatching | Special::AllAroundVision => {
            words.to_string()
        }
        Special::Rake { attack: i } | Special::RockThrowing { attack: i } => {
            format!("{words} with {}", attack(i))
        }
        Special::PowerfulCharge { attack: i, damage } => {
            format!("{words} with {} ({damage})", attack(i))
        }
        Special::EnergyDrain { attack: i, amount } => {
            format!("{words} on {} ({amount} negative levels)", attack(i))
        }
        Special::Trample { damage, dc } => format!("{words} ({damage}, Ref DC {dc})"),
        Special::KnockoutPoison {
            attack: i,
            dc,
            duration,
            amount,
        } => {
            let lasts = match duration {
                Lasting::Rounds(r) => format!("{r} rounds"),
                Lasting::Permanent => "permanent".to_string(),
            };
            format!(
                "{words} on {} (Fort DC {dc}, unconscious {lasts}, {amount} doses)",
                attack(i)
            )
        }
        Special::HydraHeads { attack: i, amount } => {
            let heads = c.attacks().get(i).map_or(0, |a| a.count());
            format!(
                "{words} ({heads} heads, {} each, severed by {amount})",
                attack(i)
            )
        }
        Special::Area(a) => pf1e_engine::model::special::area_summary(words, a),
        Special::Rage { resource } => {
            let pool = c.resources().get(usize::from(resource));
            format!("{words} ({} rounds)", pool.map_or(0, |r| r.1))
        }
        Special::Bravery { amount } => format!("{words} +{amount} (Will vs fear)"),
        Special::InspireCourage { resource } => {
            let pool = c.resources().get(usize::from(resource));
            format!("{words} ({} rounds)", pool.map_or(0, |r| r.1))
        }
        Special::LayOnHands { resource } => {
            let pool = c.resources().get(usize::from(resource));
            format!("{words} ({} a day)", pool.map_or(0, |r| r.1))
        }
        Special::SmiteEvil { resource } => {
            let pool = c.resources().get(usize::from(resource));
            format!("{words} ({} a day)", pool.map_or(0, |r| r.1))
        }
        Special::FavoredEnemy { against, amount } => format!("{words} ({against} +{amount})"),
        Special::Grit { resource } => {
            let pool = c.resources().get(usize::from(resource));
            format!(
                "{words} ({} points; deadeye, gunslinger's dodge, quick clear, gunslinger initiative)",
                pool.map_or(0, |r| r.1)
            )
        }
        Special::Misfire { attack: i, value } => format!("{words} on {} (1–{value})", attack(i)),
        Special::PistolWhip { attack: i, firearm } => format!(
            "{words} with {}: {} (1 grit, trip on a hit)",
            attack(firearm),
            attack(i)
        ),
        Special::ImmunityToMagic => format!("{words} (spells that allow spell resistance)"),
        Special::SpellCombat => format!("{words} (full attack at -2 and a spell)"),
        Special::RebukeDeath { resource } => {
            let pool = c.resources().get(usize::from(resource));
            format!("rebuke death ({} a day)", pool.map_or(0, |r| r.1))
        }
        Special::ForceMissile { resource, damage } => {
            let pool = c.resources().get(usize::from(resource));
            format!(
                "{words} ({damage} force, {} a day)",
                pool.map_or(0, |r| r.1)
            )
        }
        Special::ArcanePool { resource, amount } => {
            let pool = c.resources().get(usize::from(resource));
            format!(
                "{words} (+{amount} weapon, {} points)",
                pool.map_or(0, |r| r.1)
            )
        }
        Special::Touch {
            kind,
            resource,
            level,
        } => {
            let pool = c.resources().get(usize::from(resource)).map_or(0, |r| r.1);
            match kind {
                TouchKind::Chaos => format!("{words} ({pool} a day)"),
                _ => format!("{words} (level {level}, {pool} a day)"),
            }
        }
        Special::LifeSight { range_ft, rounds } => {
            format!("{words} (blindsight {range_ft} ft., {rounds} rounds a day)")
        }
        Special::PowerOverUndead {
            resource,
            dc,
            level,
        } => {
            let pool = c.resources().get(usize::from(resource));
            format!(
                "{words} (command undead, Will DC {dc}, {level} HD, {} a day)",
                pool.map_or(0, |r| r.1)
            )
        }
        Special::Berserk => format!("{words} (cumulative 1 % a round)"),
        Special::SpellLike { caster_level } => {
            let entry = c.specials().iter().find(|e| e.special == s);
            let spells: Vec<String> = (entry.iter().flat_map(|e| &e.spell_like))
                .map(|k| match k.uses {
                    SlaUses::Constant => format!("{} constant", k.spell),
                    SlaUses::AtWill => format!("{} at will", k.spell),
                    SlaUses::PerDay(n) => format!("{} {n}/day", k.spell),
                })
                .collect();
            format!("{words} (CL {caster_level}: {})", spells.join(", "))
        }
        Special::Hex { kind, dc: 0 } => format!("{words} ({kind})"),
        Special::Hex { kind, dc } => format!("{words} ({kind}, Will DC {dc})"),
    }
}

/// `falchion +5 (2d4+4, 18–20/×2)`, `2× claw +4 (1d4+2)`, `javelin +1 (1d6+3, ×2, 30 ft)`.
fn attack_summary(a: &Attack) -> String {
    let count = if a.count() > 1 {
        format!("{}× ", a.count())
    } else {
        String::new()
    };
    let mut damage: Vec<String> = Vec::new();
    for (i, component) in a.damage().iter().enumerate() {
        let mut text = component.formula().to_string();
        if i == 0 && a.damage_bonus() != 0 {
            let _ = write!(text, "{:+}", a.damage_bonus());
        }
        damage.push(text);
    }
    let start = a.threat_range_start();
    let crit = if start < 20 {
        format!("{start}–20/×{}", a.crit_mult())
    } else {
        format!("×{}", a.crit_mult())
    };
    let mut details = damage;
    details.push(crit);
    if let Some(inc) = a.range_increment_ft() {
        details.push(format!("{inc} ft"));
    }
    format!(
        "{count}{} {:+} ({})",
        a.name(),
        a.attack_bonus(),
        details.join(", ")
    )
}
