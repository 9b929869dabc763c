//! « Bestiary — Energy Drain » on a hit: negative levels (`Afflictions::negative_levels`),
//! counted in the numbers as a spell's negative levels are (`effects::parts`: −1 on attack
//! rolls, saves, skill checks, CMB and CMD; −5 maximum hit points each) and 5 temporary hit
//! points a level for the drainer; a creature with at least as many negative levels as Hit
//! Dice (its `level`) dies. Undead and creatures immune to energy drain are spared.
//! Simplified: a critical hit does not double the levels; a caster loses no spell slot (its
//! caster level drops, as for a spell's negative levels); the save a day later is beyond the
//! fight.

use crate::model::EffectTag;

use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// `a`'s hit bestows `levels` negative levels on `t`: −5 hit points each, the penalties,
    /// death when they reach its Hit Dice (its level), +5 temporary hit points each for `a`.
    pub(super) fn drain<S: Sink>(&mut self, (a, t): (usize, usize), levels: u8, sink: &mut S) {
        if self
            .combatant(t)
            .immunities()
            .to_effect(EffectTag::EnergyDrain)
            || self.is_undead(t)
        {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "energy drain: {} is immune",
                self.id(t)
            );
            return;
        }
        let total = self.units[t]
            .afflictions
            .negative_levels
            .saturating_add(levels);
        self.units[t].afflictions.negative_levels = total;
        self.units[t].hp -= 5 * i32::from(levels);
        self.units[a].temp_hp += 5 * i32::from(levels);
        let slain = u32::from(total) >= self.combatant(t).level().max(1);
        if slain {
            self.units[t].dead = true;
        }
        if !self.units[t].active() {
            self.units[t].downed = true;
        }
        self.refresh_effects(t);
        let end = if slain { ", slain" } else { "" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "energy drain vs {}: {levels} negative levels ({total} in all, hp {}){end}",
            self.id(t),
            self.units[t].hp
        );
    }
}
