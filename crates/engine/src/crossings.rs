//! Which corner lines between two 1×1 squares cross a third square, as a table (« CRB —
//! Cover », soft cover from creatures). A ranged attack between one-square creatures draws a
//! line from each corner of the attacker's square to each corner of the target's; a creature
//! standing in a square one of a corner's four lines crosses raises that corner's score
//! (`fight::reach`). Whether a line crosses a square is [`segment_crosses`], exact in
//! integers and unchanged by translation, so the answer depends only on where the target and
//! the square lie relative to the attacker: one byte per (target offset, square offset),
//! filled the first time a target offset is asked and shared by every fight and thread of
//! the process. Offsets beyond [`REACH`] squares on either axis are computed on each call.
//!
//! Owns the table; never the scores or the cover rules.

use std::sync::OnceLock;

use crate::board::Pos;
use crate::los::segment_crosses;

/// The largest target offset, in squares on each axis, the table holds.
pub const REACH: i32 = 20;

/// Target offsets per axis (−REACH..=REACH).
const SIDE: usize = 2 * REACH as usize + 1;

/// Square offsets per axis inside one target offset's rectangle, at most.
const SPAN: usize = REACH as usize + 1;

/// One target offset's masks: for each square of the rectangle spanning the attacker's and
/// the target's squares (row by row from its top-left), the corners whose lines cross it.
type Block = [u8; SPAN * SPAN];

/// The table, one block per target offset, each filled on first use (no heap: a block is a
/// fixed array, so a fight never allocates for it).
static TABLE: [OnceLock<Block>; SIDE * SIDE] = [const { OnceLock::new() }; SIDE * SIDE];

/// The corners of the attacker's square at `a` (bit k: `(x + k % 2, y + k / 2)` as lattice
/// points `(col, row)`) with a line to a corner of the target's square at `t` that crosses the
/// open interior of square `at`. Only a square inside the rectangle spanning `a` and `t` can
/// be crossed: any other gives 0.
#[inline]
pub fn crossing_mask(a: Pos, t: Pos, at: Pos) -> u8 {
    let (ax, ay) = (i32::from(a.col), i32::from(a.row));
    let (dx, dy) = (i32::from(t.col) - ax, i32::from(t.row) - ay);
    let (ox, oy) = (i32::from(at.col) - ax, i32::from(at.row) - ay);
    let (x0, y0) = (dx.min(0), dy.min(0));
    if ox < x0 || ox > dx.max(0) || oy < y0 || oy > dy.max(0) {
        return 0;
    }
    if dx.abs() > REACH || dy.abs() > REACH {
        return direct_mask((dx, dy), (ox, oy));
    }
    let slot = (dy + REACH) as usize * SIDE + (dx + REACH) as usize;
    let block = TABLE[slot].get_or_init(|| fill(dx, dy));
    block[(oy - y0) as usize * SPAN + (ox - x0) as usize]
}

/// The masks of target offset `(dx, dy)`, every square of its rectangle.
fn fill(dx: i32, dy: i32) -> Block {
    let mut block = [0; SPAN * SPAN];
    let (x0, y0) = (dx.min(0), dy.min(0));
    for oy in y0..=dy.max(0) {
        for ox in x0..=dx.max(0) {
            block[(oy - y0) as usize * SPAN + (ox - x0) as usize] = direct_mask((dx, dy), (ox, oy));
        }
    }
    block
}

/// The mask computed from the segments themselves, with the attacker's square at the origin
/// (lattice coordinates shifted so that every square offset is a valid `Pos`).
fn direct_mask(d: (i32, i32), o: (i32, i32)) -> u8 {
    // Shift everything by the rectangle's top-left so the crossed square has non-negative
    // coordinates; crossings do not change under translation.
    let (sx, sy) = (-d.0.min(0), -d.1.min(0));
    let at = Pos::new((o.1 + sy) as u16, (o.0 + sx) as u16);
    let (tx, ty) = (d.0 + sx, d.1 + sy);
    let targets = [(tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)];
    (0..4).fold(0, |mask, k| {
        let corner = (sx + k % 2, sy + k / 2);
        if targets.iter().any(|&q| segment_crosses(corner, q, at)) {
            mask | 1 << k
        } else {
            mask
        }
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The mask straight from the segments at absolute positions, as soft cover computed it
    /// before the table.
    fn by_segments(a: Pos, t: Pos, at: Pos) -> u8 {
        let (ax, ay) = (i32::from(a.col), i32::from(a.row));
        let (tx, ty) = (i32::from(t.col), i32::from(t.row));
        let targets = [(tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)];
        let corners = [(ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)];
        (0..4).fold(0, |m, k| {
            if targets.iter().any(|&q| segment_crosses(corners[k], q, at)) {
                m | 1 << k
            } else {
                m
            }
        })
    }

    #[test]
    fn crossing_masks_match_the_segments_everywhere_on_a_board() {
        // Every attacker, target and third square of a 9×7 board, from two origins (the
        // table is translation-free), plus offsets beyond the table's reach.
        for (r0, c0) in [(0u16, 0u16), (30, 41)] {
            for a in 0..63u16 {
                for t in 0..63u16 {
                    let a = Pos::new(r0 + a / 9, c0 + a % 9);
                    let t = Pos::new(r0 + t / 9, c0 + t % 9);
                    for at in 0..63u16 {
                        let at = Pos::new(r0 + at / 9, c0 + at % 9);
                        assert_eq!(
                            crossing_mask(a, t, at),
                            by_segments(a, t, at),
                            "{a:?} {t:?} {at:?}"
                        );
                    }
                }
            }
        }
        let (a, t) = (Pos::new(3, 2), Pos::new(40, 30));
        for row in 0..45 {
            for col in 0..35 {
                let at = Pos::new(row, col);
                assert_eq!(crossing_mask(a, t, at), by_segments(a, t, at));
                assert_eq!(crossing_mask(t, a, at), by_segments(t, a, at));
            }
        }
    }

    #[test]
    fn crossing_masks_mark_a_square_on_the_line_and_nothing_outside_the_rectangle() {
        let (a, t) = (Pos::new(0, 0), Pos::new(0, 4));
        // Straight along a row: every corner's lines cross the squares in between.
        assert_eq!(crossing_mask(a, t, Pos::new(0, 2)), 0b1111);
        assert_eq!(crossing_mask(a, t, Pos::new(1, 2)), 0);
        assert_eq!(crossing_mask(a, t, Pos::new(0, 6)), 0);
    }
}
