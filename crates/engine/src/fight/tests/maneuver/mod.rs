//! Combat manoeuvre and weapon rule tests, one file per family: trip, bull rush, overrun,
//! reposition and drag (`shove`), disarm, sunder, steal and dirty trick (`items`), the grapple
//! and its states (`grapple`), ammunition, thrown and dropped weapons (`arms`), the view's
//! questions and the success rate against its closed form (`odds`). Each plays a scripted-dice
//! fight and asserts its log lines. Helpers: a `hero` (unit 0, side `a`, CMB +5) and a `foe`
//! (unit 1, side `b`, CMD 15) from the plain stat block, and [`Turns`], a policy that plays a
//! plan per round.

mod arms;
mod grapple;
mod items;
mod odds;
mod shove;

use serde_json::{Value, json};

use crate::fight::action::maneuver::Attempt;
use crate::fight::{Action, Fight, Keep, Plan, Policy, UnitId, View, prepare};
use crate::model::Combatant;
use crate::rng::ScriptedDice;
use crate::rules::maneuver::{Maneuver, ManeuverOption};
use crate::scenario::Scenario;

use super::support::*;

/// The foe: unit 1 in every scenario here.
pub const FOE: UnitId = UnitId::new(1);

/// The hero: CMB +5, a sword +3, `patch` merged over it.
pub fn hero(patch: Value) -> Combatant {
    creature_over("hero", json!({ "cmb": 5, "attacks": [sword(3)] }), patch)
}

/// The foe: CMD 15, no attack (so it takes no attack of opportunity), `patch` merged over it.
pub fn foe(patch: Value) -> Combatant {
    creature_over("foe", json!({ "cmd": 15 }), patch)
}

/// `kind` on the foe, default option.
pub fn on_foe(kind: Maneuver) -> Action {
    with_option(kind, ManeuverOption::Default)
}

/// `kind` on the foe with `option`.
pub fn with_option(kind: Maneuver, option: ManeuverOption) -> Action {
    Action::Maneuver {
        kind,
        target: FOE,
        option,
    }
}

/// A policy for these tests: unit `u` plays `plans[round - 1]` on its turn of each round
/// (nothing once they run out); the others idle.
#[derive(Clone, Default)]
pub struct Turns {
    plans: Vec<(usize, Vec<Vec<Action>>)>,
}

impl Turns {
    pub fn new() -> Self {
        Self::default()
    }

    /// Unit `u` plays one plan per round, in order.
    pub fn of(mut self, u: usize, rounds: &[&[Action]]) -> Self {
        self.plans
            .push((u, rounds.iter().map(|r| r.to_vec()).collect()));
        self
    }
}

impl Policy for Turns {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        let round = view.round() as usize;
        if let Some((_, rounds)) = self.plans.iter().find(|(u, _)| *u == me.index())
            && let Some(actions) = round.checked_sub(1).and_then(|r| rounds.get(r))
        {
            actions.iter().for_each(|a| plan.push(*a));
        }
    }
}

/// The hero (side `a`) and the foe (side `b`) placed as `zones` draws them, for `rounds`
/// rounds.
pub fn pair(zones: &[&str], hero: Combatant, foe: Combatant, rounds: u32) -> Scenario {
    scenario(
        room(zones),
        vec![("a", vec![hero]), ("b", vec![foe])],
        rounds,
    )
}

/// Plays `s` with `turns`; the initiative rolls 20 then 1 (then 1 for any third unit) come
/// first, then `script`.
pub fn play_turns(s: &Scenario, turns: &Turns, script: &[(u32, u32)]) -> Played {
    let mut rolls: Vec<(u32, u32)> = vec![(20, 20)];
    rolls.extend(std::iter::repeat_n((20, 1), s.units().len() - 1));
    rolls.extend_from_slice(script);
    play_with(s, turns, &rolls)
}

/// Builds the fight of `s`, resets it and hands it, mutable, to `check`: for tests that call
/// the engine's entry points directly (monster riders) or query it after changing it.
pub fn with_fight_mut(s: &Scenario, check: impl FnOnce(&mut Fight)) {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    fight.reset();
    check(&mut fight);
}

/// Unit 0 tries `kind` on unit 1 with `option` in `f`, rolling `rolls`; the lines it logged.
pub fn attempt(
    f: &mut Fight,
    kind: Maneuver,
    option: ManeuverOption,
    rolls: &[u32],
) -> Vec<String> {
    let mut dice = ScriptedDice::new(d20s(rolls));
    let mut sink = Keep::default();
    let attempt = Attempt {
        option,
        ..Attempt::ACTION
    };
    f.perform_maneuver(0, 1, kind, attempt, &mut dice, &mut sink);
    assert!(dice.is_exhausted());
    sink.0.into_iter().map(|l| l.message).collect()
}

/// Round 1 of `s`: the hero takes `action`, rolling the d20s `rolls` after the initiative.
pub fn once(s: &Scenario, action: Action, rolls: &[u32]) -> Played {
    play_turns(s, &Turns::new().of(0, &[&[action]]), &d20s(rolls))
}
