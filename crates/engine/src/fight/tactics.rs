//! The tactic presets (issue 5, the sweeps' `tactics` axis): one [`Policy`] per
//! [`Tactic`], and the read-only battlefield queries they need (who is weakest, which squares
//! an enemy threatens, where a 5-foot step gives a safe shot). A preset only fills a [`Plan`];
//! the action budget, the rules and the dice stay the engine's. Nothing here changes state or
//! allocates: paths are planned in the fight's `path_scratch`.
//!
//! Determinism: every choice is a minimum over a total order that ends on the unit index (or
//! on the fixed neighbour order of 5-foot steps), so equal candidates never depend on
//! iteration luck.
//!
//! | tactic | policy |
//! |---|---|
//! | `default`, `focus_nearest` | [`DefaultPolicy`] (nearest active enemy; ties: unit order) |
//! | `focus_weakest` | [`FocusWeakest`] |
//! | `hold_and_shoot` | [`HoldAndShoot`] |
//! | `kite` | [`Kite`] |

use crate::board::Pos;
use crate::scenario::Tactic;

use super::action::{Action, Plan};
use super::policy::{DefaultPolicy, Policy, default_toward, full_attack};
use super::state::{Fight, Life};

/// `focus_weakest`: target the active enemy with the lowest current hit points (the lethal
/// track, `hp`; ties: the nearest, then unit order), then play the default policy against it —
/// full attack if a weapon strikes it from here, else charge, else 5-foot step and full attack,
/// else move and attack. It will walk past (and provoke) a healthier enemy to reach the weak
/// one, and shoots the weak one from a threatened square if it can.
#[derive(Clone, Copy, Debug, Default)]
pub struct FocusWeakest;

/// `hold_and_shoot`: never move toward the enemy.
/// - Anyone who can strike an enemy from its square full attacks the nearest such enemy (ties:
///   unit order), with the weapon the engine picks (the first usable in stat-block order: a
///   goblin with an orc next to it uses its sword); shooting from a threatened square provokes,
///   as the rules say — this preset does not look for safety (that is `kite`).
/// - Else a ranged combatant (a ranged weapon with a range) takes a 5-foot step when one gives
///   it a strike — against the nearest enemy one step reaches (ties: unit order), to the first
///   such square in neighbour order — and full attacks; else it holds (no action).
/// - Else a melee-only combatant holds its square until an enemy comes within its reach.
#[derive(Clone, Copy, Debug, Default)]
pub struct HoldAndShoot;

/// `kite`: a ranged combatant (a ranged weapon with a range) keeps out of every enemy's
/// threatened area; a combatant without one plays the default policy. In order:
/// 1. Not threatened and able to strike an enemy from here: full attack the nearest such enemy.
/// 2. A 5-foot step (no attack of opportunity) to a square no active enemy threatens, from
///    which some enemy can be struck: take it — the first such square in neighbour order (row
///    by row: up-left, up, up-right, left, right, down-left, down, down-right) — and full
///    attack the nearest enemy struck from there (ties: unit order).
/// 3. Threatened: withdraw (« CRB — Withdraw »: full round, the first square provokes no
///    attack of opportunity) away from the nearest enemy. Staggered (no full-round action) or
///    with nowhere to withdraw, it fights from where it stands instead (full attack the
///    nearest enemy it can strike, provoking for shooting).
/// 4. Neither threatened nor able to strike: move toward the nearest enemy and attack, only
///    when the whole move (exactly the path the engine will walk) stays out of every enemy's
///    reach; else hold and let the enemy come.
///
/// Simplified: it steps or withdraws, never moves to a chosen distant square (a withdrawal
/// follows the engine's path away from the nearest enemy and may end in another's reach, which
/// the next turn corrects); « threatened »
/// counts every active enemy with a melee weapon whose band covers the square, ignoring cover
/// and attacks of opportunity already spent.
#[derive(Clone, Copy, Debug, Default)]
pub struct Kite;

impl Policy for Tactic {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        match self {
            // `focus_nearest` is the default policy under the name sweeps use: it already
            // targets the nearest active enemy (ties: unit order).
            Tactic::Default | Tactic::FocusNearest => DefaultPolicy.decide(fight, me, plan),
            Tactic::FocusWeakest => FocusWeakest.decide(fight, me, plan),
            Tactic::HoldAndShoot => HoldAndShoot.decide(fight, me, plan),
            Tactic::Kite => Kite.decide(fight, me, plan),
        }
    }
}

impl Policy for FocusWeakest {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        if let Some(target) = fight.weakest_enemy(me) {
            default_toward(fight, me, target, plan);
        }
    }
}

impl Policy for HoldAndShoot {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        if let Some(target) = fight.nearest_strikable_from(me, fight.units[me].pos) {
            full_attack(fight, me, target, plan);
            return;
        }
        if !fight.has_ranged(me) {
            return;
        }
        let stepped = (0..fight.units.len())
            .filter(|&o| fight.enemies(me, o) && fight.units[o].active())
            .filter(|&o| fight.step_to_attack(me, o).is_some())
            .min_by_key(|&o| (fight.distance_ft(me, o), o));
        if let Some(target) = stepped {
            plan.push(Action::FiveFootStep { target });
            plan.push(Action::FullAttack { target });
        }
    }
}

impl Policy for Kite {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        if !fight.has_ranged(me) {
            DefaultPolicy.decide(fight, me, plan);
            return;
        }
        let here = fight.units[me].pos;
        let threatened = fight.threatened_at(me, here);
        if !threatened && let Some(target) = fight.nearest_strikable_from(me, here) {
            full_attack(fight, me, target, plan);
            return;
        }
        if let Some((to, target)) = fight.safe_step_with_a_shot(me) {
            plan.push(Action::FiveFootStepTo { to });
            plan.push(Action::FullAttack { target });
            return;
        }
        if threatened {
            if fight.units[me].life() != Life::Staggered && fight.can_withdraw(me) {
                plan.push(Action::Withdraw);
            } else if let Some(target) = fight.nearest_strikable_from(me, here) {
                full_attack(fight, me, target, plan);
            }
            return;
        }
        if let Some(target) = fight.nearest_enemy(me)
            && fight.safe_approach(me, target)
        {
            plan.push(Action::Move { target });
            plan.push(Action::Attack { target });
        }
    }
}

impl Fight<'_> {
    /// `u` has a ranged weapon with a range (it can shoot at all).
    pub fn has_ranged(&self, u: usize) -> bool {
        self.info[u]
            .weapons
            .iter()
            .any(|w| !w.melee && w.max_range_ft > 0)
    }

    /// The active enemy of `me` with the lowest current hit points (ties: nearest, then unit
    /// order).
    pub fn weakest_enemy(&self, me: usize) -> Option<usize> {
        (0..self.units.len())
            .filter(|&o| self.enemies(me, o) && self.units[o].active())
            .min_by_key(|&o| (self.units[o].hp, self.distance_ft(me, o), o))
    }

    /// The nearest active enemy that `me`, standing at `at`, can strike with some weapon
    /// (range or reach, and line of effect; ties: unit order).
    pub fn nearest_strikable_from(&self, me: usize, at: Pos) -> Option<usize> {
        (0..self.units.len())
            .filter(|&o| self.enemies(me, o) && self.units[o].active())
            .filter(|&o| self.weapon_for_from(me, at, o).is_some())
            .min_by_key(|&o| (self.distance_ft_from(me, at, o), o))
    }

    /// Some active enemy of `me` threatens `me`'s footprint anchored at `at` (« CRB —
    /// Threatened Squares »; reach bands as for attacks of opportunity).
    pub fn threatened_at(&self, me: usize, at: Pos) -> bool {
        let size = self.info[me].size;
        (0..self.units.len())
            .any(|e| self.enemies(me, e) && self.threat_weapon(e, at, size).is_some())
    }

    /// The first 5-foot step square (neighbour order) that no enemy threatens and from which
    /// `me` can strike an enemy, with the nearest enemy struck from there.
    pub fn safe_step_with_a_shot(&self, me: usize) -> Option<(Pos, usize)> {
        self.five_foot_steps(me)
            .filter(|&to| !self.threatened_at(me, to))
            .find_map(|to| self.nearest_strikable_from(me, to).map(|t| (to, t)))
    }

    /// A withdrawal would move `me` at least one square (the path the engine walks).
    fn can_withdraw(&self, me: usize) -> bool {
        let Some(from) = self.nearest_enemy(me) else {
            return false;
        };
        let mut path = self.path_scratch.borrow_mut();
        self.withdraw_path(me, from, 2 * self.move_squares(me), &mut path);
        !path.is_empty()
    }

    /// A move action of `me` toward `t` goes somewhere and never enters a threatened square
    /// (the path is planned exactly as the engine's move will walk it).
    fn safe_approach(&self, me: usize, t: usize) -> bool {
        let mut path = self.path_scratch.borrow_mut();
        self.plan_toward(
            me,
            t,
            self.move_squares(me),
            |f, p| f.weapon_for_from(me, p, t).is_some(),
            &mut path,
        );
        !path.is_empty() && path.iter().all(|&p| !self.threatened_at(me, p))
    }
}
