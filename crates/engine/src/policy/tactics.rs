//! The tactic presets (the sweeps' `tactics` axis): one [`Policy`] per [`Tactic`]. A preset
//! reads the battlefield through the [`View`] (who is weakest, which squares an enemy
//! threatens, where a 5-foot step gives a safe shot) and only fills a [`Plan`]; the action
//! budget, the rules and the dice stay the engine's. Nothing here changes state or allocates.
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

use crate::fight::{Action, Life, Plan, Policy, UnitId, View};
use crate::scenario::Tactic;

use super::attack::full_attack;
use super::casting::{Latitude, cast_turn};
use super::default::{DefaultPolicy, default_toward};

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
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        match self {
            // `focus_nearest` is the default policy under the name sweeps use: it already
            // targets the nearest active enemy (ties: unit order).
            Tactic::Default | Tactic::FocusNearest => DefaultPolicy.decide(view, me, plan),
            Tactic::FocusWeakest => FocusWeakest.decide(view, me, plan),
            Tactic::HoldAndShoot => HoldAndShoot.decide(view, me, plan),
            Tactic::Kite => Kite.decide(view, me, plan),
        }
    }
}

impl Policy for FocusWeakest {
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if cast_turn(view, me, plan, Latitude::FREE) {
            return;
        }
        if let Some(target) = view.weakest_enemy(me) {
            default_toward(view, me, target, plan);
        }
    }
}

impl Policy for HoldAndShoot {
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if cast_turn(view, me, plan, Latitude::HOLD) {
            return;
        }
        if let Some(target) = view.nearest_strikable_from(me, view.position(me)) {
            full_attack(view, me, target, plan);
            return;
        }
        if !view.has_ranged(me) {
            return;
        }
        let stepped = view
            .units()
            .filter(|&o| view.enemies(me, o) && view.active(o))
            .filter(|&o| view.step_to_attack(me, o).is_some())
            .min_by_key(|&o| (view.distance_ft(me, o), o));
        if let Some(target) = stepped {
            plan.push(Action::FiveFootStep { target });
            plan.push(Action::FullAttack { target });
        }
    }
}

impl Policy for Kite {
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if view.has_ranged(me) && cast_turn(view, me, plan, Latitude::HOLD) {
            return;
        }
        if !view.has_ranged(me) {
            DefaultPolicy.decide(view, me, plan);
            return;
        }
        let here = view.position(me);
        let threatened = view.threatened_at(me, here);
        if !threatened && let Some(target) = view.nearest_strikable_from(me, here) {
            full_attack(view, me, target, plan);
            return;
        }
        if let Some((to, target)) = view.safe_step_with_a_shot(me) {
            plan.push(Action::FiveFootStepTo { to });
            plan.push(Action::FullAttack { target });
            return;
        }
        if threatened {
            if view.life(me) != Life::Staggered && view.can_withdraw(me) {
                plan.push(Action::Withdraw);
            } else if let Some(target) = view.nearest_strikable_from(me, here) {
                full_attack(view, me, target, plan);
            }
            return;
        }
        if let Some(target) = view.nearest_enemy(me)
            && view.safe_approach(me, target)
        {
            plan.push(Action::Move { target });
            plan.push(Action::Attack { target });
        }
    }
}
