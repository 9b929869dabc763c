//! `pf1e-sim spells`: lists the spell catalogue of a folder (`--spells`, default
//! `data/spells`) in name order, as text (one block per spell, 100 columns) or JSON (an array
//! of objects with stable keys). Every spell file of the folder is checked first: a missing
//! folder or any invalid file prints every problem and exits 2.

use std::path::Path;

use pf1e_sweep::spell_list::{render_json, render_text, summaries};
use pf1e_sweep::spells::SpellLibrary;

use crate::cli::{Format, SpellsArgs};
use crate::exit_codes::DATA_ERROR;
use crate::load::read_spell_folder;
use crate::output::{print, report_data_errors};

pub fn run(args: &SpellsArgs) -> anyhow::Result<u8> {
    let library = match read_library(&args.spells) {
        Ok(library) => library,
        Err(code) => return Ok(code),
    };
    let spells = summaries(&library);
    let text = match args.format {
        Format::Text => render_text(&args.spells.display().to_string(), &spells),
        Format::Json => render_json(&spells),
    };
    print(&text, "the spell list")
}

/// Every spell file of `folder`, parsed; on a problem prints it and returns the exit code.
fn read_library(folder: &Path) -> Result<SpellLibrary, u8> {
    let documents = match read_spell_folder(folder) {
        Ok(Some(documents)) => documents,
        Ok(None) => {
            say!(
                "error: {}: no such folder (give the spell catalogue folder with --spells DIR)",
                folder.display()
            );
            return Err(DATA_ERROR);
        }
        Err(errors) => return Err(report_data_errors(&errors)),
    };
    SpellLibrary::build(documents).map_err(|errors| report_data_errors(&errors))
}
