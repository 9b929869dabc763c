//! What a unit's active effects add to its numbers, rebuilt whenever its store changes (an
//! effect applied, refreshed or ended): the typed [`Part`]s the one resolver stacks with its
//! standing modifiers and conditions (`Fight::stat_mod`), and [`Wards`], one bit per kind of
//! effect that the attack and turn code must look at — so a unit without effects costs one
//! test of a zero word.
//!
//! Ability penalties are folded into the numbers they change, as the conditions' are (« CRB —
//! Ability Score Damage, Penalty, and Drain »: the modifier drops as the score does): the
//! total penalty to an ability lowers its modifier from the stat block's score, and that change
//! counts as an untyped penalty on Strength's melee attack and damage, CMB and CMD;
//! Dexterity's ranged attack, AC, Reflex, CMD, initiative and Dexterity skills; Constitution's
//! Fortitude; Wisdom's Will. Simplified: Constitution's hit points, Intelligence and Charisma
//! (skills) are left out; a nonability takes no penalty. Negative levels (« CRB — Energy
//! Drain and Negative Levels »): −1 per level on attack rolls, saves, skill checks, CMB and
//! CMD (their −5 hit points and −1 caster level are applied where those numbers are read).

use crate::model::{Ability, ability_modifier};
use crate::rules::effect::Effect;
use crate::rules::{ALWAYS, AcKind, BonusType, Context, Modifier, Part, Stat, resolve_parts};

use super::super::state::Fight;
use super::{Active, Wards};

/// The ward bit of a primitive (0 for those no hook reads).
fn ward_of(effect: &Effect) -> u16 {
    match effect {
        Effect::Modifier { .. } | Effect::AbilityPenalty { .. } => Wards::STATS,
        Effect::NegativeLevels { .. } => Wards::STATS | Wards::NEGATIVE_LEVELS,
        Effect::MirrorImages { .. } => Wards::MIRROR,
        Effect::Sanctuary { .. } => Wards::SANCTUARY,
        Effect::Retaliate { .. } => Wards::RETALIATE,
        Effect::SeeInvisible { .. } => Wards::SEE_INVISIBLE,
        Effect::ExtraAttack { .. } => Wards::EXTRA_ATTACK,
        Effect::SpellImmunity { .. } => Wards::SPELL_IMMUNITY,
        Effect::RecurringDamage { .. } => Wards::RECURRING,
        Effect::SpellWeapon { .. } => Wards::SPELL_WEAPON,
        Effect::Condition { save_ends, .. } => {
            if *save_ends {
                Wards::SAVE_ENDS
            } else {
                0
            }
        }
        Effect::Damage { .. }
        | Effect::Heal { .. }
        | Effect::TempHp { .. }
        | Effect::RemoveCondition { .. }
        | Effect::Slay
        | Effect::Stabilize
        | Effect::ResumeDying
        | Effect::Summon { .. }
        | Effect::Dispel { .. }
        | Effect::Teleport => 0,
    }
}

/// What each ability's modifier change counts toward.
fn ability_stats(ability: Ability) -> &'static [Stat] {
    match ability {
        Ability::Str => &[Stat::MeleeAttack, Stat::MeleeDamage, Stat::Cmb, Stat::Cmd],
        Ability::Dex => &[
            Stat::RangedAttack,
            Stat::Ac,
            Stat::Reflex,
            Stat::Cmd,
            Stat::Initiative,
            Stat::DexSkills,
        ],
        Ability::Con => &[Stat::Fort],
        Ability::Wis => &[Stat::Will],
        Ability::Int | Ability::Cha => &[],
    }
}

const NEGATIVE_LEVEL_STATS: [Stat; 5] = [
    Stat::Attack,
    Stat::Saves,
    Stat::Skills,
    Stat::Cmb,
    Stat::Cmd,
];

impl<'s> Fight<'s> {
    /// The primitive an entry holds.
    pub(crate) fn effect_of(&self, a: &Active) -> &'s Effect {
        let spell = self.spell(a.spell);
        let list = spell.effect_list(a.on_save);
        &list[usize::from(a.effect)].effect
    }

    /// Rebuilds unit `u`'s parts and wards from its store.
    pub(crate) fn refresh_effects(&mut self, u: usize) {
        let mut wards = Wards::default();
        let mut parts = std::mem::take(&mut self.magic.parts[u]);
        parts.clear();
        // « Bestiary — Poison »: ability damage counts as an ability penalty does.
        let afflictions = self.units[u].afflictions;
        let mut penalties = afflictions.ability_damage.map(i32::from);
        if afflictions.poison.is_some() {
            wards.add(Wards::POISON);
        }
        // « Bestiary — Energy Drain »: a monster's negative levels count as a spell's do.
        if afflictions.negative_levels > 0 {
            wards.add(Wards::NEGATIVE_LEVELS);
            for stat in NEGATIVE_LEVEL_STATS {
                parts.push(Part {
                    stat,
                    kind: BonusType::Untyped,
                    value: -i32::from(afflictions.negative_levels),
                    when: &ALWAYS,
                });
            }
        }
        if self.units[u].powers.averting {
            wards.add(Wards::AVERTING);
        }
        for a in self.magic.effects[u].iter() {
            let effect = self.effect_of(a);
            wards.add(Wards::ANY | ward_of(effect));
            match effect {
                Effect::Modifier {
                    stat, kind, when, ..
                } => parts.push(Part {
                    stat: *stat,
                    kind: *kind,
                    value: a.value,
                    when,
                }),
                Effect::AbilityPenalty { ability, .. } => {
                    penalties[*ability as usize] += a.value.max(0);
                }
                Effect::NegativeLevels { .. } => {
                    for stat in NEGATIVE_LEVEL_STATS {
                        parts.push(Part {
                            stat,
                            kind: BonusType::Untyped,
                            value: -a.value,
                            when: &ALWAYS,
                        });
                    }
                }
                _ => {}
            }
        }
        let scores = self.combatant(u).abilities();
        for ability in Ability::ALL.iter().copied() {
            let penalty = penalties[ability as usize];
            let Some(score) = scores.score(ability).filter(|_| penalty > 0) else {
                continue;
            };
            let lowered = (i32::from(score) - penalty).max(0) as u8;
            let change = ability_modifier(Some(lowered)) - ability_modifier(Some(score));
            for &stat in ability_stats(ability) {
                parts.push(Part {
                    stat,
                    kind: BonusType::Untyped,
                    value: change,
                    when: &ALWAYS,
                });
            }
        }
        self.class_parts(u, &mut parts);
        if !parts.is_empty() {
            wards.add(Wards::STATS);
        }
        self.magic.parts[u] = parts;
        self.units[u].wards = wards;
    }

    /// Negative levels `u` carries.
    pub(crate) fn negative_levels(&self, u: usize) -> i32 {
        if !self.units[u].wards.has(Wards::NEGATIVE_LEVELS) {
            return 0;
        }
        let drained = i32::from(self.units[u].afflictions.negative_levels);
        drained
            + (self.magic.effects[u].iter())
                .filter(|a| matches!(self.effect_of(a), Effect::NegativeLevels { .. }))
                .map(|a| a.value)
                .sum::<i32>()
    }

    /// [`Fight::stat_mod`] with one more unconditional typed bonus `(kind, value)` on `stat`:
    /// what a spell's modifier would make of the stat, through the same resolver (a policy
    /// weighs a buff by the difference).
    pub(crate) fn stat_mod_plus(
        &self,
        u: usize,
        stat: Stat,
        ac: Option<AcKind>,
        ctx: &Context,
        (kind, value): (BonusType, i32),
    ) -> i32 {
        let extra = Part {
            stat,
            kind,
            value,
            when: &ALWAYS,
        };
        let effects: &[Part] = if self.units[u].wards.has(Wards::STATS) {
            &self.magic.parts[u]
        } else {
            &[]
        };
        let counted = self.units[u].conds.modifiers().map(|m| -> &Modifier { m });
        let others = (self.info[u].modifiers.iter().chain(counted))
            .map(Modifier::part)
            .chain(effects.iter().copied())
            .chain(std::iter::once(extra));
        let base = self.info[u].included.iter().map(Modifier::part);
        resolve_parts(base.clone().chain(others), stat, ac, ctx)
            - resolve_parts(base, stat, ac, ctx)
    }

    /// `u`'s maximum hit points now: −5 per negative level.
    pub(crate) fn hp_max_now(&self, u: usize) -> i32 {
        self.info[u].hp_max + self.units[u].class.rage_hp - 5 * self.negative_levels(u)
    }
}
