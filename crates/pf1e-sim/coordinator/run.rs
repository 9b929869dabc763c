//! `coordinator … run …`: a `run` job on workers. The files are read and compiled once
//! (`load::prepare_run`, the same errors and exit code as `run`); that very source travels to
//! the workers. Shards already in the `--journal` are merged first and only the missing ones
//! are played; the page, the replayed fight (played here, from the same scenario) and the
//! report are `run`'s (`run_outputs`).

use std::ops::Range;
use std::sync::Arc;

use anyhow::{Context as _, bail};
use pf1e_sweep::ids::{JobId, ShardId};

use super::distribute::{Fallback, JobCollector, Workers, all_shards, distribute, settle};
use super::journal::Journal;
use super::launcher::WireJob;
use super::options::CoordinatorOptions;
use super::progress::Progress;
use crate::cli::RunArgs;
use crate::exit_codes::DATA_ERROR;
use crate::load::prepare_run;
use crate::rpc::convert::source_to_pb;
use crate::run_outputs::{RunJob, RunOutputs, command};

/// Plays the job; returns the exit code.
pub fn play_run(options: &CoordinatorOptions, args: &RunArgs) -> anyhow::Result<u8> {
    let shard_runs = options.shard_runs.unwrap_or(args.shard_runs);
    let job = match prepare_run(args, shard_runs, args.target_band) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    let outputs = RunOutputs::of(args);
    if let Err(code) = outputs.check(args.runs) {
        return Ok(code);
    }
    let job_id = JobId::new(&job.source.content_hash(), args.seed, args.runs);
    let workers = match Workers::from_options(options)? {
        Ok(workers) => workers,
        Err(code) => return Ok(code),
    };
    let (sides, units) = (job.header.sides.len(), job.header.units.len());

    let mut journal = None;
    let mut recorded = Vec::new();
    if let Some(path) = &options.journal {
        match Journal::open(path, &job_id, &job.plan, args.seed, sides, units) {
            Ok((j, r)) => {
                if r.torn {
                    tracing::warn!("{}: cut a torn last line", path.display());
                }
                journal = Some(j);
                recorded = r.shards;
            }
            Err(e) => {
                say!("error: {e:#}");
                return Ok(DATA_ERROR);
            }
        }
    }
    let mut collector = JobCollector::new(
        args.target_band,
        job.plan.len(),
        job.header.empty_tally(),
        Progress::new(args.runs, 0, options.quiet),
    );
    collector.journal = journal;
    let mut done = vec![false; usize::try_from(job.plan.len()).context("too many shards")?];
    for (shard, tally) in &recorded {
        collector.recorded(*shard, tally)?;
        done[shard.0 as usize] = true;
    }
    let missing: Vec<(ShardId, Range<u64>)> = all_shards(&job.plan)
        .into_iter()
        .filter(|(shard, _)| !done[shard.0 as usize])
        .collect();
    if !recorded.is_empty() {
        say!(
            "pf1e-sim coordinator: resumed from the journal: {} of {} shards already done, {} to play",
            recorded.len(),
            job.plan.len(),
            missing.len()
        );
    }
    if !missing.is_empty() && !collector.order.finished() {
        let wire = Arc::new(WireJob {
            job_id,
            scenario: source_to_pb(&job.source),
            seed: args.seed,
            sides,
            units,
        });
        let outcome = distribute(&workers, wire, &job.plan, missing, &mut collector)?;
        let fallback = Fallback {
            scenario: &job.scenario,
            seed: args.seed,
            threads: args.threads,
        };
        if let Some(code) = settle(options, outcome, job.plan.len(), fallback, &mut collector)? {
            return Ok(code);
        }
    }
    collector.progress.finish();
    let total = collector.order.total();
    if !collector.order.finished() || (args.target_band.is_none() && total.fights != args.runs) {
        bail!(
            "internal error: merged {} fights for {} runs",
            total.fights,
            args.runs
        );
    }
    let command = command(args);
    let run_job = RunJob {
        scenario: &job.scenario,
        header: &job.header,
        command: &command,
    };
    outputs.finish(run_job, total)
}
