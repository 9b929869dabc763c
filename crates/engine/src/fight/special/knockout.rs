//! A poison that knocks its victim out (the drow's « Drow Poison—injury; save Fort DC 13;
//! frequency 1/minute for 2 minutes; initial effect unconsciousness for 1 minute; secondary
//! effect unconsciousness for 2d4 hours; cure 1 save »): on a hit with the poisoned attack,
//! while doses last, a Fortitude save (modifiers against poison count; a creature immune to
//! poison is spared) or the `unconscious` condition (helpless) for the entry's duration, counted
//! in the victim's turns. Simplified: the secondary save after the first minute is not rolled
//! (a fight rarely lasts ten rounds); a dose is spent by every hit, saved or not.

use crate::model::EffectTag;
use crate::model::special::Lasting;
use crate::rng::Roller;
use crate::rules::condition::{Condition, ConditionSet};

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::act::poison_descriptor;

impl Fight<'_> {
    /// `a`'s hit with a poisoned attack on `t`: `(dc, duration, doses)`.
    pub(super) fn knock_out<R: Roller, S: Sink>(
        &mut self,
        (a, t): (usize, usize),
        (dc, duration, doses): (u8, Lasting, u8),
        dice: &mut R,
        sink: &mut S,
    ) {
        if self.units[a].umr.doses_spent >= doses {
            return;
        }
        self.units[a].umr.doses_spent += 1;
        let left = doses - self.units[a].umr.doses_spent;
        if self.combatant(t).immunities().to_effect(EffectTag::Poison) {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "knockout poison: {} is immune ({left} doses left)",
                self.id(t)
            );
            return;
        }
        let (saved, d20) = self.fort_save(t, Some(a), poison_descriptor(), dc, dice);
        if saved {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "knockout poison vs {}: Fort DC {dc} {d20} saves ({left} doses left)",
                self.id(t)
            );
            return;
        }
        let rounds = match duration {
            Lasting::Permanent => ConditionSet::PERMANENT,
            Lasting::Rounds(roll) => roll.roll(dice).clamp(1, i32::from(u16::MAX)) as u16,
        };
        self.units[t].conds.add(Condition::Unconscious, rounds);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "knockout poison vs {}: Fort DC {dc} {d20} fails -> unconscious for {rounds} rounds \
             ({left} doses left)",
            self.id(t)
        );
    }
}
