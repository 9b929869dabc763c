//! Validation of the class-ability `specials` entries (« CRB — Barbarian — Rage », « Fighter
//! — Bravery », « Ranger — Favored Enemy », « Paladin — Smite Evil », « Lay on Hands », « Bard — Inspire Courage »): the
//! parameters, once `special` has checked which ones the rule takes (a method on the entry,
//! so that `special` calls it without importing this file). Owns these rules' parameter
//! checks; the schema is documented in [`super::special`]'s header, what the rules do in a
//! fight in `fight::class`.

use serde::Deserialize;
use serde::de::IntoDeserializer;

use super::creature_type::CreatureType;
use super::special::{Context, Special, SpecialFile, SpecialRule, attack_in_field, attack_where};
use crate::error::Problems;

impl SpecialFile {
    /// The class rule `rule` of this entry at `at`, or `None` after reporting what is wrong.
    pub(super) fn class_special(
        &self,
        p: &mut Problems,
        at: &str,
        rule: SpecialRule,
        cx: &Context,
    ) -> Option<Special> {
        let s = self;
        match rule {
            SpecialRule::Rage => Some(Special::Rage {
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
            }),
            SpecialRule::SmiteEvil => Some(Special::SmiteEvil {
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
            }),
            SpecialRule::LayOnHands => Some(Special::LayOnHands {
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
            }),
            SpecialRule::InspireCourage => Some(Special::InspireCourage {
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
            }),
            SpecialRule::Bravery => Some(Special::Bravery {
                amount: small(p, at, s.amount?)?,
            }),
            SpecialRule::FavoredEnemy => {
                let amount = small(p, at, s.amount?);
                let against = creature_type(p, at, s.creature_type.as_deref()?);
                Some(Special::FavoredEnemy {
                    against: against?,
                    amount: amount?,
                })
            }
            SpecialRule::Grit => Some(Special::Grit {
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
            }),
            SpecialRule::RebukeDeath => Some(Special::RebukeDeath {
                resource: resource(p, at, s.resource.as_deref()?, cx)?,
            }),
            SpecialRule::ArcanePool => {
                let amount = small(p, at, s.amount?);
                Some(Special::ArcanePool {
                    resource: resource(p, at, s.resource.as_deref()?, cx)?,
                    amount: amount?,
                })
            }
            SpecialRule::ForceMissile => {
                let damage =
                    (s.damage.as_deref()).and_then(|d| super::roll::roll(p, at, "damage", d));
                Some(Special::ForceMissile {
                    resource: resource(p, at, s.resource.as_deref()?, cx)?,
                    damage: damage?,
                })
            }
            SpecialRule::Misfire => {
                let fits = |a: &super::attack::Attack| a.firearm();
                let found = (s.attack.as_deref())
                    .and_then(|n| attack_where(p, at, n, cx.attacks, fits, "a firearm"));
                let value = small(p, at, s.amount?);
                Some(Special::Misfire {
                    attack: found?,
                    value: value?,
                })
            }
            SpecialRule::PistolWhip => {
                let blow = |a: &super::attack::Attack| {
                    a.kind() == super::attack::AttackKind::Melee && !a.firearm()
                };
                let found = (s.attack.as_deref())
                    .and_then(|n| attack_where(p, at, n, cx.attacks, blow, "a melee attack"));
                let firearm = (s.firearm.as_deref()).and_then(|n| {
                    let field = format!("{at}.firearm");
                    attack_in_field(p, &field, n, cx.attacks, |a| a.firearm(), "a firearm")
                });
                Some(Special::PistolWhip {
                    attack: found?,
                    firearm: firearm?,
                })
            }
            _ => None,
        }
    }
}

/// The creature type `name`, spelled as a file's `creature_type` is (« undead »,
/// « magical_beast » or « magical beast »).
fn creature_type(p: &mut Problems, at: &str, name: &str) -> Option<CreatureType> {
    let snake = name.trim().to_ascii_lowercase().replace(' ', "_");
    let read: Result<CreatureType, serde::de::value::Error> =
        CreatureType::deserialize(snake.as_str().into_deserializer());
    read.map_err(|e| p.add(format!("{at}.creature_type"), e.to_string()))
        .ok()
}

/// A bonus of 1 to 20 (`amount` is already known to be 1–1000).
fn small(p: &mut Problems, at: &str, n: i64) -> Option<u8> {
    if (1..=20).contains(&n) {
        Some(n as u8)
    } else {
        p.add(
            format!("{at}.amount"),
            format!("a class bonus is between 1 and 20, got {n}"),
        );
        None
    }
}

/// The index of the `resources` entry named `name`.
pub(super) fn resource(p: &mut Problems, at: &str, name: &str, cx: &Context) -> Option<u8> {
    let found = (cx.resources.iter()).position(|(n, _)| n.trim() == name.trim());
    match found {
        Some(i) if i < 256 => Some(i as u8),
        _ => {
            let known = cx.resources.iter().map(|(n, _)| n.as_str());
            p.add(
                format!("{at}.resource"),
                crate::vocab::unknown("resource", name, known),
            );
            None
        }
    }
}
