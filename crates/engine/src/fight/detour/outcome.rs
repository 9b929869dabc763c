//! What walking can do for a creature against one target (`detour`'s answers to the
//! policies): [`Approach`] from an exact plan, [`StepsToward`] from one look at the
//! neighbours, and [`StrikeWindow`], where the squares to strike it from can lie. Plain
//! words, shared by the plans and their memo.

use crate::board::Pos;
use crate::grid::Window;

/// What walking can do for a creature against one target, ignoring the turn's budget.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Approach {
    /// It strikes the target from here, or walks (around the creatures in its way) to a square
    /// from which it does.
    Strikes,
    /// No such square is reachable now, but it can get nearer the target (as the terrain alone
    /// counts the distance): a standing creature blocks the way.
    Closer,
    /// Neither: it already stands as near as it can get.
    Stuck,
}

/// What the squares of a 5-foot step offer a creature against one target
/// (`Fight::steps_toward`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StepsToward {
    /// The first, in neighbour order, from which it can attack the target.
    pub attack: Option<Pos>,
    /// No step attacks, and a move toward the target visibly gets somewhere (a free square
    /// nearer it on the terrain-only field, one step away or just past an ally). False when
    /// `attack` is set.
    pub nearer: bool,
}

/// Where the anchors lie from which a creature may strike another with a weapon it can use
/// now ([`Fight::strike_window`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum StrikeWindow {
    /// No weapon is usable: nowhere.
    Nowhere,
    /// A usable weapon reaches farther than four squares: anywhere, as far as this says.
    Far,
    /// Within this window around the target's anchor.
    Within(Window),
}

impl StrikeWindow {
    /// `p` may be an anchor to strike from.
    #[inline]
    pub fn admits(self, p: Pos) -> bool {
        match self {
            StrikeWindow::Nowhere => false,
            StrikeWindow::Far => true,
            StrikeWindow::Within(window) => window.contains(p),
        }
    }

    /// The window, when the squares to strike from are bounded by one.
    #[inline]
    pub fn window(self) -> Option<Window> {
        match self {
            StrikeWindow::Within(window) => Some(window),
            StrikeWindow::Nowhere | StrikeWindow::Far => None,
        }
    }
}
