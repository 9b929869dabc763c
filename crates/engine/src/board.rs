//! Squares and the [`Board`] trait: the only questions the grid algorithms (`grid`, `los`)
//! may ask of a battlefield. They never see how a map stores its layers (« bracket-lib
//! BaseMap » habit), so tests can hand them a tiny board built from ASCII art.

use std::fmt;

/// One square of the grid, as `(row, col)` from the top-left corner, both 0-based — the same
/// convention as the map YAML (`markers: { autel: [1, 16] }`) and the transcripts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Pos {
    pub row: u16,
    pub col: u16,
}

impl Pos {
    pub const fn new(row: u16, col: u16) -> Self {
        Self { row, col }
    }

    /// The square `(row + dr, col + dc)` when it lies on a board of `rows × cols`.
    #[inline]
    pub fn offset(self, dr: i32, dc: i32, rows: u16, cols: u16) -> Option<Pos> {
        let r = i32::from(self.row) + dr;
        let c = i32::from(self.col) + dc;
        if r < 0 || c < 0 || r >= i32::from(rows) || c >= i32::from(cols) {
            return None;
        }
        Some(Pos::new(r as u16, c as u16))
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({},{})", self.row, self.col)
    }
}

/// What grid algorithms need to know about a square. The validated map (`map::Map`) implements
/// it, and the tests an ASCII-art board; this leaf knows neither.
///
/// Cover values are PF1e cover bonuses to AC (« CRB — Cover »): 0 none, 2 partial, 4 standard,
/// 8 improved. A `blocks_los` square blocks line of effect and, for a line that only grazes
/// past it, counts as standard cover (the reference spec, « Carte (YAML) »).
pub trait Board {
    fn rows(&self) -> u16;
    fn cols(&self) -> u16;
    /// Movement cost of entering the square, in squares (1 normal, 2 difficult…);
    /// `None` when impassable.
    fn move_cost(&self, at: Pos) -> Option<u8>;
    /// True when the square is a solid barrier to line of effect.
    fn blocks_los(&self, at: Pos) -> bool;
    /// Terrain cover bonus granted by the square (0, 2, 4 or 8).
    fn cover_bonus(&self, at: Pos) -> u8;
    /// Ground height of the square, in levels (0–9).
    fn elevation(&self, at: Pos) -> u8;

    /// Row-major index of a square, for per-square tables.
    #[inline]
    fn index(&self, at: Pos) -> usize {
        usize::from(at.row) * usize::from(self.cols()) + usize::from(at.col)
    }

    /// Number of squares on the board.
    #[inline]
    fn len(&self) -> usize {
        usize::from(self.rows()) * usize::from(self.cols())
    }

    /// True when the board has no square (never true for a validated map).
    #[inline]
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The square at a row-major index.
    #[inline]
    fn pos_of(&self, index: usize) -> Pos {
        let cols = usize::from(self.cols());
        Pos::new((index / cols) as u16, (index % cols) as u16)
    }

    #[inline]
    fn contains(&self, at: Pos) -> bool {
        at.row < self.rows() && at.col < self.cols()
    }

    #[inline]
    fn passable(&self, at: Pos) -> bool {
        self.move_cost(at).is_some()
    }
}
