//! Channel energy (CRB — Cleric « Channel Energy », the feat « Selective Channeling »;
//! Bestiary — « Channel Resistance »): the [`Action::Channel`] a policy asks for, the 30-ft
//! burst centred on the channeler, who it heals or harms, the Will save for half. Owns those
//! steps; when to channel is the policy's (`policy::specials`).
//!
//! - « Channeling energy causes a burst that affects all creatures of one type (either undead
//!   or living) in a 30-foot radius centered on the cleric [...] Creatures that take damage
//!   from channeled energy receive a Will save to halve the damage [...] Creatures healed by
//!   channel energy cannot exceed their maximum hit point total [...] This is a standard
//!   action that does not provoke an attack of opportunity. A cleric can choose whether or
//!   not to include herself in this effect. » Positive energy heals the living or harms
//!   undead; negative energy harms the living or heals undead (`harm` picks which). The dice
//!   are rolled once for everyone. The channeler leaves itself out of a harming burst.
//! - « Selective Channeling: When you channel energy, you can choose a number of targets in
//!   the area up to your Charisma modifier. These targets are not affected » — friends out of
//!   a harming burst, enemies out of a healing one, in unit order, up to that number.
//! - « Channel Resistance: [...] +N bonus on saves made to resist channeled energy »: added
//!   to the Will save.
//! - Uses per encounter: the `channel_energy` resource; none left refuses the action.
//!
//! [`Action::Channel`]: super::super::action::Action::Channel

use crate::area::{Origin, Shape, Template, covered};
use crate::model::special::Energy;
use crate::rng::Roller;
use crate::rules::Save;
use crate::vocab::{DamageType, EnumSet};

use super::super::action::ActionResult;
use super::super::id::UnitIds;
use super::super::log::{Sink, log};
use super::super::state::Fight;

/// « 30-foot radius centered on the cleric ».
const CHANNEL_RADIUS_FT: u32 = 30;

impl Fight<'_> {
    /// The creatures `u`'s channel would heal (`harm` false) or harm: those of the right kind
    /// (living or undead) in the burst, not dead nor petrified, less the ones it leaves out.
    pub(crate) fn channel_takers(&self, u: usize, harm: bool) -> UnitIds {
        let mut takers = UnitIds::default();
        let Some(c) = self.info[u].traits.specials.areas.channel else {
            return takers;
        };
        let template =
            Template::from_feet(Shape::Burst, CHANNEL_RADIUS_FT, self.map.square_size_ft());
        let origin = Origin::Creature {
            anchor: self.units[u].pos,
            size: self.info[u].size,
        };
        let mut squares = self.magic.area.borrow_mut();
        covered(self.map, template, origin, None, &mut squares);
        let mut left_out = 0;
        for t in 0..self.units.len() {
            let state = &self.units[t];
            if !self.present(t) || state.petrified || !squares.caught(state.pos, self.info[t].size)
            {
                continue;
            }
            let undead = self.is_undead(t);
            let kind = match (c.energy, harm) {
                (Energy::Positive, false) | (Energy::Negative, true) => !undead,
                (Energy::Positive, true) | (Energy::Negative, false) => undead,
            };
            if !kind || (harm && t == u) {
                continue;
            }
            let unwanted = if harm {
                !self.enemies(u, t)
            } else {
                self.enemies(u, t)
            };
            if unwanted && left_out < c.selective {
                left_out += 1;
                continue;
            }
            takers.insert(t);
        }
        takers
    }

    /// `u` has a channel use left.
    pub(crate) fn can_channel(&self, u: usize) -> bool {
        self.info[u].traits.specials.areas.channel.is_some()
            && self.units[u].powers.channel_left > 0
    }

    /// « Channel Energy »: `u` channels to heal, or to harm when `harm`.
    #[inline(never)]
    pub(crate) fn channel<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        harm: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some(c) = self.info[u].traits.specials.areas.channel else {
            return ActionResult::refused("channel", "no_channel_energy");
        };
        if self.units[u].powers.channel_left == 0 {
            return ActionResult::refused("channel", "no_uses_left");
        }
        self.units[u].powers.channel_left -= 1;
        let takers = self.channel_takers(u, harm);
        let amount = c.dice.roll(dice);
        let energy = match c.energy {
            Energy::Positive => DamageType::Positive,
            Energy::Negative => DamageType::Negative,
        };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "channels {energy} energy to {} ({} {amount}), {} left",
            if harm { "harm" } else { "heal" },
            c.dice,
            self.units[u].powers.channel_left
        );
        for t in takers.indices() {
            if harm {
                self.channel_harm((u, t), c.dc, amount, energy, dice, sink);
            } else {
                let before = self.units[t].hp;
                let restored = self.restore(t, amount);
                self.units[u].tally.healing_done += restored as u64;
                if restored == 0 {
                    continue;
                }
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "channel heals {} {restored}: hp {before} -> {}",
                    self.id(t),
                    self.units[t].hp
                );
            }
        }
        ActionResult::done("channel")
    }

    /// `t` in `u`'s harming burst: a Will save (its channel resistance added) for half.
    fn channel_harm<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        dc: u8,
        amount: i32,
        energy: DamageType,
        dice: &mut R,
        sink: &mut S,
    ) {
        let resistance = i32::from(self.info[t].traits.specials.areas.channel_resistance);
        let (saved, d20) = self.special_save(
            t,
            Some(u),
            (Save::Will, EnumSet::new()),
            (dc, resistance),
            dice,
        );
        self.half_on_save(
            (u, t),
            "channel",
            (Save::Will, dc, saved, d20),
            (amount, energy),
            sink,
        );
    }
}
