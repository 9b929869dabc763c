//! The policy seam: [`Policy`], the trait every policy implements, and [`View`], the read-only
//! window on a fight it decides from. Units are named by their stable [`UnitId`]; every query
//! the built-in policies use is here as a public method, so a policy outside the engine has the
//! same view of the battlefield. A `View` holds a shared borrow of the fight: nothing reached
//! through it can change the fight (paths are planned in the fight's scratch buffers, whose
//! contents no query leaves behind). The units and their state are here; the battlefield
//! questions (who is nearest, weakest, threatened, where a step or a charge leads) in
//! `queries`, the spell ones in `spells`, the numbers a choice is weighed with in `weigh`, the
//! manoeuvre and weapon ones in `maneuvers`, the tactical ones (results of its last actions,
//! readied actions, the order of play, hiding, tumbling, stances and aid) in `tactics`. Owns
//! what a policy may see; never what it decides.

mod arms;
mod class;
mod maneuvers;
pub(crate) mod memo;
mod monster;
mod queries;
mod specials;
mod spells;
mod tactics;
mod weigh;

pub use arms::WeaponFacts;
pub use spells::{ActiveSpell, Castable};
pub use weigh::Walk;

use crate::board::Pos;
use crate::rules::ConditionSet;
use crate::scenario::{Scenario, Tactic};

use super::action::{Action, Event, Events, Plan};
use super::state::{Fight, Life};
use super::unit::UnitId;

/// Decides a combatant's turn: fills `plan` with the actions `me` asks for, in order (the
/// action budget then keeps what fits the turn). `&mut self`, so a policy may keep memory
/// between turns; [`Policy::start_fight`] tells it a new fight begins, so nothing it keeps
/// leaks from one fight into the next. A policy may also answer events out of turn with an
/// immediate action ([`Policy::react`]); by default it answers nothing and the engine builds
/// no event at all.
pub trait Policy {
    /// A new fight begins (after initiative, before the first turn). Nothing by default.
    #[inline]
    fn start_fight(&mut self, view: &View<'_>) {
        let _ = view;
    }

    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan);

    /// The kinds of [`Event`] this policy answers with [`Policy::react`], read once at the
    /// start of each fight: the engine builds only events of these kinds. None by default; a
    /// policy that overrides `react` names here what it answers.
    #[inline]
    fn reacts_to(&self) -> Events {
        Events::NONE
    }

    /// « CRB — Immediate Actions »: answers `event`, offered to `me` out of its turn, with an
    /// immediate action (a [`crate::fight::Slot::Immediate`] action, such as a spell of an
    /// immediate casting time), or nothing. Out of its turn the action takes `me`'s next
    /// swift action, during its own turn that turn's swift action; a flat-footed creature takes
    /// none. When each event is offered: see [`Event`]. Nothing by default.
    #[inline]
    fn react(&mut self, view: &View<'_>, me: UnitId, event: Event) -> Option<Action> {
        let _ = (view, me, event);
        None
    }
}

/// A read-only view of a fight, for policies.
#[derive(Clone, Copy)]
pub struct View<'f> {
    fight: &'f Fight<'f>,
}

impl<'f> View<'f> {
    /// The fight behind the view, for the engine's own tests.
    #[cfg(test)]
    pub(crate) fn fight(&self) -> &'f Fight<'f> {
        self.fight
    }

    #[inline]
    pub(crate) fn new(fight: &'f Fight<'f>) -> Self {
        fight.decision_memo.borrow_mut().forget();
        View { fight }
    }

    /// The scenario: map, sides, combatants and their files, tactics, options.
    #[inline]
    pub fn scenario(&self) -> &'f Scenario {
        self.fight.scenario
    }

    /// The round being played (0 is the surprise round).
    #[inline]
    pub fn round(&self) -> u32 {
        self.fight.round
    }

    /// Every unit, in scenario order.
    #[inline]
    pub fn units(&self) -> impl Iterator<Item = UnitId> + use<> {
        (0..self.fight.units.len()).map(UnitId::of)
    }

    /// The tactic of `u`'s side ([`Scenario::tactic`]).
    #[inline]
    pub fn tactic(&self, u: UnitId) -> Tactic {
        self.fight.scenario.tactic(self.side(u))
    }

    /// `u`'s side, as an index in [`Scenario::sides`].
    #[inline]
    pub fn side(&self, u: UnitId) -> usize {
        self.fight.info[u.index()].side
    }

    /// `a` and `b` are on different sides.
    #[inline]
    pub fn enemies(&self, a: UnitId, b: UnitId) -> bool {
        self.fight.enemies(a.index(), b.index())
    }

    /// The anchor square of `u`'s footprint (its top-left square).
    #[inline]
    pub fn position(&self, u: UnitId) -> Pos {
        self.fight.units[u.index()].pos
    }

    /// `u`'s current hit points (the lethal track).
    #[inline]
    pub fn hp(&self, u: UnitId) -> i32 {
        self.fight.units[u.index()].hp
    }

    /// Where `u` stands on the life track.
    #[inline]
    pub fn life(&self, u: UnitId) -> Life {
        self.fight.units[u.index()].life()
    }

    /// `u` can act, threatens and keeps its side in the fight.
    #[inline]
    pub fn active(&self, u: UnitId) -> bool {
        self.fight.units[u.index()].active()
    }

    /// `u`'s conditions and their remaining rounds.
    #[inline]
    pub fn conditions(&self, u: UnitId) -> &'f ConditionSet {
        &self.fight.units[u.index()].conds
    }

    /// `u` has Power Attack (or Deadly Aim) turned on.
    #[inline]
    pub fn power_attack_on(&self, u: UnitId) -> bool {
        self.fight.units[u.index()].power_attack
    }

    /// Squares of one move action of `u` now (speed modifiers, halved while disabled or under
    /// a half-speed condition).
    #[inline]
    pub fn move_squares(&self, u: UnitId) -> u32 {
        self.fight.move_squares(u.index())
    }

    /// Distance in feet between the footprints of `a` and `b`.
    #[inline]
    pub fn distance_ft(&self, a: UnitId, b: UnitId) -> u32 {
        self.fight.distance_ft(a.index(), b.index())
    }

    /// Distance in feet between `a`'s footprint anchored at `at` and `b`'s.
    #[inline]
    pub fn distance_ft_from(&self, a: UnitId, at: Pos, b: UnitId) -> u32 {
        self.fight.distance_ft_from(a.index(), at, b.index())
    }

    /// The first attack of `a`, in stat-block order (an index in its `attacks`), that can
    /// strike `t` from where `a` stands: range or reach, and line of effect (the reference
    /// spec, « weapon_for »).
    #[inline]
    pub fn weapon_for(&self, a: UnitId, t: UnitId) -> Option<usize> {
        let key = (a.index(), t.index());
        if let Some(w) = self.fight.decision_memo.borrow().weapons.get(key) {
            return w;
        }
        let w = self.fight.weapon_for(key.0, key.1);
        self.fight.decision_memo.borrow_mut().weapons.put(key, w);
        w
    }

    /// [`View::weapon_for`] with `a` standing at `at`.
    #[inline]
    pub fn weapon_for_from(&self, a: UnitId, at: Pos, t: UnitId) -> Option<usize> {
        self.fight.weapon_for_from(a.index(), at, t.index())
    }
}
