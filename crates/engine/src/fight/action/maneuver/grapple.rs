//! The grapple and its states (« CRB — Grapple », « Grappled », « Pinned »): starting one —
//! both creatures grappled, a target beyond adjacent pulled to the nearest free square next to
//! the grappler (none free: the grapple fails) —; maintaining it as a standard action at +5 with
//! one of move (both move up to half the grappler's speed), damage (its unarmed strike, a
//! natural attack or a light or one-handed weapon), pin (the target pinned, the grappler losing
//! its Dexterity bonus), tie up (rope: the target stays pinned without a grappler, DC 20 + the
//! binder's CMB to escape; −10 on the check unless it is pinned); a failed maintain check ends
//! it; the grappler may release it as a free action; the grappled may escape by a combat
//! manoeuvre check or Escape Artist against the grappler's CMD (against bonds a natural 20 does
//! not succeed: « except when attempting to escape from bonds »). A hold not maintained during
//! the grappler's turn ends at the start of its next turn, and a grapple ends when either
//! creature is out of the fight or is moved by force.
//!
//! Who holds whom is `link`. Simplified: one grapple per creature (a second grappler cannot
//! join; `already_grappled`); the grappled cannot reverse the grapple on a success; escaping
//! is a standard action for a pinned creature too, which may take it instead of its one move
//! action (so may a nauseated or panicked one); a tie-up needs a `carried_items` entry naming
//! a rope, used up; Greater Grapple's move-action maintain is not modelled.

use crate::board::Board;
use crate::model::Skill;
use crate::rng::Roller;
use crate::rules::maneuver::{
    Direction, EscapeBy, GrappleAction, Maneuver, ManeuverOption, ManeuverRoll, Natural20, resolve,
};
use crate::rules::{Condition, ConditionSet, flag};
use crate::vocab::{DamageType, DamageTypes};

use super::super::super::log::{Sink, log};
use super::super::super::state::Fight;
use super::super::ActionResult;
use super::Attempt;

const KIND: &str = "grapple";

impl Fight<'_> {
    /// A new grapple needs a plain hold (the maintain options need one already), a grappler
    /// holding nobody and not held, and a target in no grapple.
    pub(super) fn grapple_legal(
        &self,
        a: usize,
        t: usize,
        option: ManeuverOption,
    ) -> Result<(), &'static str> {
        match option {
            ManeuverOption::Default | ManeuverOption::Grapple(GrappleAction::Hold) => {}
            ManeuverOption::Grapple(_) => return Err("not_grappling"),
            _ => return Err("invalid_option"),
        }
        if self.units[a].grip.holds().is_some() {
            return Err("already_grappling");
        }
        if self.units[a].grip.held_by().is_some() {
            return Err("grappled");
        }
        if !self.units[t].grip.is_free() || self.units[t].conds.has(Condition::Grappled) {
            return Err("already_grappled");
        }
        Ok(())
    }

    /// What maintaining the hold on `t` may do; a tie-up needs a rope.
    pub(super) fn maintain_legal(
        &self,
        a: usize,
        _t: usize,
        option: ManeuverOption,
    ) -> Result<(), &'static str> {
        match option {
            ManeuverOption::Grapple(GrappleAction::TieUp) => {
                self.rope(a).map(|_| ()).ok_or("no_rope")
            }
            ManeuverOption::Default | ManeuverOption::Grapple(_) => Ok(()),
            _ => Err("invalid_option"),
        }
    }

    /// The first of `u`'s carried items naming a rope.
    fn rope(&self, u: usize) -> Option<usize> {
        let items = self.combatant(u).carried_items();
        (0..items.len()).find(|&i| {
            !self.units[u].arms.item_gone(i) && items[i].to_ascii_lowercase().contains("rope")
        })
    }

    /// « CRB — Grapple »: on a success both are grappled, `t` pulled next to `a` first when
    /// it is farther (« if no space is available, your grapple fails »).
    pub(super) fn start_grapple<S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        roll: &ManeuverRoll,
        bonus: i32,
        sink: &mut S,
    ) {
        if !roll.success {
            return;
        }
        let (ida, idt) = (self.id(a), self.id(t));
        if self.distance_ft(a, t) > 5 {
            let Some(to) = self.square_beside(a, t) else {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(ida),
                    "{idt} cannot be pulled close: no adjacent space, the grapple fails"
                );
                return;
            };
            let from = self.units[t].pos;
            self.relocate(t, to);
            log!(
                S,
                sink,
                Some(self.round),
                Some(ida),
                "{idt} is pulled {from}->{to}"
            );
        }
        for u in [a, t] {
            self.units[u]
                .conds
                .add(Condition::Grappled, ConditionSet::PERMANENT);
        }
        self.units[a].grip.set_holds(Some(t));
        self.units[a].grip.due = false;
        self.units[a].grip.bonus = bonus.clamp(-100, 100) as i8;
        self.units[t].grip.set_held_by(Some(a));
        log!(S, sink, Some(self.round), Some(ida), "{ida} grapples {idt}");
    }

    /// The free square next to `a` nearest to `t` (5-10-5 distance, ties in (row, col) order)
    /// where `t` can stand.
    fn square_beside(&self, a: usize, t: usize) -> Option<crate::board::Pos> {
        let (pa, sa, st) = (self.units[a].pos, self.info[a].size, self.info[t].size);
        let tp = self.units[t].pos;
        let span = i32::from(self.info[a].footprint + self.info[t].footprint);
        (-span..=span)
            .flat_map(|dr| (-span..=span).map(move |dc| (dr, dc)))
            .filter_map(|(dr, dc)| pa.offset(dr, dc, self.map.rows(), self.map.cols()))
            .filter(|&p| {
                crate::grid::footprint_distance_squares(pa, sa, p, st) == 1
                    && self.free_for(t, p, st)
            })
            .min_by_key(|&p| (crate::grid::distance_squares(p, tp), p))
    }

    /// « CRB — Grapple »: `a` maintains its hold on `t` (+5, and the bonus it grappled with)
    /// and does the option's action; a failure ends the grapple. No attack of opportunity.
    pub(super) fn maintain_grapple<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        attempt: Attempt,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let action = match attempt.option {
            ManeuverOption::Grapple(g) => g,
            _ => GrappleAction::Hold,
        };
        let extra = self.maintain_bonus(a, t, action) + attempt.bonus;
        let Some(roll) = self.maneuver_check(a, t, Maneuver::Grapple, extra, false, dice, sink)
        else {
            return ActionResult::done(KIND);
        };
        if !roll.success {
            self.end_grapple(a, t, "the hold is broken", sink);
            return ActionResult::done(KIND);
        }
        self.units[a].grip.due = false;
        if !matches!(action, GrappleAction::Pin | GrappleAction::TieUp) {
            self.unpin(a, t);
        }
        match action {
            GrappleAction::Hold => {}
            GrappleAction::Move(dir) => self.grapple_move(a, t, dir, dice, sink),
            GrappleAction::Damage => self.grapple_damage(a, t, dice, sink),
            GrappleAction::Pin => self.pin(a, t, sink),
            GrappleAction::TieUp => self.tie_up(a, t, sink),
        }
        ActionResult::done(KIND)
    }

    /// What maintaining `a`'s hold on `t` adds to the check for `action`: +5 (« If your target
    /// does not break the grapple, you get a +5 circumstance bonus »), the bonus it grappled
    /// with, −10 to tie up a target that is not pinned or helpless.
    pub(crate) fn maintain_bonus(&self, a: usize, t: usize, action: GrappleAction) -> i32 {
        let pinned = self.units[t].conds.has(Condition::Pinned) || self.has_flag(t, flag::HELPLESS);
        let tie_penalty = if action == GrappleAction::TieUp && !pinned {
            -10
        } else {
            0
        };
        5 + i32::from(self.units[a].grip.bonus) + tie_penalty
    }

    /// « Pin »: `t` is pinned instead of grappled; `a` loses its Dexterity bonus to AC
    /// (flat-footed, unless it already was).
    fn pin<S: Sink>(&mut self, a: usize, t: usize, sink: &mut S) {
        if !self.units[t].conds.has(Condition::Pinned) {
            self.units[t].conds.remove(Condition::Grappled);
            self.units[t]
                .conds
                .add(Condition::Pinned, ConditionSet::PERMANENT);
        }
        if !self.units[a].conds.has(Condition::FlatFooted) {
            self.units[a]
                .conds
                .add(Condition::FlatFooted, ConditionSet::PERMANENT);
            self.units[a].grip.pin_flat_footed = true;
        }
        let (ida, idt) = (self.id(a), self.id(t));
        log!(S, sink, Some(self.round), Some(ida), "{ida} pins {idt}");
    }

    /// A maintained hold that does not pin again lets a pinned `t` back to merely grappled.
    fn unpin(&mut self, a: usize, t: usize) {
        if self.units[t].conds.remove(Condition::Pinned) {
            self.units[t]
                .conds
                .add(Condition::Grappled, ConditionSet::PERMANENT);
        }
        if std::mem::take(&mut self.units[a].grip.pin_flat_footed) {
            self.units[a].conds.remove(Condition::FlatFooted);
        }
    }

    /// « Tie Up »: `t` stays pinned, held by a rope (used up) instead of `a`, whose grapple
    /// ends; escaping the bonds is DC 20 + `a`'s CMB.
    fn tie_up<S: Sink>(&mut self, a: usize, t: usize, sink: &mut S) {
        let Some(rope) = self.rope(a) else {
            return;
        };
        self.units[a].arms.lose_item(rope);
        self.pin(a, t, sink);
        self.units[t].grip.set_held_by(None);
        self.units[a].grip.set_holds(None);
        self.units[a].conds.remove(Condition::Grappled);
        if std::mem::take(&mut self.units[a].grip.pin_flat_footed) {
            self.units[a].conds.remove(Condition::FlatFooted);
        }
        // Its own CMB, free of the grapple it just left.
        let dc = 20 + self.cmb(a);
        self.units[t].grip.bonds_dc = dc.clamp(1, 1000) as i16;
        let (ida, idt) = (self.id(a), self.id(t));
        log!(
            S,
            sink,
            Some(self.round),
            Some(ida),
            "{ida} ties up {idt} (escape DC {dc})"
        );
    }

    /// « Move »: `a` and `t` move together up to half `a`'s speed toward `dir`, a square at a
    /// time, while both fit; `a`'s leaving provokes as a move does.
    fn grapple_move<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dir: Direction,
        dice: &mut R,
        sink: &mut S,
    ) {
        let (from_a, from_t) = (self.units[a].pos, self.units[t].pos);
        let squares = (self.info[a].speed_squares / 2).max(1);
        self.provoke_leaving(a, dice, sink);
        for _ in 0..squares {
            if !self.units[a].active() {
                break;
            }
            let (Some(na), Some(nt)) = (
                self.step_from(self.units[a].pos, dir),
                self.step_from(self.units[t].pos, dir),
            ) else {
                break;
            };
            self.occupy(a, false);
            self.occupy(t, false);
            let fits =
                self.free_for(a, na, self.info[a].size) && self.free_for(t, nt, self.info[t].size);
            if fits {
                self.units[a].pos = na;
                self.units[t].pos = nt;
            }
            self.occupy(a, true);
            self.occupy(t, true);
            if !fits {
                break;
            }
        }
        let (to_a, to_t) = (self.units[a].pos, self.units[t].pos);
        let (ida, idt) = (self.id(a), self.id(t));
        log!(
            S,
            sink,
            Some(self.round),
            Some(ida),
            "{ida} moves {from_a}->{to_a} with {idt} {from_t}->{to_t}"
        );
    }

    /// « Damage »: `a`'s first natural attack or one-handed melee weapon it can use, else its
    /// unarmed strike (1d3 for a Medium creature, by size, + Strength, nonlethal).
    fn grapple_damage<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let weapons = &self.info[a].weapons;
        let light = (0..weapons.len())
            .find(|&k| weapons[k].melee && !weapons[k].two_handed && self.weapon_usable(a, k));
        let (rolled, types, nonlethal) = match light {
            Some(w) => {
                let (rolled, types) = self.roll_weapon_damage(a, t, w, dice);
                (rolled, types, self.info[a].weapons[w].nonlethal)
            }
            None => {
                let sides = unarmed_die(self.info[a].size);
                let str_mod = self
                    .combatant(a)
                    .abilities()
                    .modifier(crate::model::Ability::Str);
                let types: DamageTypes = [DamageType::Bludgeoning].into_iter().collect();
                (dice.d(sides) as i32 + str_mod, types, true)
            }
        };
        self.maneuver_damage(
            a,
            t,
            rolled.max(1),
            types,
            nonlethal,
            "grapple damage",
            sink,
        );
    }

    /// « CRB — Grapple »: the grappler lets go (a free action).
    pub(crate) fn release<S: Sink>(&mut self, a: usize, sink: &mut S) -> ActionResult {
        let Some(t) = self.units[a].grip.holds() else {
            return ActionResult::refused("release", "not_grappling");
        };
        self.end_grapple(a, t, "released", sink);
        ActionResult::done("release")
    }

    /// Ends `g`'s hold on `t`: neither is grappled any more, a pin ends; logged with `why`.
    pub(crate) fn end_grapple<S: Sink>(&mut self, g: usize, t: usize, why: &str, sink: &mut S) {
        self.unpin(g, t);
        for u in [g, t] {
            self.units[u].conds.remove(Condition::Grappled);
        }
        self.units[g].grip.set_holds(None);
        self.units[t].grip.set_held_by(None);
        let (idg, idt) = (self.id(g), self.id(t));
        log!(
            S,
            sink,
            Some(self.round),
            Some(idg),
            "grapple of {idt} ends ({why})"
        );
    }

    /// `u` is moved by force: any grapple it is in ends.
    pub(crate) fn break_grapple_of<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let grip = self.units[u].grip;
        if let Some(t) = grip.holds() {
            self.end_grapple(u, t, "moved apart", sink);
        }
        if let Some(g) = grip.held_by() {
            self.end_grapple(g, u, "moved apart", sink);
        }
    }

    /// At the start of `u`'s turn: a grapple whose other creature is out of the fight ends, and
    /// so does `u`'s hold when it did not maintain it during its last turn; otherwise its hold
    /// is due this turn. One comparison for a creature in no grapple.
    #[inline]
    pub(crate) fn grapple_turn_start<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if !self.units[u].grip.is_free() {
            self.grapple_turn_start_held(u, sink);
        }
    }

    /// [`Fight::grapple_turn_start`] for a creature in a grapple.
    fn grapple_turn_start_held<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let grip = self.units[u].grip;
        if let Some(g) = grip.held_by()
            && !self.units[g].active()
        {
            self.end_grapple(g, u, "the grappler is down", sink);
        }
        if let Some(t) = grip.holds() {
            if !self.units[t].active() {
                self.end_grapple(u, t, "the target is down", sink);
            } else if grip.due {
                self.end_grapple(u, t, "not maintained", sink);
            } else {
                self.units[u].grip.due = true;
            }
        }
    }

    /// « CRB — Grapple », « If You Are Grappled »: `u` tries to break free of its grappler
    /// (DC its CMD) or of its bonds (DC 20 + the binder's CMB, no automatic success), by a
    /// combat manoeuvre check (its grappled −2 does not count) or an Escape Artist check (no
    /// automatic result), the better one for [`EscapeBy::Best`].
    pub(crate) fn escape<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        by: EscapeBy,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let grip = self.units[u].grip;
        let (dc, natural, from) = match grip.held_by() {
            Some(g) => (self.cmd(g, u), Natural20::Succeeds, self.id(g)),
            None if grip.bonds_dc > 0 => (i32::from(grip.bonds_dc), Natural20::Counts, "bonds"),
            None => return ActionResult::refused("escape", "not_grappled"),
        };
        let (cmb, skill) = self.escape_bonuses(u);
        let artist = match by {
            EscapeBy::Cmb => false,
            EscapeBy::EscapeArtist => true,
            EscapeBy::Best => skill > cmb,
        };
        let (d20, bonus, success, how) = if artist {
            let check = self.skill_check(u, Skill::EscapeArtist, 0, dice);
            (check.roll, skill, check.total >= dc, "Escape Artist")
        } else {
            let d20 = dice.d20();
            (d20, cmb, resolve(d20, cmb, dc, natural).success, "CMB")
        };
        let verdict = if success { "SUCCESS" } else { "FAILED" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "escape ({how}) vs {from}: d20={d20}{bonus:+}={} vs DC {dc} -> {verdict}",
            d20 as i32 + bonus
        );
        if success {
            match grip.held_by() {
                Some(g) => self.end_grapple(g, u, "escaped", sink),
                None => {
                    self.units[u].grip.bonds_dc = 0;
                    self.units[u].conds.remove(Condition::Pinned);
                }
            }
        }
        ActionResult::done("escape")
    }

    /// `u`'s bonuses to escape: its combat manoeuvre bonus (without the grappled −2, with
    /// Power Attack's penalty) and its Escape Artist skill.
    pub(crate) fn escape_bonuses(&self, u: usize) -> (i32, i32) {
        let mut cmb = self.cmb(u);
        if self.units[u].conds.has(Condition::Grappled) {
            cmb += 2;
        }
        if self.units[u].power_attack {
            cmb -= self.info[u].power_attack_step;
        }
        (cmb, self.skill_bonus(u, Skill::EscapeArtist))
    }
}

/// Sides of the unarmed strike's die by size (« CRB — Table 6-4 »: Small 1d2, Medium 1d3;
/// a die step per size beyond).
fn unarmed_die(size: crate::size::Size) -> u32 {
    use crate::size::Size::*;
    match size {
        Fine | Diminutive | Tiny => 1,
        Small => 2,
        Medium => 3,
        Large => 4,
        Huge => 6,
        Gargantuan => 8,
        Colossal => 10,
    }
}
