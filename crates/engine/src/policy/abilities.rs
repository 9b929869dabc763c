//! The default policy's use of class abilities (« CRB — Barbarian — Rage »): the free and
//! swift actions that come before the turn's attack, spent where they pay. Rage: on the first
//! turn the barbarian fights in melee or is about to — its chosen enemy within reach of a
//! melee weapon now, or reachable this turn by a charge, a 5-foot step or a move — while it
//! has rounds left (the rounds are the encounter's: none is spent while the enemy is far).
//! Reads the fight only through the [`View`]; fills a [`Plan`].

use crate::fight::{Action, Plan, UnitId, View};

/// Pushes the class-ability actions `me` takes before its turn against `target`.
#[inline]
pub fn class_actions(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) {
    if !view.has_class_actions(me) {
        return;
    }
    if view.can_rage(me) && closing_in(view, me, target) {
        plan.push(Action::Rage);
    }
}

/// `me` fights `target` in melee this turn: a melee weapon reaches it from here, or a charge,
/// a 5-foot step or a move brings one to it.
fn closing_in(view: &View<'_>, me: UnitId, target: UnitId) -> bool {
    let melee_now = view
        .weapon_for(me, target)
        .is_some_and(|w| view.weapon_facts(me, w).melee);
    melee_now
        || view.can_charge(me, target)
        || view.step_to_attack(me, target).is_some()
        || view.strikes_after_move(me, target)
}
