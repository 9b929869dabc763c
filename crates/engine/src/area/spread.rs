//! Spreads: « Figure distance by actual distance traveled, taking into account turns the spell
//! effect takes. When determining distance for spread effects, count around walls, not through
//! them. As with movement, do not trace diagonals across corners » (« CRB — Magic — Aiming a
//! Spell »).
//!
//! Distance is counted from intersection to intersection, so the flood runs over the
//! intersections, with 5-10-5 costs: a step along an edge costs 1, a diagonal step across a
//! square 1 and 2 in turn. A diagonal crosses only a square that does not block line of
//! effect; an edge between two barriers (a seam, or a barrier against the map's edge) is
//! inside the wall; and an intersection where two diagonally opposite squares are barriers
//! between the two others, open (a crack), can be reached but not passed through — the same
//! seams and cracks that seal a wall in `los`. A square is in the spread when all four of its corners are within the radius
//! (its far edge is). On open ground that is exactly the burst.
//!
//! It owns only that flood and its reusable buffers. It is not the movement field of `grid`:
//! a spread ignores move costs, elevation and creatures.

use std::cmp::Reverse;
use std::collections::BinaryHeap;

use crate::board::Board;

use super::{AreaSquares, Origin, barrier, squares_in};

/// The eight lattice steps `(dx, dy)`, in a fixed order.
const STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (0, -1),
    (1, -1),
    (-1, 0),
    (1, 0),
    (-1, 1),
    (0, 1),
    (1, 1),
];

/// The flood's buffers, kept in [`AreaSquares`] between casts.
///
/// Invariant between fills: every entry of `dist` is `u32::MAX` (a fill resets the states it
/// touched), so a fill costs what it reaches, not the whole board.
#[derive(Clone, Debug, Default)]
pub(crate) struct Flood {
    /// Intersections per row: board columns + 1.
    width: usize,
    /// Per state (intersection index × 2 + parity of diagonals so far): cost in squares.
    dist: Vec<u32>,
    heap: BinaryHeap<Reverse<(u32, u32)>>,
    /// States whose `dist` was set by this fill.
    touched: Vec<u32>,
}

impl Flood {
    /// Room for the intersections of `board`.
    pub(super) fn prepare<B: Board + ?Sized>(&mut self, board: &B) {
        self.width = usize::from(board.cols()) + 1;
        let states = 2 * self.width * (usize::from(board.rows()) + 1);
        if self.dist.len() < states {
            self.dist.resize(states, u32::MAX);
        }
    }

    fn state(&self, (x, y): (i32, i32), odd: bool) -> usize {
        (y as usize * self.width + x as usize) * 2 + usize::from(odd)
    }

    /// Cost to intersection `(x, y)`, the cheaper parity.
    fn cost(&self, point: (i32, i32)) -> u32 {
        self.dist[self.state(point, false)].min(self.dist[self.state(point, true)])
    }

    fn relax(&mut self, state: usize, cost: u32) {
        if cost < self.dist[state] {
            if self.dist[state] == u32::MAX {
                self.touched.push(state as u32);
            }
            self.dist[state] = cost;
            self.heap.push(Reverse((cost, state as u32)));
        }
    }

    /// Dijkstra from the seeded intersections, never beyond `radius`.
    fn run<B: Board + ?Sized>(&mut self, board: &B, radius: u32) {
        let (cols, rows) = (i32::from(board.cols()), i32::from(board.rows()));
        while let Some(Reverse((cost, state))) = self.heap.pop() {
            let state = state as usize;
            if cost > self.dist[state] {
                continue;
            }
            let odd = state % 2 == 1;
            let point = (
                (state / 2 % self.width) as i32,
                (state / 2 / self.width) as i32,
            );
            if sealed(board, point) {
                continue;
            }
            for (dx, dy) in STEPS {
                let next = (point.0 + dx, point.1 + dy);
                if !(0..=cols).contains(&next.0) || !(0..=rows).contains(&next.1) {
                    continue;
                }
                let diagonal = dx != 0 && dy != 0;
                let step = 1 + u32::from(diagonal && odd);
                if cost + step <= radius && passable(board, point, (dx, dy)) {
                    let to = self.state(next, odd ^ diagonal);
                    self.relax(to, cost + step);
                }
            }
        }
    }

    /// Empties the fill's states, restoring the invariant.
    fn clear(&mut self) {
        for &state in &self.touched {
            self.dist[state as usize] = u32::MAX;
        }
        self.touched.clear();
        self.heap.clear();
    }
}

/// True when intersection `(x, y)` is a crack between two open squares: two diagonally
/// opposite squares around it are solid and the other two open. The flood may reach it but
/// not pass through (it would slip from one open square to the other); a crack with a
/// single open square around it (a corner of the map) leads nowhere else and stays open.
fn sealed<B: Board + ?Sized>(board: &B, (x, y): (i32, i32)) -> bool {
    let [nw, ne, sw, se] =
        [(y - 1, x - 1), (y - 1, x), (y, x - 1), (y, x)].map(|(row, col)| barrier(board, row, col));
    (nw && se && !ne && !sw) || (ne && sw && !nw && !se)
}

/// True when the step `(dx, dy)` from intersection `(x, y)` stays out of every barrier: a
/// diagonal crosses an open square, an edge has an open square on one side.
fn passable<B: Board + ?Sized>(board: &B, (x, y): (i32, i32), (dx, dy): (i32, i32)) -> bool {
    let (col, row) = (x.min(x + dx), y.min(y + dy));
    match (dx, dy) {
        (0, _) => !(barrier(board, row, x - 1) && barrier(board, row, x)),
        (_, 0) => !(barrier(board, y - 1, col) && barrier(board, y, col)),
        _ => !barrier(board, row, col),
    }
}

/// Marks the squares a spread of `radius` squares reaches from `origin`: from a point, the
/// flood starts there; from a creature, at every corner of its squares (the footprint
/// distance of a creature-centred burst, on open ground).
pub(super) fn fill<B: Board + ?Sized>(
    board: &B,
    radius: u32,
    origin: Origin,
    out: &mut AreaSquares,
) {
    let flood = &mut out.flood;
    flood.prepare(board);
    let (cols, rows) = (i32::from(board.cols()), i32::from(board.rows()));
    let r = radius as i32;
    let (row_span, col_span) = match origin {
        Origin::Point(point) => {
            let (x, y) = point.xy();
            if x <= cols && y <= rows {
                let start = flood.state((x, y), false);
                flood.relax(start, 0);
            }
            ((y - r, y + r), (x - r, x + r))
        }
        Origin::Creature { anchor, size } => {
            let side = i32::from(size.footprint());
            let (x, y) = (i32::from(anchor.col), i32::from(anchor.row));
            for corner_y in y..=(y + side).min(rows) {
                for corner_x in x..=(x + side).min(cols) {
                    let start = flood.state((corner_x, corner_y), false);
                    flood.relax(start, 0);
                }
            }
            ((y - r, y + side + r), (x - r, x + side + r))
        }
    };
    flood.run(board, radius);
    for at in squares_in(board, row_span, col_span) {
        let (x, y) = (i32::from(at.col), i32::from(at.row));
        let corners = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)];
        if !board.blocks_los(at) && corners.iter().all(|&q| out.flood.cost(q) <= radius) {
            out.mark(at);
        }
    }
    out.flood.clear();
}
