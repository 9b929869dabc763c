//! `run --shard K/N --tally-out FILE`: one slice of a job for a batch engine (Kubernetes
//! Indexed Job, Slurm array, …), README « Batch clusters ». The job's shards are its
//! [`ShardPlan`]; slice K of N holds the shards k with k mod N = K − 1 (deterministic, any N,
//! slices may be empty). The slice's tally goes to a JSON file ([`TallyFile`], written
//! atomically) that `pf1e-sim merge` joins back into `run`'s exact report.

use std::ops::Range;
use std::path::Path;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

use anyhow::Context as _;
use pf1e_engine::play::run_range;
use pf1e_engine::rng::Seed;
use pf1e_engine::scenario::Scenario;
use pf1e_sweep::executor::default_threads;
use pf1e_sweep::json::RawTally;
use pf1e_sweep::report::ReportHeader;
use pf1e_sweep::shard::ShardPlan;
use serde::{Deserialize, Serialize};

use super::sweep::write_atomic;
use super::sweep_cache::KeyBuilder;
use crate::cli::{RunArgs, ShardSlice, SweepArgs};
use crate::exit_codes::{DATA_ERROR, SUCCESS};
use crate::load::read_text;

/// What the first line of every tally file says it is.
pub const MAGIC: &str = "pf1e-sim tally slice";
/// Version of the tally file layout; `merge` refuses any other.
pub const FILE_VERSION: u32 = 1;

/// One slice's tally file.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct TallyFile {
    pub magic: String,
    pub version: u32,
    /// The engine version that played the slice.
    pub engine: String,
    /// SHA-256 of everything that determines the report (file texts, sides, runs, seed,
    /// round cap, options, shard size, rules and engine version).
    pub job: String,
    /// `run` (sweeps are not sliced yet).
    pub kind: String,
    /// This slice, 1-based, of `slices`.
    pub slice: u64,
    pub slices: u64,
    /// Runs per shard of the job's plan.
    pub shard_runs: u64,
    /// `run`: the run ranges this slice played, in order.
    #[serde(default)]
    pub runs: Vec<[u64; 2]>,
    /// `run`: what the report says besides the tally.
    #[serde(default)]
    pub header: Option<ReportHeader>,
    /// `run`: the slice's tally.
    #[serde(default)]
    pub tally: Option<RawTally>,
    /// `sweep`: the sweep file as given to `sweep` (merge rereads it and checks the hash).
    #[serde(default)]
    pub sweep_file: Option<String>,
    /// `sweep`: runs per cell.
    #[serde(default)]
    pub sweep_runs: u64,
    /// `sweep`: per cell touched, the run ranges played and their tally.
    #[serde(default)]
    pub cells: Vec<CellSlice>,
}

/// A sweep cell's part of a slice.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CellSlice {
    /// Index of the cell in the sweep's cell order.
    pub cell: u64,
    pub runs: Vec<[u64; 2]>,
    pub tally: RawTally,
}

/// The content hash of a `sweep` job: the sweep file's text and every cell's content key.
pub fn sweep_job_hash(file: &Path, loaded: &super::sweep::Loaded) -> anyhow::Result<String> {
    let mut key = KeyBuilder::new();
    key.field(b"batch sweep");
    key.field(
        read_text(file)
            .map_err(|e| anyhow::anyhow!("{e}"))?
            .as_bytes(),
    );
    key.field(&super::sweep::SHARD_RUNS.to_le_bytes());
    for (cell, _) in &loaded.cells {
        key.field(super::sweep::cell_key(loaded, cell).as_bytes());
    }
    Ok(key.finish())
}

/// Plays slice `slice` of a sweep (global shard g = cell · plan.len() + shard) and writes its
/// tally file.
pub fn sweep_slice(
    args: &SweepArgs,
    slice: ShardSlice,
    loaded: &super::sweep::Loaded,
    plan: &ShardPlan,
    threads: std::num::NonZeroUsize,
) -> anyhow::Result<u8> {
    let (k, n) = match resolve(slice, &|name| std::env::var(name).ok()) {
        Ok(kn) => kn,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(DATA_ERROR);
        }
    };
    let out = args
        .tally_out
        .as_deref()
        .context("--shard needs --tally-out")?;
    let per_cell = plan.len();
    let mut cells = Vec::new();
    for (index, (_, scenario)) in loaded.cells.iter().enumerate() {
        let first = index as u64 * per_cell;
        // Shards s of this cell with (first + s) mod n = k − 1.
        let offset = (k - 1 + n - first % n) % n;
        let ranges: Vec<Range<u64>> = (offset..per_cell)
            .step_by(usize::try_from(n).unwrap_or(usize::MAX))
            .filter_map(|s| plan.shard(s))
            .collect();
        if ranges.is_empty() {
            continue;
        }
        let empty =
            pf1e_engine::tally::Tally::empty(scenario.sides().len(), scenario.units().len());
        let tally = play(&ranges, threads.get(), &empty, |runs| {
            run_range(scenario, Seed(loaded.spec.seed), runs)
        })?;
        cells.push(CellSlice {
            cell: index as u64,
            runs: ranges.iter().map(|r| [r.start, r.end]).collect(),
            tally: RawTally::from(&tally),
        });
    }
    let file = TallyFile {
        magic: MAGIC.to_string(),
        version: FILE_VERSION,
        engine: crate::rpc::ENGINE_VERSION.to_string(),
        job: sweep_job_hash(&args.file, loaded)?,
        kind: "sweep".to_string(),
        slice: k,
        slices: n,
        shard_runs: plan.shard_runs(),
        runs: Vec::new(),
        header: None,
        tally: None,
        sweep_file: Some(args.file.display().to_string()),
        sweep_runs: loaded.spec.runs,
        cells,
    };
    write_file(out, &file)
}

fn write_file(out: &Path, file: &TallyFile) -> anyhow::Result<u8> {
    let mut json = serde_json::to_string_pretty(file).context("cannot encode the tally file")?;
    json.push('\n');
    write_atomic(out, json.as_bytes())
        .with_context(|| format!("cannot write the tally file {}", out.display()))?;
    Ok(SUCCESS)
}

/// Plays `ranges` on `threads` threads and merges their tallies.
fn play(
    ranges: &[Range<u64>],
    threads: usize,
    empty: &pf1e_engine::tally::Tally,
    run: impl Fn(Range<u64>) -> pf1e_engine::tally::Tally + Sync,
) -> anyhow::Result<pf1e_engine::tally::Tally> {
    let next = AtomicU64::new(0);
    let total = Mutex::new(empty.clone());
    let mismatch = Mutex::new(None);
    std::thread::scope(|scope| {
        for _ in 0..threads.clamp(1, ranges.len().max(1)) {
            scope.spawn(|| {
                loop {
                    let i = next.fetch_add(1, Ordering::Relaxed);
                    let Some(runs) = usize::try_from(i).ok().and_then(|i| ranges.get(i)) else {
                        break;
                    };
                    let tally = run(runs.clone());
                    let mut total = total.lock().expect("no panic while merging");
                    if let Err(e) = total.merge(&tally) {
                        *mismatch.lock().expect("no panic") = Some(e);
                    }
                }
            });
        }
    });
    if let Some(e) = mismatch.into_inner().expect("no panic") {
        return Err(e).context("the engine returned a tally of another shape");
    }
    Ok(total.into_inner().expect("no panic"))
}

/// K and N of `--shard`, `auto` read from the environment: K from JOB_COMPLETION_INDEX
/// (Kubernetes, 0-based) or SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN, default 0),
/// N from `/N` or SLURM_ARRAY_TASK_COUNT.
pub fn resolve(
    slice: ShardSlice,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<(u64, u64), String> {
    let number = |name: &str| -> Result<Option<u64>, String> {
        match env(name) {
            None => Ok(None),
            Some(v) => v
                .trim()
                .parse::<u64>()
                .map(Some)
                .map_err(|_| format!("{name}={v} is not a whole number")),
        }
    };
    let n = match slice.n {
        Some(n) => n,
        None => number("SLURM_ARRAY_TASK_COUNT")?
            .ok_or("--shard auto needs N: give --shard auto/N or set SLURM_ARRAY_TASK_COUNT")?,
    };
    if n == 0 {
        return Err("the slice count N must be at least 1".to_string());
    }
    let k = match slice.k {
        Some(k) => k,
        None => {
            if let Some(index) = number("JOB_COMPLETION_INDEX")? {
                index + 1
            } else if let Some(id) = number("SLURM_ARRAY_TASK_ID")? {
                let min = number("SLURM_ARRAY_TASK_MIN")?.unwrap_or(0);
                id.checked_sub(min).ok_or(format!(
                    "SLURM_ARRAY_TASK_ID {id} is below SLURM_ARRAY_TASK_MIN {min}"
                ))? + 1
            } else {
                return Err(
                    "--shard auto needs JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID in the environment"
                        .to_string(),
                );
            }
        }
    };
    if k == 0 || k > n {
        return Err(format!("slice {k} is out of 1..={n}"));
    }
    Ok((k, n))
}

/// The run ranges of slice `k` (1-based) of `n` of `plan`.
pub fn slice_ranges(plan: &ShardPlan, k: u64, n: u64) -> Vec<Range<u64>> {
    (k - 1..plan.len())
        .step_by(usize::try_from(n).unwrap_or(usize::MAX))
        .filter_map(|i| plan.shard(i))
        .collect()
}

/// The content hash of a `run` job.
pub fn run_job_hash(args: &RunArgs) -> anyhow::Result<String> {
    let mut key = KeyBuilder::new();
    key.field(b"batch run");
    let text = |path: &Path| read_text(path).map_err(|e| anyhow::anyhow!("{e}"));
    key.field(args.map.display().to_string().as_bytes());
    key.field(text(&args.map)?.as_bytes());
    key.field(&(args.sides.sides.len() as u64).to_le_bytes());
    for side in &args.sides.sides {
        key.field(side.name.as_bytes());
        key.field(&(side.files.len() as u64).to_le_bytes());
        for path in &side.files {
            key.field(path.display().to_string().as_bytes());
            key.field(text(path)?.as_bytes());
        }
    }
    key.field(&args.runs.to_le_bytes())
        .field(&args.seed.to_le_bytes())
        .field(&args.round_cap.to_le_bytes())
        .field(&[u8::from(args.simple_monster_death)])
        .field(&args.shard_runs.to_le_bytes());
    Ok(key.finish())
}

/// Plays slice `slice` of the job and writes its tally file.
pub fn run_slice(
    args: &RunArgs,
    slice: ShardSlice,
    scenario: &Scenario,
    plan: &ShardPlan,
    header: ReportHeader,
) -> anyhow::Result<u8> {
    let (k, n) = match resolve(slice, &|name| std::env::var(name).ok()) {
        Ok(kn) => kn,
        Err(e) => {
            eprintln!("error: {e}");
            return Ok(DATA_ERROR);
        }
    };
    let out = args
        .tally_out
        .as_deref()
        .context("--shard needs --tally-out")?;
    let ranges = slice_ranges(plan, k, n);
    let threads = args.threads.unwrap_or_else(default_threads).get();
    let tally = play(&ranges, threads, &header.empty_tally(), |runs| {
        run_range(scenario, Seed(args.seed), runs)
    })?;
    let file = TallyFile {
        magic: MAGIC.to_string(),
        version: FILE_VERSION,
        engine: crate::rpc::ENGINE_VERSION.to_string(),
        job: run_job_hash(args)?,
        kind: "run".to_string(),
        slice: k,
        slices: n,
        shard_runs: plan.shard_runs(),
        runs: ranges.iter().map(|r| [r.start, r.end]).collect(),
        header: Some(header),
        tally: Some(RawTally::from(&tally)),
        sweep_file: None,
        sweep_runs: 0,
        cells: Vec::new(),
    };
    write_file(out, &file)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn env<'a>(vars: &'a [(&'a str, &'a str)]) -> impl Fn(&str) -> Option<String> + 'a {
        move |name| {
            vars.iter()
                .find(|(k, _)| *k == name)
                .map(|(_, v)| (*v).to_string())
        }
    }

    #[test]
    fn slices_interleave_shards_and_cover_them_once() {
        let plan = ShardPlan::new(10, 2).unwrap();
        assert_eq!(slice_ranges(&plan, 1, 2), [0..2, 4..6, 8..10]);
        assert_eq!(slice_ranges(&plan, 2, 2), [2..4, 6..8]);
        assert_eq!(slice_ranges(&plan, 7, 7), Vec::<Range<u64>>::new());
    }

    #[test]
    fn auto_reads_kubernetes_then_slurm() {
        let auto = |n| ShardSlice { k: None, n };
        assert_eq!(
            resolve(auto(Some(3)), &env(&[("JOB_COMPLETION_INDEX", "2")])),
            Ok((3, 3))
        );
        assert_eq!(
            resolve(
                auto(None),
                &env(&[
                    ("SLURM_ARRAY_TASK_ID", "4"),
                    ("SLURM_ARRAY_TASK_MIN", "1"),
                    ("SLURM_ARRAY_TASK_COUNT", "5")
                ])
            ),
            Ok((4, 5))
        );
        assert!(resolve(auto(Some(3)), &env(&[])).is_err());
        assert!(resolve(auto(Some(2)), &env(&[("JOB_COMPLETION_INDEX", "2")])).is_err());
        assert!(resolve(auto(None), &env(&[("JOB_COMPLETION_INDEX", "0")])).is_err());
    }
}
