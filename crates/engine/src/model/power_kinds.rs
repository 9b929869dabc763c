//! The kinds the monsters' last `specials` entries name, in a leaf file of `model` so that
//! the schema ([`super::special`]) and its checks (`special_powers`) import them without a
//! cycle: the touch powers (« CRB — Cleric — Domains », « Wizard — Necromancy — Grave
//! Touch ») and the uses of a spell-like ability (« Bestiary — Spell-Like Abilities »).

use serde::Deserialize;

/// The touch powers, one `specials` rule each.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TouchKind {
    /// « Death domain — Bleeding Touch »: 1d6 a round for ½ cleric level rounds (min 1).
    Bleeding,
    /// « Chaos domain — Touch of Chaos »: the worse of two d20s for the next round.
    Chaos,
    /// « Necromancy — Grave Touch »: shaken for ½ wizard level rounds (min 1); a shaken
    /// creature of fewer Hit Dice than the wizard level frightened for 1 round instead.
    Grave,
}

impl TouchKind {
    /// Its name in logs.
    pub fn name(self) -> &'static str {
        match self {
            TouchKind::Bleeding => "bleeding touch",
            TouchKind::Chaos => "touch of chaos",
            TouchKind::Grave => "grave touch",
        }
    }
}

/// How often a spell-like ability may be used (« Bestiary — Spell-Like Abilities »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SlaUses {
    /// Always active: recorded, no effect in a fight.
    Constant,
    AtWill,
    /// Uses a day (each one an encounter's).
    PerDay(u8),
}

/// One spell of a `spell_like` entry, as written: `{ "spell": "suggestion", "uses": "1/day" }`.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpellLikeFile {
    pub spell: String,
    pub uses: String,
    /// « invisibility (self only) ».
    pub self_only: Option<bool>,
}

/// One spell of a validated `spell_like` entry (its name is resolved against the catalogue
/// with the combatant's spells, `spellbook`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpellLike {
    pub spell: String,
    pub uses: SlaUses,
    pub self_only: bool,
}
