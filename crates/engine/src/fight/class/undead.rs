//! The necromancer's school powers that reach undead and see the living (« CRB — Wizard —
//! Arcane Schools — Necromancy »), and the flesh golem's rampage (« Bestiary — Flesh Golem —
//! Berserk »):
//! - Power over Undead (Command Undead, « CRB — Feats — Command Undead »): a standard action
//!   that spends one of its uses; each undead enemy within 30 feet (unit order) whose Hit Dice
//!   still fit the pool (the wizard level, in all) saves (Will, channel resistance added) or
//!   falls under its control. Simplified: a controlled undead leaves the fight (counted as
//!   fallen for its side), instead of fighting for its new master.
//! - Life Sight: blindsight to `range` feet that sees living and undead creatures only,
//!   rounds a day: it is turned on at the start of the wizard's turn when a living or undead
//!   enemy within its range is concealed or invisible to it, one round spent, until the end
//!   of that round; within its range such creatures have no concealment, invisibility or
//!   hiddenness against it (`numbers`).
//! - Berserk: at the start of each of its turns a golem not yet berserk goes berserk on a
//!   d100 of at most its rounds in combat (1 %, 2 %, … cumulative); from then on it and every
//!   other creature are enemies ([`Fight::enemies`]): it attacks the nearest creature, friend
//!   or foe, and keeps going. Simplified: the creator's Charisma check to calm it is out of
//!   scope, and it strikes any creature, where the Bestiary says living ones.
//!
//! Owns these steps; when to command undead is the policy's (`policy::abilities`).

use crate::model::CreatureType;
use crate::rng::Roller;
use crate::rules::Save;
use crate::vocab::EnumSet;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;

/// Command Undead's reach (« undead within 30 feet »).
pub const COMMAND_RANGE_FT: u32 = 30;

impl Fight<'_> {
    /// `u` has a use of power over undead left and an undead enemy stands within its reach.
    pub(crate) fn can_command_undead(&self, u: usize) -> bool {
        self.info[u].traits.class.undead_power.is_some()
            && self.units[u].class.command_left > 0
            && (0..self.units.len()).any(|t| self.commandable(u, t))
    }

    /// `t` is an active undead enemy of `u` within 30 feet and its line of effect.
    fn commandable(&self, u: usize, t: usize) -> bool {
        self.enemies(u, t)
            && self.units[t].active()
            && self.combatant(t).creature_type() == CreatureType::Undead
            && self.distance_ft(u, t) <= COMMAND_RANGE_FT
            && self.has_line_of_effect_from(u, self.units[u].pos, t)
    }

    /// The standard action: `u` commands the undead enemies around it.
    pub(crate) fn command_undead<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some((_, dc, level)) = self.info[u].traits.class.undead_power else {
            return ActionResult::refused("command_undead", "no_power_over_undead");
        };
        if !self.can_command_undead(u) {
            return ActionResult::refused("command_undead", "no_undead_in_reach");
        }
        self.units[u].class.command_left -= 1;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "commands undead (Will DC {dc}, {} left)",
            self.units[u].class.command_left
        );
        let mut pool = u32::from(level);
        for t in 0..self.units.len() {
            let hd = self.combatant(t).level().max(1);
            if !self.commandable(u, t) || hd > pool {
                continue;
            }
            let resistance = i32::from(self.info[t].traits.specials.areas.channel_resistance);
            let (saved, d20) = self.special_save(
                t,
                Some(u),
                (Save::Will, EnumSet::new()),
                (dc, resistance),
                dice,
            );
            if saved {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "command undead vs {}: Will DC {dc} {d20} saves",
                    self.id(t)
                );
                continue;
            }
            pool -= hd;
            self.occupy(t, false);
            self.units[t].absent = true;
            self.units[t].dead = true;
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "command undead vs {}: Will DC {dc} {d20} fails -> under its control, leaves the fight",
                self.id(t)
            );
        }
        ActionResult::done("command_undead")
    }

    /// `a` sees `t` by life sight now: its sight is on, `t` is living or undead and within
    /// its range.
    #[inline]
    pub(crate) fn life_sees(&self, a: usize, t: usize) -> bool {
        self.round < self.units[a].class.sight_until && self.life_sight_covers(a, t)
    }

    fn life_sight_covers(&self, a: usize, t: usize) -> bool {
        let Some((range, _)) = self.info[a].traits.class.life_sight else {
            return false;
        };
        self.combatant(t).creature_type() != CreatureType::Construct
            && self.distance_ft(a, t) <= u32::from(range)
    }

    /// « Life Sight »: the start of `u`'s turn; a round of it when a creature it would see
    /// is concealed, invisible or hidden from it.
    #[cold]
    pub(crate) fn life_sight_turn<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let hidden = (0..self.units.len()).find(|&t| {
            self.enemies(u, t)
                && self.units[t].active()
                && self.life_sight_covers(u, t)
                && (self.miss_chance(u, t) > 0 || self.unseen_by(u, t))
        });
        let Some(t) = hidden else {
            return;
        };
        self.units[u].class.sight_left -= 1;
        self.units[u].class.sight_until = self.round + 1;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "life sight on: sees {} ({} rounds left)",
            self.id(t),
            self.units[u].class.sight_left
        );
    }

    /// « Berserk »: the start of `u`'s turn while it is not berserk.
    #[cold]
    pub(crate) fn berserk_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let state = &mut self.units[u].class;
        state.berserk_chance += 1;
        let chance = state.berserk_chance;
        let roll = dice.d100();
        if roll > chance {
            return;
        }
        self.units[u].class.berserk = true;
        self.rampant += 1;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "berserk {chance}% d100={roll} -> goes berserk: attacks the nearest creature"
        );
    }
}
