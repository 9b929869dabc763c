//! Cones: « A cone-shaped spell shoots away from you in a quarter-circle in the direction you
//! designate. It starts from any corner of your square and widens out as it goes » (« CRB —
//! Magic — Aiming a Spell »). It owns only the quarter-circle test; the start and heading are
//! `directed`'s, line of effect `los`'s.

use crate::board::Board;
use crate::los::line_of_effect_from_point;
use crate::size::Size;

use super::directed::Ray;
use super::{AreaSquares, reach, squares_in};

/// Marks the squares of a cone `length` squares long along `ray`: far corner within the
/// length, centre within 45° of the heading (bounds included), not the caster's, no barrier,
/// and in line of effect from the start.
pub(super) fn fill<B: Board + ?Sized>(board: &B, length: u32, ray: &Ray, out: &mut AreaSquares) {
    let (x, y) = ray.start.xy();
    let r = length as i32;
    for at in squares_in(board, (y - r, y + r), (x - r, x + r)) {
        let (row, col) = (i32::from(at.row), i32::from(at.col));
        if ray.is_caster_square(row, col)
            || reach((x, y), row, col) > length
            || !within_quarter_circle((x, y), ray.heading, row, col)
            || board.blocks_los(at)
            || !line_of_effect_from_point(board, (x, y), at, Size::Medium)
        {
            continue;
        }
        out.mark(at);
    }
}

/// True when the centre of square `(row, col)` lies within 45° of `heading` seen from lattice
/// point `(x, y)`, bounds included: with `v` the vector to the centre (half squares),
/// `v·h > 0` and `2 (v·h)² ≥ |v|² |h|²`, i.e. cos² of the angle ≥ ½. Exact in `i128`.
fn within_quarter_circle((x, y): (i32, i32), heading: (i64, i64), row: i32, col: i32) -> bool {
    let v = (
        i128::from(2 * col + 1 - 2 * x),
        i128::from(2 * row + 1 - 2 * y),
    );
    let h = (i128::from(heading.0), i128::from(heading.1));
    let dot = v.0 * h.0 + v.1 * h.1;
    dot > 0 && 2 * dot * dot >= (v.0 * v.0 + v.1 * v.1) * (h.0 * h.0 + h.1 * h.1)
}
