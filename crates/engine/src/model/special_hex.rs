//! Validation of the witch's `hex` entries (« APG — Witch — Hexes »): the hex's kind and, for
//! the hexes that allow a save, its DC (10 + ½ witch level + Int modifier, as the stat block
//! prints it). A method on the entry, so that `special` calls it without importing this
//! file. Owns these checks and the [`HexKind`] vocabulary; the schema is documented in
//! [`super::special`]'s header, what a hex does in a fight in `fight::class::hex`.

use super::special::{Special, SpecialFile};
use crate::error::Problems;
use crate::vocab::{Vocabulary, vocabulary};

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
            HexKind::Slumber | HexKind::Healing => true,
            HexKind::EvilEye | HexKind::Misfortune | HexKind::Cackle => false,
        }
    }
}

impl SpecialFile {
    /// The `hex` rule of this entry at `at`, or `None` after reporting what is wrong.
    pub(super) fn hex_special(&self, p: &mut Problems, at: &str) -> Option<Special> {
        let Some(name) = self.hex.as_deref() else {
            p.add(format!("{at}.hex"), "missing: `hex` needs `hex`");
            return None;
        };
        let kind = HexKind::lookup(name)
            .map_err(|m| p.add(format!("{at}.hex"), m))
            .ok()?;
        if !kind.modelled() {
            p.add(
                format!("{at}.hex"),
                format!("the `{kind}` hex is not modelled yet: list it in `features` only"),
            );
            return None;
        }
        let dc = match (kind.has_save(), self.dc) {
            (true, Some(n)) if (1..=60).contains(&n) => n as u8,
            (true, Some(n)) => {
                p.add(
                    format!("{at}.dc"),
                    format!("must be between 1 and 60, got {n}"),
                );
                return None;
            }
            (true, None) => {
                p.add(
                    format!("{at}.dc"),
                    format!("missing: the `{kind}` hex needs `dc` (Will)"),
                );
                return None;
            }
            (false, Some(_)) => {
                p.add(
                    format!("{at}.dc"),
                    format!("the `{kind}` hex allows no save: it takes no `dc`"),
                );
                return None;
            }
            (false, None) => 0,
        };
        Some(Special::Hex { kind, dc })
    }
}
