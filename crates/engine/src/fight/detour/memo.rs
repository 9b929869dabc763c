//! The detours' scratch of one fight (`detour`): the exact cost field a blocked walk is
//! planned in, and the memory of the creatures found stuck — keyed by the world as it stood
//! (every unit's square, whether it is on the battlefield, whether it stops its opponents), so
//! that it answers exactly what a new field would while nothing changes. Allocated once per
//! batch; never sees a fight.

use crate::board::Pos;
use crate::grid::CostField;
use crate::rules::ConditionSet;

use super::super::arms::Arms;
use super::outcome::Approach;

/// Whom the field in the scratch was last filled for: the mover, its target, its square, and
/// what its answer also reads of the mover (its weapons' state and its conditions).
pub(super) type FieldKey = (usize, usize, Pos, Arms, ConditionSet);

/// The detours' scratch of one fight.
#[derive(Debug, Default)]
pub struct Detours {
    pub(super) field: CostField,
    /// Per unit: its square, on the battlefield, stops its opponents (active, not helpless),
    /// when `stuck` was found.
    world: Vec<(Pos, bool, bool)>,
    /// (mover, target, the mover's square) found stuck in `world`.
    stuck: Vec<(usize, usize, Pos)>,
    /// The field's key and its answer in `world`: a policy's question and the move that
    /// follows it read one field.
    last: Option<(FieldKey, Approach, Option<Pos>)>,
    /// Whose field the scratch holds in `world` — the mover, its square, its weapons' state
    /// and conditions (all the fill reads of the mover) — so that the same mover asking
    /// about another target goes on with that field (`CostField::resume_on`) instead of
    /// filling anew: a crowd's blocked creature weighs every enemy on one field.
    owner: Option<(usize, Pos, Arms, ConditionSet)>,
}

impl Detours {
    /// Forgets the stuck creatures unless `world` (per unit: square, on the battlefield, stops
    /// its opponents) is the world they were found in.
    pub(super) fn sync(&mut self, world: impl ExactSizeIterator<Item = (Pos, bool, bool)> + Clone) {
        let same = self.world.len() == world.len() && self.world.iter().copied().eq(world.clone());
        if !same {
            self.world.clear();
            self.world.extend(world);
            self.stuck.clear();
            self.last = None;
            self.owner = None;
        }
    }

    /// The answer of the field last filled, if it was for `key` in the current world.
    pub(super) fn answer_for(&self, key: &FieldKey) -> Option<(Approach, Option<Pos>)> {
        let (k, approach, dest) = self.last.as_ref()?;
        (k == key).then_some((*approach, *dest))
    }

    /// The field now holds the answer for `key` in the current world.
    pub(super) fn filled_for(&mut self, key: FieldKey, approach: Approach, dest: Option<Pos>) {
        self.last = Some((key, approach, dest));
        let (mover, _, from, arms, conds) = key;
        self.owner = Some((mover, from, arms, conds));
    }

    /// The field in the scratch was filled from the mover of `key` as it stands now, in the
    /// current world (whatever its target): it may be resumed for another target.
    pub(super) fn field_is_for_mover(&self, key: &FieldKey) -> bool {
        let (mover, _, from, arms, conds) = *key;
        self.owner == Some((mover, from, arms, conds))
    }

    /// `mover` at `from` was found stuck against `target` in the current world.
    pub(super) fn is_stuck(&self, mover: usize, target: usize, from: Pos) -> bool {
        self.stuck.contains(&(mover, target, from))
    }

    /// Remembers that `mover` at `from` is stuck against `target` in the current world.
    pub(super) fn stuck_at(&mut self, mover: usize, target: usize, from: Pos) {
        self.stuck.push((mover, target, from));
    }
}
