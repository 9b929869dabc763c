//! Rule building blocks shared by every rule that changes a number: typed bonuses and their
//! stacking ([`bonus`]), the conditions ([`condition`]), saves and skill checks ([`check`]),
//! damage applied to a defender ([`damage`]) and the feat catalogue ([`feat`]). Pure: the fight applies them.

pub mod bonus;
pub mod check;
pub mod condition;
pub mod damage;
pub mod feat;

pub use bonus::{
    AcKind, AlignmentAxis, AttackContext, BonusType, Context, Descriptor, Modifier, Stacker, Stat,
    When, resolve, stack,
};
pub use check::{Check, Save, SaveResult, roll_check, roll_save};
pub use condition::{Condition, ConditionSet, Definition, Group, Rounds, StartCondition, flag};
pub use damage::{Damage, Dealt, Defense, Delivery, is_physical};
pub use feat::{Applied, Feat, FeatLine, FeatSet, feat_set, read_feat_line};
