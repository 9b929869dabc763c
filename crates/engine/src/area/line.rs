//! Lines: « A line-shaped spell shoots away from you in a line in the direction you designate.
//! It starts from any corner of your square and extends to the limit of its range or until it
//! strikes a barrier that blocks line of effect. A line-shaped spell affects all creatures in
//! squares that the line passes through » (« CRB — Magic — Aiming a Spell »).
//!
//! It owns only the walk along the ray, square by square in the order the ray enters them,
//! with the same crossing rule as `los` (a square counts when the ray meets its open
//! interior; a corner touched does not) and the same crack rule (two diagonal barriers
//! meeting at a lattice point the ray passes through seal it). The start and heading are
//! `directed`'s.

use crate::board::Board;
use crate::los::line_of_effect_from_point;
use crate::size::Size;

use super::directed::Ray;
use super::{AreaSquares, barrier, reach, square_at};

/// What the walk does after a square.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Step {
    Go,
    Stop,
}

/// Marks the squares of a line `length` squares long along `ray` (see [`super::covered`]).
pub(super) fn fill<B: Board + ?Sized>(board: &B, length: u32, ray: &Ray, out: &mut AreaSquares) {
    let (x, y) = ray.start.xy();
    let (dx, dy) = ray.heading;
    let (sx, sy) = (dx.signum() as i32, dy.signum() as i32);
    // The first square: the one the heading enters; along a grid line, the one on the
    // right-hand side (clockwise of the heading on a grid whose rows grow downward).
    let mut col = if sx > 0 || (sx == 0 && sy < 0) {
        x
    } else {
        x - 1
    };
    let mut row = if sy > 0 || (sy == 0 && sx > 0) {
        y
    } else {
        y - 1
    };
    // A start on a crack between two open squares lies inside the wall (as in `los`).
    let first_seen = square_at(board, row, col)
        .is_some_and(|first| line_of_effect_from_point(board, (x, y), first, Size::Medium));
    if !first_seen {
        return;
    }
    let (adx, ady) = (dx.abs(), dy.abs());
    // The ray meets vertical grid line number `i` at t = i/|dx| and horizontal line `j` at
    // t = j/|dy| (the start is a lattice point): compare i·|dy| with j·|dx|.
    let (mut i, mut j) = (1_i64, 1_i64);
    while visit(board, length, ray, (row, col), out) == Step::Go {
        if ady == 0 {
            col += sx;
            continue;
        }
        if adx == 0 {
            row += sy;
            continue;
        }
        let (from_row, from_col) = (row, col);
        let (vertical, horizontal) = (i * ady, j * adx);
        if vertical <= horizontal {
            col += sx;
            i += 1;
        }
        if horizontal <= vertical {
            row += sy;
            j += 1;
        }
        if vertical == horizontal && crack(board, (from_row, col), (row, from_col)) {
            break;
        }
    }
}

/// One square of the walk: the line ends past the map's edge, past its length or at a
/// barrier (the barrier itself is not covered); the caster's own squares are passed over.
fn visit<B: Board + ?Sized>(
    board: &B,
    length: u32,
    ray: &Ray,
    (row, col): (i32, i32),
    out: &mut AreaSquares,
) -> Step {
    let Some(at) = square_at(board, row, col) else {
        return Step::Stop;
    };
    if reach(ray.start.xy(), row, col) > length || board.blocks_los(at) {
        return Step::Stop;
    }
    if !ray.is_caster_square(row, col) {
        out.mark(at);
    }
    Step::Go
}

/// True when squares `a` and `b` (diagonally opposite around a lattice point the ray passes
/// through) both block line of effect; off the map counts as a barrier, as in `los`.
fn crack<B: Board + ?Sized>(board: &B, a: (i32, i32), b: (i32, i32)) -> bool {
    barrier(board, a.0, a.1) && barrier(board, b.0, b.1)
}
