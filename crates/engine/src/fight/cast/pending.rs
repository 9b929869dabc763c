//! What a caster's previous turns left for the start of its turn (« CRB — Casting Time »,
//! « Holding the Charge »; the reference spec, « Incantation d'1 round »):
//! - a spell of one round's casting time comes into effect (« finishes casting sleep »), after
//!   a concentration check when the caster lost hit points since it began (DC 10 plus the
//!   damage plus the spell's level; simplified: the net loss by then, as the reference spec
//!   measures it); a caster that can no longer act, or whose target is gone, loses it
//!   (« sleep fizzles »);
//! - a held touch charge is delivered again, when its target still stands within reach and
//!   line of effect (simplified: the engine retries for free, before the policy's plan, as
//!   the reference spec does); a target gone dissipates it.

use crate::rng::Roller;
use crate::rules::flag;
use crate::spell::Range;

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::caster::Aimed;
use super::guards::Distraction;
use super::text::say;

impl Fight<'_> {
    /// The start of caster `u`'s turn: its pending spell, then its held charge.
    pub(crate) fn start_casting_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        if let Some(p) = self.magic.casters[u].pending.take() {
            let name = || self.spell(p.plan.spell).name().to_lowercase();
            let gone = matches!(p.plan.aimed, Aimed::Unit(t) if !self.present(t));
            if !self.units[u].active() || self.has_flag(u, flag::CANT_ACT) {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "{} fizzles (cannot act)",
                    name()
                );
            } else if gone {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "{} fizzles (target gone)",
                    name()
                );
            } else {
                let damage = p.hp - self.vitality(u);
                let kept = damage <= 0
                    || self.concentration(u, &p.plan, Distraction::Wounded { damage }, dice, sink);
                if kept {
                    self.resolve_cast(u, &p.plan, "finishes casting", dice, sink);
                }
            }
        }
        if let Some(held) = self.magic.casters[u].held {
            self.retry_charge(u, held, dice, sink);
        }
    }

    fn retry_charge<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        held: super::caster::Held,
        dice: &mut R,
        sink: &mut S,
    ) {
        let t = held.target;
        let name = self.spell(held.plan.spell).name().to_lowercase();
        if !self.present(t) {
            self.magic.casters[u].held = None;
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "the held charge of {name} dissipates (target gone)"
            );
            return;
        }
        let reachable = self
            .creature_in_reach(u, t, Range::Touch, held.plan.cl, &Default::default())
            .is_ok();
        if !self.units[u].active() || self.has_flag(u, flag::CANT_ACT) || !reachable {
            return;
        }
        self.magic.casters[u].held = None;
        self.magic.rolled.clear();
        let mut line = String::new();
        say!(
            S,
            line,
            "touches {} with the held charge of {name}: ",
            self.id(t)
        );
        self.deliver::<R, S>(u, &held.plan, t, dice, &mut line);
        log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
    }
}
