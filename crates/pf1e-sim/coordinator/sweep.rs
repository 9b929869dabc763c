//! `coordinator … sweep FILE …`: a sweep on workers, printing exactly what `pf1e-sim sweep
//! FILE` prints. The sweep is read once (`load::load_sweep`); each cell is one job whose wire
//! scenario is the cell's very source (its texts, each side's tactic and start squares); its
//! shards are seed ranges, so the sweep's shards are cells × seed ranges. The cells go through
//! the scheduler one after another, each cell's tallies are merged, and the matrix is printed
//! by the same function as `sweep`'s.

use std::sync::Arc;

use anyhow::bail;
use pf1e_engine::tally::Tally;
use pf1e_sweep::ids::JobId;
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::sweep_job::SHARD_RUNS;
use pf1e_sweep::target_band::{BAND_STEP, SeedOrder};

use super::distribute::{Fallback, JobCollector, Workers, all_shards, distribute, settle};
use super::launcher::WireJob;
use super::options::CoordinatorOptions;
use super::progress::Progress;
use crate::cli::SweepArgs;
use crate::exit_codes::DATA_ERROR;
use crate::load::load_sweep;
use crate::output::print_sweep;
use crate::rpc::convert::source_to_pb;

/// Plays the sweep; returns the exit code.
pub fn play_sweep(options: &CoordinatorOptions, args: &SweepArgs) -> anyhow::Result<u8> {
    if options.journal.is_some() {
        say!("error: --journal is not supported for sweeps (use sweep's --cache locally)");
        return Ok(DATA_ERROR);
    }
    if args.cache.is_some() {
        say!("error: --cache is not supported through the coordinator (use `pf1e-sim sweep`)");
        return Ok(DATA_ERROR);
    }
    let job = match load_sweep(&args.file) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    let spec = &job.spec;
    let shard_runs = match args.target_band {
        Some(_) => BAND_STEP,
        None => options.shard_runs.unwrap_or(SHARD_RUNS),
    };
    let plan = ShardPlan::new(spec.runs, shard_runs)?;
    let workers = match Workers::from_options(options)? {
        Ok(workers) => workers,
        Err(code) => return Ok(code),
    };
    let all_runs = spec.runs.saturating_mul(job.cells.len() as u64);
    let mut collector = JobCollector::new(
        None,
        0,
        Tally::empty(0, 0),
        Progress::new(all_runs, 0, options.quiet),
    );
    let mut tallies = Vec::with_capacity(job.cells.len());
    for cell in &job.cells {
        let scenario = &cell.scenario;
        let (sides, units) = (scenario.sides().len(), scenario.units().len());
        collector.order = SeedOrder::new(args.target_band, plan.len(), Tally::empty(sides, units));
        let wire = Arc::new(WireJob {
            job_id: JobId::new(&cell.source.content_hash(), spec.seed, spec.runs),
            scenario: source_to_pb(&cell.source),
            seed: spec.seed,
            sides,
            units,
        });
        let outcome = distribute(&workers, wire, &plan, all_shards(&plan), &mut collector)?;
        let fallback = Fallback {
            scenario,
            seed: spec.seed,
            threads: args.threads,
        };
        if let Some(code) = settle(options, outcome, plan.len(), fallback, &mut collector)? {
            return Ok(code);
        }
        let order = std::mem::replace(
            &mut collector.order,
            SeedOrder::new(None, 0, Tally::empty(0, 0)),
        );
        let fights = order.total().fights;
        if !order.finished() || (args.target_band.is_none() && fights != spec.runs) {
            bail!(
                "internal error: merged {fights} fights for {} runs",
                spec.runs
            );
        }
        tallies.push(order.into_total());
    }
    collector.progress.finish();
    print_sweep(
        &job,
        tallies,
        args.format.into(),
        args.html.as_deref(),
        args.target_band,
    )
}
