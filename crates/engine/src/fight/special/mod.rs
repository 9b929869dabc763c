//! Special abilities in a fight (Bestiary — Universal Monster Rules « Regeneration », « Fast
//! Healing », « Ferocity », « Grab », « Trip », « Paralysis », « Poison »), compiled once per batch from a combatant's
//! validated `specials` into small `Copy` values ([`Specials`] in `UnitInfo::traits`, a
//! [`Rider`] on the weapon it rides on), so a fight without specials pays one branch per turn
//! and per hit. This file owns those values; `act` what they do (the start-of-turn healing,
//! what stops regeneration, the riders' free manoeuvres); the life track they bend (death held
//! off by regeneration, consciousness kept by ferocity) is `state`'s, and ferocity's hit point
//! a round is the turn's (`turn`). Nothing here imports the fight's state, so `unit` can hold
//! these values.
//!
//! - Regeneration: heals its amount at the start of its turn; a regenerating creature « cannot
//!   die as long as its regeneration is still functioning (although creatures with
//!   regeneration still fall unconscious when their hit points are below 0) ». Damage of a
//!   bypass type (the troll's acid or fire) stops it « on the round following the attack.
//!   During this round, the creature does not heal any damage and can die normally ».
//!   Simplified: it can die from the bypassing hit on, through the end of the following round.
//! - Fast healing: heals its amount at the start of its turn while alive, at negative hit
//!   points too; nothing stops it.
//! - Ferocity: below 0 hit points it stays conscious and staggered (`state::UnitState::life`),
//!   loses 1 hit point at the start of each of its turns instead of rolling to stabilize, and
//!   dies at −Con as usual.
//! - Grab, trip: on a hit with the named attack, a free manoeuvre through
//!   [`Fight::perform_maneuver`] with [`Attempt::rider`] — no attack of opportunity, no
//!   backlash on a failure by 10 (« the creature is not tripped in return »), +4 on a grab's
//!   check (« +4 bonus on combat maneuver checks to start and maintain a grapple »); grab only
//!   against a creature of its size or smaller. Not modelled: holding with the grabbing part
//!   alone at −20 without becoming grappled, and the damage of the attack on later grapple
//!   checks.
//! - Paralysis: on a hit with the named attack, a Fortitude save or paralyzed (the `paralyzed`
//!   condition, helpless) for the rolled rounds, counted in the victim's turns; a creature
//!   immune to paralysis or of one of the entry's `immune_subtypes` (« elves are immune ») is
//!   spared. `"permanent"` (the lich's touch) is paralyzed until the end of the fight. A
//!   second paralysis keeps the longer duration (`ConditionSet::add`).
//! - Poison: on a hit with the named attack, a Fortitude save; on a failure, the damage roll in
//!   points of ability damage at once, then a save at the start of each of the victim's turns
//!   for the rest of the `frequency` — a failure deals the damage again, `cure` consecutive
//!   successes end it. Ability damage counts through the numbers it changes, as an ability
//!   penalty from a spell does (`effects::parts`: Strength's melee attack and damage, CMB and
//!   CMD; Dexterity's ranged attack, AC, Reflex, CMD, initiative; Constitution's Fortitude;
//!   Wisdom's Will). Simplified: a dose on a creature already poisoned is ignored (no longer
//!   duration, no +2 DC); Constitution damage does not lower hit points; a score at 0 does not
//!   make the creature helpless. A creature immune to poison is spared; save modifiers against
//!   the `poison` descriptor count.
//! - Bleed: on a hit with the named attack, the victim (unless immune to bleed) is `bleeding`
//!   and loses the amount at the start of each of its turns (`turn::life`); bleeds do not
//!   stack: the larger counts. A healing spell that restores hit points stops it. Not
//!   modelled: the DC 15 Heal check that stops it.
//! - The attack-shaped rules (rend, pounce, rake, powerful charge, trample, energy drain, hydra
//!   heads, rock throwing and catching, all-around vision): [`Umr`], each rule's file (`hit`,
//!   `charge`, `rake`, `trample`, `drain`, `hydra`) with its simplifications.
//! - Fear aura, frightful presence (`aura`), gaze and petrification (`gaze`), breath weapons
//!   (`breath`), channel energy and channel resistance (`channel`): the rules and their
//!   simplifications are in each file's header; their compiled values and what a creature
//!   keeps of them during a fight (uses left, recharge, fears faced, eyes averted) are
//!   `values`'. Auras and gazes act at the start of other creatures' turns only in a fight
//!   where some unit has one (`Fight::watched`).

mod act;
mod aura;
mod breath;
mod channel;
mod charge;
mod drain;
mod gaze;
mod hit;
mod hydra;
mod knockout;
mod rake;
mod save;
mod trample;
mod umr;
pub mod values;

pub use umr::{Umr, UmrState};
pub use values::{Areas, Powers};

use crate::model::special::{Lasting, Roll};
use crate::model::{Ability, Combatant, DamageTypes, Special};
use crate::rules::maneuver::Maneuver;

/// « Bestiary — Regeneration »: hit points a round and the damage types that stop it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Regeneration {
    pub amount: u32,
    pub bypass: DamageTypes,
}

/// A combatant's special abilities that act at the start of its turn or on its life track.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Specials {
    pub regeneration: Option<Regeneration>,
    /// « Bestiary — Fast Healing »: hit points a round (0: none).
    pub fast_healing: u32,
    pub ferocity: bool,
    /// The attack-shaped Universal Monster Rules (rend, pounce, rock catching…: [`umr`]).
    pub umr: Umr,
    /// Auras, gazes, breath, channel energy and channel resistance (`values`).
    pub areas: Areas,
}

impl Specials {
    /// The specials of `c`'s stat block (riders go on their weapons: [`Rider::on`]).
    pub fn of(c: &Combatant) -> Specials {
        let mut out = Specials::default();
        for e in c.specials() {
            match e.special {
                Special::Regeneration { amount, bypass } => {
                    out.regeneration = Some(Regeneration { amount, bypass });
                }
                Special::FastHealing { amount } => out.fast_healing = amount,
                Special::Ferocity => out.ferocity = true,
                Special::Grab { .. }
                | Special::Trip { .. }
                | Special::Paralysis { .. }
                | Special::Poison { .. }
                | Special::Bleed { .. } => {}
                Special::Rend { .. }
                | Special::Pounce
                | Special::Rake { .. }
                | Special::PowerfulCharge { .. }
                | Special::EnergyDrain { .. }
                | Special::Disease
                | Special::HydraHeads { .. }
                | Special::RockThrowing { .. }
                | Special::RockCatching
                | Special::AllAroundVision
                | Special::Trample { .. }
                | Special::KnockoutPoison { .. } => {}
                Special::Area(a) => out.areas.add(c, a),
                Special::Rage { .. }
                | Special::Bravery { .. }
                | Special::FavoredEnemy { .. }
                | Special::SmiteEvil { .. }
                | Special::LayOnHands { .. }
                | Special::InspireCourage { .. }
                | Special::Grit { .. }
                | Special::Misfire { .. }
                | Special::RebukeDeath { .. }
                | Special::ImmunityToMagic
                | Special::Hex { .. }
                | Special::ForceMissile { .. }
                | Special::ArcanePool { .. }
                | Special::PistolWhip { .. }
                | Special::SpellCombat
                | Special::Touch { .. }
                | Special::LifeSight { .. }
                | Special::PowerOverUndead { .. }
                | Special::Berserk
                | Special::SpellLike { .. } => {}
            }
        }
        out.umr = Umr::of(c);
        out
    }

    /// It heals at the start of its turn.
    #[inline]
    pub fn heals(&self) -> bool {
        self.regeneration.is_some() || self.fast_healing > 0
    }
}

/// What a hit with one attack does besides its damage (« Grab », « Trip », « Paralysis »,
/// « Poison »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rider {
    /// A free manoeuvre, `bonus` added to the check.
    Maneuver {
        maneuver: Maneuver,
        bonus: i32,
    },
    /// A Fortitude save against `dc` or paralyzed for `duration`; `entry` is the index of the
    /// `specials` entry (its `immune_subtypes`).
    Paralysis {
        dc: u8,
        duration: Lasting,
        entry: u8,
    },
    Poison(Poison),
    /// Bleeding `amount` hit points at the start of each of the victim's turns.
    Bleed {
        amount: u32,
    },
    /// « Bestiary — Energy Drain »: `levels` negative levels.
    EnergyDrain {
        levels: u8,
    },
    /// A poison that knocks out (« Drow Poison »): Fortitude `dc` or unconscious for
    /// `duration`, while `doses` last.
    Knockout {
        dc: u8,
        duration: Lasting,
        doses: u8,
    },
}

/// « Bestiary — Poison »: one dose's numbers.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Poison {
    pub dc: u8,
    pub ability: Ability,
    pub damage: Roll,
    /// Rounds in all, the first dose's included.
    pub frequency: u8,
    /// Consecutive saves that end it.
    pub cure: u8,
}

/// A poison at work on a creature.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Running {
    pub poison: Poison,
    /// Saves still to roll at the start of its turns.
    pub rounds_left: u8,
    /// Consecutive successful saves so far.
    pub saved: u8,
}

/// A creature's poison and the ability damage it took (`UnitState::afflictions`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Afflictions {
    pub poison: Option<Running>,
    /// Points of ability damage, by [`Ability`] index.
    pub ability_damage: [u8; 6],
    /// « Bestiary — Energy Drain »: negative levels from monsters' hits.
    pub negative_levels: u8,
}

impl Rider {
    /// The rider of `c`'s attack number `attack`, if a `specials` entry names it.
    pub fn on(c: &Combatant, attack: usize) -> Option<Rider> {
        c.specials()
            .iter()
            .enumerate()
            .find_map(|(k, e)| match e.special {
                Special::Grab { attack: a } if a == attack => Some(Rider::Maneuver {
                    maneuver: Maneuver::Grapple,
                    bonus: 4,
                }),
                Special::Trip { attack: a } if a == attack => Some(Rider::Maneuver {
                    maneuver: Maneuver::Trip,
                    bonus: 0,
                }),
                Special::Paralysis {
                    attack: a,
                    dc,
                    duration,
                } if a == attack => Some(Rider::Paralysis {
                    dc,
                    duration,
                    entry: k.min(255) as u8,
                }),
                Special::Poison {
                    attack: a,
                    dc,
                    ability,
                    damage,
                    frequency,
                    cure,
                } if a == attack => Some(Rider::Poison(Poison {
                    dc,
                    ability,
                    damage,
                    frequency,
                    cure,
                })),
                Special::Bleed { attack: a, amount } if a == attack => {
                    Some(Rider::Bleed { amount })
                }
                Special::EnergyDrain { attack: a, amount } if a == attack => {
                    Some(Rider::EnergyDrain { levels: amount })
                }
                Special::KnockoutPoison {
                    attack: a,
                    dc,
                    duration,
                    amount,
                } if a == attack => Some(Rider::Knockout {
                    dc,
                    duration,
                    doses: amount,
                }),
                _ => None,
            })
    }
}
