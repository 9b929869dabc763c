//! « CRB — Creature Types »: the [`CreatureType`] vocabulary, on its own so that the rules
//! naming a type (a ranger's favored enemy in `special`) need not import the combatant.

use std::fmt;

use serde::Deserialize;

/// « CRB — Creature Types » (Bestiary). Files spell them snake_case; `magical beast` and
/// `monstrous humanoid` are accepted with a space too.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum CreatureType {
    Aberration,
    Animal,
    Construct,
    Dragon,
    Fey,
    Humanoid,
    #[serde(alias = "magical beast")]
    MagicalBeast,
    #[serde(alias = "monstrous humanoid")]
    MonstrousHumanoid,
    Ooze,
    Outsider,
    Plant,
    Undead,
    Vermin,
}

impl CreatureType {
    /// The type as the Bestiary writes it (« magical beast »).
    pub fn name(self) -> &'static str {
        match self {
            CreatureType::Aberration => "aberration",
            CreatureType::Animal => "animal",
            CreatureType::Construct => "construct",
            CreatureType::Dragon => "dragon",
            CreatureType::Fey => "fey",
            CreatureType::Humanoid => "humanoid",
            CreatureType::MagicalBeast => "magical beast",
            CreatureType::MonstrousHumanoid => "monstrous humanoid",
            CreatureType::Ooze => "ooze",
            CreatureType::Outsider => "outsider",
            CreatureType::Plant => "plant",
            CreatureType::Undead => "undead",
            CreatureType::Vermin => "vermin",
        }
    }
}

impl fmt::Display for CreatureType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}
