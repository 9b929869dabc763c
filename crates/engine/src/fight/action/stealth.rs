//! Hiding (« CRB — Stealth », « Perception »; the reference spec, « Stealth »): a creature with
//! cover or concealment from an observer may hide from it — one Stealth check (its skill, the
//! size modifier when the stat block gives no total) opposed by each such observer's Perception
//! (−1 per 10 ft of distance); the observers it beats stop perceiving it (`hidden_from`). An
//! observer that sees it directly (line of effect, no terrain cover, no concealment) cannot be
//! beaten (« If people are observing you… you can't use Stealth »); soft cover from creatures
//! does not count (« CRB — Cover »). A hidden creature is revealed to everyone when it attacks,
//! casts, runs or charges, and to an observer that sees it directly after it or the observer
//! moves. What hiding changes in an attack (the target denied its Dex bonus, +2, no attack
//! or attack of opportunity on it by those it is hidden from) is `numbers`' and `aoo`'s.
//!
//! Simplified (documented in the rules ledger): moving while hidden rolls nothing (no −5
//! re-roll); no sniping; spells still target a hidden creature.

use crate::los::{Cover, CoverMode};
use crate::model::Skill;
use crate::rng::Roller;
use crate::rules::{roll_check, tactics};

use super::super::id::UnitIds;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::budget::ActionResult;

impl Fight<'_> {
    /// « CRB — Stealth »: `u` hides from the active enemies it has cover or concealment from.
    pub(super) fn hide<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let n = self.units.len();
        let observer = |o: usize| self.enemies(u, o) && self.units[o].active();
        if !(0..n).any(observer) {
            return ActionResult::done("hide");
        }
        if (0..n).filter(|&o| observer(o)).all(|o| self.observes(o, u)) {
            return ActionResult::refused("hide", "no_cover_or_concealment");
        }
        let entry = self.combatant(u).skill(Skill::Stealth);
        let size = if entry.is_some_and(|e| e.total.is_some()) {
            0
        } else {
            tactics::stealth_size_modifier(self.info[u].size)
        };
        let bonus = self.skill_bonus(u, Skill::Stealth) + size;
        let stealth = roll_check(bonus, dice);
        let (round, id) = (Some(self.round), Some(self.id(u)));
        log!(
            S,
            sink,
            round,
            id,
            "hides: Stealth d20={}{bonus:+}={}",
            stealth.roll,
            stealth.total
        );
        let mut hidden = UnitIds::default();
        for o in (0..n).filter(|&o| self.enemies(u, o) && self.units[o].active()) {
            if self.observes(o, u) {
                log!(
                    S,
                    sink,
                    round,
                    id,
                    "{} sees it (no cover or concealment)",
                    self.id(o)
                );
                continue;
            }
            let far = tactics::perception_distance_penalty(self.distance_ft(o, u));
            let bonus = self.skill_bonus(o, Skill::Perception) + far;
            let perception = roll_check(bonus, dice);
            let unnoticed = tactics::hides_from(stealth.total, perception.total);
            let end = if unnoticed {
                "does not notice it"
            } else {
                "notices it"
            };
            log!(
                S,
                sink,
                round,
                id,
                "{} Perception d20={}{bonus:+}={} -> {end}",
                self.id(o),
                perception.roll,
                perception.total
            );
            if unnoticed {
                hidden.insert(o);
            }
        }
        self.set_hidden_from(u, hidden);
        ActionResult::done("hide")
    }

    /// `o` sees `h` directly: active, and `h` has neither terrain cover (total cover included)
    /// nor concealment from it.
    pub(crate) fn observes(&self, o: usize, h: usize) -> bool {
        self.units[o].active()
            && self.terrain_cover_from(o, h) == Cover::None
            && self.miss_chance(o, h) == 0
    }

    /// Terrain cover of `h` against `o` at their squares, the way a ranged attack sees it;
    /// creatures in between do not count.
    fn terrain_cover_from(&self, o: usize, h: usize) -> Cover {
        let (po, ph) = (self.units[o].pos, self.units[h].pos);
        let (so, sh) = (self.info[o].size, self.info[h].size);
        if so.footprint() == 1 && sh.footprint() == 1 {
            return (self.scenario.cache()).terrain_cover(self.map, po, ph, CoverMode::Ranged);
        }
        crate::los::cover(self.map, po, so, ph, sh, CoverMode::Ranged, |_| 0)
    }

    /// `observer` does not perceive `hider` (it is hidden from it).
    #[inline]
    pub(crate) fn unseen_by(&self, observer: usize, hider: usize) -> bool {
        self.tactics.hidden > 0
            && self.tactics.units[hider].hidden_from.contains(observer)
            && !self.scents(observer, hider)
    }

    /// `u` is now hidden from exactly `observers`.
    fn set_hidden_from(&mut self, u: usize, observers: UnitIds) {
        self.track_tactics();
        let own = &mut self.tactics.units[u];
        let was = !own.hidden_from.is_empty();
        own.hidden_from = observers;
        let is = !observers.is_empty();
        match (was, is) {
            (false, true) => self.tactics.hidden += 1,
            (true, false) => self.tactics.hidden -= 1,
            _ => {}
        }
        self.tactics.edge |= is;
    }

    /// « CRB — Stealth — Breaking Stealth »: `u` is revealed to every observer (`why`: it
    /// attacks, casts, runs, charges).
    pub(crate) fn reveal<S: Sink>(&mut self, u: usize, why: &str, sink: &mut S) {
        if self.tactics.units[u].hidden_from.is_empty() {
            return;
        }
        self.set_hidden_from(u, UnitIds::default());
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "no longer hidden ({why})"
        );
    }

    /// After `m` moved: every observer that now sees `m` directly, and every hidden creature
    /// `m` now sees directly, perceives it again (« CRB — Stealth »: no Stealth in the open).
    pub(crate) fn recheck_hidden<S: Sink>(&mut self, m: usize, sink: &mut S) {
        for h in 0..self.units.len() {
            let set = self.tactics.units[h].hidden_from;
            if set.is_empty() || (h != m && !set.contains(m)) {
                continue;
            }
            let mut kept = set;
            for o in set.indices() {
                if (h == m || o == m) && self.observes(o, h) {
                    kept.remove(o);
                    log!(
                        S,
                        sink,
                        Some(self.round),
                        Some(self.id(h)),
                        "no longer hidden from {} (seen)",
                        self.id(o)
                    );
                }
            }
            if kept != set {
                self.set_hidden_from(h, kept);
            }
        }
    }
}
