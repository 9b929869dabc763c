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
//! - « APG — Channel Smite »: « Before you make a melee attack roll, you can choose to spend
//!   one use of your channel energy ability as a swift action. If you channel positive energy
//!   and you hit an undead creature, that creature takes an amount of additional damage equal
//!   to the damage dealt by your channel positive energy ability. If you channel negative
//!   energy and you hit a living creature, [the same] [...] Your target can make a Will save,
//!   as normal, to halve this additional damage. If your attack misses, the channel energy
//!   ability is still expended with no effect. » The use rides on its next melee attack
//!   ([`Fight::smite_channel_lands`]); a target of the other kind takes nothing.
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

/// The damage type of a channel of `energy`.
fn damage_type(energy: Energy) -> DamageType {
    match energy {
        Energy::Positive => DamageType::Positive,
        Energy::Negative => DamageType::Negative,
    }
}

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
        let energy = damage_type(c.energy);
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
                self.channel_harm((u, t), (c.dc, "channel"), amount, energy, dice, sink);
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
        (dc, what): (u8, &str),
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
            what,
            (Save::Will, dc, saved, d20),
            (amount, energy),
            sink,
        );
    }

    /// `u` has the Channel Smite feat and a channel use left, and no use rides on its weapon
    /// yet.
    pub(crate) fn can_smite_channel(&self, u: usize) -> bool {
        self.info[u].has(crate::rules::feat::Feat::ChannelSmite)
            && self.can_channel(u)
            && !self.units[u].class.smite_channel
    }

    /// `u`'s channel would harm `t` (positive energy harms undead, negative the living).
    pub(crate) fn channel_harms(&self, u: usize, t: usize) -> bool {
        self.info[u]
            .traits
            .specials
            .areas
            .channel
            .is_some_and(|c| match c.energy {
                Energy::Positive => self.is_undead(t),
                Energy::Negative => !self.is_undead(t),
            })
    }

    /// « Channel Smite », the swift action: one channel use spent, riding on the next melee
    /// attack.
    pub(crate) fn smite_channel<S: Sink>(&mut self, u: usize, sink: &mut S) -> ActionResult {
        if !self.info[u].has(crate::rules::feat::Feat::ChannelSmite) {
            return ActionResult::refused("channel_smite", "no_channel_smite");
        }
        if !self.can_channel(u) {
            return ActionResult::refused("channel_smite", "no_uses_left");
        }
        self.units[u].powers.channel_left -= 1;
        self.units[u].class.smite_channel = true;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "channel smite: a channel use rides on its next melee attack, {} left",
            self.units[u].powers.channel_left
        );
        ActionResult::done("channel_smite")
    }

    /// After `u`'s melee attack on `t` carrying a channel smite: on a `hit`, the channel's
    /// damage to `t` when its energy harms it (Will half, channel resistance added); the use
    /// is gone either way.
    #[cold]
    pub(crate) fn smite_channel_lands<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        hit: bool,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.units[u].class.smite_channel = false;
        let Some(c) = self.info[u].traits.specials.areas.channel else {
            return;
        };
        if !hit || !self.channel_harms(u, t) || self.units[t].dead {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "channel smite wasted"
            );
            return;
        }
        let amount = c.dice.roll(dice);
        let energy = damage_type(c.energy);
        self.channel_harm((u, t), (c.dc, "channel smite"), amount, energy, dice, sink);
    }
}
