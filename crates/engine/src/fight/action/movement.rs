//! The movement actions (« CRB — Move », « 5-Foot Step », « Charge », « Withdraw », « Run »;
//! the reference spec, « Mêlée — Mouvement », « Charge », « Retraite », « Course », « Pas de
//! placement »): a move toward a target, the 5-foot steps, the charge and its attack, the
//! withdrawal, the run and a frightened creature's flight. Each plans its path (`path`), logs
//! it and walks it; attacks of opportunity along the way are `aoo`'s. Owns what each movement
//! action does; never decides which one to take.

use crate::board::Pos;
use crate::rng::Roller;

use super::super::log::{Sink, log};
use super::super::numbers::Swing;
use super::super::path::Walked;
use super::super::state::Fight;
use super::Scratch;

impl Fight<'_> {
    /// « CRB — Move »: up to speed (halved while disabled) toward `target`, stopping where it
    /// can be attacked.
    pub(super) fn move_action<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        if let Some(t) = self.live_target(u, target) {
            let squares = self.move_squares(u);
            self.plan_toward(u, t, squares, &mut scratch.path);
            self.walk_planned(u, "move", scratch, false, dice, sink);
        }
    }

    /// « CRB — 5-Foot Step » toward `target`: to the first square from which it can be
    /// attacked.
    pub(super) fn step_toward<S: Sink>(&mut self, u: usize, target: usize, sink: &mut S) {
        if let Some(t) = self.live_target(u, target)
            && let Some(to) = self.step_to_attack(u, t)
        {
            self.step_to(u, to, sink);
        }
    }

    /// « CRB — 5-Foot Step » to `to`, when it is a legal step now.
    pub(super) fn step_onto<S: Sink>(&mut self, u: usize, to: Pos, sink: &mut S) {
        if self.five_foot_steps(u).any(|n| n == to) {
            self.step_to(u, to, sink);
        }
    }

    /// « CRB — Charge »: a clear straight line to the closest square from which `target` can
    /// be struck, then one melee attack at +2 (−2 AC until the next turn) if it arrived.
    pub(super) fn charge<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        let Some(t) = self.live_target(u, target) else {
            return;
        };
        if !self.charge_line(u, t, &mut scratch.path) {
            return;
        }
        let walked = self.walk_planned(u, "charge", scratch, false, dice, sink);
        if !(walked.standing && walked.squares == scratch.path.len()) {
            return;
        }
        self.units[u].charged = true;
        let swing = Swing {
            charge: true,
            ..Swing::default()
        };
        // « Bestiary — Pounce »: « When a creature with this special attack makes a charge, it
        // can make a full attack ».
        if self.info[u].traits.specials.umr.pounce {
            if self.units[t].active() {
                self.full_attack_with(u, t, swing, dice, sink);
            }
            return;
        }
        if self.units[t].active()
            && let Some(w) = self
                .weapon_for(u, t)
                .filter(|&w| self.info[u].weapons[w].melee)
        {
            self.strike(u, t, w, swing, dice, sink);
        }
    }

    /// « CRB — Withdraw »: up to 2× speed away from the nearest enemy; the square it starts
    /// from provokes no attack of opportunity.
    pub(super) fn withdraw<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        if let Some(e) = self.nearest_enemy(u) {
            let speed = self.move_squares(u);
            self.withdraw_path(u, e, 2 * speed, &mut scratch.path);
            self.walk_planned(u, "withdraw", scratch, true, dice, sink);
        }
    }

    /// « CRB — Run »: up to 4× speed (5× with the Run feat) in a straight line toward
    /// `target`; no Dex bonus to AC until its next turn unless it has the Run feat.
    pub(super) fn run<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        if let Some(t) = self.live_target(u, target) {
            self.run_line(u, t, &mut scratch.path);
            self.walk_planned(u, "run", scratch, false, dice, sink);
            self.units[u].running = true;
        }
    }

    /// A frightened or panicked creature's flight: a move action away from the nearest enemy,
    /// provoking like any move.
    pub(super) fn flee<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        if let Some(e) = self.nearest_enemy(u) {
            let speed = self.move_squares(u);
            self.withdraw_path(u, e, speed, &mut scratch.path);
            self.walk_planned(u, "flee", scratch, false, dice, sink);
        }
    }

    /// Logs and walks the path planned in `scratch` (`what`: move, charge, withdraw, run,
    /// flee); the path stays in `scratch` for the caller.
    pub(super) fn walk_planned<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        what: &str,
        scratch: &mut Scratch,
        safe_start: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> Walked {
        self.log_path::<S>(u, what, &scratch.path, sink);
        let path = std::mem::take(&mut scratch.path);
        let walked = self.walk(u, &path, safe_start, dice, sink);
        scratch.path = path;
        walked
    }

    /// « CRB — 5-Foot Step »: moves `u` one square to `to` (already checked), no AoO.
    fn step_to<S: Sink>(&mut self, u: usize, to: Pos, sink: &mut S) {
        let id = self.id(u);
        log!(
            S,
            sink,
            Some(self.round),
            Some(id),
            "5-foot step {}->{to}",
            self.units[u].pos
        );
        self.relocate(u, to);
    }
}
