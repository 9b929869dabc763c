//! `pf1e-sim coordinator … sweep FILE …`: plays a sweep on remote workers and prints exactly
//! what `pf1e-sim sweep FILE` prints. Each cell is one job (its own wire scenario: the texts,
//! each side's tactic and start squares); its shards are seed ranges, so the sweep's shards
//! are cells × seed ranges. The cells go through the scheduler one after another, each cell's
//! tallies are merged, and the matrix is rendered by `sweep`'s own function.

use std::ops::Range;
use std::sync::Arc;

use anyhow::bail;
use pf1e_engine::tally::Tally;
use pf1e_sweep::header::ReportHeader;
use pf1e_sweep::shard::ShardPlan;

use super::discovery::workers_or_report;
use super::launcher::WireJob;
use super::progress::Progress;
use super::{CoordinatorOptions, JobSink, distribute, settle};
use crate::cli::SweepArgs;
use crate::cmd::sweep::{SHARD_RUNS, finish, load_or_report, wire_cell};
use crate::exit_codes::DATA_ERROR;
use crate::rpc::ShardId;
use crate::rpc::auth::Token;
use crate::rpc::convert::{compile_scenario, job_id, scenario_hash};

/// Runs the sweep; returns the exit code.
pub fn run(options: &CoordinatorOptions, args: &SweepArgs) -> anyhow::Result<u8> {
    if options.journal.is_some() {
        eprintln!("error: --journal is not supported for sweeps (use sweep's --cache locally)");
        return Ok(DATA_ERROR);
    }
    if args.cache.is_some() {
        eprintln!("error: --cache is not supported through the coordinator (use `pf1e-sim sweep`)");
        return Ok(DATA_ERROR);
    }
    let loaded = match load_or_report(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let spec = &loaded.spec;
    let plan = ShardPlan::new(spec.runs, options.shard_runs.unwrap_or(SHARD_RUNS))?;
    let urls = match workers_or_report(options) {
        Ok(urls) => urls,
        Err(code) => return Ok(code),
    };
    let token = options
        .token_file
        .as_deref()
        .map(Token::from_file)
        .transpose()?;
    let all_runs = spec.runs.saturating_mul(loaded.cells.len() as u64);
    let mut sink = JobSink {
        total: Tally::empty(0, 0),
        journal: None,
        progress: Progress::new(all_runs, 0, options.quiet),
    };
    let shards: Vec<(ShardId, Range<u64>)> = plan
        .shards()
        .enumerate()
        .map(|(k, runs)| (ShardId(k as u64), runs))
        .collect();
    let mut results = Vec::with_capacity(loaded.cells.len());
    for (cell, scenario) in &loaded.cells {
        let header = ReportHeader::for_scenario(scenario, spec.runs, spec.seed);
        let wire = wire_cell(&loaded, cell)?;
        match compile_scenario(&wire) {
            Ok(compiled)
                if ReportHeader::for_scenario(&compiled, spec.runs, spec.seed) == header
                    && compiled.tactics() == scenario.tactics()
                    && compiled
                        .units()
                        .iter()
                        .map(|u| u.anchor)
                        .eq(scenario.units().iter().map(|u| u.anchor)) => {}
            _ => bail!("the input files changed while they were being read; run again"),
        }
        sink.total = header.empty_tally();
        let job = Arc::new(WireJob {
            job_id: job_id(&scenario_hash(&wire), spec.seed, spec.runs),
            scenario: wire,
            seed: spec.seed,
            sides: header.sides.len(),
            units: header.units.len(),
        });
        let outcome = distribute(
            options,
            token.as_ref(),
            &urls,
            job,
            &plan,
            shards.clone(),
            &mut sink,
        )?;
        if let Some(code) = settle(
            options,
            outcome,
            plan.len(),
            scenario,
            spec.seed,
            args.threads,
            &mut sink,
        )? {
            return Ok(code);
        }
        if sink.total.fights != spec.runs {
            bail!(
                "internal error: merged {} fights for {} runs",
                sink.total.fights,
                spec.runs
            );
        }
        results.push((
            cell.clone(),
            std::mem::replace(&mut sink.total, Tally::empty(0, 0)),
        ));
    }
    sink.progress.finish();
    finish(&loaded, results, args)
}
