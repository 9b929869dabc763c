//! Grid movement geometry: 5-10-5 distances, footprint distances, the corner rule, step costs,
//! an exact Dijkstra cost field over (square, diagonal parity) and Bresenham lines.
//!
//! It owns only geometry asked of a [`Board`]: it never sees how a map stores its layers, who
//! stands where (callers pass a `blocked` predicate), nor any rule beyond movement cost. All
//! arithmetic is on integers; every tie is broken by a documented order (row-major index, then
//! parity), so the same board always gives the same costs and paths.

use crate::board::{Board, Pos};
use crate::size::Size;

/// The eight king-move steps `(dr, dc)`, in the fixed order neighbours are relaxed (and ties
/// broken, here and in the fight's movement).
pub const STEPS: [(i32, i32); 8] = [
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (0, -1),
    (0, 1),
    (1, -1),
    (1, 0),
    (1, 1),
];

/// Marks "no predecessor" in [`CostField`].
const NONE: u32 = u32::MAX;

/// 5-10-5 distance for absolute deltas `dr`, `dc` (« CRB — Movement: Diagonals »): every
/// second diagonal counts double.
#[inline]
fn squares_for_deltas(dr: u32, dc: u32) -> u32 {
    let diag = dr.min(dc);
    let straight = dr.max(dc) - diag;
    straight + diag + diag / 2
}

/// [`distance_squares`] for absolute row and column deltas `dr`, `dc` already known, as
/// between two grid intersections: spell areas count « from intersection to intersection »
/// (« CRB — Magic — Aiming a Spell »).
#[inline]
pub fn distance_squares_for_deltas(dr: u32, dc: u32) -> u32 {
    squares_for_deltas(dr, dc)
}

/// Distance in squares between two squares under the 5-10-5 rule (« CRB — Movement:
/// Diagonals »): with `dr`, `dc` the absolute deltas, `diag = min`, `straight = max − min`,
/// the distance is `straight + diag + diag / 2`.
#[inline]
pub fn distance_squares(a: Pos, b: Pos) -> u32 {
    squares_for_deltas(
        u32::from(a.row.abs_diff(b.row)),
        u32::from(a.col.abs_diff(b.col)),
    )
}

/// [`distance_squares`] in feet, for squares of `square_ft` feet.
#[inline]
pub fn distance_ft(a: Pos, b: Pos, square_ft: u32) -> u32 {
    distance_squares(a, b) * square_ft
}

/// Gap between the intervals `[a, a + ka)` and `[b, b + kb)` of one axis, counted like a
/// delta between squares: 0 when they overlap, 1 when they touch.
#[inline]
fn axis_gap(a: u16, ka: u16, b: u16, kb: u16) -> u32 {
    let (a, ka, b, kb) = (u32::from(a), u32::from(ka), u32::from(b), u32::from(kb));
    if a + ka <= b {
        b - (a + ka - 1)
    } else if b + kb <= a {
        a - (b + kb - 1)
    } else {
        0
    }
}

/// Distance in squares between two creatures: the minimum 5-10-5 distance over every pair of
/// their squares (« CRB — Big and Little Creatures in Combat »), anchors being top-left
/// squares. Computed in O(1): the 5-10-5 distance grows with each delta, and the smallest row
/// gap and the smallest column gap are reached by the same pair of squares.
#[inline]
pub fn footprint_distance_squares(a: Pos, a_size: Size, b: Pos, b_size: Size) -> u32 {
    footprint_distance_sides(a, a_size.footprint(), b, b_size.footprint())
}

/// [`footprint_distance_squares`] for footprints of sides `ka` and `kb` already known.
#[inline]
pub fn footprint_distance_sides(a: Pos, ka: u16, b: Pos, kb: u16) -> u32 {
    squares_for_deltas(
        axis_gap(a.row, ka, b.row, kb),
        axis_gap(a.col, ka, b.col, kb),
    )
}

/// Largest move cost and largest elevation over the footprint of side `side` anchored at
/// `anchor`, or `None` when a square lies off the board or is impassable.
fn footprint_terrain<B: Board + ?Sized>(board: &B, anchor: Pos, side: u16) -> Option<(u8, u8)> {
    if u32::from(anchor.row) + u32::from(side) > u32::from(board.rows())
        || u32::from(anchor.col) + u32::from(side) > u32::from(board.cols())
    {
        return None;
    }
    let (mut cost, mut elevation) = (0, 0);
    for row in anchor.row..anchor.row + side {
        for col in anchor.col..anchor.col + side {
            let at = Pos::new(row, col);
            cost = cost.max(board.move_cost(at)?);
            elevation = elevation.max(board.elevation(at));
        }
    }
    Some((cost, elevation))
}

/// Highest ground under a footprint, over its squares that lie on the board (0 if none).
fn footprint_elevation<B: Board + ?Sized>(board: &B, anchor: Pos, side: u16) -> u8 {
    let (rows, cols) = (u32::from(board.rows()), u32::from(board.cols()));
    let row_end = (u32::from(anchor.row) + u32::from(side)).min(rows);
    let col_end = (u32::from(anchor.col) + u32::from(side)).min(cols);
    let mut elevation = 0;
    for row in u32::from(anchor.row)..row_end {
        for col in u32::from(anchor.col)..col_end {
            elevation = elevation.max(board.elevation(Pos::new(row as u16, col as u16)));
        }
    }
    elevation
}

/// True when a creature of footprint side `side` can stand at `anchor` as far as terrain goes:
/// every square on the board and passable.
#[inline]
fn placeable<B: Board + ?Sized>(board: &B, anchor: Pos, side: u16) -> bool {
    footprint_terrain(board, anchor, side).is_some()
}

/// Corner rule for a 1×1 creature (« CRB — Moving diagonally past a corner »: « you can't
/// move diagonally past a corner, even by taking a 5-foot step »): a diagonal step is allowed
/// only when both orthogonal side squares are on the board and passable. Orthogonal steps
/// always pass.
///
/// Stricter than RAW on purpose (the reference spec, « Pas de placement »): an isolated
/// obstacle such as a pit on one side forbids the diagonal too, since the board does not tell
/// corners from pits. Creatures are not corners: only terrain is consulted.
pub fn diagonal_allowed<B: Board + ?Sized>(board: &B, from: Pos, to: Pos) -> bool {
    diagonal_allowed_footprint(board, from, to, Size::Medium)
}

/// Corner rule for a footprint of side `k = size.footprint()`: a diagonal step from
/// `from_anchor` to `to_anchor` is allowed only when the footprint placed at both orthogonal
/// intermediate anchors — `(from.row, to.col)` and `(to.row, from.col)` — lies entirely on the
/// board on passable squares. For `k = 1` this is [`diagonal_allowed`]; for a Large creature it
/// asks for the whole 3×3 block swept by the step.
pub fn diagonal_allowed_footprint<B: Board + ?Sized>(
    board: &B,
    from_anchor: Pos,
    to_anchor: Pos,
    size: Size,
) -> bool {
    if from_anchor.row == to_anchor.row || from_anchor.col == to_anchor.col {
        return true;
    }
    let side = size.footprint();
    placeable(board, Pos::new(from_anchor.row, to_anchor.col), side)
        && placeable(board, Pos::new(to_anchor.row, from_anchor.col), side)
}

/// The cost of one step once its terrain is known: `max_cost` is the largest move cost under
/// the destination footprint (a cost of 0 counts as 1: a step is never free), `climb` the
/// levels gained. See [`step_cost`] for the rules.
#[inline]
fn step_cost_parts(diagonal: bool, max_cost: u8, climb: u32, diagonals_so_far_odd: bool) -> u32 {
    let m = u32::from(max_cost.max(1));
    let base = match (diagonal, m) {
        (false, _) => m,
        (true, 1) => 1 + u32::from(diagonals_so_far_odd),
        (true, _) => 3 * m / 2,
    };
    base + climb
}

/// Cost in squares of one king-move step of a creature of `size` from anchor `from` to anchor
/// `to`, given whether the move so far made an odd number of diagonals.
///
/// `None` when `to` is not a single king move from `from`, when the destination footprint is
/// off the board or has an impassable square, or when the corner rule forbids the diagonal
/// ([`diagonal_allowed_footprint`]). Otherwise, with `m` the largest move cost under the
/// destination footprint and `climb = max(0, top of destination − top of origin)` in levels:
///
/// - orthogonal step: `m + climb`;
/// - diagonal step on normal ground (`m == 1`): 1 for the first, third… diagonal of the move
///   and 2 for the second, fourth… (« CRB — Movement: Diagonals », 5-10-5), plus `climb`;
/// - diagonal step into difficult terrain (`m ≥ 2`): `3·m / 2 + climb` (« CRB — Difficult
///   Terrain »: each diagonal move into a difficult square counts as 3 squares), whatever
///   the parity.
///
/// Every diagonal, difficult or not, toggles the 5-10-5 parity (the caller's business).
/// Climbing costs +1 square per level and going down is free (the reference spec,
/// « Élévation »); the climb is measured between the highest squares of the two footprints.
pub fn step_cost<B: Board + ?Sized>(
    board: &B,
    from: Pos,
    to: Pos,
    size: Size,
    diagonals_so_far_odd: bool,
) -> Option<u32> {
    let (dr, dc) = (from.row.abs_diff(to.row), from.col.abs_diff(to.col));
    if dr > 1 || dc > 1 || (dr == 0 && dc == 0) {
        return None;
    }
    let side = size.footprint();
    let diagonal = dr == 1 && dc == 1;
    if side == 1 {
        // One-square creatures (the common case): the same rules without footprint loops.
        if !board.contains(to) {
            return None;
        }
        let m = board.move_cost(to)?;
        if diagonal
            && !(board.passable(Pos::new(from.row, to.col))
                && board.passable(Pos::new(to.row, from.col)))
        {
            return None;
        }
        let climb = board.elevation(to).saturating_sub(board.elevation(from));
        return Some(step_cost_parts(
            diagonal,
            m,
            u32::from(climb),
            diagonals_so_far_odd,
        ));
    }
    let (max_cost, to_elevation) = footprint_terrain(board, to, side)?;
    if diagonal && !diagonal_allowed_footprint(board, from, to, size) {
        return None;
    }
    let climb = to_elevation.saturating_sub(footprint_elevation(board, from, side));
    Some(step_cost_parts(
        diagonal,
        max_cost,
        u32::from(climb),
        diagonals_so_far_odd,
    ))
}

/// What a footprint anchored at one square meets, cached per fill of a [`CostField`].
#[derive(Clone, Copy, Debug, Default)]
struct Anchor {
    /// Largest move cost under the footprint; 0 when it is off the board or impassable.
    cost: u8,
    /// Highest ground under the footprint's on-board squares.
    elevation: u8,
    /// Placeable and clear of every `blocked` square.
    free: bool,
}

/// What the terrain alone says of one anchor for a footprint size: a pure function of the
/// board, so a table of them ([`footings`]) can be computed once per map and size and shared
/// by every fill and every walk.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Footing {
    /// Largest move cost under the footprint (at least 1); 0 when it is off the board or
    /// impassable.
    cost: u8,
    /// Highest ground under the footprint's on-board squares.
    elevation: u8,
    /// Every square of the footprint on the board and passable.
    placeable: bool,
    /// Bit `d` set: after an odd number of diagonals, the step from this anchor in direction
    /// `STEPS[d]` costs one square more (a diagonal on normal ground, 5-10-5).
    odd_extra: u8,
    /// Per direction of [`STEPS`]: [`step_cost`] of the step from this anchor after an even
    /// number of diagonals; [`NO_STEP`] when it refuses the step.
    steps: [u16; 8],
}

/// Marks a step [`step_cost`] refuses in [`Footing`]'s table.
const NO_STEP: u16 = u16::MAX;

impl Footing {
    /// Every square of the footprint anchored here is on the board and passable.
    #[inline]
    pub fn placeable(&self) -> bool {
        self.placeable
    }

    /// [`step_cost`] of the step from this anchor in direction `STEPS[dir]` for the footprint
    /// size of its table, read from the table.
    #[inline]
    pub fn step(&self, dir: usize, diagonals_so_far_odd: bool) -> Option<u32> {
        match self.steps[dir] {
            NO_STEP => None,
            even => Some(
                u32::from(even)
                    + u32::from(diagonals_so_far_odd && self.odd_extra & (1 << dir) != 0),
            ),
        }
    }
}

/// The index in [`STEPS`] of the king move `from` → `to`; `None` when it is not one.
#[inline]
pub fn step_dir(from: Pos, to: Pos) -> Option<usize> {
    let dr = i32::from(to.row) - i32::from(from.row);
    let dc = i32::from(to.col) - i32::from(from.col);
    if dr.abs() > 1 || dc.abs() > 1 || (dr == 0 && dc == 0) {
        return None;
    }
    let k = ((dr + 1) * 3 + dc + 1) as usize;
    Some(if k > 4 { k - 1 } else { k })
}

/// The [`Footing`] of every anchor of `board` (by square index) for a creature of `size`,
/// its steps priced by [`step_cost`] itself.
pub fn footings<B: Board + ?Sized>(board: &B, size: Size) -> Vec<Footing> {
    let side = size.footprint();
    let (rows, cols) = (board.rows(), board.cols());
    (0..board.len())
        .map(|index| {
            let anchor = board.pos_of(index);
            let terrain = footprint_terrain(board, anchor, side);
            let mut footing = Footing {
                cost: terrain.map_or(0, |(cost, _)| cost.max(1)),
                elevation: footprint_elevation(board, anchor, side),
                placeable: terrain.is_some(),
                odd_extra: 0,
                steps: [NO_STEP; 8],
            };
            for (d, &(dr, dc)) in STEPS.iter().enumerate() {
                let Some(to) = anchor.offset(dr, dc, rows, cols) else {
                    continue;
                };
                let even = step_cost(board, anchor, to, size, false);
                let odd = step_cost(board, anchor, to, size, true);
                if let (Some(even), Some(odd)) = (even, odd) {
                    // Parity adds at most one square (`step_cost_parts`); a cost stays far
                    // below `NO_STEP` (a move cost is a byte, a climb at most 9 levels).
                    debug_assert!(odd == even || odd == even + 1);
                    footing.steps[d] = u16::try_from(even).expect("a step costs under 2^16");
                    footing.odd_extra |= u8::from(odd > even) << d;
                }
            }
            footing
        })
        .collect()
}

/// The cost of the step `from` → `to` between anchors whose footprint is known free, from
/// `terrain` (an anchor's largest move cost, 0 when impassable, and its highest ground): the
/// corner rule on a diagonal (both side anchors passable), then [`step_cost_parts`].
#[inline]
fn anchor_step(
    from: Pos,
    to: Pos,
    terrain: impl Fn(Pos) -> (u8, u8),
    diagonals_so_far_odd: bool,
) -> Option<u32> {
    let diagonal = from.row != to.row && from.col != to.col;
    if diagonal
        && (terrain(Pos::new(from.row, to.col)).0 == 0
            || terrain(Pos::new(to.row, from.col)).0 == 0)
    {
        return None;
    }
    let (cost, elevation) = terrain(to);
    let climb = elevation.saturating_sub(terrain(from).1);
    Some(step_cost_parts(
        diagonal,
        cost,
        u32::from(climb),
        diagonals_so_far_odd,
    ))
}

/// Dijkstra state index: square index × 2 + parity (1 = odd number of diagonals so far).
#[inline]
fn state(index: usize, odd: bool) -> usize {
    index * 2 + usize::from(odd)
}

/// Buckets of the priority queue of [`CostField`]: more than the dearest step can cost (a
/// diagonal into terrain of move cost 255, `3 · 255 / 2`, plus a climb of 255 levels).
pub(crate) const BUCKETS: usize = 1024;

/// The priority queue of a [`CostField`] fill, popping `(cost, state)` lowest first exactly
/// like a binary heap of the pairs would (Dial's bucket queue): one bucket per cost modulo
/// [`BUCKETS`], each sorted by state when the search reaches its cost. Exact because every
/// step costs at least one square and less than [`BUCKETS`]: a push lands in a later cost
/// than the one being popped, and the pending costs span fewer than [`BUCKETS`] values, so a
/// bucket only ever holds one cost.
#[derive(Clone, Debug, Default)]
struct Buckets {
    /// Per cost modulo [`BUCKETS`]: the states pushed at that cost (grown once).
    lists: Vec<Vec<u32>>,
    /// The cost being popped.
    cost: u32,
    /// The next entry to pop in the bucket of `cost`, once that bucket is sorted.
    next: usize,
    sorted: bool,
    /// Entries pushed and not popped.
    len: usize,
    /// The highest cost pushed (the buckets to empty on `clear`).
    top: u32,
}

impl Buckets {
    fn clear(&mut self) {
        if self.len > 0 || self.next > 0 {
            for c in self.cost..=self.top {
                self.lists[c as usize % BUCKETS].clear();
            }
        }
        (self.cost, self.next, self.sorted, self.len, self.top) = (0, 0, false, 0, 0);
    }

    /// Pushes `state` at `cost`: never below the cost being popped, nor in its bucket once
    /// popping there has begun (steps cost at least one square).
    #[inline]
    fn push(&mut self, cost: u32, state: u32) {
        debug_assert!(cost >= self.cost && cost - self.cost < BUCKETS as u32);
        debug_assert!(!(self.sorted && cost == self.cost));
        if self.lists.is_empty() {
            self.lists.resize_with(BUCKETS, Vec::new);
        }
        self.lists[cost as usize % BUCKETS].push(state);
        self.len += 1;
        self.top = self.top.max(cost);
    }

    /// The lowest `(cost, state)` pushed and not yet popped.
    #[inline]
    fn pop(&mut self) -> Option<(u32, u32)> {
        loop {
            if self.len == 0 {
                return None;
            }
            let bucket = &mut self.lists[self.cost as usize % BUCKETS];
            if !self.sorted {
                bucket.sort_unstable();
                self.sorted = true;
                self.next = 0;
            }
            if let Some(&state) = bucket.get(self.next) {
                self.next += 1;
                self.len -= 1;
                return Some((self.cost, state));
            }
            bucket.clear();
            self.cost += 1;
            self.sorted = false;
            self.next = 0;
        }
    }
}

/// An exact 5-10-5 cost field over (anchor square, diagonal parity), reusable between fills.
///
/// Allocate it once per board with [`CostField::new`]; [`fill_from`](Self::fill_from) and
/// [`fill_to`](Self::fill_to) reuse its buffers (a bigger board grows them once). Costs are in
/// squares as given by [`step_cost`]. The priority queue is keyed by `(cost, index, parity)`
/// (as `(cost, 2·index + parity)`), lowest first; neighbours are relaxed in a fixed order
/// (row-major around the square) and a state keeps the first predecessor that reached it at
/// its final cost: equal-cost paths are chosen the same way on every run.
#[derive(Clone, Debug, Default)]
pub struct CostField {
    rows: u16,
    cols: u16,
    origin: Option<Pos>,
    reverse: bool,
    /// The current fill's number: a state's `dist` and `link`, and a square's `free`, belong
    /// to this fill only when their stamp is it (nothing is cleared between fills).
    fill: u32,
    /// Per state: cost (`u32::MAX` when unreached), valid when `seen` is `fill`.
    dist: Vec<u32>,
    /// Per state: the previous state on the path from the start (forward) or the next one
    /// toward the goal (reverse); [`NONE`] at the origin and when unreached.
    link: Vec<u32>,
    /// Per state: the fill that last wrote its `dist` and `link`.
    seen: Vec<u32>,
    anchors: Vec<Anchor>,
    blocked: Vec<bool>,
    /// Per square, in a forward fill: its footprint is clear of `blocked`, valid when
    /// `free_seen` is `fill` (worked out when the fill first looks at it).
    free: Vec<bool>,
    free_seen: Vec<u32>,
    queue: Buckets,
    /// A forward fill's states in the order it settled them ([`fill_on`](Self::fill_on)).
    settled: Vec<u32>,
    /// Where a forward fill stopped: the state settled last, its neighbours not yet looked at
    /// (`None` once the fill is complete) — [`resume_on`](Self::resume_on) goes on from it.
    paused: Option<(u32, u32)>,
    /// The flood of the current forward fill ([`reaches_on`](Self::reaches_on)): per square,
    /// the fill number when the flood reached it.
    reach_seen: Vec<u32>,
    /// The squares the flood reached, in its order (a queue: the first `reach_next` have had
    /// their neighbours looked at).
    reached: Vec<u32>,
    reach_next: usize,
    /// The flood has begun in this fill.
    reach_started: bool,
}

/// A square window around an anchor: the squares whose offsets from `center` lie within
/// `lo..=hi` on both axes (those on the board).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Window {
    pub center: Pos,
    pub lo: i32,
    pub hi: i32,
}

impl Window {
    /// `p` lies in the window.
    #[inline]
    pub fn contains(&self, p: Pos) -> bool {
        let dr = i32::from(p.row) - i32::from(self.center.row);
        let dc = i32::from(p.col) - i32::from(self.center.col);
        (self.lo..=self.hi).contains(&dr) && (self.lo..=self.hi).contains(&dc)
    }

    /// The window's squares on a board of `rows` × `cols`, row by row.
    pub fn squares(self, rows: u16, cols: u16) -> impl Iterator<Item = Pos> {
        let (lo, hi, c) = (self.lo, self.hi, self.center);
        (lo..=hi)
            .flat_map(move |dr| (lo..=hi).map(move |dc| (dr, dc)))
            .filter_map(move |(dr, dc)| c.offset(dr, dc, rows, cols))
    }
}

/// The squares at Chebyshev distance exactly `k` from `center` (a ring of a square window).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ring {
    pub center: Pos,
    pub k: u32,
}

impl Ring {
    pub fn around(center: Pos, k: u32) -> Self {
        Self { center, k }
    }

    /// The ring's squares on a board of `rows` × `cols`: its top and bottom rows, then its
    /// left and right columns between them (each square once).
    pub fn squares(self, rows: u16, cols: u16) -> impl Iterator<Item = Pos> {
        let (c, k) = (self.center, i32::try_from(self.k).unwrap_or(i32::MAX / 4));
        // Radius 0: one row, the center's.
        let top_bottom = (0..if k == 0 { 1 } else { 2 })
            .map(move |j| if j == 0 { -k } else { k })
            .flat_map(move |dr| (-k..=k).map(move |dc| (dr, dc)));
        let sides = (-k + 1..k).flat_map(move |dr| [(dr, -k), (dr, k)]);
        (top_bottom.chain(sides)).filter_map(move |(dr, dc)| c.offset(dr, dc, rows, cols))
    }
}

/// What a forward search capped in settled states found
/// ([`search_on`](CostField::search_on)).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Search {
    /// The first anchor, in the order the search settles them, for which the stop holds.
    Found(Pos),
    /// None: the field is complete.
    Exhausted,
    /// The cap was reached first: nothing found among the states settled so far.
    Capped,
}

impl Search {
    /// The anchor found, if any.
    pub fn found(self) -> Option<Pos> {
        match self {
            Search::Found(p) => Some(p),
            _ => None,
        }
    }
}

impl CostField {
    /// A field with buffers for a board of `board_len` squares.
    pub fn new(board_len: usize) -> Self {
        Self {
            dist: Vec::with_capacity(2 * board_len),
            link: Vec::with_capacity(2 * board_len),
            anchors: Vec::with_capacity(board_len),
            blocked: Vec::with_capacity(board_len),
            queue: Buckets::default(),
            ..Self::default()
        }
    }

    /// Forward fill: the cheapest cost from `start` to every anchor for a creature of `size`
    /// (minimum over arrival parity; the move starts with no diagonal made). A state costing
    /// more than `budget` is unreachable. No square of a footprint may enter a square where
    /// `blocked` holds (other creatures), except the squares of the start footprint itself.
    /// Read with [`cost`](Self::cost) and [`path_into`](Self::path_into).
    pub fn fill_from<B: Board + ?Sized>(
        &mut self,
        board: &B,
        start: Pos,
        size: Size,
        budget: Option<u32>,
        blocked: impl Fn(Pos) -> bool,
    ) {
        self.fill_from_until(board, start, size, budget, blocked, |_| false);
    }

    /// [`fill_from`](Self::fill_from) that stops at the first anchor, in the order the search
    /// settles them — by (cost, square index, parity) — for which `stop` holds, and returns
    /// it: the cheapest such anchor, the lowest square index among equally cheap ones. The
    /// costs and paths of the anchors settled by then are those of the full fill (so
    /// [`path_into`](Self::path_into) the anchor returned is exact); the others are not
    /// filled. `None` (and the field complete) when no reachable anchor satisfies `stop`.
    pub fn fill_from_until<B: Board + ?Sized>(
        &mut self,
        board: &B,
        start: Pos,
        size: Size,
        budget: Option<u32>,
        blocked: impl Fn(Pos) -> bool,
        stop: impl FnMut(Pos) -> bool,
    ) -> Option<Pos> {
        let footings = footings(board, size);
        self.fill_on(board, &footings, start, size, budget, blocked, stop)
    }

    /// [`fill_from_until`](Self::fill_from_until) with the board's [`footings`] for `size`
    /// given (computed once per map and size by the caller).
    #[allow(clippy::too_many_arguments)]
    pub fn fill_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        start: Pos,
        size: Size,
        budget: Option<u32>,
        blocked: impl Fn(Pos) -> bool,
        stop: impl FnMut(Pos) -> bool,
    ) -> Option<Pos> {
        self.start_on(board, start);
        self.settle_on(board, footings, size, budget, &blocked, stop)
    }

    /// Goes on with the forward fill last made by [`fill_on`](Self::fill_on) (or by this),
    /// with a new `stop`: the first anchor, in the order the search settles them, for which
    /// `stop` holds — the states already settled are looked at first, in their order, then
    /// the search resumes where it stopped. The answer, the costs and the paths are exactly
    /// those of a new [`fill_on`](Self::fill_on) from the same start with the same `board`,
    /// `footings`, `size`, `budget` and `blocked`, which the caller must pass again.
    pub fn resume_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        size: Size,
        budget: Option<u32>,
        blocked: impl Fn(Pos) -> bool,
        stop: impl FnMut(Pos) -> bool,
    ) -> Option<Pos> {
        (self.search_on(
            board,
            footings,
            size,
            budget,
            blocked,
            stop,
            true,
            usize::MAX,
        ))
        .found()
    }

    /// Starts a forward fill from `start` on `board`, settling nothing yet:
    /// [`search_on`](Self::search_on) (or [`resume_on`](Self::resume_on)) goes on with it as
    /// [`fill_on`](Self::fill_on) would have begun.
    pub fn start_on<B: Board + ?Sized>(&mut self, board: &B, start: Pos) {
        self.begin(board, start, false);
        self.settled.clear();
        self.paused = None;
        if board.contains(start) {
            self.seed(state(board.index(start), false));
        }
    }

    /// [`resume_on`](Self::resume_on), also from a fill [`start_on`](Self::start_on) began,
    /// that stops once `cap` states in all are settled ([`Search::Capped`]; the search can go
    /// on from there). `scan_settled`: look at the states already settled first — false only
    /// when `stop` is the one they were settled under (they failed it already).
    #[allow(clippy::too_many_arguments)]
    pub fn search_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        size: Size,
        budget: Option<u32>,
        blocked: impl Fn(Pos) -> bool,
        mut stop: impl FnMut(Pos) -> bool,
        scan_settled: bool,
        cap: usize,
    ) -> Search {
        if scan_settled
            && let Some(&s) = self
                .settled
                .iter()
                .find(|&&s| stop(board.pos_of(s as usize / 2)))
        {
            return Search::Found(board.pos_of(s as usize / 2));
        }
        if let Some((cost, at_state)) = self.paused.take() {
            self.expand_on(
                board,
                footings,
                size,
                budget,
                &blocked,
                cost,
                at_state as usize,
            );
        }
        self.settle_capped(board, footings, size, budget, &blocked, stop, cap)
    }

    /// The settled states' count of the current forward fill.
    pub fn settled_count(&self) -> usize {
        self.settled.len()
    }

    /// Whether some anchor reachable in the current forward fill (from its start, around
    /// `blocked`, with no budget — the fill must have none) satisfies `stop`: a flood along
    /// the fill's own steps without their costs, several times cheaper than the fill where
    /// it must cover the whole board to say no. Resumable within the fill: the squares
    /// already flooded are looked at first. When it says no, the flood is complete
    /// ([`flood_complete`](Self::flood_complete), [`flooded`](Self::flooded)).
    pub fn reaches_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        size: Size,
        blocked: impl Fn(Pos) -> bool,
        window: Option<Window>,
        mut stop: impl FnMut(Pos) -> bool,
    ) -> bool {
        // `window`: `stop` holds nowhere else — the flooded squares are looked up in it
        // rather than all looked at, and a new square outside it is not asked.
        let mut stop = |p: Pos| window.is_none_or(|w| w.contains(p)) && stop(p);
        let seen = match window {
            Some(w) => (w.squares(board.rows(), board.cols()))
                .any(|p| self.reach_seen[board.index(p)] == self.fill && stop(p)),
            None => (self.reached.iter()).any(|&i| stop(board.pos_of(i as usize))),
        };
        if seen {
            return true;
        }
        if !self.reach_started {
            self.reach_started = true;
            let Some(start) = self.origin.filter(|&p| board.contains(p)) else {
                return false;
            };
            let index = board.index(start);
            self.reach_seen[index] = self.fill;
            self.reached.push(index as u32);
            if stop(start) {
                return true;
            }
        }
        let cols = self.cols as isize;
        while let Some(&at) = self.reached.get(self.reach_next) {
            self.reach_next += 1;
            let at_index = at as usize;
            let at = board.pos_of(at_index);
            let footing = footings[at_index];
            for (d, (dr, dc)) in STEPS.into_iter().enumerate() {
                // The fill's steps (parity changes a step's cost, never whether it exists).
                if footing.step(d, false).is_none() {
                    continue;
                }
                let next_index = (at_index as isize + dr as isize * cols + dc as isize) as usize;
                if self.reach_seen[next_index] == self.fill {
                    continue;
                }
                let next = Pos::new(
                    (i32::from(at.row) + dr) as u16,
                    (i32::from(at.col) + dc) as u16,
                );
                if !self.free_on(next_index, next, size, &blocked) {
                    continue;
                }
                self.reach_seen[next_index] = self.fill;
                self.reached.push(next_index as u32);
                if stop(next) {
                    return true;
                }
            }
        }
        false
    }

    /// The flood of the current forward fill has reached every anchor it can.
    pub fn flood_complete(&self) -> bool {
        self.reach_started && self.reach_next == self.reached.len()
    }

    /// The anchors the flood of the current forward fill reached so far, in its order.
    pub fn flooded<'a, B: Board + ?Sized>(
        &'a self,
        board: &'a B,
    ) -> impl Iterator<Item = Pos> + 'a {
        (self.reached.iter()).map(|&i| board.pos_of(i as usize))
    }

    /// The search loop of [`fill_on`](Self::fill_on): settles states in (cost, state) order,
    /// recording each, until `stop` holds for one (then paused there) or none is left.
    fn settle_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        size: Size,
        budget: Option<u32>,
        blocked: &impl Fn(Pos) -> bool,
        stop: impl FnMut(Pos) -> bool,
    ) -> Option<Pos> {
        (self.settle_capped(board, footings, size, budget, blocked, stop, usize::MAX)).found()
    }

    /// [`settle_on`](Self::settle_on) that stops before settling more than `cap` states in
    /// all ([`Search::Capped`]).
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn settle_capped<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        size: Size,
        budget: Option<u32>,
        blocked: &impl Fn(Pos) -> bool,
        mut stop: impl FnMut(Pos) -> bool,
        cap: usize,
    ) -> Search {
        while self.settled.len() < cap {
            let Some((cost, at_state)) = self.queue.pop() else {
                return Search::Exhausted;
            };
            if cost > self.dist_of(at_state as usize) {
                continue;
            }
            self.settled.push(at_state);
            let at = board.pos_of(at_state as usize / 2);
            if stop(at) {
                self.paused = Some((cost, at_state));
                return Search::Found(at);
            }
            self.expand_on(
                board,
                footings,
                size,
                budget,
                blocked,
                cost,
                at_state as usize,
            );
        }
        Search::Capped
    }

    /// Relaxes the neighbours of the settled `at_state`, reached at `cost`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn expand_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        size: Size,
        budget: Option<u32>,
        blocked: &impl Fn(Pos) -> bool,
        cost: u32,
        at_state: usize,
    ) {
        let at_index = at_state / 2;
        let at = board.pos_of(at_index);
        let odd = at_state % 2 == 1;
        let footing = footings[at_index];
        let cols = self.cols as isize;
        for (d, (dr, dc)) in STEPS.into_iter().enumerate() {
            // The table refuses a step off the board or onto terrain the footprint cannot
            // stand on (so `next` below is on the board); the creatures in the way are the
            // fill's `blocked`.
            let Some(step) = footing.step(d, odd) else {
                continue;
            };
            let next = Pos::new(
                (i32::from(at.row) + dr) as u16,
                (i32::from(at.col) + dc) as u16,
            );
            let next_index = (at_index as isize + dr as isize * cols + dc as isize) as usize;
            if !self.free_on(next_index, next, size, blocked) {
                continue;
            }
            let total = cost + step;
            if budget.is_some_and(|budget| total > budget) {
                continue;
            }
            let diagonal = dr != 0 && dc != 0;
            self.relax(state(next_index, odd ^ diagonal), total, at_state);
        }
    }

    /// Reverse fill: the cost from every anchor to `goal` for a creature of `size`, exact per
    /// entry parity ([`cost_to_goal`](Self::cost_to_goal)). Built on reversed edges, each
    /// priced as the step toward the goal (so climbing up toward it costs, coming down does
    /// not). An anchor gets a cost only where the creature may stand: its footprint on the
    /// board, passable and clear of `blocked` (the goal footprint excepted) — so `blocked`
    /// must not mark the mover's own squares. Read with [`cost`](Self::cost) and
    /// [`path_to_goal_into`](Self::path_to_goal_into).
    pub fn fill_to<B: Board + ?Sized>(
        &mut self,
        board: &B,
        goal: Pos,
        size: Size,
        blocked: impl Fn(Pos) -> bool,
    ) {
        let footings = footings(board, size);
        self.fill_to_on(board, &footings, goal, size, blocked);
    }

    /// [`fill_to`](Self::fill_to) with the board's [`footings`] for `size` given (computed
    /// once per map and size by the caller).
    pub fn fill_to_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        goal: Pos,
        size: Size,
        blocked: impl Fn(Pos) -> bool,
    ) {
        self.prepare_on(board, footings, goal, size, true, &blocked);
        self.settle_reverse(board, goal);
    }

    /// [`fill_to_on`](Self::fill_to_on) read for its costs only, written into `out` (`2 ×
    /// square + parity`, as [`cost_to_goal`](Self::cost_to_goal) gives them; `u32::MAX`: no
    /// way) in one pass over the states. (Settling each cost's states in any order would give
    /// the same costs without the sort, but a different order pushes a different number of
    /// entries into the buckets, which can then grow in a warm fight.)
    pub fn fill_costs_to_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        goal: Pos,
        size: Size,
        blocked: impl Fn(Pos) -> bool,
        out: &mut [u32],
    ) {
        self.prepare_on(board, footings, goal, size, true, &blocked);
        self.settle_reverse(board, goal);
        let states = out.len().min(2 * board.len());
        for (s, cost) in out.iter_mut().enumerate().take(states) {
            *cost = self.dist_of(s);
        }
    }

    /// The search loop of a reverse fill toward `goal`, once prepared.
    fn settle_reverse<B: Board + ?Sized>(&mut self, board: &B, goal: Pos) {
        if !board.contains(goal) {
            return;
        }
        self.seed(state(board.index(goal), false));
        self.seed(state(board.index(goal), true));
        while let Some((cost, at_state)) = self.queue.pop() {
            let at_state = at_state as usize;
            if cost > self.dist_of(at_state) {
                continue;
            }
            let at = board.pos_of(at_state / 2);
            let at_odd = at_state % 2 == 1;
            for (dr, dc) in STEPS {
                // `from` steps by (dr, dc) onto `at`.
                let Some(from) = at.offset(-dr, -dc, self.rows, self.cols) else {
                    continue;
                };
                if !self.anchors[self.index(from)].free {
                    continue;
                }
                let from_odd = at_odd ^ (dr != 0 && dc != 0);
                let Some(step) = self.edge_cost(from, at, from_odd) else {
                    continue;
                };
                self.relax(state(self.index(from), from_odd), cost + step, at_state);
            }
        }
    }

    /// Cost to reach `at`: after [`fill_from`](Self::fill_from), from the start (minimum over
    /// parity); after [`fill_to`](Self::fill_to), to the goal starting with no diagonal made.
    /// `None` when unreachable or off the filled board.
    pub fn cost(&self, at: Pos) -> Option<u32> {
        let index = self.checked_index(at)?;
        let even = self.dist_of(state(index, false));
        let best = if self.reverse {
            even
        } else {
            even.min(self.dist_of(state(index, true)))
        };
        (best != u32::MAX).then_some(best)
    }

    /// After [`fill_to`](Self::fill_to): the cost from `at` to the goal for a mover whose
    /// diagonals so far are odd (`true`) or even. `None` when unreachable, or after a forward
    /// fill.
    pub fn cost_to_goal(&self, at: Pos, diagonals_so_far_odd: bool) -> Option<u32> {
        if !self.reverse {
            return None;
        }
        let cost = self.dist_of(state(self.checked_index(at)?, diagonals_so_far_odd));
        (cost != u32::MAX).then_some(cost)
    }

    /// The start (forward fill) or goal (reverse fill) of the last fill.
    pub fn origin(&self) -> Option<Pos> {
        self.origin
    }

    /// After [`fill_from`](Self::fill_from): writes the cheapest path start→`goal` (both
    /// included) into `out` and returns true; false (and `out` empty) when `goal` is
    /// unreachable or the field was filled in reverse. Of the two parities at `goal`, the
    /// cheaper one is followed, the even one on a tie.
    pub fn path_into(&self, goal: Pos, out: &mut Vec<Pos>) -> bool {
        out.clear();
        let Some(index) = self.checked_index(goal) else {
            return false;
        };
        if self.reverse {
            return false;
        }
        let (even, odd) = (state(index, false), state(index, true));
        let best = if self.dist_of(odd) < self.dist_of(even) {
            odd
        } else {
            even
        };
        if !self.follow(best, out) {
            return false;
        }
        out.reverse();
        true
    }

    /// After [`fill_to`](Self::fill_to): writes the cheapest path `at`→goal (both included)
    /// for a mover starting with no diagonal made into `out` and returns true; false (and
    /// `out` empty) when unreachable or the field was filled forward.
    pub fn path_to_goal_into(&self, at: Pos, out: &mut Vec<Pos>) -> bool {
        out.clear();
        match self.checked_index(at) {
            Some(index) if self.reverse => self.follow(state(index, false), out),
            _ => false,
        }
    }

    /// Pushes the squares of the link chain from `from` to the origin.
    fn follow(&self, from: usize, out: &mut Vec<Pos>) -> bool {
        if self.dist_of(from) == u32::MAX {
            return false;
        }
        let mut at = from;
        loop {
            out.push(self.pos(at / 2));
            match self.link_of(at) {
                NONE => return true,
                next => at = next as usize,
            }
        }
    }

    /// Resets the buffers and caches per-anchor footprint facts for one fill, from the
    /// board's `footings` for `size`.
    fn prepare_on<B: Board + ?Sized>(
        &mut self,
        board: &B,
        footings: &[Footing],
        origin: Pos,
        size: Size,
        reverse: bool,
        blocked: &impl Fn(Pos) -> bool,
    ) {
        let len = board.len();
        self.begin(board, origin, reverse);
        let side = size.footprint();
        let in_origin = |at: Pos| {
            (origin.row..origin.row.saturating_add(side)).contains(&at.row)
                && (origin.col..origin.col.saturating_add(side)).contains(&at.col)
        };
        self.blocked.clear();
        self.blocked.extend(
            (0..len)
                .map(|i| board.pos_of(i))
                .map(|at| blocked(at) && !in_origin(at)),
        );
        self.anchors.clear();
        for (index, footing) in footings.iter().enumerate().take(len) {
            let anchor = board.pos_of(index);
            let clear = || {
                if side == 1 {
                    return !self.blocked[index];
                }
                size.squares(anchor)
                    .all(|at| !self.blocked[board.index(at)])
            };
            let entry = Anchor {
                cost: footing.cost,
                elevation: footing.elevation,
                free: footing.placeable && clear(),
            };
            self.anchors.push(entry);
        }
    }

    /// Starts a fill from `origin` on `board`: a new fill number (so no state or square of an
    /// earlier fill counts), buffers grown to the board.
    fn begin<B: Board + ?Sized>(&mut self, board: &B, origin: Pos, reverse: bool) {
        let len = board.len();
        (self.rows, self.cols) = (board.rows(), board.cols());
        self.origin = Some(origin);
        self.reverse = reverse;
        self.queue.clear();
        self.fill = self.fill.wrapping_add(1);
        if self.fill == 0 {
            // After 2³² fills, old stamps could match again: forget them all.
            self.seen.fill(0);
            self.free_seen.fill(0);
            self.reach_seen.fill(0);
            self.fill = 1;
        }
        if self.seen.len() < 2 * len {
            self.dist.resize(2 * len, u32::MAX);
            self.link.resize(2 * len, NONE);
            self.seen.resize(2 * len, 0);
        }
        if self.free_seen.len() < len {
            self.free.resize(len, false);
            self.free_seen.resize(len, 0);
            self.reach_seen.resize(len, 0);
        }
        self.reached.clear();
        // A flood reaches each square once at most: grown once to the board, never in a fight.
        self.reached.reserve(len);
        self.reach_next = 0;
        self.reach_started = false;
    }

    /// A state's cost in this fill (`u32::MAX`: unreached).
    #[inline]
    fn dist_of(&self, s: usize) -> u32 {
        if self.seen[s] == self.fill {
            self.dist[s]
        } else {
            u32::MAX
        }
    }

    /// A state's link in this fill ([`NONE`]: none).
    #[inline]
    fn link_of(&self, s: usize) -> u32 {
        if self.seen[s] == self.fill {
            self.link[s]
        } else {
            NONE
        }
    }

    fn seed(&mut self, origin_state: usize) {
        self.dist[origin_state] = 0;
        self.link[origin_state] = NONE;
        self.seen[origin_state] = self.fill;
        self.queue.push(0, origin_state as u32);
    }

    fn relax(&mut self, to_state: usize, cost: u32, via_state: usize) {
        if cost < self.dist_of(to_state) {
            self.dist[to_state] = cost;
            self.link[to_state] = via_state as u32;
            self.seen[to_state] = self.fill;
            self.queue.push(cost, to_state as u32);
        }
    }

    /// The footprint anchored at `at` (square `index`) is clear of `blocked` but for the
    /// start footprint's own squares, remembered for the rest of the fill.
    #[inline]
    fn free_on(
        &mut self,
        index: usize,
        at: Pos,
        size: Size,
        blocked: &impl Fn(Pos) -> bool,
    ) -> bool {
        if self.free_seen[index] == self.fill {
            return self.free[index];
        }
        let origin = self.origin.unwrap_or(at);
        let side = size.footprint();
        let in_origin = |p: Pos| {
            (origin.row..origin.row.saturating_add(side)).contains(&p.row)
                && (origin.col..origin.col.saturating_add(side)).contains(&p.col)
        };
        // One square (the common case): the same test without the footprint's iterator, the
        // cheaper half first.
        let free = if side == 1 {
            at == origin || !blocked(at)
        } else {
            size.squares(at).all(|p| !blocked(p) || in_origin(p))
        };
        self.free[index] = free;
        self.free_seen[index] = self.fill;
        free
    }

    /// [`step_cost`] from the cached anchors, plus the `blocked` squares: same rules, O(1).
    #[inline]
    fn edge_cost(&self, from: Pos, to: Pos, diagonals_so_far_odd: bool) -> Option<u32> {
        let target = self.anchors[self.index(to)];
        if !target.free {
            return None;
        }
        let terrain = |at: Pos| {
            let a = self.anchors[self.index(at)];
            (a.cost, a.elevation)
        };
        anchor_step(from, to, terrain, diagonals_so_far_odd)
    }

    #[inline]
    fn index(&self, at: Pos) -> usize {
        usize::from(at.row) * usize::from(self.cols) + usize::from(at.col)
    }

    #[inline]
    fn pos(&self, index: usize) -> Pos {
        let cols = usize::from(self.cols);
        Pos::new((index / cols) as u16, (index % cols) as u16)
    }

    fn checked_index(&self, at: Pos) -> Option<usize> {
        (self.origin.is_some() && at.row < self.rows && at.col < self.cols).then(|| self.index(at))
    }
}

/// Every square of the straight line from `a` to `b`, both included, into `out` (cleared
/// first): classic integer Bresenham over square centres. With `n` the larger delta, there
/// are `n + 1` squares, each one king move from the last; after `i` steps the offset along
/// each axis is `round(i · delta / n)` (exact for the major axis), an exact half — the centre
/// line passing midway between two squares — rounding away from the first endpoint.
///
/// Symmetric tie rule: the line is always traced from the row-major-smaller endpoint, so
/// `bresenham(a, b)` is `bresenham(b, a)` reversed.
pub fn bresenham_into(a: Pos, b: Pos, out: &mut Vec<Pos>) {
    out.clear();
    let (first, last) = if b < a { (b, a) } else { (a, b) };
    let (r0, c0) = (i64::from(first.row), i64::from(first.col));
    let (dr, dc) = (i64::from(last.row) - r0, i64::from(last.col) - c0);
    let n = dr.abs().max(dc.abs());
    if n == 0 {
        out.push(a);
        return;
    }
    // Offset along one axis after `i` of the `n` steps, rounded half away from `first`:
    // `floor((2·i·|delta| + n) / 2n)`, kept incrementally — the numerator grows by 2·|delta|
    // ≤ 2n a step, so the quotient by at most one.
    let axis = |delta: i64| Axis {
        sign: delta.signum(),
        grow: 2 * delta.abs(),
        num: n,
        next: 2 * n,
        at: 0,
    };
    let (mut rows, mut cols) = (axis(dr), axis(dc));
    out.push(first);
    for _ in 0..n {
        let (r, c) = (rows.step(2 * n), cols.step(2 * n));
        out.push(Pos::new((r0 + r) as u16, (c0 + c) as u16));
    }
    if first != a {
        out.reverse();
    }
}

/// One axis of [`bresenham_into`]: the offset `at` (in steps of `sign`) after the steps so
/// far, `num` the numerator of its rounding and `next` the numerator at which it moves on.
struct Axis {
    sign: i64,
    grow: i64,
    num: i64,
    next: i64,
    at: i64,
}

impl Axis {
    /// One more step of the line (`two_n` twice its length): the new offset.
    #[inline]
    fn step(&mut self, two_n: i64) -> i64 {
        self.num += self.grow;
        if self.num >= self.next {
            self.at += 1;
            self.next += two_n;
        }
        self.sign * self.at
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii_board::AsciiBoard;

    /// A ring holds every square at Chebyshev distance exactly `k`, once each, and only those
    /// on the board: 8k squares in the open, fewer at an edge, the center alone for k = 0.
    #[test]
    fn a_ring_is_the_squares_at_one_chebyshev_distance() {
        let cheb = |a: Pos, b: Pos| a.row.abs_diff(b.row).max(a.col.abs_diff(b.col));
        for (center, rows, cols) in [(Pos::new(10, 10), 30, 30), (Pos::new(1, 0), 5, 7)] {
            for k in 0..12u32 {
                let ring: Vec<Pos> = Ring::around(center, k).squares(rows, cols).collect();
                let mut expected = Vec::new();
                for r in 0..rows {
                    for c in 0..cols {
                        let p = Pos::new(r, c);
                        if u32::from(cheb(p, center)) == k {
                            expected.push(p);
                        }
                    }
                }
                let mut sorted = ring.clone();
                sorted.sort_by_key(|p| (p.row, p.col));
                assert_eq!(sorted, expected, "ring {k} around {center}");
                if rows == 30 && k <= 10 {
                    assert_eq!(ring.len() as u32, if k == 0 { 1 } else { 8 * k });
                }
            }
        }
    }

    #[test]
    fn bresenham_is_the_rounded_line() {
        // The closed form the incremental trace must equal, square for square.
        let closed = |a: Pos, b: Pos| {
            let (first, last) = if b < a { (b, a) } else { (a, b) };
            let (r0, c0) = (i64::from(first.row), i64::from(first.col));
            let (dr, dc) = (i64::from(last.row) - r0, i64::from(last.col) - c0);
            let n = dr.abs().max(dc.abs()).max(1);
            let along = |d: i64, i: i64| d.signum() * ((2 * i * d.abs() + n) / (2 * n));
            let mut line: Vec<Pos> = (0..=dr.abs().max(dc.abs()))
                .map(|i| Pos::new((r0 + along(dr, i)) as u16, (c0 + along(dc, i)) as u16))
                .collect();
            if first != a {
                line.reverse();
            }
            line
        };
        let mut line = Vec::new();
        for a in (0..9).flat_map(|r| (0..9).map(move |c| p(r, c))) {
            for b in (0..9).flat_map(|r| (0..9).map(move |c| p(r, c))) {
                bresenham_into(a, b, &mut line);
                assert_eq!(line, closed(a, b), "{a} -> {b}");
            }
        }
    }

    fn p(row: u16, col: u16) -> Pos {
        Pos::new(row, col)
    }

    fn open(rows: usize, cols: usize) -> AsciiBoard {
        AsciiBoard::parse(&vec![".".repeat(cols); rows].join("\n"))
    }

    fn nobody(_: Pos) -> bool {
        false
    }

    /// A board with walls, difficult terrain, a bog, a pillar, a pit and hills.
    fn rough() -> AsciiBoard {
        AsciiBoard::parse(
            "
            .....T..
            .#..TT.#
            ..B..#..
            .T...C..
            #...T...
            ..P.....
            ",
        )
        .with_elevation(
            "
            ........
            ..1.....
            ..12....
            ...2..1.
            ........
            ..3.....
            ",
        )
    }

    /// Brute force over (square, parity) with the public [`step_cost`]: relax every edge
    /// until nothing changes. `blocked` squares are refused unless under the start footprint.
    fn bellman_ford(
        board: &AsciiBoard,
        start: Pos,
        start_odd: bool,
        size: Size,
        blocked: &dyn Fn(Pos) -> bool,
    ) -> Vec<u32> {
        let mut dist = vec![u32::MAX; 2 * board.len()];
        dist[state(board.index(start), start_odd)] = 0;
        let start_squares: Vec<Pos> = size.squares(start).collect();
        let enterable = |anchor: Pos| {
            size.squares(anchor)
                .all(|at| !blocked(at) || start_squares.contains(&at))
        };
        let mut changed = true;
        while changed {
            changed = false;
            for s in 0..dist.len() {
                if dist[s] == u32::MAX {
                    continue;
                }
                let (at, odd) = (board.pos_of(s / 2), s % 2 == 1);
                for (dr, dc) in STEPS {
                    let Some(next) = at.offset(dr, dc, board.rows(), board.cols()) else {
                        continue;
                    };
                    let Some(step) = step_cost(board, at, next, size, odd) else {
                        continue;
                    };
                    if !enterable(next) {
                        continue;
                    }
                    let ns = state(board.index(next), odd ^ (dr != 0 && dc != 0));
                    if dist[s] + step < dist[ns] {
                        dist[ns] = dist[s] + step;
                        changed = true;
                    }
                }
            }
        }
        dist
    }

    fn as_cost(cost: u32) -> Option<u32> {
        (cost != u32::MAX).then_some(cost)
    }

    #[test]
    fn straight_lines_cost_five_feet_per_square() {
        let feet: Vec<u32> = (1..=3).map(|c| distance_ft(p(0, 0), p(0, c), 5)).collect();
        assert_eq!(feet, [5, 10, 15]);
        assert_eq!(distance_ft(p(4, 2), p(1, 2), 5), 15);
    }

    #[test]
    fn diagonals_alternate_five_and_ten_feet() {
        let feet: Vec<u32> = (1..=5).map(|d| distance_ft(p(0, 0), p(d, d), 5)).collect();
        assert_eq!(feet, [5, 15, 20, 30, 35]);
        assert_eq!(distance_ft(p(5, 5), p(0, 0), 5), 35);
    }

    #[test]
    fn knight_move_is_ten_feet() {
        for (dr, dc) in [(1, 2), (2, 1)] {
            assert_eq!(distance_ft(p(3, 3), p(3 + dr, 3 + dc), 5), 10);
            assert_eq!(distance_ft(p(3, 3), p(3 - dr, 3 - dc), 5), 10);
        }
        // Two diagonals and one straight: 5 + 10 + 5.
        assert_eq!(distance_squares(p(0, 0), p(2, 3)), 4);
    }

    #[test]
    fn footprint_distance_is_min_over_occupied_squares() {
        let sizes = [Size::Medium, Size::Large, Size::Huge, Size::Colossal];
        for &a_size in &sizes {
            for &b_size in &sizes {
                for r in 0..12 {
                    for c in 0..12 {
                        let (a, b) = (p(4, 5), p(r, c));
                        let brute = a_size
                            .squares(a)
                            .flat_map(|x| b_size.squares(b).map(move |y| distance_squares(x, y)))
                            .min()
                            .unwrap();
                        assert_eq!(
                            footprint_distance_squares(a, a_size, b, b_size),
                            brute,
                            "{a_size} at {a} vs {b_size} at {b}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn large_creature_distance_uses_its_nearest_square() {
        // Large at (0,0) holds (0..=1, 0..=1).
        assert_eq!(
            footprint_distance_squares(p(0, 0), Size::Large, p(0, 4), Size::Medium),
            3
        );
        assert_eq!(
            footprint_distance_squares(p(0, 0), Size::Large, p(2, 2), Size::Medium),
            1
        );
        assert_eq!(
            footprint_distance_squares(p(0, 0), Size::Large, p(4, 4), Size::Medium),
            4
        );
        assert_eq!(
            footprint_distance_squares(p(1, 1), Size::Medium, p(0, 0), Size::Large),
            0
        );
    }

    /// Walls and difficult terrain (`T`) for the fill's resumable searches.
    fn walls_and_trees() -> AsciiBoard {
        AsciiBoard::parse(
            "
            ..........
            .###..TT..
            ...#..TT..
            .#.#......
            .#...###..
            .#.......#
            ",
        )
    }

    #[test]
    fn a_resumed_fill_answers_as_a_new_one_for_every_goal() {
        let board = walls_and_trees();
        let size = Size::Medium;
        let fp = footings(&board, size);
        let start = p(0, 0);
        let blocked = |q: Pos| q == p(3, 2) || q == p(5, 5);
        let goals: Vec<Pos> = (0..board.len()).map(|i| board.pos_of(i)).collect();
        let (mut fresh, mut resumed) = (CostField::new(board.len()), CostField::new(board.len()));
        let (mut a, mut b) = (Vec::new(), Vec::new());
        // The first question stops early, each later one goes on with the same field.
        resumed.fill_on(&board, &fp, start, size, None, blocked, |q| q == p(0, 3));
        for &goal in goals.iter().rev() {
            let want = fresh.fill_on(&board, &fp, start, size, None, blocked, |q| q == goal);
            let got = resumed.resume_on(&board, &fp, size, None, blocked, |q| q == goal);
            assert_eq!(got, want, "{goal:?}");
            if let Some(found) = want {
                assert!(fresh.path_into(found, &mut a) && resumed.path_into(found, &mut b));
                assert_eq!(a, b, "{goal:?}");
                assert_eq!(fresh.cost(found), resumed.cost(found));
            }
        }
        // Once complete, a goal nobody reaches is answered without a search.
        assert_eq!(
            resumed.resume_on(&board, &fp, size, None, blocked, |_| false),
            None
        );
    }

    #[test]
    fn the_flood_reaches_exactly_what_the_fill_reaches() {
        // A walled pocket (bottom right) and creatures sealing a gap: the flood and the
        // exact fill agree square for square, for a Medium and a Large mover.
        let board = AsciiBoard::parse(
            "
            ..........
            .###..#...
            ...#..#...
            .#.#..####
            .#...#....
            .#...#.#..
            ",
        );
        for size in [Size::Medium, Size::Large] {
            let fp = footings(&board, size);
            let blocked = |q: Pos| q == p(2, 4) || q == p(2, 5) || q == p(0, 6);
            let (mut fill, mut flood) = (CostField::new(board.len()), CostField::new(board.len()));
            fill.fill_on(&board, &fp, p(0, 0), size, None, blocked, |_| false);
            flood.start_on(&board, p(0, 0));
            assert!(!flood.reaches_on(&board, &fp, size, blocked, None, |_| false));
            assert!(flood.flood_complete());
            let mut flooded: Vec<Pos> = flood.flooded(&board).collect();
            flooded.sort();
            let filled: Vec<Pos> = (0..board.len())
                .map(|i| board.pos_of(i))
                .filter(|&q| fill.cost(q).is_some())
                .collect();
            assert_eq!(flooded, filled, "{size:?}");
            // Resumed with another question, it looks at what it flooded.
            assert!(
                flood.reaches_on(&board, &fp, size, blocked, None, |q| q == p(0, 9))
                    == filled.contains(&p(0, 9))
            );
            assert!(!flood.reaches_on(&board, &fp, size, blocked, None, |q| q == p(5, 9)));
            // Asked within a window, the same answers from the flooded squares in it.
            let around = |c: Pos| {
                Some(Window {
                    center: c,
                    lo: -1,
                    hi: 1,
                })
            };
            for c in [p(0, 9), p(5, 9), p(4, 2), p(0, 0)] {
                let want = filled
                    .iter()
                    .any(|&q| around(c).unwrap().contains(q) && q != c);
                let got = flood.reaches_on(&board, &fp, size, blocked, around(c), |q| q != c);
                assert_eq!(got, want, "{size:?} around {c}");
            }
        }
    }

    #[test]
    fn a_capped_search_goes_on_to_the_answer_of_a_whole_fill() {
        let board = walls_and_trees();
        let size = Size::Medium;
        let fp = footings(&board, size);
        let blocked = |q: Pos| q == p(3, 2) || q == p(5, 5);
        let (mut a, mut b) = (Vec::new(), Vec::new());
        for i in 0..board.len() {
            let goal = board.pos_of(i);
            let mut whole = CostField::new(board.len());
            let want = whole.fill_on(&board, &fp, p(0, 0), size, None, blocked, |q| q == goal);
            let mut capped = CostField::new(board.len());
            capped.start_on(&board, p(0, 0));
            // A few states at a time, each time from where it stopped.
            let mut got = Search::Capped;
            let mut cap = 0;
            while got == Search::Capped {
                cap += 3;
                got = capped.search_on(&board, &fp, size, None, blocked, |q| q == goal, false, cap);
                assert!(capped.settled_count() <= cap);
            }
            assert_eq!(got.found(), want, "{goal:?}");
            assert_eq!(got == Search::Exhausted, want.is_none());
            if let Some(found) = want {
                assert!(whole.path_into(found, &mut a) && capped.path_into(found, &mut b));
                assert_eq!(a, b, "{goal:?}");
            }
        }
    }

    #[test]
    fn diagonal_past_wall_corner_is_forbidden() {
        let board = AsciiBoard::parse(
            "
            .#.
            ...
            ",
        );
        assert!(!diagonal_allowed(&board, p(0, 0), p(1, 1)));
        assert!(!diagonal_allowed(&board, p(1, 1), p(0, 0)));
        assert_eq!(
            step_cost(&board, p(0, 0), p(1, 1), Size::Medium, false),
            None
        );
        assert_eq!(
            step_cost(&board, p(1, 2), p(0, 2), Size::Medium, false),
            Some(1)
        );
    }

    #[test]
    fn diagonal_in_the_open_is_allowed() {
        let board = open(3, 3);
        assert!(diagonal_allowed(&board, p(0, 0), p(1, 1)));
        assert!(diagonal_allowed(&board, p(2, 0), p(1, 1)));
        assert_eq!(
            step_cost(&board, p(1, 1), p(0, 2), Size::Medium, false),
            Some(1)
        );
    }

    #[test]
    fn diagonal_past_a_pit_is_forbidden_too() {
        // Stricter than RAW (the reference spec, « Pas de placement »): the board does not
        // tell pits from corners, so any impassable side square forbids the diagonal.
        let board = AsciiBoard::parse(
            "
            .P
            ..
            ",
        );
        assert!(!diagonal_allowed(&board, p(0, 0), p(1, 1)));
    }

    #[test]
    fn large_creature_through_one_square_gap_is_refused() {
        let board = AsciiBoard::parse(
            "
            ......
            ......
            ###.##
            ......
            ......
            ",
        );
        let mut field = CostField::new(board.len());
        field.fill_from(&board, p(0, 2), Size::Large, None, nobody);
        assert_eq!(field.cost(p(3, 2)), None);
        field.fill_from(&board, p(0, 2), Size::Medium, None, nobody);
        assert_eq!(field.cost(p(4, 3)), Some(4));
        // A Large diagonal needs the whole swept 3×3 block.
        let room = AsciiBoard::parse(
            "
            ..#
            ...
            ...
            ",
        );
        assert!(!diagonal_allowed_footprint(
            &room,
            p(0, 0),
            p(1, 1),
            Size::Large
        ));
        assert!(diagonal_allowed_footprint(
            &open(3, 3),
            p(0, 0),
            p(1, 1),
            Size::Large
        ));
        assert_eq!(step_cost(&room, p(0, 0), p(1, 1), Size::Large, false), None);
    }

    #[test]
    fn difficult_terrain_costs_two_orthogonal_three_diagonal() {
        let board = AsciiBoard::parse(
            "
            ...
            .TB
            ...
            ",
        );
        let medium = Size::Medium;
        assert_eq!(step_cost(&board, p(0, 1), p(1, 1), medium, false), Some(2));
        assert_eq!(step_cost(&board, p(0, 0), p(1, 1), medium, false), Some(3));
        assert_eq!(step_cost(&board, p(0, 0), p(1, 1), medium, true), Some(3));
        // Cost 3 terrain: 3·3/2 = 4 on a diagonal.
        assert_eq!(step_cost(&board, p(0, 1), p(1, 2), medium, false), Some(4));
        assert_eq!(step_cost(&board, p(1, 1), p(1, 2), medium, false), Some(3));
        // Leaving difficult terrain costs what the destination costs.
        assert_eq!(step_cost(&board, p(1, 1), p(2, 2), medium, false), Some(1));
    }

    #[test]
    fn every_diagonal_toggles_parity_even_into_difficult_terrain() {
        let board = AsciiBoard::parse(
            "
            ....
            .T..
            ....
            ",
        );
        // Into T diagonally (3, first), then the second diagonal (2), then the third (1).
        let path = [p(0, 0), p(1, 1), p(2, 2), p(1, 3)];
        assert_eq!(path_cost(&board, &path[..2], Size::Medium), 3);
        assert_eq!(path_cost(&board, &path[..3], Size::Medium), 3 + 2);
        assert_eq!(path_cost(&board, &path, Size::Medium), 3 + 2 + 1);
        // The field goes around T instead: 1 + 1 + 2 (diagonals first and second).
        let mut field = CostField::new(board.len());
        field.fill_from(&board, p(0, 0), Size::Medium, None, nobody);
        assert_eq!(field.cost(p(2, 2)), Some(3));
    }

    /// Cost of walking `path` with [`step_cost`], tracking the parity.
    fn path_cost(board: &AsciiBoard, path: &[Pos], size: Size) -> u32 {
        let mut odd = false;
        let mut total = 0;
        for pair in path.windows(2) {
            total += step_cost(board, pair[0], pair[1], size, odd).expect("legal step");
            odd ^= pair[0].row != pair[1].row && pair[0].col != pair[1].col;
        }
        total
    }

    #[test]
    fn climbing_costs_one_square_per_level_and_descending_is_free() {
        let board = open(3, 3).with_elevation(
            "
            012
            0.3
            ...
            ",
        );
        let medium = Size::Medium;
        assert_eq!(step_cost(&board, p(0, 0), p(0, 1), medium, false), Some(2));
        assert_eq!(step_cost(&board, p(0, 0), p(0, 2), medium, false), None);
        assert_eq!(step_cost(&board, p(1, 1), p(1, 2), medium, false), Some(4));
        assert_eq!(
            step_cost(&board, p(1, 1), p(0, 2), medium, true),
            Some(2 + 2)
        );
        assert_eq!(step_cost(&board, p(1, 2), p(1, 1), medium, false), Some(1));
        assert_eq!(step_cost(&board, p(0, 2), p(1, 1), medium, true), Some(2));
        // A Large footprint climbs from its highest square to the destination's highest.
        assert_eq!(
            step_cost(&board, p(1, 0), p(1, 1), Size::Large, false),
            Some(1 + 3)
        );
        assert_eq!(
            step_cost(&board, p(0, 0), p(1, 0), Size::Large, false),
            Some(1)
        );
    }

    #[test]
    fn step_cost_refuses_anything_but_one_king_move() {
        let board = open(4, 4);
        assert_eq!(
            step_cost(&board, p(0, 0), p(0, 2), Size::Medium, false),
            None
        );
        assert_eq!(
            step_cost(&board, p(1, 1), p(1, 1), Size::Medium, false),
            None
        );
        assert_eq!(
            step_cost(&board, p(0, 0), p(0, 3), Size::Large, false),
            None
        );
    }

    #[test]
    fn path_around_wall_is_longer_than_straight_distance() {
        let board = AsciiBoard::parse(
            "
            ..g..
            .....
            .###.
            .....
            ..s..
            ",
        );
        let (start, goal) = (board.find('s'), board.find('g'));
        assert_eq!(distance_ft(start, goal, 5), 20);
        let mut field = CostField::new(board.len());
        field.fill_from(&board, start, Size::Medium, None, nobody);
        // Corner rule: no diagonal past the wall ends, so 1 + 1 + 1 + 1 + 2 + 1 squares.
        assert_eq!(field.cost(goal), Some(7));
        let mut path = Vec::new();
        assert!(field.path_into(goal, &mut path));
        assert_eq!((path[0], path[path.len() - 1]), (start, goal));
        assert_eq!(path_cost(&board, &path, Size::Medium), 7);
        assert!(path.iter().all(|&at| board.passable(at)));
    }

    #[test]
    fn budget_makes_farther_squares_unreachable() {
        let board = open(5, 5);
        let mut field = CostField::new(board.len());
        field.fill_from(&board, p(0, 0), Size::Medium, Some(2), nobody);
        assert_eq!(field.cost(p(0, 2)), Some(2));
        assert_eq!(field.cost(p(1, 1)), Some(1));
        assert_eq!(field.cost(p(1, 2)), Some(2));
        assert_eq!(field.cost(p(2, 2)), None); // 5-10-5: 3 squares
        assert_eq!(field.cost(p(0, 3)), None);
        let mut path = Vec::new();
        assert!(!field.path_into(p(0, 3), &mut path));
        assert!(path.is_empty());
    }

    #[test]
    fn blocked_squares_are_walked_around_but_start_is_never_blocked() {
        let board = open(3, 3);
        let creatures = [p(0, 0), p(1, 1), p(0, 1)];
        let blocked = |at: Pos| creatures.contains(&at);
        let mut field = CostField::new(board.len());
        field.fill_from(&board, p(0, 0), Size::Medium, None, blocked);
        assert_eq!(field.cost(p(0, 0)), Some(0));
        assert_eq!(field.cost(p(1, 1)), None);
        assert_eq!(field.cost(p(0, 1)), None);
        // (0,0)→(1,0)→(2,1)→(1,2): diagonal past a creature is allowed.
        assert_eq!(field.cost(p(1, 2)), Some(1 + 1 + 2));
        // A Large mover's own squares never block it.
        let wide = open(4, 4);
        let own = |at: Pos| Size::Large.squares(p(0, 0)).any(|x| x == at);
        field.fill_from(&wide, p(0, 0), Size::Large, None, own);
        assert_eq!(field.cost(p(0, 1)), Some(1));
    }

    #[test]
    fn cost_field_matches_brute_force_over_step_cost() {
        let board = rough();
        let creatures = [p(2, 3), p(4, 6)];
        let blocked = |at: Pos| creatures.contains(&at);
        let mut field = CostField::new(4);
        for size in [Size::Medium, Size::Large] {
            for start in [p(0, 0), p(3, 3), p(4, 5), p(0, 6)] {
                field.fill_from(&board, start, size, None, blocked);
                let brute = bellman_ford(&board, start, false, size, &blocked);
                for index in 0..board.len() {
                    let at = board.pos_of(index);
                    let best = brute[state(index, false)].min(brute[state(index, true)]);
                    assert_eq!(field.cost(at), as_cost(best), "{size} {start}→{at}");
                    let mut path = Vec::new();
                    if field.path_into(at, &mut path) {
                        assert_eq!(path_cost(&board, &path, size), best);
                    }
                }
            }
        }
    }

    #[test]
    fn reverse_field_is_exact_per_entry_parity() {
        let board = rough();
        let creatures = [p(2, 3)];
        let blocked = |at: Pos| creatures.contains(&at);
        let mut field = CostField::new(board.len());
        for size in [Size::Medium, Size::Large] {
            for goal in [p(0, 0), p(3, 6), p(4, 3)] {
                field.fill_to(&board, goal, size, blocked);
                for index in 0..board.len() {
                    let at = board.pos_of(index);
                    if at == goal {
                        assert_eq!(field.cost(at), Some(0));
                        continue;
                    }
                    if size.squares(at).any(blocked) || !placeable(&board, at, size.footprint()) {
                        assert_eq!(field.cost(at), None, "{at} cannot hold the mover");
                        continue;
                    }
                    // Brute force from `at`, whose own squares are never blocked; the goal's
                    // squares are exempt in the reverse field.
                    let exempt = |x: Pos| blocked(x) && !size.squares(goal).any(|g| g == x);
                    for odd in [false, true] {
                        let brute = bellman_ford(&board, at, odd, size, &exempt);
                        let to_goal = brute[state(board.index(goal), false)]
                            .min(brute[state(board.index(goal), true)]);
                        let to_goal = if at == goal {
                            Some(0)
                        } else {
                            as_cost(to_goal)
                        };
                        assert_eq!(field.cost_to_goal(at, odd), to_goal, "{size} {at}→{goal}");
                    }
                    let mut path = Vec::new();
                    if field.path_to_goal_into(at, &mut path) {
                        assert_eq!((path[0], path[path.len() - 1]), (at, goal));
                        assert_eq!(Some(path_cost(&board, &path, size)), field.cost(at));
                    }
                }
                // Read for its costs only, written into a table: the same costs.
                let mut costs = vec![0; 2 * board.len()];
                let fp = footings(&board, size);
                let mut unsorted = CostField::new(board.len());
                unsorted.fill_costs_to_on(&board, &fp, goal, size, blocked, &mut costs);
                for (s, &cost) in costs.iter().enumerate() {
                    let at = board.pos_of(s / 2);
                    assert_eq!(as_cost(cost), field.cost_to_goal(at, s % 2 == 1), "{at}");
                }
            }
        }
    }

    #[test]
    fn reverse_field_equals_forward_cost_on_symmetric_flat_board() {
        let board = AsciiBoard::parse(
            "
            ........
            ..##....
            ..#...#.
            .....##.
            ........
            ",
        );
        let mut forward = CostField::new(board.len());
        let mut reverse = CostField::new(board.len());
        let centre = p(2, 4);
        forward.fill_from(&board, centre, Size::Medium, None, nobody);
        reverse.fill_to(&board, centre, Size::Medium, nobody);
        for index in 0..board.len() {
            let at = board.pos_of(index);
            assert_eq!(forward.cost(at), reverse.cost(at), "{at}");
        }
        assert_eq!(reverse.cost(p(4, 0)), Some(5));
        assert_eq!(forward.cost_to_goal(p(4, 0), false), None);
    }

    #[test]
    fn refilling_a_field_reuses_it_cleanly() {
        let small = open(2, 2);
        let big = rough();
        let mut field = CostField::new(small.len());
        field.fill_from(&big, p(0, 0), Size::Medium, None, nobody);
        let first: Vec<Option<u32>> = (0..big.len()).map(|i| field.cost(big.pos_of(i))).collect();
        field.fill_from(&small, p(0, 0), Size::Medium, None, nobody);
        assert_eq!(field.cost(p(1, 1)), Some(1));
        assert_eq!(field.cost(p(2, 2)), None);
        field.fill_from(&big, p(0, 0), Size::Medium, None, nobody);
        let again: Vec<Option<u32>> = (0..big.len()).map(|i| field.cost(big.pos_of(i))).collect();
        assert_eq!(first, again);
    }

    #[test]
    fn bresenham_endpoints_are_symmetric() {
        let mut forth = Vec::new();
        let mut back = Vec::new();
        for (a, b) in [
            (p(0, 0), p(2, 5)),
            (p(3, 1), p(0, 2)),
            (p(1, 1), p(5, 3)),
            (p(4, 4), p(4, 4)),
        ] {
            bresenham_into(a, b, &mut forth);
            bresenham_into(b, a, &mut back);
            back.reverse();
            assert_eq!(forth, back);
            assert_eq!((forth[0], forth[forth.len() - 1]), (a, b));
            let n = a.row.abs_diff(b.row).max(a.col.abs_diff(b.col));
            assert_eq!(forth.len(), usize::from(n) + 1);
            assert!(forth.windows(2).all(|w| distance_squares(w[0], w[1]) == 1));
        }
    }

    #[test]
    fn bresenham_known_line() {
        let mut line = Vec::new();
        bresenham_into(p(0, 0), p(2, 5), &mut line);
        assert_eq!(line, [p(0, 0), p(0, 1), p(1, 2), p(1, 3), p(2, 4), p(2, 5)]);
        // Tie (the centre line passes between two squares): half rounds away from the
        // row-major-smaller endpoint, whichever way the line is asked for.
        bresenham_into(p(0, 0), p(1, 2), &mut line);
        assert_eq!(line, [p(0, 0), p(1, 1), p(1, 2)]);
        bresenham_into(p(1, 2), p(0, 0), &mut line);
        assert_eq!(line, [p(1, 2), p(1, 1), p(0, 0)]);
    }
}
