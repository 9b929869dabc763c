//! The saving throw every special ability rolls (« CRB — Saving Throws »): the target's save
//! bonus in the context of the effect (its descriptors, its source's alignment) plus a
//! direct bonus (channel resistance), against a DC. Owns that one roll; the abilities decide
//! what a success or a failure does.

use crate::rng::Roller;
use crate::rules::{Context, Descriptor, Save};
use crate::vocab::{DamageType, EnumSet};

use super::super::cast::D20;
use super::super::log::{Sink, log};
use super::super::state::Fight;

/// « Fort », « Ref », « Will ».
pub(super) fn save_name(save: Save) -> &'static str {
    match save {
        Save::Fort => "Fort",
        Save::Reflex => "Ref",
        Save::Will => "Will",
    }
}

impl Fight<'_> {
    /// `t` rolls `save` against `dc`, an effect of `descriptors` from `source`, `extra` added;
    /// a failed Reflex save may be rerolled (`Fight::reflex_reroll`: the second roll is the
    /// one shown).
    pub(crate) fn special_save<R: Roller>(
        &mut self,
        t: usize,
        source: Option<usize>,
        (save, descriptors): (Save, EnumSet<Descriptor>),
        (dc, extra): (u8, i32),
        dice: &mut R,
    ) -> (bool, D20) {
        let ctx = Context {
            descriptors,
            source: source.map(|a| self.combatant(a).alignment()),
            ..Context::default()
        };
        let bonus = self.save_bonus(t, save, &ctx) + extra;
        let r = self.save_roll(t, bonus, i32::from(dc), dice);
        let (r, _) = self.reflex_reroll(t, (save, bonus, i32::from(dc)), r, dice);
        (
            r.success,
            D20 {
                roll: r.roll,
                bonus,
                total: r.total,
            },
        )
    }

    /// `t` takes `amount` of `energy` from `u`'s `what`, half when its `save` against `dc`
    /// (rolled: `d20`) succeeded; one log line.
    pub(super) fn half_on_save<S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        what: &str,
        (save, dc, saved, d20): (Save, u8, bool, D20),
        (amount, energy): (i32, DamageType),
        sink: &mut S,
    ) {
        let value = if saved { amount / 2 } else { amount };
        let hurt = self.hurt(u, t, value, [energy].into_iter().collect());
        if S::ON {
            let mut line = String::new();
            self.say_hurt::<S>(t, &hurt, &mut line);
            let verdict = if saved { "saves, half" } else { "fails" };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "{what} vs {}: {} DC {dc} {d20} {verdict} -> {line}",
                self.id(t),
                save_name(save)
            );
        }
    }
}
