//! « CRB — Bard — Bardic Performance », « Inspire Courage » in a fight (the rule and its
//! simplifications are in [`super`]): starting the performance, the round it spends at the
//! start of each of the bard's turns, its end, and the bonus an ally of a performing bard
//! gets on an attack or a save. Owns these steps; the values are `super`'s.

use crate::rules::{BonusType, Context, Descriptor, Stat, flag};

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::numbers::AttackNumbers;
use super::super::state::Fight;

impl Fight<'_> {
    /// `u` can start inspiring courage now: it has the ability, a round left and is not
    /// performing already.
    pub(crate) fn can_perform(&self, u: usize) -> bool {
        let state = &self.units[u].class;
        self.info[u].traits.class.courage.is_some() && !state.performing && state.perform_left > 0
    }

    /// The standard action: `u` starts inspiring courage, spending this round of it.
    pub(crate) fn start_performance<S: Sink>(&mut self, u: usize, sink: &mut S) -> ActionResult {
        let Some(bonus) = self.info[u].traits.class.courage else {
            return ActionResult::refused("inspire_courage", "no_performance");
        };
        if !self.can_perform(u) {
            let reason = if self.units[u].class.performing {
                "already_performing"
            } else {
                "no_rounds_left"
            };
            return ActionResult::refused("inspire_courage", reason);
        }
        let state = &mut self.units[u].class;
        state.performing = true;
        state.perform_left -= 1;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "inspire courage: allies +{bonus} attack and weapon damage, +{bonus} vs fear ({} \
             rounds left)",
            self.units[u].class.perform_left
        );
        ActionResult::done("inspire_courage")
    }

    /// The start of performing `u`'s turn: the free action that keeps it up spends a round,
    /// or it ends when none is left.
    #[cold]
    pub(crate) fn performance_turn<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let acts = self.units[u].active() && !self.has_flag(u, flag::CANT_ACT);
        let state = &mut self.units[u].class;
        if state.perform_left > 0 && acts {
            state.perform_left -= 1;
            return;
        }
        state.performing = false;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "inspire courage ends"
        );
    }

    /// The inspire courage bonus `u` has now: the best of the active bards of its side that
    /// perform (itself included), 0 when none does.
    pub(crate) fn inspired(&self, u: usize) -> i32 {
        let side = self.info[u].side;
        (0..self.units.len())
            .filter(|&b| self.info[b].side == side && self.units[b].class.performing)
            .filter(|&b| self.units[b].active() && !self.has_flag(b, flag::CANT_ACT))
            .filter_map(|b| self.info[b].traits.class.courage)
            .max()
            .unwrap_or(0)
    }

    /// `a`'s attack (`melee` or not) under inspire courage: the competence bonus on the attack
    /// and weapon damage rolls, through the resolver (it does not stack with another
    /// competence bonus).
    pub(crate) fn courage_edge(&self, a: usize, melee: bool, numbers: &mut AttackNumbers) {
        let bonus = self.inspired(a);
        if bonus == 0 {
            return;
        }
        let (attack, damage) = if melee {
            (Stat::MeleeAttack, Stat::MeleeDamage)
        } else {
            (Stat::RangedAttack, Stat::RangedDamage)
        };
        let ctx = Context::default();
        let part = (BonusType::Competence, bonus);
        numbers.bonus += self.class_gain(a, (attack, None), &ctx, part);
        numbers.damage_bonus += self.class_gain(a, (damage, None), &ctx, part);
    }

    /// `u`'s save on `stat` in `ctx` under inspire courage: the morale bonus against fear.
    #[cold]
    pub(crate) fn courage_save(&self, u: usize, stat: Stat, ctx: &Context) -> i32 {
        if !ctx.descriptors.contains(Descriptor::Fear) {
            return 0;
        }
        match self.inspired(u) {
            0 => 0,
            bonus => self.class_gain(u, (stat, None), ctx, (BonusType::Morale, bonus)),
        }
    }
}
