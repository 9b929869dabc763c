//! The attack a policy pushes once it has chosen a target (« CRB — Full Attack », « Power
//! Attack », « Deadly Aim »): the free Power Attack / Deadly Aim toggle when the expected
//! damage says the other setting pays, then the full attack. Shared by the default policy,
//! its tactical choices and the presets.

use crate::fight::{Action, Plan, UnitId, View};

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
