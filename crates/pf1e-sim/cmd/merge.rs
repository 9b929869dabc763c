//! `pf1e-sim merge FILE…`: joins the tally files of `run` or `sweep --shard K/N --tally-out
//! FILE` and prints exactly what `run` (or `sweep`, rereading the sweep file) prints (README
//! « Batch clusters »). The checks are the sweep crate's (`slice` reads one file,
//! `slice_merge` checks them together: same job and version, disjoint and complete slices,
//! duplicates identical); this command reads the files, rereads the sweep and prints. Every
//! problem exits 2 with one line naming the files, slices or runs concerned.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pf1e_engine::tally::Tally;
use pf1e_sweep::output::render_run;
use pf1e_sweep::slice::SliceFile;
use pf1e_sweep::slice_merge::{Merged, merge_slices};
use pf1e_sweep::sweep_job::SHARD_RUNS;

use crate::cli::{Format, MergeArgs, SweepFormat};
use crate::exit_codes::DATA_ERROR;
use crate::input::{MAX_INPUT_BYTES, read_bounded};
use crate::load::load_sweep;
use crate::output::{print, print_sweep};
use crate::rpc::BUILD;

pub fn run(args: &MergeArgs) -> anyhow::Result<u8> {
    let files = match read_all(&args.files) {
        Ok(files) => files,
        Err(errors) => return Ok(refuse(&errors)),
    };
    match merge_slices(&files) {
        Err(errors) => Ok(refuse(&errors)),
        Ok(Merged::Run { header, tally }) => {
            let format = match args.format {
                SweepFormat::Text => Format::Text,
                SweepFormat::Json => Format::Json,
                SweepFormat::Csv => {
                    say!("error: --format csv is for sweeps; these files are slices of a run");
                    return Ok(DATA_ERROR);
                }
            };
            if args.html.is_some() {
                say!("error: --html is for sweeps; these files are slices of a run");
                return Ok(DATA_ERROR);
            }
            print(
                &render_run(format.into(), &header, &tally, None)?,
                "the report",
            )
        }
        Ok(Merged::Sweep {
            sweep_file,
            job,
            tallies,
        }) => merge_sweep(args, Path::new(&sweep_file), &job, tallies),
    }
}

/// Why a sweep's slices cannot be merged when their sweep file is not where `sweep` read it:
/// the path is the one given to `sweep`, so it is looked up from the current folder.
fn missing_sweep(file: &Path) -> String {
    let folder = std::env::current_dir().map_or_else(|_| ".".into(), |d| d.display().to_string());
    let expected = if file.is_absolute() {
        file.display().to_string()
    } else {
        Path::new(&folder).join(file).display().to_string()
    };
    format!(
        "the slices are of the sweep {}, expected at {expected} (the path given to `sweep`, \
         read from the current folder {folder}): run merge from the folder the sweep ran in",
        file.display()
    )
}

/// Prints every problem and returns the data-error exit code.
fn refuse(errors: &[impl std::fmt::Display]) -> u8 {
    for e in errors {
        say!("error: {e}");
    }
    DATA_ERROR
}

/// Reads and parses every file; every problem of every file otherwise.
fn read_all(paths: &[PathBuf]) -> Result<Vec<(String, SliceFile)>, Vec<String>> {
    let mut files = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        let name = path.display().to_string();
        let parsed = read_bounded(path, MAX_INPUT_BYTES)
            .map_err(|e| format!("{name}: {e}"))
            .and_then(|bytes| {
                String::from_utf8(bytes).map_err(|_| format!("{name}: is not valid UTF-8 text"))
            })
            .and_then(|text| SliceFile::parse(&name, &text).map_err(|e| e.to_string()));
        match parsed {
            Ok(file) => files.push((name, file)),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(files)
    } else {
        Err(errors)
    }
}

/// Rereads the sweep file, checks it is still the job of the slices and that they cover every
/// cell, and prints what `sweep` prints for the merged cells.
fn merge_sweep(
    args: &MergeArgs,
    file: &Path,
    job_hash: &str,
    mut tallies: BTreeMap<u64, Tally>,
) -> anyhow::Result<u8> {
    if !file.exists() {
        say!("error: {}", missing_sweep(file));
        return Ok(DATA_ERROR);
    }
    let job = match load_sweep(file) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    if job.slices_hash(BUILD, SHARD_RUNS).to_string() != job_hash {
        say!(
            "error: {} or one of its files changed since the slices were played (another job)",
            file.display()
        );
        return Ok(DATA_ERROR);
    }
    if tallies.len() != job.cells.len() {
        say!(
            "error: the slices do not cover every cell of {}",
            file.display()
        );
        return Ok(DATA_ERROR);
    }
    let mut cells = Vec::with_capacity(job.cells.len());
    for (index, cell) in job.cells.iter().enumerate() {
        let scenario = &cell.scenario;
        let (sides, units) = (scenario.sides().len(), scenario.units().len());
        let tally = tallies
            .remove(&(index as u64))
            .unwrap_or_else(|| Tally::empty(sides, units));
        let round_cap = scenario.options().round_cap;
        if let Err(e) = tally
            .check(sides, units)
            .and_then(|()| tally.check_rounds(round_cap))
        {
            say!("error: cell {} of {}: {e}", index + 1, file.display());
            return Ok(DATA_ERROR);
        }
        cells.push(tally);
    }
    print_sweep(&job, cells, args.format.into(), args.html.as_deref(), None)
}
