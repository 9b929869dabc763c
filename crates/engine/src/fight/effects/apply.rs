//! How each primitive lands on a creature (the reference spec, « Incantation », « Dégâts
//! récurrents »; CRB as cited per primitive): damage through the pure damage rules (DR never
//! applies to spells; energy resistance and immunity do, per component; positive energy harms
//! only undead and negative energy only the living), healing up to the maximum hit points and
//! of as much nonlethal damage (« CRB — Nonlethal Damage »), the cure/inflict swap on undead,
//! and every lasting primitive put in the store with its rounds (`super::Active`). Spell damage
//! reduced below 1 deals nothing (the minimum-damage rule is for weapons).
//!
//! Tallies: lethal damage dealt to an enemy counts for the caster; hit points actually
//! restored (overheal excluded) count as its healing.

use crate::rng::Roller;
use crate::rules::condition::{Condition, ConditionSet};
use crate::rules::damage::{Damage, Defense, Delivery};
use crate::rules::effect::{Effect, Energy, RoundsOrForever, TempHpSource};
use crate::vocab::{DamageType, DamageTypes};

use super::super::cast::{AmountRoll, CastPlan, Types, condition_immunity, say};
use super::super::log::Sink;
use super::super::state::{Fight, Life};
use super::{Active, FOREVER};

/// What a wound from a spell did, for its words.
pub(crate) struct Hurt {
    pub(crate) before: i32,
    pub(crate) taken: i32,
    pub(crate) nonlethal: i32,
}

/// One primitive of a cast as it lands: which one (its list and index), its number (rolled,
/// halved or doubled already), the damage the cast dealt to its target so far (vampiric
/// touch), and the roll to show before its outcome (a targeted spell's line).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Dose {
    pub on_save: bool,
    pub index: usize,
    pub value: i32,
    pub dealt: i32,
    pub show: Option<AmountRoll>,
}

impl Fight<'_> {
    /// Applies `dose` of `plan`'s spell from caster `u` to creature `t`. Returns the lethal
    /// damage it dealt.
    pub(crate) fn apply_effect<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        plan: &CastPlan,
        dose: Dose,
        dice: &mut R,
        line: &mut String,
    ) -> i32 {
        let spell = self.spell(plan.spell);
        let effect = &spell.effect_list(dose.on_save)[dose.index].effect;
        let (value, show) = (dose.value, dose.show);
        match effect {
            Effect::Damage { types, .. } => {
                if let Some(roll) = &show {
                    say!(S, line, "{roll} {}: ", Types(*types));
                }
                return self.spell_damage::<S>(u, t, value, *types, line);
            }
            Effect::Heal { energy, .. } => {
                return self.spell_heal::<S>(u, t, value, *energy, show.as_ref(), line);
            }
            Effect::Slay => {
                if !self.units[t].dead {
                    self.units[t].dead = true;
                    self.units[t].downed = true;
                }
                say!(S, line, "slain");
            }
            Effect::Stabilize => {
                if self.units[t].dying() {
                    self.units[t].stable = true;
                }
                say!(S, line, "stable");
            }
            Effect::ResumeDying => {
                if self.units[t].stable && self.units[t].hp < 0 && !self.units[t].dead {
                    self.units[t].stable = false;
                }
                say!(S, line, "dying again");
            }
            Effect::RemoveCondition { condition } => {
                if self.units[t].conds.remove(*condition) {
                    say!(S, line, "no longer {condition}");
                } else {
                    say!(S, line, "not {condition}");
                }
            }
            Effect::Dispel { max_bonus } => self.dispel::<R, S>(t, plan, *max_bonus, dice, line),
            Effect::Summon { .. } | Effect::Teleport => {}
            _ => self.apply_lasting::<R, S>(u, t, plan, dose, dice, line),
        }
        0
    }

    /// « CRB — Damage »: `value` of `types` from `u`'s spell to `t`.
    fn spell_damage<S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        value: i32,
        types: DamageTypes,
        line: &mut String,
    ) -> i32 {
        let undead = self.is_undead(t);
        let spared = types.contains(DamageType::Positive) && !undead
            || types.contains(DamageType::Negative) && undead;
        let value = if spared { 0 } else { value };
        let hurt = self.hurt(u, t, value, types);
        self.say_hurt::<S>(t, &hurt, line);
        hurt.taken
    }

    /// Deals `value` of `types` to `t` through the damage rules (no DR), with the tallies.
    pub(crate) fn hurt(&mut self, u: usize, t: usize, value: i32, types: DamageTypes) -> Hurt {
        let c = self.combatant(t);
        let mut damage = Damage::against(Defense {
            immunities: c.immunities(),
            resistances: c.resistances(),
            dr: None,
        });
        damage.component(value.max(0), types, 1);
        let damage_through = damage.through();
        let mut d = damage.finish(Delivery {
            dealt: types,
            dr_applies: false,
            nonlethal: types.contains(DamageType::Nonlethal),
        });
        if d.minimum {
            d.lethal = 0;
            d.nonlethal = 0;
        }
        self.take_hurt(u, t, d.lethal, d.nonlethal, damage_through)
    }

    /// `t` takes `lethal` and `nonlethal` damage from `u` that got through as `through`:
    /// regeneration's bypass, the hit points, the tallies (damage dealt counts on an enemy
    /// only), and a sleeper woken by any wound (« CRB — Sleep »). Shared by spells and the
    /// manoeuvres' damage.
    pub(crate) fn take_hurt(
        &mut self,
        u: usize,
        t: usize,
        lethal: i32,
        nonlethal: i32,
        through: DamageTypes,
    ) -> Hurt {
        self.bypass_regeneration(t, through);
        let before = self.units[t].hp;
        let nonlethal_before = self.units[t].nonlethal;
        let taken = self.apply_damage(t, lethal, nonlethal);
        let nonlethal = self.units[t].nonlethal - nonlethal_before;
        self.units[t].tally.damage_taken += taken as u64;
        if self.enemies(u, t) {
            self.units[u].tally.damage_dealt += taken as u64;
        }
        if taken > 0 || nonlethal > 0 {
            self.units[t].conds.remove(Condition::Asleep);
        }
        Hurt {
            before,
            taken,
            nonlethal,
        }
    }

    /// « 21 dmg (orc-2 hp 15 -> -6, dying) ».
    pub(crate) fn say_hurt<S: Sink>(&self, t: usize, hurt: &Hurt, line: &mut String) {
        say!(S, line, "{} dmg", hurt.taken);
        if hurt.nonlethal > 0 {
            say!(S, line, " +{} nonlethal", hurt.nonlethal);
        }
        let state = match self.units[t].life() {
            Life::Dead => ", dead",
            Life::Down if self.units[t].hp < 0 => ", dying",
            Life::Down => ", unconscious",
            Life::Staggered => ", staggered",
            Life::Up => "",
        };
        say!(
            S,
            line,
            " ({} hp {} -> {}{state})",
            self.id(t),
            hurt.before,
            self.units[t].hp
        );
    }

    /// « CRB — Cure Light Wounds », « Inflict Light Wounds »: positive energy heals the living
    /// and harms undead, negative energy the reverse. Healing restores up to the maximum hit
    /// points and removes as much nonlethal damage; a dying creature healed above 0 is
    /// conscious again.
    fn spell_heal<S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        value: i32,
        energy: Energy,
        show: Option<&AmountRoll>,
        line: &mut String,
    ) -> i32 {
        if (energy == Energy::Positive) == self.is_undead(t) {
            let kind = match energy {
                Energy::Positive => DamageType::Positive,
                Energy::Negative => DamageType::Negative,
            };
            if let Some(roll) = show {
                say!(S, line, "{roll} {energy} energy: ");
            }
            let hurt = self.hurt(u, t, value, DamageTypes::from_iter([kind]));
            self.say_hurt::<S>(t, &hurt, line);
            return hurt.taken;
        }
        let before = self.units[t].hp;
        let restored = self.restore(t, value);
        // « Bestiary — Bleed »: « any spell that cures hit point damage » stops it.
        let stanched = restored > 0 && self.units[t].conds.remove(Condition::Bleeding);
        if stanched {
            self.units[t].bleed = 0;
        }
        // « Death domain — Bleeding Touch »: « or any spell or effect that heals damage ».
        let stanched = stanched || (restored > 0 && self.units[t].class.touch_bleed > 0);
        if restored > 0 {
            self.units[t].class.touch_bleed = 0;
        }
        self.units[u].tally.healing_done += restored as u64;
        match show {
            Some(roll) if restored == roll.total => say!(S, line, "{roll} "),
            Some(roll) => say!(S, line, "{roll}: {restored} "),
            None => say!(S, line, "{restored} "),
        }
        say!(
            S,
            line,
            "healed ({} hp {before} -> {})",
            self.id(t),
            self.units[t].hp
        );
        if stanched {
            say!(S, line, ", bleeding stopped");
        }
        0
    }

    /// A lasting primitive: its entry in `t`'s store (a spell weapon's in the caster's), with
    /// its rounds at the caster level (Extend Spell doubles them).
    fn apply_lasting<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        t: usize,
        plan: &CastPlan,
        dose: Dose,
        dice: &mut R,
        line: &mut String,
    ) {
        let spell = self.spell(plan.spell);
        let (on_save, i, value, dealt) = (dose.on_save, dose.index, dose.value, dose.dealt);
        let effect = &spell.effect_list(on_save)[i].effect;
        let bearer = match effect {
            Effect::SpellWeapon { .. } => u,
            _ => t,
        };
        if let Effect::Condition { condition, .. } = effect
            && condition_immunity(*condition)
                .is_some_and(|tag| self.combatant(t).immunities().to_effect(tag))
        {
            say!(S, line, "immune to {condition}");
            return;
        }
        let rounds = match effect {
            Effect::RecurringDamage { .. } => FOREVER,
            _ => match effect
                .duration()
                .rounds_at(plan.cl, dice, plan.metamagic.numbers())
            {
                RoundsOrForever::Forever => FOREVER,
                RoundsOrForever::Rounds(0) => {
                    say!(S, line, "no time to last");
                    return;
                }
                RoundsOrForever::Rounds(n) => n,
            },
        };
        let value = match effect {
            Effect::TempHp {
                source: TempHpSource::DamageDealt,
                ..
            } => dealt,
            Effect::RecurringDamage { rounds, .. } => {
                rounds.roll(plan.cl, dice, plan.metamagic.numbers())
            }
            Effect::MirrorImages { .. } => value.clamp(0, 8),
            Effect::SpellImmunity { max_level, .. } => i32::from(*max_level),
            _ => value,
        };
        let active = Active {
            spell: plan.spell,
            effect: i as u8,
            on_save,
            caster: u as u8,
            cl: plan.cl.min(255) as u8,
            rounds,
            fresh: true,
            value,
            dc: plan.dc.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16,
            added: false,
        };
        if !self.add_active(bearer, active) {
            say!(S, line, "no room for another effect");
            return;
        }
        self.say_lasting::<S>(effect, value, line);
    }

    /// Puts `a` in `t`'s store (refreshing the same primitive of the same cast) and does
    /// what its arrival does at once. False when the store is full.
    fn add_active(&mut self, t: usize, mut a: Active) -> bool {
        let effect = self.effect_of(&a);
        if let Effect::Condition { condition, .. } = effect {
            // A condition the creature already had keeps its own rounds in `value`, given
            // back when the effect ends.
            let conds = &mut self.units[t].conds;
            a.added = !conds.has(*condition);
            if !a.added {
                a.value = i32::from(conds.rounds(*condition));
            }
            conds.add(*condition, ConditionSet::PERMANENT);
        }
        let Ok((_, refreshed)) = self.magic.effects[t].put(a) else {
            return false;
        };
        if !refreshed {
            self.magic.live += 1;
        }
        match effect {
            Effect::TempHp { .. } => {
                // « CRB — Temporary Hit Points »: temporary hit points from the same kind of
                // source do not stack: the higher counts.
                self.units[t].temp_hp = self.units[t].temp_hp.max(a.value);
            }
            Effect::NegativeLevels { .. } => {
                self.units[t].hp -= 5 * a.value.max(0);
                if !self.units[t].active() {
                    self.units[t].downed = true;
                }
            }
            _ => {}
        }
        self.refresh_effects(t);
        true
    }

    /// « +1 morale attack », « paralyzed », « 4 images »…
    fn say_lasting<S: Sink>(&self, effect: &Effect, value: i32, line: &mut String) {
        if !S::ON {
            return;
        }
        match effect {
            Effect::TempHp { .. } => say!(S, line, "{value} temporary hp"),
            Effect::Condition { condition, .. } => say!(S, line, "{condition}"),
            Effect::Modifier {
                stat, kind, when, ..
            } => {
                say!(S, line, "{value:+} {kind} {stat}");
                if *when != crate::rules::When::Always {
                    say!(S, line, " ({})", when.name());
                }
            }
            Effect::AbilityPenalty { ability, .. } => say!(S, line, "-{value} {ability}"),
            Effect::NegativeLevels { .. } => say!(S, line, "{value} negative levels"),
            Effect::MirrorImages { .. } => say!(S, line, "{value} images"),
            Effect::ExtraAttack { .. } => say!(S, line, "an extra attack"),
            Effect::RecurringDamage { types, .. } => {
                let rounds = if value == 1 { "round" } else { "rounds" };
                say!(S, line, "{} for {value} more {rounds}", Types(*types))
            }
            Effect::SpellWeapon { .. } => say!(S, line, "a spell weapon"),
            Effect::Sanctuary { .. } => say!(S, line, "sanctuary"),
            Effect::Retaliate { types, .. } => {
                say!(S, line, "a {} shield", Types(*types))
            }
            Effect::SpellImmunity { .. } => {
                say!(S, line, "immune to spells of level {value} or lower")
            }
            Effect::SeeInvisible { .. } => say!(S, line, "sees invisible"),
            _ => {}
        }
    }

    /// The save a `save_ends` condition of entry `a` rolls again (the spell's).
    pub(crate) fn save_of(&self, a: &Active) -> Option<crate::rules::Save> {
        self.spell(a.spell).save().map(|s| s.save)
    }
}
