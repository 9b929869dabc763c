//! Validation of the attack-shaped Universal Monster Rules of a `specials` list (Bestiary —
//! « Rend », « Pounce », « Rake », « Powerful Charge », « Energy Drain », « Disease », hydra
//! « Hydra Traits » and « Regenerate Head », « Rock Throwing », « Rock Catching »): which
//! parameters each takes and how they become a [`Special`]. The schema is written in
//! [`super::special`]'s header; what the rules do in a fight is `fight::special`'s.

use super::attack::{Attack, AttackKind};
use super::roll::{ranged, roll};
use super::special::{Context, Lasting, Special, SpecialFile, SpecialRule, attack, attack_where};
use crate::error::Problems;

impl SpecialRule {
    /// This attack-shaped rule takes the parameter `name`.
    pub(super) fn umr_takes(self, name: &str) -> bool {
        match self {
            SpecialRule::Rend | SpecialRule::PowerfulCharge => matches!(name, "attack" | "damage"),
            SpecialRule::Rake | SpecialRule::RockThrowing => name == "attack",
            SpecialRule::Trample => matches!(name, "damage" | "dc"),
            SpecialRule::KnockoutPoison => {
                matches!(name, "attack" | "dc" | "duration" | "amount")
            }
            SpecialRule::EnergyDrain | SpecialRule::HydraHeads => {
                matches!(name, "attack" | "amount")
            }
            _ => false,
        }
    }

    /// Other `features` lines an entry of this rule models besides the one its words name
    /// (the hydra's « Regenerate Head » beside « Hydra Traits »).
    pub fn also_models(self) -> &'static [&'static str] {
        match self {
            SpecialRule::HydraHeads => &["regenerate head"],
            SpecialRule::Grit => &["deeds"],
            _ => &[],
        }
    }

    /// The [`Special`] of an entry of this attack-shaped rule (its parameters' presence is
    /// checked already). A method, so that `special` reaches it without importing this file.
    pub(super) fn umr_build(
        self,
        p: &mut Problems,
        at: &str,
        s: &SpecialFile,
        amount: Option<u32>,
        cx: &Context,
    ) -> Option<Special> {
        build(p, at, self, s, amount, cx)
    }
}

fn build(
    p: &mut Problems,
    at: &str,
    rule: SpecialRule,
    s: &SpecialFile,
    amount: Option<u32>,
    cx: &Context,
) -> Option<Special> {
    let melee = |p: &mut Problems| attack(p, at, s.attack.as_deref()?, cx.attacks);
    let damage = |p: &mut Problems| roll(p, at, "damage", s.damage.as_deref()?);
    Some(match rule {
        SpecialRule::Rend => {
            let (a, d) = (melee(p), damage(p));
            Special::Rend {
                attack: a?,
                damage: d?,
            }
        }
        SpecialRule::PowerfulCharge => {
            let (a, d) = (melee(p), damage(p));
            Special::PowerfulCharge {
                attack: a?,
                damage: d?,
            }
        }
        SpecialRule::Rake => {
            let a = melee(p)?;
            if a == 0 {
                p.add(
                    format!("{at}.attack"),
                    "a rake attack is made only against a grappled foe: list it after the \
                     creature's ordinary attacks"
                        .to_string(),
                );
                return None;
            }
            Special::Rake { attack: a }
        }
        SpecialRule::EnergyDrain => {
            let a = melee(p);
            let levels = ranged(p, at, "amount", amount.map(i64::from), 1..=10);
            Special::EnergyDrain {
                attack: a?,
                amount: levels? as u8,
            }
        }
        SpecialRule::HydraHeads => {
            let a = melee(p);
            let heads = a.map(|k| cx.attacks[k].count());
            if heads.is_some_and(|n| !(1..=16).contains(&n)) {
                p.add(
                    format!("{at}.attack"),
                    "one attack per head: its `count` (the heads) must be 1 to 16".to_string(),
                );
                return None;
            }
            Special::HydraHeads {
                attack: a?,
                amount: amount?,
            }
        }
        SpecialRule::RockThrowing => Special::RockThrowing {
            attack: thrown(p, at, s.attack.as_deref()?, cx.attacks)?,
        },
        SpecialRule::Pounce => Special::Pounce,
        SpecialRule::Disease => Special::Disease,
        SpecialRule::RockCatching => Special::RockCatching,
        SpecialRule::AllAroundVision => Special::AllAroundVision,
        SpecialRule::KnockoutPoison => {
            let any = |_: &Attack| true;
            let a = attack_where(p, at, s.attack.as_deref()?, cx.attacks, any, "an attack");
            let dc = ranged(p, at, "dc", s.dc, 1..=60);
            let duration = match s.duration.as_deref()? {
                d if d.trim().eq_ignore_ascii_case("permanent") => Some(Lasting::Permanent),
                d => roll(p, at, "duration", d).map(Lasting::Rounds),
            };
            let doses = ranged(p, at, "amount", amount.map(i64::from), 1..=100);
            Special::KnockoutPoison {
                attack: a?,
                dc: dc? as u8,
                duration: duration?,
                amount: doses? as u8,
            }
        }
        SpecialRule::Trample => {
            let (d, dc) = (damage(p), ranged(p, at, "dc", s.dc, 1..=60));
            Special::Trample {
                damage: d?,
                dc: dc? as u8,
            }
        }
        _ => return None,
    })
}

/// The index of the ranged attack named `name` (the thrown rock).
fn thrown(p: &mut Problems, at: &str, name: &str, attacks: &[Attack]) -> Option<usize> {
    let ranged = |a: &Attack| a.kind() == AttackKind::Ranged;
    attack_where(
        p,
        at,
        name,
        attacks,
        ranged,
        "a ranged attack: rocks are thrown",
    )
}
