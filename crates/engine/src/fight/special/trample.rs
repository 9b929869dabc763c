//! « Bestiary — Trample »: « As a full-round action, a creature with the trample ability can
//! attempt to overrun any creature that is at least one size category smaller than itself
//! [...] it merely has to move over opponents in its path. Targets of a trample take an
//! amount of damage [...] Targets of a trample can make an attack of opportunity, but at a –4
//! penalty. If targets forgo an attack of opportunity, they can attempt to avoid the
//! trampling creature and receive a Reflex save to take half damage [...] A trampling
//! creature can only deal trampling damage to each target once per round ».
//!
//! Simplified: the trampler moves up to its speed in a straight line (one of the eight
//! directions, toward its target's centre) and stops on the first square beyond its target
//! where it can stand; standing enemies its own size or larger stop the line (no trample),
//! allies and fallen creatures are passed over. Leaving its first square provokes as a move
//! does; the squares crossed provoke nothing more. Every active enemy at least one size
//! smaller whose space it crosses is trampled once: it always takes the Reflex save for half
//! (never the attack of opportunity at −4), and the damage is bludgeoning, through DR.

use crate::board::{Board, Pos};
use crate::rng::Roller;
use crate::rules::maneuver::Direction;
use crate::vocab::{DamageType, DamageTypes};

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::super::unit::UnitIds;

impl Fight<'_> {
    /// Where a trample of `a` toward `t` lands and the enemies it passes over, when `a`
    /// tramples and the line passes over `t` to a square where it can stand.
    pub(crate) fn trample_path(&self, a: usize, t: usize) -> Option<(Pos, UnitIds)> {
        self.info[a].traits.specials.umr.trample?;
        let dir = self.heading(a, t)?;
        let size = self.info[a].size;
        let mut p = self.units[a].pos;
        let mut over = UnitIds::default();
        for _ in 0..self.move_squares(a) {
            p = self.step_from(p, dir)?;
            if !size
                .squares(p)
                .all(|q| self.map.contains(q) && self.map.passable(q))
            {
                return None;
            }
            for o in (0..self.units.len()).filter(|&o| o != a && self.under(a, p, o)) {
                if !self.enemies(a, o) || !self.units[o].active() {
                    continue;
                }
                if self.info[o].size >= size {
                    return None;
                }
                over.insert(o);
            }
            if over.contains(t) && self.free_for(a, p, size) {
                return Some((p, over));
            }
        }
        None
    }

    /// The one of the eight directions nearest the line from `a`'s centre to `t`'s: an axis
    /// unless the line leans at least halfway toward the diagonal.
    fn heading(&self, a: usize, t: usize) -> Option<Direction> {
        let centre = |u: usize| {
            let (p, side) = (self.units[u].pos, i32::from(self.info[u].footprint));
            (2 * i32::from(p.row) + side, 2 * i32::from(p.col) + side)
        };
        let ((fr, fc), (tr, tc)) = (centre(a), centre(t));
        let (dr, dc) = (tr - fr, tc - fc);
        let most = dr.abs().max(dc.abs());
        let lean = |d: i32| if 2 * d.abs() >= most { d } else { 0 };
        Direction::of(lean(dr), lean(dc))
    }

    /// `a`'s footprint anchored at `p` covers a square of unit `o` (present on the board).
    fn under(&self, a: usize, p: Pos, o: usize) -> bool {
        let (so, op) = (self.info[o].size, self.units[o].pos);
        !self.units[o].absent
            && self.info[a]
                .size
                .squares(p)
                .any(|q| so.squares(op).any(|r| r == q))
    }

    /// The trample action of `u` toward `t` (or the nearest enemy when `t` is gone).
    pub(crate) fn trample<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some((damage, dc)) = self.info[u].traits.specials.umr.trample else {
            return ActionResult::refused("trample", "no_trample");
        };
        let Some(t) = self.live_target(u, t) else {
            return ActionResult::done("trample");
        };
        let Some((landing, over)) = self.trample_path(u, t) else {
            return ActionResult::refused("trample", "no_way_over");
        };
        self.provoke_leaving(u, dice, sink);
        if !self.units[u].active() {
            return ActionResult::done("trample");
        }
        let from = self.units[u].pos;
        self.relocate(u, landing);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "tramples {from}->{landing}"
        );
        let types: DamageTypes = [DamageType::Bludgeoning].into_iter().collect();
        for o in over.indices() {
            if !self.units[o].active() {
                continue;
            }
            let (saved, d20) = self.reflex_save(o, i32::from(dc), dice);
            let rolled = damage.roll(dice);
            let dealt = if saved { rolled / 2 } else { rolled };
            let what = if S::ON {
                let verdict = if saved { "saves, half" } else { "fails" };
                format!(
                    "trample vs {}: Ref DC {dc} {d20} {verdict}, {damage}={rolled}",
                    self.id(o)
                )
            } else {
                String::new()
            };
            self.maneuver_damage(u, o, dealt, types, false, &what, sink);
        }
        ActionResult::done("trample")
    }
}
