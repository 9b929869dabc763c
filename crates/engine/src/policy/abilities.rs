//! The default policy's use of class abilities (« CRB — Barbarian — Rage », « Paladin —
//! Smite Evil »): the free and swift actions that come before the turn's attack, spent where
//! they pay. Rage: on the first turn the barbarian fights in melee or is about to — its
//! chosen enemy within reach of a melee weapon now, or reachable this turn by a charge, a
//! 5-foot step or a move — while it has rounds left (the rounds are the encounter's: none is
//! spent while the enemy is far). Lay on hands: on a dying ally within 5 feet (a standard
//! action: the turn is that), else on itself (a swift action) at half its hit points or
//! less. Inspire courage ([`perform_turn`], before any spell): on its first turn with an ally
//! on the battlefield, it starts performing (the standard action of that turn). Smite evil: when it has a use and no living target smitten,
//! on the strongest evil enemy in reach ([`smite_choice`]); never on a creature that is not
//! evil (the use would be wasted).
//! Arcane pool: on the first turn it strikes in melee or is about to (as rage), while no
//! pool bonus is on its weapon. Force missile: on the chosen enemy within its range, when its mean damage beats the best
//! single swing its weapons have on that enemy from here (the turn is that standard action).
//! Rebuke death: on a dying ally within 5 feet (after lay on hands: the turn is that). Quick clear: when its firearm is broken by a misfire, as a
//! move action for 1 grit while it has 2 or more (then one attack when it strikes from there), else as the turn's standard action.
//! Pistol-whip: with 2 grit or more (the last point stays for the other deeds) on the target
//! in the blow's reach, in place of a shot from there (a ranged attack beside a foe
//! provokes), or when the blow is worth more than its melee line's full attack.
//! Channel smite (« APG — Channel Smite »): on a turn it fights its target in melee, while
//! it has channel uses and its channel harms the target.
//! Power over undead: whenever an undead enemy stands within its reach (the turn is that).
//! Touch powers ([`touch_choice`]): each where it does something (grave touch once a
//! target, bleeding touch when it beats the weapons), the one with the most uses left first
//! (the turn is that standard action).
//! Reads the fight only through the [`View`]; fills a [`Plan`].

use crate::fight::{Action, GRAVE_TOUCHED, Life, Plan, UnitId, View};
use crate::model::special::TouchKind;
use crate::rules::Condition;

/// The touch power `me` uses on `target` now, if any, among those that would do something:
/// touch of chaos on a target not already rolling two d20s, grave touch once a target and not
/// on one already afraid, bleeding touch on a target not bleeding from one when its 1d6 a
/// turn over its turns beats the best single swing its weapons have on the target from here.
/// The one with the most uses left is used (ties: that order), so that the powers alternate.
fn touch_choice(view: &View<'_>, me: UnitId, target: UnitId) -> Option<TouchKind> {
    let conds = view.conditions(target);
    let afraid = conds.has(Condition::Shaken) || conds.has(Condition::Frightened);
    let useful = |kind: TouchKind| {
        if !view.touch_reaches(me, kind, target) {
            return false;
        }
        match kind {
            TouchKind::Chaos => !view.unlucky(target),
            TouchKind::Grave => !view.touched(target, GRAVE_TOUCHED) && !afraid,
            TouchKind::Bleeding => {
                let turns = i64::from((view.touch_level(me, kind) / 2).max(1));
                let weapons = if view.weapon_for(me, target).is_some() {
                    view.best_swing_x100(me, target)
                } else {
                    0
                };
                view.touch_bleeding(target) == 0 && 350 * turns > weapons
            }
        }
    };
    [TouchKind::Chaos, TouchKind::Grave, TouchKind::Bleeding]
        .into_iter()
        .filter(|&k| useful(k))
        .fold(None, |best: Option<TouchKind>, k| match best {
            Some(b) if view.touches_left(me, b) >= view.touches_left(me, k) => Some(b),
            _ => Some(k),
        })
}

/// Pushes the class-ability actions `me` takes before its turn against `target`; true when
/// they take the turn's standard action (lay on hands on an ally), so the turn is made.
#[inline]
pub fn class_actions(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) -> bool {
    // « APG — Channel Smite »: a channel use on the melee attack of this turn.
    if view.can_smite_channel(me, target) && closing_in(view, me, target) {
        plan.push(Action::ChannelSmite);
    }
    if !view.has_class_actions(me) {
        return false;
    }
    if view.can_quick_clear(me) {
        // « Quick clear when the gun is broken »: the move form while a grit point stays for
        // the other deeds, else the standard form (the turn's action).
        let spend = view.grit(me) >= 2;
        plan.push(Action::QuickClear { spend });
        // The move form leaves the standard action: one shot (no full attack after a move).
        if !spend || view.weapon_for(me, target).is_some() {
            if spend {
                plan.push(Action::Attack { target });
            }
            return true;
        }
    }
    if view.grit(me) >= 2
        && let Some(blow) = view.pistol_whip_x100(me, target)
    {
        // « Pistol-whip in melee »: in place of a shot from a threatened square (it would
        // provoke), or when the blow beats its melee line's full attack from here.
        let pays = match view.weapon_for(me, target) {
            Some(w) if view.weapon_facts(me, w).melee => {
                blow > view.weapon_round_x100(me, target, w)
            }
            _ => true,
        };
        if pays {
            plan.push(Action::PistolWhip { target });
            return true;
        }
    }
    if view.can_lay_on_hands(me) {
        if let Some(ally) = dying_ally_in_touch(view, me) {
            plan.push(Action::LayOnHands { ally });
            return true;
        }
        if 2 * view.hp(me) <= view.hp_max(me) {
            plan.push(Action::LayOnHandsSelf);
        }
    }
    if view.can_rebuke_death(me)
        && let Some(ally) = dying_ally_in_touch(view, me)
    {
        plan.push(Action::RebukeDeath { ally });
        return true;
    }
    // « Force missile when it beats the weapons »: its mean damage above the best single
    // swing it has on the target from here (none, when no weapon strikes it).
    if view.force_missile_reaches(me, target) {
        let weapons = if view.weapon_for(me, target).is_some() {
            view.best_swing_x100(me, target)
        } else {
            0
        };
        if view.force_missile_x100(me) > weapons {
            plan.push(Action::ForceMissile { target });
            return true;
        }
    }
    if view.can_command_undead(me) {
        plan.push(Action::CommandUndead);
        return true;
    }
    if let Some(kind) = touch_choice(view, me, target) {
        plan.push(Action::TouchPower { kind, target });
        return true;
    }
    if view.can_arcane_pool(me) && closing_in(view, me, target) {
        plan.push(Action::ArcanePool);
    }
    if view.can_rage(me) && closing_in(view, me, target) {
        plan.push(Action::Rage);
    }
    if view.can_smite(me)
        && let Some(foe) = smite_choice(view, me, target)
    {
        plan.push(Action::Smite { target: foe });
    }
    false
}

/// « Start on the first turn when allies are present »: `me` can inspire courage and some
/// other active unit of its side is on the battlefield. Then the turn is the performance (a
/// standard action): true when the plan is made.
#[inline]
pub fn perform_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    if !view.has_class_actions(me) || !view.can_perform(me) {
        return false;
    }
    let allies = view
        .units()
        .any(|o| o != me && !view.enemies(me, o) && view.active(o));
    if allies {
        plan.push(Action::InspireCourage);
    }
    allies
}

/// A dying ally within 5 feet of `me` (the nearest, ties: unit order).
fn dying_ally_in_touch(view: &View<'_>, me: UnitId) -> Option<UnitId> {
    view.units()
        .filter(|&o| o != me && !view.enemies(me, o))
        .filter(|&o| view.life(o) == Life::Down && view.hp(o) < 0 && view.distance_ft(me, o) <= 5)
        .min_by_key(|&o| (view.distance_ft(me, o), o))
}

/// « Smite the strongest evil foe in reach »: among the active evil enemies a weapon of `me`
/// strikes from here — and `target` when `me` closes on it this turn — the one of the most
/// maximum hit points (ties: unit order).
fn smite_choice(view: &View<'_>, me: UnitId, target: UnitId) -> Option<UnitId> {
    let closing = view.evil(target) && view.active(target) && closing_in(view, me, target);
    view.units()
        .filter(|&o| view.enemies(me, o) && view.active(o) && view.evil(o))
        .filter(|&o| view.weapon_for(me, o).is_some() || (o == target && closing))
        .max_by_key(|&o| (view.hp_max(o), std::cmp::Reverse(o)))
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
