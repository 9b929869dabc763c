//! Policies: who decides each combatant's turn. The seam is the engine's — [`Policy`] (a
//! trait with `&mut self`, so a policy may remember between turns) deciding from a read-only
//! [`View`] of the fight, units named by stable [`UnitId`]s, answers written as [`Action`]s
//! into a [`Plan`] that the action budget trims — and is re-exported here so that a policy
//! needs only this module. The built-in policies read the view directly (fast):
//!
//! | tactic | policy |
//! |---|---|
//! | `default`, `focus_nearest` | [`DefaultPolicy`] (the reference spec's default policy) |
//! | `focus_weakest` | [`FocusWeakest`] |
//! | `hold_and_shoot` | [`HoldAndShoot`] |
//! | `kite` | [`Kite`] |
//!
//! [`SidePolicies`] plays every unit with its side's [`Tactic`]; it is the policy of
//! `play::run_range` and the transcripts.
//!
//! Policies never change a fight: they only fill plans.
//!
//! External policies (tactic files, another process) will read a serializable `Observation`,
//! a snapshot built from the [`View`] only for them; it will live here, in `observation.rs`,
//! beside the policies that need it — the built-in ones never pay for it.

mod abilities;
mod attack;
pub mod casting;
pub mod closing;
mod default;
mod feats;
mod hexes;
mod monster;
pub mod specials;
pub mod tactical;
mod tactics;

pub use crate::fight::{
    Action, ActionResult, ActiveSpell, Approach, CastTarget, Castable, Cost, Life, MAX_PLAN,
    MetamagicKind, Metamagics, Movement, Plan, Policy, Provokes, Slot, StepsToward, UnitId, View,
};
pub use abilities::{class_actions, perform_turn};
pub use attack::{full_attack, push_power_choice};
pub use default::{
    DefaultPolicy, blocked_turn, conditioned_turn, coup_de_grace_choice, default_toward,
};
pub use hexes::hex_turn;
pub use tactics::{FocusWeakest, HoldAndShoot, Kite};

use crate::scenario::Tactic;

/// Each unit plays the [`Tactic`] of its side ([`crate::scenario::Scenario::tactic`]); with
/// every side on [`Tactic::Default`] it is exactly [`DefaultPolicy`].
#[derive(Clone, Copy, Debug, Default)]
pub struct SidePolicies;

impl Policy for SidePolicies {
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if conditioned_turn(view, me, plan) {
            return;
        }
        let mut tactic: Tactic = view.tactic(me);
        tactic.decide(view, me, plan);
    }
}
