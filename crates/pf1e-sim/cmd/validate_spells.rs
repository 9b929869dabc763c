//! What `validate` says about spells: a combatant file's spells checked against the spell
//! catalogue (`--spells DIR`, default `data/spells` when that folder exists), read once on first
//! need. Every problem is a warning, because `validate` checks files one by one and `run` makes
//! them errors: an unknown, metamagic-baked or off-list spell (with the closest name), a summon
//! spell whose creature cannot be read, and a spell whose file models no combat effect
//! (`effects: []`), like the feats that are no-ops. A catalogue that cannot be read or holds an
//! invalid file is a data error, printed once.

use std::path::{Path, PathBuf};

use pf1e_engine::error::DataError;
use pf1e_engine::model::Combatant;
use pf1e_sweep::spells::SpellLibrary;

use crate::load::{DEFAULT_SPELLS, read_document, read_spell_folder};

/// The catalogue, as far as it was needed.
enum Catalogue {
    NotRead,
    /// The default folder does not exist: spells are not checked.
    Missing,
    /// It could not be read or holds invalid files (already printed).
    Broken,
    Read(Box<SpellLibrary>),
}

/// Checks combatants' spells against one catalogue.
pub struct SpellCheck {
    /// `--spells`, or `None` for the default folder.
    given: Option<PathBuf>,
    catalogue: Catalogue,
}

impl SpellCheck {
    pub fn new(given: Option<&Path>) -> SpellCheck {
        SpellCheck {
            given: given.map(Path::to_path_buf),
            catalogue: Catalogue::NotRead,
        }
    }

    fn folder(&self) -> &Path {
        self.given.as_deref().unwrap_or(Path::new(DEFAULT_SPELLS))
    }

    /// False once the catalogue turned out unreadable or invalid (`validate` then exits 2).
    pub fn catalogue_ok(&self) -> bool {
        !matches!(self.catalogue, Catalogue::Broken)
    }

    /// Reads the catalogue unless it was; its problems are printed here, once.
    fn library(&mut self) -> Option<&mut SpellLibrary> {
        if let Catalogue::NotRead = self.catalogue {
            self.catalogue = self.read();
        }
        match &mut self.catalogue {
            Catalogue::Read(library) => Some(library),
            Catalogue::NotRead | Catalogue::Missing | Catalogue::Broken => None,
        }
    }

    fn read(&self) -> Catalogue {
        let folder = self.folder();
        let read = read_spell_folder(folder).and_then(|documents| match documents {
            Some(documents) => SpellLibrary::build(documents).map(Some),
            None => Ok(None),
        });
        match read {
            Ok(Some(library)) => Catalogue::Read(Box::new(library)),
            Ok(None) if self.given.is_none() => Catalogue::Missing,
            Ok(None) => {
                say!(
                    "error: {}: no such spell catalogue folder (--spells)",
                    folder.display()
                );
                Catalogue::Broken
            }
            Err(errors) => {
                for e in errors {
                    say!("error: {e}");
                }
                Catalogue::Broken
            }
        }
    }

    /// The warnings about `c`'s spells, in the order of its `spells` list, each `FIELD:
    /// message` (`spells[2] "detect magic": no combat effect modelled`).
    pub fn warnings(&mut self, c: &Combatant) -> Vec<String> {
        // « Bestiary — Spell-Like Abilities »: a `spell_like` entry names catalogue spells too.
        if c.spell_names().next().is_none() {
            return Vec::new();
        }
        let folder = self.folder().display().to_string();
        let Some(library) = self.library() else {
            return vec![format!(
                "spells: not checked: no spell catalogue folder {folder} (give it with --spells DIR)"
            )];
        };
        let mut found: Vec<(usize, String)> = Vec::new();
        let mut read = |label: &str| read_document(Path::new(label));
        if let Err(errors) = library.read_creatures([c], &mut read) {
            found.extend(errors.iter().map(|e| (usize::MAX, format!("spells: {e}"))));
        }
        if let Err(errors) = library.resolve(c) {
            found.extend(
                errors
                    .iter()
                    .map(|e| (spell_index(e), format!("{}: {}", e.field, e.message))),
            );
        }
        let catalogue = library.catalogue();
        for (i, name) in c.spells().iter().enumerate() {
            let no_effect = (catalogue.id_for_name(name).ok())
                .is_some_and(|id| catalogue.spell(id).has_no_effect());
            if no_effect {
                found.push((
                    i,
                    format!("spells[{i}] \"{name}\": no combat effect modelled"),
                ));
            }
        }
        found.sort_by_key(|(i, _)| *i);
        found.into_iter().map(|(_, w)| w).collect()
    }
}

/// `i` of a problem's field `spells[i]`; problems of other fields go last.
fn spell_index(e: &DataError) -> usize {
    (e.field.strip_prefix("spells["))
        .and_then(|rest| rest.strip_suffix(']'))
        .and_then(|i| i.parse().ok())
        .unwrap_or(usize::MAX)
}
