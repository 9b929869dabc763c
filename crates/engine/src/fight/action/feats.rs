//! The actions two combat feats add (« CRB — Cleave »; « Bestiary — Monster Feats — Flyby
//! Attack »). Owns what each action does; when to take it is the policy's
//! (`policy::feats`).
//!
//! - Cleave: « As a standard action, you can make a single attack at your full base attack
//!   bonus against a foe within reach. If you hit, you deal damage normally and can make an
//!   additional attack (using your full base attack bonus) against a foe that is adjacent to
//!   the first and also within reach. You can only make one additional attack per round with
//!   this feat. When you use this feat, you take a –2 penalty to your Armor Class until your
//!   next turn. » The second foe is the nearest active enemy adjacent to the first that a
//!   melee weapon of the cleaver strikes from where it stands (ties: unit order).
//! - Flyby Attack: « When flying, the creature can take a move action and another standard
//!   action at any point during the move. The creature cannot take a second move action
//!   during a round when it makes a flyby attack. » Here: it flies toward its target until a
//!   weapon strikes it (as a move action), makes one attack, then flies on away from the
//!   target with the squares of its move left. Leaving threatened squares provokes as any
//!   move does (the feat does not spare it). Only for a creature with a fly speed; without
//!   one it is a move and an attack.

use crate::rng::Roller;
use crate::rules::feat::Feat;

use super::super::log::{Sink, log};
use super::super::numbers::Swing;
use super::super::state::Fight;
use super::{ActionResult, Scratch};

impl Fight<'_> {
    /// « Cleave » on `target` (or the nearest active enemy when it is gone).
    pub(super) fn cleave<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        if !self.info[u].has(Feat::Cleave) {
            return ActionResult::refused("cleave", "no_cleave");
        }
        let Some(t) = self.live_target(u, target) else {
            return ActionResult::done("cleave");
        };
        let Some(w) = self.melee_weapon_for(u, t) else {
            return ActionResult::refused("cleave", "out_of_reach");
        };
        self.units[u].class.cleaved = true;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "cleave: -2 AC until its next turn"
        );
        let struck = self.strike(u, t, w, Swing::default(), dice, sink);
        if !struck.hit || !self.units[u].active() {
            return ActionResult::done("cleave");
        }
        if let Some((next, w)) = self.cleave_second(u, t) {
            self.strike(u, next, w, Swing::default(), dice, sink);
        }
        ActionResult::done("cleave")
    }

    /// The first melee weapon of `u` that strikes `t` from where `u` stands.
    fn melee_weapon_for(&self, u: usize, t: usize) -> Option<usize> {
        self.weapon_for(u, t)
            .filter(|&w| self.info[u].weapons[w].melee)
    }

    /// Cleave's second foe: an active enemy of `u` adjacent to `first`, other than it, that a
    /// melee weapon of `u` strikes from here — the nearest to `u` (ties: unit order) — and
    /// that weapon.
    pub(crate) fn cleave_second(&self, u: usize, first: usize) -> Option<(usize, usize)> {
        (0..self.units.len())
            .filter(|&o| o != first && self.enemies(u, o) && self.units[o].active())
            .filter(|&o| self.distance_ft(first, o) <= 5)
            .filter_map(|o| self.melee_weapon_for(u, o).map(|w| (o, w)))
            .min_by_key(|&(o, _)| (self.distance_ft(u, o), o))
    }

    /// « Flyby Attack » on `target`: fly in, one attack, fly on away from it.
    pub(super) fn flyby<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        if !self.info[u].has(Feat::FlybyAttack) || self.combatant(u).speed_fly_ft().is_none() {
            return ActionResult::refused("flyby_attack", "not_a_flyby_flier");
        }
        let Some(t) = self.live_target(u, target) else {
            return ActionResult::done("flyby_attack");
        };
        let squares = self.move_squares(u);
        self.plan_toward(u, t, squares, &mut scratch.path);
        let walked = self.walk_planned(u, "flyby move", scratch, false, dice, sink);
        if !walked.standing || !self.units[u].active() {
            return ActionResult::done("flyby_attack");
        }
        if self.weapon_for(u, t).is_some() {
            self.attack(u, t, dice, sink);
        }
        let left = squares.saturating_sub(walked.squares as u32);
        if left > 0 && self.units[u].active() && self.present(t) {
            self.withdraw_path(u, t, left, &mut scratch.path);
            self.walk_planned(u, "flyby away", scratch, false, dice, sink);
        }
        ActionResult::done("flyby_attack")
    }
}
