//! The attack a policy pushes once it has chosen a target (« CRB — Full Attack », « Power
//! Attack », « Deadly Aim »): the free Power Attack / Deadly Aim toggle when the expected
//! damage says the other setting pays, then the full attack; whether a full-round action is
//! free this turn. Shared by the default policy,
//! its tactical choices and the presets.

use crate::fight::{Action, Life, Plan, UnitId, View};
use crate::rules::flag;

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

/// `me` may take a full-round action this turn: not staggered or disabled, not limited to one
/// action or to a move by a condition, not in the surprise round.
#[inline]
pub fn full_round_free(view: &View<'_>, me: UnitId) -> bool {
    view.round() > 0
        && view.life(me) != Life::Staggered
        && !view
            .conditions(me)
            .any(flag::SINGLE_ACTION | flag::CANT_ATTACK)
}
