//! The amounts of one delivery of a spell, rolled once and shared by every creature it affects
//! (« CRB — Aiming a Spell »: one damage roll for the whole area; each creature applies its
//! own save): damage, healing, temporary hit points, a modifier's or a penalty's value,
//! negative levels, images. Rolled in the order of the spell's effects (metamagic applied:
//! Maximize, Empower), into the fight's scratch, so nothing allocates. The `on_save` list of a
//! partial save is rolled apart, only when a creature first needs it. Durations are rolled
//! per creature when an effect lands (`effects::apply`); recurring damage each round.

use crate::rng::Roller;
use crate::rules::effect::{Directed, Effect, TempHpSource};

use super::super::state::Fight;
use super::caster::CastPlan;

/// Where a delivery's amounts are in the scratch: the base index of the `effects` list and,
/// once rolled, of the `on_save` list.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Rolled {
    pub effects: Option<usize>,
    pub on_save: Option<usize>,
}

/// The number an effect holds, if it is rolled once per delivery.
pub fn rolled_amount(effect: &Effect) -> Option<&crate::rules::effect::Amount> {
    match effect {
        Effect::Damage { amount, .. }
        | Effect::Heal { amount, .. }
        | Effect::TempHp {
            source: TempHpSource::Amount(amount),
            ..
        }
        | Effect::Modifier { amount, .. }
        | Effect::AbilityPenalty { amount, .. }
        | Effect::NegativeLevels { amount, .. }
        | Effect::MirrorImages { amount, .. } => Some(amount),
        Effect::TempHp {
            source: TempHpSource::DamageDealt,
            ..
        }
        | Effect::Condition { .. }
        | Effect::RemoveCondition { .. }
        | Effect::ExtraAttack { .. }
        | Effect::Slay
        | Effect::Stabilize
        | Effect::ResumeDying
        | Effect::RecurringDamage { .. }
        | Effect::Summon { .. }
        | Effect::SpellWeapon { .. }
        | Effect::Dispel { .. }
        | Effect::Teleport
        | Effect::Sanctuary { .. }
        | Effect::Retaliate { .. }
        | Effect::SpellImmunity { .. }
        | Effect::SeeInvisible { .. } => None,
    }
}

impl Fight<'_> {
    /// Rolls the amounts of `list` for `plan` into the scratch; returns where they start.
    pub(crate) fn roll_list<R: Roller>(
        &mut self,
        list: &[Directed],
        plan: &CastPlan,
        dice: &mut R,
    ) -> usize {
        let base = self.magic.rolled.len();
        let metamagic = plan.metamagic.numbers();
        for d in list {
            let value = rolled_amount(&d.effect).map_or(0, |a| a.roll(plan.cl, dice, metamagic));
            self.magic.rolled.push(value);
        }
        if base == 0 {
            self.intense_spells(list, plan);
        }
        base
    }

    /// « CRB — Wizard — Evocation — Intense Spells »: the first delivery of an evocation
    /// spell (`rolled` was empty) adds the caster's bonus to its first hit point damage —
    /// « only applied once to a spell, not once per missile or ray », after metamagic
    /// (« not increased by Empower Spell »).
    fn intense_spells(&mut self, list: &[Directed], plan: &CastPlan) {
        let bonus = self.magic.intense;
        if bonus == 0 || self.spell(plan.spell).school() != crate::vocab::School::Evocation {
            return;
        }
        if let Some(i) = list
            .iter()
            .position(|d| matches!(d.effect, Effect::Damage { .. }))
        {
            self.magic.rolled[i] += bonus;
            self.magic.intense_at = i;
        }
    }

    /// The Intense Spells bonus included in `rolled[at]` (0 when none).
    pub(crate) fn intense_shown(&self, at: usize) -> i32 {
        if self.magic.intense_at == at {
            self.magic.intense
        } else {
            0
        }
    }

    /// Rolls `plan`'s `effects` amounts for a new delivery.
    pub(crate) fn roll_effects<R: Roller>(&mut self, plan: &CastPlan, dice: &mut R) -> Rolled {
        let spell = self.spell(plan.spell);
        Rolled {
            effects: Some(self.roll_list(spell.effects(), plan, dice)),
            on_save: None,
        }
    }
}
