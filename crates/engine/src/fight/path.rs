//! Paths and walks (the reference spec, « Mêlée — Mouvement », « Charge », « Retraite »,
//! « Course », « Pas de placement »; CRB « Move Actions », « Charge », « Withdraw », « Run »,
//! « 5-Foot Step »): where a move, a charge, a run, a withdrawal or a 5-foot step can take a
//! creature, and the walk along a planned path. Owns the geometry of movement; which action
//! moves is the action families' business (`action::movement`), and who strikes a mover is
//! `aoo`'s.
//!
//! Paths follow the scenario's terrain-only cost field toward the target (exact 5-10-5 costs,
//! climbing included): each step goes to the neighbour with the cheapest remaining cost that
//! the mover may enter, and the walk stops as soon as the goal holds (the target can be
//! attacked) or the budget is spent. « CRB — Moving Through a Square »: a mover passes through
//! an ally's square and through a helpless opponent's (dying, stable, unconscious, dead, or
//! under a helpless condition — paralyzed, asleep, helpless) without penalty, never through a
//! standing opponent's. Creatures are avoided locally (the next-best neighbour that still makes
//! progress); when a creature it may not cross stops every such step, the walk is planned
//! again exactly around the creatures in the way (`detour`). A walk never ends on an occupied
//! square (the tail is cut back) — simplified: the CRB lets a mover end in a helpless
//! creature's square, the occupancy grid holds one creature a square. Each step out of a
//! square threatened by an enemy provokes one attack of opportunity from that enemy per round;
//! the 5-foot step never provokes, withdraw does not from its first square.
//!
//! Co-occupation (the reference spec, « Tailles et occupation multi-cases »; CRB « Big and
//! Little Creatures in Combat »: « Tiny, Diminutive, and Fine creatures [...] must enter an
//! opponent's square to attack in melee »): a square only blocks a mover whose occupancy layer
//! its occupant shares ([`crate::size::Size::can_cooccupy`]) — a Tiny-or-smaller creature
//! passes through and ends its move in the square of a creature of another size, friend or
//! enemy, and a larger one in a Tiny's square. Entering a square provokes nothing new: the step
//! out of a threatened square provokes as always (a 5-foot step into the square never does). A
//! charge line stays clear of every creature, whatever its size, except the target.

use crate::board::{Board, Pos};
use crate::grid::{Footing, STEPS, Window, bresenham_into, step_dir};
use crate::rng::Roller;
use crate::rules::flag;
use crate::size::Size;

use super::detour::{Approach, StrikeWindow};
use super::log::{Sink, log};
use super::state::Fight;

/// How a walk ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Walked {
    /// Squares actually moved.
    pub squares: usize,
    /// The mover is still able to act.
    pub standing: bool,
}

/// What a greedy walk stopped by creatures does ([`Fight::plan_greedy`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OnBlock {
    /// Ends where it is stopped ([`Approach::Stuck`]).
    Stop,
    /// Is planned again around the creatures ([`Fight::detour`]).
    Detour,
    /// Only whether it strikes is asked: planned again around the creatures unless no square
    /// to strike from can be free ([`Fight::may_strike_from_near`]), then `Stuck`.
    DetourIfItMayStrike,
}

impl Fight<'_> {
    /// The map's [`Footing`] table for a footprint of `size`: each anchor's terrain and the
    /// exact cost of each step out of it ([`crate::grid::step_cost`]), computed once per map.
    pub(super) fn footings(&self, size: Size) -> &[Footing] {
        self.scenario.cache().footings(self.map, size)
    }

    /// [`crate::grid::step_cost`] of the step `from` → `to` from the `footings` table of the
    /// mover's size.
    #[inline]
    pub(super) fn step_on(
        footings: &[Footing],
        from: Pos,
        to: Pos,
        odd: bool,
        cols: u16,
    ) -> Option<u32> {
        let index = usize::from(from.row) * usize::from(cols) + usize::from(from.col);
        footings[index].step(step_dir(from, to)?, odd)
    }

    /// « CRB — Helpless Defenders »: `u` lies at its opponents' mercy — alive but out of the
    /// fight (dying, stable, unconscious) or under a helpless condition (paralyzed, asleep,
    /// helpless). The dead and the absent are not.
    pub fn helpless(&self, u: usize) -> bool {
        let state = &self.units[u];
        !state.dead && !state.absent && !self.stands(u)
    }

    /// `u` stands in its opponents' way: active and not under a helpless condition.
    #[inline]
    pub(super) fn stands(&self, u: usize) -> bool {
        self.units[u].active() && !self.units[u].conds.any(flag::HELPLESS)
    }

    /// `mover` may walk through the square of unit `o` (« CRB — Moving Through a Square »):
    /// its own, an ally's, or a helpless or dead opponent's — a body is never a wall.
    #[inline]
    fn passes(&self, mover: usize, o: usize) -> bool {
        o == mover || !self.enemies(mover, o) || !self.stands(o)
    }

    /// A creature `mover` may not cross stands on `at` (in the mover's occupancy layer).
    #[inline]
    pub(super) fn blocks(&self, mover: usize, at: Pos) -> bool {
        let layer = self.info[mover].size.occupancy_layer();
        self.occupant(at, layer)
            .is_some_and(|o| !self.passes(mover, o))
    }

    /// Cuts the tail of `path` back to the last square where `u` may end its move: never on
    /// the square of another creature it cannot share a square with (« CRB — Moving Through a
    /// Square »; co-occupation).
    pub(super) fn trim_to_free(&self, u: usize, path: &mut Vec<Pos>) {
        let size = self.info[u].size;
        while let Some(&last) = path.last() {
            if self.free_for(u, last, size) {
                break;
            }
            path.pop();
        }
    }

    /// The mover may put its footprint at `at` while walking (passable; no standing enemy;
    /// allies and helpless enemies only to pass through). Only creatures of the mover's
    /// occupancy layer count: one it may share a square with never blocks, friend or enemy.
    #[inline]
    pub(super) fn can_cross(&self, mover: usize, at: Pos) -> bool {
        let size = self.info[mover].size;
        if size.footprint() == 1 {
            return self.map.contains(at) && self.map.passable(at) && !self.blocks(mover, at);
        }
        size.squares(at)
            .all(|p| self.map.contains(p) && self.map.passable(p) && !self.blocks(mover, p))
    }

    /// The goal square of `u`'s cost field toward unit `t`: `t`'s anchor, or for a mover
    /// larger than 1×1 the first anchor up and left of it (row by row) whose footprint covers
    /// that square and fits on the terrain — a Large mover's field toward a target standing
    /// against a wall would otherwise be empty. `t`'s anchor when no footprint fits.
    pub(super) fn goal_anchor(&self, u: usize, t: usize) -> Pos {
        let size = self.info[u].size;
        let target = self.units[t].pos;
        let side = i32::from(self.info[u].footprint);
        if side == 1 {
            return target;
        }
        (0..side)
            .flat_map(|dr| (0..side).map(move |dc| (dr, dc)))
            .filter_map(|(dr, dc)| target.offset(-dr, -dc, self.map.rows(), self.map.cols()))
            .find(|&p| {
                size.squares(p)
                    .all(|q| self.map.contains(q) && self.map.passable(q))
            })
            .unwrap_or(target)
    }

    /// Plans a path for `u` toward unit `t` within `budget` squares of movement, stopping where
    /// `u` can strike `t` ([`Fight::weapon_for_from`]); fills `path` (start excluded). Greedy
    /// on the terrain field; when a creature `u` may not cross refuses every step that would
    /// make progress within the budget, the exact plan around the creatures in the way
    /// ([`Fight::detour`]) replaces it, and says what it found. A walk no creature stopped is
    /// [`Approach::Strikes`] — it ends where `u` strikes `t` or on its way there, as far as the
    /// terrain says —, one the terrain itself stops before is [`Approach::Stuck`].
    pub fn plan_toward(&self, u: usize, t: usize, budget: u32, path: &mut Vec<Pos>) -> Approach {
        let goal = |f: &Self, p: Pos| f.weapon_for_from(u, p, t).is_some();
        self.plan_greedy(u, t, budget, goal, OnBlock::Detour, path)
    }

    /// `plan_toward(u, t, budget, path) == Approach::Strikes`, without the exact field of a
    /// detour when no square to strike `t` from can be free ([`Fight::may_strike_from_near`]):
    /// a policy weighing every enemy of a crowd asks this of each. `path` is left in any state.
    pub fn walk_strikes(&self, u: usize, t: usize, budget: u32, path: &mut Vec<Pos>) -> bool {
        let goal = |f: &Self, p: Pos| f.weapon_for_from(u, p, t).is_some();
        self.plan_greedy(u, t, budget, goal, OnBlock::DetourIfItMayStrike, path)
            == Approach::Strikes
    }

    /// Some anchor from which `u` would strike `t` may be free for it — its own square, or one
    /// it may stand on, with a usable weapon reaching `t` from there and line of effect (the
    /// squares a detour looks for): false only when every such anchor is taken, so that no
    /// detour can strike. True without looking when a usable weapon reaches farther than four
    /// squares (a ranged one: too many anchors to look at).
    pub(super) fn may_strike_from_near(&self, u: usize, t: usize) -> bool {
        let (from, size) = (self.units[u].pos, self.info[u].size);
        match self.strike_window(u, t) {
            StrikeWindow::Nowhere => false,
            StrikeWindow::Far => true,
            StrikeWindow::Within(window) => {
                (window.squares(self.map.rows(), self.map.cols())).any(|p| {
                    (p == from || self.free_for(u, p, size))
                        && self.weapon_for_from(u, p, t).is_some()
                })
            }
        }
    }

    /// Where the anchors lie from which `u` may strike `t` with a weapon it can use now.
    pub(super) fn strike_window(&self, u: usize, t: usize) -> StrikeWindow {
        let info = &self.info[u];
        let square = self.map.square_size_ft().max(1);
        let Some(max_ft) = (0..info.weapons.len())
            .filter(|&w| self.weapon_usable(u, w))
            .map(|w| {
                let weapon = &info.weapons[w];
                if weapon.melee {
                    weapon.reach_max_ft
                } else {
                    weapon.max_range_ft
                }
            })
            .max()
        else {
            return StrikeWindow::Nowhere;
        };
        if max_ft > 4 * square {
            return StrikeWindow::Far;
        }
        // Distances are at least the gap on each axis: anchors farther than the reach on
        // either axis strike nothing.
        let reach_sq = (max_ft / square) as i32;
        StrikeWindow::Within(Window {
            center: self.units[t].pos,
            lo: -(reach_sq + i32::from(info.footprint) - 1),
            hi: reach_sq + i32::from(self.info[t].footprint) - 1,
        })
    }

    /// Plans a path for `u` toward unit `t`, friend or foe, within `budget` squares, stopping
    /// where `u` stands within `within_ft` of `t` with line of effect (an approach to touch an
    /// ally or to bring a spell within range). Greedy on the terrain field like
    /// [`Fight::plan_toward`], without its detour: a walk creatures stop ends where it is
    /// stopped ([`Approach::Stuck`]).
    pub fn plan_near(
        &self,
        u: usize,
        t: usize,
        budget: u32,
        within_ft: u32,
        path: &mut Vec<Pos>,
    ) -> Approach {
        let key = (u, t, budget, within_ft, self.units[u].pos);
        let recalled = (self.near_memo.borrow()).recall(key, self.world_marks(), path);
        if let Some(approach) = recalled {
            return approach;
        }
        let goal = |f: &Self, p: Pos| {
            f.distance_ft_from(u, p, t) <= within_ft && f.has_line_of_effect_from(u, p, t)
        };
        let approach = self.plan_greedy(u, t, budget, goal, OnBlock::Stop, path);
        (self.near_memo.borrow_mut()).remember(key, self.world_marks(), path, approach);
        approach
    }

    /// Per unit, what a walk reads of it: its square, whether it is on the battlefield, and
    /// whether it stops its opponents (active, not helpless).
    pub(super) fn world_marks(
        &self,
    ) -> impl ExactSizeIterator<Item = (Pos, bool, bool)> + Clone + '_ {
        (0..self.units.len()).map(|o| {
            let s = &self.units[o];
            (s.pos, !s.absent, self.stands(o))
        })
    }

    /// The greedy walk of [`Fight::plan_toward`] toward `goal`; `on_block` says what a walk
    /// blocked by creatures does.
    fn plan_greedy(
        &self,
        u: usize,
        t: usize,
        budget: u32,
        goal: impl Fn(&Self, Pos) -> bool,
        on_block: OnBlock,
        path: &mut Vec<Pos>,
    ) -> Approach {
        path.clear();
        let size = self.info[u].size;
        let field = self
            .scenario
            .cache()
            .field_to(self.map, self.goal_anchor(u, t), size);
        let footings = self.footings(size);
        // Per direction of `STEPS`, the step's offset in square indices.
        let cols = isize::try_from(self.map.cols()).unwrap_or(isize::MAX);
        let offsets = STEPS.map(|(dr, dc)| dr as isize * cols + dc as isize);
        let mut cur = self.units[u].pos;
        let mut odd = false;
        let mut spent = 0;
        while !goal(self, cur) || (cur != self.units[u].pos && !self.free_for(u, cur, size)) {
            let i = self.map.index(cur);
            let here = field[2 * i + usize::from(odd)];
            let footing = footings[i];
            let mut best: Option<(u32, u32, Pos, bool, u32)> = None;
            let (mut blocked, mut spent_all) = (false, false);
            for (d, (dr, dc)) in STEPS.into_iter().enumerate() {
                // Cheap tests first: the terrain allows the step (then it stays on the board,
                // at index `i + offsets[d]`), and it makes progress on the field.
                let Some(cost) = footing.step(d, odd) else {
                    continue;
                };
                let n_odd = odd ^ (dr != 0 && dc != 0);
                let rest = field[2 * i.wrapping_add_signed(offsets[d]) + usize::from(n_odd)];
                if rest == u32::MAX || rest >= here {
                    continue;
                }
                if spent + cost > budget {
                    spent_all = true;
                    continue;
                }
                let n = Pos::new(
                    (i32::from(cur.row) + dr) as u16,
                    (i32::from(cur.col) + dc) as u16,
                );
                if !self.can_cross(u, n) {
                    blocked = true;
                    continue;
                }
                let key = (cost + rest, rest);
                if best.is_none_or(|(a, b, _, _, _)| key < (a, b)) {
                    best = Some((key.0, key.1, n, n_odd, cost));
                }
            }
            let Some((_, _, n, n_odd, cost)) = best else {
                if blocked && on_block != OnBlock::Stop {
                    if on_block == OnBlock::DetourIfItMayStrike && !self.may_strike_from_near(u, t)
                    {
                        // No detour could strike: it would say Closer or Stuck.
                        return Approach::Stuck;
                    }
                    return self.detour(u, t, budget, path);
                }
                if blocked {
                    self.trim_to_free(u, path);
                    return Approach::Stuck;
                }
                if !spent_all {
                    self.trim_to_free(u, path);
                    return Approach::Stuck;
                }
                break;
            };
            spent += cost;
            odd = n_odd;
            cur = n;
            path.push(n);
        }
        self.trim_to_free(u, path);
        Approach::Strikes
    }

    /// Walks `u` along `path`, with the attacks of opportunity of each square it leaves
    /// (except the first when `safe_start`). Stops early when the mover drops; one dropped
    /// while passing through an ally's square falls back to the last square it could end on.
    pub fn walk<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        path: &[Pos],
        safe_start: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> Walked {
        let size = self.info[u].size;
        let mut moved = 0;
        let mut last_free = self.units[u].pos;
        for (i, &next) in path.iter().enumerate() {
            if !(safe_start && i == 0) {
                self.provoke_leaving(u, dice, sink);
                if !self.units[u].active() {
                    if self.units[u].pos != last_free {
                        self.relocate(u, last_free);
                    }
                    return Walked {
                        squares: moved,
                        standing: false,
                    };
                }
            }
            self.relocate(u, next);
            moved += 1;
            if self.free_for(u, next, size) {
                last_free = next;
            }
            // What entering the square sets off: readied actions, hidden creatures seen.
            if !self.stepped(u, last_free, dice, sink) {
                return Walked {
                    squares: moved,
                    standing: false,
                };
            }
        }
        Walked {
            squares: moved,
            standing: true,
        }
    }

    pub fn log_path<S: Sink>(&self, u: usize, what: &str, path: &[Pos], sink: &mut S) {
        if S::ON {
            let mut text = format!("{what} {}", self.units[u].pos);
            for p in path {
                text.push_str(&format!("->{p}"));
            }
            if path.is_empty() {
                text.push_str(" (no way forward)");
            }
            log!(S, sink, Some(self.round), Some(self.id(u)), "{text}");
        }
    }

    /// The square of a 5-foot step from which `u` can attack `t`: a neighbour entered at a cost
    /// of exactly one square (no difficult terrain, no climbing), corner rule respected, free.
    /// None for a creature of 5 ft of speed or less (« CRB — 5-Foot Step: any creature with a
    /// speed of 5 feet or less can't take a 5-foot step »).
    pub fn step_to_attack(&self, u: usize, t: usize) -> Option<Pos> {
        self.five_foot_steps(u)
            .find(|&n| self.weapon_for_from(u, n, t).is_some())
    }

    /// Every square `u` may take a 5-foot step to, in the fixed neighbour order (row by row:
    /// up-left, up, up-right, left, right, down-left, down, down-right): entered at a cost of
    /// exactly one square, corner rule respected, free. None for a creature of 5 ft of speed or
    /// less.
    pub fn five_foot_steps(&self, u: usize) -> impl Iterator<Item = Pos> + '_ {
        let able = self.info[u].speed_squares * self.map.square_size_ft() > 5;
        let size = self.info[u].size;
        let from = self.units[u].pos;
        let footing = self.footings(size)[self.map.index(from)];
        STEPS
            .iter()
            .enumerate()
            .filter(move |_| able)
            .filter(move |&(d, _)| footing.step(d, false) == Some(1))
            .filter_map(move |(_, &(dr, dc))| from.offset(dr, dc, self.map.rows(), self.map.cols()))
            .filter(move |&n| self.free_for(u, n, size))
    }

    /// « CRB — Charge »: the closest square from which `u` can strike `t` in melee, reached by
    /// a clear straight line of 2 squares to 2× speed (no difficult terrain, no creature, no cut
    /// corner). Fills `path` with the line (start excluded).
    pub fn charge_line(&self, u: usize, t: usize, path: &mut Vec<Pos>) -> bool {
        path.clear();
        let size = self.info[u].size;
        let from = self.units[u].pos;
        let info = &self.info[u];
        // A charge starts with line of effect to the target (« CRB — Charge »: a clear path
        // toward it); checking it first keeps the search below off most turns.
        if !info.has_melee || !self.has_line_of_effect_from(u, from, t) {
            return false;
        }
        let reach_sq = info
            .weapons
            .iter()
            .filter(|w| w.melee)
            .map(|w| w.reach_max_ft.max(5))
            .max()
            .unwrap_or(5)
            / self.map.square_size_ft().max(1);
        let tp = self.units[t].pos;
        let square = self.map.square_size_ft().max(1);
        // Too far for any line of 2× speed to end within reach: no scan.
        let gap = self.distance_ft(u, t) / square;
        let speed = self.move_squares(u);
        if gap > 2 * speed + reach_sq {
            return false;
        }
        // The anchors whose footprint comes within reach of the target's: more than the
        // reach away on either axis is out of reach (distances are at least the gap on each
        // axis).
        let (lo, hi) = (
            -(reach_sq as i32 + i32::from(info.footprint) - 1),
            reach_sq as i32 + i32::from(self.info[t].footprint) - 1,
        );
        // « You must move to the closest space from which you can attack »: find the closest
        // distance, then take the first such space (row, col order) with a clear line. One
        // pass keeps, in that order, the spaces at the closest distance found so far (a
        // closer space that fits starts the list again): those nearer than the best so far
        // are tested as they come; the others at the same distance are tested only if the
        // list is still theirs at the end. A square farther, or beyond 2× speed, is skipped.
        let on_map = |c: i32, n: u16| (c + lo).max(0)..=(c + hi).min(i32::from(n) - 1);
        let rows = on_map(i32::from(tp.row), self.map.rows());
        let cols = on_map(i32::from(tp.col), self.map.cols());
        let squares = || {
            let cols = cols.clone();
            (rows.clone())
                .flat_map(move |r| cols.clone().map(move |c| Pos::new(r as u16, c as u16)))
        };
        let fits = |p: Pos| {
            let to_target = self.distance_ft_from(u, p, t);
            info.weapons
                .iter()
                .any(|w| w.melee && Self::weapon_band(w, to_target))
                && self.free_for(u, p, size)
                && self
                    .weapon_for_from(u, p, t)
                    .is_some_and(|w| info.weapons[w].melee)
        };
        // A 1×1 charger: when the terrain leaves no line of 2 squares to 2× speed to any
        // space of the window, no space can have a clear line, whatever stands where.
        if self.kept_charge_lines(u)
            && !squares().any(|p| {
                crate::grid::distance_squares(from, p) <= 2 * speed
                    && (self.charge_terrain(u, from, p))
                        .is_some_and(|spent| (2..=2 * speed).contains(&spent))
            })
        {
            return false;
        }
        /// Spaces kept at the closest distance; more (a big target) and a second pass looks
        /// for them again.
        const CHARGE_ENDS: usize = 16;
        // Each kept space, and whether it is known to fit (else not tested yet).
        let mut best = [(tp, false); CHARGE_ENDS];
        let (mut kept, mut overflow) = (0, false);
        let mut closest = u32::MAX;
        for p in squares() {
            let d = crate::grid::distance_squares(from, p);
            if d > closest || d > 2 * speed {
                continue;
            }
            if d < closest {
                if !fits(p) {
                    continue;
                }
                (closest, kept, overflow) = (d, 0, false);
            }
            if kept < CHARGE_ENDS {
                best[kept] = (p, kept == 0);
                kept += 1;
            } else {
                overflow = true;
            }
        }
        if closest == u32::MAX {
            return false;
        }
        if !overflow {
            return (best[..kept].iter()).any(|&(dest, fit)| {
                (fit || fits(dest)) && self.clear_charge_line(u, t, dest, path)
            });
        }
        squares()
            .filter(|&p| crate::grid::distance_squares(from, p) == closest && fits(p))
            .any(|dest| self.clear_charge_line(u, t, dest, path))
    }

    /// The straight line from `u` to `dest` is clear for a charge (no difficult terrain, no
    /// creature but the target `t` — a Tiny charger ends in its target's square —, no cut
    /// corner) and 2 squares to 2× speed long; fills `path` when it is. A 1×1 charger on a
    /// map whose scenario keeps charge lines (`tables`) reads what the terrain says of the
    /// line ([`Fight::charge_terrain`]) and then looks at the creatures on it; any other walks
    /// the line once for both.
    pub(super) fn clear_charge_line(
        &self,
        u: usize,
        t: usize,
        dest: Pos,
        path: &mut Vec<Pos>,
    ) -> bool {
        path.clear();
        let size = self.info[u].size;
        let from = self.units[u].pos;
        let longest = 2 * self.move_squares(u);
        let mut clear = |b: Pos| {
            let clear = self.free_for(u, b, size)
                && (self.small_occupancy.is_empty()
                    || size
                        .squares(b)
                        .all(|p| self.units_at(p).all(|o| o == u || o == t)));
            if clear {
                path.push(b);
            }
            clear
        };
        if !self.kept_charge_lines(u) {
            return (self.walk_charge_line(size, from, dest, clear))
                .is_some_and(|spent| (2..=longest).contains(&spent));
        }
        let Some(spent) = self.charge_terrain(u, from, dest) else {
            return false;
        };
        if !(2..=longest).contains(&spent) {
            return false;
        }
        let mut line = self.line_scratch.borrow_mut();
        bresenham_into(from, dest, &mut line);
        line[1..].iter().all(|&b| clear(b))
    }

    /// The scenario keeps what the terrain says of `u`'s charge lines: `u` is 1×1 and the map
    /// small enough (`tables`).
    pub(super) fn kept_charge_lines(&self, u: usize) -> bool {
        self.info[u].footprint == 1 && self.scenario.cache().keeps_charge_lines()
    }

    /// What the terrain alone says of the straight line `u` would charge along from `from` to
    /// `dest` ([`Fight::walk_charge_line`] with no creature looked at): its cost in squares,
    /// or `None`; kept per scenario for a 1×1 charger on a small map (a pure function of the
    /// map).
    pub(super) fn charge_terrain(&self, u: usize, from: Pos, dest: Pos) -> Option<u32> {
        let size = self.info[u].size;
        let walk = || self.walk_charge_line(size, from, dest, |_| true);
        if self.info[u].footprint == 1 {
            (self.scenario.cache()).charge_terrain(self.map, from, dest, walk)
        } else {
            walk()
        }
    }

    /// Walks the straight line (`grid::bresenham_into`) a footprint of `size` would charge
    /// from `from` to `dest`, asking `enter` of each square after the start once the terrain
    /// allows the step: its cost in squares (5-10-5) when every step is a plain step (no cut
    /// corner, no climb) onto open ground of cost 1 — « CRB — Difficult Terrain: you can't
    /// run or charge across difficult terrain » — that `enter` accepts, `None` at the first
    /// that is not.
    pub(super) fn walk_charge_line(
        &self,
        size: Size,
        from: Pos,
        dest: Pos,
        mut enter: impl FnMut(Pos) -> bool,
    ) -> Option<u32> {
        let footings = self.footings(size);
        let cols = self.map.cols();
        let mut line = self.line_scratch.borrow_mut();
        bresenham_into(from, dest, &mut line);
        let mut odd = false;
        let mut spent = 0;
        for pair in line.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let cost = Self::step_on(footings, a, b, odd, cols)?;
            let open = size
                .squares(b)
                .all(|p| self.map.contains(p) && self.map.move_cost(p) == Some(1));
            if !(open && enter(b)) {
                return None;
            }
            odd ^= a.row != b.row && a.col != b.col;
            spent += cost;
        }
        Some(spent)
    }

    /// « CRB — Withdraw »: up to 2× speed away from the nearest enemy, climbing its cost field
    /// greedily; the first square left provokes no attack of opportunity.
    pub fn withdraw_path(&self, u: usize, from_enemy: usize, budget: u32, path: &mut Vec<Pos>) {
        path.clear();
        let size = self.info[u].size;
        let field = self
            .scenario
            .cache()
            .field_to(self.map, self.goal_anchor(u, from_enemy), size);
        let footings = self.footings(size);
        let (rows, cols) = (self.map.rows(), self.map.cols());
        let mut cur = self.units[u].pos;
        let mut odd = false;
        let mut spent = 0;
        loop {
            let here = field[2 * self.map.index(cur) + usize::from(odd)];
            let footing = footings[self.map.index(cur)];
            let mut best: Option<(u32, Pos, bool, u32)> = None;
            for (d, (dr, dc)) in STEPS.into_iter().enumerate() {
                let Some(n) = cur.offset(dr, dc, rows, cols) else {
                    continue;
                };
                let Some(cost) = footing.step(d, odd) else {
                    continue;
                };
                if spent + cost > budget || !self.can_cross(u, n) {
                    continue;
                }
                let n_odd = odd ^ (dr != 0 && dc != 0);
                let away = field[2 * self.map.index(n) + usize::from(n_odd)];
                if away == u32::MAX || away <= here {
                    continue;
                }
                if best.is_none_or(|(b, _, _, _)| away > b) {
                    best = Some((away, n, n_odd, cost));
                }
            }
            let Some((_, n, n_odd, cost)) = best else {
                break;
            };
            spent += cost;
            odd = n_odd;
            cur = n;
            path.push(n);
        }
        self.trim_to_free(u, path);
    }

    /// « CRB — Run »: up to 4× speed in a straight line toward `t`, stopping where `t` can be
    /// attacked or before anything that blocks the line — an enemy, an obstacle or difficult
    /// terrain (« CRB — Difficult Terrain: you can't run or charge across difficult terrain »).
    pub fn run_line(&self, u: usize, t: usize, path: &mut Vec<Pos>) {
        path.clear();
        let size = self.info[u].size;
        let from = self.units[u].pos;
        let footings = self.footings(size);
        let cols = self.map.cols();
        let mut line = self.line_scratch.borrow_mut();
        bresenham_into(from, self.units[t].pos, &mut line);
        let mut odd = false;
        let mut spent = 0;
        let budget = self.run_multiple(u) * self.move_squares(u);
        for pair in line.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            if self.weapon_for_from(u, a, t).is_some() && a != from {
                break;
            }
            let Some(cost) = Self::step_on(footings, a, b, odd, cols) else {
                break;
            };
            let difficult = size
                .squares(b)
                .any(|p| self.map.contains(p) && self.map.move_cost(p) != Some(1));
            if spent + cost > budget || difficult || !self.can_cross(u, b) {
                break;
            }
            odd ^= a.row != b.row && a.col != b.col;
            spent += cost;
            path.push(b);
        }
        self.trim_to_free(u, path);
    }
}
