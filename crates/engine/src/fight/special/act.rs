//! What special abilities do in a fight (Bestiary — Universal Monster Rules « Regeneration »,
//! « Fast Healing », « Grab », « Trip », « Paralysis », « Poison »; the rules and their
//! simplifications are listed in [`super`]): the healing at the start of a turn, the bypass
//! damage that stops regeneration, the free manoeuvre, paralysis or poison a rider brings on a
//! hit, and the poison's later saves. Owns these steps; the values they read are `super`'s,
//! the life track `state`'s.

use crate::model::special::Lasting;
use crate::model::{DamageTypes, EffectTag};
use crate::rng::Roller;
use crate::rules::condition::{Condition, ConditionSet};
use crate::rules::maneuver::Maneuver;
use crate::rules::{Descriptor, Save};
use crate::vocab::{EnumSet, Vocabulary};

/// The descriptor of a poison's saves (save modifiers « vs poison » count).
pub(super) fn poison_descriptor() -> EnumSet<Descriptor> {
    [Descriptor::Poison].into_iter().collect()
}

use super::super::action::maneuver::Attempt;
use super::super::cast::D20;
use super::super::effects::Wards;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::{Poison, Rider, Running};

impl Fight<'_> {
    /// `u`'s regeneration works now: it has one and no bypass damage stopped it this round or
    /// the last.
    #[inline]
    pub(crate) fn regeneration_works(&self, u: usize) -> bool {
        self.info[u].traits.specials.regeneration.is_some() && self.units[u].regenerates(self.round)
    }

    /// Damage of `types` is about to wound `t`: a bypass type stops its regeneration through
    /// the end of the next round.
    #[inline]
    pub(crate) fn bypass_regeneration(&mut self, t: usize, types: DamageTypes) {
        if let Some(r) = self.info[t].traits.specials.regeneration
            && r.bypass.intersects(&types)
        {
            self.units[t].regen_off_through = self.round + 1;
        }
    }

    /// The start of `u`'s turn: fast healing, then regeneration (one line each when it heals
    /// something, or when bypass damage stopped the regeneration).
    #[cold]
    pub(crate) fn turn_start_healing<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let specials = self.info[u].traits.specials;
        if specials.fast_healing > 0 {
            // « Bestiary — Hydra »: « fast healing ability is equal to its current number of
            // heads (minimum fast healing 5) » — the file's amount is that minimum.
            let amount = specials
                .fast_healing
                .max(u32::from(self.units[u].umr.heads));
            self.heal_self(u, "fast healing", amount, sink);
        }
        if let Some(r) = specials.regeneration {
            if self.regeneration_works(u) {
                self.heal_self(u, "regeneration", r.amount, sink);
            } else {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "regeneration stopped this round (hp {})",
                    self.units[u].hp
                );
            }
        }
    }

    fn heal_self<S: Sink>(&mut self, u: usize, what: &str, amount: u32, sink: &mut S) {
        let (before, nonlethal) = (self.units[u].hp, self.units[u].nonlethal);
        let restored = self.restore(u, amount as i32);
        self.units[u].tally.healing_done += restored as u64;
        if restored > 0 || nonlethal > self.units[u].nonlethal {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "{what} {amount}: hp {before} -> {}",
                self.units[u].hp
            );
        }
    }

    /// `a` hit `t` with a weapon that carries `rider`: the free manoeuvre, the paralysis
    /// or the poison, while both still stand.
    #[cold]
    pub(crate) fn ride<R: Roller, S: Sink>(
        &mut self,
        (a, t): (usize, usize),
        rider: Rider,
        dice: &mut R,
        sink: &mut S,
    ) {
        if !(self.units[a].active() && self.units[t].active()) {
            return;
        }
        match rider {
            Rider::Maneuver { maneuver, bonus } => {
                self.ride_maneuver((a, t), maneuver, bonus, dice, sink)
            }
            Rider::Paralysis {
                dc,
                duration,
                entry,
            } => {
                self.paralyze((a, t), dc, duration, usize::from(entry), dice, sink);
            }
            Rider::Poison(poison) => self.poison((a, t), poison, dice, sink),
            Rider::Bleed { amount } => self.start_bleeding((a, t), amount, sink),
            Rider::EnergyDrain { levels } => self.drain((a, t), levels, sink),
            Rider::Knockout {
                dc,
                duration,
                doses,
            } => self.knock_out((a, t), (dc, duration, doses), dice, sink),
        }
    }

    fn ride_maneuver<R: Roller, S: Sink>(
        &mut self,
        (a, t): (usize, usize),
        maneuver: Maneuver,
        bonus: i32,
        dice: &mut R,
        sink: &mut S,
    ) {
        // « Grab works only against opponents the same size category as the creature or
        // smaller ».
        if maneuver == Maneuver::Grapple && self.info[t].size > self.info[a].size {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "grab: {} is too large",
                self.id(t)
            );
            return;
        }
        let result = self.perform_maneuver(a, t, maneuver, Attempt::rider(bonus), dice, sink);
        if !result.ok {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{} rider refused: {}",
                maneuver.name(),
                result.reason
            );
        }
    }

    /// `t` is immune to effects tagged `tag` (one line naming the rider `what` when it is).
    fn immune_to<S: Sink>(
        &self,
        (a, t): (usize, usize),
        tag: EffectTag,
        what: &str,
        sink: &mut S,
    ) -> bool {
        let immune = self.combatant(t).immunities().to_effect(tag);
        if immune {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{what}: {} is immune",
                self.id(t)
            );
        }
        immune
    }

    /// « Bestiary — Paralysis »: `t` saves (Fortitude) against `dc` or is paralyzed.
    fn paralyze<R: Roller, S: Sink>(
        &mut self,
        (a, t): (usize, usize),
        dc: u8,
        duration: Lasting,
        entry: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let spared = &self.combatant(a).specials()[entry].immune_subtypes;
        let subtype = (self.combatant(t).subtypes().iter()).find(|s| {
            spared
                .iter()
                .any(|x| x.trim().eq_ignore_ascii_case(s.trim()))
        });
        if subtype.is_some() {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "paralysis: {} is immune",
                self.id(t)
            );
            return;
        }
        if self.immune_to((a, t), EffectTag::Paralysis, "paralysis", sink) {
            return;
        }
        let (saved, d20) = self.fort_save(t, Some(a), EnumSet::new(), dc, dice);
        if saved {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "paralysis vs {}: Fort DC {dc} {d20} saves",
                self.id(t)
            );
            return;
        }
        let rounds = match duration {
            Lasting::Permanent => ConditionSet::PERMANENT,
            Lasting::Rounds(roll) => roll.roll(dice).clamp(0, i32::from(u16::MAX)) as u16,
        };
        if rounds == 0 && duration != Lasting::Permanent {
            return;
        }
        self.units[t].conds.add(Condition::Paralyzed, rounds);
        if rounds == ConditionSet::PERMANENT {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "paralysis vs {}: Fort DC {dc} {d20} fails -> paralyzed for the rest of the fight",
                self.id(t)
            );
        } else {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "paralysis vs {}: Fort DC {dc} {d20} fails -> paralyzed for {rounds} rounds",
                self.id(t)
            );
        }
    }

    /// « Bestiary — Bleed »: `t` bleeds `amount` a turn (the larger of two bleeds).
    fn start_bleeding<S: Sink>(&mut self, (a, t): (usize, usize), amount: u32, sink: &mut S) {
        if self.immune_to((a, t), EffectTag::Bleed, "bleed", sink) {
            return;
        }
        let bleed = self.units[t].bleed.max(amount);
        self.units[t].bleed = bleed;
        self.units[t]
            .conds
            .add(Condition::Bleeding, ConditionSet::PERMANENT);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "bleed: {} bleeds {bleed} a round",
            self.id(t)
        );
    }

    /// `t` rolls its Fortitude save against `dc`, an effect of `descriptors` from `source`.
    pub(super) fn fort_save<R: Roller>(
        &mut self,
        t: usize,
        source: Option<usize>,
        descriptors: EnumSet<Descriptor>,
        dc: u8,
        dice: &mut R,
    ) -> (bool, D20) {
        self.special_save(t, source, (Save::Fort, descriptors), (dc, 0), dice)
    }

    /// « Bestiary — Poison »: the dose of a hit. A creature already poisoned ignores it.
    fn poison<R: Roller, S: Sink>(
        &mut self,
        (a, t): (usize, usize),
        poison: Poison,
        dice: &mut R,
        sink: &mut S,
    ) {
        if self.immune_to((a, t), EffectTag::Poison, "poison", sink) {
            return;
        }
        if self.units[t].afflictions.poison.is_some() {
            return;
        }
        let dc = poison.dc;
        let (saved, d20) = self.fort_save(t, Some(a), poison_descriptor(), dc, dice);
        if saved {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "poison vs {}: Fort DC {dc} {d20} saves",
                self.id(t)
            );
            return;
        }
        let points = self.ability_damage(t, poison, dice);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "poison vs {}: Fort DC {dc} {d20} fails -> {points} {} damage",
            self.id(t),
            poison.ability
        );
        if poison.frequency > 1 {
            self.units[t].afflictions.poison = Some(Running {
                poison,
                rounds_left: poison.frequency - 1,
                saved: 0,
            });
            self.units[t].wards.add(Wards::POISON);
        }
    }

    /// Rolls `poison`'s damage into `t`'s ability damage and its numbers; returns the points.
    fn ability_damage<R: Roller>(&mut self, t: usize, poison: Poison, dice: &mut R) -> i32 {
        let points = poison.damage.roll(dice);
        let k = poison.ability as usize;
        let taken = &mut self.units[t].afflictions.ability_damage[k];
        *taken = (i32::from(*taken) + points).min(255) as u8;
        self.refresh_effects(t);
        points
    }

    /// The start of poisoned `u`'s turn: its save, the damage of a failure, the end of the
    /// poison after its frequency or its cure.
    #[cold]
    pub(crate) fn poison_turn<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        let Some(mut running) = self.units[u].afflictions.poison else {
            return;
        };
        let p = running.poison;
        let (saved, d20) = self.fort_save(u, None, poison_descriptor(), p.dc, dice);
        running.rounds_left -= 1;
        let left = running.rounds_left;
        if saved {
            running.saved += 1;
            let cured = running.saved >= p.cure;
            if cured || left == 0 {
                self.end_poison(u);
            } else {
                self.units[u].afflictions.poison = Some(running);
            }
            let end = if cured {
                "cured"
            } else if left == 0 {
                "the poison ends"
            } else {
                ""
            };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "poison: Fort DC {} {d20} saves{}{end}",
                p.dc,
                if end.is_empty() { "" } else { " -> " }
            );
            return;
        }
        running.saved = 0;
        if left == 0 {
            self.end_poison(u);
        } else {
            self.units[u].afflictions.poison = Some(running);
        }
        let points = self.ability_damage(u, p, dice);
        let more = if left == 0 { ", the poison ends" } else { "" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "poison: Fort DC {} {d20} fails -> {points} {} damage{more}",
            p.dc,
            p.ability
        );
    }

    fn end_poison(&mut self, u: usize) {
        self.units[u].afflictions.poison = None;
        self.refresh_effects(u);
    }
}
