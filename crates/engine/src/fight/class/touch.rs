//! The touch powers (« CRB — Cleric — Domains — Death — Bleeding Touch (Sp) », « Chaos —
//! Touch of Chaos (Sp) », « CRB — Wizard — Arcane Schools — Necromancy — Grave Touch (Sp) »):
//! a standard action, a melee touch attack (`cast::attack`'s roll, as a touch spell's), one
//! use of its `resources` entry spent whether it hits or not. Using one provokes attacks of
//! opportunity, as a spell-like ability does. On a hit:
//! - bleeding touch: a living creature takes 1d6 at the start of each of its next turns, for
//!   ½ cleric level turns (at least 1); a spell that cures hit points stops it (`effects`);
//!   creatures immune to bleed are spared;
//! - touch of chaos: « for the next round, anytime the target rolls a d20, he must roll twice
//!   and take the less favorable result » — the misfortune hex's state (`Fight::unlucky`),
//!   until the end of the next round;
//! - grave touch: a living creature becomes shaken for ½ wizard level rounds (at least 1); a
//!   creature already shaken with fewer Hit Dice than the wizard level is frightened for 1
//!   round instead; a creature immune to fear or mind-affecting effects is spared.
//!
//! Owns these steps; when to use them is the policy's (`policy::abilities`).

use crate::model::special::TouchKind;
use crate::model::{CreatureType, EffectTag};
use crate::rng::Roller;
use crate::rules::Condition;

use super::super::action::ActionResult;
use super::super::cast::say;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::hex::GRAVE_TOUCHED;

impl Fight<'_> {
    /// `u` has a use of touch power `kind` left and `t` is an active enemy within its reach
    /// (its natural reach, at least 5 ft) that the power can affect.
    pub(crate) fn touch_reaches(&self, u: usize, kind: TouchKind, t: usize) -> bool {
        self.info[u].traits.class.touches[kind as usize].is_some()
            && self.units[u].class.touches_left[kind as usize] > 0
            && t < self.units.len()
            && self.enemies(u, t)
            && self.units[t].active()
            && (kind == TouchKind::Chaos || self.living(t))
            && self.distance_ft(u, t) <= self.combatant(u).natural_reach_ft().max(5)
    }

    /// `t` is a living creature (neither undead nor a construct).
    pub(crate) fn living(&self, t: usize) -> bool {
        !matches!(
            self.combatant(t).creature_type(),
            CreatureType::Undead | CreatureType::Construct
        )
    }

    /// The standard action: `u` uses touch power `kind` on `t`.
    pub(crate) fn touch_power<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        kind: TouchKind,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some((_, level)) = self.info[u].traits.class.touches[kind as usize] else {
            return ActionResult::refused("touch_power", "no_touch_power");
        };
        if !self.touch_reaches(u, kind, t) {
            return ActionResult::refused("touch_power", "no_target_in_reach");
        }
        self.units[u].class.touches_left[kind as usize] -= 1;
        let mut line = String::new();
        let hit = self.touch_roll::<R, S>((u, t), (true, false, kind.name()), dice, &mut line);
        let left = self.units[u].class.touches_left[kind as usize];
        let half = (level / 2).max(1);
        let imm = self.combatant(t).immunities();
        match kind {
            _ if !hit.hit => {}
            TouchKind::Bleeding if imm.to_effect(EffectTag::Bleed) => say!(S, line, " -> immune"),
            TouchKind::Bleeding => {
                self.units[t].class.touch_bleed = half;
                say!(S, line, " -> 1d6 at the start of its next {half} turn(s)");
            }
            TouchKind::Chaos => {
                let state = &mut self.units[t].class;
                // Through the end of the next round (`Fight::unlucky`: before the start of
                // round + 2); no witch's cackle extends it.
                state.misfortune_until = state.misfortune_until.max(self.round + 2);
                state.misfortune_by = u8::MAX;
                say!(
                    S,
                    line,
                    " -> worse of two d20s until the end of the next round"
                );
            }
            TouchKind::Grave => {
                self.units[t].class.hex_marks |= GRAVE_TOUCHED;
                let fewer_hd = self.combatant(t).level() < u32::from(level);
                let conds = &mut self.units[t].conds;
                if imm.to_effect(EffectTag::Fear) || imm.to_effect(EffectTag::MindAffecting) {
                    say!(S, line, " -> immune");
                } else if conds.has(Condition::Shaken) && fewer_hd {
                    conds.add(Condition::Frightened, 1);
                    say!(S, line, " -> frightened for 1 round");
                } else {
                    conds.add(Condition::Shaken, u16::from(half));
                    say!(S, line, " -> shaken for {half} rounds");
                }
            }
        }
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "{} vs {}: {line} ({left} left)",
            kind.name(),
            self.id(t)
        );
        ActionResult::done("touch_power")
    }

    /// « Bleeding Touch »: the start of `u`'s turn while it bleeds from one: 1d6.
    #[cold]
    pub(crate) fn bleeding_touch_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.units[u].class.touch_bleed -= 1;
        let rolled = dice.d(6) as i32;
        let before = self.units[u].hp;
        let taken = self.apply_damage(u, rolled, 0);
        self.units[u].tally.damage_taken += taken as u64;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "bleeding touch: 1d6={rolled}: hp {before} -> {} ({} more)",
            self.units[u].hp,
            self.units[u].class.touch_bleed
        );
    }
}
