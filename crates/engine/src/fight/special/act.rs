//! What special abilities do in a fight (Bestiary — Universal Monster Rules « Regeneration »,
//! « Fast Healing », « Grab », « Trip »; the rules and their simplifications are listed in
//! [`super`]): the healing at the start of a turn, the bypass damage that stops regeneration,
//! and the free manoeuvre a rider makes on a hit. Owns these steps; the values they read are
//! `super`'s, the life track `state`'s.

use crate::model::DamageTypes;
use crate::rng::Roller;
use crate::rules::maneuver::Maneuver;
use crate::vocab::Vocabulary;

use super::super::action::maneuver::Attempt;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::Rider;

impl Fight<'_> {
    /// `u`'s regeneration works now: it has one and no bypass damage stopped it this round or
    /// the last.
    #[inline]
    pub(crate) fn regeneration_works(&self, u: usize) -> bool {
        self.info[u].traits.specials.regeneration.is_some() && self.units[u].regenerates(self.round)
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
