//! Where a cone or a line starts and which way it heads (« CRB — Magic — Aiming a Spell »:
//! « It starts from any corner of your square »). It owns only the choice of the starting
//! corner and the heading, in exact integers; the shapes themselves live in `cone` and `line`.

use crate::board::Pos;
use crate::size::Size;

use super::{Aim, Intersection, Origin};

/// A directed template's start and heading.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Ray {
    /// The intersection it starts from.
    pub(super) start: Intersection,
    /// From the start toward the aimed point, in half squares as `(x, y)`; never zero.
    pub(super) heading: (i64, i64),
    /// The caster's footprint, whose squares the template never covers.
    pub(super) caster: Option<(Pos, Size)>,
}

impl Ray {
    /// The ray from `origin` toward `aim`, or `None` when there is no direction: the aim is
    /// the point of origin itself, or lies on the caster's footprint (edges included).
    ///
    /// From a creature, the start is the lattice point of its footprint's edge nearest to the
    /// aimed point — for a Medium creature one of its four corners, for a larger one any
    /// corner of one of its squares along its edge — ties going to the top-most, then
    /// left-most point.
    pub(super) fn new(origin: Origin, aim: Aim) -> Option<Ray> {
        let target = aim.doubled();
        let (start, caster) = match origin {
            Origin::Point(point) => (point, None),
            Origin::Creature { anchor, size } => {
                (facing_corner(anchor, size, target)?, Some((anchor, size)))
            }
        };
        let heading = (
            target.0 - 2 * i64::from(start.col),
            target.1 - 2 * i64::from(start.row),
        );
        (heading != (0, 0)).then_some(Ray {
            start,
            heading,
            caster,
        })
    }

    /// True when square `(row, col)` belongs to the caster.
    pub(super) fn is_caster_square(&self, row: i32, col: i32) -> bool {
        self.caster.is_some_and(|(anchor, size)| {
            let side = i32::from(size.footprint());
            let (top, left) = (i32::from(anchor.row), i32::from(anchor.col));
            (top..top + side).contains(&row) && (left..left + side).contains(&col)
        })
    }
}

/// The footprint's edge lattice point nearest to `target` (half squares), or `None` when the
/// target lies on the footprint.
fn facing_corner(anchor: Pos, size: Size, target: (i64, i64)) -> Option<Intersection> {
    let side = size.footprint();
    let (top, left) = (anchor.row, anchor.col);
    let (x_lo, x_hi) = (2 * i64::from(left), 2 * i64::from(left + side));
    let (y_lo, y_hi) = (2 * i64::from(top), 2 * i64::from(top + side));
    if (x_lo..=x_hi).contains(&target.0) && (y_lo..=y_hi).contains(&target.1) {
        return None;
    }
    let mut best: Option<(i64, Intersection)> = None;
    for row in top..=top + side {
        for col in left..=left + side {
            let on_edge = row == top || row == top + side || col == left || col == left + side;
            if !on_edge {
                continue;
            }
            let (dx, dy) = (target.0 - 2 * i64::from(col), target.1 - 2 * i64::from(row));
            let far = dx * dx + dy * dy;
            if best.is_none_or(|(nearest, _)| far < nearest) {
                best = Some((far, Intersection::new(row, col)));
            }
        }
    }
    best.map(|(_, corner)| corner)
}
