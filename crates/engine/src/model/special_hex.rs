//! Validation of the witch's `hex` entries (« APG — Witch — Hexes »): the hex's kind and, for
//! the hexes that allow a save, its DC (10 + ½ witch level + Int modifier, as the stat block
//! prints it). A method on the entry, so that `special` calls it without importing this
//! file. Owns these checks; the schema is documented in
//! [`super::special`]'s header, what a hex does in a fight in `fight::class::hex`.

use super::hex_kind::HexKind;
use super::special::{Special, SpecialFile};
use crate::error::Problems;
use crate::vocab::Vocabulary;

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
