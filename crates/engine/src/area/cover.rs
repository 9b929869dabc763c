//! Cover against an area and where to aim one: the cover a caught creature has from the point
//! of origin and the Reflex bonus it earns (« CRB — Cover »: « Cover and Reflex Saves »), and
//! the candidate points of origin a casting policy scores. It owns no geometry of its own:
//! cover is `los`'s corner rule, measured from the origin an [`AreaSquares`] reports.
//!
//! [`AreaSquares`]: super::AreaSquares

use crate::board::{Board, Pos};
use crate::los::{Cover, CoverMode, cover, cover_from_point};
use crate::size::Size;

use super::{Intersection, Origin};

/// Terrain cover of a creature of `size` at `anchor` against an area from `origin` (take it
/// from [`AreaSquares::origin`](super::AreaSquares::origin)): from a point, the ranged corner
/// rule with that point as the only corner; from a creature (an area centred on it), the
/// ranged rule from its best corner. Soft cover from creatures never counts: « soft cover
/// provides no bonus on Reflex saves » (« CRB — Soft Cover »).
pub fn reflex_cover<B: Board + ?Sized>(
    board: &B,
    origin: Origin,
    anchor: Pos,
    size: Size,
) -> Cover {
    match origin {
        Origin::Point(point) => cover_from_point(board, point.xy(), anchor, size),
        Origin::Creature {
            anchor: from,
            size: from_size,
        } => cover(
            board,
            from,
            from_size,
            anchor,
            size,
            CoverMode::Ranged,
            |_| 0,
        ),
    }
}

/// The Reflex save bonus a cover level gives against an area (« CRB — Cover »: « Cover and
/// Reflex Saves »; the reference spec takes half the AC bonus): partial +1, standard +2,
/// improved +4. None and total cover give 0: a creature with total cover from the origin is
/// caught only by an area that ignores obstructions or turns corners (a cylinder, a spread),
/// which does not come at it through the barrier.
pub fn reflex_bonus(cover: Cover) -> i32 {
    match cover {
        Cover::None | Cover::Total => 0,
        Cover::Partial => 1,
        Cover::Standard => 2,
        Cover::Improved => 4,
    }
}

/// [`reflex_bonus`] of [`reflex_cover`]: the bonus a creature of `size` at `anchor` adds to
/// its Reflex save against an area from `origin`.
pub fn reflex_cover_bonus<B: Board + ?Sized>(
    board: &B,
    origin: Origin,
    anchor: Pos,
    size: Size,
) -> i32 {
    reflex_bonus(reflex_cover(board, origin, anchor, size))
}

/// Candidate points of origin for a burst meant to catch `targets` (anchor and size of each):
/// every intersection at a corner of one of their squares, row-major without duplicates, into
/// `out` (cleared first). Bounded: at most 49 per creature (a Colossal footprint's corners).
/// A point at a corner of a creature's square catches it with any burst of 5 ft or more
/// unless a barrier is in the way; the caller scores each candidate with
/// [`covered`](super::covered) and [`AreaSquares::caught`](super::AreaSquares::caught) and
/// keeps the best one in range.
pub fn burst_candidates<B: Board + ?Sized>(
    board: &B,
    targets: impl IntoIterator<Item = (Pos, Size)>,
    out: &mut Vec<Intersection>,
) {
    out.clear();
    for (anchor, size) in targets {
        let side = size.footprint();
        for row in anchor.row..=anchor.row.saturating_add(side) {
            for col in anchor.col..=anchor.col.saturating_add(side) {
                if row <= board.rows() && col <= board.cols() {
                    out.push(Intersection::new(row, col));
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
}
