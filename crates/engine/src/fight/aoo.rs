//! Attacks of opportunity (« CRB — Attacks of Opportunity »; the reference spec, « Attaques
//! d'opportunité »): who strikes a creature that provokes — by leaving a threatened square
//! (once per opponent per round, « moving out of more than one threatened square… »), by
//! shooting or by standing up — with one attack of opportunity a round, more with Combat
//! Reflexes; none against cover or total concealment, none by a creature in total defense,
//! none on a mover hidden from it (« CRB — Total Defense », « Stealth »). A tumbling mover rolls
//! Acrobatics against each enemy that would strike it as it leaves a square, and provokes only
//! that enemy when it fails (« CRB — Acrobatics », the check in `action::acrobatics`). Owns
//! the provocation only: which squares are threatened is `reach`, the attack itself is
//! `strike`, and when an action provokes is its family's call.

use crate::los::{Cover, CoverMode};
use crate::rng::Roller;

use super::action::tactical::stance_bits::TOTAL_DEFENSE;
use super::log::Sink;
use super::numbers::Swing;
use super::state::Fight;

impl Fight<'_> {
    /// Every enemy threatening `u`'s square that has not yet been provoked by `u` this round and
    /// has an attack of opportunity left strikes once (« CRB — Attacks of Opportunity »); none
    /// against a mover with cover from it.
    pub fn provoke_leaving<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        let tumbling = self.tactics.live && self.tumbling(u);
        // `u` was seen active and nothing has happened to it since: no need to look again.
        let mut seen_active = false;
        for e in 0..self.units.len() {
            if !self.enemies(u, e) || self.units[u].provoked.contains(e) {
                continue;
            }
            // Most enemies do not threaten the mover: that answer costs no call.
            if self.opportunity_weapon(e, u).is_some() {
                seen_active = false;
                // « CRB — Acrobatics »: the check comes before the attack it would avoid.
                if tumbling && self.tumbles_past(u, e, dice, sink) {
                    self.units[u].provoked.insert(e);
                    continue;
                }
                if self.opportunity(e, u, dice, sink) {
                    self.units[u].provoked.insert(e);
                }
            }
            if !seen_active {
                if !self.units[u].active() {
                    return;
                }
                seen_active = true;
            }
        }
    }

    /// `e` takes an attack of opportunity on `u` if it threatens it, has one left and `u` has
    /// no cover from it. Returns whether it struck.
    pub fn opportunity<R: Roller, S: Sink>(
        &mut self,
        e: usize,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let Some(w) = self.opportunity_weapon(e, u) else {
            return false;
        };
        // Out of turn: whatever the last decision weighed no longer holds (`view::memo`).
        self.decision_outdated();
        self.units[e].aoo_left -= 1;
        let swing = Swing {
            opportunity: true,
            ..Swing::default()
        };
        self.strike(e, u, w, swing, dice, sink);
        true
    }

    /// The weapon `e` would take an attack of opportunity on `u` with now: it has one left, it
    /// threatens `u`'s square, and `u` has neither cover nor total concealment from it nor is
    /// hidden from it; `e` is not in total defense.
    #[inline(always)]
    pub fn opportunity_weapon(&self, e: usize, u: usize) -> Option<usize> {
        if self.units[e].aoo_left == 0 {
            return None;
        }
        let w = self.threat_weapon(e, self.units[u].pos, self.info[u].size)?;
        self.opportunity_against(e, u, w)
    }

    /// [`Fight::opportunity_weapon`] once `e` threatens `u` with its weapon `w`.
    #[inline(never)]
    fn opportunity_against(&self, e: usize, u: usize, w: usize) -> Option<usize> {
        if self.attack_cover(e, u, CoverMode::Melee) != Cover::None {
            return None;
        }
        // « CRB — Concealment »: no attack of opportunity against total concealment (a blinded
        // creature treats everyone so).
        if self.miss_chance(e, u) >= 50 {
            return None;
        }
        if self.tactics.edge
            && (self.tactics.units[e].stance & TOTAL_DEFENSE != 0 || self.unseen_by(e, u))
        {
            return None;
        }
        Some(w)
    }

    /// « CRB — AoO: a ranged attack provokes » (and standing up): every enemy threatening `u`
    /// strikes first.
    pub fn provoke_shooting<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        // As in `provoke_leaving`: `u` seen active with nothing happened to it since.
        let mut seen_active = false;
        for e in 0..self.units.len() {
            if self.enemies(u, e) {
                if self.opportunity_weapon(e, u).is_some() {
                    seen_active = false;
                    self.opportunity(e, u, dice, sink);
                }
                if !seen_active {
                    if !self.units[u].active() {
                        return;
                    }
                    seen_active = true;
                }
            }
        }
    }
}
