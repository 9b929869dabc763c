//! Joining slice files (README « Batch clusters »): pure checks over parsed [`SliceFile`]s,
//! then the merged tally of each cell. Every file must be of the same job (kind, job hash,
//! engine, and for a run the same source and command line); a slice given twice counts once
//! when both copies are identical and is an error otherwise; the slices' run ranges must be
//! disjoint and cover every run of every cell they touch. Each problem is one [`MergeError`] whose message names the files, slices or runs
//! concerned; every tally is checked for consistency and summed with checked arithmetic.

use std::collections::BTreeMap;

use pf1e_engine::tally::{Tally, TallyError};
use thiserror::Error;

use crate::header::ReportHeader;
use crate::slice::{Played, RunReplay, SliceFile};

/// What the slices add up to.
#[derive(Clone, Debug, PartialEq, Eq)]
// One value per file or per merge, never in bulk: the size of the `Run` variant (a header
// and a tally with its distributions) costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Merged {
    /// A `run` job: its header, merged tally, and what its slices carry for the page and
    /// transcripts (the same in every file).
    Run {
        header: ReportHeader,
        tally: Tally,
        replay: RunReplay,
    },
    /// A sweep: its file and job hash (to check the sweep did not change), and the merged tally
    /// of every cell the slices touch, by cell index.
    Sweep {
        sweep_file: String,
        job: String,
        tallies: BTreeMap<u64, Tally>,
    },
}

/// Why slices cannot be merged.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MergeError {
    #[error("no slice file to merge")]
    NoFile,
    #[error(
        "{file} is a slice of another job than {first} (different files, options or pf1e-sim version)"
    )]
    AnotherJob { file: String, first: String },
    #[error("slice {k}/{n} is given twice with different contents: {first} and {second}")]
    DifferentDuplicate {
        k: u64,
        n: u64,
        first: String,
        second: String,
    },
    #[error(
        "overlapping slices: runs {start}..{end} are in both {a} (slice {a_k}/{a_n}) and {b} (slice {b_k}/{b_n})"
    )]
    Overlap {
        start: u64,
        end: u64,
        a: String,
        a_k: u64,
        a_n: u64,
        b: String,
        b_k: u64,
        b_n: u64,
    },
    #[error("missing slices: {}", missing.join(", "))]
    MissingSlices { missing: Vec<String> },
    #[error("missing runs: the slices cover {covered} runs of {expected}")]
    MissingRuns { covered: u64, expected: u64 },
    #[error("{file}: {error}")]
    BadTally { file: String, error: TallyError },
}

/// The distinct slices by (K, N), each with the name of its file.
type Slices<'a> = BTreeMap<(u64, u64), (&'a str, &'a SliceFile)>;

/// One run range of one file, for the overlap and coverage checks.
struct Covered<'a> {
    cell: u64,
    start: u64,
    end: u64,
    file: &'a str,
    k: u64,
    n: u64,
}

/// Checks `files` (each with the name it goes by in messages; at least one) and merges them.
pub fn merge_slices(files: &[(String, SliceFile)]) -> Result<Merged, Vec<MergeError>> {
    let Some((first_name, first)) = files.first() else {
        return Err(vec![MergeError::NoFile]);
    };
    let foreign: Vec<MergeError> = files[1..]
        .iter()
        .filter(|(_, f)| !f.same_job(first))
        .map(|(name, _)| MergeError::AnotherJob {
            file: name.clone(),
            first: first_name.clone(),
        })
        .collect();
    if !foreign.is_empty() {
        return Err(foreign);
    }
    let slices = distinct_slices(files)?;
    let covered = covered_runs(&slices);
    check_overlaps(&covered)?;
    check_complete(&slices, &covered, first.runs_per_cell())?;
    let tallies = sum_cells(&slices)?;
    Ok(match &first.played {
        Played::Run { header, replay, .. } => Merged::Run {
            header: header.clone(),
            replay: replay.clone(),
            tally: tallies
                .into_values()
                .next()
                .unwrap_or_else(|| header.empty_tally()),
        },
        Played::Sweep { sweep_file, .. } => Merged::Sweep {
            sweep_file: sweep_file.clone(),
            job: first.job.clone(),
            tallies,
        },
    })
}

/// One file per (K, N): identical duplicates count once, differing ones are an error.
fn distinct_slices(files: &[(String, SliceFile)]) -> Result<Slices<'_>, Vec<MergeError>> {
    let mut slices = Slices::new();
    let mut errors = Vec::new();
    for (name, file) in files {
        match slices.get(&(file.slice, file.slices)) {
            Some((other, kept)) if *kept != file => errors.push(MergeError::DifferentDuplicate {
                k: file.slice,
                n: file.slices,
                first: (*other).to_string(),
                second: name.clone(),
            }),
            Some(_) => {}
            None => {
                slices.insert((file.slice, file.slices), (name, file));
            }
        }
    }
    if errors.is_empty() {
        Ok(slices)
    } else {
        Err(errors)
    }
}

/// Every run range of every slice, sorted by cell, then start, then end.
fn covered_runs<'a>(slices: &Slices<'a>) -> Vec<Covered<'a>> {
    let mut covered = Vec::new();
    for (name, file) in slices.values() {
        for part in file.parts() {
            for [start, end] in part.runs {
                covered.push(Covered {
                    cell: part.cell,
                    start: *start,
                    end: *end,
                    file: name,
                    k: file.slice,
                    n: file.slices,
                });
            }
        }
    }
    covered.sort_by_key(|c| (c.cell, c.start, c.end));
    covered
}

fn check_overlaps(covered: &[Covered]) -> Result<(), Vec<MergeError>> {
    let errors: Vec<MergeError> = covered
        .windows(2)
        .filter(|pair| pair[0].cell == pair[1].cell && pair[1].start < pair[0].end)
        .map(|pair| {
            let (a, b) = (&pair[0], &pair[1]);
            MergeError::Overlap {
                start: b.start,
                end: a.end.min(b.end),
                a: a.file.to_string(),
                a_k: a.k,
                a_n: a.n,
                b: b.file.to_string(),
                b_k: b.k,
                b_n: b.n,
            }
        })
        .collect();
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// Every cell touched is covered from run 0 to `runs`; otherwise names the missing slices when
/// every file has the same N, else the number of runs covered.
fn check_complete(slices: &Slices, covered: &[Covered], runs: u64) -> Result<(), Vec<MergeError>> {
    let cells = covered.iter().map(|c| c.cell + 1).max().unwrap_or(1);
    let total: u64 = covered.iter().map(|c| c.end - c.start).sum();
    let expected = runs.saturating_mul(cells);
    if total == expected && tiles(covered, runs) {
        return Ok(());
    }
    let counts: Vec<u64> = slices.keys().map(|(_, n)| *n).collect();
    let error = if counts.iter().all(|n| *n == counts[0]) {
        let n = counts[0];
        MergeError::MissingSlices {
            missing: (1..=n)
                .filter(|k| !slices.contains_key(&(*k, n)))
                .map(|k| format!("{k}/{n}"))
                .collect(),
        }
    } else {
        MergeError::MissingRuns {
            covered: total,
            expected,
        }
    };
    Err(vec![error])
}

/// Every cell's ranges (sorted by cell, then start) tile `0..runs` exactly.
fn tiles(covered: &[Covered], runs: u64) -> bool {
    let mut next: BTreeMap<u64, u64> = BTreeMap::new();
    for c in covered {
        let at = next.entry(c.cell).or_insert(0);
        if c.start != *at {
            return false;
        }
        *at = c.end;
    }
    next.values().all(|end| *end == runs)
}

/// The merged tally of every cell, each part checked for consistency first.
fn sum_cells(slices: &Slices) -> Result<BTreeMap<u64, Tally>, Vec<MergeError>> {
    let mut tallies: BTreeMap<u64, Tally> = BTreeMap::new();
    let mut errors = Vec::new();
    for (name, file) in slices.values() {
        for part in file.parts() {
            let t = part.tally;
            let step = t.check(t.wins.len(), t.units.len()).and_then(|()| {
                match tallies.get_mut(&part.cell) {
                    Some(total) => total.merge(t),
                    None => {
                        tallies.insert(part.cell, t.clone());
                        Ok(())
                    }
                }
            });
            if let Err(error) = step {
                errors.push(MergeError::BadTally {
                    file: (*name).to_string(),
                    error,
                });
            }
        }
    }
    if errors.is_empty() {
        Ok(tallies)
    } else {
        Err(errors)
    }
}

#[cfg(test)]
#[path = "slice_merge_tests.rs"]
mod tests;
