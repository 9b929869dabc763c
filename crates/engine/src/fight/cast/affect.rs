//! What one creature gets of a spell (« CRB — Spell Resistance », « Saving Throw », « Evasion »;
//! the reference spec, « Incantation », « Résistance aux sorts »), in this order:
//! - a globe of invulnerability of the spell's level or higher, or an immunity to the whole
//!   spell (mind-affecting: the `mind_affecting` immunity, undead and constructs; death,
//!   fear, poison and disease effects; charm, compulsion and polymorph subschools): nothing;
//! - sanctuary: an enemy casting a targeted spell at a warded creature saves (Will) or loses
//!   the spell against it; the warded creature's own offensive spell ends its sanctuary;
//! - spell resistance, when the spell allows it, the creature has some and is not a willing
//!   target: d20 + caster level (+2 Spell Penetration, +2 Greater) must reach it;
//! - the save, unless a willing target (« CRB — Voluntarily Giving up a Saving Throw »: a
//!   harmless spell, or one that heals it): d20 + its save with the typed
//!   modifiers that hold against the spell (its descriptors, « spell », the caster's
//!   alignment), + the cover bonus of an area's Reflex save, natural 1 and 20; a success
//!   negates, halves the numbers (rounded down; what has no number is negated) or swaps in the
//!   `on_save` effects. Evasion turns a halved Reflex save's damage to none, Improved Evasion
//!   a failed one's to half (not while helpless).
//!
//! A willing target is a creature of the caster's side that the spell does not harm (a cure
//! harms undead, a fireball everyone): it lowers its spell resistance (« CRB — Spell
//! Resistance »: voluntarily) and forgoes its save (simplified: willingness is the side and
//! the harm).

use crate::area::{Origin, reflex_cover_bonus};
use crate::model::CreatureType;
use crate::rng::Roller;
use crate::rules::condition::Condition;
use crate::rules::effect::{Effect, Energy, Recipient};
use crate::rules::{Context, Save};
use crate::spell::Spell;
use crate::spell::vocab::{SaveOutcome, SpellDescriptor, Subschool};
use crate::vocab::{DamageType, EffectTag};

use super::super::effects::Dose;
use super::super::log::Sink;
use super::super::state::Fight;
use super::super::unit::Evasion;
use super::caster::CastPlan;
use super::rolls::Rolled;
use super::text::{AmountRoll, D20, save_name, say};

/// How much of a damage effect a creature takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Portion {
    All,
    Half,
    Zero,
}

/// What a creature keeps of a spell after its checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Share {
    /// Nothing at all (immune, resisted, negated).
    pub nothing: bool,
    /// The `on_save` effects instead (a partial save).
    pub on_save: bool,
    /// Numeric amounts halved, the others negated (a « half » save).
    pub half: bool,
    /// What damage effects deal (evasion changes it).
    pub damage: Portion,
}

impl Share {
    pub const NOTHING: Share = Share {
        nothing: true,
        on_save: false,
        half: false,
        damage: Portion::Zero,
    };
    pub const FULL: Share = Share {
        nothing: false,
        on_save: false,
        half: false,
        damage: Portion::All,
    };
    const HALF: Share = Share {
        nothing: false,
        on_save: false,
        half: true,
        damage: Portion::Half,
    };
    const ON_SAVE: Share = Share {
        nothing: false,
        on_save: true,
        half: false,
        damage: Portion::All,
    };
}

/// One creature's delivery of a spell: where an area came from, whether it was targeted,
/// what it keeps, the amounts rolled and a critical hit.
#[derive(Clone, Copy, Debug)]
pub struct Landing {
    /// The point an area came from (its Reflex saves count cover from it).
    pub origin: Option<Origin>,
    /// A targeted spell (sanctuary applies; rolls are shown on the creature's line).
    pub targeted: bool,
    pub willing: bool,
    pub share: Option<Share>,
    pub rolled: Rolled,
    pub crit: bool,
    /// Lethal damage dealt so far by this cast to the creature (vampiric touch).
    pub dealt: i32,
}

impl Landing {
    pub fn new(origin: Option<Origin>, targeted: bool, willing: bool) -> Landing {
        Landing {
            origin,
            targeted,
            willing,
            share: None,
            rolled: Rolled::default(),
            crit: false,
            dealt: 0,
        }
    }
}

/// « CRB — Conditions »: the creature immunities a condition meets.
pub fn condition_immunity(c: Condition) -> Option<EffectTag> {
    use Condition::*;
    match c {
        Asleep => Some(EffectTag::Sleep),
        Paralyzed => Some(EffectTag::Paralysis),
        Stunned => Some(EffectTag::Stun),
        Fatigued => Some(EffectTag::Fatigue),
        Exhausted => Some(EffectTag::Exhaustion),
        Shaken | Frightened | Panicked | Cowering => Some(EffectTag::Fear),
        Bleeding => Some(EffectTag::Bleed),
        Sickened | Nauseated | Entangled | Dazzled | Blinded | Deafened | FlatFooted | Prone
        | Dazed | Staggered | Helpless | Unconscious | Fascinated | Grappled | Pinned | Blurred
        | Displaced | Invisible | Confused => None,
    }
}

/// Conditions a creature is glad to have (figments and glamers on it).
fn helps(c: Condition) -> bool {
    use Condition::*;
    match c {
        Blurred | Displaced | Invisible => true,
        Shaken | Frightened | Panicked | Cowering | Sickened | Nauseated | Fatigued | Exhausted
        | Entangled | Dazzled | Blinded | Deafened | FlatFooted | Prone | Stunned | Paralyzed
        | Dazed | Staggered | Helpless | Asleep | Unconscious | Fascinated | Grappled | Pinned
        | Bleeding | Confused => false,
    }
}

impl Fight<'_> {
    pub(crate) fn is_undead(&self, t: usize) -> bool {
        self.combatant(t).creature_type() == CreatureType::Undead
    }

    /// `e` harms creature `t` (see the module's « willing »).
    pub(crate) fn effect_harms(&self, e: &Effect, t: usize) -> bool {
        let undead = self.is_undead(t);
        match e {
            Effect::Damage { types, .. } => {
                !(types.contains(DamageType::Positive) && !undead
                    || types.contains(DamageType::Negative) && undead)
            }
            Effect::Heal { energy, .. } => (*energy == Energy::Positive) == undead,
            Effect::Condition { condition, .. } => !helps(*condition),
            Effect::Modifier { amount, .. } => amount.max_value(20) < 0,
            Effect::AbilityPenalty { .. }
            | Effect::NegativeLevels { .. }
            | Effect::Slay
            | Effect::ResumeDying
            | Effect::RecurringDamage { .. } => true,
            Effect::TempHp { .. }
            | Effect::RemoveCondition { .. }
            | Effect::MirrorImages { .. }
            | Effect::ExtraAttack { .. }
            | Effect::Stabilize
            | Effect::Summon { .. }
            | Effect::SpellWeapon { .. }
            | Effect::Dispel { .. }
            | Effect::Teleport
            | Effect::Sanctuary { .. }
            | Effect::Retaliate { .. }
            | Effect::SpellImmunity { .. }
            | Effect::SeeInvisible { .. } => false,
        }
    }

    /// `spell` harms `t` through an effect aimed at it.
    fn harms(&self, spell: &Spell, t: usize) -> bool {
        (spell.effects().iter())
            .filter(|d| d.to == Recipient::Target)
            .any(|d| self.effect_harms(&d.effect, t))
    }

    /// `t` is a willing target of `u`'s `spell`: on `u`'s side and not harmed by it.
    pub(crate) fn willing(&self, u: usize, t: usize, spell: &Spell) -> bool {
        !self.enemies(u, t) && !self.harms(spell, t)
    }

    /// `spell` deals damage to `t` (a critical hit can double it).
    pub(crate) fn damaging(&self, spell: &Spell, t: usize) -> bool {
        spell.effects().iter().any(|d| match &d.effect {
            Effect::Damage { .. } => true,
            Effect::Heal { .. } => self.effect_harms(&d.effect, t),
            _ => false,
        })
    }

    /// `t` is immune to the whole of `spell`.
    pub(crate) fn immune_to_spell(&self, spell: &Spell, t: usize) -> bool {
        let c = self.combatant(t);
        let imm = c.immunities();
        let mindless = matches!(
            c.creature_type(),
            CreatureType::Undead | CreatureType::Construct
        );
        let descriptors = spell.descriptors();
        let by_descriptor =
            |d: SpellDescriptor, tag: EffectTag| descriptors.contains(d) && imm.to_effect(tag);
        // « Bestiary — Golem — Immunity to Magic ».
        (spell.spell_resistance() && self.info[t].traits.specials.umr.magic_immune)
            || (descriptors.contains(SpellDescriptor::MindAffecting)
                && (mindless || imm.to_effect(EffectTag::MindAffecting)))
            || by_descriptor(SpellDescriptor::Death, EffectTag::DeathEffects)
            || by_descriptor(SpellDescriptor::Fear, EffectTag::Fear)
            || by_descriptor(SpellDescriptor::Poison, EffectTag::Poison)
            || by_descriptor(SpellDescriptor::Disease, EffectTag::Disease)
            || match spell.subschool() {
                Some(Subschool::Charm) => imm.to_effect(EffectTag::Charm),
                Some(Subschool::Compulsion) => imm.to_effect(EffectTag::Compulsion),
                Some(Subschool::Polymorph) => imm.to_effect(EffectTag::Polymorph),
                _ => false,
            }
    }

    /// The context a save against `u`'s `spell` is made in.
    pub(crate) fn spell_context(&self, u: usize, spell: &Spell) -> Context<'static> {
        Context {
            attack: None,
            descriptors: spell.save_descriptors(),
            source: Some(self.combatant(u).alignment()),
        }
    }

    /// The checks of `t` against `u`'s `plan` (see the module): what it keeps.
    pub(crate) fn checks<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        plan: &CastPlan,
        landing: &Landing,
        dice: &mut R,
        line: &mut String,
    ) -> Share {
        let spell = self.spell(plan.spell);
        if self.globe_stops(t, plan.choice.level) {
            say!(S, line, "unaffected (globe)");
            return Share::NOTHING;
        }
        if self.immune_to_spell(spell, t) {
            say!(S, line, "immune");
            return Share::NOTHING;
        }
        if self.enemies(u, t) && self.harms(spell, t) {
            self.end_sanctuary_of::<S>(u, line);
        }
        if landing.targeted
            && self.enemies(u, t)
            && !self.sanctuary_lets_through::<R, S>(u, t, dice, line)
        {
            return Share::NOTHING;
        }
        let sr = self.combatant(t).spell_resistance() as i32;
        if spell.spell_resistance() && sr > 0 && !landing.willing {
            let bonus = plan.cl as i32 + self.info[u].caster.as_ref().map_or(0, |c| c.penetration);
            let roll = dice.d20();
            let total = roll as i32 + bonus;
            let d20 = D20 { roll, bonus, total };
            if total < sr {
                say!(S, line, "SR {sr} {d20}: resists");
                return Share::NOTHING;
            }
            say!(S, line, "SR {sr} {d20} beaten, ");
        }
        self.save_share::<R, S>(u, t, plan, landing, dice, line)
    }

    /// `t`'s save against `plan` (see the module): what it keeps.
    fn save_share<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        plan: &CastPlan,
        landing: &Landing,
        dice: &mut R,
        line: &mut String,
    ) -> Share {
        let spell = self.spell(plan.spell);
        let Some(save) = spell.save() else {
            return Share::FULL;
        };
        // « CRB — Voluntarily Giving up a Saving Throw »: a willing target of a spell that
        // does not harm it (a harmless one, or inflict wounds on an undead ally) does not roll.
        if landing.willing {
            return Share::FULL;
        }
        let mut bonus = self.save_bonus(t, save.save, &self.spell_context(u, spell));
        let cover = match (save.save, landing.origin) {
            (Save::Reflex, Some(origin)) => {
                reflex_cover_bonus(self.map, origin, self.units[t].pos, self.info[t].size)
            }
            _ => 0,
        };
        bonus += cover;
        let r = self.save_roll(t, bonus, plan.dc, dice);
        let (r, rerolled) = self.reflex_reroll(t, (save.save, bonus, plan.dc), r, dice);
        if let Some(first) = rerolled {
            say!(
                S,
                line,
                "(improved lightning reflexes: d20={first} rerolled) "
            );
        }
        let name = save_name(save.save);
        let d20 = D20 {
            roll: r.roll,
            bonus,
            total: r.total,
        };
        let verdict = if r.success { "saves" } else { "fails" };
        say!(S, line, "{name} DC {} {d20} {verdict}", plan.dc);
        if cover > 0 {
            say!(S, line, " (cover +{cover})");
        }
        let mut share = match (r.success, save.on_success) {
            (false, _) | (true, SaveOutcome::NoEffect) => Share::FULL,
            (true, SaveOutcome::Negates | SaveOutcome::Disbelief) => Share::NOTHING,
            (true, SaveOutcome::Half) => Share::HALF,
            (true, SaveOutcome::Partial) => Share::ON_SAVE,
        };
        // « CRB — Evasion »: only on Reflex saves that halve, never while helpless.
        let evasion = self.info[t].evasion;
        let halving_reflex = save.save == Save::Reflex && save.on_success == SaveOutcome::Half;
        if halving_reflex
            && evasion != Evasion::None
            && !self.has_flag(t, crate::rules::flag::HELPLESS)
        {
            share.damage = match (r.success, evasion) {
                (true, _) => Portion::Zero,
                (false, Evasion::Improved) => Portion::Half,
                (false, _) => Portion::All,
            };
            if share.damage != Portion::All {
                say!(S, line, ", evasion");
            }
        }
        if !share.nothing {
            say!(S, line, ": ");
        }
        share
    }

    /// Applies what `t` keeps (`landing.share`) of `plan`'s effects, with the amounts rolled
    /// for this delivery.
    pub(crate) fn land<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        plan: &CastPlan,
        landing: &mut Landing,
        dice: &mut R,
        line: &mut String,
    ) {
        let share = landing.share.unwrap_or(Share::FULL);
        if share.nothing {
            return;
        }
        let spell = self.spell(plan.spell);
        let on_save = share.on_save;
        let list = spell.effect_list(on_save);
        let rolled = if on_save {
            &mut landing.rolled.on_save
        } else {
            &mut landing.rolled.effects
        };
        let base = match *rolled {
            Some(b) => b,
            None => {
                let b = self.roll_list(list, plan, dice);
                *rolled = Some(b);
                b
            }
        };
        let mut first = true;
        for (i, d) in list.iter().enumerate() {
            let rolled = self.magic.rolled[base + i];
            let recipient = match d.to {
                Recipient::Target => t,
                Recipient::Caster => u,
            };
            let harmful = self.effect_harms(&d.effect, recipient);
            let mut value = rolled;
            match &d.effect {
                Effect::Damage { .. } => {
                    value = portion(value, share.damage);
                }
                Effect::Heal { .. } if harmful => {
                    value = portion(value, share.damage);
                }
                _ if share.half => {
                    if d.effect.amount().is_none() {
                        continue;
                    }
                    value /= 2;
                }
                _ => {}
            }
            let doubled = landing.crit && (matches!(d.effect, Effect::Damage { .. }) || harmful);
            if doubled && matches!(d.effect, Effect::Damage { .. } | Effect::Heal { .. }) {
                value *= 2;
            }
            if !first {
                say!(S, line, ", ");
            }
            first = false;
            let show = (landing.targeted)
                .then(|| match &d.effect {
                    Effect::Damage { amount, .. } | Effect::Heal { amount, .. } => {
                        Some(AmountRoll {
                            amount: *amount,
                            cl: plan.cl,
                            total: rolled,
                            metamagic: plan.metamagic.numbers(),
                            intense: self.intense_shown(base + i),
                        })
                    }
                    _ => None,
                })
                .flatten();
            let dose = Dose {
                on_save,
                index: i,
                value,
                dealt: landing.dealt,
                show,
            };
            landing.dealt += self.apply_effect::<R, S>(u, recipient, plan, dose, dice, line);
        }
    }
}

/// `value` as `portion` leaves it (halves round down).
fn portion(value: i32, portion: Portion) -> i32 {
    match portion {
        Portion::All => value,
        Portion::Half => value / 2,
        Portion::Zero => 0,
    }
}
