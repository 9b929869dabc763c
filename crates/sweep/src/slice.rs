//! Slices for batch engines (Kubernetes Indexed Jobs, Slurm arrays…, README « Batch
//! clusters »): slice K of N of a job plays the shards k with k mod N = K − 1 of its
//! [`ShardPlan`] (deterministic for any N; slices may be empty), and writes what it played to a
//! [`SliceFile`] that `pf1e-sim merge` joins back into the job's exact report. A sweep's shards
//! are numbered across its cells: global shard g = cell · shards per cell + shard.
//!
//! The file is JSON: a preamble (magic, version, engine, job hash, slice, shard size) and what
//! was played, a tagged enum ([`Played::Run`] or [`Played::Sweep`]) holding only its own fields.
//! Version 5 is this layout (a run slice carries its job's scenario source and command line,
//! [`RunReplay`], so `merge` can write `run`'s page and replay any fight without the job's
//! files); a file of another version is refused with a message saying so.
//! The last field, `checksum`, is a hash of every other field (their compact JSON): a file
//! edited by hand or corrupted is refused naming it. Reading a file checks what one file alone
//! can tell (magic, version, checksum, slice in range, each tally's fights equal to the runs it
//! covers, a run tally fitting its header and its round cap); the checks across files are the
//! `slice_merge` module's.

use std::ops::Range;

use pf1e_engine::tally::Tally;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::hash::{ContentHash, Hasher};
use crate::header::ReportHeader;
use crate::ids::RulesBuild;
use crate::shard::ShardPlan;
use crate::source_record::SourceRecord;

/// What the first field of every slice file says it is.
pub const MAGIC: &str = "pf1e-sim tally slice";
/// Version of the slice file layout; `merge` refuses any other.
pub const FILE_VERSION: u32 = 5;

/// Slice `k` (1-based) of `n`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct SliceIndex {
    pub k: u64,
    pub n: u64,
}

impl SliceIndex {
    /// `k` of `n`, or why not (`1 ≤ k ≤ n`).
    pub fn new(k: u64, n: u64) -> Result<SliceIndex, String> {
        if n == 0 {
            return Err("the slice count N must be at least 1".to_string());
        }
        if k == 0 || k > n {
            return Err(format!("slice {k} is out of 1..={n}"));
        }
        Ok(SliceIndex { k, n })
    }
}

/// The run ranges of `slice` of a run job planned as `plan`, in order.
pub fn slice_ranges(plan: &ShardPlan, slice: SliceIndex) -> Vec<Range<u64>> {
    cell_slice_ranges(plan, 0, slice)
}

/// The run ranges of cell `cell` (its index in the sweep's cell order) that `slice` of a sweep
/// holds, each cell planned as `plan`: the cell's shards s with (cell · plan.len() + s) mod N =
/// K − 1, in order.
pub fn cell_slice_ranges(plan: &ShardPlan, cell: u64, slice: SliceIndex) -> Vec<Range<u64>> {
    let first = cell.saturating_mul(plan.len());
    // The first shard s of this cell with (first + s) mod n = k − 1, then every n-th.
    let offset = (slice.k - 1 + slice.n - first % slice.n) % slice.n;
    (offset..plan.len())
        .step_by(usize::try_from(slice.n).unwrap_or(usize::MAX))
        .filter_map(|s| plan.shard(s))
        .collect()
}

/// The job hash of a sliced `run`: the scenario source, runs, seed and shard size, the report
/// header the slices carry (map name, sides, unit ids, round cap), the command line of the
/// page and the rules build. Slices of one job carry the same hash; `merge` refuses a mix.
pub fn run_job_hash(
    build: RulesBuild,
    source: &ContentHash,
    runs: u64,
    seed: u64,
    shard_runs: u64,
    header: &ReportHeader,
    command: &str,
) -> ContentHash {
    let mut h = Hasher::new("pf1e-run-slices-v4");
    build.hash_into(&mut h);
    h.hash(source).u64(runs).u64(seed).u64(shard_runs);
    h.text(&serde_json::to_string(header).expect("strings and integers always serialize"));
    h.text(command);
    h.finish()
}

/// The job hash of a sliced sweep: the sweep file's text, the shard size, every cell's scenario
/// source in cell order, and the rules build.
pub fn sweep_job_hash<'a>(
    build: RulesBuild,
    sweep_text: &str,
    shard_runs: u64,
    cells: impl ExactSizeIterator<Item = &'a ContentHash>,
) -> ContentHash {
    let mut h = Hasher::new("pf1e-sweep-slices-v2");
    build.hash_into(&mut h);
    h.text(sweep_text).u64(shard_runs).count(cells.len());
    for cell in cells {
        h.hash(cell);
    }
    h.finish()
}

/// One slice's file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SliceFile {
    pub magic: String,
    pub version: u32,
    /// The engine version that played the slice.
    pub engine: String,
    /// The job hash ([`run_job_hash`] or [`sweep_job_hash`]).
    pub job: String,
    /// This slice, 1-based, of `slices`.
    pub slice: u64,
    pub slices: u64,
    /// Runs per shard of the job's plan.
    pub shard_runs: u64,
    pub played: Played,
    /// Hash of every other field ([`SliceFile::seal`]); checked on reading.
    pub checksum: String,
}

/// What a slice played.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "lowercase", deny_unknown_fields)]
// One value per file or per merge, never in bulk: the size of the `Run` variant (a header
// and a tally with its distributions) costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
pub enum Played {
    /// Part of a `run` job.
    Run {
        /// The run ranges played, in order.
        runs: Vec<[u64; 2]>,
        /// What the report says besides the tally.
        header: ReportHeader,
        tally: Tally,
        /// What `run`'s page and transcripts need besides the tally.
        replay: RunReplay,
    },
    /// Part of a sweep.
    Sweep {
        /// The sweep file as given to `sweep` (`merge` rereads it and checks the job hash).
        sweep_file: String,
        runs_per_cell: u64,
        /// Per cell touched, in cell order: the run ranges played and their tally.
        cells: Vec<CellSlice>,
    },
}

/// What a run slice carries so that `merge` can write `run`'s page and replay any fight of the
/// job from the slices alone (no file of the job is read again, so `merge` may run anywhere):
/// the job's scenario source, the very text its fights were compiled from, and the command
/// line the page shows. Both are in the job hash, which [`SliceFile::replay_is_the_job`]
/// checks before they are used.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct RunReplay {
    /// The `pf1e-sim run …` line that plays the job again.
    pub command: String,
    pub source: SourceRecord,
}

/// A sweep cell's part of a slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSlice {
    /// Index of the cell in the sweep's cell order.
    pub cell: u64,
    pub runs: Vec<[u64; 2]>,
    pub tally: Tally,
}

/// A run range as the file writes it.
pub fn range_pair(r: &Range<u64>) -> [u64; 2] {
    [r.start, r.end]
}

/// One part of a slice: a cell (0 for a run), its run ranges, their tally, the runs of the
/// cell.
pub struct Part<'a> {
    pub cell: u64,
    pub runs: &'a [[u64; 2]],
    pub tally: &'a Tally,
    pub total_runs: u64,
}

/// The fields every version of the file starts with.
#[derive(Deserialize)]
struct Preamble {
    magic: String,
    version: u32,
}

/// Why one slice file cannot be used (messages name the file).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SliceError {
    #[error("{file}: not a pf1e-sim tally file (corrupted or truncated?): {reason}")]
    Unparsable { file: String, reason: String },
    #[error("{file}: not a pf1e-sim tally file")]
    NotASlice { file: String },
    #[error(
        "{file}: tally file version {found} (this pf1e-sim reads version {FILE_VERSION}): play the slice again with this pf1e-sim"
    )]
    Version { file: String, found: u32 },
    #[error("{file}: slice {k}/{n} is out of range")]
    OutOfRange { file: String, k: u64, n: u64 },
    #[error("{file}: the tallies do not match the runs they cover (corrupted?)")]
    Corrupted { file: String },
    #[error("{file}: the tally does not fit the encounter")]
    DoesNotFit { file: String },
    #[error("{file}: the checksum does not match the contents (edited by hand or corrupted)")]
    Checksum { file: String },
}

impl SliceFile {
    /// The file of `slice` of job `job`.
    pub fn new(
        engine: &str,
        job: &ContentHash,
        slice: SliceIndex,
        shard_runs: u64,
        played: Played,
    ) -> SliceFile {
        let mut file = SliceFile {
            magic: MAGIC.to_string(),
            version: FILE_VERSION,
            engine: engine.to_string(),
            job: job.to_string(),
            slice: slice.k,
            slices: slice.n,
            shard_runs,
            played,
            checksum: String::new(),
        };
        file.checksum = file.seal();
        file
    }

    /// The checksum of every field but `checksum`: the hash of their compact JSON.
    pub fn seal(&self) -> String {
        let unsealed = SliceFile {
            checksum: String::new(),
            ..self.clone()
        };
        let json = serde_json::to_string(&unsealed)
            .expect("strings, integers and tallies always serialize");
        let mut h = Hasher::new("pf1e-slice-file-v3");
        h.text(&json);
        h.finish().to_string()
    }

    /// Pretty-printed JSON, newline-terminated, with the checksum of its current contents.
    pub fn to_json(&self) -> String {
        let sealed = SliceFile {
            checksum: self.seal(),
            ..self.clone()
        };
        let mut json = serde_json::to_string_pretty(&sealed)
            .expect("strings, integers and tallies always serialize");
        json.push('\n');
        json
    }

    /// Reads the file `file` (its name in messages) from `text` and checks what it alone can
    /// tell.
    pub fn parse(file: &str, text: &str) -> Result<SliceFile, SliceError> {
        let unparsable = |e: serde_json::Error| SliceError::Unparsable {
            file: file.to_string(),
            reason: e.to_string(),
        };
        let preamble: Preamble = serde_json::from_str(text).map_err(unparsable)?;
        if preamble.magic != MAGIC {
            return Err(SliceError::NotASlice {
                file: file.to_string(),
            });
        }
        if preamble.version != FILE_VERSION {
            return Err(SliceError::Version {
                file: file.to_string(),
                found: preamble.version,
            });
        }
        let parsed: SliceFile = serde_json::from_str(text).map_err(unparsable)?;
        if parsed.checksum != parsed.seal() {
            return Err(SliceError::Checksum {
                file: file.to_string(),
            });
        }
        parsed.check(file)?;
        Ok(parsed)
    }

    fn check(&self, file: &str) -> Result<(), SliceError> {
        if self.slice == 0 || self.slice > self.slices {
            return Err(SliceError::OutOfRange {
                file: file.to_string(),
                k: self.slice,
                n: self.slices,
            });
        }
        for part in self.parts() {
            let played = part
                .runs
                .iter()
                .try_fold(0u64, |n, [a, b]| n.checked_add(b.saturating_sub(*a)));
            let bad_range = part
                .runs
                .iter()
                .any(|[a, b]| a >= b || *b > part.total_runs);
            if bad_range || played != Some(part.tally.fights) {
                return Err(SliceError::Corrupted {
                    file: file.to_string(),
                });
            }
        }
        if let Played::Run { header, tally, .. } = &self.played {
            if header.check(tally).is_err() || tally.check_rounds(header.round_cap).is_err() {
                return Err(SliceError::DoesNotFit {
                    file: file.to_string(),
                });
            }
        }
        Ok(())
    }

    /// The parts of the file, in cell order.
    pub fn parts(&self) -> Vec<Part<'_>> {
        match &self.played {
            Played::Run {
                runs,
                header,
                tally,
                ..
            } => vec![Part {
                cell: 0,
                runs,
                tally,
                total_runs: header.runs,
            }],
            Played::Sweep {
                runs_per_cell,
                cells,
                ..
            } => cells
                .iter()
                .map(|c| Part {
                    cell: c.cell,
                    runs: &c.runs,
                    tally: &c.tally,
                    total_runs: *runs_per_cell,
                })
                .collect(),
        }
    }

    /// The runs of one cell of the job (the job's runs for a run).
    pub fn runs_per_cell(&self) -> u64 {
        match &self.played {
            Played::Run { header, .. } => header.runs,
            Played::Sweep { runs_per_cell, .. } => *runs_per_cell,
        }
    }

    /// Whether `other` is a slice of the same job (kind, job hash and engine, and for a run
    /// the same source and command line).
    pub fn same_job(&self, other: &SliceFile) -> bool {
        let kind = |f: &SliceFile| matches!(f.played, Played::Run { .. });
        kind(self) == kind(other)
            && self.job == other.job
            && self.engine == other.engine
            && self.replay() == other.replay()
    }

    /// What a run slice carries for the page and transcripts; `None` for a sweep slice.
    pub fn replay(&self) -> Option<&RunReplay> {
        match &self.played {
            Played::Run { replay, .. } => Some(replay),
            Played::Sweep { .. } => None,
        }
    }

    /// For a run slice, whether the source and command line it carries are those of its job
    /// hash as `build` computes it: false for a sweep slice, for a source whose tactic is
    /// unknown, and for slices played by another rules build (whose fights this build would
    /// not replay the same).
    pub fn replay_is_the_job(&self, build: RulesBuild) -> bool {
        let Played::Run { header, replay, .. } = &self.played else {
            return false;
        };
        let Ok(source) = replay.source.to_source() else {
            return false;
        };
        let hash = run_job_hash(
            build,
            &source.content_hash(),
            header.runs,
            header.seed,
            self.shard_runs,
            header,
            &replay.command,
        );
        hash.to_string() == self.job
    }
}

#[cfg(test)]
#[path = "slice_tests.rs"]
mod tests;
