//! The words of the tactical actions (« CRB — Special Initiative Actions », « Aid Another »,
//! « Immediate Actions »; the reference spec, « Retard », « Préparation », « Aider autrui »,
//! « Actions immédiates hors-tour »): what a readied action does ([`Readied`]) and what sets it
//! off ([`Trigger`]), which bonus aid another gives ([`AidMode`]), and the events a reacting
//! policy may answer out of turn ([`Event`], subscribed to by kind with [`Events`]).
//! Vocabulary only, `Copy` and small so that `Action` stays both; what each word does is the
//! tactical families' (`action::tactical`) and the turn loop's (`turn`).

use crate::spell::SpellId;
use crate::spell::vocab::CastingTime;

use super::super::super::id::UnitId;
use super::super::spell::{CastTarget, Metamagics};

/// What a readied action does when its trigger comes (« CRB — Ready »: a standard, move, swift
/// or free action; here the two a fight needs most, an attack and a spell).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Readied {
    /// One attack with the first weapon that can strike: on `target` when given, else on the
    /// creature that set it off (for an ally's trigger, on the nearest enemy it can strike).
    Attack { target: Option<UnitId> },
    /// A spell of a standard action or less, cast at `at`. `time` is the spell's casting time,
    /// as in [`crate::fight::Action::Cast`].
    Cast {
        spell: SpellId,
        time: CastingTime,
        metamagic: Metamagics,
        at: ReadyAim,
    },
}

/// What a readied spell is cast at (kept to creatures, so that the action stays small).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReadyAim {
    /// The creature that sets the readied action off.
    Trigger,
    /// This creature.
    Unit(UnitId),
    /// No target: personal spells, areas centred on the caster.
    Caster,
}

impl Readied {
    /// `attack` or `cast`, for logs.
    pub fn kind(self) -> &'static str {
        match self {
            Readied::Attack { .. } => "attack",
            Readied::Cast { .. } => "cast",
        }
    }
}

/// What sets a readied action off (the reference spec, « Préparation »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Trigger {
    /// An enemy moves into a square the readied creature threatens (it hits before the mover
    /// goes on).
    EnemyEntersReach,
    /// An enemy begins casting a spell (before the spell goes off).
    EnemyCasts,
    /// An enemy moves to where the readied creature has line of effect to it, from where it
    /// had none.
    EnemyInSight,
    /// The ally begins its turn (before it acts).
    AllyActs(UnitId),
}

impl Trigger {
    /// What happened, for logs (`enters its reach`…).
    pub fn name(self) -> &'static str {
        match self {
            Trigger::EnemyEntersReach => "enters its reach",
            Trigger::EnemyCasts => "casts",
            Trigger::EnemyInSight => "comes into sight",
            Trigger::AllyActs(_) => "acts",
        }
    }
}

/// « CRB — Aid Another »: the ally's +2 on its next attack roll against the enemy, or +2 to its
/// AC against the enemy's next attack.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AidMode {
    Attack,
    Ac,
}

/// Something a reacting policy may answer out of its turn with an immediate action (« CRB —
/// Immediate Actions »), offered to one unit (`me` of [`crate::fight::Policy::react`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Event {
    /// `caster`, an enemy in `me`'s line of effect, is about to cast `spell` at `target`:
    /// offered before anything is spent or rolled, so an answer comes before the spell.
    EnemyCasts {
        caster: UnitId,
        spell: SpellId,
        target: CastTarget,
    },
    /// `mover`, an enemy, moved into a square `me` threatens: offered once the mover's action
    /// is over.
    EnemyEntersReach { mover: UnitId },
    /// `me` lost `hp` hit points (temporary ones included) during `actor`'s action — an attack,
    /// an attack of opportunity, a spell: offered once that action is over.
    Wounded { actor: UnitId, hp: i32 },
}

impl Event {
    /// The kind of this event, as [`Events`] names it.
    pub fn kind(self) -> Events {
        match self {
            Event::EnemyCasts { .. } => Events::ENEMY_CASTS,
            Event::EnemyEntersReach { .. } => Events::ENEMY_ENTERS_REACH,
            Event::Wounded { .. } => Events::WOUNDED,
        }
    }
}

/// Kinds of [`Event`], as bits: what a policy answers ([`crate::fight::Policy::reacts_to`]).
/// The engine builds only the events some policy answers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Events(u8);

impl Events {
    pub const NONE: Events = Events(0);
    pub const ENEMY_CASTS: Events = Events(1);
    pub const ENEMY_ENTERS_REACH: Events = Events(2);
    pub const WOUNDED: Events = Events(4);
    pub const ALL: Events = Events(7);

    /// Both sets.
    pub const fn with(self, other: Events) -> Events {
        Events(self.0 | other.0)
    }

    /// Some kind of `other` is in the set.
    #[inline]
    pub const fn has(self, other: Events) -> bool {
        self.0 & other.0 != 0
    }

    #[inline]
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
}
