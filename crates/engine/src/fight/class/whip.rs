//! « Ultimate Combat — Gunslinger — Deeds — Pistol-Whip » in a fight: a standard action for 1
//! grit, one melee blow with the butt of the firearm in hand — the file's `pistol_whip` line
//! (its numbers are the deed's: 1d10 bludgeoning for a two-handed firearm, ×2), never struck
//! as an ordinary weapon (`Arms::reserve`) — and, when it hits, a free combat manoeuvre check
//! to knock the target prone (the Bestiary trip rider's code: no attack of opportunity).
//! Simplified: the trip needs no action of its own and provokes nothing (the deed says « as a
//! free action »); the firearm's enhancement bonus is the line's to carry (data). Owns the
//! deed's checks and its one action; when to use it is the policy's (`policy::abilities`).

use crate::rng::Roller;
use crate::rules::Condition;
use crate::rules::maneuver::Maneuver;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::numbers::Swing;
use super::super::special::Rider;
use super::super::state::Fight;

/// « Pistol-Whip »: « If the attack hits, the gunslinger can make a combat maneuver check to
/// knock the target prone as a free action ».
const WHIP_TRIP: Rider = Rider::Maneuver {
    maneuver: Maneuver::Trip,
    bonus: 0,
};

impl Fight<'_> {
    /// `u`'s pistol-whip: the weapon index of the blow's line and of the firearm it is struck
    /// with; `None` without the deed.
    #[inline]
    pub(crate) fn whip_lines(&self, u: usize) -> Option<(usize, usize)> {
        let (blow, gun) = self.info[u].traits.class.gun?.whip?;
        let weapons = &self.info[u].weapons;
        let find = |line: u8| weapons.iter().position(|w| w.index == usize::from(line));
        Some((find(blow)?, find(gun)?))
    }

    /// The blow's weapon index when `u` can pistol-whip `t` now: 1 grit or more, its firearm
    /// in hand (out of shots or broken does not matter: it strikes with the butt), not both
    /// hands' worth while grappled, `t` an active enemy within the blow's reach with line of
    /// effect.
    pub(crate) fn can_pistol_whip(&self, u: usize, t: usize) -> Option<usize> {
        let (blow, gun) = self.whip_lines(u)?;
        let state = &self.units[u];
        let in_hand = gun >= super::super::arms::MAX_ARMS
            || (state.arms.held(gun) > 0 && !state.arms.sheathed(gun));
        let weapon = &self.info[u].weapons[blow];
        let grappled = weapon.two_handed && state.conds.has(Condition::Grappled);
        let foe = t < self.units.len() && self.enemies(u, t) && self.units[t].active();
        if self.grit(u) == 0 || !in_hand || grappled || !foe {
            return None;
        }
        let near = Self::weapon_band(weapon, self.distance_ft(u, t));
        (near && self.has_line_of_effect_from(u, state.pos, t)).then_some(blow)
    }

    /// « Pistol-Whip » on `t`: 1 grit, the blow, and on a hit the free trip.
    pub(crate) fn pistol_whip<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some(w) = self.can_pistol_whip(u, t) else {
            let why = if self.whip_lines(u).is_none() {
                "no_pistol_whip"
            } else if self.grit(u) == 0 {
                "no_grit"
            } else {
                "no_target_in_reach"
            };
            return ActionResult::refused("pistol_whip", why);
        };
        self.units[u].class.grit -= 1;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "pistol-whip vs {}: 1 grit ({} left)",
            self.id(t),
            self.grit(u)
        );
        let struck = self.strike(u, t, w, Swing::default(), dice, sink);
        if struck.hit {
            self.ride((u, t), WHIP_TRIP, dice, sink);
        }
        ActionResult::done("pistol_whip")
    }

    /// `u`'s line `w` is its pistol-whip's blow: never one of its ordinary attacks.
    #[inline]
    pub(crate) fn is_deed_line(&self, u: usize, w: usize) -> bool {
        let gun = self.info[u].traits.class.gun;
        gun.is_some_and(|g| {
            g.whip
                .is_some_and(|(line, _)| usize::from(line) == self.info[u].weapons[w].index)
        })
    }
}
