//! Bursts, emanations and cylinders: the squares within a radius of a point of origin or of a
//! creature, kept only where the origin has line of effect (bursts and emanations) or all of
//! them (cylinders). It owns only that selection; line of effect is `los`'s, distances `grid`'s.

use crate::board::{Board, Pos};
use crate::grid::footprint_distance_squares;
use crate::los::{line_of_effect, line_of_effect_from_point};
use crate::size::Size;

use super::{AreaSquares, Origin, reach, squares_in};

/// Whether obstacles between the origin and a square keep the square out.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Obstacles {
    /// Bursts and emanations: « It can't affect creatures with total cover from its point of
    /// origin ».
    Stop,
    /// Cylinders: « A cylinder-shaped spell ignores any obstructions within its area ».
    Ignore,
}

/// Marks the squares within `radius` squares of `origin` (see [`Origin`] for the distance
/// from a creature) that do not block line of effect, and, with [`Obstacles::Stop`], to which
/// the origin has line of effect: from a point, some segment from it to a corner of the square
/// is clear; from a creature, some segment from a corner of one of its squares.
pub(super) fn fill<B: Board + ?Sized>(
    board: &B,
    radius: u32,
    origin: Origin,
    obstacles: Obstacles,
    out: &mut AreaSquares,
) {
    let r = radius as i32;
    match origin {
        Origin::Point(point) => {
            let (x, y) = point.xy();
            for at in squares_in(board, (y - r, y + r), (x - r, x + r)) {
                let within = reach((x, y), i32::from(at.row), i32::from(at.col)) <= radius;
                let seen = || line_of_effect_from_point(board, (x, y), at, Size::Medium);
                keep(board, at, within, obstacles, seen, out);
            }
        }
        Origin::Creature { anchor, size } => {
            let (row, col) = (i32::from(anchor.row), i32::from(anchor.col));
            let side = i32::from(size.footprint());
            for at in squares_in(board, (row - r, row + side + r), (col - r, col + side + r)) {
                let within = footprint_distance_squares(at, Size::Medium, anchor, size) <= radius;
                let seen = || line_of_effect(board, anchor, size, at, Size::Medium);
                keep(board, at, within, obstacles, seen, out);
            }
        }
    }
}

/// Marks `at` when it is `within` the radius, is no barrier, and is `seen` unless obstacles
/// are ignored (the line of effect test runs last: it is the costly one).
fn keep<B: Board + ?Sized>(
    board: &B,
    at: Pos,
    within: bool,
    obstacles: Obstacles,
    seen: impl FnOnce() -> bool,
    out: &mut AreaSquares,
) {
    if within && !board.blocks_los(at) && (obstacles == Obstacles::Ignore || seen()) {
        out.mark(at);
    }
}
