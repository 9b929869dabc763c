//! The reference spec's default policy (« Économie d'action »): a caster casts when a spell is
//! worth more than its weapons (`casting`); otherwise, against the nearest active enemy — full attack when a weapon can strike it from here (a ranged combatant shoots
//! whenever it can), else charge when a clear straight line exists, else a 5-foot step and a
//! full attack when one step is enough, else move and attack. Before any tactic, the turns that
//! conditions decide ([`conditioned_turn`]); before any attack, the Power Attack choice
//! ([`push_power_choice`]). Reads the fight only through the [`View`]; fills a [`Plan`].

use crate::fight::{Action, Plan, Policy, UnitId, View};

use super::casting::{Latitude, cast_turn};
use crate::rules::{Condition, flag};

/// The reference spec's default policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultPolicy;

impl Policy for DefaultPolicy {
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if conditioned_turn(view, me, plan) || cast_turn(view, me, plan, Latitude::FREE) {
            return;
        }
        let Some(target) = view.nearest_enemy(me) else {
            return;
        };
        default_toward(view, me, target, plan);
    }
}

/// Turns that conditions decide before any tactic (every policy starts here): a frightened
/// creature withdraws and a panicked one flees (a single move action); a prone one stands up
/// (provoking) and attacks the nearest enemy it can strike, else moves toward it. True when
/// the plan is made.
#[inline]
pub fn conditioned_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let conds = view.conditions(me);
    if conds.is_empty() {
        return false;
    }
    if conds.any(flag::FLEES) {
        plan.push(if conds.any(flag::CANT_ATTACK) {
            Action::Flee
        } else {
            Action::Withdraw
        });
        return true;
    }
    if conds.has(Condition::Prone) && !conds.any(flag::CANT_MOVE) {
        plan.push(Action::StandUp);
        if let Some(target) = view.nearest_strikable_from(me, view.position(me)) {
            push_power_choice(view, me, target, plan);
            plan.push(Action::Attack { target });
        } else if let Some(target) = view.nearest_enemy(me) {
            plan.push(Action::Move { target });
        }
        return true;
    }
    false
}

/// « CRB — Power Attack » / « Deadly Aim »: pushes the free toggle when the expected damage of
/// the weapon `me` would use on `target` from here says the other setting is better
/// ([`View::power_attack_choice`]). Nothing without the feat or a weapon in reach.
#[inline]
pub fn push_power_choice(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) {
    if let Some(want) = view.power_attack_choice(me, target)
        && want != view.power_attack_on(me)
    {
        plan.push(Action::PowerAttack { on: want });
    }
}

/// Pushes the power choice and a full attack on `target`.
#[inline]
pub fn full_attack(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) {
    push_power_choice(view, me, target, plan);
    plan.push(Action::FullAttack { target });
}

/// The default policy's turn against a chosen `target`: full attack when a weapon can strike
/// it from here, else charge, else 5-foot step and full attack, else move and attack; Power
/// Attack toggled first when it pays (see [`push_power_choice`]).
#[inline]
pub fn default_toward(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) {
    if view.weapon_for(me, target).is_some() {
        full_attack(view, me, target, plan);
        return;
    }
    if view.can_charge(me, target) {
        plan.push(Action::Charge { target });
        return;
    }
    if view.step_to_attack(me, target).is_some() {
        plan.push(Action::FiveFootStep { target });
        plan.push(Action::FullAttack { target });
        return;
    }
    plan.push(Action::Move { target });
    plan.push(Action::Attack { target });
}
