//! The witch's hexes a `hex` entry can name (« APG — Witch — Hexes »), as a vocabulary, with
//! which of them allow a save and which a fight acts on. A leaf of `model`: the schema
//! (`special`) and its checks (`special_hex`) both read it.

use crate::vocab::vocabulary;

vocabulary! {
    /// The hexes a `hex` entry can name (« APG — Witch — Hexes »).
    "hex", pub enum HexKind {
        /// A creature within 30 ft.: Will or asleep for the witch's level in rounds.
        Slumber = "slumber",
        /// A touch that cures as cure light wounds, once per creature a day.
        Healing = "healing",
        /// A creature within 30 ft.: −2 on its attack rolls for 3 + Int rounds (Will: 1).
        EvilEye = "evil_eye",
        /// A creature within 30 ft.: Will or it rolls its d20s twice and takes the worse
        /// for 1 round.
        Misfortune = "misfortune",
        /// A move action: each evil eye and misfortune of the witch within 30 ft. lasts one
        /// round more.
        Cackle = "cackle",
    }
}

impl HexKind {
    /// The hex offers a Will save, so the entry carries its `dc`.
    pub fn has_save(self) -> bool {
        match self {
            HexKind::Slumber | HexKind::EvilEye | HexKind::Misfortune => true,
            HexKind::Healing | HexKind::Cackle => false,
        }
    }
}

impl HexKind {
    /// A fight acts on this hex (the others are refused at the door rather than ignored).
    pub fn modelled(self) -> bool {
        match self {
            HexKind::Slumber
            | HexKind::Healing
            | HexKind::EvilEye
            | HexKind::Misfortune
            | HexKind::Cackle => true,
        }
    }
}
