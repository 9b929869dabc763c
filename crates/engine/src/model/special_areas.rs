//! The `specials` rules that reach creatures around their bearer rather than riding on a hit
//! — Bestiary, Universal Monster Rules « Aura » (fear aura), « Frightful Presence »,
//! « Gaze », « Breath Weapon », « Channel Resistance », and the cleric's « Channel Energy »
//! (CRB — Cleric): their parameters and validation into an [`AreaRule`] (held by
//! `AreaRule::Area`). The schema lines are in `special`'s header; what the rules do is
//! `fight::special`'s. Knows nothing of the other rules: `special` hands it the entry's fields.

use super::roll::{Roll, ranged};
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

/// The rules of this file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaKind {
    FearAura,
    FrightfulPresence,
    Gaze,
    BreathWeapon,
    ChannelEnergy,
    ChannelResistance,
}

/// The fields of a `specials` entry these rules read.
pub struct AreaFields<'a> {
    pub dc: Option<i64>,
    pub radius_ft: Option<i64>,
    pub range_ft: Option<i64>,
    pub frightened_below_hd: Option<i64>,
    pub duration: Option<&'a str>,
    pub effect: Option<&'a str>,
    pub shape: Option<&'a str>,
    pub save: Option<&'a str>,
    pub energy: Option<&'a str>,
    pub damage: Option<&'a str>,
    pub recharge: Option<&'a str>,
    /// `amount`, already checked (1–1000).
    pub amount: Option<u32>,
}

/// A validated rule of this file with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AreaRule {
    /// « Bestiary — Aura » (the lich's fear aura): a creature within `radius_ft` that sees
    /// the bearer saves (Will) against `dc` at the start of its turn or is frightened (fewer
    /// than `frightened_below_hd` Hit Dice) or shaken for `duration` rounds.
    FearAura {
        radius_ft: u16,
        dc: u8,
        frightened_below_hd: u8,
        duration: Roll,
    },
    /// « Bestiary — Frightful Presence »: when the bearer attacks or charges, opponents
    /// within `range_ft` with fewer Hit Dice save (Will) against `dc` or are shaken
    /// (panicked at 4 Hit Dice or fewer) for `duration` rounds.
    FrightfulPresence {
        range_ft: u16,
        dc: u8,
        duration: Roll,
    },
    /// « Bestiary — Gaze » (petrification): a creature within `range_ft` that sees the bearer
    /// saves (Fortitude) against `dc` at the start of its turn or is turned to stone.
    Gaze { range_ft: u16, dc: u8 },
    /// « Bestiary — Breath Weapon »: a cone or line of `range_ft`, a save against `dc`, the
    /// `effect`, usable again after `recharge` rounds.
    BreathWeapon {
        shape: BreathShape,
        range_ft: u16,
        dc: u8,
        save: Save,
        effect: BreathEffect,
        recharge: Roll,
    },
    /// « CRB — Channel Energy »: a 30-ft burst of `energy` for `dice`, Will `dc` for half
    /// (uses: the `channel_energy` resource).
    ChannelEnergy { energy: Energy, dice: Roll, dc: u8 },
    /// « Bestiary — Channel Resistance »: `amount` on saves against channeled energy.
    ChannelResistance { amount: u8 },
}

impl AreaRule {
    pub fn kind(self) -> AreaKind {
        match self {
            AreaRule::FearAura { .. } => AreaKind::FearAura,
            AreaRule::FrightfulPresence { .. } => AreaKind::FrightfulPresence,
            AreaRule::Gaze { .. } => AreaKind::Gaze,
            AreaRule::BreathWeapon { .. } => AreaKind::BreathWeapon,
            AreaRule::ChannelEnergy { .. } => AreaKind::ChannelEnergy,
            AreaRule::ChannelResistance { .. } => AreaKind::ChannelResistance,
        }
    }
}

/// The parameters `rule` takes.
pub(super) fn takes(rule: AreaKind, name: &str) -> bool {
    match rule {
        AreaKind::FearAura => {
            matches!(
                name,
                "radius_ft" | "dc" | "duration" | "frightened_below_hd"
            )
        }
        AreaKind::FrightfulPresence => matches!(name, "range_ft" | "dc" | "duration"),
        AreaKind::Gaze => matches!(name, "range_ft" | "dc" | "effect"),
        AreaKind::BreathWeapon => matches!(
            name,
            "shape" | "range_ft" | "dc" | "save" | "effect" | "damage" | "energy" | "recharge"
        ),
        AreaKind::ChannelEnergy => matches!(name, "energy" | "damage" | "dc"),
        AreaKind::ChannelResistance => name == "amount",
    }
}

/// The parameters of `rule` that may be left out (checked here when they are needed).
pub(super) fn optional(rule: AreaKind, name: &str) -> bool {
    rule == AreaKind::BreathWeapon && matches!(name, "damage" | "energy")
}

/// `s` as the [`AreaRule`] of `rule`, problems to `p`.
pub(super) fn special(
    p: &mut Problems,
    at: &str,
    rule: AreaKind,
    s: &AreaFields,
) -> Option<AreaRule> {
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
        AreaKind::FearAura => {
            let radius_ft = feet(p, "radius_ft", s.radius_ft);
            let below = ranged(p, at, "frightened_below_hd", s.frightened_below_hd, 0..=100);
            let duration = roll(p, at, "duration", s.duration);
            AreaRule::FearAura {
                radius_ft: radius_ft?,
                dc: dc?,
                frightened_below_hd: below? as u8,
                duration: duration?,
            }
        }
        AreaKind::FrightfulPresence => {
            let range_ft = feet(p, "range_ft", s.range_ft);
            let duration = roll(p, at, "duration", s.duration);
            AreaRule::FrightfulPresence {
                range_ft: range_ft?,
                dc: dc?,
                duration: duration?,
            }
        }
        AreaKind::Gaze => {
            let range_ft = feet(p, "range_ft", s.range_ft);
            let petrifies = match s.effect {
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
            AreaRule::Gaze {
                range_ft: range_ft?,
                dc: dc?,
            }
        }
        AreaKind::BreathWeapon => {
            let range_ft = feet(p, "range_ft", s.range_ft);
            breath(p, at, s, dc, range_ft)?
        }
        AreaKind::ChannelEnergy => {
            let energy = energy(p, at, s.energy);
            let dice = roll(p, at, "damage", s.damage);
            AreaRule::ChannelEnergy {
                energy: energy?,
                dice: dice?,
                dc: dc?,
            }
        }
        AreaKind::ChannelResistance => AreaRule::ChannelResistance {
            amount: s.amount?.min(20) as u8,
        },
    })
}

fn breath(
    p: &mut Problems,
    at: &str,
    s: &AreaFields,
    dc: Option<u8>,
    range_ft: Option<u16>,
) -> Option<AreaRule> {
    let shape = match s.shape.map(|x| x.trim().to_ascii_lowercase()) {
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
    let save = match s.save.map(|x| x.trim().to_ascii_lowercase()) {
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
    let recharge = roll(p, at, "recharge", s.recharge);
    let effect = match s.effect.map(|x| x.trim().to_ascii_lowercase()) {
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
            let dice = match s.damage {
                Some(d) => roll(p, at, "damage", Some(d)),
                None => {
                    p.add(
                        format!("{at}.damage"),
                        "missing: a damaging breath needs `damage`",
                    );
                    None
                }
            };
            let energy = match s.energy {
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
    Some(AreaRule::BreathWeapon {
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
    super::roll::roll(p, at, name, formula?)
}

/// The `validate` summary of `s` after its rule's `words` (« gaze 30 ft. (Fort DC 15,
/// petrification) »).
pub fn summary(words: &str, s: AreaRule) -> String {
    let save = |save: Save| match save {
        Save::Fort => "Fort",
        Save::Reflex => "Ref",
        Save::Will => "Will",
    };
    match s {
        AreaRule::FearAura {
            radius_ft,
            dc,
            frightened_below_hd,
            duration,
        } => format!(
            "{words} {radius_ft} ft. (Will DC {dc}, frightened under {frightened_below_hd} HD, \
             {duration} rounds)"
        ),
        AreaRule::FrightfulPresence {
            range_ft,
            dc,
            duration,
        } => format!("{words} {range_ft} ft. (Will DC {dc}, {duration} rounds)"),
        AreaRule::Gaze { range_ft, dc } => {
            format!("{words} {range_ft} ft. (Fort DC {dc}, petrification)")
        }
        AreaRule::BreathWeapon {
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
        AreaRule::ChannelEnergy { energy, dice, dc } => {
            let energy = match energy {
                Energy::Positive => "positive",
                Energy::Negative => "negative",
            };
            format!("{words} {energy} {dice} (Will DC {dc})")
        }
        AreaRule::ChannelResistance { amount } => format!("{words} +{amount}"),
    }
}
