//! `run --shard K/N --tally-out FILE` and `sweep --shard K/N --tally-out FILE`: one slice of a
//! job for a batch engine (Kubernetes Indexed Job, Slurm array, …), README « Batch clusters ».
//! Which shards a slice holds and the file it writes are the sweep crate's (`slice`); this
//! module takes K and N from the command line or the environment, plays the slice on local
//! threads and writes the file atomically. A run slice also carries the job's scenario source
//! and command line, so that `merge` can write the page and replay fights from the slices alone.

use std::num::NonZeroUsize;
use std::path::Path;

use anyhow::Context as _;
use pf1e_sweep::executor::{default_threads, play_all};
use pf1e_sweep::play::play_runs;
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::slice::{
    CellSlice, Played, RunReplay, SliceFile, SliceIndex, cell_slice_ranges, range_pair,
    run_job_hash, slice_ranges,
};
use pf1e_sweep::source_record::SourceRecord;
use pf1e_sweep::sweep_job::SweepJob;

use crate::cli::{RunArgs, ShardSlice, SweepArgs};
use crate::exit_codes::{DATA_ERROR, SUCCESS};
use crate::load::PreparedRun;
use crate::out_file::{check_destination, write_output};
use crate::rpc::{BUILD, ENGINE_VERSION};
use crate::run_outputs::command;

/// Plays slice `slice` of `run`'s job and writes its tally file.
pub fn run_slice(args: &RunArgs, slice: ShardSlice, job: &PreparedRun) -> anyhow::Result<u8> {
    let Some(index) = slice_index(slice) else {
        return Ok(DATA_ERROR);
    };
    let Some(out) = tally_out(args.tally_out.as_deref()) else {
        return Ok(DATA_ERROR);
    };
    let ranges = slice_ranges(&job.plan, index);
    let threads = args.threads.unwrap_or_else(default_threads);
    let tally = play_all(&ranges[..], threads, &job.header.empty_tally(), |runs| {
        play_runs(&job.scenario, args.seed, runs)
    })
    .context("the engine returned a tally of another shape")?;
    let replay = RunReplay {
        command: command(args),
        source: SourceRecord::from(&job.source),
    };
    let hash = run_job_hash(
        BUILD,
        &job.source.content_hash(),
        args.runs,
        args.seed,
        job.plan.shard_runs(),
        &job.header,
        &replay.command,
    );
    let played = Played::Run {
        runs: ranges.iter().map(range_pair).collect(),
        header: job.header.clone(),
        tally,
        replay,
    };
    let file = SliceFile::new(ENGINE_VERSION, &hash, index, job.plan.shard_runs(), played);
    write_file(out, &file)
}

/// Plays slice `slice` of a sweep (global shard g = cell · shards per cell + shard) and writes
/// its tally file.
pub fn sweep_slice(
    args: &SweepArgs,
    slice: ShardSlice,
    job: &SweepJob,
    plan: &ShardPlan,
    threads: NonZeroUsize,
) -> anyhow::Result<u8> {
    let Some(index) = slice_index(slice) else {
        return Ok(DATA_ERROR);
    };
    let Some(out) = tally_out(args.tally_out.as_deref()) else {
        return Ok(DATA_ERROR);
    };
    let mut cells = Vec::new();
    for (number, cell) in job.cells.iter().enumerate() {
        let ranges = cell_slice_ranges(plan, number as u64, index);
        if ranges.is_empty() {
            continue;
        }
        let scenario = &cell.scenario;
        let empty =
            pf1e_engine::tally::Tally::empty(scenario.sides().len(), scenario.units().len());
        let tally = play_all(&ranges[..], threads, &empty, |runs| {
            play_runs(scenario, job.spec.seed, runs)
        })
        .context("the engine returned a tally of another shape")?;
        cells.push(CellSlice {
            cell: number as u64,
            runs: ranges.iter().map(range_pair).collect(),
            tally,
        });
    }
    let hash = job.slices_hash(BUILD, plan.shard_runs());
    let played = Played::Sweep {
        sweep_file: args.file.display().to_string(),
        runs_per_cell: job.spec.runs,
        cells,
    };
    let file = SliceFile::new(ENGINE_VERSION, &hash, index, plan.shard_runs(), played);
    write_file(out, &file)
}

/// The slice `--shard` names, K and N read from this process's environment when `auto`; `None`
/// when it cannot be told (the reason printed).
fn slice_index(slice: ShardSlice) -> Option<SliceIndex> {
    slice_index_from_env(slice, &|name| std::env::var(name).ok())
        .map_err(|e| say!("error: {e}"))
        .ok()
}

/// Where `--shard` writes (clap makes `--tally-out` required with it), checked before any
/// fight is played; `None` when it cannot be written (the reason printed).
fn tally_out(path: Option<&Path>) -> Option<&Path> {
    let Some(path) = path else {
        say!("error: --shard needs --tally-out");
        return None;
    };
    match check_destination(path) {
        Ok(()) => Some(path),
        Err(why) => {
            say!("error: --tally-out {}: {why}", path.display());
            None
        }
    }
}

fn write_file(out: &Path, file: &SliceFile) -> anyhow::Result<u8> {
    write_output(out, file.to_json().as_bytes())
        .with_context(|| format!("cannot write the tally file {}", out.display()))?;
    Ok(SUCCESS)
}

/// K and N of `--shard`, `auto` read from the environment: K from JOB_COMPLETION_INDEX
/// (Kubernetes, 0-based) or SLURM_ARRAY_TASK_ID (minus SLURM_ARRAY_TASK_MIN, default 0),
/// N from `/N` or SLURM_ARRAY_TASK_COUNT.
pub fn slice_index_from_env(
    slice: ShardSlice,
    env: &dyn Fn(&str) -> Option<String>,
) -> Result<SliceIndex, String> {
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
    SliceIndex::new(k, n)
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
    fn auto_reads_kubernetes_then_slurm() {
        let auto = |n| ShardSlice { k: None, n };
        let index = |k, n| Ok(SliceIndex { k, n });
        assert_eq!(
            slice_index_from_env(auto(Some(3)), &env(&[("JOB_COMPLETION_INDEX", "2")])),
            index(3, 3)
        );
        assert_eq!(
            slice_index_from_env(
                auto(None),
                &env(&[
                    ("SLURM_ARRAY_TASK_ID", "4"),
                    ("SLURM_ARRAY_TASK_MIN", "1"),
                    ("SLURM_ARRAY_TASK_COUNT", "5")
                ])
            ),
            index(4, 5)
        );
        assert!(slice_index_from_env(auto(Some(3)), &env(&[])).is_err());
        assert!(
            slice_index_from_env(auto(Some(2)), &env(&[("JOB_COMPLETION_INDEX", "2")])).is_err()
        );
        assert!(slice_index_from_env(auto(None), &env(&[("JOB_COMPLETION_INDEX", "0")])).is_err());
    }
}
