//! The reference spec's default policy (« Économie d'action »): a caster casts when a spell is
//! worth more than its weapons (`casting`); otherwise, against the nearest active enemy — full
//! attack when a weapon can strike it from here (a ranged combatant shoots whenever it can,
//! unless closing to melee is worth more over the next rounds: `closing`), else charge when a
//! clear straight line exists (a 5-foot step and a full attack first when it has more than one
//! attack a round), else a 5-foot step and a full attack when one step is enough, else move
//! and attack. Before any tactic, the turns that conditions decide ([`conditioned_turn`]);
//! before any attack, the Power Attack choice (`attack`). Beyond the reference spec: the
//! spell combat of a magus (`feats`), the tactical choices (`tactical`: keep or release a grapple, total defense, trip, grapple,
//! disarm, aid another, a 5-foot step to flank, ready against a charger, tumble), a coup de
//! grâce on a helpless enemy when nothing better can be done this turn
//! ([`coup_de_grace_choice`]), and another target, a ranged option or the nearest position
//! when the chosen enemy cannot be reached on foot ([`blocked_turn`]) — a creature idles only
//! when no enemy can be struck or neared at all. Reads the fight only through the [`View`];
//! fills a [`Plan`].

use crate::fight::{Action, Approach, Plan, Policy, UnitId, UnitIds, View};

use super::abilities::{class_actions, perform_turn};
use super::attack::{full_attack, full_round_free, push_power_choice};
use super::casting::{Latitude, cast_turn};
use super::closing::closing_turn;
use super::feats::{cleave_or_flyby, spell_combat_turn};
use super::hexes::hex_turn;
use super::monster::trample_turn;
use super::specials::specials_turn;
use super::tactical::{hold_turn, retrieve_turn, tactical_turn};
use crate::rules::{Condition, flag};

/// The reference spec's default policy.
#[derive(Clone, Copy, Debug, Default)]
pub struct DefaultPolicy;

impl Policy for DefaultPolicy {
    #[inline]
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if conditioned_turn(view, me, plan)
            || specials_turn(view, me, plan)
            || perform_turn(view, me, plan)
            || hex_turn(view, me, plan)
            || spell_combat_turn(view, me, plan)
            || cast_turn(view, me, plan, Latitude::FREE)
        {
            return;
        }
        let Some(target) = view.nearest_enemy(me) else {
            return;
        };
        default_toward(view, me, target, plan);
    }
}

/// Turns that conditions decide before any tactic (every policy starts here): a frightened
/// creature withdraws and a panicked one flees (a single move action) — cornered, the
/// frightened one fights and the panicked one does nothing; a prone one stands up
/// (provoking) and attacks the nearest enemy it can strike, else moves toward it. True when
/// the plan is made.
#[inline]
pub fn conditioned_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let conds = view.conditions(me);
    if conds.is_empty() {
        return false;
    }
    if conds.any(flag::FLEES) {
        // « CRB — Frightened »: « If unable to flee, a frightened character can fight »; a
        // cornered panicked one cowers (here: does nothing).
        if !view.can_withdraw(me) {
            return conds.any(flag::CANT_ATTACK);
        }
        plan.push(if conds.any(flag::CANT_ATTACK) {
            Action::Flee
        } else {
            Action::Withdraw
        });
        return true;
    }
    if conds.has(Condition::Prone) && !conds.any(flag::CANT_MOVE) {
        plan.push(Action::StandUp);
        if let Some(target) = view.nearest_strikable_from(me, view.position(me)) {
            push_power_choice(view, me, target, plan);
            plan.push(Action::Attack { target });
        } else if let Some(target) = view.nearest_enemy(me) {
            plan.push(Action::Move { target });
        }
        return true;
    }
    false
}

/// The default policy's turn against a chosen `target`, the first that applies:
/// 0. holding a caster in a grapple, it maintains the hold; holding anyone else, it lets go
///    (`tactical::hold_turn`); its primary weapon within reach on the ground, it picks it up
///    and attacks (`tactical::retrieve_turn`);
/// 1. a coup de grâce when [`coup_de_grace_choice`] names a helpless enemy;
/// 2. a tactical choice (`tactical::tactical_turn`: total defense, a manoeuvre, aid another,
///    a step to flank, ready, tumble), or a trample over two enemies, or over `target` when
///    no weapon strikes it from here (`monster::trample_turn`);
/// 3. when a weapon can strike `target` from here: close to melee when that is worth more
///    (`closing::closing_turn`), else full attack;
/// 4. charge (after 5. when it has more than one attack a round) — unless a flyby attack or a
///    move and a cleave take its place (`feats::cleave_or_flyby`); 5. a 5-foot step and a
///    full attack;
/// 6. move and attack, when the way toward `target` is open ([`View::steps_toward`]) or the
///    move gets on its way to it, around the creatures in the way if need be
///    ([`View::move_toward`]);
/// 7. else `target` cannot be reached: [`blocked_turn`].
///
/// Class abilities come first when they pay (`abilities::class_actions`: rage), then Power
/// Attack is toggled when it pays (see [`push_power_choice`]).
#[inline]
pub fn default_toward(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) {
    if class_actions(view, me, target, plan) {
        return;
    }
    if hold_turn(view, me, plan) || retrieve_turn(view, me, target, plan) {
        return;
    }
    let strikes = view.weapon_for(me, target).is_some();
    if let Some(victim) = coup_de_grace_choice(view, me, target, strikes) {
        plan.push(Action::CoupDeGrace { target: victim });
    } else if tactical_turn(view, me, target, strikes, plan)
        || trample_turn(view, me, target, strikes, plan)
    {
    } else if strikes {
        if !closing_turn(view, me, target, plan) {
            full_attack(view, me, target, plan);
        }
    } else if !attack_this_turn(view, me, target, plan) {
        blocked_turn(view, me, target, plan);
    }
}

/// Charge, 5-foot step and full attack, or move and attack against `target` when it can be
/// reached (see [`default_toward`], steps 3–5); false when none applies.
#[inline]
fn attack_this_turn(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) -> bool {
    // « CRB — Charge » gives one attack: with more than one a round, a 5-foot step into
    // reach and the full attack come first.
    // « Bestiary — Pounce »: its charge ends in a full attack, so it always charges first.
    let several = view.swings_per_round(me) > 1 && !view.pounces(me);
    let steps = view.steps_toward(me, target);
    // « Flyby Attack », « Cleave »: in place of a charge or a move and one attack.
    if cleave_or_flyby(view, me, target, several && steps.attack.is_some(), plan) {
        return true;
    }
    if !(several && steps.attack.is_some()) && view.can_charge(me, target) {
        plan.push(Action::Charge { target });
        return true;
    }
    if steps.attack.is_some() {
        plan.push(Action::FiveFootStep { target });
        plan.push(Action::FullAttack { target });
    } else if steps.nearer || view.move_strikes(me, target) {
        plan.push(Action::Move { target });
        plan.push(Action::Attack { target });
    } else {
        return false;
    }
    true
}

/// The turn of a creature that cannot reach its chosen `target` on foot (standing creatures
/// fill the way), the first that applies:
/// 1. full attack the nearest active enemy it can strike from here (a ranged weapon, or
///    another enemy in reach; ties: unit order);
/// 2. against the nearest other active enemy it can reach (ties: unit order): charge, 5-foot
///    step and full attack, or move and attack;
/// 3. move toward the nearest active enemy — `target` first — that it can get nearer to: to
///    the reachable square nearest it, from which it strikes once the way opens;
/// 4. else no enemy can be struck or neared from here: it moves toward `target` all the
///    same, which goes nowhere (the transcript says « no way forward »).
#[inline]
pub fn blocked_turn(view: &View<'_>, me: UnitId, target: UnitId, plan: &mut Plan) {
    let here = view.position(me);
    if let Some(other) = view.nearest_strikable_from(me, here) {
        full_attack(view, me, other, plan);
        return;
    }
    let others = || {
        view.units()
            .filter(move |&o| o != target && view.enemies(me, o) && view.active(o))
    };
    let reaches = |o: UnitId| {
        let steps = view.steps_toward(me, o);
        view.can_charge(me, o) || steps.attack.is_some() || steps.nearer || view.move_strikes(me, o)
    };
    // The nearest that `reaches` (ties: unit order), asked nearest first: the first that
    // passes is the minimum, and the farther ones are never planned (a crowd's back rank
    // would plan toward every enemy of the field).
    let mut left = UnitIds::default();
    for o in others() {
        left.insert(o.index());
    }
    let reachable = loop {
        let Some(o) = left.iter().min_by_key(|&o| (view.distance_ft(me, o), o)) else {
            break None;
        };
        if reaches(o) {
            break Some(o);
        }
        left.remove(o.index());
    };
    if let Some(other) = reachable {
        attack_this_turn(view, me, other, plan);
        return;
    }
    let toward = std::iter::once(target)
        .chain(others())
        .find(|&o| view.move_toward(me, o) == Approach::Closer)
        .unwrap_or(target);
    plan.push(Action::Move { target: toward });
    plan.push(Action::Attack { target: toward });
}

/// « CRB — Coup de Grace » in the default policy, against the chosen `target` (`strikes`:
/// some weapon of `me` can strike it from here). Only a helpless enemy that is not immune to
/// critical hits and that `me` can deliver one to from where it stands
/// ([`View::coup_de_grace_weapon`]) is a candidate, and only while `me` can take a full-round
/// action (not staggered, disabled, nauseated or in the surprise round) and no active enemy
/// threatens it (the coup de grâce provokes). Then:
/// - (a) `target` itself is a candidate — helpless yet still active: paralyzed, asleep,
///   pinned; it would fight again — it is finished instead of attacked;
/// - (b) `me` can attack no active enemy this turn — `target` out of reach of a weapon from
///   here, of a charge, of a 5-foot step and of the move the engine would walk, and no other
///   enemy it can strike from here — the candidate first by (still active first, distance,
///   unit order) is finished: dying, stable and unconscious enemies included.
///
/// `None` otherwise. The candidates are looked for only when (a) or (b) may hold.
#[inline]
pub fn coup_de_grace_choice(
    view: &View<'_>,
    me: UnitId,
    target: UnitId,
    strikes: bool,
) -> Option<UnitId> {
    let fits = |o: UnitId| {
        view.helpless(o)
            && !view.petrified(o)
            && view.enemies(me, o)
            && !view.immune_to_criticals(o)
            && view.coup_de_grace_weapon(me, o).is_some()
    };
    let victim = if strikes {
        Some(target).filter(|&o| fits(o))?
    } else {
        view.units()
            .filter(|&o| fits(o))
            .min_by_key(|&o| (!view.active(o), view.distance_ft(me, o), o))?
    };
    let here = view.position(me);
    if !full_round_free(view, me) || view.threatened_at(me, here) {
        return None;
    }
    let idle = || {
        view.nearest_strikable_from(me, here).is_none()
            && !view.can_charge(me, target)
            && view.step_to_attack(me, target).is_none()
            && !view.strikes_after_move(me, target)
    };
    (strikes || idle()).then_some(victim)
}
