//! The effect primitives spells and abilities are made of (damage, healing, conditions, typed
//! modifiers, summons…): [`Effect`], who receives it ([`Recipient`], [`Directed`]), the
//! numbers that scale with caster level ([`Amount`]) and durations ([`Duration`]). Validated
//! types only: the spell validator (`crate::spell`) builds them from files. Pure: no `Fight`,
//! no combatant, no file — the fight applies them.

mod amount;
mod duration;

pub use amount::{Amount, Dice, MAX_CAP, MAX_LEVEL_STEP, Metamagic, Scaled, Step};
pub use duration::{Duration, RoundsOrForever, TimeUnit};

use super::bonus::{BonusType, Stat, When};
use super::condition::Condition;
use crate::vocab::{Ability, DamageTypes, vocabulary};

vocabulary! {
    /// Who an effect lands on: the creature the spell affects (default) or its caster
    /// (vampiric touch's temporary hit points, death knell's bonuses).
    "recipient", pub enum Recipient {
        Target = "target",
        Caster = "caster",
    }
}

vocabulary! {
    /// The energy of a healing effect (« CRB — Positive and negative energy »): positive
    /// heals the living and harms undead; negative heals undead.
    "energy", pub enum Energy {
        Positive = "positive",
        Negative = "negative",
    }
}

vocabulary! {
    /// What sets off a retaliation (fire shield: « any creature striking you with its body
    /// or a handheld weapon », reach weapons excepted).
    "trigger", pub enum Trigger {
        Melee = "melee",
    }
}

vocabulary! {
    /// The primitives, in file spelling (`"kind"` of an effect).
    "effect kind", pub enum EffectKind {
        Damage = "damage",
        Heal = "heal",
        TempHp = "temp_hp",
        Condition = "condition",
        RemoveCondition = "remove_condition",
        Modifier = "modifier",
        AbilityPenalty = "ability_penalty",
        NegativeLevels = "negative_levels",
        MirrorImages = "mirror_images",
        ExtraAttack = "extra_attack",
        Slay = "slay",
        Stabilize = "stabilize",
        ResumeDying = "resume_dying",
        RecurringDamage = "recurring_damage",
        Summon = "summon",
        SpellWeapon = "spell_weapon",
        Dispel = "dispel",
        Teleport = "teleport",
        Sanctuary = "sanctuary",
        Retaliate = "retaliate",
        SpellImmunity = "spell_immunity",
        SeeInvisible = "see_invisible",
    }
}

/// Where temporary hit points come from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TempHpSource {
    Amount(Amount),
    /// Equal to the damage the same cast dealt (vampiric touch).
    DamageDealt,
}

/// Which of its owner's creatures a summon brings: an index into the owner's list (a spell's
/// `Spell::summons`), so the effect carries no path or text.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct CreatureSlot(pub u8);

/// One primitive with its parameters. Durations are resolved: an effect that lasts carries its
/// own duration or its spell's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Effect {
    Damage {
        amount: Amount,
        types: DamageTypes,
    },
    Heal {
        amount: Amount,
        energy: Energy,
    },
    TempHp {
        source: TempHpSource,
        duration: Duration,
    },
    /// The creature gains `condition`; with `save_ends` it saves again at the end of each of
    /// its turns to end it (hold person).
    Condition {
        condition: Condition,
        duration: Duration,
        save_ends: bool,
    },
    RemoveCondition {
        condition: Condition,
    },
    /// A typed bonus or penalty (a negative amount), stacked by the one resolver
    /// (`crate::rules::bonus`).
    Modifier {
        stat: Stat,
        kind: BonusType,
        amount: Amount,
        when: When,
        duration: Duration,
    },
    AbilityPenalty {
        ability: Ability,
        amount: Amount,
        duration: Duration,
    },
    NegativeLevels {
        amount: Amount,
        duration: Duration,
    },
    MirrorImages {
        amount: Amount,
        duration: Duration,
    },
    /// One extra attack at the full base attack bonus in a full attack (haste).
    ExtraAttack {
        duration: Duration,
    },
    /// The creature dies.
    Slay,
    /// A dying creature becomes stable.
    Stabilize,
    /// A stable creature below 0 hit points starts dying again (bleed).
    ResumeDying,
    /// `amount` now and again in each of `rounds` further rounds (acid arrow).
    RecurringDamage {
        amount: Amount,
        types: DamageTypes,
        rounds: Amount,
    },
    Summon {
        creature: CreatureSlot,
        count: Amount,
        duration: Duration,
    },
    /// A weapon of force attacking once a round with the caster's base attack bonus plus its
    /// casting ability modifier (spiritual weapon).
    SpellWeapon {
        amount: Amount,
        types: DamageTypes,
        crit_range: u8,
        crit_mult: u8,
        duration: Duration,
    },
    /// A dispel check: d20 + caster level (« CRB — Dispel Magic »: no cap), the caster level
    /// counting at most `max_bonus` when there is one.
    Dispel {
        max_bonus: Option<u8>,
    },
    /// The caster moves to any square within the spell's range.
    Teleport,
    /// Attackers must save or lose the attack; ends when the warded creature attacks.
    Sanctuary {
        duration: Duration,
    },
    /// A creature that sets off the `against` trigger takes the damage (fire shield).
    Retaliate {
        amount: Amount,
        types: DamageTypes,
        against: Trigger,
        duration: Duration,
    },
    /// Spells of `max_level` or lower have no effect on the creature.
    SpellImmunity {
        max_level: u8,
        duration: Duration,
    },
    /// Invisible creatures grant no concealment and no attack bonus against it.
    SeeInvisible {
        duration: Duration,
    },
}

impl Effect {
    pub fn kind(&self) -> EffectKind {
        match self {
            Effect::Damage { .. } => EffectKind::Damage,
            Effect::Heal { .. } => EffectKind::Heal,
            Effect::TempHp { .. } => EffectKind::TempHp,
            Effect::Condition { .. } => EffectKind::Condition,
            Effect::RemoveCondition { .. } => EffectKind::RemoveCondition,
            Effect::Modifier { .. } => EffectKind::Modifier,
            Effect::AbilityPenalty { .. } => EffectKind::AbilityPenalty,
            Effect::NegativeLevels { .. } => EffectKind::NegativeLevels,
            Effect::MirrorImages { .. } => EffectKind::MirrorImages,
            Effect::ExtraAttack { .. } => EffectKind::ExtraAttack,
            Effect::Slay => EffectKind::Slay,
            Effect::Stabilize => EffectKind::Stabilize,
            Effect::ResumeDying => EffectKind::ResumeDying,
            Effect::RecurringDamage { .. } => EffectKind::RecurringDamage,
            Effect::Summon { .. } => EffectKind::Summon,
            Effect::SpellWeapon { .. } => EffectKind::SpellWeapon,
            Effect::Dispel { .. } => EffectKind::Dispel,
            Effect::Teleport => EffectKind::Teleport,
            Effect::Sanctuary { .. } => EffectKind::Sanctuary,
            Effect::Retaliate { .. } => EffectKind::Retaliate,
            Effect::SpellImmunity { .. } => EffectKind::SpellImmunity,
            Effect::SeeInvisible { .. } => EffectKind::SeeInvisible,
        }
    }

    /// The number a successful « half » save halves (« CRB — Saving Throw — Half »): the
    /// effect's amount, for the effects that have one. Effects without one are negated by
    /// such a save.
    pub fn amount(&self) -> Option<&Amount> {
        match self {
            Effect::Damage { amount, .. }
            | Effect::Heal { amount, .. }
            | Effect::TempHp {
                source: TempHpSource::Amount(amount),
                ..
            }
            | Effect::Modifier { amount, .. }
            | Effect::AbilityPenalty { amount, .. }
            | Effect::NegativeLevels { amount, .. }
            | Effect::MirrorImages { amount, .. }
            | Effect::RecurringDamage { amount, .. }
            | Effect::SpellWeapon { amount, .. }
            | Effect::Retaliate { amount, .. } => Some(amount),
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
            | Effect::Summon { .. }
            | Effect::Dispel { .. }
            | Effect::Teleport
            | Effect::Sanctuary { .. }
            | Effect::SpellImmunity { .. }
            | Effect::SeeInvisible { .. } => None,
        }
    }

    /// How long the effect lasts once applied (instantaneous for damage, healing, a slaying…).
    pub fn duration(&self) -> Duration {
        match self {
            Effect::TempHp { duration, .. }
            | Effect::Condition { duration, .. }
            | Effect::Modifier { duration, .. }
            | Effect::AbilityPenalty { duration, .. }
            | Effect::NegativeLevels { duration, .. }
            | Effect::MirrorImages { duration, .. }
            | Effect::ExtraAttack { duration }
            | Effect::Summon { duration, .. }
            | Effect::SpellWeapon { duration, .. }
            | Effect::Sanctuary { duration }
            | Effect::Retaliate { duration, .. }
            | Effect::SpellImmunity { duration, .. }
            | Effect::SeeInvisible { duration } => *duration,
            Effect::Damage { .. }
            | Effect::Heal { .. }
            | Effect::RemoveCondition { .. }
            | Effect::Slay
            | Effect::Stabilize
            | Effect::ResumeDying
            | Effect::RecurringDamage { .. }
            | Effect::Dispel { .. }
            | Effect::Teleport => Duration::Instantaneous,
        }
    }
}

/// An effect and who receives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Directed {
    pub to: Recipient,
    pub effect: Effect,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Vocabulary;

    /// The fight reads effects on every cast: they stay a few cache lines, with no heap
    /// data but a `when` naming a weapon.
    #[test]
    fn effects_stay_small() {
        assert!(std::mem::size_of::<Amount>() <= 32);
        assert!(std::mem::size_of::<Effect>() <= 96);
    }

    #[test]
    fn every_kind_is_spelled_once() {
        for kind in EffectKind::ALL {
            assert_eq!(EffectKind::lookup(kind.name()), Ok(*kind));
        }
        assert_eq!(
            EffectKind::lookup("damge").unwrap_err(),
            "unknown effect kind `damge` (did you mean `damage`?)"
        );
    }

    #[test]
    fn a_half_save_halves_amounts_and_negates_the_rest() {
        let damage = Effect::Damage {
            amount: Amount::fixed(4),
            types: DamageTypes::new(),
        };
        assert_eq!(damage.amount(), Some(&Amount::fixed(4)));
        assert_eq!(damage.duration(), Duration::Instantaneous);
        let held = Effect::Condition {
            condition: Condition::Paralyzed,
            duration: Duration::Concentration,
            save_ends: true,
        };
        assert_eq!(held.amount(), None);
        assert_eq!(held.duration(), Duration::Concentration);
        assert_eq!(held.kind(), EffectKind::Condition);
    }
}
