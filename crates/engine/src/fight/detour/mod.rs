//! Plans that go around the creatures in the way (« CRB — Moving Through a Square »; the
//! reference spec, « Mêlée — Mouvement »): when the greedy walk of `path` is stopped by a
//! creature it may not cross, an exact cost field from the mover — the squares of every
//! standing opponent as walls, allies and helpless opponents crossed — gives the cheapest way
//! to a square from which it strikes its target, or, when none is reachable, to the reachable
//! square nearest the target as the terrain alone counts it (where it will strike once the
//! blocker moves). The same field answers the policies' question « can I get there at all? »
//! ([`Approach`]); the cheap question before it — does one step already lead somewhere? — is
//! [`StepsToward`], a look at the mover's neighbours only. Owns these exact plans and their scratch ([`Detours`], one per fight,
//! allocated once, filled only when a walk is blocked); the greedy walk is `path`'s, and the
//! per-map terrain-only fields (`tables`) stay shared and untouched.
//!
//! The field last filled is kept with its answer while the world stands as it was, so that a
//! policy asking whether a move gets through and the move that follows read one field.
//!
//! A creature that cannot get anywhere stays stuck while nothing moves: the scratch remembers
//! who was found stuck against whom in the world as it stood (every unit's square and whether
//! its opponents may cross it), and answers again without a new field until that changes — a
//! stalemate costs the greedy look of each turn, not a field per turn.
//!
//! A mover cut off from every square to strike its target from (a crowd's back rank) would
//! fill the whole map to learn it, then pick the reachable square nearest the target. A fill
//! that runs long asks a flood first ([`CostField::reaches_on`]: the same steps without
//! costs, several times cheaper), and when the flood says « none », the nearest square is
//! read from the flood and the exact fill goes only as far as it: the same square and path,
//! on 48 creatures about half the work. When the target is hemmed in — no square of its
//! strike window is one to strike from, reachable or not — even the flood is skipped: the
//! nearest free squares are found ring by ring around the target, and the exact fill goes
//! to the first of them it reaches (the flood answers only when that square lies in a pocket
//! the mover cannot reach): 24 against 24 on 120×120, half the instructions again.
//!
//! Determinism: the field is the grid's Dijkstra (fixed neighbour order, ties on the state
//! index); destinations are minima over (cost, square index) or (terrain cost to the target,
//! cost, square index); the memory of stuck creatures answers exactly what a new field would
//! (it is keyed by everything the answer reads).

pub(super) mod memo;
pub(in crate::fight) mod outcome;

pub use outcome::{Approach, StepsToward, StrikeWindow};

use std::cell::RefMut;

use crate::board::{Board, Pos};
use crate::grid::{CostField, Footing, Ring, STEPS, Search, Window};
use crate::size::Size;

use super::state::Fight;
use memo::Detours;

/// States an exact detour fill settles without finding a square to strike from before it asks
/// the cheaper flood whether one is reachable at all (see [`Fight::strike_search`]): 64
/// measured best, as fast as flooding first on a crowd of 48 and a little faster on the quick
/// start, whose detours settle about 20 states.
const FLOOD_AFTER: usize = 64;

/// States the exact fill of [`Fight::nearer_unflooded`] settles, looking for the square it
/// picked, before it floods instead.
const NEARER_CAP: usize = 4096;

/// What [`Fight::strike_search`] found.
enum Strike {
    /// The first square to strike from, in the exact fill's order.
    From(Pos),
    /// Squares to strike from exist, none reachable: the exact fill, or the flood, is
    /// complete.
    Unreachable,
    /// No square of the strike window is one to strike from, reachable or not; neither the
    /// fill nor the flood is complete.
    Nowhere,
}
impl Fight<'_> {
    /// Whether a move of `u` toward `t` visibly gets somewhere, in one look at its
    /// neighbours (the half of `View::steps_toward` for a `u` that no 5-foot step brings
    /// within reach of `t`): a free step square nearer `t` on the terrain-only field, or a
    /// nearer neighbour `u` may cross (an ally's, a helpless opponent's) with a free square
    /// nearer still beyond it. The cheap sign, without planning; a longer queue of allies is
    /// left to the plan.
    pub fn steps_nearer(&self, u: usize, t: usize) -> bool {
        let size = self.info[u].size;
        let field = self
            .scenario
            .cache()
            .field_to(self.map, self.goal_anchor(u, t), size);
        let from = self.units[u].pos;
        let rest = |p: Pos, odd: bool| field[2 * self.map.index(p) + usize::from(odd)];
        let here = rest(from, false);
        let nearer = (self.five_foot_steps(u))
            .any(|n| rest(n, n.row != from.row && n.col != from.col) < here);
        if nearer {
            return true;
        }
        let (rows, cols) = (self.map.rows(), self.map.cols());
        let beyond = |n: Pos| {
            let there = rest(n, false);
            STEPS.iter().any(|&(dr, dc)| {
                n.offset(dr, dc, rows, cols).is_some_and(|m| {
                    m != from && rest(m, dr != 0 && dc != 0) < there && self.free_for(u, m, size)
                })
            })
        };
        STEPS.iter().any(|&(dr, dc)| {
            from.offset(dr, dc, rows, cols).is_some_and(|n| {
                rest(n, dr != 0 && dc != 0) < here
                    && !self.free_for(u, n, size)
                    && self.can_cross(u, n)
                    && beyond(n)
            })
        })
    }

    /// The exact plan of `u` toward `t` within `budget` squares, around the creatures it may
    /// not cross: toward the cheapest reachable square from which it strikes `t` and where it
    /// may end its move, else toward the reachable square nearest `t` by the terrain field
    /// when it is nearer than where `u` stands; fills `path` (start excluded, cut to the
    /// budget, its tail cut back to a square `u` may end on) and says which of the two it
    /// found.
    pub fn detour(&self, u: usize, t: usize, budget: u32, path: &mut Vec<Pos>) -> Approach {
        let (approach, dest, detours) = self.way(u, t);
        self.path_to(u, budget, &detours.field, dest, path);
        approach
    }

    /// Fills `path` with the way in `field` to `dest` (start excluded), cut to `u`'s `budget`
    /// and back to a square `u` may end on; empty without a `dest`.
    fn path_to(
        &self,
        u: usize,
        budget: u32,
        field: &CostField,
        dest: Option<Pos>,
        path: &mut Vec<Pos>,
    ) {
        path.clear();
        if let Some(dest) = dest
            && field.path_into(dest, path)
        {
            path.remove(0);
            self.cut_to_budget(u, budget, path);
            self.trim_to_free(u, path);
        }
    }

    /// [`Fight::detour`] the way it was first written, on a field of its own: the whole
    /// exact fill, then [`Fight::nearer_square`] — the reference the flood must agree with.
    #[cfg(test)]
    pub(in crate::fight) fn detour_by_full_fill(
        &self,
        u: usize,
        t: usize,
        budget: u32,
        path: &mut Vec<Pos>,
    ) -> Approach {
        let (from, size) = (self.units[u].pos, self.info[u].size);
        let strikes_from = |p: Pos| {
            (p == from || self.free_for(u, p, size)) && self.weapon_for_from(u, p, t).is_some()
        };
        let footings = self.scenario.cache().footings(self.map, size);
        let mut field = CostField::new(self.map.len());
        let blocked = |p| self.blocks(u, p);
        let strike = field.fill_on(self.map, footings, from, size, None, blocked, strikes_from);
        let (approach, dest) = match strike {
            Some(p) => (Approach::Strikes, Some(p)),
            None => self.nearer_square(u, t, &field),
        };
        self.path_to(u, budget, &field, dest, path);
        approach
    }

    /// [`Approach`] of `u` against `t`: whether some square from which it strikes `t` (any
    /// weapon: reach or range, and line of effect) is reachable on foot around the creatures
    /// it may not cross.
    pub fn approach(&self, u: usize, t: usize) -> Approach {
        if self.weapon_for(u, t).is_some() {
            return Approach::Strikes;
        }
        self.way(u, t).0
    }

    /// The detours' scratch, its memories forgotten unless the world stands as they saw it.
    fn synced_detours(&self) -> RefMut<'_, Detours> {
        let mut detours = self.detours.borrow_mut();
        detours.sync(self.world_marks());
        detours
    }

    /// The key of what `u` asks against `t` from where it stands (see `memo`).
    fn memo_key(&self, u: usize, t: usize) -> memo::FieldKey {
        let s = &self.units[u];
        (u, t, s.pos, s.arms, s.conds)
    }

    /// What the detour of `u` toward `t` finds and where it leads (see [`Fight::detour`]),
    /// with the scratch holding its field (filled unless `u` is known stuck).
    fn way(&self, u: usize, t: usize) -> (Approach, Option<Pos>, RefMut<'_, Detours>) {
        let mut detours = self.synced_detours();
        let from = self.units[u].pos;
        if detours.is_stuck(u, t, from) {
            return (Approach::Stuck, None, detours);
        }
        let key = self.memo_key(u, t);
        if let Some((approach, dest)) = detours.answer_for(&key) {
            return (approach, dest, detours);
        }
        let size = self.info[u].size;
        // Outside the window no usable weapon reaches `t`: a cheap test first.
        let window = self.strike_window(u, t);
        let strikes_from = |p: Pos| {
            window.admits(p)
                && (p == from || self.free_for(u, p, size))
                && self.weapon_for_from(u, p, t).is_some()
        };
        let footings = self.scenario.cache().footings(self.map, size);
        let blocked = |p| self.blocks(u, p);
        if !detours.field_is_for_mover(&key) {
            detours.field.start_on(self.map, from);
        }
        let field = &mut detours.field;
        let within = window.window();
        let strike = self.strike_search(field, footings, size, &blocked, within, strikes_from);
        let (approach, dest) = match strike {
            Strike::From(p) => (Approach::Strikes, Some(p)),
            Strike::Unreachable if detours.field.flood_complete() => {
                self.nearer_flooded(u, t, &mut detours.field, footings, blocked)
            }
            Strike::Unreachable => self.nearer_square(u, t, &detours.field),
            Strike::Nowhere => self.nearer_unflooded(u, t, &mut detours.field, footings, blocked),
        };
        if approach == Approach::Stuck {
            detours.stuck_at(u, t, from);
        }
        detours.filled_for(key, approach, dest);
        (approach, dest, detours)
    }

    /// The first square, in the order the exact fill settles them, that satisfies
    /// `strikes_from` in the forward fill held by `field` (started from the mover, goes on
    /// where an earlier question left it); `None` when no reachable square does. A fill that
    /// has settled [`FLOOD_AFTER`] more states without finding one first asks the flood
    /// ([`CostField::reaches_on`]) whether any is reachable at all: a crowd's blocked
    /// creature, cut off from every square around its target, would otherwise fill the
    /// whole map at full price to learn that none is (the same answer, the same settled
    /// order: the flood only decides whether to go on). `window`, when the mover's usable
    /// weapons reach four squares or less: `strikes_from` holds nowhere outside it, so the
    /// flood looks its answer up there instead of asking every square it reaches.
    fn strike_search(
        &self,
        field: &mut CostField,
        footings: &[Footing],
        size: Size,
        blocked: &impl Fn(Pos) -> bool,
        window: Option<Window>,
        strikes_from: impl Fn(Pos) -> bool,
    ) -> Strike {
        let map = self.map;
        let search = |field: &mut CostField, scan_settled: bool, cap: usize| {
            let stop = &strikes_from;
            field.search_on(map, footings, size, None, blocked, stop, scan_settled, cap)
        };
        let mut scan_settled = true;
        if !field.flood_complete() {
            let cap = field.settled_count().saturating_add(FLOOD_AFTER);
            match search(field, true, cap) {
                Search::Found(p) => return Strike::From(p),
                Search::Exhausted => return Strike::Unreachable,
                // Its settled states are looked at already.
                Search::Capped => scan_settled = false,
            }
            // A crowd's target hemmed in on every side: no square of the window to strike
            // from, reachable or not — the flood would cover the mover's whole side of the
            // board to say so.
            if let Some(w) = window
                && !(w.squares(map.rows(), map.cols())).any(&strikes_from)
            {
                return Strike::Nowhere;
            }
        }
        if !field.reaches_on(map, footings, size, blocked, window, &strikes_from) {
            return Strike::Unreachable;
        }
        match search(field, scan_settled, usize::MAX).found() {
            Some(p) => Strike::From(p),
            None => Strike::Unreachable,
        }
    }

    /// The terrain-only cost of `u`'s way from an anchor to `t` (the lower of its two 5-10-5
    /// parities; `u32::MAX` where the terrain leads nowhere).
    fn terrain_rest(&self, u: usize, t: usize) -> impl Fn(Pos) -> u32 + '_ {
        let terrain =
            (self.scenario.cache()).field_to(self.map, self.goal_anchor(u, t), self.info[u].size);
        move |p| {
            let i = self.map.index(p);
            terrain[2 * i].min(terrain[2 * i + 1])
        }
    }

    /// [`Fight::nearer_flooded`] without the flood, for a mover with no square to strike
    /// from anywhere ([`Strike::Nowhere`]): the lowest terrain cost `r` to `t` among the
    /// squares where `u` may end its move — reachable or not, looked at ring by ring around
    /// the goal (a square `k` rings out costs at least `k`: every step costs a square or
    /// more) —, then the exact fill's first reachable square of cost `r`. When one is found,
    /// `r` is also the lowest among the reachable squares, so it is `nearer_flooded`'s
    /// square; when the fill runs [`NEARER_CAP`] more states without one (the square of
    /// cost `r` lies in a pocket the mover cannot reach), the flood answers after all.
    fn nearer_unflooded(
        &self,
        u: usize,
        t: usize,
        field: &mut CostField,
        footings: &[Footing],
        blocked: impl Fn(Pos) -> bool,
    ) -> (Approach, Option<Pos>) {
        let (start, size) = (self.units[u].pos, self.info[u].size);
        let goal = self.goal_anchor(u, t);
        let rest = self.terrain_rest(u, t);
        let fits = |p: Pos| p == start || self.free_for(u, p, size);
        let here = rest(start);
        let (rows, cols) = (self.map.rows(), self.map.cols());
        let widest = u32::from(rows.max(cols));
        let mut lowest = u32::MAX;
        let mut k = 0u32;
        while k < lowest.min(here) && k < widest {
            let ring = Ring::around(goal, k).squares(rows, cols);
            if let Some(r) = ring.filter(|&p| fits(p)).map(&rest).min() {
                lowest = lowest.min(r);
            }
            k += 1;
        }
        if lowest >= here {
            return (Approach::Stuck, None);
        }
        let cap = field.settled_count().saturating_add(NEARER_CAP);
        let stop = |p: Pos| rest(p) == lowest && fits(p);
        match field.search_on(self.map, footings, size, None, &blocked, stop, true, cap) {
            Search::Found(p) => (Approach::Closer, Some(p)),
            Search::Exhausted => self.nearer_square(u, t, field),
            Search::Capped => {
                field.reaches_on(self.map, footings, size, &blocked, None, |_| false);
                self.nearer_flooded(u, t, field, footings, blocked)
            }
        }
    }

    /// [`Fight::nearer_square`] once the flood is complete, from it: the lowest terrain cost
    /// to `t` among the flooded squares where `u` may end its move (the reachable ones), then
    /// the first of them the exact fill settles — the cheapest, the lowest square index
    /// among equally cheap ones: the same square, without filling the rest of the map.
    fn nearer_flooded(
        &self,
        u: usize,
        t: usize,
        field: &mut CostField,
        footings: &[Footing],
        blocked: impl Fn(Pos) -> bool,
    ) -> (Approach, Option<Pos>) {
        let (start, size) = (self.units[u].pos, self.info[u].size);
        let rest = self.terrain_rest(u, t);
        let fits = |p: Pos| p == start || self.free_for(u, p, size);
        let best = (field.flooded(self.map))
            .filter(|&p| fits(p))
            .map(&rest)
            .min();
        let here = rest(start);
        let Some(r) = best.filter(|&r| r < here) else {
            return (Approach::Stuck, None);
        };
        let dest = field.search_on(
            self.map,
            footings,
            size,
            None,
            &blocked,
            |p| rest(p) == r && fits(p),
            true,
            usize::MAX,
        );
        match dest.found() {
            Some(p) => (Approach::Closer, Some(p)),
            None => (Approach::Stuck, None),
        }
    }

    /// Where the detour of `u` toward `t` leads in the complete `field` when no square from
    /// which it strikes `t` is reachable (see [`Fight::detour`]): the reachable square where
    /// it may end its move nearest `t` by the terrain field (ties: cost, then square index),
    /// when it is nearer than where `u` stands.
    fn nearer_square(&self, u: usize, t: usize, field: &CostField) -> (Approach, Option<Pos>) {
        let (start, size) = (self.units[u].pos, self.info[u].size);
        let terrain = self
            .scenario
            .cache()
            .field_to(self.map, self.goal_anchor(u, t), size);
        let rest = |i: usize| terrain[2 * i].min(terrain[2 * i + 1]);
        let mut nearer: Option<((u32, u32), Pos)> = None;
        for i in 0..self.map.len() {
            let p = self.map.pos_of(i);
            let Some(cost) = field.cost(p) else {
                continue;
            };
            if nearer.is_some_and(|(key, _)| (rest(i), cost) >= key)
                || !(p == start || self.free_for(u, p, size))
            {
                continue;
            }
            nearer = Some(((rest(i), cost), p));
        }
        let here = rest(self.map.index(start));
        match nearer {
            Some(((r, _), p)) if r < here => (Approach::Closer, Some(p)),
            _ => (Approach::Stuck, None),
        }
    }

    /// Cuts `path` (start excluded) where `u`'s movement `budget` runs out (exact 5-10-5 step
    /// costs along it).
    fn cut_to_budget(&self, u: usize, budget: u32, path: &mut Vec<Pos>) {
        let footings = self.footings(self.info[u].size);
        let cols = self.map.cols();
        let (mut from, mut odd, mut spent) = (self.units[u].pos, false, 0);
        for k in 0..path.len() {
            let to = path[k];
            match Self::step_on(footings, from, to, odd, cols) {
                Some(cost) if spent + cost <= budget => spent += cost,
                _ => {
                    path.truncate(k);
                    return;
                }
            }
            odd ^= from.row != to.row && from.col != to.col;
            from = to;
        }
    }
}
