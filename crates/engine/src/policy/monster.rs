//! The default policy's use of the monster rules that change a turn's shape (Bestiary —
//! « Trample »; « Pounce » only lifts the charge's one-attack penalty, in `default`). Owns the
//! choice; the rule is the engine's.

use crate::fight::{Action, Plan, UnitId, View};

/// « Bestiary — Trample » in the default policy: trample toward `target` when the line passes
/// over at least two enemies, or over `target` alone when no weapon strikes it from here
/// (`strikes`: the trample then replaces a move and one attack or a charge). Kept simple: a
/// full attack from where it stands is preferred against a lone foe in reach.
pub fn trample_turn(
    view: &View<'_>,
    me: UnitId,
    target: UnitId,
    strikes: bool,
    plan: &mut Plan,
) -> bool {
    let over = view.trample_over(me, target);
    if over >= 2 || (over == 1 && !strikes) {
        plan.push(Action::Trample { target });
        return true;
    }
    false
}
