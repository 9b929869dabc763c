//! The last approach planned (`path`'s `Fight::plan_near`) with the world it was planned
//! in: a policy weighing whether a move gets within reach and the move that follows plan the
//! same walk, so the second one reads the first. Keyed by everything the plan reads — the
//! mover, its target, its budget, the distance asked, the mover's square, and per unit its
//! square, whether it is on the battlefield and whether it stops its opponents (the walk's
//! only look at other creatures); the terrain is the scenario's. Owns this one entry; never
//! sees a fight.

use crate::board::Pos;

use super::detour::outcome::Approach;

/// Mover, target, budget in squares, distance asked in feet, the mover's square.
pub(super) type NearKey = (usize, usize, u32, u32, Pos);

/// The last approach planned (one per fight; reused buffers).
#[derive(Debug, Default)]
pub struct NearMemo {
    key: Option<NearKey>,
    /// Per unit: square, on the battlefield, stops its opponents — when the plan was made.
    world: Vec<(Pos, bool, bool)>,
    path: Vec<Pos>,
    approach: Option<Approach>,
}

impl NearMemo {
    /// The plan remembered for `key` if `world` is the world it was made in, written into
    /// `path`.
    pub(super) fn recall(
        &self,
        key: NearKey,
        world: impl Iterator<Item = (Pos, bool, bool)>,
        path: &mut Vec<Pos>,
    ) -> Option<Approach> {
        if self.key != Some(key) || !self.world.iter().copied().eq(world) {
            return None;
        }
        path.clear();
        path.extend_from_slice(&self.path);
        self.approach
    }

    /// Remembers `path` and `approach` as the plan for `key` in `world`.
    pub(super) fn remember(
        &mut self,
        key: NearKey,
        world: impl Iterator<Item = (Pos, bool, bool)>,
        path: &[Pos],
        approach: Approach,
    ) {
        self.key = Some(key);
        self.world.clear();
        self.world.extend(world);
        self.path.clear();
        self.path.extend_from_slice(path);
        self.approach = Some(approach);
    }
}
