//! Weapon choice by expected damage in the default policy: shoot from here, or close to melee
//! (issue « Weapon choice by expected damage over the next rounds »). A creature that can
//! shoot its target compares, over the next [`HORIZON`] rounds, what its shots are worth
//! (with the shots it has left) against what closing is worth — this turn's melee swing (a
//! move into reach and one attack, else a charge; a 5-foot step into reach keeps the full
//! attack), then full melee attacks; out of reach this turn, a move and one shot now. Melee must beat shooting by a quarter ([`MARGIN`]) so a
//! bowman with a dagger keeps shooting. A creature whose first weapon at melee distance is a
//! ranged one (an archer listing its bow first) never closes: the engine would shoot in melee.
//!
//! Simplified: the target is assumed to stand still and to take the same damage at range and
//! in reach (cover from here counts for both); attacks of opportunity on the way in are not
//! weighed (a charge provokes none; a move may).

use crate::fight::{Action, Plan, UnitId, View, Walk};

/// Rounds the choice looks ahead.
pub const HORIZON: i64 = 3;

/// Melee must be worth this many quarters of the shots before the shooter closes.
pub const MARGIN: i64 = 5;

/// The default policy's turn when `me` can shoot `target` from here but closing to melee is
/// worth more over the next rounds; true when the plan is made (nothing is pushed otherwise).
pub fn closing_turn(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) -> bool {
    let Some(w) = view.weapon_for(me, target) else {
        return false;
    };
    if view.weapon_facts(me, w).melee || !view.has_melee(me) {
        return false;
    }
    let Some((m, reach_ft)) = melee_weapon(view, me) else {
        return false;
    };
    let melee = view.melee_round_x100(me, target);
    let shoot = view.weapon_round_x100(me, target, w);
    if 4 * melee <= MARGIN * shoot {
        return false;
    }
    if let Some(to) = step_into_reach(view, me, target) {
        plan.push(Action::FiveFootStepTo { to });
        plan.push(Action::FullAttack { target });
        return true;
    }
    // « Bestiary — Pounce »: a charge ends in a full attack.
    let pounce = view.pounces(me) && view.can_charge(me, target);
    let swing = if pounce {
        melee
    } else {
        view.swing_damage_x100(me, target, m, 0)
    };
    let shots = HORIZON * shoot;
    if swing + (HORIZON - 1) * melee <= shots {
        return false;
    }
    let within_ft = u16::try_from(reach_ft).unwrap_or(u16::MAX);
    // A move into reach and one attack; else a charge (twice as far, in a straight line);
    // else, when the walk gets anywhere (creatures may fill the way), move and shoot once
    // now, a swing next turn, then full attacks.
    let walk = view.approach_walk(me, target, reach_ft);
    if pounce || (walk != Walk::Reaches && view.can_charge(me, target)) {
        plan.push(Action::Charge { target });
        return true;
    }
    let far = view.swing_damage_x100(me, target, w, 0) + swing + (HORIZON - 2) * melee;
    if walk == Walk::Nowhere || (walk == Walk::Nearer && far <= shots) {
        return false;
    }
    plan.push(Action::Approach { target, within_ft });
    plan.push(Action::Attack { target });
    true
}

/// The melee line `me` would strike with once in reach, and the farthest distance it strikes
/// from: the first usable melee line (stat-block order) — only when the engine, at that
/// distance, would pick a melee line (not a bow listed first).
fn melee_weapon(view: &View<'_>, me: UnitId) -> Option<(usize, u32)> {
    let first = (0..view.weapon_count(me))
        .find(|&k| view.weapon_facts(me, k).melee && view.weapon_usable(me, k))?;
    let reach_ft = view.weapon_facts(me, first).reach_max_ft;
    let m = view.weapon_at_distance(me, reach_ft)?;
    view.weapon_facts(me, m).melee.then_some((m, reach_ft))
}

/// The first 5-foot step square (neighbour order) from which `me` would strike `target` with
/// a melee line.
fn step_into_reach(view: &View<'_>, me: UnitId, target: UnitId) -> Option<crate::board::Pos> {
    view.five_foot_steps(me).find(|&p| {
        view.weapon_for_from(me, p, target)
            .is_some_and(|k| view.weapon_facts(me, k).melee)
    })
}
