//! The coup de grâce (« CRB — Coup de Grace »): as a full-round action, a creature uses a melee
//! weapon — or a ranged one while adjacent — on a helpless opponent (dying, stable,
//! unconscious, or paralyzed, asleep, helpless). Delivering it provokes attacks of opportunity
//! from threatening opponents; it hits automatically and is a critical hit; a defender who
//! survives the damage makes a Fortitude save (DC 10 + the damage dealt) or dies. « Creatures
//! that are immune to critical hits do not take critical damage, nor do they need to make
//! Fortitude saves to avoid being killed by a coup de grace »: they take an ordinary hit. A
//! rogue adds its sneak attack dice (the defender is helpless), unless it has concealment. Refused before anything
//! happens (the slot is spent) against a creature that is not a helpless opponent
//! (`not_helpless`), out of reach (`out_of_reach`) or with total concealment or cover
//! (`total_concealment`, `total_cover`; simplified: the CRB allows it against total
//! concealment in two full-round actions). The current Power Attack setting applies to the
//! damage. Owns the action; the damage of the hit is `strike`'s, the attacks of opportunity
//! `aoo`'s.

use crate::model::EffectTag;
use crate::rng::Roller;
use crate::rules::{Context, Save};

use super::super::log::{Sink, log};
use super::super::numbers::Swing;
use super::super::state::Fight;
use super::ActionResult;

const KIND: &str = "coup_de_grace";

impl Fight<'_> {
    /// The weapon `u` would deliver a coup de grâce to `t` with from where it stands: the
    /// first in stat-block order that is a melee weapon whose reach covers `t`, or a ranged
    /// weapon with `t` adjacent, with line of effect to it. `None` unless `t` is a helpless
    /// opponent of `u`.
    pub fn coup_de_grace_weapon(&self, u: usize, t: usize) -> Option<usize> {
        if !self.enemies(u, t) || !self.helpless(t) {
            return None;
        }
        let d = self.distance_ft(u, t);
        let adjacent = d <= self.map.square_size_ft();
        let w = self.info[u].weapons.iter().position(|w| {
            if w.melee {
                Self::weapon_band(w, d)
            } else {
                adjacent && w.max_range_ft > 0
            }
        })?;
        self.has_line_of_effect_from(u, self.units[u].pos, t)
            .then_some(w)
    }

    /// `t` is immune to critical hits (its `critical_hits` immunity).
    pub fn immune_to_criticals(&self, t: usize) -> bool {
        self.combatant(t)
            .immunities()
            .to_effect(EffectTag::CriticalHits)
    }

    /// « CRB — Coup de Grace » by `u` on `target` (see the module header).
    pub(super) fn coup_de_grace<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let t = target;
        if t >= self.units.len() || !self.enemies(u, t) || !self.helpless(t) {
            return ActionResult::refused(KIND, "not_helpless");
        }
        let Some(w) = self.coup_de_grace_weapon(u, t) else {
            return ActionResult::refused(KIND, "out_of_reach");
        };
        if self.miss_chance(u, t) >= 50 {
            return ActionResult::refused(KIND, "total_concealment");
        }
        let power = self.units[u].power_attack;
        let Some(mut numbers) = self.attack_numbers(u, t, w, Swing::default(), power) else {
            return ActionResult::refused(KIND, "total_cover");
        };
        self.provoke_shooting(u, dice, sink);
        if !self.units[u].active() {
            return ActionResult::done(KIND);
        }
        numbers.sneak = self.info[u].sneak_dice > 0
            && !self.info[t].precision_immune
            && numbers.miss_chance == 0;
        let crit = !self.immune_to_criticals(t);
        let taken = self.certain_hit((u, t, w), &numbers, crit, "coup de grace", dice, sink);
        if crit && !self.units[t].dead {
            self.death_save(t, 10 + taken, dice, sink);
        }
        ActionResult::done(KIND)
    }

    /// The defender's Fortitude save against a coup de grâce: on a failure it dies.
    fn death_save<R: Roller, S: Sink>(&mut self, t: usize, dc: i32, dice: &mut R, sink: &mut S) {
        let bonus = self.save_bonus(t, Save::Fort, &Context::default());
        let save = self.save_roll(t, bonus, dc, dice);
        if !save.success {
            let state = &mut self.units[t];
            state.dead = true;
            state.downed = true;
        }
        let verdict = if save.success { "saves" } else { "fails, dead" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(t)),
            "coup de grace Fort d20={}{bonus:+}={} DC {dc} -> {verdict}",
            save.roll,
            save.total
        );
    }
}
