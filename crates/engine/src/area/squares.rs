//! [`AreaSquares`]: the caller-owned scratch an area is written into and read from — a bit per
//! square of the board, the covered squares in row-major order, the origin cover is measured
//! from, and the spread's flood buffers. It owns only storage; the shapes decide what to mark.

use crate::board::{Board, Pos};
use crate::size::Size;

use super::Origin;
use super::spread::Flood;

/// The squares one area covers. Keep one per map and reuse it for every cast: [`covered`]
/// resizes it to the board (growing its buffers once) and never allocates after that.
///
/// [`covered`]: super::covered
#[derive(Clone, Debug, Default)]
pub struct AreaSquares {
    rows: u16,
    cols: u16,
    /// One bit per square, row-major.
    bits: Vec<u64>,
    /// The covered squares, row-major; rebuilt from `bits` by `finish`.
    list: Vec<Pos>,
    origin: Option<Origin>,
    pub(super) flood: Flood,
}

impl AreaSquares {
    /// Empty scratch; it grows on the first [`covered`](super::covered).
    pub fn new() -> Self {
        Self::default()
    }

    /// Scratch already sized for `board`.
    pub fn for_board<B: Board + ?Sized>(board: &B) -> Self {
        let mut squares = Self::new();
        squares.reset(board);
        squares.flood.prepare(board);
        squares
    }

    /// True when square `at` is covered.
    pub fn contains(&self, at: Pos) -> bool {
        at.row < self.rows && at.col < self.cols && {
            let index = self.index(at);
            self.bits[index / 64] & (1 << (index % 64)) != 0
        }
    }

    /// The covered squares, row-major.
    pub fn squares(&self) -> &[Pos] {
        &self.list
    }

    pub fn len(&self) -> usize {
        self.list.len()
    }

    pub fn is_empty(&self) -> bool {
        self.list.is_empty()
    }

    /// Where the area comes from, for cover against it ([`reflex_cover`]): the origin given
    /// for bursts, spreads, emanations and cylinders, the corner a cone or line starts from.
    /// `None` when a cone or line had no direction.
    ///
    /// [`reflex_cover`]: super::reflex_cover
    pub fn origin(&self) -> Option<Origin> {
        self.origin
    }

    /// True when a creature of `size` anchored at `anchor` is caught: any square of its
    /// footprint is covered (the reference spec: « Toute créature dont une case occupée
    /// intersecte le gabarit subit l'effet »).
    pub fn caught(&self, anchor: Pos, size: Size) -> bool {
        size.squares(anchor).any(|at| self.contains(at))
    }

    /// Clears the area and sizes it to `board`.
    pub(super) fn reset<B: Board + ?Sized>(&mut self, board: &B) {
        (self.rows, self.cols) = (board.rows(), board.cols());
        self.bits.clear();
        self.bits.resize(board.len().div_ceil(64), 0);
        self.list.clear();
        self.origin = None;
    }

    pub(super) fn set_origin(&mut self, origin: Origin) {
        self.origin = Some(origin);
    }

    /// Marks square `at` (on the board) as covered.
    pub(super) fn mark(&mut self, at: Pos) {
        let index = self.index(at);
        self.bits[index / 64] |= 1 << (index % 64);
    }

    /// Lists the marked squares in row-major order.
    pub(super) fn finish(&mut self) {
        let cols = usize::from(self.cols);
        for (word_index, &word) in self.bits.iter().enumerate() {
            let mut word = word;
            while word != 0 {
                let index = word_index * 64 + word.trailing_zeros() as usize;
                self.list
                    .push(Pos::new((index / cols) as u16, (index % cols) as u16));
                word &= word - 1;
            }
        }
    }

    fn index(&self, at: Pos) -> usize {
        usize::from(at.row) * usize::from(self.cols) + usize::from(at.col)
    }
}
