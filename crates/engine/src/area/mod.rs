//! Spell area templates on the grid (« CRB — Magic — Aiming a Spell »): which squares a burst,
//! spread, emanation, cylinder, cone or line covers, which creatures it catches, and the cover
//! each caught creature has from the point of origin for its Reflex save.
//!
//! It owns only that geometry, asked of a [`Board`]: it never sees a fight, a creature's side
//! or a spell's effect (callers hand it anchors and sizes), and it never decides who saves or
//! what happens. Line of effect and cover come from `los` (the corner rule with its cracks and
//! seams), distances from `grid`: nothing here re-decides whether a wall blocks a segment.
//!
//! # Geometry
//! Squares are `(row, col)` as everywhere; an [`Intersection`] is a lattice point between
//! squares, `(row, col)` running over `0..=rows` × `0..=cols`, the top-left corner of square
//! `(row, col)`. « The point of origin of a spell is always a grid intersection », and
//! distance is counted « from intersection to intersection » with every second diagonal
//! counting double: a square is within `R` squares of a point when the 5-10-5 distance from
//! the point to the square's far corner is at most `R` (« If the far edge of a square is within
//! the spell's area, anything within that square is within the spell's area »). A 20-ft burst
//! thus covers 44 squares, 11 per quadrant in rows of 4, 3, 3 and 1.
//!
//! Squares that block line of effect are never part of an area: no creature stands in one.
//! Height plays no part (the grid is 2-D, as in `los`).
//!
//! The reference spec centres a burst on a square and draws a line as a Bresenham row of
//! squares from the caster's square whose barrier square is its last; this module follows
//! the CRB's text instead (intersections, a segment from a corner, the barrier excluded since
//! no creature stands in it). The reference spec's burst centred on a square is the burst
//! from [`Origin::Creature`] of a Medium creature standing there.
//!
//! # Cost
//! [`covered`] works in the caller's [`AreaSquares`]: once it has grown to the board, a call
//! allocates nothing. Bursts, emanations, cylinders and cones test each square of their
//! bounding box (a few hundred at most for the common sizes: one 5-10-5 distance and, where
//! the shape needs it, up to four corner segments); a precomputed table of offsets would only
//! save the distance, the cheap part, so there is none. Every result is in row-major order:
//! nothing depends on hashing.

mod burst;
mod cone;
mod cover;
mod directed;
mod line;
mod spread;
mod squares;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_cover;
#[cfg(test)]
mod tests_directed;

pub use cover::{burst_candidates, reflex_bonus, reflex_cover, reflex_cover_bonus};
pub use squares::AreaSquares;

use crate::board::{Board, Pos};
use crate::grid::distance_squares_for_deltas;
use crate::size::Size;

/// The shape of an area (« CRB — Magic — Aiming a Spell »: « Burst, Emanation, or Spread »;
/// « Cone, Cylinder, Line, or Sphere »).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// « A burst spell affects whatever it catches in its area [...] It can't affect creatures
    /// with total cover from its point of origin (in other words, its effects don't extend
    /// around corners) »: squares within the radius with line of effect from the origin.
    Burst,
    /// « A spread spell extends out like a burst but can turn corners [...] count around walls,
    /// not through them. As with movement, do not trace diagonals across corners »: squares
    /// within the radius counted along paths from intersection to intersection that never
    /// cross a barrier (see `spread.rs`); on open ground, the burst's squares.
    Spread,
    /// « An emanation spell functions like a burst spell, except that the effect continues to
    /// radiate from the point of origin for the duration of the spell »: a burst's squares
    /// (the duration is the caller's business).
    Emanation,
    /// « A cylinder-shaped spell ignores any obstructions within its area »: every square
    /// within the radius of the origin, line of effect or not. The cylinder's height is
    /// ignored: the grid is 2-D.
    Cylinder,
    /// « A cone-shaped spell shoots away from you in a quarter-circle in the direction you
    /// designate. It starts from any corner of your square and widens out as it goes »: see
    /// [`covered`] for the corner and the quarter-circle test.
    Cone,
    /// « A line-shaped spell shoots away from you in a line in the direction you designate. It
    /// starts from any corner of your square and extends to the limit of its range or until
    /// it strikes a barrier that blocks line of effect »: see [`covered`].
    Line,
}

/// An area's shape and size: the radius of a burst, spread, emanation or cylinder, the length
/// of a cone or line, in squares.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Template {
    pub shape: Shape,
    pub squares: u32,
}

impl Template {
    /// A template of `size_ft` feet on a map of `square_ft`-foot squares; a size that is not a
    /// whole number of squares rounds down (a 15-ft burst on 10-ft squares reaches 1 square).
    pub fn from_feet(shape: Shape, size_ft: u32, square_ft: u32) -> Self {
        Self {
            shape,
            squares: size_ft / square_ft.max(1),
        }
    }
}

/// A grid intersection, the corner shared by up to four squares: `(row, col)` is the top-left
/// corner of square `(row, col)`, with `row` in `0..=rows` and `col` in `0..=cols`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Intersection {
    pub row: u16,
    pub col: u16,
}

impl Intersection {
    pub const fn new(row: u16, col: u16) -> Self {
        Self { row, col }
    }

    /// The top-left corner of square `at`.
    pub const fn corner_of(at: Pos) -> Self {
        Self::new(at.row, at.col)
    }

    /// The lattice point as `(x, y)`, the convention of `los`.
    fn xy(self) -> (i32, i32) {
        (i32::from(self.col), i32::from(self.row))
    }
}

/// Where an area comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Origin {
    /// A point of origin chosen on the grid (a fireball's), or the corner a cone or line
    /// starts from when the caller picks it.
    Point(Intersection),
    /// A creature of `size` anchored (top-left square) at `anchor`: for a burst, spread,
    /// emanation or cylinder, an area « centered on you » (bless, channel energy, auras); for
    /// a cone or line, its caster, whose corner facing the aim is the start.
    ///
    /// A creature-centred area covers a square when the square's 5-10-5 distance to the
    /// creature's footprint is within the radius: the union of the same area from every
    /// corner of its squares. That is the rule that keeps a Medium creature's 30-ft burst
    /// symmetric about it (121 squares), and the creature itself is always inside.
    Creature { anchor: Pos, size: Size },
}

/// Where a cone or line points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Aim {
    /// Toward the centre of a square (a creature's square, say).
    Square(Pos),
    /// Toward an intersection.
    Point(Intersection),
}

impl Aim {
    /// The aimed point in half squares, as `(x, y)`.
    fn doubled(self) -> (i64, i64) {
        match self {
            Aim::Square(at) => (2 * i64::from(at.col) + 1, 2 * i64::from(at.row) + 1),
            Aim::Point(p) => (2 * i64::from(p.col), 2 * i64::from(p.row)),
        }
    }
}

/// The squares `template` covers from `origin`, into `out` (read them with
/// [`AreaSquares::squares`], test creatures with [`AreaSquares::caught`], and the origin that
/// cover is measured from with [`AreaSquares::origin`]).
///
/// Bursts, spreads, emanations and cylinders ignore `aim`. Cones and lines need it and cover
/// nothing without it, or when the aim lies on the caster's own footprint or on the point of
/// origin (no direction). From a creature, a cone or line starts at the lattice point of its
/// footprint's edge nearest to the aimed point (the corner that faces the aim; a tie goes to
/// the top-most, then left-most point, so a Medium caster aiming at a square centre straight
/// ahead uses the first of its two facing corners). Then:
///
/// - cone: the squares whose far corner is within its length and whose centre lies within
///   45° either side of the aimed direction, bounds included (exact integer test), never the
///   caster's own squares, and only those with line of effect from the start (a cone is a
///   burst or an emanation: its effects don't go around corners). A cone aimed straight along
///   a grid line from an intersection is symmetric about that line (15 ft: 8 squares in rows
///   of 2, 4 and 2); aimed along a diagonal it is one quadrant of the burst of the same size
///   (15 ft: 6 squares).
/// - line: the squares whose interior the segment from the start toward the aim crosses,
///   extended to the line's length; touching a corner does not count. It stops before the
///   first square that blocks line of effect, at a crack between two diagonal barriers, or at
///   the map's edge. A segment running exactly along a grid line crosses no interior: it then
///   takes the squares on its right-hand side (heading east, the row below the line). Aiming
///   at a square centre never runs along a grid line.
pub fn covered<B: Board + ?Sized>(
    board: &B,
    template: Template,
    origin: Origin,
    aim: Option<Aim>,
    out: &mut AreaSquares,
) {
    out.reset(board);
    let radius = template.squares;
    let ray = aim.and_then(|aim| directed::Ray::new(origin, aim));
    let source = match template.shape {
        Shape::Burst | Shape::Emanation => {
            burst::fill(board, radius, origin, burst::Obstacles::Stop, out);
            Some(origin)
        }
        Shape::Cylinder => {
            burst::fill(board, radius, origin, burst::Obstacles::Ignore, out);
            Some(origin)
        }
        Shape::Spread => {
            spread::fill(board, radius, origin, out);
            Some(origin)
        }
        Shape::Cone => ray.map(|ray| {
            cone::fill(board, radius, &ray, out);
            Origin::Point(ray.start)
        }),
        Shape::Line => ray.map(|ray| {
            line::fill(board, radius, &ray, out);
            Origin::Point(ray.start)
        }),
    };
    if let Some(source) = source {
        out.set_origin(source);
    }
    out.finish();
}

/// 5-10-5 distance in squares from lattice point `(x, y)` to the far corner of square
/// `(row, col)`: « count from intersection to intersection ».
fn reach(origin: (i32, i32), row: i32, col: i32) -> u32 {
    let far = |from: i32, cell: i32| {
        if cell >= from {
            cell + 1 - from
        } else {
            from - cell
        }
    };
    distance_squares_for_deltas(far(origin.1, row) as u32, far(origin.0, col) as u32)
}

/// The squares of rows `rows` and columns `cols` that lie on the board, row-major.
fn squares_in<B: Board + ?Sized>(
    board: &B,
    rows: (i32, i32),
    cols: (i32, i32),
) -> impl Iterator<Item = Pos> {
    let (row_lo, row_hi) = (rows.0.max(0), rows.1.min(i32::from(board.rows())));
    let (col_lo, col_hi) = (cols.0.max(0), cols.1.min(i32::from(board.cols())));
    (row_lo..row_hi)
        .flat_map(move |row| (col_lo..col_hi).map(move |col| Pos::new(row as u16, col as u16)))
}

/// The square `(row, col)` when it lies on the board.
fn square_at<B: Board + ?Sized>(board: &B, row: i32, col: i32) -> Option<Pos> {
    let on_board =
        row >= 0 && col >= 0 && row < i32::from(board.rows()) && col < i32::from(board.cols());
    on_board.then(|| Pos::new(row as u16, col as u16))
}

/// True when square `(row, col)` is off the map or blocks line of effect: a barrier for the
/// crack and seam rules, as in `los`.
fn barrier<B: Board + ?Sized>(board: &B, row: i32, col: i32) -> bool {
    square_at(board, row, col).is_none_or(|at| board.blocks_los(at))
}
