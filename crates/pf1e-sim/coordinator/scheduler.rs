//! The scheduler: keeps every worker's slots full with shards, merges each shard exactly once,
//! and turns faults into bounded retries. It knows workers only through a [`ShardLauncher`],
//! so it is tested in memory (scheduler_tests.rs) and runs unchanged over gRPC.
//!
//! A shard's life:
//! ```text
//! queued ──launch──▶ running ──answer──▶ merged (journal, then total)   [copies = 1]
//!   ▲                   │      └─answer─▶ answered once ──same answer──▶ merged   [copies = 2]
//!   └──── re-queued ◀───┘ failure            └──different answer──▶ job fails (loud)
//! ```
//! Failure policy (decided by [`FailureKind`], the one mapping in rpc/status.rs): a broken
//! connection re-queues the shard without counting the attempt and probes the worker, again
//! with doubling back-off while it stays silent (a restart on the same address), until it
//! comes back or its probes are spent and it is dropped; a deadline counts the attempt and retires the slot; a busy worker
//! retires the slot; an engine failure counts the attempt; a refusal drops the worker. A shard
//! whose counted attempts reach the bound fails the job with every error it met. When no
//! worker is left, the job stops at once with the shards still missing ([`JobError::AllWorkersLost`]):
//! every call has a deadline, so that moment comes in bounded time.
//!
//! Answers are compared by digest: a shard answered twice is merged once, and two different
//! answers for one shard are a determinism bug or a mismatched worker — the job fails.

use std::collections::VecDeque;
use std::ops::Range;
use std::sync::Arc;

use pf1e_engine::tally::Tally;
use pf1e_sweep::hash::{ContentHash, tally_digest};
use pf1e_sweep::ids::ShardId;
use tokio::sync::mpsc::UnboundedReceiver;
use tokio::task::JoinSet;

use super::launcher::{ShardLauncher, ShardTask, WorkerId};
use crate::rpc::status::{Failure, FailureKind};

/// A worker as the scheduler sees it at the start.
#[derive(Clone, Debug)]
pub struct WorkerSlots {
    pub name: String,
    /// Shards it plays at once (its threads).
    pub slots: usize,
    /// Shards kept in flight per slot (≥ 1; pipelining): beyond the one a slot plays, the
    /// others wait on the worker, so a slot that finishes starts the next shard at once
    /// instead of idling while its answer travels and the coordinator picks the next.
    pub pipeline: usize,
}

/// Bounds of the retry policy.
#[derive(Clone, Copy, Debug)]
pub struct RetryPolicy {
    /// Counted failures after which a shard fails the job (≥ 1).
    pub max_attempts: u32,
    /// Answers required per shard: 1, or 2 to compare two workers' answers (`--verify`).
    pub copies: u32,
    /// Probes of a worker after broken connections (answered or not) before it is dropped:
    /// a worker restarted on the same address is probed again and again, with back-off,
    /// until it answers and is used again in the job (issue 16, defect 8).
    pub max_probes: u32,
    /// Pause before the second probe of a silent worker; doubled for each later one.
    pub probe_backoff: std::time::Duration,
}

/// Why a job stopped before every shard was merged.
#[derive(Debug)]
pub enum JobError {
    /// No worker is left; `missing` are the shards not merged yet, `reasons` say why each
    /// worker was lost.
    AllWorkersLost {
        missing: Vec<(ShardId, Range<u64>)>,
        reasons: Vec<String>,
    },
    /// A shard failed on every attempt.
    ShardFailed {
        shard: ShardId,
        runs: Range<u64>,
        errors: Vec<String>,
    },
    /// Two answers for one shard differ.
    Disagreement {
        shard: ShardId,
        runs: Range<u64>,
        first: String,
        second: String,
    },
    /// Recording or merging a shard failed (journal I/O…).
    Collector(anyhow::Error),
}

/// What the job does with merged shards.
pub trait Collector {
    /// Records and merges one shard's tally; called exactly once per shard.
    fn merged(&mut self, shard: ShardId, runs: Range<u64>, tally: &Tally) -> anyhow::Result<()>;
    /// The number of usable workers changed.
    fn workers(&mut self, _alive: usize) {}
    /// Whether the job needs no more shards (a precision-driven job reached its target): the
    /// scheduler then returns, and the calls still running are cancelled.
    fn finished(&self) -> bool {
        false
    }
}

/// What the scheduler counted along the way.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    pub launches: u64,
    /// Answers that matched an answer already received (merged once).
    pub duplicates: u64,
    /// Failed calls of any kind.
    pub failures: u64,
    /// Answers received from each worker, in pool order (when the job completed).
    pub answered: Vec<(String, u64)>,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Health {
    Alive,
    Probing,
    Lost,
}

struct WorkerState {
    name: String,
    slots: usize,
    pipeline: usize,
    busy: usize,
    health: Health,
    probes: u32,
    lost_reason: Option<String>,
    answered: u64,
}

struct ShardState {
    runs: Range<u64>,
    launches: u32,
    counted_failures: u32,
    errors: Vec<String>,
    /// First answer: its digest and who gave it.
    first: Option<(ContentHash, String)>,
    answers: u32,
    merged: bool,
    ran_on: Vec<WorkerId>,
}

// One event per shard answer: a tally with its distributions inline is cheaper than a box.
#[allow(clippy::large_enum_variant)]
enum Event {
    Answer {
        worker: WorkerId,
        shard: usize,
        result: Result<Tally, Failure>,
    },
    Probe {
        worker: WorkerId,
        result: Result<(), Failure>,
    },
}

/// Plays `shards` on `workers` through `launcher` until each is merged into `collector`, or
/// until the collector says it is finished.
#[cfg(test)]
pub async fn run_shards<L: ShardLauncher>(
    launcher: Arc<L>,
    workers: &[WorkerSlots],
    shards: Vec<(ShardId, Range<u64>)>,
    policy: RetryPolicy,
    collector: &mut dyn Collector,
) -> Result<Stats, JobError> {
    run_shards_joining(launcher, workers, shards, policy, collector, None).await
}

/// A worker found during the job (DNS re-resolution): `id` is its index in the launcher's pool
/// — a new index for a new worker, the old one for a worker back after a restart, which is
/// used again at once.
#[derive(Clone, Debug)]
pub struct Arrival {
    pub id: WorkerId,
    pub worker: WorkerSlots,
}

/// [`run_shards`] where workers may also join during the job, through `arrivals`.
pub async fn run_shards_joining<L: ShardLauncher>(
    launcher: Arc<L>,
    workers: &[WorkerSlots],
    shards: Vec<(ShardId, Range<u64>)>,
    policy: RetryPolicy,
    collector: &mut dyn Collector,
    mut arrivals: Option<UnboundedReceiver<Arrival>>,
) -> Result<Stats, JobError> {
    let mut run = Scheduler::new(launcher, workers, shards, policy);
    collector.workers(alive(&run.workers));
    while run.remaining > 0 && !collector.finished() {
        run.fill_slots();
        let event = tokio::select! {
            biased;
            event = run.tasks.join_next() => event,
            Some(arrival) = next_arrival(&mut arrivals) => {
                run.join(arrival);
                collector.workers(alive(&run.workers));
                continue;
            }
        };
        let Some(event) = event else {
            // Nothing runs and nothing can be launched: every worker is gone.
            return Err(run.all_lost());
        };
        match event.expect("scheduler tasks never panic or get aborted") {
            Event::Probe { worker, result } => {
                run.probed(worker, result);
                collector.workers(alive(&run.workers));
            }
            Event::Answer {
                worker,
                shard,
                result: Ok(tally),
            } => run.answered(worker, shard, &tally, collector)?,
            Event::Answer {
                worker,
                shard,
                result: Err(failure),
            } => {
                run.failed(worker, shard, &failure)?;
                collector.workers(alive(&run.workers));
            }
        }
    }
    // Extra copies still running (a slow duplicate) are cancelled when `tasks` drops.
    let mut stats = run.stats;
    stats.answered = run
        .workers
        .iter()
        .map(|w| (w.name.clone(), w.answered))
        .collect();
    Ok(stats)
}

/// The next worker to join, or never when there is no channel (or it is closed).
async fn next_arrival(arrivals: &mut Option<UnboundedReceiver<Arrival>>) -> Option<Arrival> {
    match arrivals {
        Some(rx) => rx.recv().await,
        None => std::future::pending().await,
    }
}

/// The state of one [`run_shards`] call.
struct Scheduler<L> {
    launcher: Arc<L>,
    policy: RetryPolicy,
    /// Answers required per shard (≥ 1).
    copies: u32,
    workers: Vec<WorkerState>,
    ids: Vec<ShardId>,
    shards: Vec<ShardState>,
    /// Shards (indices into `shards`) waiting for a slot, `copies` entries per shard at first.
    queue: VecDeque<usize>,
    /// Shards not merged yet.
    remaining: usize,
    stats: Stats,
    tasks: JoinSet<Event>,
}

impl<L: ShardLauncher> Scheduler<L> {
    fn new(
        launcher: Arc<L>,
        workers: &[WorkerSlots],
        shards: Vec<(ShardId, Range<u64>)>,
        policy: RetryPolicy,
    ) -> Self {
        let copies = policy.copies.max(1);
        let workers = workers
            .iter()
            .map(|w| WorkerState {
                name: w.name.clone(),
                slots: w.slots,
                pipeline: w.pipeline.max(1),
                busy: 0,
                health: if w.slots > 0 {
                    Health::Alive
                } else {
                    Health::Lost
                },
                probes: 0,
                lost_reason: (w.slots == 0).then(|| format!("{}: no slots", w.name)),
                answered: 0,
            })
            .collect();
        let ids = shards.iter().map(|(id, _)| *id).collect();
        let shards: Vec<ShardState> = shards
            .into_iter()
            .map(|(_, runs)| ShardState {
                runs,
                launches: 0,
                counted_failures: 0,
                errors: Vec::new(),
                first: None,
                answers: 0,
                merged: false,
                ran_on: Vec::new(),
            })
            .collect();
        Scheduler {
            launcher,
            policy,
            copies,
            workers,
            ids,
            queue: (0..copies).flat_map(|_| 0..shards.len()).collect(),
            remaining: shards.len(),
            shards,
            stats: Stats::default(),
            tasks: JoinSet::new(),
        }
    }

    /// Keeps every live worker's slots full, `pipeline` shards in flight per slot.
    fn fill_slots(&mut self) {
        for (w, worker) in self.workers.iter_mut().enumerate() {
            let id = WorkerId(w);
            while worker.health == Health::Alive && worker.busy < worker.slots * worker.pipeline {
                let Some(shard) = take(&mut self.queue, &self.shards, id, self.copies) else {
                    break;
                };
                let s = &mut self.shards[shard];
                s.launches += 1;
                s.ran_on.push(id);
                let task = ShardTask {
                    shard: self.ids[shard],
                    runs: s.runs.clone(),
                    attempt: s.launches,
                };
                worker.busy += 1;
                self.stats.launches += 1;
                let call = self.launcher.launch(id, task);
                self.tasks.spawn(async move {
                    let result = call.await;
                    Event::Answer {
                        worker: id,
                        shard,
                        result,
                    }
                });
            }
        }
    }

    /// A worker joins the pool, or one that was lost comes back with fresh slots.
    fn join(&mut self, arrival: Arrival) {
        let Arrival { id, worker } = arrival;
        let fresh = WorkerState {
            name: worker.name,
            slots: worker.slots,
            pipeline: worker.pipeline.max(1),
            busy: 0,
            health: if worker.slots > 0 {
                Health::Alive
            } else {
                Health::Lost
            },
            probes: 0,
            lost_reason: None,
            answered: 0,
        };
        let count = self.workers.len();
        match self.workers.get_mut(id.0) {
            // Alive, or being probed (the probes decide): nothing to do.
            Some(known) if known.health != Health::Lost => {}
            Some(known) => {
                tracing::info!("worker {} is back", fresh.name);
                // Calls still out to it answer into `busy`; its answers so far still count.
                *known = WorkerState {
                    busy: known.busy,
                    answered: known.answered,
                    ..fresh
                };
            }
            None if id.0 == count => {
                tracing::info!("worker {} joins the job", fresh.name);
                self.workers.push(fresh);
            }
            None => tracing::warn!("worker {} arrived out of order: ignored", fresh.name),
        }
    }

    /// Every worker is gone: the shards still missing and why each worker was lost.
    fn all_lost(&self) -> JobError {
        let missing = (0..self.shards.len())
            .filter(|&i| !self.shards[i].merged)
            .map(|i| (self.ids[i], self.shards[i].runs.clone()))
            .collect();
        let reasons = self
            .workers
            .iter()
            .filter_map(|w| w.lost_reason.clone())
            .collect();
        JobError::AllWorkersLost { missing, reasons }
    }

    /// A worker probed after a broken call answered (it comes back) or not (it is dropped).
    fn probed(&mut self, worker: WorkerId, result: Result<(), Failure>) {
        let w = &mut self.workers[worker.0];
        match result {
            Ok(()) => {
                tracing::info!("worker {} answers again", w.name);
                w.health = Health::Alive;
            }
            Err(failure) if w.probes < self.policy.max_probes => {
                // Silent: it may be restarting on the same address. Ask again later.
                let pause = self.policy.probe_backoff * 2u32.saturating_pow(w.probes - 1);
                tracing::info!(
                    "worker {} silent ({}); probing again in {pause:?}",
                    w.name,
                    failure.message
                );
                w.probes += 1;
                let probe = self.launcher.probe(worker);
                self.tasks.spawn(async move {
                    tokio::time::sleep(pause).await;
                    let result = probe.await;
                    Event::Probe { worker, result }
                });
            }
            Err(failure) => lose(w, &failure.message),
        }
    }

    /// `worker` answered `shard`: compared with an earlier answer by digest, merged once when
    /// enough copies agree.
    fn answered(
        &mut self,
        worker: WorkerId,
        shard: usize,
        tally: &Tally,
        collector: &mut dyn Collector,
    ) -> Result<(), JobError> {
        self.workers[worker.0].busy -= 1;
        self.workers[worker.0].answered += 1;
        let s = &mut self.shards[shard];
        let digest = tally_digest(tally);
        let name = self.workers[worker.0].name.clone();
        match &s.first {
            Some((first, first_worker)) if *first != digest => {
                return Err(JobError::Disagreement {
                    shard: self.ids[shard],
                    runs: s.runs.clone(),
                    first: first_worker.clone(),
                    second: name,
                });
            }
            Some(_) => self.stats.duplicates += 1,
            None => s.first = Some((digest, name)),
        }
        s.answers += 1;
        if !s.merged && s.answers >= self.copies {
            s.merged = true;
            self.remaining -= 1;
            collector
                .merged(self.ids[shard], s.runs.clone(), tally)
                .map_err(JobError::Collector)?;
        }
        Ok(())
    }

    /// A call of `shard` on `worker` failed: the shard is re-queued (failing the job once its
    /// counted attempts reach the bound) and the worker probed, retired a slot or dropped, as
    /// the failure's kind says.
    fn failed(
        &mut self,
        worker: WorkerId,
        shard: usize,
        failure: &Failure,
    ) -> Result<(), JobError> {
        self.stats.failures += 1;
        let w = &mut self.workers[worker.0];
        w.busy -= 1;
        let s = &mut self.shards[shard];
        tracing::warn!(
            "{} (runs {}..{}) on {}: {} ({:?})",
            self.ids[shard],
            s.runs.start,
            s.runs.end,
            w.name,
            failure.message,
            failure.kind
        );
        if !s.merged {
            s.errors.push(format!("{}: {}", w.name, failure.message));
            if failure.kind.counts_against_shard() {
                s.counted_failures += 1;
                if s.counted_failures >= self.policy.max_attempts {
                    return Err(JobError::ShardFailed {
                        shard: self.ids[shard],
                        runs: s.runs.clone(),
                        errors: s.errors.clone(),
                    });
                }
            }
            s.ran_on.retain(|&r| r != worker);
            self.queue.push_front(shard);
        }
        match failure.kind {
            FailureKind::Unreachable if w.health == Health::Alive => {
                if w.probes < self.policy.max_probes {
                    w.probes += 1;
                    w.health = Health::Probing;
                    let probe = self.launcher.probe(worker);
                    self.tasks.spawn(async move {
                        let result = probe.await;
                        Event::Probe { worker, result }
                    });
                } else {
                    lose(w, &failure.message);
                }
            }
            FailureKind::Unreachable | FailureKind::ShardFailed => {}
            FailureKind::Stalled | FailureKind::Busy => {
                w.slots = w.slots.saturating_sub(1);
                if w.slots == 0 {
                    lose(w, &failure.message);
                }
            }
            FailureKind::Refused => lose(w, &failure.message),
        }
        Ok(())
    }
}

#[cfg(test)]
#[path = "scheduler_tests.rs"]
mod tests;

/// The next queued shard for `worker`: with several copies, one this worker hasn't run yet if
/// there is one. Shards merged meanwhile are dropped from the queue.
fn take(
    queue: &mut VecDeque<usize>,
    state: &[ShardState],
    worker: WorkerId,
    copies: u32,
) -> Option<usize> {
    queue.retain(|&s| !state[s].merged);
    let position = if copies > 1 {
        queue
            .iter()
            .position(|&s| !state[s].ran_on.contains(&worker))
            .unwrap_or(0)
    } else {
        0
    };
    queue.remove(position)
}

fn lose(worker: &mut WorkerState, reason: &str) {
    if worker.health != Health::Lost {
        tracing::warn!("worker {} dropped: {reason}", worker.name);
        worker.health = Health::Lost;
        worker.lost_reason = Some(format!("{}: {reason}", worker.name));
    }
}

fn alive(workers: &[WorkerState]) -> usize {
    workers.iter().filter(|w| w.health != Health::Lost).count()
}
