//! The manoeuvres that move or fell a creature: trip (« CRB — Trip »: the target falls prone;
//! failing by 10 or more, the attacker does; « Greater Trip »: the fallen target provokes),
//! bull rush (« CRB — Bull Rush »: pushed straight away 5 feet plus 5 per 5 by which the check
//! beats the CMD), reposition (APG: moved the same distance in a chosen direction, staying
//! within the attacker's reach but for the last 5 feet), drag (APG: the attacker steps back as
//! far and the target follows into its space) and overrun (« CRB — Overrun »: the attacker
//! moves through the target's space to the square beyond; beating the CMD by 5 or more knocks
//! it prone; « Greater Overrun »: the fallen target provokes).
//!
//! Forced movement goes one square at a time into squares the creature can stand on and stops
//! at the first that is blocked (a wall, a creature, the map's edge); it provokes nothing for
//! the target (« An enemy being moved by a bull rush does not provoke »), it ends any grapple
//! the target is in, and difficult terrain costs it nothing more. Simplified: the bull rusher
//! does not follow its target, a target in the way is not bull rushed in turn, an overrun's
//! target never chooses to let the attacker pass, and the Greater Bull Rush, Reposition and
//! Drag attacks of opportunity from the attacker's allies are not modelled.

use crate::board::{Board, Pos};
use crate::grid::footprint_distance_squares;
use crate::rng::Roller;
use crate::rules::maneuver::{
    Direction, Maneuver, ManeuverOption, ManeuverRoll, overrun_knocks_prone, shove_squares,
};
use crate::rules::{Condition, ConditionSet};

use super::super::super::log::{Sink, log};
use super::super::super::state::Fight;
use super::Attempt;

impl Fight<'_> {
    /// « CRB — Trip ».
    pub(super) fn trip<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        roll: &ManeuverRoll,
        attempt: Attempt,
        dice: &mut R,
        sink: &mut S,
    ) {
        if roll.success {
            self.knock_prone(a, t, Maneuver::Trip, dice, sink);
        } else if attempt.backlash && roll.failed_by_ten() {
            self.units[a]
                .conds
                .add(Condition::Prone, ConditionSet::PERMANENT);
            let id = self.id(a);
            log!(
                S,
                sink,
                Some(self.round),
                Some(id),
                "{id} falls prone (failed by 10 or more)"
            );
        }
    }

    /// `t` is knocked prone by `a`'s `kind`; with the manoeuvre's Greater feat (Greater Trip,
    /// Greater Overrun) it provokes attacks of opportunity from every enemy threatening it.
    fn knock_prone<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        kind: Maneuver,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.units[t]
            .conds
            .add(Condition::Prone, ConditionSet::PERMANENT);
        let id = self.id(t);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "{id} is knocked prone"
        );
        if self.info[a].has(kind.greater()) {
            self.provoke_shooting(t, dice, sink);
        }
    }

    /// Bull rush, reposition and drag: `t` moves [`shove_squares`] squares — straight away
    /// from `a`, in the chosen direction, or after `a` as it steps back.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn shove<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        kind: Maneuver,
        roll: &ManeuverRoll,
        option: ManeuverOption,
        dice: &mut R,
        sink: &mut S,
    ) {
        if !roll.success {
            return;
        }
        let squares = shove_squares(roll);
        let away = self.direction(a, t);
        match (kind, option) {
            (Maneuver::Drag, _) => self.drag(a, t, squares, dice, sink),
            (Maneuver::Reposition, ManeuverOption::Toward(d)) => {
                self.slide(a, t, Some(d), squares, true, sink)
            }
            (Maneuver::Reposition, _) => self.slide(a, t, away, squares, true, sink),
            _ => self.slide(a, t, away, squares, false, sink),
        }
    }

    /// The direction from `from`'s centre toward `to`'s (`None` when they share a centre).
    pub(crate) fn direction(&self, from: usize, to: usize) -> Option<Direction> {
        let centre = |u: usize| {
            let (p, side) = (self.units[u].pos, i32::from(self.info[u].footprint));
            (2 * i32::from(p.row) + side, 2 * i32::from(p.col) + side)
        };
        let (f, t) = (centre(from), centre(to));
        Direction::of(t.0 - f.0, t.1 - f.1)
    }

    /// The square one step from `p` in `d`, on the map.
    pub(crate) fn step_from(&self, p: Pos, d: Direction) -> Option<Pos> {
        let (dr, dc) = d.step();
        p.offset(dr, dc, self.map.rows(), self.map.cols())
    }

    /// `u` can stand at `p` (on the map, passable, free of the creatures of its layer).
    fn can_stand(&self, u: usize, p: Pos) -> bool {
        self.free_for(u, p, self.info[u].size)
    }

    /// `a` moves `t` up to `squares` squares in `dir`, one at a time, stopping at the first
    /// blocked square; `within_reach` keeps it within `a`'s reach but for the last step
    /// (« The target must remain within your reach at all times during this movement, except
    /// for the final 5 feet »).
    fn slide<S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dir: Option<Direction>,
        squares: u32,
        within_reach: bool,
        sink: &mut S,
    ) {
        let from = self.units[t].pos;
        let reach = self.info[a]
            .threat_max_ft
            .max(self.combatant(a).natural_reach_ft());
        if let Some(dir) = dir {
            for _ in 0..squares {
                let Some(next) = self.step_from(self.units[t].pos, dir) else {
                    break;
                };
                let far = within_reach && self.distance_after(a, t, next) > reach + 5;
                if far || !self.can_stand(t, next) {
                    break;
                }
                self.relocate(t, next);
                if within_reach && self.distance_ft(a, t) > reach {
                    break;
                }
            }
        }
        self.moved_by_force(a, t, from, sink);
    }

    /// Distance in feet between `a` and `t` were `t` anchored at `at`.
    fn distance_after(&self, a: usize, t: usize, at: Pos) -> u32 {
        let (pa, sa) = (self.units[a].pos, self.info[a].size);
        footprint_distance_squares(pa, sa, at, self.info[t].size) * self.map.square_size_ft()
    }

    /// Logs `t`'s forced move from `from` (or that it could not move) and ends any grapple
    /// it is in.
    fn moved_by_force<S: Sink>(&mut self, a: usize, t: usize, from: Pos, sink: &mut S) {
        let to = self.units[t].pos;
        let id = self.id(t);
        if to == from {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{id} cannot be moved (blocked)"
            );
            return;
        }
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "{id} is moved {from}->{to}"
        );
        self.break_grapple_of(t, sink);
    }

    /// APG « Drag »: `a` steps back straight away from `t`, up to `squares` times, and `t`
    /// follows into the squares it leaves; they stop when either cannot move. `a`'s own
    /// movement provokes as a move does.
    fn drag<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        squares: u32,
        dice: &mut R,
        sink: &mut S,
    ) {
        let (from_a, from_t) = (self.units[a].pos, self.units[t].pos);
        let Some(back) = self.direction(t, a) else {
            return self.moved_by_force(a, t, from_t, sink);
        };
        self.provoke_leaving(a, dice, sink);
        for _ in 0..squares {
            if !self.units[a].active() {
                break;
            }
            let (Some(na), Some(nt)) = (
                self.step_from(self.units[a].pos, back),
                self.step_from(self.units[t].pos, back),
            ) else {
                break;
            };
            if !self.can_stand(a, na) {
                break;
            }
            let was = self.units[a].pos;
            self.relocate(a, na);
            if !self.can_stand(t, nt) {
                self.relocate(a, was);
                break;
            }
            self.relocate(t, nt);
        }
        let to_a = self.units[a].pos;
        if to_a != from_a {
            let id = self.id(a);
            log!(
                S,
                sink,
                Some(self.round),
                Some(id),
                "{id} steps back {from_a}->{to_a}"
            );
        }
        self.moved_by_force(a, t, from_t, sink);
    }

    /// Where an overrun of `t` by `a` lands: the first square past `t`'s space on the line
    /// from `a` through `t`, if `a` can stand there.
    pub(crate) fn overrun_landing(&self, a: usize, t: usize) -> Option<Pos> {
        let dir = self.direction(a, t)?;
        let span = self.info[a].footprint + self.info[t].footprint;
        let mut p = self.units[a].pos;
        let mut entered = false;
        for _ in 0..=span {
            p = self.step_from(p, dir)?;
            if !self.shares_nothing(p, a, t) {
                entered = true;
            } else if entered {
                return self.can_stand(a, p).then_some(p);
            } else {
                return None;
            }
        }
        None
    }

    /// `a`'s footprint anchored at `p` overlaps no square of `t`'s.
    fn shares_nothing(&self, p: Pos, a: usize, t: usize) -> bool {
        let (sa, st, tp) = (self.info[a].size, self.info[t].size, self.units[t].pos);
        sa.squares(p).all(|q| !st.squares(tp).any(|r| r == q))
    }

    /// « CRB — Overrun »: on a success `a` moves through `t`'s space to the square beyond
    /// (its leaving provokes as a move does); by 5 or more `t` is knocked prone. On a failure
    /// `a` stops in front of `t`, where it stands.
    pub(super) fn overrun<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        roll: &ManeuverRoll,
        dice: &mut R,
        sink: &mut S,
    ) {
        if !roll.success {
            return;
        }
        let Some(landing) = self.overrun_landing(a, t) else {
            return;
        };
        self.provoke_leaving(a, dice, sink);
        if !self.units[a].active() {
            return;
        }
        let from = self.units[a].pos;
        self.relocate(a, landing);
        let (ida, idt) = (self.id(a), self.id(t));
        log!(
            S,
            sink,
            Some(self.round),
            Some(ida),
            "{ida} moves through {idt} {from}->{landing}"
        );
        if overrun_knocks_prone(roll) {
            self.knock_prone(a, t, Maneuver::Overrun, dice, sink);
        }
    }
}
