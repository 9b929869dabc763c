//! The default policy's use of witch hexes (« APG — Witch — Hexes »), before any spell: the
//! healing hex on the most hurt living ally within touch (itself included) at half its hit
//! points or less, dying ones first; else slumber on the strongest enemy within 30 feet
//! that is likely to fail its Will save (it succeeds at most half the time) and is neither asleep nor
//! helpless already nor immune; else evil eye (its attack-roll option, as the reference
//! spec chooses) on the strongest enemy in range that bears none; misfortune comes before
//! evil eye, on the strongest enemy in range likely to fail its Will save that has not had it. Each takes the turn's
//! standard action. Cackle is left to other policies. Reads the fight only
//! through the [`View`]; fills a [`Plan`].

use crate::fight::{Action, Plan, UnitId, View};
use crate::model::HexKind;
use crate::rules::{Condition, Save};

/// Pushes the hex `me` uses this turn, if one pays: true when the plan is made.
#[inline]
pub fn hex_turn(view: &View<'_>, me: UnitId, plan: &mut Plan) -> bool {
    let Some(hexes) = view.hexes(me) else {
        return false;
    };
    if hexes.knows(HexKind::Healing)
        && let Some(ally) = hurt_ally(view, me)
    {
        plan.push(Action::Hex {
            kind: HexKind::Healing,
            target: ally,
        });
        return true;
    }
    if hexes.knows(HexKind::Slumber)
        && let Some(foe) = slumber_choice(view, me, i32::from(hexes.slumber_dc))
    {
        plan.push(Action::Hex {
            kind: HexKind::Slumber,
            target: foe,
        });
        return true;
    }
    if hexes.knows(HexKind::Misfortune)
        && let Some(foe) = misfortune_choice(view, me, i32::from(hexes.misfortune_dc))
    {
        plan.push(Action::Hex {
            kind: HexKind::Misfortune,
            target: foe,
        });
        return true;
    }
    if hexes.knows(HexKind::EvilEye)
        && let Some(foe) = eye_choice(view, me)
    {
        plan.push(Action::Hex {
            kind: HexKind::EvilEye,
            target: foe,
        });
        return true;
    }
    false
}

/// « Evil eye on attack rolls »: the active enemy of the most maximum hit points in range
/// that bears none (ties: unit order).
fn eye_choice(view: &View<'_>, me: UnitId) -> Option<UnitId> {
    view.units()
        .filter(|&o| view.active(o) && !view.helpless(o))
        .filter(|&o| view.can_hex(me, HexKind::EvilEye, o))
        .max_by_key(|&o| (view.hp_max(o), std::cmp::Reverse(o)))
}

/// « Misfortune »: the active enemy of the most maximum hit points in range that has not
/// had it, whose Will save against `dc` succeeds at most half the time (ties: unit order).
fn misfortune_choice(view: &View<'_>, me: UnitId, dc: i32) -> Option<UnitId> {
    view.units()
        .filter(|&o| view.active(o) && !view.helpless(o))
        .filter(|&o| view.can_hex(me, HexKind::Misfortune, o))
        .filter(|&o| dc - view.plain_save_bonus(o, Save::Will) >= 11)
        .max_by_key(|&o| (view.hp_max(o), std::cmp::Reverse(o)))
}

/// The living ally (or `me`) in touch at half its hit points or less that the healing hex
/// has not cured yet: the lowest share of its maximum first (ties: unit order).
fn hurt_ally(view: &View<'_>, me: UnitId) -> Option<UnitId> {
    view.units()
        .filter(|&o| view.can_hex(me, HexKind::Healing, o))
        .filter(|&o| 2 * view.hp(o) <= view.hp_max(o))
        .min_by_key(|&o| {
            (
                i64::from(view.hp(o)) * 1000 / i64::from(view.hp_max(o).max(1)),
                o,
            )
        })
}

/// The enemy of the most maximum hit points in slumber's reach, awake, not immune, whose
/// Will save against `dc` succeeds at most half the time (ties: unit order).
fn slumber_choice(view: &View<'_>, me: UnitId, dc: i32) -> Option<UnitId> {
    view.units()
        .filter(|&o| view.active(o) && !view.helpless(o))
        .filter(|&o| view.can_hex(me, HexKind::Slumber, o))
        .filter(|&o| !view.immune_to_condition(o, Condition::Asleep))
        .filter(|&o| dc - view.plain_save_bonus(o, Save::Will) >= 11)
        .max_by_key(|&o| (view.hp_max(o), std::cmp::Reverse(o)))
}
