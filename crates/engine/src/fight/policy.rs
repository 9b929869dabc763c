//! Policies decide a combatant's turn. [`DefaultPolicy`] is the seed's default_policy
//! (« Économie d'action »): against the nearest active enemy — full attack when a weapon can
//! strike it from here (a ranged combatant shoots whenever it can), else charge when a clear
//! straight line exists, else a 5-foot step and a full attack when one step is enough, else
//! move and attack. [`SidePolicies`] plays every unit with its side's [`Tactic`] (the presets
//! live in `tactics`); it is the policy of [`super::run_range`] and the transcripts.

use crate::scenario::Tactic;

use super::economy::{Action, Plan};
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
    /// The nearest active enemy of `me` (ties: unit order).
    pub fn nearest_enemy(&self, me: usize) -> Option<usize> {
        (0..self.units.len())
            .filter(|&o| self.enemies(me, o) && self.units[o].active())
            .min_by_key(|&o| (self.distance_ft(me, o), o))
    }

    /// True when `me` could charge `target` now.
    pub fn can_charge(&self, me: usize, target: usize) -> bool {
        let mut path = self.path_scratch.borrow_mut();
        self.charge_line(me, target, &mut path)
    }
}

impl Policy for DefaultPolicy {
    fn decide(&self, fight: &Fight, me: usize, plan: &mut Plan) {
        let Some(target) = fight.nearest_enemy(me) else {
            return;
        };
        default_toward(fight, me, target, plan);
    }
}

/// The default policy's turn against a chosen `target`: full attack when a weapon can strike
/// it from here, else charge, else 5-foot step and full attack, else move and attack.
pub fn default_toward(fight: &Fight, me: usize, target: usize, plan: &mut Plan) {
    if fight.weapon_for(me, target).is_some() {
        plan.push(Action::FullAttack { target });
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
        let tactic: Tactic = fight.scenario.tactic(fight.info[me].side);
        tactic.decide(fight, me, plan);
    }
}
