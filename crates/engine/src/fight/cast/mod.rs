//! Casting a spell (« CRB — Magic », « Cast a Spell »; the reference spec, « Temps
//! d'incantation », « Incantation », « Incantation d'1 round »): the [`Action::Cast`] of a
//! policy, carried out in order —
//! 1. the plan (`plan`): the spell, its slot, DC, caster level and target are checked before
//!    anything is spent; a refusal comes back as an [`ActionResult`] with its reason;
//! 2. the slot (and prepared copy) is spent (`caster`); a held touch charge dissipates;
//! 3. the guards (`guards`): grappled or defensive concentration, attacks of opportunity and
//!    the concentration they call for, component failures — the spell may be lost there;
//! 4. a spell of one round's casting time waits for the start of the caster's next turn
//!    (`pending`); any other comes into effect now (`resolve`, then `affect` per creature and
//!    `attack` for touch spells and rays), its lasting effects going to `effects`.
//!
//! Owns the sequence of a casting; never decides which spell to cast (a policy does).

mod affect;
mod attack;
pub(crate) mod caster;
mod guards;
mod pending;
mod plan;
mod resolve;
mod rolls;
mod text;

pub use caster::{Aimed, CastPlan, CasterState, Pending};

pub(crate) use affect::condition_immunity;
pub(crate) use guards::Distraction;
pub(crate) use text::{AmountRoll, D20, Types, save_name, say};

use crate::rng::Roller;
use crate::spell::vocab::CastingTime;
use crate::spell::{Spell, SpellId};

use super::action::{Action, ActionResult};
use super::log::{Sink, log};
use super::state::Fight;

impl Fight<'_> {
    /// Carries out `u`'s cast `action` (see the module); refused with a reason, or done —
    /// which does not mean the spell took effect: it may be lost to a failed check.
    pub(crate) fn cast<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let plan = match self.plan_cast(u, action) {
            Ok(plan) => plan,
            Err(reason) => return ActionResult::refused(action.kind(), reason),
        };
        let provokes = action.cost().provokes != super::action::Provokes::No;
        self.magic.casters[u].spend(plan.choice);
        self.dissipate_charge(u, sink);
        // « CRB — Ready »: readied actions against a caster go off before the spell.
        if !self.casting_begins(u, &plan, dice, sink) {
            return ActionResult::done(action.kind());
        }
        if !self.cast_guards(u, &plan, provokes, dice, sink) {
            return ActionResult::done(action.kind());
        }
        if self.spell(plan.spell).casting_time() == CastingTime::OneRound {
            self.magic.casters[u].pending = Some(Pending {
                plan,
                hp: self.vitality(u),
            });
            if S::ON {
                let head = self.cast_head::<S>(u, &plan, "begins casting");
                log!(S, sink, Some(self.round), Some(self.id(u)), "{head}");
            }
            return ActionResult::done(action.kind());
        }
        self.resolve_cast(u, &plan, "casts", dice, sink);
        ActionResult::done(action.kind())
    }

    /// « CRB — Holding the Charge »: casting another spell dissipates a held charge.
    fn dissipate_charge<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if let Some(held) = self.magic.casters[u].held.take()
            && S::ON
        {
            let name = self.spell(held.plan.spell).name().to_lowercase();
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "the held charge of {name} dissipates"
            );
        }
    }
}

impl<'s> Fight<'s> {
    /// The spell `id` of the scenario's catalogue.
    #[inline]
    pub fn spell(&self, id: SpellId) -> &'s Spell {
        self.scenario.spellbook().catalogue().spell(id)
    }

    /// Empties every store and gives every caster its slots back.
    pub(crate) fn reset_magic(&mut self) {
        if !self.magic.on {
            return;
        }
        self.magic.live = 0;
        for u in 0..self.units.len() {
            self.magic.effects[u].clear();
            self.magic.parts[u].clear();
            match &self.info[u].caster {
                Some(caster) => self.magic.casters[u].reset(caster),
                None => self.magic.casters[u] = CasterState::default(),
            }
        }
    }
}
