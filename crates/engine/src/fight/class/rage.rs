//! « CRB — Barbarian — Rage » in a fight (the rule and its simplifications are in
//! [`super`]): entering it, the round it spends at the start of each turn, its end with the
//! fatigue after, and the numbers it changes while it lasts. Owns these steps; the values
//! are `super`'s, the life track `state`'s.

use crate::rules::{ALWAYS, BonusType, Condition, Part, Stat};

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;

/// The numbers a rage changes, besides its damage (+4 Str: melee attack, CMB, CMD; +4 Con:
/// Fortitude; the morale bonus on Will; −2 AC, on CMD too).
const RAGE_PARTS: [(Stat, BonusType, i32); 7] = [
    (Stat::MeleeAttack, BonusType::Untyped, 2),
    (Stat::Cmb, BonusType::Untyped, 2),
    (Stat::Cmd, BonusType::Untyped, 2),
    (Stat::Fort, BonusType::Untyped, 2),
    (Stat::Will, BonusType::Morale, 2),
    (Stat::Ac, BonusType::Untyped, -2),
    (Stat::Cmd, BonusType::Untyped, -2),
];

impl Fight<'_> {
    /// `u` can enter a rage now: it has the ability and a round left, and is neither raging
    /// nor fatigued (« a barbarian cannot enter a new rage while fatigued »; exhausted
    /// neither).
    pub(crate) fn can_rage(&self, u: usize) -> bool {
        let state = &self.units[u].class;
        self.info[u].traits.class.rage.is_some()
            && !state.raging
            && state.rage_left > 0
            && !self.units[u].conds.has(Condition::Fatigued)
            && !self.units[u].conds.has(Condition::Exhausted)
    }

    /// The free action: `u` enters a rage, spending this round of it.
    pub(crate) fn start_rage<S: Sink>(&mut self, u: usize, sink: &mut S) -> ActionResult {
        let Some(rage) = self.info[u].traits.class.rage else {
            return ActionResult::refused("rage", "no_rage");
        };
        if !self.can_rage(u) {
            let reason = if self.units[u].class.raging {
                "already_raging"
            } else if self.units[u].class.rage_left == 0 {
                "no_rounds_left"
            } else {
                "fatigued"
            };
            return ActionResult::refused("rage", reason);
        }
        let before = self.units[u].hp;
        let state = &mut self.units[u].class;
        state.raging = true;
        state.rage_left -= 1;
        state.raged = 1;
        state.rage_hp = rage.hp;
        self.units[u].hp += rage.hp;
        self.refresh_effects(u);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "rage: hp {before} -> {} ({} rounds left)",
            self.units[u].hp,
            self.units[u].class.rage_left
        );
        ActionResult::done("rage")
    }

    /// The start of `u`'s turn while a rage or a performance lasts: a round of each.
    #[cold]
    pub(crate) fn class_turn<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if self.units[u].class.raging {
            self.rage_turn(u, sink);
        }
        if self.units[u].class.performing {
            self.performance_turn(u, sink);
        }
    }

    /// The start of raging `u`'s turn: one more round of rage, or its end when none is left.
    pub(crate) fn rage_turn<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let state = &mut self.units[u].class;
        if state.rage_left > 0 {
            state.rage_left -= 1;
            state.raged += 1;
            return;
        }
        self.end_rage(u, sink);
    }

    /// The rage ends: the hit points it granted are lost (they may take `u` below 0 or kill
    /// it) and `u` is fatigued for twice the rounds it raged.
    fn end_rage<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let state = self.units[u].class;
        let fatigue = (2 * state.raged).min(u32::from(u16::MAX - 1)) as u16;
        self.units[u].class.raging = false;
        self.units[u].class.rage_hp = 0;
        self.units[u].conds.add(Condition::Fatigued, fatigue);
        let before = self.units[u].hp;
        // Lost as hit points, not as damage: temporary hit points do not absorb it.
        let temp = std::mem::take(&mut self.units[u].temp_hp);
        self.apply_damage(u, state.rage_hp, 0);
        self.units[u].temp_hp = temp;
        self.refresh_effects(u);
        let dead = if self.units[u].dead { ", dead" } else { "" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "rage ends after {} rounds: hp {before} -> {}{dead}, fatigued for {fatigue} rounds",
            state.raged,
            self.units[u].hp
        );
    }

    /// What `u`'s rage adds to its numbers (`effects::parts`), when it rages.
    #[inline]
    pub(crate) fn class_parts(&self, u: usize, parts: &mut Vec<Part<'_>>) {
        let Some(rage) = self.info[u].traits.class.rage else {
            return;
        };
        if !self.units[u].class.raging {
            return;
        }
        let part = |(stat, kind, value): (Stat, BonusType, i32)| Part {
            stat,
            kind,
            value,
            when: &ALWAYS,
        };
        parts.extend(RAGE_PARTS.into_iter().map(part));
        parts.push(part((Stat::MeleeDamage, BonusType::Untyped, rage.damage)));
    }
}
