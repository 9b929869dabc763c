//! The stance actions: standing up (« CRB — Stand Up »: a move action that provokes while
//! still prone), dropping prone (a free action), the Power Attack / Deadly Aim toggle (a free
//! action that stays until toggled off, « CRB — Power Attack », « Deadly Aim »), total defense
//! (a standard action) and fighting defensively (a free declaration for the attacks that
//! follow; its dodge bonus once it attacks), both until the start of its next turn and better
//! with 3 ranks of Acrobatics
//! (« CRB — Total Defense », « Fighting Defensively », « Acrobatics »). Owns the change of
//! stance; what a stance changes in an attack is `numbers`' (through the one resolver, with
//! the parts of `action::tactical`), and its end is the turn's (`turn`).

use crate::model::Skill;
use crate::rng::Roller;
use crate::rules::{Condition, tactics};

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::budget::ActionResult;
use super::tactical::stance_bits::{ACROBAT, DEFENSIVE, TOTAL_DEFENSE};

impl Fight<'_> {
    /// « CRB — Stand Up »: provokes, while still prone, then stands if still able.
    pub(super) fn stand_up<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        if !self.units[u].conds.has(Condition::Prone) {
            return;
        }
        self.provoke_shooting(u, dice, sink);
        if self.units[u].active() {
            self.units[u].conds.remove(Condition::Prone);
            log!(S, sink, Some(self.round), Some(self.id(u)), "stands up");
        }
    }

    /// « CRB — Drop Prone ».
    pub(super) fn drop_prone<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if !self.units[u].conds.has(Condition::Prone) {
            self.units[u].conds.add(Condition::Prone, 0);
            log!(S, sink, Some(self.round), Some(self.id(u)), "drops prone");
        }
    }

    /// Turns Power Attack (or Deadly Aim) `on` or off; the log names the feats `u` has.
    pub(super) fn toggle_power_attack<S: Sink>(&mut self, u: usize, on: bool, sink: &mut S) {
        if self.units[u].power_attack == on {
            return;
        }
        self.units[u].power_attack = on;
        let state = if on { "on" } else { "off" };
        let info = &self.info[u];
        let feat = match (info.power_attack_step > 0, info.deadly_aim_step > 0) {
            (false, true) => "deadly aim",
            (true, true) => "power attack / deadly aim",
            _ => "power attack",
        };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "{feat} {state}"
        );
    }

    /// « CRB — Total Defense »: +4 dodge to AC (+6 with 3 ranks of Acrobatics) until its next
    /// turn, no attack of opportunity meanwhile; not combined with fighting defensively.
    pub(super) fn total_defense<S: Sink>(&mut self, u: usize, sink: &mut S) -> ActionResult {
        if self.tactics.units[u].stance & DEFENSIVE != 0 {
            return ActionResult::refused("total_defense", "fighting_defensively");
        }
        let acrobat = self.take_stance(u, TOTAL_DEFENSE);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "total defense: +{} dodge AC until its next turn",
            tactics::total_defense_ac(acrobat)
        );
        ActionResult::done("total_defense")
    }

    /// « CRB — Fighting Defensively »: −4 on its attack rolls until its next turn and, once it
    /// attacks, +2 dodge to AC (+3 with 3 ranks of Acrobatics) until then; not combined with
    /// total defense, declared once.
    pub(super) fn fight_defensively<S: Sink>(&mut self, u: usize, sink: &mut S) -> ActionResult {
        let stance = self.tactics.units[u].stance;
        if stance & TOTAL_DEFENSE != 0 {
            return ActionResult::refused("fight_defensively", "total_defense");
        }
        if stance & DEFENSIVE == 0 {
            let acrobat = self.take_stance(u, DEFENSIVE);
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "fights defensively: {} on attacks, +{} dodge AC once it attacks, until its next turn",
                tactics::FIGHTING_DEFENSIVELY_ATTACK,
                tactics::fighting_defensively_ac(acrobat)
            );
        }
        ActionResult::done("fight_defensively")
    }

    /// Takes the defensive stance `bit`; whether `u` has the ranks of Acrobatics for the better
    /// bonus.
    fn take_stance(&mut self, u: usize, bit: u8) -> bool {
        self.track_tactics();
        let ranks = self
            .combatant(u)
            .skill(Skill::Acrobatics)
            .map_or(0, |e| e.ranks);
        let acrobat = ranks >= tactics::ACROBAT_RANKS;
        let own = &mut self.tactics.units[u];
        own.stance |= bit | if acrobat { ACROBAT } else { 0 };
        self.tactics.edge = true;
        acrobat
    }
}
