//! The tactical choices of the default policy (the reference spec, « Actions tactiques »;
//! issue « The default policy »): before its plain attack, a creature looks, in this order,
//! for the first of these that applies — each guarded by cheap tests so that a fight where
//! none applies pays little:
//!
//! 1. **Hold** ([`hold_turn`]): a creature holding a caster in a grapple maintains it — pin,
//!    then damage (« CRB — Pinned »: no somatic or material spell) —; holding anyone else, it
//!    lets go (a free action) and fights on.
//! 2. **Retrieve a weapon** ([`retrieve_turn`]): its primary weapon lying within reach
//!    (disarmed, dropped, thrown — a thrown one only without a melee weapon in hand) is picked
//!    up — not under threat unless it holds nothing usable — and it attacks.
//! 3. **Total defense when dying is the alternative** ([`desperate`]): wounded to a third of
//!    its hit points or less, facing attacks whose expected damage this round would drop it,
//!    unable to drop its own target this turn, and with an ally caster who still has a slot
//!    (help may come): +4 dodge AC instead of attacking.
//! 4. With a melee weapon on its target from here ([`maneuver_choice`]):
//!    - **trip with a reach weapon and Combat Reflexes**: at 10 ft or more, on a standing target
//!      it trips at least half the time without provoking, when it has one attack a round
//!      (standing up then provokes from it);
//!    - **grapple a caster**: an adjacent caster with a slot left, that its full attack would
//!      not drop, grappled at least half the time (three times in four if it provokes);
//!    - **disarm a strong weapon user**: when the target's manufactured weapon hurts it at
//!      least as much as its own attacks hurt the target, disarmed at least three times in
//!      five without provoking, with one attack a round.
//! 5. **Aid a stronger ally** ([`aid_choice`]): when the +2 it would give an ally already
//!    striking the target (chance of aiding × a tenth of the ally's hit-or-miss swing over its
//!    hit chance, taken as a fifth of its expected swing) is worth more than its own attacks.
//! 6. **Flank** ([`flank_step`]): not flanking yet, a 5-foot step to a square from which it
//!    still strikes in melee and flanks, then the full attack.
//! 7. Out of reach of its target ([`ready_choice`], [`tumble_choice`]):
//!    - **ready against a charger**: with a longer melee reach than a melee-only target that can
//!      reach it next turn and that it cannot attack this turn, it readies an attack for when
//!      the target enters its reach — not twice in a row when the last one expired;
//!    - **tumble when the check is likely**: threatened where it stands and with no 5-foot
//!      step into reach, it tumbles (half speed) toward its target and attacks when it beats
//!      every threatening enemy's DC seven times in ten.
//!
//! Every odds is the view's (`maneuver_chance`, `aid_chance`, `tumble_chance`); every worth is
//! in hundredths of a hit point.

use crate::fight::{Action, AidMode, Plan, Readied, Trigger, UnitId, View, WeaponFacts};
use crate::rules::maneuver::{GrappleAction, Maneuver, ManeuverOption};
use crate::rules::{Condition, Feat};

use super::attack::full_attack;

/// The first tactical choice that applies to `me` against `target` (`strikes`: some weapon of
/// `me` strikes it from here); true when the plan is made.
pub fn tactical_turn(
    view: &View<'_>,
    me: UnitId,
    target: UnitId,
    strikes: bool,
    plan: &mut Plan,
) -> bool {
    if desperate(view, me, target) {
        plan.push(Action::TotalDefense);
        return true;
    }
    if strikes {
        let Some(w) = view.weapon_for(me, target) else {
            return false;
        };
        let facts = view.weapon_facts(me, w);
        if !facts.melee {
            return false;
        }
        if let Some(kind) = maneuver_choice(view, me, target, facts) {
            plan.push(Action::Maneuver {
                kind,
                target,
                option: ManeuverOption::Default,
            });
            return true;
        }
        if let Some(ally) = aid_choice(view, me, target) {
            plan.push(Action::AidAnother {
                ally,
                enemy: target,
                mode: AidMode::Attack,
            });
            return true;
        }
        if let Some(to) = flank_step(view, me, target) {
            plan.push(Action::FiveFootStepTo { to });
            full_attack(view, me, target, plan);
            return true;
        }
        return false;
    }
    if ready_choice(view, me, target) {
        plan.push(Action::Ready {
            readied: Readied::Attack { target: None },
            trigger: Trigger::EnemyEntersReach,
        });
        return true;
    }
    if view.step_to_attack(me, target).is_none() && tumble_choice(view, me) {
        plan.push(Action::Tumble {
            target,
            fast: false,
        });
        plan.push(Action::Attack { target });
        return true;
    }
    false
}

/// « CRB — Grapple »: a grappler maintains its hold on a caster (pin first, then damage) —
/// true, the plan is made —; holding anyone else, it releases it (free) and plays on (false).
pub fn hold_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let Some(held) = view.grappling(me) else {
        return false;
    };
    if view.is_caster(held) && view.active(held) {
        let option = if view.conditions(held).has(Condition::Pinned) {
            GrappleAction::Damage
        } else {
            GrappleAction::Pin
        };
        plan.push(Action::Maneuver {
            kind: Maneuver::Grapple,
            target: held,
            option: ManeuverOption::Grapple(option),
        });
        return true;
    }
    plan.push(Action::Release);
    false
}

/// « CRB — Pick up an item » (a move action that provokes): a weapon of `me` lying within its
/// reach to pick up — disarmed, dropped or thrown — is picked up, then `me` attacks `target`,
/// when it is its primary weapon of its kind (no usable line of the same kind comes before it
/// in stat-block order), a ranged one only for a creature with no melee weapon in hand, and
/// `me` stands where no enemy threatens it — or whenever `me` holds no usable weapon at all. True when the plan is made.
pub fn retrieve_turn(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) -> bool {
    let mut lying = view.weapons_on_ground(me);
    let Some((line, _)) = lying.find(|&(_, at)| view.within_pickup(me, at)) else {
        return false;
    };
    let armed = (0..view.weapon_count(me)).any(|k| view.weapon_usable(me, k));
    if armed {
        let melee = view.weapon_facts(me, line).melee;
        let before =
            (0..line).any(|k| view.weapon_usable(me, k) && view.weapon_facts(me, k).melee == melee);
        // A thrown weapon is worth a move only to a creature with no melee weapon in hand.
        let melee_in_hand = (0..view.weapon_count(me))
            .any(|k| view.weapon_usable(me, k) && view.weapon_facts(me, k).melee);
        if before || (!melee && melee_in_hand) || view.threatened_at(me, view.position(me)) {
            return false;
        }
    }
    let Ok(attack) = u8::try_from(line) else {
        return false;
    };
    plan.push(Action::PickUp { attack });
    plan.push(Action::Attack { target });
    true
}

/// Total defense pays (see the module header, 3.): wounded to a third of its hit points or
/// less, the expected damage of the enemies that can strike it this round reaches its hit
/// points, its own full attack would not drop `target`, and an active ally caster has a slot.
pub fn desperate(view: &View<'_>, me: UnitId, target: UnitId) -> bool {
    let hp = view.hp(me);
    if hp <= 0 || 3 * hp > view.hp_max(me) {
        return false;
    }
    let help = view.units().any(|a| {
        a != me
            && !view.enemies(me, a)
            && view.active(a)
            && view.free_slots(a).iter().any(|&s| s > 0)
    });
    if !help {
        return false;
    }
    let incoming: i64 = (view.units())
        .filter(|&e| view.enemies(me, e) && view.active(e))
        .filter(|&e| view.weapon_for(e, me).is_some())
        .map(|e| view.round_damage_x100(e, me))
        .sum();
    incoming >= i64::from(hp) * 100
        && view.round_damage_x100(me, target) < i64::from(view.hp(target)) * 100
}

/// The manoeuvre `me` makes on `target` instead of its attacks, if one pays (see the module
/// header, 4.); `facts` is the melee line it would strike with from here.
pub fn maneuver_choice(
    view: &View<'_>,
    me: UnitId,
    target: UnitId,
    facts: WeaponFacts,
) -> Option<Maneuver> {
    let one_swing = view.swings_per_round(me) <= 1;
    let chance = |kind| view.maneuver_chance(me, target, kind, ManeuverOption::Default);
    let quiet = |kind| !view.maneuver_provokes(me, target, kind);
    let distance = view.distance_ft(me, target);
    if one_swing
        && view.has_feat(me, Feat::CombatReflexes)
        && facts.reach_max_ft >= 10
        && distance >= 10
        && !view.conditions(target).has(Condition::Prone)
        && chance(Maneuver::Trip).is_some_and(|c| c >= 50)
        && quiet(Maneuver::Trip)
    {
        return Some(Maneuver::Trip);
    }
    if view.is_caster(target)
        && view.free_slots(target).iter().any(|&s| s > 0)
        && view.grappling(me).is_none()
        && view.grappled_by(me).is_none()
        && view.grappled_by(target).is_none()
        && let Some(c) = chance(Maneuver::Grapple)
        && (c >= 75 || (c >= 50 && quiet(Maneuver::Grapple)))
        && view.round_damage_x100(me, target) < i64::from(view.hp(target)) * 100
    {
        return Some(Maneuver::Grapple);
    }
    // Whether it provokes is the cheaper question, asked first (both are pure).
    if one_swing
        && quiet(Maneuver::Disarm)
        && chance(Maneuver::Disarm).is_some_and(|c| c >= 60)
        && let Some(tw) = view.weapon_for(target, me)
        && !view.weapon_facts(target, tw).natural
        && view.weapon_round_x100(target, me, tw) >= view.melee_round_x100(me, target)
    {
        return Some(Maneuver::Disarm);
    }
    None
}

/// The ally `me` would best aid against `target` (see the module header, 5.): among active
/// allies threatening `target`, the one with the strongest swing, when the aid is worth more
/// than `me`'s own attacks.
pub fn aid_choice(view: &View<'_>, me: UnitId, target: UnitId) -> Option<UnitId> {
    let mut allies = (view.units())
        .filter(|&a| a != me && !view.enemies(me, a) && view.active(a))
        .filter(|&a| view.threatens(a, target))
        .peekable();
    allies.peek()?;
    let (ally, swing) = allies
        .map(|a| (a, view.best_swing_x100(a, target)))
        .max_by_key(|&(a, s)| (s, std::cmp::Reverse(a)))?;
    let chance = i64::from(view.aid_chance(me, target)?);
    let gain = chance * swing / 500;
    (gain > view.round_damage_x100(me, target)).then_some(ally)
}

/// The 5-foot step square (neighbour order) from which `me`, not flanking `target` yet, would
/// flank it and still strike it in melee (see the module header, 6.).
pub fn flank_step(view: &View<'_>, me: UnitId, target: UnitId) -> Option<crate::board::Pos> {
    // No ally threatening `target`, no flank from anywhere: the cheaper question first.
    let ally_threatens = (view.units())
        .any(|a| a != me && !view.enemies(me, a) && view.active(a) && view.threatens(a, target));
    if !ally_threatens || view.flanks_from(me, view.position(me), target) {
        return None;
    }
    view.five_foot_steps(me).find(|&p| {
        view.weapon_for_from(me, p, target)
            .is_some_and(|k| view.weapon_facts(me, k).melee)
            && view.flanks_from(me, p, target)
    })
}

/// « CRB — Ready » against a charger (see the module header, 7.).
pub fn ready_choice(view: &View<'_>, me: UnitId, target: UnitId) -> bool {
    let mine = longest_reach(view, me);
    if mine < 10 || longest_reach(view, target) >= mine || view.has_ranged(target) {
        return false;
    }
    let expired = view
        .last_results(me)
        .any(|r| r.kind == "ready" && r.reason == "expired");
    if expired {
        return false;
    }
    let charge_ft = 2 * 5 * view.move_squares(target);
    view.distance_ft(me, target) <= charge_ft + mine
        && !view.can_charge(me, target)
        && view.step_to_attack(me, target).is_none()
        && !view.strikes_after_move(me, target)
}

/// The farthest a usable melee line of `u` strikes, in feet (0 without one).
fn longest_reach(view: &View<'_>, u: UnitId) -> u32 {
    (0..view.weapon_count(u))
        .filter(|&k| view.weapon_usable(u, k))
        .map(|k| view.weapon_facts(u, k))
        .filter(|f| f.melee)
        .map(|f| f.reach_max_ft)
        .max()
        .unwrap_or(0)
}

/// « CRB — Acrobatics » when the check is likely: threatened where
/// it stands, `me` beats the tumble DC of every enemy threatening it at least 70 % of the time
/// (see the module header, 7.).
pub fn tumble_choice(view: &View<'_>, me: UnitId) -> bool {
    if !view.threatened_at(me, view.position(me)) {
        return false;
    }
    (view.units())
        .filter(|&e| view.enemies(me, e) && view.active(e) && view.threatens(e, me))
        .all(|e| view.tumble_chance(me, e, false) >= 70)
}
