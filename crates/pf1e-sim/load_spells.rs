//! Reading a spell catalogue folder for the engine, which never opens a path: every `*.json`
//! file of the folder through the bounded reader (file-name order, labels `FOLDER/NAME.json`),
//! parsed into a [`SpellLibrary`]; the creatures its summon spells bring, read from the path
//! the spell's label and summon path give; and the casters' spells checked against it. `run`,
//! `bench`, the coordinator, sweeps, `spells` and `validate` all read catalogues here.
//!
//! A folder is read only when some combatant names spells: a fight of non-casters never needs
//! one.

use std::path::Path;

use pf1e_engine::error::DataError;
use pf1e_engine::model::Combatant;
use pf1e_sweep::source::Document;
use pf1e_sweep::spells::{SpellLibrary, first_caster};

use crate::load::read_document;

/// The catalogue of `run`, `bench`, `spells` and `validate` without `--spells`, relative to
/// the current folder.
pub const DEFAULT_SPELLS: &str = "data/spells";

/// Most files a catalogue folder may hold (a catalogue numbers its spells on 16 bits).
const MAX_SPELL_FILES: usize = u16::MAX as usize;

/// Every `*.json` file of `folder` as a document labelled with the folder as given joined to
/// the file name, in file-name order; `None` when `folder` does not exist. Problems of every
/// file are returned together.
pub fn read_spell_folder(folder: &Path) -> Result<Option<Vec<Document>>, Vec<DataError>> {
    let label = folder.display().to_string();
    let fail = |message: String| vec![DataError::new(&label, "", message)];
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(_) if folder.is_file() => return Err(fail("is a file, not a folder".to_string())),
        Err(e) => return Err(fail(format!("cannot list the folder: {e}"))),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| fail(format!("cannot list the folder: {e}")))?;
        let path = entry.path();
        let json = path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("json"));
        if json && !path.is_dir() {
            paths.push(path);
        }
        if paths.len() > MAX_SPELL_FILES {
            return Err(fail(format!(
                "holds more than {MAX_SPELL_FILES} spell files"
            )));
        }
    }
    paths.sort();
    let mut documents = Vec::with_capacity(paths.len());
    let mut errors = Vec::new();
    for path in paths {
        match read_document(&path) {
            Ok(document) => documents.push(document),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(Some(documents))
    } else {
        Err(errors)
    }
}

/// The catalogue at `folder` for `combatants`: every spell file parsed, the creatures their
/// summon spells bring read, and every combatant's spells checked (unknown names with the
/// closest spell, spells off a caster's list). When the folder does not exist, one line naming
/// the first caster's file, the folder and `hint` (how to give another folder).
pub fn load_library(
    folder: &Path,
    combatants: &[Combatant],
    hint: &str,
) -> Result<SpellLibrary, Vec<DataError>> {
    let Some(documents) = read_spell_folder(folder)? else {
        let file = first_caster(combatants).map_or("", Combatant::file);
        return Err(vec![DataError::new(
            file,
            "spells",
            format!(
                "names spells, but there is no spell catalogue folder {} ({hint})",
                folder.display()
            ),
        )]);
    };
    let mut library = SpellLibrary::build(documents)?;
    library.read_creatures(combatants, &mut |label| read_document(Path::new(label)))?;
    library.check(combatants)?;
    Ok(library)
}
