//! Playing one fight: its state (`state`, `unit`, `magic`, the weapons and their ammunition in
//! `arms`), the turn loop (`turn`), the actions by family and their costs (`action`: attacks,
//! movement, stances, combat manoeuvres, weapons), one attack from roll to wound (`strike`),
//! casting a spell (`cast`), lasting spell effects (`effects`), summoned creatures (`summon`)
//! and the rules around them — attack numbers, reach and cover, paths, attacks of opportunity,
//! saves and checks — and the read-only [`View`] that a [`Policy`] decides from. Public
//! surface: the action vocabulary, the policy seam, [`Outcome`] and [`TranscriptLine`]. Batches
//! of fights and the built-in policies live above it (the `play` and `policy` modules); nothing
//! here names a policy.

mod action;
mod aoo;
mod arms;
mod attack_numbers;
mod cast;
mod checks;
mod class;
mod detour;
mod effects;
mod id;
mod log;
mod magic;
mod near_memo;
mod numbers;
mod path;
mod reach;
mod special;
mod state;
mod strike;
mod summon;
mod turn;
mod unit;
mod view;

#[cfg(test)]
mod tests;

pub use action::{
    Action, ActionResult, AidMode, CastTarget, Cost, Event, Events, MAX_PLAN, MAX_RESULTS,
    MetamagicKind, Metamagics, Movement, Plan, Provokes, Readied, ReadyAim, Slot, Trigger,
};
pub use arms::WeaponState;
pub use class::Hexes;
pub use class::hex::GRAVE_TOUCHED;
pub use detour::{Approach, StepsToward};
pub use special::values::{Areas, Breath, Channel, Gaze};
pub use state::Life;
pub use turn::Outcome;
pub use unit::{UnitId, UnitIds};
pub use view::{ActiveSpell, Castable, Policy, View, Walk, WeaponFacts};

pub(crate) use action::Scratch;
pub(crate) use log::{Keep, NoLog};
pub(crate) use state::Fight;
pub(crate) use summon::prepare;

/// One line of a fight's log. `round` and `actor` are `None` for lines about the whole fight
/// (initiative rolls, the outcome).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TranscriptLine {
    pub round: Option<u32>,
    pub actor: Option<String>,
    pub message: String,
}
