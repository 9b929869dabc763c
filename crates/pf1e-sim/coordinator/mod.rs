//! `pf1e-sim coordinator … run …`: plays a `run` job (and `… sweep …`, see [`sweep`]) on remote workers and prints exactly what
//! `pf1e-sim run` prints for the same arguments. It validates the files locally (same errors,
//! same exit code 2), plans the shards, resumes from `--journal`, finds and checks the workers,
//! lets the [`scheduler`] keep their slots full, falls back to local threads if asked when no
//! worker is left, and renders the merged tally through `run`'s own output function.
//!
//! It reads only the files named on the command line (and writes only the journal); stdout
//! carries the report alone, everything else goes to stderr.

mod discovery;
mod job;
mod journal;
mod launcher;
pub mod progress;
mod scheduler;
mod sweep;

pub use sweep::run as run_sweep;

use std::num::NonZeroUsize;
use std::ops::Range;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use anyhow::{Context as _, bail};
use pf1e_engine::play::transcript;
use pf1e_engine::rng::{RunIndex, Seed};
use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;
use pf1e_sweep::executor::default_threads;
use pf1e_sweep::report::ReportHeader;
use pf1e_sweep::shard::ShardPlan;
use prost::Message as _;

use crate::cli::RunArgs;
use crate::cmd::run::{prepare, print, render_output};
use crate::exit_codes::{DATA_ERROR, RUNTIME_FAILURE};
use crate::rpc::auth::Token;
use crate::rpc::convert::{compile_scenario, job_id, scenario_hash};
use crate::rpc::{JobId, ShardId};
use discovery::{Dial, discover, workers_or_report};
use journal::Journal;
use launcher::{GrpcLauncher, WireJob};
use progress::Progress;
use scheduler::{JobError, Policy, Sink, WorkerSlots, run_shards};

/// Shards sent to a worker beyond its threads: it finds the next shard waiting when one ends,
/// instead of idling while the answer travels and the coordinator picks the next (on a loaded
/// machine that round trip can cost a scheduler tick per shard).
const QUEUED_PER_WORKER: usize = 1;

/// The coordinator's own options (those before `run`).
#[derive(Debug)]
pub struct CoordinatorOptions {
    pub workers: Vec<String>,
    pub shard_runs: Option<u64>,
    pub token_file: Option<PathBuf>,
    pub tls_ca: Option<PathBuf>,
    pub journal: Option<PathBuf>,
    pub local_fallback: bool,
    pub quiet: bool,
    pub verify: bool,
    pub shard_timeout: Duration,
    pub connect_timeout: Duration,
    pub max_attempts: u32,
}

/// Where merged shards go: the journal first (durably), then the total and the progress bar.
struct JobSink {
    total: Tally,
    journal: Option<Journal>,
    progress: Progress,
}

impl Sink for JobSink {
    fn merged(&mut self, shard: ShardId, runs: Range<u64>, tally: &Tally) -> anyhow::Result<()> {
        if let Some(journal) = &mut self.journal {
            journal.record(shard, &runs, tally)?;
        }
        self.total.merge(tally)?;
        self.progress.advance(runs.end - runs.start);
        Ok(())
    }

    fn workers(&mut self, alive: usize) {
        self.progress.workers(alive);
    }
}

/// Runs the job; returns the exit code.
pub fn run(options: &CoordinatorOptions, args: &RunArgs) -> anyhow::Result<u8> {
    let shard_runs = options.shard_runs.unwrap_or(args.shard_runs);
    let (scenario, plan) = match prepare(args, shard_runs) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let header = ReportHeader::for_scenario(&scenario, args.runs, args.seed);
    let wire = job::wire_scenario(args)?;
    match compile_scenario(&wire) {
        Ok(compiled) if ReportHeader::for_scenario(&compiled, args.runs, args.seed) == header => {}
        _ => bail!("the input files changed while they were being read; run again"),
    }
    let job_id = job_id(&scenario_hash(&wire), args.seed, args.runs);
    let urls = match workers_or_report(options) {
        Ok(urls) => urls,
        Err(code) => return Ok(code),
    };
    let token = options
        .token_file
        .as_deref()
        .map(Token::from_file)
        .transpose()?;

    let mut journal = None;
    let mut recorded = Vec::new();
    if let Some(path) = &options.journal {
        match Journal::open(path, &job_id, &plan, args.seed, &header.empty_tally()) {
            Ok((j, r)) => {
                if r.torn {
                    tracing::warn!("{}: cut a torn last line", path.display());
                }
                journal = Some(j);
                recorded = r.shards;
            }
            Err(e) => {
                eprintln!("error: {e:#}");
                return Ok(DATA_ERROR);
            }
        }
    }
    let mut sink = JobSink {
        total: header.empty_tally(),
        journal,
        progress: Progress::new(args.runs, 0, options.quiet),
    };
    let mut done = vec![false; usize::try_from(plan.len()).context("too many shards")?];
    for (shard, tally) in &recorded {
        sink.total.merge(tally)?;
        sink.progress.advance(tally.fights);
        done[shard.0 as usize] = true;
    }
    let missing: Vec<(ShardId, Range<u64>)> = plan
        .shards()
        .enumerate()
        .filter(|(k, _)| !done[*k])
        .map(|(k, runs)| (ShardId(k as u64), runs))
        .collect();
    if !recorded.is_empty() {
        eprintln!(
            "pf1e-sim coordinator: resumed from the journal: {} of {} shards already done, {} to play",
            recorded.len(),
            plan.len(),
            missing.len()
        );
    }
    let first_fight = args
        .transcript
        .then(|| transcript(&scenario, Seed(args.seed), RunIndex(0)));

    if !missing.is_empty() {
        let wire_job = Arc::new(WireJob {
            job_id: job_id.clone(),
            scenario: wire,
            seed: args.seed,
            sides: header.sides.len(),
            units: header.units.len(),
        });
        let outcome = distribute(
            options,
            token.as_ref(),
            &urls,
            wire_job,
            &plan,
            missing,
            &mut sink,
        )?;
        if let Some(code) = settle(
            options,
            outcome,
            plan.len(),
            &scenario,
            args.seed,
            args.threads,
            &mut sink,
        )? {
            return Ok(code);
        }
    }
    sink.progress.finish();
    if sink.total.fights != args.runs {
        bail!(
            "internal error: merged {} fights for {} runs",
            sink.total.fights,
            args.runs
        );
    }
    print(&render_output(
        args.format,
        &header,
        &sink.total,
        first_fight.as_deref(),
    )?)
}

/// Ends a distributed job: `Ok(None)` when every shard is merged (on the workers or, with
/// --local-fallback, on this machine), `Ok(Some(code))` when it failed (the reason printed).
fn settle(
    options: &CoordinatorOptions,
    outcome: Result<(), JobError>,
    shards: u64,
    scenario: &Scenario,
    seed: u64,
    threads: Option<NonZeroUsize>,
    sink: &mut JobSink,
) -> anyhow::Result<Option<u8>> {
    match outcome {
        Ok(()) => {}
        Err(JobError::AllWorkersLost { missing, reasons }) => {
            if !options.local_fallback {
                sink.progress.finish();
                eprintln!(
                    "error: no worker left ({}) with {} of {} shards still to play; nothing was printed. Start workers and rerun{}, or pass --local-fallback to finish on this machine",
                    reasons.join("; "),
                    missing.len(),
                    shards,
                    if options.journal.is_some() {
                        " (the journal keeps what is done)"
                    } else {
                        ""
                    }
                );
                return Ok(Some(RUNTIME_FAILURE));
            }
            tracing::warn!(
                "no worker left ({}): playing the {} missing shards on this machine",
                reasons.join("; "),
                missing.len()
            );
            sink.progress.note("local fallback");
            let threads = threads.unwrap_or_else(default_threads).get();
            job::run_locally(scenario, seed, &missing, threads, sink)?;
        }
        Err(JobError::ShardFailed {
            shard,
            runs,
            errors,
        }) => {
            sink.progress.finish();
            eprintln!(
                "error: {shard} (runs {}..{}) failed {} times: {}",
                runs.start,
                runs.end,
                errors.len(),
                errors.join("; ")
            );
            return Ok(Some(RUNTIME_FAILURE));
        }
        Err(JobError::Disagreement {
            shard,
            runs,
            first,
            second,
        }) => {
            sink.progress.finish();
            eprintln!(
                "error: DIFFERENT ANSWERS for {shard} (runs {}..{}): {first} and {second} returned different tallies. The fights are deterministic, so one of them runs other rules or is broken (a determinism bug or a mismatched worker); nothing was printed",
                runs.start, runs.end
            );
            return Ok(Some(RUNTIME_FAILURE));
        }
        Err(JobError::Sink(e)) => return Err(e),
    }
    Ok(None)
}

/// Finds the workers and plays `missing` on them. The outer error is a failure of the
/// coordinator itself; the inner one says how the job ended.
fn distribute(
    options: &CoordinatorOptions,
    token: Option<&Token>,
    urls: &[discovery::WorkerUrl],
    job: Arc<WireJob>,
    plan: &ShardPlan,
    missing: Vec<(ShardId, Range<u64>)>,
    sink: &mut JobSink,
) -> anyhow::Result<Result<(), JobError>> {
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let request_bytes = job.scenario.encoded_len() as u64 + 1024;
    runtime.block_on(async {
        let dial = Dial {
            token,
            tls_ca: options.tls_ca.as_deref(),
            connect_timeout: options.connect_timeout,
        };
        let (admitted, mut problems) = discover(urls, &dial).await;
        let mut remotes = Vec::new();
        let mut slots = Vec::new();
        for worker in admitted {
            if worker.max_shard_runs < plan.shard_runs() {
                problems.push(format!(
                    "worker {} refused: it plays at most {} runs per shard; pass --shard-runs {} or less",
                    worker.remote.name, worker.max_shard_runs, worker.max_shard_runs
                ));
            } else if worker.max_request_bytes < request_bytes {
                problems.push(format!(
                    "worker {} refused: it accepts requests of {} bytes, this job's are {request_bytes}",
                    worker.remote.name, worker.max_request_bytes
                ));
            } else {
                slots.push(WorkerSlots {
                    name: worker.remote.name.clone(),
                    slots: worker.threads + QUEUED_PER_WORKER,
                });
                remotes.push(worker.remote);
            }
        }
        for problem in &problems {
            tracing::warn!("{problem}");
        }
        if remotes.is_empty() {
            return Ok(Err(JobError::AllWorkersLost {
                missing,
                reasons: problems,
            }));
        }
        tracing::info!(
            "job {}: {} shards on {} workers ({} slots)",
            short(&job.job_id),
            missing.len(),
            remotes.len(),
            slots.iter().map(|s| s.slots).sum::<usize>()
        );
        let launcher = Arc::new(GrpcLauncher {
            job,
            workers: remotes,
            token: token.cloned(),
            shard_timeout: options.shard_timeout,
            probe_timeout: options.connect_timeout,
        });
        let policy = Policy {
            max_attempts: options.max_attempts,
            copies: if options.verify { 2 } else { 1 },
            max_probes: 3,
        };
        match run_shards(launcher, &slots, missing, policy, sink).await {
            Ok(stats) => {
                tracing::info!(
                    "{} launches, {} failures, {} duplicate answers merged once",
                    stats.launches,
                    stats.failures,
                    stats.duplicates
                );
                Ok(Ok(()))
            }
            Err(e) => Ok(Err(e)),
        }
    })
}

fn short(job: &JobId) -> &str {
    &job.0[..job.0.len().min(12)]
}
