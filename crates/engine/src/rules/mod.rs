//! Rule building blocks shared by every rule that changes a number: typed bonuses and their
//! stacking ([`bonus`]), the conditions ([`condition`]), saves and skill checks ([`check`]),
//! damage reduction and immunities ([`defense`]), damage applied to a defender ([`damage`]), the
//! feat catalogue ([`feat`]), the combat manoeuvres ([`maneuver`]) and the numbers of the
//! tactical rules — defensive stances, aid, tumbling, Stealth ([`tactics`]). Pure: the fight
//! applies them. Imports only the leaves (`vocab`, `rng`, `size`): combatant files (`model`)
//! carry these types, never the other way round, and no `Fight` is known here.

pub mod bonus;
pub mod check;
pub mod condition;
pub mod damage;
pub mod defense;
pub mod effect;
pub mod feat;
pub mod maneuver;
pub mod tactics;

pub use bonus::{
    ALWAYS, AcKind, AlignmentAxis, AttackContext, BonusType, Context, Descriptor, Modifier, Part,
    Stacker, Stat, When, resolve, resolve_parts, stack,
};
pub use check::{Check, Save, SaveResult, d20_worse, roll_check, roll_save, roll_save_worse};
pub use condition::{Condition, ConditionSet, Definition, Group, Rounds, StartCondition, flag};
pub use damage::{Damage, Dealt, Defense, Delivery, is_physical};
pub use defense::{Bypass, DamageReduction, Immunities};
pub use feat::{Applied, Feat, FeatLine, FeatSet, feat_set, read_feat_line};
