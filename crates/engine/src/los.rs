//! Line of effect and cover by the corner rule (« CRB — Cover », « CRB — Line of Effect »).
//!
//! It owns only the 2-D geometry of straight lines between square corners and how terrain (and
//! a caller-given per-square value, for soft cover from creatures) scores them. It never
//! decides who may attack, never sees creatures except through that value, and never
//! allocates: a call works in fixed-size stack tables.
//!
//! # Geometry
//! Exact integer math on grid corners: the corners of square `(r, c)` are the lattice points
//! `x = c or c + 1`, `y = r or r + 1`. A segment between two lattice points *crosses* a square
//! when it meets the square's open interior; running along an edge or touching a corner does
//! not. Two extra rules leave no zero-width gap in a solid barrier:
//!
//! - *crack*: a segment passing through a lattice point where two diagonally opposite squares
//!   both block line of effect is blocked there — a diagonal wall drawn as a staircase of `#`
//!   is sealed. At an endpoint (a corner of the attacker's or the target's square) the segment
//!   is blocked only when it leaves toward the far side of the crack: a direction within the
//!   closed quadrant of the creature's own square stays on its side. A creature standing in
//!   the inner corner of two walls is thus not covered by them, while two creatures touching
//!   only through a crack have no line of effect; a zero-length segment (a shared corner) is
//!   blocked by any crack there.
//! - *seam*: a segment running along an edge whose two side squares both block line of effect
//!   is blocked — the seam between two wall squares is inside the wall.
//!
//! The attacker's and the target's own squares are never counted. Squares off the board count
//! only in the crack and seam rules, as solid barriers of value 4: the edge of the map is not
//! a gap past a wall that touches it. Elevation plays no part: line of effect stays 2-D (the
//! reference spec, « Élévation »).

use crate::board::{Board, Pos};
use crate::grid::footprint_distance_squares;
use crate::size::Size;

/// Largest footprint side (Colossal), plus one: lattice points per footprint row.
const MAX_LATTICE_SIDE: usize = 7;
/// Largest number of lattice points in a footprint (Colossal: 7 × 7).
const MAX_LATTICE: usize = MAX_LATTICE_SIDE * MAX_LATTICE_SIDE;

/// Cover of a target against one attack (« CRB — Cover »), weakest first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Cover {
    None,
    /// Partial cover: +2 AC.
    Partial,
    /// Standard cover: +4 AC.
    Standard,
    /// Improved cover: +8 AC.
    Improved,
    /// Total cover: no line of effect, the attack cannot be made.
    Total,
}

impl Cover {
    /// Cover bonus to AC; `None` for total cover, where there is no attack to apply it to.
    pub fn ac_bonus(self) -> Option<i32> {
        match self {
            Cover::None => Some(0),
            Cover::Partial => Some(2),
            Cover::Standard => Some(4),
            Cover::Improved => Some(8),
            Cover::Total => None,
        }
    }

    /// The cover level of a line score: 8 or more improved, 4 or more standard, 2 or more
    /// partial, else none (values between levels round down).
    pub fn from_score(score: u8) -> Cover {
        match score {
            8.. => Cover::Improved,
            4..=7 => Cover::Standard,
            2 | 3 => Cover::Partial,
            _ => Cover::None,
        }
    }
}

/// Which cover rule an attack uses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CoverMode {
    /// Ranged attacks (and spells): the attacker picks the best corner of its square.
    Ranged,
    /// Melee attacks: the « any line » rule when adjacent, the ranged rule with a free choice
    /// of target square at reach.
    Melee,
}

/// Cover value of a square's terrain: its `cover_bonus` when set, else 4 when it blocks line
/// of effect (a line grazing past a wall counts as standard cover), else 0 (the reference
/// spec, « Carte (YAML) »: « cover: true vaut +4, idem pour un terrain blocks_los »).
pub fn terrain_cover_value<B: Board + ?Sized>(board: &B, at: Pos) -> u8 {
    match board.cover_bonus(at) {
        0 if board.blocks_los(at) => 4,
        bonus => bonus,
    }
}

/// What one segment meets: the highest cover value and whether a barrier cuts it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Line {
    value: u8,
    blocked: bool,
}

/// A creature's footprint as a square of squares, anchored top-left.
#[derive(Clone, Copy, Debug)]
struct Footprint {
    row: i32,
    col: i32,
    side: i32,
}

impl Footprint {
    fn new(anchor: Pos, size: Size) -> Self {
        Self {
            row: i32::from(anchor.row),
            col: i32::from(anchor.col),
            side: i32::from(size.footprint()),
        }
    }

    fn contains(self, row: i32, col: i32) -> bool {
        (self.row..self.row + self.side).contains(&row)
            && (self.col..self.col + self.side).contains(&col)
    }

    /// Lattice points of the footprint: `(side + 1)²`, row-major.
    fn lattice_len(self) -> usize {
        let n = self.side as usize + 1;
        n * n
    }

    /// The `i`-th lattice point as `(x, y)`.
    fn lattice(self, i: usize) -> (i32, i32) {
        let n = self.side as usize + 1;
        (self.col + (i % n) as i32, self.row + (i / n) as i32)
    }

    /// Index of the lattice point `(dx, dy)` from the anchor corner.
    fn lattice_index(self, dx: i32, dy: i32) -> usize {
        (dy * (self.side + 1) + dx) as usize
    }

    /// The footprint a spell's point of origin `(x, y)` speaks from: the lone point (side 0,
    /// owning no square), unless two diagonally opposite barriers meet there and leave a
    /// single open square around it (a corner of the map, a wall against its edge): the point
    /// then stands on that square's side, as a creature's corner does.
    fn origin<B: Board + ?Sized>(board: &B, (x, y): (i32, i32)) -> Self {
        let open = |(row, col): (i32, i32)| {
            let on_board = row >= 0
                && col >= 0
                && row < i32::from(board.rows())
                && col < i32::from(board.cols());
            on_board && !board.blocks_los(Pos::new(row as u16, col as u16))
        };
        let [nw, ne, sw, se] = [(y - 1, x - 1), (y - 1, x), (y, x - 1), (y, x)];
        let crack = (!open(nw) && !open(se)) || (!open(ne) && !open(sw));
        let mut open_squares = [nw, ne, sw, se].into_iter().filter(|&square| open(square));
        match (crack, open_squares.next(), open_squares.next()) {
            (true, Some((row, col)), None) => Self { row, col, side: 1 },
            _ => Self {
                row: y,
                col: x,
                side: 0,
            },
        }
    }
}

/// The segments between two creatures, with the board and the per-square extra value.
struct Sight<'a, B: ?Sized, F> {
    board: &'a B,
    attacker: Footprint,
    target: Footprint,
    extra: F,
}

impl<B: Board + ?Sized, F: Fn(Pos) -> u8> Sight<'_, B, F> {
    /// The square at `(row, col)` when it is counted: on the board and no creature's own.
    fn counted(&self, row: i32, col: i32) -> Option<Pos> {
        let own = self.attacker.contains(row, col) || self.target.contains(row, col);
        (self.on_board(row, col) && !own).then(|| Pos::new(row as u16, col as u16))
    }

    fn on_board(&self, row: i32, col: i32) -> bool {
        row >= 0
            && col >= 0
            && row < i32::from(self.board.rows())
            && col < i32::from(self.board.cols())
    }

    /// Whether square `(row, col)` is a solid barrier for the crack and seam rules, with its
    /// value: off the board, solid (4); own squares, never.
    fn solid(&self, row: i32, col: i32) -> Option<u8> {
        if !self.on_board(row, col) {
            return Some(4);
        }
        let at = self.counted(row, col)?;
        self.board.blocks_los(at).then(|| self.value(at))
    }

    fn value(&self, at: Pos) -> u8 {
        terrain_cover_value(self.board, at).max((self.extra)(at))
    }

    /// The segment crosses the open interior of square `(row, col)`.
    fn cross(&self, row: i32, col: i32, line: &mut Line) {
        if let Some(at) = self.counted(row, col) {
            line.value = line.value.max(self.value(at));
            line.blocked |= self.board.blocks_los(at);
        }
    }

    /// The value of a zero-width gap between squares `a` and `b` (`(row, col)`) when both are
    /// solid: a segment slipping through it is cut.
    fn gap(&self, a: (i32, i32), b: (i32, i32)) -> Option<u8> {
        Some(self.solid(a.0, a.1)?.max(self.solid(b.0, b.1)?))
    }

    fn cut(line: &mut Line, value: u8) {
        line.value = line.value.max(value);
        line.blocked = true;
    }

    /// The two diagonal pairs of squares around lattice point `(x, y)`, as `(row, col)`.
    fn diagonal_pairs(x: i32, y: i32) -> [((i32, i32), (i32, i32)); 2] {
        [((y - 1, x - 1), (y, x)), ((y - 1, x), (y, x - 1))]
    }

    /// The segment passes through lattice point `(x, y)`: the crack rule on both diagonals.
    fn lattice_point(&self, x: i32, y: i32, line: &mut Line) {
        for (a, b) in Self::diagonal_pairs(x, y) {
            if let Some(value) = self.gap(a, b) {
                Self::cut(line, value);
            }
        }
    }

    /// The segment ends at lattice point `(x, y)`, a corner of `owner`, heading `(dx, dy)`
    /// toward its other end: a crack cuts it unless that direction lies in the closed
    /// quadrant of one of `owner`'s squares around the point.
    fn endpoint(
        &self,
        (x, y): (i32, i32),
        owner: Footprint,
        (dx, dy): (i32, i32),
        line: &mut Line,
    ) {
        let stays_on_own_side = [(-1, -1), (1, -1), (-1, 1), (1, 1)]
            .into_iter()
            .any(|(qx, qy)| {
                let (row, col) = (y + (qy - 1) / 2, x + (qx - 1) / 2);
                owner.contains(row, col) && dx * qx >= 0 && dy * qy >= 0
            });
        if stays_on_own_side {
            return;
        }
        self.lattice_point(x, y, line);
    }

    /// Everything the segment from lattice point `p` to `q` meets. With `stop_at_block`, it
    /// returns at the first barrier (the value is then partial).
    fn trace(&self, p: (i32, i32), q: (i32, i32), stop_at_block: bool) -> Line {
        let mut line = Line::default();
        if p == q {
            self.lattice_point(p.0, p.1, &mut line);
            return line;
        }
        let (dx, dy) = (q.0 - p.0, q.1 - p.1);
        self.endpoint(p, self.attacker, (dx, dy), &mut line);
        self.endpoint(q, self.target, (-dx, -dy), &mut line);
        if stop_at_block && line.blocked {
            return line;
        }
        let (sx, sy) = (dx.signum(), dy.signum());
        if dx == 0 || dy == 0 {
            self.trace_along_edges(
                p,
                (sx, sy),
                dx.abs().max(dy.abs()),
                stop_at_block,
                &mut line,
            );
            return line;
        }
        // Walk the squares in order: the segment meets vertical line number `i` (x = p.x +
        // sx·i) at t = i/|dx| and horizontal line `j` at t = j/|dy|; compare i·|dy| with j·|dx|.
        let (adx, ady) = (i64::from(dx.abs()), i64::from(dy.abs()));
        let mut col = if sx > 0 { p.0 } else { p.0 - 1 };
        let mut row = if sy > 0 { p.1 } else { p.1 - 1 };
        let (mut i, mut j) = (1_i64, 1_i64);
        loop {
            self.cross(row, col, &mut line);
            if stop_at_block && line.blocked {
                return line;
            }
            if i == adx && j == ady {
                break;
            }
            let (vertical, horizontal) = (i * ady, j * adx);
            if vertical <= horizontal {
                col += sx;
                i += 1;
            }
            if horizontal <= vertical {
                row += sy;
                j += 1;
            }
            if vertical == horizontal {
                let (x, y) = (p.0 + sx * (i - 1) as i32, p.1 + sy * (j - 1) as i32);
                self.lattice_point(x, y, &mut line);
            }
        }
        line
    }

    /// An axis-aligned segment of `n` unit edges from `p` in direction `(sx, sy)`: it crosses
    /// no interior, but each edge is a seam and each lattice point a possible crack.
    fn trace_along_edges(
        &self,
        p: (i32, i32),
        (sx, sy): (i32, i32),
        n: i32,
        stop_at_block: bool,
        line: &mut Line,
    ) {
        let (mut x, mut y) = p;
        let end = (x + sx * n, y + sy * n);
        for _ in 0..n {
            let seam = if sx != 0 {
                let col = x.min(x + sx);
                self.gap((y - 1, col), (y, col))
            } else {
                let row = y.min(y + sy);
                self.gap((row, x - 1), (row, x))
            };
            if let Some(value) = seam {
                Self::cut(line, value);
            }
            (x, y) = (x + sx, y + sy);
            if (x, y) != end {
                self.lattice_point(x, y, line);
            }
            if stop_at_block && line.blocked {
                return;
            }
        }
    }

    /// Every segment from an attacker lattice point to a target lattice point.
    fn table(&self) -> LineTable {
        let mut table = LineTable {
            lines: [[Line::default(); MAX_LATTICE]; MAX_LATTICE],
        };
        for a in 0..self.attacker.lattice_len() {
            for t in 0..self.target.lattice_len() {
                let line = self.trace(self.attacker.lattice(a), self.target.lattice(t), false);
                table.lines[a][t] = line;
            }
        }
        table
    }
}

/// The lines between every attacker lattice point and every target lattice point.
struct LineTable {
    lines: [[Line; MAX_LATTICE]; MAX_LATTICE],
}

impl LineTable {
    /// Highest line value from attacker lattice point `a` to the 4 corners of target square
    /// `(dr, dc)` of the footprint.
    fn to_square(&self, target: Footprint, a: usize, (dr, dc): (i32, i32)) -> u8 {
        corners(target, dr, dc)
            .map(|t| self.lines[a][t].value)
            .into_iter()
            .max()
            .unwrap_or(0)
    }
}

/// Lattice indices of the 4 corners of square `(dr, dc)` of a footprint.
fn corners(footprint: Footprint, dr: i32, dc: i32) -> [usize; 4] {
    [(0, 0), (1, 0), (0, 1), (1, 1)].map(|(x, y)| footprint.lattice_index(dc + x, dr + y))
}

/// Squares of a footprint as `(dr, dc)` offsets from its anchor, row-major.
fn squares(footprint: Footprint) -> impl Iterator<Item = (i32, i32)> {
    let side = footprint.side;
    (0..side).flat_map(move |dr| (0..side).map(move |dc| (dr, dc)))
}

/// Ranged rule (the reference spec, « Couvert (règle des coins) »): per attacker corner, the
/// worst line to any corner of any target square; the attacker picks its best corner of its
/// best square. Every lattice point of the footprint is a corner of one of its squares, so
/// this is the minimum over the attacker's lattice points.
fn ranged_score(table: &LineTable, attacker: Footprint, target: Footprint) -> u8 {
    (0..attacker.lattice_len())
        .map(|a| {
            let lines = &table.lines[a][..target.lattice_len()];
            lines.iter().map(|line| line.value).max().unwrap_or(0)
        })
        .min()
        .unwrap_or(0)
}

/// Melee at reach: the ranged rule, except that the attacker also picks the target square
/// (« CRB — Big Creatures and Cover »).
fn reach_score(table: &LineTable, attacker: Footprint, target: Footprint) -> u8 {
    (0..attacker.lattice_len())
        .flat_map(|a| squares(target).map(move |square| table.to_square(target, a, square)))
        .min()
        .unwrap_or(0)
}

/// Adjacent melee, « any line » rule (« CRB — Cover »: « your target has cover if any line
/// from any corner of your square to the target's square goes through a wall »): per pair of
/// adjacent squares, the worst of the 16 corner-to-corner lines; then the best pair.
fn adjacent_score(table: &LineTable, attacker: Footprint, target: Footprint) -> u8 {
    let mut best = u8::MAX;
    for (ar, ac) in squares(attacker) {
        for (tr, tc) in squares(target) {
            let (row_gap, col_gap) = (
                (attacker.row + ar - target.row - tr).abs(),
                (attacker.col + ac - target.col - tc).abs(),
            );
            if row_gap.max(col_gap) != 1 {
                continue;
            }
            let worst = corners(attacker, ar, ac)
                .into_iter()
                .map(|a| table.to_square(target, a, (tr, tc)))
                .max()
                .unwrap_or(0);
            best = best.min(worst);
        }
    }
    if best == u8::MAX { 0 } else { best }
}

/// True when a creature of `a_size` at `a` has line of effect to one of `t_size` at `t`: at
/// least one segment from a corner of any of its squares to a corner of any target square is
/// neither crossing a `blocks_los` square nor slipping through a crack or seam (« CRB — Line
/// of Effect »: « a line of effect is canceled by a solid barrier »). Creatures sharing a
/// square always have it.
pub fn line_of_effect<B: Board + ?Sized>(
    board: &B,
    a: Pos,
    a_size: Size,
    t: Pos,
    t_size: Size,
) -> bool {
    if footprint_distance_squares(a, a_size, t, t_size) == 0 {
        return true;
    }
    let sight = Sight {
        board,
        attacker: Footprint::new(a, a_size),
        target: Footprint::new(t, t_size),
        extra: |_: Pos| 0_u8,
    };
    (0..sight.attacker.lattice_len()).any(|i| {
        (0..sight.target.lattice_len()).any(|j| {
            let (p, q) = (sight.attacker.lattice(i), sight.target.lattice(j));
            !sight.trace(p, q, true).blocked
        })
    })
}

/// Cover of a target (`t_size` at `t`) against an attacker (`a_size` at `a`) by the corner
/// rule (« CRB — Cover »; the reference spec, « Couvert (règle des coins) »).
///
/// Each square's value is [`terrain_cover_value`] combined by max with `extra(p)` (soft cover
/// from creatures, given by the caller); a line's value is the highest value among the squares
/// it crosses (a crack or seam counts both of its squares). Then:
///
/// - no line of effect ([`line_of_effect`]): [`Cover::Total`];
/// - creatures sharing a square: [`Cover::None`];
/// - ranged: per attacker lattice point (corner of one of its squares), the highest line to
///   any corner of any target square; the lowest of those;
/// - melee, adjacent (some attacker square touching some target square, diagonals included):
///   per adjacent pair, the highest of the 16 corner-to-corner lines; the lowest pair;
/// - melee at reach (distance > 1 square): per attacker corner and target square, the highest
///   line to that square's corners; the lowest of those.
///
/// The score maps to a level with [`Cover::from_score`].
pub fn cover<B: Board + ?Sized>(
    board: &B,
    a: Pos,
    a_size: Size,
    t: Pos,
    t_size: Size,
    mode: CoverMode,
    extra: impl Fn(Pos) -> u8,
) -> Cover {
    let distance = footprint_distance_squares(a, a_size, t, t_size);
    if distance == 0 {
        return Cover::None;
    }
    let sight = Sight {
        board,
        attacker: Footprint::new(a, a_size),
        target: Footprint::new(t, t_size),
        extra,
    };
    let table = sight.table();
    let clear = (0..sight.attacker.lattice_len()).any(|i| {
        table.lines[i][..sight.target.lattice_len()]
            .iter()
            .any(|line| !line.blocked)
    });
    if !clear {
        return Cover::Total;
    }
    let (attacker, target) = (sight.attacker, sight.target);
    let score = match mode {
        CoverMode::Ranged => ranged_score(&table, attacker, target),
        CoverMode::Melee if distance == 1 => adjacent_score(&table, attacker, target),
        CoverMode::Melee => reach_score(&table, attacker, target),
    };
    Cover::from_score(score)
}

/// For two 1×1 creatures at `a` and `t`: per attacker corner, in the order (c, r), (c+1, r),
/// (c, r+1), (c+1, r+1) as `(x, y)`, the highest terrain value of its lines to the target's
/// four corners. The ranged cover score is the lowest of the four. Callers adding soft cover
/// per corner stay exact: over the lines of a corner, max(terrain, creature) is
/// max(max terrain, max creature).
pub fn corner_scores<B: Board + ?Sized>(board: &B, a: Pos, t: Pos) -> [u8; 4] {
    let sight = Sight {
        board,
        attacker: Footprint::new(a, Size::Medium),
        target: Footprint::new(t, Size::Medium),
        extra: |_: Pos| 0,
    };
    let (ax, ay) = (i32::from(a.col), i32::from(a.row));
    let (tx, ty) = (i32::from(t.col), i32::from(t.row));
    let target_corners = [(tx, ty), (tx + 1, ty), (tx, ty + 1), (tx + 1, ty + 1)];
    [(ax, ay), (ax + 1, ay), (ax, ay + 1), (ax + 1, ay + 1)].map(|p| {
        target_corners
            .iter()
            .map(|&q| sight.trace(p, q, false).value)
            .max()
            .unwrap_or(0)
    })
}

/// True when the segment between lattice points `p` and `q` (as `(x, y)`) crosses the open
/// interior of square `at` — the same crossing test the cover rules use, exact in integers.
///
/// A closed segment and an open square are disjoint exactly when one of three axes separates
/// them: x, y (the segment's extent against the square's open column or row) and the segment's
/// normal (the line leaves every corner of the square on one closed side).
#[inline]
pub fn segment_crosses(p: (i32, i32), q: (i32, i32), at: Pos) -> bool {
    let (px, py) = (i64::from(p.0), i64::from(p.1));
    let (qx, qy) = (i64::from(q.0), i64::from(q.1));
    let (c, r) = (i64::from(at.col), i64::from(at.row));
    if px.min(qx) > c || px.max(qx) <= c || py.min(qy) > r || py.max(qy) <= r {
        return false;
    }
    // Which side of the line each corner lies on: f(x, y) = dx·(y − py) − dy·(x − px).
    let (dx, dy) = (qx - px, qy - py);
    let f = dx * (r - py) - dy * (c - px);
    let sides = [f, f - dy, f + dx, f + dx - dy];
    sides.iter().any(|&v| v < 0) && sides.iter().any(|&v| v > 0)
}

/// The segments from a spell's point of origin, the lattice point `origin` as `(x, y)`, to
/// every corner of the squares of a creature of `t_size` at `t`, as [`Sight::trace`] walks
/// them (terrain only: creatures add nothing).
fn lines_from_point<B: Board + ?Sized>(
    board: &B,
    origin: (i32, i32),
    t: Pos,
    t_size: Size,
    stop_at_block: bool,
) -> impl Iterator<Item = Line> {
    let sight = Sight {
        board,
        attacker: Footprint::origin(board, origin),
        target: Footprint::new(t, t_size),
        extra: |_: Pos| 0_u8,
    };
    (0..sight.target.lattice_len())
        .map(move |j| sight.trace(origin, sight.target.lattice(j), stop_at_block))
}

/// True when a spell's point of origin, the lattice point `origin` as `(x, y)`, has line of
/// effect to a creature of `t_size` at `t` (« CRB — Magic — Aiming a Spell »: « the point of
/// origin of a spell is always a grid intersection »): some segment from the point to a corner
/// of one of its squares is cut by no barrier, crack or seam, as in [`line_of_effect`]. A
/// point on a crack between two open squares lies inside the wall: every segment from it is
/// cut. A crack that leaves a single open square around the point (a corner of the map, a
/// wall against its edge) cuts only the segments that leave that square's side.
pub fn line_of_effect_from_point<B: Board + ?Sized>(
    board: &B,
    origin: (i32, i32),
    t: Pos,
    t_size: Size,
) -> bool {
    lines_from_point(board, origin, t, t_size, true).any(|line| !line.blocked)
}

/// Terrain cover of a creature of `t_size` at `t` against an effect bursting from the lattice
/// point `origin` as `(x, y)` (« CRB — Cover »: « Cover and Reflex Saves »): the ranged corner
/// rule with the point as the attacker's only corner — the highest terrain value among the
/// lines from the point to every corner of the creature's squares — or [`Cover::Total`]
/// without [`line_of_effect_from_point`]. Soft cover from creatures is never counted: it
/// gives no bonus on Reflex saves (« CRB — Soft Cover »).
pub fn cover_from_point<B: Board + ?Sized>(
    board: &B,
    origin: (i32, i32),
    t: Pos,
    t_size: Size,
) -> Cover {
    let (mut clear, mut score) = (false, 0);
    for line in lines_from_point(board, origin, t, t_size, false) {
        clear |= !line.blocked;
        score = score.max(line.value);
    }
    if clear {
        Cover::from_score(score)
    } else {
        Cover::Total
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ascii_board::AsciiBoard;

    const M: Size = Size::Medium;
    const L: Size = Size::Large;

    fn none(_: Pos) -> u8 {
        0
    }

    fn ranged(board: &AsciiBoard, a: Pos, t: Pos) -> Cover {
        cover(board, a, M, t, M, CoverMode::Ranged, none)
    }

    fn melee(board: &AsciiBoard, a: Pos, t: Pos) -> Cover {
        cover(board, a, M, t, M, CoverMode::Melee, none)
    }

    /// `a` and `b` markers of a drawing.
    fn ab(board: &AsciiBoard) -> (Pos, Pos) {
        (board.find('a'), board.find('b'))
    }

    #[test]
    fn line_of_effect_is_blocked_by_a_wall() {
        let board = AsciiBoard::parse(
            "
            ..#..
            a.#.b
            ..#..
            ",
        );
        let (a, b) = ab(&board);
        assert!(!line_of_effect(&board, a, M, b, M));
        assert_eq!(ranged(&board, a, b), Cover::Total);
        assert_eq!(Cover::Total.ac_bonus(), None);
    }

    #[test]
    fn line_of_effect_is_kept_around_a_pillar_corner() {
        let board = AsciiBoard::parse(
            "
            ..b
            .#.
            a..
            ",
        );
        let (a, b) = ab(&board);
        // The line between a's top-left and b's top-left corners touches the pillar's corner.
        assert!(line_of_effect(&board, a, M, b, M));
        // Every corner of a has some line through the pillar: standard cover.
        assert_eq!(ranged(&board, a, b), Cover::Standard);
    }

    #[test]
    fn diagonal_staircase_wall_seals_line_of_effect() {
        let sealed = AsciiBoard::parse(
            "
            #.b
            .#.
            a.#
            ",
        );
        let (a, b) = ab(&sealed);
        assert!(!line_of_effect(&sealed, a, M, b, M));
        // A crack needs both diagonal squares solid.
        let gap = AsciiBoard::parse(
            "
            #.b
            ...
            a.#
            ",
        );
        assert!(line_of_effect(&gap, a, M, b, M));
        // Two creatures touching only through a crack have no line of effect.
        let touching = AsciiBoard::parse(
            "
            #b
            a#
            ",
        );
        let (a, b) = ab(&touching);
        assert!(!line_of_effect(&touching, a, M, b, M));
        assert_eq!(melee(&touching, a, b), Cover::Total);
    }

    #[test]
    fn seam_between_two_wall_squares_blocks() {
        let board = AsciiBoard::parse(
            "
            .a.
            ###
            .b.
            ",
        );
        let (a, b) = ab(&board);
        assert!(!line_of_effect(&board, a, M, b, M));
    }

    #[test]
    fn map_edge_is_no_gap_past_a_wall() {
        let board = AsciiBoard::parse(
            "
            a.#.b
            ..#..
            ",
        );
        let (a, b) = ab(&board);
        assert!(!line_of_effect(&board, a, M, b, M));
    }

    #[test]
    fn open_ground_gives_no_cover() {
        let board = AsciiBoard::parse("a...b");
        let (a, b) = ab(&board);
        assert!(line_of_effect(&board, a, M, b, M));
        assert_eq!(ranged(&board, a, b), Cover::None);
        assert_eq!(melee(&board, a, b), Cover::None);
        assert_eq!(Cover::None.ac_bonus(), Some(0));
    }

    #[test]
    fn cover_levels_follow_the_obstacle_between() {
        for (row, expected, bonus) in [
            ("a.W.b", Cover::Partial, 2),
            ("a.C.b", Cover::Standard, 4),
            ("a.I.b", Cover::Improved, 8),
        ] {
            let board = AsciiBoard::parse(row);
            let (a, b) = ab(&board);
            assert_eq!(ranged(&board, a, b), expected, "{row}");
            assert_eq!(expected.ac_bonus(), Some(bonus));
            assert!(
                line_of_effect(&board, a, M, b, M),
                "{row}: cover does not block"
            );
        }
    }

    #[test]
    fn grazing_a_blocks_los_wall_gives_standard_cover() {
        let board = AsciiBoard::parse(
            "
            .....
            a.#.b
            .....
            ",
        );
        let (a, b) = ab(&board);
        assert!(line_of_effect(&board, a, M, b, M));
        assert_eq!(ranged(&board, a, b), Cover::Standard);
        // A wall beside the line, touched only along its edge, gives none.
        let aside = AsciiBoard::parse(
            "
            a...b
            ..#..
            ",
        );
        let (a, b) = ab(&aside);
        assert_eq!(ranged(&aside, a, b), Cover::None);
    }

    #[test]
    fn attacker_uses_its_best_corner_at_range() {
        // From a's top-left corner the line to b's top-right corner crosses the ruin; from
        // its top-right corner every line clears it. The attacker picks the latter.
        let board = AsciiBoard::parse(
            "
            ..b
            W..
            a..
            ",
        );
        let (a, b) = ab(&board);
        let sight = Sight {
            board: &board,
            attacker: Footprint::new(a, M),
            target: Footprint::new(b, M),
            extra: none,
        };
        assert_eq!(sight.trace((0, 2), (3, 0), false).value, 2);
        assert_eq!(ranged(&board, a, b), Cover::None);
    }

    #[test]
    fn adjacent_melee_diagonal_past_wall_corner_gives_cover() {
        let board = AsciiBoard::parse(
            "
            #b
            a.
            ",
        );
        let (a, b) = ab(&board);
        assert!(line_of_effect(&board, a, M, b, M));
        // « Any line » rule: a line from a's top-left corner runs through the wall.
        assert_eq!(melee(&board, a, b), Cover::Standard);
        // A ranged attacker picks its bottom-right corner, whose lines are all clear.
        assert_eq!(ranged(&board, a, b), Cover::None);
    }

    #[test]
    fn adjacent_melee_orthogonal_along_a_wall_gives_no_cover() {
        let board = AsciiBoard::parse(
            "
            ##
            ab
            ",
        );
        let (a, b) = ab(&board);
        assert_eq!(melee(&board, a, b), Cover::None);
        assert_eq!(ranged(&board, a, b), Cover::None);
    }

    #[test]
    fn target_in_the_inner_corner_of_walls_is_not_covered_by_them() {
        let board = AsciiBoard::parse(
            "
            .#.
            ab#
            ...
            ",
        );
        let (a, b) = ab(&board);
        assert_eq!(melee(&board, a, b), Cover::None);
        assert_eq!(ranged(&board, a, b), Cover::None);
    }

    #[test]
    fn melee_at_reach_uses_the_ranged_rule() {
        // 10 ft reach past a wall corner: a's bottom-right corner sees b clear.
        let board = AsciiBoard::parse(
            "
            #.b
            ...
            a..
            ",
        );
        let (a, b) = ab(&board);
        assert_eq!(melee(&board, a, b), ranged(&board, a, b));
        assert_eq!(melee(&board, a, b), Cover::None);
        let pillar = AsciiBoard::parse(
            "
            a.C.b
            ",
        );
        let (a, b) = ab(&pillar);
        assert_eq!(melee(&pillar, a, b), Cover::Standard);
    }

    #[test]
    fn large_attacker_uses_its_best_square() {
        let board = AsciiBoard::parse(
            "
            .....
            ..#..
            ....b
            ",
        );
        let b = board.find('b');
        // A Medium attacker at (1,1) has every corner grazing the wall.
        assert_eq!(
            ranged(&board, Pos::new(1, 1), Pos::new(1, 4)),
            Cover::Standard
        );
        // A Large one over (0..=1, 0..=1) also holds (0,1), whose top-right corner is clear.
        let t = Pos::new(1, 4);
        assert_eq!(
            cover(&board, Pos::new(0, 0), L, t, M, CoverMode::Ranged, none),
            Cover::None
        );
        assert!(line_of_effect(&board, Pos::new(0, 0), L, b, M));
    }

    #[test]
    fn melee_reach_against_a_large_target_picks_its_best_square() {
        // The ruin hides b's lower squares but not its upper ones from a at 10 ft reach.
        let board = AsciiBoard::parse(
            "
            ......
            ...bb.
            .aWbb.
            ......
            ",
        );
        let (a, b) = ab(&board);
        let at_range = cover(&board, a, M, b, L, CoverMode::Ranged, none);
        let at_reach = cover(&board, a, M, b, L, CoverMode::Melee, none);
        assert_eq!(at_range, Cover::Partial);
        assert_eq!(at_reach, Cover::None);
    }

    #[test]
    fn soft_cover_from_creatures_combines_by_max() {
        let board = AsciiBoard::parse("a.c.b");
        let (a, b) = ab(&board);
        let ally = board.find('c');
        let creature = |at: Pos| if at == ally { 4 } else { 0 };
        assert_eq!(
            cover(&board, a, M, b, M, CoverMode::Ranged, creature),
            Cover::Standard
        );
        assert!(line_of_effect(&board, a, M, b, M));
        let ruin = AsciiBoard::parse("a.W.b");
        let (a, b) = ab(&ruin);
        let on_ruin = |at: Pos| if at == Pos::new(0, 2) { 4 } else { 0 };
        assert_eq!(
            cover(&ruin, a, M, b, M, CoverMode::Ranged, on_ruin),
            Cover::Standard
        );
    }

    #[test]
    fn creatures_sharing_a_square_always_see_each_other() {
        let board = AsciiBoard::parse(
            "
            #.#
            .a.
            #.#
            ",
        );
        let a = board.find('a');
        assert!(line_of_effect(&board, a, Size::Tiny, a, M));
        assert!(line_of_effect(&board, Pos::new(0, 0), L, a, Size::Tiny));
        assert_eq!(
            cover(&board, a, Size::Tiny, a, M, CoverMode::Melee, none),
            Cover::None
        );
    }

    #[test]
    fn cover_score_maps_to_levels() {
        let levels: Vec<Cover> = [0, 1, 2, 3, 4, 7, 8, 9].map(Cover::from_score).to_vec();
        use Cover::*;
        assert_eq!(
            levels,
            [
                None, None, Partial, Partial, Standard, Standard, Improved, Improved
            ]
        );
    }

    /// Brute force of the crossing rule: a segment crosses a square when one of many points
    /// strictly inside the segment falls strictly inside the square (exact rationals).
    fn crosses_brute(p: (i32, i32), q: (i32, i32), row: i32, col: i32) -> bool {
        const STEPS: i64 = 240;
        (1..STEPS).any(|k| {
            // point = p + (q - p)·k/STEPS, compared scaled by STEPS
            let x = i64::from(p.0) * STEPS + i64::from(q.0 - p.0) * k;
            let y = i64::from(p.1) * STEPS + i64::from(q.1 - p.1) * k;
            let (x0, y0) = (i64::from(col) * STEPS, i64::from(row) * STEPS);
            x > x0 && x < x0 + STEPS && y > y0 && y < y0 + STEPS
        })
    }

    #[test]
    fn segment_crossings_match_brute_force() {
        let points: Vec<(i32, i32)> = (0..=5).flat_map(|x| (0..=5).map(move |y| (x, y))).collect();
        for &p in &points {
            for &q in &points {
                for row in 0..5 {
                    for col in 0..5 {
                        let at = Pos::new(row as u16, col as u16);
                        assert_eq!(
                            segment_crosses(p, q, at),
                            crosses_brute(p, q, row, col),
                            "{p:?}→{q:?} over {at:?}"
                        );
                    }
                }
            }
        }
    }

    #[test]
    fn walked_squares_match_brute_force_crossings() {
        // One cover-2 ruin at a time inside a 9×9 field; lattice points 1..=8 keep every
        // segment off the creatures' squares and the map edge. A line's value is 2 exactly
        // when it crosses the ruin.
        for ruin_row in 1..8 {
            for ruin_col in 1..8 {
                let mut art = vec![".".repeat(9); 9];
                art[ruin_row].replace_range(ruin_col..=ruin_col, "W");
                let board = AsciiBoard::parse(&art.join("\n"));
                let sight = Sight {
                    board: &board,
                    attacker: Footprint::new(Pos::new(0, 0), M),
                    target: Footprint::new(Pos::new(8, 8), M),
                    extra: none,
                };
                let (row, col) = (ruin_row as i32, ruin_col as i32);
                for p in (1..=8).flat_map(|x| (1..=8).map(move |y| (x, y))) {
                    for q in (1..=8).flat_map(|x| (1..=8).map(move |y| (x, y))) {
                        let walked = sight.trace(p, q, false);
                        assert_eq!(
                            walked.value == 2,
                            crosses_brute(p, q, row, col),
                            "{p:?}→{q:?}"
                        );
                        assert!(!walked.blocked);
                    }
                }
            }
        }
    }

    #[test]
    fn line_of_effect_agrees_with_cover_table() {
        let board = AsciiBoard::parse(
            "
            ...#....
            .#...C..
            ..#.#...
            .....#.#
            #..#....
            ",
        );
        for i in 0..board.len() {
            for j in 0..board.len() {
                let (a, t) = (board.pos_of(i), board.pos_of(j));
                if !board.passable(a) || !board.passable(t) {
                    continue;
                }
                let seen = line_of_effect(&board, a, M, t, M);
                let total = ranged(&board, a, t) == Cover::Total;
                assert_eq!(seen, !total, "{a}→{t}");
                assert_eq!(
                    seen,
                    line_of_effect(&board, t, M, a, M),
                    "symmetric {a}↔{t}"
                );
            }
        }
    }

    #[test]
    fn corner_scores_and_segment_crossings_agree_with_cover() {
        let board = AsciiBoard::parse(
            "
            ......
            ..C...
            ......
            ......
            ",
        );
        let (a, t) = (Pos::new(0, 0), Pos::new(3, 5));
        let scores = corner_scores(&board, a, t);
        let min = scores.into_iter().min().unwrap();
        assert_eq!(Cover::from_score(min), ranged(&board, a, t));
        // The segment from corner (0,0) to (6,4) crosses square (1,2) but not (0,5).
        assert!(segment_crosses((0, 0), (6, 4), Pos::new(1, 2)));
        assert!(!segment_crosses((0, 0), (6, 4), Pos::new(0, 5)));
        // Along a grid line or through a corner only: no crossing.
        assert!(!segment_crosses((0, 0), (4, 0), Pos::new(0, 1)));
        assert!(!segment_crosses((0, 0), (2, 2), Pos::new(0, 1)));
        assert!(segment_crosses((0, 0), (2, 2), Pos::new(1, 1)));
    }
}
