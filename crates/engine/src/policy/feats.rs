//! The default policy's use of the abilities that reshape an attack turn (« UM — Magus —
//! Spell Combat », « CRB — Cleave », « Bestiary — Flyby Attack », « APG — Channel Smite »):
//!
//! - Spell combat ([`spell_combat_turn`], before any other cast): when the magus can take a
//!   full-round action and a light or one-handed melee weapon strikes its nearest enemy from
//!   here, it casts the best spell it can cast in place (`casting::cast_in_place`: damage or
//!   a buff, defensively when that pays) with its full attack, if that spell is worth more
//!   than the −2 costs its weapons — taken as a quarter of what they would do this turn (−2
//!   is 10 points of hit chance, a fifth to a quarter of the damage at the odds of a melee
//!   turn). Its arcane pool is spent first when `abilities` would spend it.
//! - Cleave ([`cleave_or_flyby`]): when no full attack is possible (the target out of reach
//!   of a 5-foot step) and another enemy stands adjacent to the target, a move and a cleave
//!   instead of a charge or a move and a single attack.
//! - Flyby attack ([`cleave_or_flyby`]): a flier with the feat that must move to strike (no
//!   5-foot step brings its full attack) flies in, attacks and flies off instead of
//!   charging or ending its move next to its target.
//! - Channel smite (`abilities::class_actions`): on a turn it fights its target in melee,
//!   while it has channel uses and the channel would harm the target.
//!
//! Reads the fight only through the [`View`]; fills a [`Plan`].

use crate::fight::{Action, Plan, UnitId, View};
use crate::rules::Feat;

use super::attack::full_round_free;
use super::casting::{cast_in_place, weapon_worth};

/// « Spell Combat » as `me`'s turn (see the module); true when the plan is made.
#[inline]
pub fn spell_combat_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    if !view.has_spell_combat(me) {
        return false;
    }
    let Some(foe) = view.nearest_enemy(me) else {
        return false;
    };
    if !view.can_spell_combat(me, foe) || !full_round_free(view, me) {
        return false;
    }
    let bar = weapon_worth(view, me) / 4;
    let Some((
        Action::Cast {
            spell,
            target,
            defensively,
            ..
        },
        _,
    )) = cast_in_place(view, me, bar)
    else {
        return false;
    };
    if view.can_arcane_pool(me) {
        plan.push(Action::ArcanePool);
    }
    plan.push(Action::SpellCombat {
        spell,
        target,
        defensively,
        foe,
    });
    true
}

/// A move then a cleave, or a flyby attack, on `target` (see the module), when they apply:
/// `full_by_step` says a 5-foot step brings a full attack. True when the plan is made.
#[inline]
pub fn cleave_or_flyby(
    view: &View<'_>,
    me: UnitId,
    target: UnitId,
    full_by_step: bool,
    plan: &mut Plan,
) -> bool {
    if full_by_step {
        return false;
    }
    // The feats first: the move's path is asked for only when one of them may apply.
    let flyby = view.has_feat(me, Feat::FlybyAttack) && view.flies(me);
    let cleave = !flyby && view.has_feat(me, Feat::Cleave) && view.cleave_partner(me, target);
    if !(flyby || cleave) || !view.move_strikes(me, target) {
        return false;
    }
    if flyby {
        plan.push(Action::FlybyAttack { target });
    } else {
        plan.push(Action::Move { target });
        plan.push(Action::Cleave { target });
    }
    true
}
