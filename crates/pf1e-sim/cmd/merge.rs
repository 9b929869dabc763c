//! `pf1e-sim merge FILE…`: joins the tally files of `run` or `sweep --shard K/N --tally-out
//! FILE` and prints exactly what `run` (or `sweep`, rereading the sweep file) prints (README
//! « Batch clusters »). Every file must be of the same job (content hash), file version and
//! engine; the slices' run ranges must be disjoint and
//! cover the job. A slice given twice with identical contents counts once; twice with
//! different contents is an error. Every problem exits 2 with one line naming the files,
//! slices or runs concerned.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use pf1e_engine::tally::Tally;

use pf1e_sweep::json::RawTally;

use super::batch::{FILE_VERSION, MAGIC, TallyFile, sweep_job_hash};
use super::run::{print, render_output};
use super::sweep::{finish, load_or_report};
use crate::cli::{Format, MergeArgs, SweepArgs, SweepFormat};
use crate::exit_codes::DATA_ERROR;

pub fn run(args: &MergeArgs) -> anyhow::Result<u8> {
    let (first, tallies) = match check(&args.files) {
        Ok(merged) => merged,
        Err(errors) => {
            for e in &errors {
                eprintln!("error: {e}");
            }
            return Ok(DATA_ERROR);
        }
    };
    if first.kind == "sweep" {
        return merge_sweep(args, &first, tallies);
    }
    let (Some(header), Some(tally)) = (first.header, tallies.get(&0)) else {
        anyhow::bail!("a checked run slice has a header and a tally");
    };
    let format = match args.format {
        SweepFormat::Text => Format::Text,
        SweepFormat::Json => Format::Json,
        SweepFormat::Csv => {
            eprintln!("error: --format csv is for sweeps; these files are slices of a run");
            return Ok(DATA_ERROR);
        }
    };
    if args.html.is_some() {
        eprintln!("error: --html is for sweeps; these files are slices of a run");
        return Ok(DATA_ERROR);
    }
    print(&render_output(format, &header, tally, None)?)
}

/// Rereads the sweep file, checks it is still the job of the slices and prints what `sweep`
/// prints for the merged cells.
fn merge_sweep(
    args: &MergeArgs,
    first: &TallyFile,
    tallies: BTreeMap<u64, Tally>,
) -> anyhow::Result<u8> {
    let file = PathBuf::from(first.sweep_file.as_deref().unwrap_or_default());
    let loaded = match load_or_report(&file) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    if sweep_job_hash(&file, &loaded)? != first.job {
        eprintln!(
            "error: {} or one of its files changed since the slices were played (another job)",
            file.display()
        );
        return Ok(DATA_ERROR);
    }
    let mut results = Vec::with_capacity(loaded.cells.len());
    for (index, (cell, scenario)) in loaded.cells.iter().enumerate() {
        let tally = tallies
            .get(&(index as u64))
            .cloned()
            .unwrap_or_else(|| Tally::empty(scenario.sides().len(), scenario.units().len()));
        results.push((cell.clone(), tally));
    }
    if tallies.len() != loaded.cells.len() {
        eprintln!(
            "error: the slices do not cover every cell of {}",
            file.display()
        );
        return Ok(DATA_ERROR);
    }
    let sweep_args = SweepArgs {
        file,
        threads: None,
        format: args.format,
        html: args.html.clone(),
        cache: None,
        shard: None,
        tally_out: None,
    };
    finish(&loaded, results, &sweep_args)
}

fn read(path: &Path) -> Result<TallyFile, String> {
    let text = std::fs::read_to_string(path)
        .map_err(|e| format!("{}: cannot read: {e}", path.display()))?;
    let file: TallyFile = serde_json::from_str(&text).map_err(|e| {
        format!(
            "{}: not a pf1e-sim tally file (corrupted or truncated?): {e}",
            path.display()
        )
    })?;
    if file.magic != MAGIC {
        return Err(format!("{}: not a pf1e-sim tally file", path.display()));
    }
    if file.version != FILE_VERSION {
        return Err(format!(
            "{}: tally file version {} (this pf1e-sim reads version {FILE_VERSION})",
            path.display(),
            file.version
        ));
    }
    if file.slice == 0 || file.slice > file.slices {
        return Err(format!(
            "{}: slice {}/{} is out of range",
            path.display(),
            file.slice,
            file.slices
        ));
    }
    let bad = || {
        format!(
            "{}: the tallies do not match the runs they cover (corrupted?)",
            path.display()
        )
    };
    for (runs, tally, total) in parts(&file) {
        let played: u64 = runs.iter().map(|[a, b]| b.saturating_sub(*a)).sum();
        if runs.iter().any(|[a, b]| a >= b || *b > total) || played != tally.fights {
            return Err(bad());
        }
    }
    match file.kind.as_str() {
        "run" => {
            let (Some(header), Some(tally)) = (&file.header, &file.tally) else {
                return Err(bad());
            };
            if (tally.wins.len(), tally.units.len()) != (header.sides.len(), header.units.len()) {
                return Err(format!(
                    "{}: the tally does not fit the encounter",
                    path.display()
                ));
            }
        }
        "sweep" if file.sweep_file.is_some() => {}
        other => {
            return Err(format!(
                "{}: kind {other:?} cannot be merged by this pf1e-sim",
                path.display()
            ));
        }
    }
    Ok(file)
}

/// A file's (run ranges, tally, runs of the job) per cell, in cell order.
fn parts(file: &TallyFile) -> Vec<(&[[u64; 2]], &RawTally, u64)> {
    match (&file.header, &file.tally) {
        (Some(h), Some(t)) => vec![(&file.runs[..], t, h.runs)],
        _ => file
            .cells
            .iter()
            .map(|c| (&c.runs[..], &c.tally, file.sweep_runs))
            .collect(),
    }
}

/// The cell indices of a file's parts (0 for a run).
fn cell_ids(file: &TallyFile) -> Vec<u64> {
    if file.kind == "run" {
        vec![0]
    } else {
        file.cells.iter().map(|c| c.cell).collect()
    }
}

/// Every check, then the first file (job description) and the summed tally of every cell.
fn check(paths: &[PathBuf]) -> Result<(TallyFile, BTreeMap<u64, Tally>), Vec<String>> {
    let mut files: Vec<(&PathBuf, TallyFile)> = Vec::new();
    let mut errors = Vec::new();
    for path in paths {
        match read(path) {
            Ok(file) => files.push((path, file)),
            Err(e) => errors.push(e),
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let (first_path, first) = &files[0];
    for (path, file) in &files[1..] {
        if file.kind != first.kind || file.job != first.job || file.engine != first.engine {
            errors.push(format!(
                "{} is a slice of another job than {} (different files, options or pf1e-sim version)",
                path.display(),
                first_path.display()
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // One file per (K, N): identical duplicates count once, differing ones are an error.
    let mut slices: BTreeMap<(u64, u64), (&PathBuf, &TallyFile)> = BTreeMap::new();
    for (path, file) in &files {
        match slices.get(&(file.slice, file.slices)) {
            Some((other, kept)) if *kept != file => errors.push(format!(
                "slice {}/{} is given twice with different contents: {} and {}",
                file.slice,
                file.slices,
                other.display(),
                path.display()
            )),
            Some(_) => {}
            None => {
                slices.insert((file.slice, file.slices), (path, file));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Disjoint run ranges.
    let mut ranges: Vec<(u64, u64, u64, &PathBuf, u64, u64)> = Vec::new();
    for (path, f) in slices.values() {
        for (cell, (runs, _, _)) in cell_ids(f).into_iter().zip(parts(f)) {
            for [a, b] in runs {
                ranges.push((cell, *a, *b, *path, f.slice, f.slices));
            }
        }
    }
    ranges.sort_by_key(|r| (r.0, r.1, r.2));
    let ranges: Vec<(u64, u64, &PathBuf, u64, u64, u64)> = ranges
        .into_iter()
        .map(|(c, a, b, p, k, n)| (a, b, p, k, n, c))
        .collect();
    for pair in ranges.windows(2) {
        let (a, b) = (&pair[0], &pair[1]);
        if a.5 == b.5 && b.0 < a.1 {
            errors.push(format!(
                "overlapping slices: runs {}..{} are in both {} (slice {}/{}) and {} (slice {}/{})",
                b.0,
                a.1.min(b.1),
                a.2.display(),
                a.3,
                a.4,
                b.2.display(),
                b.3,
                b.4
            ));
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    // Complete: name the missing slices when every file has the same N, else the runs.
    let runs = match &first.header {
        Some(h) => h.runs,
        None => first.sweep_runs,
    };
    let cells_count = match first.kind.as_str() {
        "run" => 1,
        _ => ranges.iter().map(|r| r.5 + 1).max().unwrap_or(1),
    };
    let covered: u64 = ranges.iter().map(|r| r.1 - r.0).sum();
    let covered_whole = covered == runs.saturating_mul(cells_count);
    if !covered_whole || !per_cell_complete(&ranges, runs) {
        let counts: Vec<u64> = slices.keys().map(|(_, n)| *n).collect();
        if counts.iter().all(|n| *n == counts[0]) {
            let n = counts[0];
            let missing: Vec<String> = (1..=n)
                .filter(|k| !slices.contains_key(&(*k, n)))
                .map(|k| format!("{k}/{n}"))
                .collect();
            errors.push(format!("missing slices: {}", missing.join(", ")));
        } else {
            errors.push(format!(
                "missing runs: the slices cover {covered} runs of {}",
                runs.saturating_mul(cells_count)
            ));
        }
        return Err(errors);
    }
    let mut tallies: BTreeMap<u64, Tally> = BTreeMap::new();
    for (path, f) in slices.values() {
        for (cell, (_, tally, _)) in cell_ids(f).into_iter().zip(parts(f)) {
            let tally = Tally::from(tally);
            match tallies.get_mut(&cell) {
                Some(total) => {
                    if let Err(e) = total.merge(&tally) {
                        errors.push(format!("{}: {e}", path.display()));
                    }
                }
                None => {
                    tallies.insert(cell, tally);
                }
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    Ok((first.clone(), tallies))
}

/// Every cell's ranges (sorted by cell, then start) tile `0..runs` exactly.
fn per_cell_complete(ranges: &[(u64, u64, &PathBuf, u64, u64, u64)], runs: u64) -> bool {
    let mut next: BTreeMap<u64, u64> = BTreeMap::new();
    for r in ranges {
        let at = next.entry(r.5).or_insert(0);
        if r.0 != *at {
            return false;
        }
        *at = r.1;
    }
    next.values().all(|end| *end == runs)
}
