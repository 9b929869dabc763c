//! `pf1e-sim merge FILE…`: joins the tally files of `run` or `sweep --shard K/N --tally-out
//! FILE` and prints exactly what `run` (or `sweep`, rereading the sweep file) prints (README
//! « Batch clusters »). The checks are the sweep crate's (`slice` reads one file,
//! `slice_merge` checks them together: same job and version, disjoint and complete slices,
//! duplicates identical); this command reads the files, rereads the sweep and prints. A run's
//! slices carry their scenario source and command line, so `--html` and the transcripts need
//! no file of the job (`run_outputs` writes them as `run` does). Every problem exits 2 with one
//! line naming the files, slices or runs concerned.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pf1e_engine::tally::Tally;
use pf1e_sweep::header::ReportHeader;
use pf1e_sweep::output::render_run;
use pf1e_sweep::slice::{RunReplay, SliceFile};
use pf1e_sweep::slice_merge::{Merged, merge_slices};
use pf1e_sweep::sweep_job::SHARD_RUNS;

use crate::cli::{Format, MergeArgs, SweepFormat};
use crate::exit_codes::DATA_ERROR;
use crate::input::{MAX_INPUT_BYTES, read_bounded};
use crate::load::load_sweep;
use crate::output::{print, print_sweep, report_data_errors};
use crate::rpc::BUILD;
use crate::run_outputs::{Replay, RunJob, RunOutputs};

pub fn run(args: &MergeArgs) -> anyhow::Result<u8> {
    let files = match read_all(&args.files) {
        Ok(files) => files,
        Err(errors) => return Ok(refuse(&errors)),
    };
    match merge_slices(&files) {
        Err(errors) => Ok(refuse(&errors)),
        Ok(Merged::Run {
            header,
            tally,
            replay,
        }) => merge_run(args, &files[0], &header, &tally, &replay),
        Ok(Merged::Sweep { .. }) if Replay::of(&args.transcripts) != Replay::None => {
            say!(
                "error: --transcript, --transcript-run and --transcript-pick are for a run's slices; these files are slices of a sweep"
            );
            Ok(DATA_ERROR)
        }
        Ok(Merged::Sweep {
            sweep_file,
            job,
            tallies,
        }) => merge_sweep(args, Path::new(&sweep_file), &job, tallies),
    }
}

/// Prints what `run` prints for the merged tally of a run's slices (`first` is the first file,
/// with its name). The page and the transcripts are drawn and replayed from the scenario the
/// slices carry, once it is checked to be the one of their job hash for this build.
fn merge_run(
    args: &MergeArgs,
    first: &(String, SliceFile),
    header: &ReportHeader,
    tally: &Tally,
    replay: &RunReplay,
) -> anyhow::Result<u8> {
    let format = match args.format {
        SweepFormat::Text => Format::Text,
        SweepFormat::Json => Format::Json,
        SweepFormat::Csv => {
            say!("error: --format csv is for sweeps; these files are slices of a run");
            return Ok(DATA_ERROR);
        }
    };
    let outputs = RunOutputs {
        format: format.into(),
        html: args.html.as_deref(),
        replay: Replay::of(&args.transcripts),
    };
    if let Err(code) = outputs.check(header.runs) {
        return Ok(code);
    }
    if outputs.html.is_none() && outputs.replay == Replay::None {
        return print(
            &render_run(outputs.format, header, tally, None)?,
            "the report",
        );
    }
    let (name, file) = first;
    if !file.replay_is_the_job(BUILD) {
        say!(
            "error: {name}: the slices were played by another pf1e-sim build (their job hash is \
             not this build's for the scenario they carry): play them again with this pf1e-sim \
             to write the page or replay a fight"
        );
        return Ok(DATA_ERROR);
    }
    let scenario = match replay.source.to_source().map(|s| s.compile()) {
        Ok(Ok(scenario)) => scenario,
        Ok(Err(errors)) => return Ok(report_data_errors(&errors.0)),
        Err(e) => {
            say!("error: {name}: {e}");
            return Ok(DATA_ERROR);
        }
    };
    let job = RunJob {
        scenario: &scenario,
        header,
        command: &replay.command,
    };
    outputs.finish(job, tally)
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
