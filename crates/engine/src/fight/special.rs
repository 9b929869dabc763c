//! Special abilities in a fight (Bestiary — Universal Monster Rules « Regeneration », « Fast
//! Healing », « Ferocity », « Grab », « Trip »), compiled once per batch from a combatant's
//! validated `specials` into small `Copy` values ([`Specials`] in `UnitInfo::traits`, a
//! [`Rider`] on the weapon it rides on), so a fight without specials pays one branch per turn
//! and per hit. Owns the start-of-turn healing, what stops regeneration and the riders' free
//! manoeuvres; the life track they bend (death held off by regeneration, consciousness kept
//! by ferocity) is `state`'s, and ferocity's hit point a round is the turn's (`turn`).
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

use crate::model::{Combatant, DamageTypes, Special};
use crate::rng::Roller;
use crate::rules::maneuver::Maneuver;
use crate::vocab::Vocabulary;

use super::action::maneuver::Attempt;
use super::log::{Sink, log};
use super::state::Fight;

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
                Special::Grab { .. } | Special::Trip { .. } => {}
            }
        }
        out
    }

    /// It heals at the start of its turn.
    #[inline]
    pub fn heals(&self) -> bool {
        self.regeneration.is_some() || self.fast_healing > 0
    }
}

/// A free manoeuvre on a hit with one attack (« Grab », « Trip »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rider {
    pub maneuver: Maneuver,
    /// Added to the check.
    pub bonus: i32,
}

impl Rider {
    /// The rider of `c`'s attack number `attack`, if a `specials` entry names it.
    pub fn on(c: &Combatant, attack: usize) -> Option<Rider> {
        c.specials().iter().find_map(|e| match e.special {
            Special::Grab { attack: a } if a == attack => Some(Rider {
                maneuver: Maneuver::Grapple,
                bonus: 4,
            }),
            Special::Trip { attack: a } if a == attack => Some(Rider {
                maneuver: Maneuver::Trip,
                bonus: 0,
            }),
            _ => None,
        })
    }
}

impl Fight<'_> {
    /// `u`'s regeneration works now: it has one and no bypass damage stopped it this round or
    /// the last.
    #[inline]
    pub(crate) fn regeneration_works(&self, u: usize) -> bool {
        let off = self.units[u].regen_off_through;
        self.info[u].traits.specials.regeneration.is_some() && !(off > 0 && self.round <= off)
    }

    /// Damage of `types` is about to wound `t`: a bypass type stops its regeneration through
    /// the end of the next round.
    #[inline]
    pub(crate) fn bypass_regeneration(&mut self, t: usize, types: DamageTypes) {
        if let Some(r) = self.info[t].traits.specials.regeneration
            && r.bypass.intersects(&types)
        {
            self.units[t].regen_off_through = self.round + 1;
        }
    }

    /// The start of `u`'s turn: fast healing, then regeneration (one line each when it heals
    /// something, or when bypass damage stopped the regeneration).
    #[cold]
    pub(crate) fn turn_start_healing<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let specials = self.info[u].traits.specials;
        if specials.fast_healing > 0 {
            self.heal_self(u, "fast healing", specials.fast_healing, sink);
        }
        if let Some(r) = specials.regeneration {
            if self.regeneration_works(u) {
                self.heal_self(u, "regeneration", r.amount, sink);
            } else {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "regeneration stopped this round (hp {})",
                    self.units[u].hp
                );
            }
        }
    }

    fn heal_self<S: Sink>(&mut self, u: usize, what: &str, amount: u32, sink: &mut S) {
        let (before, nonlethal) = (self.units[u].hp, self.units[u].nonlethal);
        let restored = self.restore(u, amount as i32);
        self.units[u].tally.healing_done += restored as u64;
        if restored > 0 || nonlethal > self.units[u].nonlethal {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "{what} {amount}: hp {before} -> {}",
                self.units[u].hp
            );
        }
    }

    /// `a` hit `t` with weapon `w`, which carries `rider`: the free manoeuvre, while both
    /// still stand.
    #[cold]
    pub(crate) fn ride<R: Roller, S: Sink>(
        &mut self,
        (a, t): (usize, usize),
        rider: Rider,
        dice: &mut R,
        sink: &mut S,
    ) {
        if !(self.units[a].active() && self.units[t].active()) {
            return;
        }
        // « Grab works only against opponents the same size category as the creature or
        // smaller ».
        if rider.maneuver == Maneuver::Grapple && self.info[t].size > self.info[a].size {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "grab: {} is too large",
                self.id(t)
            );
            return;
        }
        let result = self.perform_maneuver(
            a,
            t,
            rider.maneuver,
            Attempt::rider(rider.bonus),
            dice,
            sink,
        );
        if !result.ok {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{} rider refused: {}",
                rider.maneuver.name(),
                result.reason
            );
        }
    }
}
