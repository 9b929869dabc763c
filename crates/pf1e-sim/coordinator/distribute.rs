//! What the run and sweep jobs share: the [`JobCollector`] that takes each merged shard (journal
//! first, durably; then the total and the progress bar), [`distribute`], which finds the
//! workers and plays shards on them through the scheduler, and [`settle`], which ends a
//! distributed job — finishing it on this machine's threads with `--local-fallback` when no
//! worker is left, through the same executor `run` uses.

use std::collections::BTreeSet;
use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use anyhow::Context as _;
use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;
use pf1e_sweep::executor::{default_threads, execute_while};
use pf1e_sweep::ids::ShardId;
use pf1e_sweep::play::play_runs;
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::target_band::{SeedOrder, TargetBand};
use prost::Message as _;

use super::discovery::{Dial, Resolver, SystemResolver, WorkerUrl, discover, workers_or_report};
use super::journal::Journal;
use super::launcher::{GrpcLauncher, WireJob};
use super::options::CoordinatorOptions;
use super::progress::Progress;
use super::rediscovery::{Fits, REDISCOVER_EVERY, Rediscovery};
use super::scheduler::{Collector, JobError, RetryPolicy, Stats, run_shards_joining};
use crate::exit_codes::RUNTIME_FAILURE;
use crate::rpc::auth::Token;

/// Shards in flight per worker thread (the scheduler's pipelining): each thread finds its next
/// shard waiting when one ends, instead of idling while the answer travels and the
/// coordinator picks the next (on a loaded machine that round trip can cost a scheduler tick
/// per shard). The worker lets [`crate::worker`]'s 4 requests per thread wait, so 2 is never
/// answered busy; a waiting shard's deadline covers one shard ahead of it.
const PIPELINE_PER_SLOT: usize = 2;

/// Where merged shards go: the journal first (durably), then the total — merged in seed order,
/// which a precision-driven job reads to stop ([`SeedOrder`]) — and the progress bar.
pub struct JobCollector {
    pub order: SeedOrder,
    pub journal: Option<Journal>,
    pub progress: Progress,
}

impl JobCollector {
    /// A collector of the `shards` shards of a job whose tallies start from `empty`.
    pub fn new(target: Option<TargetBand>, shards: u64, empty: Tally, progress: Progress) -> Self {
        JobCollector {
            order: SeedOrder::new(target, shards, empty),
            journal: None,
            progress,
        }
    }

    /// Merges a shard already recorded (the journal's, on resume).
    pub fn recorded(&mut self, shard: ShardId, tally: &Tally) -> anyhow::Result<()> {
        self.order.add(shard.0, tally)?;
        self.progress.advance(tally.fights);
        Ok(())
    }
}

impl Collector for JobCollector {
    fn merged(&mut self, shard: ShardId, runs: Range<u64>, tally: &Tally) -> anyhow::Result<()> {
        if let Some(journal) = &mut self.journal {
            journal.record(shard, &runs, tally)?;
        }
        self.order.add(shard.0, tally)?;
        self.progress.advance(runs.end - runs.start);
        Ok(())
    }

    fn workers(&mut self, alive: usize) {
        self.progress.workers(alive);
    }

    fn finished(&self) -> bool {
        self.order.finished()
    }
}

/// Every shard of `plan` with its id.
pub fn all_shards(plan: &ShardPlan) -> Vec<(ShardId, Range<u64>)> {
    plan.shards()
        .enumerate()
        .map(|(k, runs)| (ShardId(k as u64), runs))
        .collect()
}

/// What a job is played with: the coordinator's options, the workers' URLs and the token.
pub struct Workers<'a> {
    pub options: &'a CoordinatorOptions,
    urls: Vec<WorkerUrl>,
    token: Option<Token>,
    /// How names are resolved, at the start and every `rediscover_every` during a job.
    resolver: Arc<dyn Resolver>,
    rediscover_every: Duration,
}

impl<'a> Workers<'a> {
    /// The workers `options` name (`--worker`, `PF1E_SIM_WORKERS`) and the token to send them;
    /// `Ok(Err(code))` when none is named (the problem printed).
    pub fn from_options(options: &'a CoordinatorOptions) -> anyhow::Result<Result<Self, u8>> {
        let urls = match workers_or_report(options) {
            Ok(urls) => urls,
            Err(code) => return Ok(Err(code)),
        };
        let token = options
            .token_file
            .as_deref()
            .map(Token::from_file)
            .transpose()?;
        if let Some(ca) = &options.tls_ca {
            crate::rpc::tls::check_ca(ca)?;
        }
        if token.is_some() {
            for url in urls.iter().filter(|u| !u.tls && !is_loopback(&u.host)) {
                say!(
                    "warning: the token goes in plain text to {}:{}; use an https:// URL off this machine",
                    url.host,
                    url.port
                );
            }
        }
        Ok(Ok(Workers {
            options,
            urls,
            token,
            resolver: Arc::new(SystemResolver),
            rediscover_every: REDISCOVER_EVERY,
        }))
    }
}

#[cfg(test)]
impl<'a> Workers<'a> {
    /// Workers found through `resolver` instead of the system's, every `every` during a job.
    pub fn scripted(
        options: &'a CoordinatorOptions,
        urls: Vec<WorkerUrl>,
        resolver: Arc<dyn Resolver>,
        every: Duration,
    ) -> Self {
        Workers {
            options,
            urls,
            token: None,
            resolver,
            rediscover_every: every,
        }
    }
}

/// `localhost` or a loopback address: a token sent there in plain text stays on the machine.
fn is_loopback(host: &str) -> bool {
    let bare = host.trim_start_matches('[').trim_end_matches(']');
    bare.eq_ignore_ascii_case("localhost")
        || bare
            .parse::<std::net::IpAddr>()
            .is_ok_and(|ip| ip.is_loopback())
}

/// Finds the workers and plays `missing` on them, resolving the workers' names again every
/// few seconds so that workers that come up (or back) during the job are used. The outer
/// error is a failure of the coordinator itself; the inner one says how the job ended.
pub fn distribute(
    workers: &Workers,
    job: Arc<WireJob>,
    plan: &ShardPlan,
    missing: Vec<(ShardId, Range<u64>)>,
    collector: &mut JobCollector,
) -> anyhow::Result<Result<Stats, JobError>> {
    let options = workers.options;
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let request_bytes = job.scenario.encoded_len() as u64 + 1024;
    runtime.block_on(async {
        let dial = Dial {
            token: workers.token.as_ref(),
            tls_ca: options.tls_ca.as_deref(),
            connect_timeout: options.connect_timeout,
        };
        let (admitted, mut problems) =
            discover(&workers.urls, &dial, workers.resolver.as_ref()).await;
        let fits = Fits {
            shard_runs: plan.shard_runs(),
            request_bytes,
            pipeline: PIPELINE_PER_SLOT,
        };
        let mut remotes = Vec::new();
        let mut slots = Vec::new();
        let mut known = BTreeSet::new();
        for worker in admitted {
            match fits.check(worker) {
                Ok((addr, slot, remote)) => {
                    known.insert(addr);
                    slots.push(slot);
                    remotes.push(remote);
                }
                Err(problem) => problems.push(problem),
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
            job.job_id.short(),
            missing.len(),
            remotes.len(),
            slots.iter().map(|s| s.slots * s.pipeline).sum::<usize>()
        );
        let launcher = Arc::new(GrpcLauncher {
            job,
            workers: RwLock::new(remotes),
            token: workers.token.clone(),
            shard_timeout: options.shard_timeout,
            probe_timeout: options.connect_timeout,
        });
        let policy = RetryPolicy {
            max_attempts: options.max_attempts,
            copies: if options.verify { 2 } else { 1 },
            // Back-off 250 ms, 0.5 s, 1 s, 2 s, 4 s: a worker restarted on its address (a
            // container, a pod) has ~8 s to come back and be used again in the job.
            max_probes: 6,
            probe_backoff: std::time::Duration::from_millis(250),
        };
        let (arrive, arrivals) = tokio::sync::mpsc::unbounded_channel();
        let watch = Rediscovery {
            urls: &workers.urls,
            resolver: workers.resolver.as_ref(),
            every: workers.rediscover_every,
            dial: &dial,
            fits,
        };
        let run = run_shards_joining(
            launcher.clone(),
            &slots,
            missing,
            policy,
            collector,
            Some(arrivals),
        );
        let outcome = tokio::select! {
            outcome = run => outcome,
            never = watch.run(&launcher, known, arrive) => match never {},
        };
        match outcome {
            Ok(stats) => {
                tracing::info!(
                    "{} launches, {} failures, {} duplicate answers merged once; answers per worker: {:?}",
                    stats.launches,
                    stats.failures,
                    stats.duplicates,
                    stats.answered
                );
                Ok(Ok(stats))
            }
            Err(e) => Ok(Err(e)),
        }
    })
}

/// What [`settle`] needs to finish a job on this machine.
pub struct Fallback<'a> {
    pub scenario: &'a Scenario,
    pub seed: u64,
    pub threads: Option<NonZeroUsize>,
}

/// Ends a distributed job: `Ok(None)` when every shard is merged (on the workers or, with
/// --local-fallback, on this machine), `Ok(Some(code))` when it failed (the reason printed).
pub fn settle(
    options: &CoordinatorOptions,
    outcome: Result<Stats, JobError>,
    shards: u64,
    fallback: Fallback,
    collector: &mut JobCollector,
) -> anyhow::Result<Option<u8>> {
    let failed = |collector: &mut JobCollector, message: String| {
        collector.progress.finish();
        say!("error: {message}");
        Ok(Some(RUNTIME_FAILURE))
    };
    match outcome {
        Ok(_) => Ok(None),
        Err(JobError::AllWorkersLost { missing, reasons }) if options.local_fallback => {
            tracing::warn!(
                "no worker left ({}): playing the {} missing shards on this machine",
                reasons.join("; "),
                missing.len()
            );
            collector.progress.note("local fallback");
            play_locally(fallback, &missing, collector)?;
            Ok(None)
        }
        Err(JobError::AllWorkersLost { missing, reasons }) => failed(
            collector,
            format!(
                "no worker left ({}) with {} of {} shards still to play; nothing was printed. Start workers and rerun{}, or pass --local-fallback to finish on this machine",
                reasons.join("; "),
                missing.len(),
                shards,
                if options.journal.is_some() {
                    " (the journal keeps what is done)"
                } else {
                    ""
                }
            ),
        ),
        Err(JobError::ShardFailed {
            shard,
            runs,
            errors,
        }) => failed(
            collector,
            format!(
                "{shard} (runs {}..{}) failed {} times: {}",
                runs.start,
                runs.end,
                errors.len(),
                errors.join("; ")
            ),
        ),
        Err(JobError::Disagreement {
            shard,
            runs,
            first,
            second,
        }) => failed(
            collector,
            format!(
                "DIFFERENT ANSWERS for {shard} (runs {}..{}): {first} and {second} returned different tallies. The fights are deterministic, so one of them runs other rules or is broken (a determinism bug or a mismatched worker); nothing was printed",
                runs.start, runs.end
            ),
        ),
        Err(JobError::Collector(e)) => Err(e),
    }
}

/// Plays `missing` on this machine's threads, handing each shard to `collector` as it
/// completes (so the journal records local shards too), until the collector is finished.
fn play_locally(
    fallback: Fallback,
    missing: &[(ShardId, Range<u64>)],
    collector: &mut JobCollector,
) -> anyhow::Result<()> {
    let Fallback {
        scenario,
        seed,
        threads,
    } = fallback;
    let ranges: Vec<Range<u64>> = missing.iter().map(|(_, runs)| runs.clone()).collect();
    let empty = Tally::empty(scenario.sides().len(), scenario.units().len());
    execute_while(
        &ranges[..],
        threads.unwrap_or_else(default_threads),
        &empty,
        |runs| play_runs(scenario, seed, runs),
        |index, tally| {
            let (shard, runs) = &missing[index as usize];
            collector.merged(*shard, runs.clone(), tally)?;
            Ok::<bool, anyhow::Error>(!collector.finished())
        },
    )?;
    Ok(())
}
