//! Breath weapons (Bestiary — Universal Monster Rules « Breath Weapon »; the gorgon's « 60-
//! foot cone of green gas »): the [`Action::Breathe`] a policy asks for, through the spell
//! area code (`area::covered`, a cone or line from the breather's corner facing the aim), the
//! save of each creature caught and the recharge. Owns those steps; where to aim is the
//! policy's (`policy::specials`).
//!
//! - « A breath weapon attack is usually a cone or line [...] Creatures within the area may
//!   attempt a saving throw (usually Reflex) for half damage [...] A creature can use its
//!   breath weapon once every 1d4 rounds » — the file's `recharge` roll (the gorgon's
//!   « 1d4+1 »), rolled after each use: it may breathe again that many rounds later. Damage
//!   is rolled once for everyone (« CRB — Aiming a Spell »: an area's damage), then halved on
//!   a success, then each creature's resistances and immunities. A breath catches allies and
//!   enemies alike, never the breather; a standard action that provokes no attack of
//!   opportunity (a supernatural ability).
//! - The gorgon's petrification: « those who fail the save are immediately petrified. This
//!   petrification is temporary—each round, a petrified creature can attempt a new DC 21
//!   Fortitude save to recover [...] A creature exposed to the gorgon's breath a second time
//!   while already petrified becomes permanently petrified ». Not modelled: cover's bonus on
//!   Reflex saves.
//!
//! [`Action::Breathe`]: super::super::action::Action::Breathe

use crate::area::{Aim, Origin, Shape, Template, covered};
use crate::model::EffectTag;
use crate::model::special::{BreathEffect, BreathShape};
use crate::rng::Roller;
use crate::vocab::EnumSet;

use super::super::action::ActionResult;
use super::super::id::UnitIds;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::save::save_name;
use super::values::Breath;

impl Fight<'_> {
    /// The creatures `u`'s breath aimed at `target`'s square would catch (never `u`).
    pub(crate) fn breath_catches(&self, u: usize, target: usize) -> UnitIds {
        let mut caught = UnitIds::default();
        let Some(b) = self.info[u].traits.specials.areas.breath else {
            return caught;
        };
        if !self.present(target) || target == u {
            return caught;
        }
        let shape = match b.shape {
            BreathShape::Cone => Shape::Cone,
            BreathShape::Line => Shape::Line,
        };
        let template = Template::from_feet(shape, u32::from(b.range_ft), self.map.square_size_ft());
        let origin = Origin::Creature {
            anchor: self.units[u].pos,
            size: self.info[u].size,
        };
        let mut squares = self.magic.area.borrow_mut();
        covered(
            self.map,
            template,
            origin,
            Some(Aim::Square(self.units[target].pos)),
            &mut squares,
        );
        for t in 0..self.units.len() {
            if t != u && self.present(t) && squares.caught(self.units[t].pos, self.info[t].size) {
                caught.insert(t);
            }
        }
        caught
    }

    /// `u` can breathe this round (it has a breath weapon and it has recharged).
    pub(crate) fn breath_ready(&self, u: usize) -> bool {
        self.info[u].traits.specials.areas.breath.is_some()
            && self.round >= self.units[u].powers.breath_ready
    }

    /// « Breath Weapon »: `u` breathes toward `target`'s square.
    #[inline(never)]
    pub(crate) fn breathe<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some(b) = self.info[u].traits.specials.areas.breath else {
            return ActionResult::refused("breathe", "no_breath_weapon");
        };
        if self.round < self.units[u].powers.breath_ready {
            return ActionResult::refused("breathe", "recharging");
        }
        if !self.present(target) || target == u {
            return ActionResult::refused("breathe", "invalid_target");
        }
        let caught = self.breath_catches(u, target);
        let wait = b.recharge.roll(dice).max(1) as u32;
        self.units[u].powers.breath_ready = self.round + wait;
        let damage = match b.effect {
            BreathEffect::Damage { dice: roll, .. } => roll.roll(dice),
            BreathEffect::Petrification => 0,
        };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "breath weapon toward {}: {} caught, ready again in round {}",
            self.id(target),
            caught.len(),
            self.round + wait
        );
        for t in caught.indices() {
            self.breathed_on((u, t), b, damage, dice, sink);
        }
        ActionResult::done("breathe")
    }

    /// `t`, caught in `u`'s breath `b` (of `damage` rolled), saves and takes its effect.
    fn breathed_on<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        b: Breath,
        damage: i32,
        dice: &mut R,
        sink: &mut S,
    ) {
        let stone = b.effect == BreathEffect::Petrification;
        if stone
            && self
                .combatant(t)
                .immunities()
                .to_effect(EffectTag::Petrification)
        {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "breath: {} is immune",
                self.id(t)
            );
            return;
        }
        if stone && self.units[t].petrified {
            // « exposed to the gorgon's breath a second time while already petrified »
            self.units[t].powers.stone_dc = 0;
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "breath: {} is petrified for good",
                self.id(t)
            );
            return;
        }
        let dc = b.dc;
        let (saved, d20) = self.special_save(t, Some(u), (b.save, EnumSet::new()), (dc, 0), dice);
        match b.effect {
            BreathEffect::Petrification => {
                let verdict = if saved { "saves" } else { "fails -> petrified" };
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "breath vs {}: {} DC {dc} {d20} {verdict}",
                    self.id(t),
                    save_name(b.save)
                );
                if !saved {
                    self.turn_to_stone(t, dc);
                }
            }
            BreathEffect::Damage { energy, .. } => self.half_on_save(
                (u, t),
                "breath",
                (b.save, dc, saved, d20),
                (damage, energy),
                sink,
            ),
        }
    }
}
