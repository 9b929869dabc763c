//! Policies decide a combatant's turn. [`DefaultPolicy`] is the seed's default_policy
//! (« Économie d'action »): against the nearest active enemy — full attack when a weapon can
//! strike it from here (a ranged combatant shoots whenever it can), else charge when a clear
//! straight line exists, else a 5-foot step and a full attack when one step is enough, else
//! move and attack. [`SidePolicies`] plays every unit with its side's [`Tactic`] (the presets
//! live in `tactics`); it is the policy of [`super::run_range`] and the transcripts.

use crate::rules::{Condition, flag};
use crate::scenario::Tactic;

use super::action::{Action, Plan};
use super::numbers::Swing;
use super::state::Fight;

/// Decides one turn for unit `me`. Engine queries on [`Fight`] (distances, `weapon_for`,
/// `charge_line`, `step_to_attack`) are the policy's view of the battlefield.
pub trait Policy {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan);
}

/// The seed's default policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultPolicy;

/// Each unit plays the [`Tactic`] of its side ([`crate::scenario::Scenario::tactic`]); with
/// every side on [`Tactic::Default`] it is exactly [`DefaultPolicy`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SidePolicies;

impl Fight<'_> {
    /// True when `me` could charge `target` now (not while fatigued, entangled, prone…).
    pub fn can_charge(&self, me: usize, target: usize) -> bool {
        if self.has_flag(me, flag::NO_RUN_CHARGE | flag::CANT_MOVE) {
            return false;
        }
        let mut path = self.path_scratch.borrow_mut();
        self.charge_line(me, target, &mut path)
    }
}

impl Policy for DefaultPolicy {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        if conditioned_turn(fight, me, plan) {
            return;
        }
        let Some(target) = fight.nearest_enemy(me) else {
            return;
        };
        default_toward(fight, me, target, plan);
    }
}

/// Turns that conditions decide before any tactic (every policy starts here): a frightened
/// creature withdraws and a panicked one flees (a single move action); a prone one stands up
/// (provoking) and attacks the nearest enemy it can strike, else moves toward it. True when
/// the plan is made.
#[inline]
pub fn conditioned_turn(fight: &Fight, me: usize, plan: &mut Plan) -> bool {
    let conds = &fight.units[me].conds;
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
        if let Some(target) = fight.nearest_strikable_from(me, fight.units[me].pos) {
            push_power_choice(fight, me, target, Swing::default(), plan);
            plan.push(Action::Attack { target });
        } else if let Some(target) = fight.nearest_enemy(me) {
            plan.push(Action::Move { target });
        }
        return true;
    }
    false
}

/// « CRB — Power Attack » / « Deadly Aim »: pushes the free toggle when the expected damage of
/// the weapon `me` would use on `target` from here says the other setting is better (hit
/// chance with natural 1 and 20, confirmed criticals and concealment, as
/// `Fight::expected_damage_x100` computes it). Nothing without the feat or a weapon in reach.
#[inline]
pub fn push_power_choice(fight: &Fight, me: usize, target: usize, swing: Swing, plan: &mut Plan) {
    let info = &fight.info[me];
    if info.power_attack_step == 0 && info.deadly_aim_step == 0 {
        return;
    }
    let Some(w) = fight.weapon_for(me, target) else {
        return;
    };
    if fight.power_step(me, w) == 0 {
        return;
    }
    let want = fight.power_attack_pays(me, target, w, swing);
    if want != fight.units[me].power_attack {
        plan.push(Action::PowerAttack { on: want });
    }
}

/// Pushes the power choice and a full attack on `target`.
pub fn full_attack(fight: &Fight, me: usize, target: usize, plan: &mut Plan) {
    push_power_choice(fight, me, target, Swing::default(), plan);
    plan.push(Action::FullAttack { target });
}

impl Fight<'_> {
    /// Power Attack (or Deadly Aim) on raises the expected damage of one attack of `me` with
    /// weapon `w` on `target` from where it stands.
    pub fn power_attack_pays(&self, me: usize, target: usize, w: usize, swing: Swing) -> bool {
        let (Some(off), Some(on)) = (
            self.attack_numbers(me, target, w, swing, false),
            self.attack_numbers(me, target, w, swing, true),
        ) else {
            return false;
        };
        let avg_x2 = self.average_damage_x2(me, w);
        self.expected_damage_x100(me, w, &on, avg_x2)
            > self.expected_damage_x100(me, w, &off, avg_x2)
    }
}

/// The default policy's turn against a chosen `target`: full attack when a weapon can strike
/// it from here, else charge, else 5-foot step and full attack, else move and attack; Power
/// Attack toggled first when it pays (see [`push_power_choice`]).
pub fn default_toward(fight: &Fight, me: usize, target: usize, plan: &mut Plan) {
    if fight.weapon_for(me, target).is_some() {
        full_attack(fight, me, target, plan);
        return;
    }
    if fight.can_charge(me, target) {
        plan.push(Action::Charge { target });
        return;
    }
    if fight.step_to_attack(me, target).is_some() {
        plan.push(Action::FiveFootStep { target });
        plan.push(Action::FullAttack { target });
        return;
    }
    plan.push(Action::Move { target });
    plan.push(Action::Attack { target });
}

impl Policy for SidePolicies {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        if conditioned_turn(fight, me, plan) {
            return;
        }
        let tactic: Tactic = fight.scenario.tactic(fight.info[me].side);
        tactic.decide(fight, me, plan);
    }
}
