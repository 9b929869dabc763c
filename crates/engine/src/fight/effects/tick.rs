//! The end of lasting effects (« CRB — Magic — Duration »; the reference spec, « Incantation »:
//! durations tick on the caster's turn): at its place in the initiative order each round —
//! whether it acts or not — a caster's effects lose a round, the one applied during that very
//! turn excepted (so « 1 round » lasts until the end of the caster's next turn), and expire at
//! 0, logged « bless ends on torvald ». Permanent and concentration effects last the fight
//! (simplified: concentrating costs the caster nothing). What ends with an entry: a condition
//! it imposed, unless another effect still imposes it or the creature had it before; its
//! temporary hit points (down to the best other source's); a summoned creature, which
//! vanishes. Dispelling (`CRB — Dispel Magic`, targeted) ends an effect early.

use crate::rng::Roller;
use crate::rules::effect::Effect;

use super::super::cast::{CastPlan, D20, say};
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::FOREVER;

impl Fight<'_> {
    /// The end of caster `c`'s turn: its effects lose a round.
    pub(crate) fn tick_effects_of<S: Sink>(&mut self, c: usize, sink: &mut S) {
        if self.magic.live == 0 {
            return;
        }
        for t in 0..self.units.len() {
            let mut i = 0;
            while i < self.magic.effects[t].len() {
                let entry = self.magic.effects[t].get_mut(i);
                if usize::from(entry.caster) != c || entry.rounds == FOREVER {
                    i += 1;
                    continue;
                }
                if entry.fresh {
                    entry.fresh = false;
                    i += 1;
                    continue;
                }
                entry.rounds -= 1;
                if entry.rounds == 0 {
                    self.end_effect(t, i, sink);
                } else {
                    i += 1;
                }
            }
        }
    }

    /// Ends entry `i` of `t`'s store and undoes what it held.
    pub(crate) fn end_effect<S: Sink>(&mut self, t: usize, i: usize, sink: &mut S) {
        let a = self.magic.effects[t].remove(i);
        self.magic.live -= 1;
        let effect = self.effect_of(&a);
        match effect {
            Effect::Condition { condition, .. } => {
                let still = self.magic.effects[t].iter().any(|b| {
                    matches!(self.effect_of(b), Effect::Condition { condition: c, .. } if c == condition)
                });
                let conds = &mut self.units[t].conds;
                if a.added && !still {
                    conds.remove(*condition);
                } else if !a.added && !still && a.value > 0 {
                    // It had the condition for a while before: those rounds come back.
                    conds.remove(*condition);
                    conds.add(*condition, a.value as u16);
                }
            }
            Effect::TempHp { .. } => {
                let best = (self.magic.effects[t].iter())
                    .filter(|b| matches!(self.effect_of(b), Effect::TempHp { .. }))
                    .map(|b| b.value)
                    .max()
                    .unwrap_or(0);
                self.units[t].temp_hp = self.units[t].temp_hp.min(best);
            }
            Effect::Summon { .. } => self.vanish(t, sink),
            _ => {}
        }
        self.refresh_effects(t);
        let more =
            (self.magic.effects[t].iter()).any(|b| b.spell == a.spell && b.caster == a.caster);
        if S::ON && !more && !matches!(effect, Effect::Summon { .. }) {
            let name = self.spell(a.spell).name().to_lowercase();
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(usize::from(a.caster))),
                "{name} ends on {}",
                self.id(t)
            );
        }
    }

    /// Ends every entry of spell `a.spell` from `a.caster` on `t`.
    fn end_cast_on<S: Sink>(
        &mut self,
        t: usize,
        spell: crate::spell::SpellId,
        caster: u8,
        sink: &mut S,
    ) {
        loop {
            let found =
                (self.magic.effects[t].iter()).position(|b| b.spell == spell && b.caster == caster);
            let Some(i) = found else { break };
            self.end_effect(t, i, sink);
        }
    }

    /// « CRB — Dispel Magic », targeted: against `t`'s effects one cast at a time, from the
    /// highest caster level down (ties: the oldest), d20 + `u`'s caster level (at most
    /// `max_bonus`) against 11 + the effect's caster level; the first beaten ends.
    pub(crate) fn dispel<R: Roller, S: Sink>(
        &mut self,
        t: usize,
        plan: &CastPlan,
        max_bonus: Option<u8>,
        dice: &mut R,
        line: &mut String,
    ) {
        let bonus = plan.cl.min(max_bonus.map_or(u32::MAX, u32::from)) as i32;
        let mut tried: [Option<(crate::spell::SpellId, u8)>; super::CAPACITY] =
            [None; super::CAPACITY];
        let mut n = 0;
        loop {
            let next = (self.magic.effects[t].iter())
                .filter(|b| !tried[..n].contains(&Some((b.spell, b.caster))))
                .enumerate()
                .max_by_key(|(k, b)| (b.cl, std::cmp::Reverse(*k)))
                .map(|(_, b)| (b.spell, b.caster, b.cl));
            let Some((spell, caster, cl)) = next else {
                if n == 0 {
                    say!(S, line, "nothing to dispel");
                }
                return;
            };
            tried[n] = Some((spell, caster));
            n += 1;
            let roll = dice.d20();
            let d20 = D20 {
                roll,
                bonus,
                total: roll as i32 + bonus,
            };
            let dc = 11 + i32::from(cl);
            let name = self.spell(spell).name().to_lowercase();
            if n > 1 {
                say!(S, line, ", ");
            }
            if d20.total >= dc {
                say!(S, line, "dispel {d20} vs DC {dc} ends {name}");
                let mut quiet = super::super::log::NoLog;
                self.end_cast_on(t, spell, caster, &mut quiet);
                return;
            }
            say!(S, line, "dispel {d20} vs DC {dc} fails against {name}");
        }
    }
}
