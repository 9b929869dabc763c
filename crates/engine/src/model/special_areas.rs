//! The `specials` rules that reach creatures around their bearer rather than riding on a hit
//! — Bestiary, Universal Monster Rules « Aura » (fear aura), « Frightful Presence »,
//! « Gaze », « Breath Weapon », « Channel Resistance », and the cleric's « Channel Energy »
//! (CRB — Cleric): their parameters and validation into [`Special`]. The schema lines are in
//! [`super::special`]'s header; what the rules do is `fight::special`'s.

use super::special::{Roll, Special, SpecialFile, SpecialRule, ranged};
use crate::error::Problems;
use crate::rules::Save;
use crate::vocab::{DamageType, Vocabulary};

/// Positive or negative energy (« CRB — Channel Energy »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Energy {
    /// Heals the living, harms undead.
    Positive,
    /// Harms the living, heals undead.
    Negative,
}

/// The shape of a breath weapon.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BreathShape {
    Cone,
    Line,
}

/// What a breath weapon does to a creature that fails its save.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum BreathEffect {
    /// « turn to stone »: petrified (a success negates).
    Petrification,
    /// `dice` of `energy` damage, half on a success.
    Damage { dice: Roll, energy: DamageType },
}

/// The parameters `rule` takes.
pub(super) fn takes(rule: SpecialRule, name: &str) -> bool {
    match rule {
        SpecialRule::FearAura => {
            matches!(
                name,
                "radius_ft" | "dc" | "duration" | "frightened_below_hd"
            )
        }
        SpecialRule::FrightfulPresence => matches!(name, "range_ft" | "dc" | "duration"),
        SpecialRule::Gaze => matches!(name, "range_ft" | "dc" | "effect"),
        SpecialRule::BreathWeapon => matches!(
            name,
            "shape" | "range_ft" | "dc" | "save" | "effect" | "damage" | "energy" | "recharge"
        ),
        SpecialRule::ChannelEnergy => matches!(name, "energy" | "damage" | "dc"),
        SpecialRule::ChannelResistance => name == "amount",
        _ => false,
    }
}

/// The parameters of `rule` that may be left out (checked here when they are needed).
pub(super) fn optional(rule: SpecialRule, name: &str) -> bool {
    rule == SpecialRule::BreathWeapon && matches!(name, "damage" | "energy")
}

/// `s` as the [`Special`] of `rule` (one of this file's), problems to `p`.
pub(super) fn special(
    p: &mut Problems,
    at: &str,
    rule: SpecialRule,
    s: &SpecialFile,
    amount: Option<u32>,
) -> Option<Special> {
    let dc = ranged(p, at, "dc", s.dc, 1..=60).map(|n| n as u8);
    let feet = |p: &mut Problems, name: &str, v: Option<i64>| {
        let n = ranged(p, at, name, v, 5..=500)?;
        if n % 5 != 0 {
            p.add(
                format!("{at}.{name}"),
                format!("a multiple of 5 feet, got {n}"),
            );
            return None;
        }
        Some(n as u16)
    };
    Some(match rule {
        SpecialRule::FearAura => {
            let radius_ft = feet(p, "radius_ft", s.radius_ft);
            let below = ranged(p, at, "frightened_below_hd", s.frightened_below_hd, 0..=100);
            let duration = roll(p, at, "duration", s.duration.as_deref());
            Special::FearAura {
                radius_ft: radius_ft?,
                dc: dc?,
                frightened_below_hd: below? as u8,
                duration: duration?,
            }
        }
        SpecialRule::FrightfulPresence => {
            let range_ft = feet(p, "range_ft", s.range_ft);
            let duration = roll(p, at, "duration", s.duration.as_deref());
            Special::FrightfulPresence {
                range_ft: range_ft?,
                dc: dc?,
                duration: duration?,
            }
        }
        SpecialRule::Gaze => {
            let range_ft = feet(p, "range_ft", s.range_ft);
            let petrifies = match s.effect.as_deref() {
                Some(e) if e.trim().eq_ignore_ascii_case("petrification") => Some(()),
                Some(e) => {
                    p.add(
                        format!("{at}.effect"),
                        format!("unknown gaze effect `{e}` (known: petrification)"),
                    );
                    None
                }
                None => None,
            };
            petrifies?;
            Special::Gaze {
                range_ft: range_ft?,
                dc: dc?,
            }
        }
        SpecialRule::BreathWeapon => {
            let range_ft = feet(p, "range_ft", s.range_ft);
            breath(p, at, s, dc, range_ft)?
        }
        SpecialRule::ChannelEnergy => {
            let energy = energy(p, at, s.energy.as_deref());
            let dice = roll(p, at, "damage", s.damage.as_deref());
            Special::ChannelEnergy {
                energy: energy?,
                dice: dice?,
                dc: dc?,
            }
        }
        SpecialRule::ChannelResistance => Special::ChannelResistance {
            amount: amount?.min(20) as u8,
        },
        _ => return None,
    })
}

fn breath(
    p: &mut Problems,
    at: &str,
    s: &SpecialFile,
    dc: Option<u8>,
    range_ft: Option<u16>,
) -> Option<Special> {
    let shape = match s.shape.as_deref().map(|x| x.trim().to_ascii_lowercase()) {
        Some(x) if x == "cone" => Some(BreathShape::Cone),
        Some(x) if x == "line" => Some(BreathShape::Line),
        Some(x) => {
            p.add(
                format!("{at}.shape"),
                format!("unknown shape `{x}` (known: cone, line)"),
            );
            None
        }
        None => None,
    };
    let save = match s.save.as_deref().map(|x| x.trim().to_ascii_lowercase()) {
        Some(x) if x == "fort" => Some(Save::Fort),
        Some(x) if x == "reflex" => Some(Save::Reflex),
        Some(x) if x == "will" => Some(Save::Will),
        Some(x) => {
            p.add(
                format!("{at}.save"),
                format!("unknown save `{x}` (known: fort, reflex, will)"),
            );
            None
        }
        None => None,
    };
    let recharge = roll(p, at, "recharge", s.recharge.as_deref());
    let effect = match s.effect.as_deref().map(|x| x.trim().to_ascii_lowercase()) {
        Some(x) if x == "petrification" => {
            for (name, given) in [
                ("damage", s.damage.is_some()),
                ("energy", s.energy.is_some()),
            ] {
                if given {
                    p.add(
                        format!("{at}.{name}"),
                        format!("a petrifying breath takes no `{name}`"),
                    );
                }
            }
            Some(BreathEffect::Petrification)
        }
        Some(x) if x == "damage" => {
            let dice = match s.damage.as_deref() {
                Some(d) => roll(p, at, "damage", Some(d)),
                None => {
                    p.add(
                        format!("{at}.damage"),
                        "missing: a damaging breath needs `damage`",
                    );
                    None
                }
            };
            let energy = match s.energy.as_deref() {
                Some(e) => DamageType::lookup(e)
                    .map_err(|m| p.add(format!("{at}.energy"), m))
                    .ok(),
                None => {
                    p.add(
                        format!("{at}.energy"),
                        "missing: a damaging breath needs `energy`",
                    );
                    None
                }
            };
            Some(BreathEffect::Damage {
                dice: dice?,
                energy: energy?,
            })
        }
        Some(x) => {
            p.add(
                format!("{at}.effect"),
                format!("unknown breath effect `{x}` (known: petrification, damage)"),
            );
            None
        }
        None => None,
    };
    Some(Special::BreathWeapon {
        shape: shape?,
        range_ft: range_ft?,
        dc: dc?,
        save: save?,
        effect: effect?,
        recharge: recharge?,
    })
}

fn energy(p: &mut Problems, at: &str, e: Option<&str>) -> Option<Energy> {
    match e?.trim().to_ascii_lowercase().as_str() {
        "positive" => Some(Energy::Positive),
        "negative" => Some(Energy::Negative),
        other => {
            p.add(
                format!("{at}.energy"),
                format!("unknown energy `{other}` (known: positive, negative)"),
            );
            None
        }
    }
}

fn roll(p: &mut Problems, at: &str, name: &str, formula: Option<&str>) -> Option<Roll> {
    super::special::roll(p, at, name, formula?)
}

/// The `validate` summary of one of this file's rules (« gaze 30 ft. (Fort DC 15,
/// petrification) »), `None` for the others.
pub fn summary(s: Special) -> Option<String> {
    let words = s.rule().words();
    let save = |save: Save| match save {
        Save::Fort => "Fort",
        Save::Reflex => "Ref",
        Save::Will => "Will",
    };
    Some(match s {
        Special::FearAura {
            radius_ft,
            dc,
            frightened_below_hd,
            duration,
        } => format!(
            "{words} {radius_ft} ft. (Will DC {dc}, frightened under {frightened_below_hd} HD, \
             {duration} rounds)"
        ),
        Special::FrightfulPresence {
            range_ft,
            dc,
            duration,
        } => format!("{words} {range_ft} ft. (Will DC {dc}, {duration} rounds)"),
        Special::Gaze { range_ft, dc } => {
            format!("{words} {range_ft} ft. (Fort DC {dc}, petrification)")
        }
        Special::BreathWeapon {
            shape,
            range_ft,
            dc,
            save: s,
            effect,
            recharge,
        } => {
            let shape = match shape {
                BreathShape::Cone => "cone",
                BreathShape::Line => "line",
            };
            let effect = match effect {
                BreathEffect::Petrification => "petrification".to_string(),
                BreathEffect::Damage { dice, energy } => format!("{dice} {}", energy.name()),
            };
            format!(
                "{words} {range_ft}-ft. {shape} ({} DC {dc}, {effect}, every {recharge} rounds)",
                save(s)
            )
        }
        Special::ChannelEnergy { energy, dice, dc } => {
            let energy = match energy {
                Energy::Positive => "positive",
                Energy::Negative => "negative",
            };
            format!("{words} {energy} {dice} (Will DC {dc})")
        }
        Special::ChannelResistance { amount } => format!("{words} +{amount}"),
        _ => return None,
    })
}
