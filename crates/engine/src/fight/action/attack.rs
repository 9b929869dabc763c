//! The attack actions (« CRB — Attack », « Full Attack »; the reference spec, « Attaques
//! multiples par action »): one attack with the first weapon that can strike the target, and
//! the full attack — iteratives for manufactured weapons, every natural attack for a natural
//! weapon — turning to the nearest enemy still in reach when the target drops. A ranged attack
//! from a threatened square provokes first (`aoo`); a weapon with counted ammunition spends a
//! shot each time (`weapons`) and stops when none is left. Owns which attacks an action makes;
//! each attack is played by `strike`.

use crate::rng::Roller;
use crate::rules::feat::Feat;

use super::super::effects::Wards;
use super::super::log::Sink;
use super::super::numbers::Swing;
use super::super::state::Fight;

impl Fight<'_> {
    /// « CRB — Attack »: one attack on `target` (or the nearest active enemy when it is gone)
    /// with the first weapon that can strike it; a ranged attack from a threatened square
    /// provokes first.
    pub(super) fn attack<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let Some(t) = self.live_target(u, target) else {
            return;
        };
        let Some(w) = self.weapon_now(u, t) else {
            return;
        };
        if !self.info[u].weapons[w].melee {
            self.provoke_shooting(u, dice, sink);
            if !self.units[u].active() || !self.units[t].active() {
                return;
            }
        }
        self.strike(u, t, w, Swing::default(), dice, sink);
        if self.units[u].arms.counted(w) {
            self.spend_shot(u, w, t, sink);
        }
    }

    /// « CRB — Full Attack » on `target` (or the nearest active enemy when it is gone):
    /// iteratives at BAB +6/+11/+16 (−5/−10/−15) for manufactured weapons (Rapid Shot: one
    /// more ranged attack at the highest bonus, all at −2), then the secondary
    /// natural attacks of a melee line; with a natural weapon, every natural attack that
    /// reaches (never iteratives). Each attack line swings
    /// `count` times; swings left when the target drops are lost, later lines turn to the
    /// nearest enemy they can still strike.
    pub(super) fn full_attack<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.full_attack_with(u, target, Swing::default(), dice, sink);
    }

    /// [`Fight::full_attack`] with every swing on top of `base` (« Bestiary — Pounce »: the
    /// charge's +2).
    pub(crate) fn full_attack_with<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        base: Swing,
        dice: &mut R,
        sink: &mut S,
    ) {
        let Some(t) = self.live_target(u, target) else {
            return;
        };
        let Some(first) = self.weapon_now(u, t) else {
            return;
        };
        let info = self.info;
        let mut target = t;
        if info[u].traits.specials.umr.rake.is_some() {
            self.rake(u, t, base, dice, sink);
            if !(self.units[u].active() && self.units[t].active()) {
                return;
            }
        }
        let natural = info[u].weapons[first].natural;
        // « CRB — Rapid Shot »: with a ranged weapon, one more attack at its highest bonus,
        // every attack of the round at −2.
        let rapid = !natural && !info[u].weapons[first].melee && info[u].has(Feat::RapidShot);
        let base = if rapid {
            Swing {
                penalty: base.penalty - 2,
                ..base
            }
        } else {
            base
        };
        let lines = if natural {
            info[u].weapons.len()
        } else {
            // +6/+11/+16 add the 2nd–4th attacks; a base attack bonus above +20 adds none.
            (1 + (info[u].bab.max(1) - 1) as usize / 5).min(4) + usize::from(rapid)
        };
        // « CRB — Haste »: one extra attack at the full base attack bonus.
        if self.units[u].wards.has(Wards::EXTRA_ATTACK) {
            if !info[u].weapons[first].melee {
                self.provoke_shooting(u, dice, sink);
            }
            if self.units[u].active() && self.units[target].active() {
                self.strike(u, target, first, base, dice, sink);
                if self.units[u].arms.counted(first) {
                    self.spend_shot(u, first, target, sink);
                }
            }
            if !self.units[u].active() {
                return;
            }
        }
        // « CRB — Natural Attacks »: with a manufactured melee weapon, the secondary natural
        // attacks of the stat block's melee line come after its iteratives (their listed
        // bonus already carries the −5).
        let secondaries = if natural || !info[u].weapons[first].melee {
            0
        } else {
            info[u].weapons.len()
        };
        for k in 0..lines + secondaries {
            let (w, penalty) = if natural {
                if !info[u].weapons[k].natural || self.is_rake(u, k) {
                    continue;
                }
                (k, 0)
            } else if k < lines {
                // Rapid Shot's extra attack is the second, at the first's bonus.
                let iterative = if rapid { k.saturating_sub(1) } else { k };
                (first, -5 * iterative as i32)
            } else {
                let n = k - lines;
                let weapon = &info[u].weapons[n];
                let secondary = (info[u].combatant.attacks())
                    .get(weapon.index)
                    .is_some_and(|a| a.secondary());
                if !(weapon.natural && secondary && weapon.melee) || self.is_rake(u, n) {
                    continue;
                }
                (n, 0)
            };
            if !self.units[target].active() {
                match self.nearest_target_for(u, w) {
                    Some(o) => target = o,
                    None => return,
                }
            }
            let d = self.distance_ft(u, target);
            if !Self::weapon_band(&info[u].weapons[w], d) {
                continue;
            }
            for _ in 0..self.swings(u, w) {
                if !self.units[target].active()
                    || !self.units[u].active()
                    || !self.units[u].arms.usable(w)
                {
                    break;
                }
                if !info[u].weapons[w].melee {
                    self.provoke_shooting(u, dice, sink);
                    if !self.units[u].active() || !self.units[target].active() {
                        break;
                    }
                }
                let swing = Swing {
                    penalty: base.penalty + penalty,
                    ..base
                };
                self.strike(u, target, w, swing, dice, sink);
                if self.units[u].arms.counted(w) {
                    self.spend_shot(u, w, target, sink);
                }
            }
            if !self.units[u].active() {
                return;
            }
        }
    }

    /// [`Fight::weapon_for`] `u` on `t`, read from the decision's memory when the decision
    /// asked it and nothing has changed since (`view::memo`).
    fn weapon_now(&mut self, u: usize, t: usize) -> Option<usize> {
        let memo = self.decision_memo.get_mut();
        if memo.fresh
            && let Some(w) = memo.weapons.get((u, t))
        {
            debug_assert_eq!(w, self.weapon_for(u, t));
            return w;
        }
        self.weapon_for(u, t)
    }

    /// The nearest active enemy that weapon `w` of `u` can strike from where `u` stands.
    fn nearest_target_for(&self, u: usize, w: usize) -> Option<usize> {
        (0..self.units.len())
            .filter(|&o| self.enemies(u, o) && self.units[o].active())
            .filter(|&o| {
                Self::weapon_band(&self.info[u].weapons[w], self.distance_ft(u, o))
                    && self.has_line_of_effect_from(u, self.units[u].pos, o)
            })
            .min_by_key(|&o| (self.distance_ft(u, o), o))
    }
}
