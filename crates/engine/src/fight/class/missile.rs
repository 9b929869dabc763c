//! « CRB — Wizard — Arcane School — Evocation — Force Missile (Sp) »: « As a standard action
//! you can unleash a force missile that automatically strikes a foe, as magic missile. The
//! force missile deals 1d4 points of damage plus the damage from your intense spells
//! evocation power. This is a force effect. You can use this ability a number of times per
//! day equal to 3 + your Intelligence modifier. » Magic missile's reach: medium range, 100
//! ft + 10 ft per caster level, a creature in line of effect. Owns that step; the values are
//! [`super`]'s, when to use it the policy's (`policy::abilities`). Also « Ultimate Magic —
//! Magus — Arcane Pool (Su) »: « As a swift action, he can expend 1 point from his arcane
//! pool to grant any weapon he is holding a +1 enhancement bonus for 1 minute. For every
//! four levels beyond 1st, the weapon gains another +1 enhancement bonus » — both spend a
//! daily pool of an arcane class on damage.

use crate::rng::Roller;
use crate::vocab::DamageType;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;

/// « UM — Magus — Arcane Pool »: « one minute », in rounds.
const POOL_ROUNDS: u32 = 10;

impl Fight<'_> {
    /// `u` has an arcane pool point left and its weapon bears no pool bonus now.
    pub(crate) fn can_arcane_pool(&self, u: usize) -> bool {
        self.info[u].traits.class.pool.is_some()
            && self.units[u].class.pool_left > 0
            && self.round >= self.units[u].class.pool_until
    }

    /// « Arcane Pool »: `u` spends a point; its melee weapons get the enhancement bonus for
    /// a minute.
    pub(crate) fn arcane_pool<S: Sink>(&mut self, u: usize, sink: &mut S) -> ActionResult {
        let Some((_, amount)) = self.info[u].traits.class.pool else {
            return ActionResult::refused("arcane_pool", "no_arcane_pool");
        };
        if self.units[u].class.pool_left == 0 {
            return ActionResult::refused("arcane_pool", "no_points_left");
        }
        self.units[u].class.pool_left -= 1;
        self.units[u].class.pool_until = self.round + POOL_ROUNDS;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "arcane pool: +{amount} enhancement on its weapon until round {} ({} points left)",
            self.units[u].class.pool_until,
            self.units[u].class.pool_left
        );
        ActionResult::done("arcane_pool")
    }

    /// `u` has a force missile left, and `t` is an active enemy within its medium range and
    /// line of effect.
    pub(crate) fn force_missile_reaches(&self, u: usize, t: usize) -> bool {
        let range = 100 + 10 * self.combatant(u).caster_level();
        self.info[u].traits.class.missile.is_some()
            && self.units[u].class.missiles_left > 0
            && t < self.units.len()
            && self.enemies(u, t)
            && self.units[t].active()
            && self.distance_ft(u, t) <= range
            && self.has_line_of_effect_from(u, self.units[u].pos, t)
    }

    /// `u` strikes `t` with a force missile: its damage of force, no roll to hit.
    pub(crate) fn force_missile<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some((_, damage)) = self.info[u].traits.class.missile else {
            return ActionResult::refused("force_missile", "no_force_missile");
        };
        if self.units[u].class.missiles_left == 0 {
            return ActionResult::refused("force_missile", "no_uses_left");
        }
        if !self.force_missile_reaches(u, t) {
            return ActionResult::refused("force_missile", "no_target_in_range");
        }
        self.units[u].class.missiles_left -= 1;
        let rolled = damage.roll(dice);
        let hurt = self.hurt(u, t, rolled, [DamageType::Force].into_iter().collect());
        if S::ON {
            let mut line = String::new();
            self.say_hurt::<S>(t, &hurt, &mut line);
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "force missile vs {}: {damage}={rolled} -> {line} ({} left)",
                self.id(t),
                self.units[u].class.missiles_left
            );
        }
        ActionResult::done("force_missile")
    }
}
