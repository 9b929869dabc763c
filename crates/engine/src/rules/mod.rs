//! Rule building blocks shared by every rule that changes a number: typed bonuses and their
//! stacking ([`bonus`]), the conditions ([`condition`]), saves and skill checks ([`check`]),
//! damage reduction and immunities ([`defense`]) and the feat catalogue ([`feat`]). Pure: the
//! fight applies them. Imports only the leaves (`vocab`, `rng`): combatant files (`model`)
//! carry these types, never the other way round, and no `Fight` is known here.

pub mod bonus;
pub mod check;
pub mod condition;
pub mod defense;
pub mod effect;
pub mod feat;

pub use bonus::{
    AcKind, AlignmentAxis, AttackContext, BonusType, Context, Descriptor, Modifier, Stacker, Stat,
    When, resolve, stack,
};
pub use check::{Check, Save, SaveResult, roll_check, roll_save};
pub use condition::{Condition, ConditionSet, Definition, Group, Rounds, StartCondition, flag};
pub use defense::{Bypass, DamageReduction, Immunities};
pub use feat::{Applied, Feat, ResolvedFeat, resolve_feat};
