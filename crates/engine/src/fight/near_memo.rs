//! The last approach planned (`path`'s [`Fight::plan_near`]) with the world it was planned
//! in: a policy weighing whether a move gets within reach and the move that follows plan the
//! same walk, so the second one reads the first. Keyed by everything the plan reads — the
//! mover, its target, its budget, the distance asked, the mover's square, and per unit its
//! square, whether it is on the battlefield and whether it stops its opponents (the walk's
//! only look at other creatures); the terrain is the scenario's. Owns this one entry.

use crate::board::Pos;

use super::detour::Approach;
use super::state::Fight;

/// Mover, target, budget in squares, distance asked in feet, the mover's square.
type NearKey = (usize, usize, u32, u32, Pos);

/// The last approach planned (one per fight; reused buffers).
#[derive(Debug, Default)]
pub struct NearMemo {
    key: Option<NearKey>,
    /// Per unit: square, on the battlefield, stops its opponents — when the plan was made.
    world: Vec<(Pos, bool, bool)>,
    path: Vec<Pos>,
    approach: Option<Approach>,
}

impl Fight<'_> {
    /// [`Fight::plan_near`]'s answer for `key` if it was the last one planned in the world as
    /// it stands, written into `path`.
    pub(super) fn recall_near(&self, key: NearKey, path: &mut Vec<Pos>) -> Option<Approach> {
        let memo = self.near_memo.borrow();
        if memo.key != Some(key) || !memo.world.iter().copied().eq(self.world_marks()) {
            return None;
        }
        path.clear();
        path.extend_from_slice(&memo.path);
        memo.approach
    }

    /// Remembers `path` and `approach` as the plan for `key` in the world as it stands.
    pub(super) fn remember_near(&self, key: NearKey, path: &[Pos], approach: Approach) {
        let mut memo = self.near_memo.borrow_mut();
        memo.key = Some(key);
        memo.world.clear();
        memo.world.extend(self.world_marks());
        memo.path.clear();
        memo.path.extend_from_slice(path);
        memo.approach = Some(approach);
    }
}
