//! Lines: « A line-shaped spell shoots away from you in a line in the direction you designate.
//! It starts from any corner of your square and extends to the limit of its range or until it
//! strikes a barrier that blocks line of effect. A line-shaped spell affects all creatures in
//! squares that the line passes through » (« CRB — Magic — Aiming a Spell »).
//!
//! It owns only which squares a line takes, in the order the ray enters them: a square counts
//! when the ray meets its open interior, by `los`'s own crossing test (a corner touched does
//! not), and two diagonal barriers meeting at a lattice point the ray passes through seal it,
//! as `los`'s crack rule does. The start and heading are `directed`'s.

use crate::board::{Board, Pos};
use crate::los::{line_of_effect_from_point, segment_crosses};
use crate::size::Size;

use super::directed::Ray;
use super::{AreaSquares, barrier, reach, square_at};

/// Marks the squares of a line `length` squares long along `ray` (see [`super::covered`]).
pub(super) fn fill<B: Board + ?Sized>(board: &B, length: u32, ray: &Ray, out: &mut AreaSquares) {
    let (x, y) = ray.start.xy();
    let (sx, sy) = (ray.heading.0.signum() as i32, ray.heading.1.signum() as i32);
    // The first square: the one the heading enters; along a grid line, the one on the
    // right-hand side (clockwise of the heading on a grid whose rows grow downward).
    let col = if sx > 0 || (sx == 0 && sy < 0) {
        x
    } else {
        x - 1
    };
    let row = if sy > 0 || (sy == 0 && sx > 0) {
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
    if sx == 0 || sy == 0 {
        let mut at = (row, col);
        while let Some(square) = take(board, length, ray, at, out) {
            at = (square.0 + sy, square.1 + sx);
        }
        return;
    }
    // Every square the ray crosses lies in the box from the start to `length` squares out;
    // scanned rows first, each in the heading's directions, they come in the order the ray
    // enters them (every step of the ray moves on along a row, a column or both).
    let far = far_point((x, y), ray.heading, length);
    let r = length as i32;
    let mut last: Option<(i32, i32)> = None;
    for row in (0..=r).map(|k| row + sy * k) {
        for col in (0..=r).map(|k| col + sx * k) {
            if row < 0 || col < 0 || !segment_crosses((x, y), far, Pos::new(row as u16, col as u16))
            {
                continue;
            }
            // Through a lattice point: the two squares the ray skips must not both be barriers.
            let sealed = last.is_some_and(|(last_row, last_col)| {
                last_row != row
                    && last_col != col
                    && barrier(board, last_row, col)
                    && barrier(board, row, last_col)
            });
            if sealed || take(board, length, ray, (row, col), out).is_none() {
                return;
            }
            last = Some((row, col));
        }
    }
}

/// A lattice point on the ray from `start` along `heading` (half squares) at least `length`
/// squares out along both axes' larger one: the heading reduced, then stretched.
fn far_point(start: (i32, i32), heading: (i64, i64), length: u32) -> (i32, i32) {
    let divisor = gcd(heading.0.unsigned_abs(), heading.1.unsigned_abs()) as i64;
    let (hx, hy) = (heading.0 / divisor, heading.1 / divisor);
    let stretch = u64::from(length + 1).div_ceil(hx.unsigned_abs().max(hy.unsigned_abs())) as i64;
    (
        start.0 + (hx * stretch) as i32,
        start.1 + (hy * stretch) as i32,
    )
}

fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// One square of the line: `None` when the line ends there — past the map's edge, past its
/// length, or at a barrier (the barrier itself is not covered); otherwise the square, marked
/// unless it is the caster's own.
fn take<B: Board + ?Sized>(
    board: &B,
    length: u32,
    ray: &Ray,
    (row, col): (i32, i32),
    out: &mut AreaSquares,
) -> Option<(i32, i32)> {
    let at = square_at(board, row, col)?;
    if reach(ray.start.xy(), row, col) > length || board.blocks_los(at) {
        return None;
    }
    if !ray.is_caster_square(row, col) {
        out.mark(at);
    }
    Some((row, col))
}
