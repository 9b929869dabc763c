//! The default policy's use of the area specials (Bestiary — « Gaze », « Breath Weapon »;
//! CRB — « Channel Energy »), tried after the turns conditions decide and before casting:
//!
//! - Averting eyes: with an active enemy gazer near (within its gaze's range plus twice the
//!   larger speed), a creature that can see averts its eyes when it would fail the gaze's
//!   save at least [`AVERT_FAIL_PERCENT`] % of the time — petrification ends its fight, and
//!   averting halves the saves for a 20 % miss chance on its attacks on the gazer — and
//!   looks again once no enemy gazer is near. A free action; the turn goes on.
//! - Breath: aimed at each active enemy's square in turn (the casting policy's aims for a
//!   cone or line), the aim worth most: each enemy caught counts its expected loss — its
//!   hit points times its chance to fail against petrification, the mean damage (half on a
//!   save) up to its hit points otherwise — and each friend caught the same, negatively. It
//!   breathes when that worth is positive and it catches at least 2 enemies, or when it is
//!   worth more than its weapons this turn.
//! - Channel: heals when at least 2 friends in the burst miss at least the mean heal in hit
//!   points (or are dying) and the friends gain more than the enemies healed with them;
//!   harms when at least 2 active enemies are in the burst and more enemies than friends.
//!
//! Reads the fight only through the [`View`].

use crate::fight::{Action, Plan, UnitId, UnitIds, View};
use crate::model::special::{BreathEffect, Roll};
use crate::rules::Save;

/// A creature averts its eyes when it fails the gaze's save at least this often.
pub const AVERT_FAIL_PERCENT: i32 = 25;

/// The area specials' part of `me`'s turn (see the module): true when the plan is made.
#[inline]
pub fn specials_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let areas = view.areas(me);
    if !(view.watched() || areas.breath.is_some() || areas.channel.is_some()) {
        return false;
    }
    if view.watched() {
        avert_choice(view, me, plan);
    }
    (areas.breath.is_some() && breath_turn(view, me, plan))
        || (areas.channel.is_some() && channel_turn(view, me, plan))
}

/// Percent chance that a d20 save of `bonus` fails against `dc` (a 1 always fails, a 20
/// always succeeds).
fn fail_percent(bonus: i32, dc: i32) -> i32 {
    (dc - bonus - 1).clamp(1, 19) * 5
}

/// Averts its eyes, or looks again (see the module).
fn avert_choice(view: &View<'_>, me: UnitId, plan: &mut Plan) {
    let near = view.gaze_near(me);
    let on = near.is_some_and(|(_, gaze)| {
        let bonus = view.plain_save_bonus(me, Save::Fort);
        fail_percent(bonus, i32::from(gaze.dc)) >= AVERT_FAIL_PERCENT
    });
    if on != view.averting(me) {
        plan.push(Action::AvertEyes { on });
    }
}

/// The mean of `roll`, in hundredths.
fn mean_x100(roll: Roll) -> i64 {
    let per_die = (i64::from(roll.sides) + 1) * 50;
    i64::from(roll.count) * per_die + i64::from(roll.flat) * 100
}

/// Breathes when it pays (see the module).
fn breath_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let Some(breath) = view.areas(me).breath else {
        return false;
    };
    if !view.breath_ready(me) {
        return false;
    }
    let mut best: Option<(i64, usize, UnitId)> = None;
    for t in view.units() {
        if !(view.enemies(me, t) && view.active(t)) {
            continue;
        }
        let caught = view.breath_catches(me, t);
        let (mut worth, mut foes) = (0i64, 0usize);
        for c in caught.indices().map(UnitId::of) {
            if !view.active(c) {
                continue;
            }
            let bonus = view.plain_save_bonus(c, breath.save);
            let fail = i64::from(fail_percent(bonus, i32::from(breath.dc)));
            let hp_x100 = i64::from(view.hp(c).max(0)) * 100;
            let loss = match breath.effect {
                BreathEffect::Petrification => hp_x100 * fail / 100,
                BreathEffect::Damage { dice, .. } => {
                    let mean = mean_x100(dice);
                    (mean * fail + mean / 2 * (100 - fail)) / 100
                }
                .min(hp_x100),
            };
            if view.enemies(me, c) {
                worth += loss;
                foes += 1;
            } else {
                worth -= loss;
            }
        }
        if best.is_none_or(|(w, _, _)| worth > w) {
            best = Some((worth, foes, t));
        }
    }
    let Some((worth, foes, target)) = best else {
        return false;
    };
    let weapons = view
        .nearest_enemy(me)
        .filter(|&t| view.weapon_for(me, t).is_some())
        .map_or(0, |t| view.round_damage_x100(me, t));
    if worth > 0 && (foes >= 2 || worth > weapons) {
        plan.push(Action::Breathe { target });
        return true;
    }
    false
}

/// Channels when it pays (see the module).
fn channel_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let Some(channel) = view.areas(me).channel else {
        return false;
    };
    if !view.can_channel(me) {
        return false;
    }
    let mean = mean_x100(channel.dice) / 100;
    let heal = view.channel_takers(me, false);
    let (mut hurt_friends, mut gain) = (0, 0i64);
    for t in ids(heal) {
        let missing = i64::from(view.hp_max(t) - view.hp(t));
        let counts = view.hp(t) < 0 || missing >= mean;
        let worth = missing.min(mean);
        if view.enemies(me, t) {
            gain -= worth;
        } else {
            gain += worth;
            hurt_friends += usize::from(counts);
        }
    }
    if hurt_friends >= 2 && gain > 0 {
        plan.push(Action::Channel { harm: false });
        return true;
    }
    let harm = view.channel_takers(me, true);
    let foes = ids(harm)
        .filter(|&t| view.enemies(me, t) && view.active(t))
        .count();
    let friends = ids(harm).filter(|&t| !view.enemies(me, t)).count();
    if foes >= 2 && foes > friends {
        plan.push(Action::Channel { harm: true });
        return true;
    }
    false
}

fn ids(set: UnitIds) -> impl Iterator<Item = UnitId> {
    set.indices().map(UnitId::of)
}
