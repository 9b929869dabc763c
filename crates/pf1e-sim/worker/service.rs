//! The `pf1e.v1.Worker` service: `Info` answers from memory; `RunShard` checks the request at
//! the door (protocol, sizes, run range), waits for a simulation slot, and plays the shard on
//! tokio's blocking pool — never on the async runtime's threads, so health checks and `Info`
//! answer while every slot is busy. When the caller goes away
//! (deadline, cancel, coordinator killed) the fight under way stops at its next round, the rest
//! of the shard is skipped and the slot freed.
//! Never opens a path: the scenario arrives as text, is mapped to a scenario source and
//! compiled and hashed by the source's own functions, exactly as the coordinator did.

use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};

use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::tally::Tally;
use pf1e_sweep::play::play_runs_until;
use tokio::sync::Semaphore;
use tonic::{Request, Response, Status};

use super::cache::ScenarioCache;
use super::faults::{Faults, Forge};
use crate::rpc::convert::{source_from_pb, tally_to_pb};
use crate::rpc::pb::{self, worker_server::Worker};
use crate::rpc::status::WorkerError;
use crate::rpc::{BINARY_VERSION, ENGINE_VERSION, PROTOCOL_VERSION, RULES_HASH};

/// Requests allowed to wait for a slot, per slot, before the worker answers busy.
const WAITING_PER_SLOT: usize = 4;
/// Longest job id accepted.
const MAX_JOB_ID: usize = 128;
/// Errors quoted in an INVALID_ARGUMENT answer for a bad scenario.
const MAX_QUOTED_ERRORS: usize = 20;

/// Static settings of a worker.
#[derive(Clone, Debug)]
pub struct Settings {
    pub threads: usize,
    pub max_request_bytes: usize,
    pub max_shard_runs: u64,
    pub faults: Faults,
}

/// The service state shared by every request.
pub struct WorkerService {
    settings: Settings,
    slots: Arc<Semaphore>,
    waiting: AtomicUsize,
    draining: Arc<AtomicBool>,
    cache: Arc<ScenarioCache>,
}

impl WorkerService {
    /// `draining` turns true on SIGTERM: from then on shards are refused (UNAVAILABLE).
    pub fn new(settings: Settings, draining: Arc<AtomicBool>) -> Self {
        Self {
            slots: Arc::new(Semaphore::new(settings.threads)),
            waiting: AtomicUsize::new(0),
            draining,
            cache: Arc::new(ScenarioCache::default()),
            settings,
        }
    }

    fn protocol(&self) -> u32 {
        self.settings.faults.protocol.unwrap_or(PROTOCOL_VERSION)
    }

    /// Checks what can be checked without compiling: protocol, ids, run range.
    fn admit(&self, request: &pb::RunShardRequest) -> Result<Range<u64>, WorkerError> {
        if request.protocol_version != self.protocol() {
            return Err(WorkerError::ProtocolMismatch {
                theirs: request.protocol_version,
                ours: self.protocol(),
            });
        }
        let invalid = |reason: String| WorkerError::InvalidRequest { reason };
        if request.job_id.is_empty() || request.job_id.len() > MAX_JOB_ID {
            return Err(invalid(format!(
                "job_id must be 1 to {MAX_JOB_ID} characters"
            )));
        }
        if request.scenario.is_none() {
            return Err(invalid("no scenario".to_string()));
        }
        if request.run_count == 0 {
            return Err(invalid("run_count must be at least 1".to_string()));
        }
        if request.run_count > self.settings.max_shard_runs {
            return Err(invalid(format!(
                "run_count {} exceeds this worker's limit of {} runs per shard",
                request.run_count, self.settings.max_shard_runs
            )));
        }
        let end = request
            .first_run
            .checked_add(request.run_count)
            .ok_or_else(|| {
                invalid(format!(
                    "first_run {} + run_count {} overflows",
                    request.first_run, request.run_count
                ))
            })?;
        Ok(request.first_run..end)
    }

    /// Waits for a simulation slot, or answers busy when too many requests already wait.
    async fn slot(&self) -> Result<tokio::sync::OwnedSemaphorePermit, WorkerError> {
        let limit = self.settings.threads * WAITING_PER_SLOT;
        let waiting = self.waiting.fetch_add(1, Ordering::SeqCst);
        let _leave = Leave(&self.waiting);
        if waiting >= limit {
            return Err(WorkerError::Busy {
                threads: self.settings.threads,
                waiting,
            });
        }
        self.slots
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| WorkerError::ShuttingDown)
    }
}

/// Decrements a counter when dropped.
struct Leave<'a>(&'a AtomicUsize);

impl Drop for Leave<'_> {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

/// Raises the cancel flag when the request's future is dropped before the shard is done.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

#[tonic::async_trait]
impl Worker for WorkerService {
    async fn info(
        &self,
        _request: Request<pb::InfoRequest>,
    ) -> Result<Response<pb::InfoResponse>, Status> {
        let faults = &self.settings.faults;
        Ok(Response::new(pb::InfoResponse {
            protocol_version: self.protocol(),
            engine_version: ENGINE_VERSION.to_string(),
            rules_hash: faults
                .rules_hash
                .clone()
                .unwrap_or_else(|| RULES_HASH.to_string()),
            threads: u32::try_from(self.settings.threads).unwrap_or(u32::MAX),
            limits: Some(pb::Limits {
                max_request_bytes: self.settings.max_request_bytes as u64,
                max_shard_runs: self.settings.max_shard_runs,
            }),
            binary_version: BINARY_VERSION.to_string(),
        }))
    }

    async fn run_shard(
        &self,
        request: Request<pb::RunShardRequest>,
    ) -> Result<Response<pb::RunShardResponse>, Status> {
        if self.draining.load(Ordering::SeqCst) {
            return Err(WorkerError::ShuttingDown.into());
        }
        let request = request.into_inner();
        let runs = self.admit(&request)?;
        let permit = self.slot().await?;
        if self.draining.load(Ordering::SeqCst) {
            return Err(WorkerError::ShuttingDown.into());
        }
        let cancelled = Arc::new(AtomicBool::new(false));
        let _guard = CancelOnDrop(cancelled.clone());
        let cache = self.cache.clone();
        let faults = self.settings.faults.clone();
        let scenario = request.scenario.unwrap_or_default();
        let seed = request.seed;
        let job = request.job_id.clone();
        let shard = request.shard_id;
        let task = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let invalid = |errors: DataErrors| WorkerError::InvalidRequest {
                reason: quote_errors(&errors.0),
            };
            // Compiling is bounded by the request size (`--max-request-bytes`) and linear in
            // it; a caller gone while the request waited or compiled is not played for.
            if cancelled.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let source = source_from_pb(&scenario).map_err(invalid)?;
            let hash = source.content_hash();
            let compiled = cache
                .get_or_compile(hash, || source.compile())
                .map_err(invalid)?;
            if cancelled.load(Ordering::Relaxed) {
                return Ok(None);
            }
            let tally = play(&compiled, seed, runs, &faults, &cancelled);
            Ok::<_, WorkerError>(tally.map(|tally| (hash, tally)))
        });
        let played = match task.await {
            Ok(result) => result?,
            Err(e) => {
                let reason = match e.try_into_panic() {
                    Ok(panic) => panic_message(panic.as_ref()),
                    Err(e) => e.to_string(),
                };
                tracing::error!(job = %job, shard, "shard failed: {reason}");
                return Err(WorkerError::EngineFailed { reason }.into());
            }
        };
        let Some((hash, tally)) = played else {
            return Err(Status::cancelled("the caller went away"));
        };
        tracing::debug!(job = %job, shard, fights = tally.fights, "shard done");
        Ok(Response::new(pb::RunShardResponse {
            job_id: request.job_id,
            shard_id: request.shard_id,
            attempt: request.attempt,
            tally: Some(tally_to_pb(&tally)),
            scenario_hash: hash.to_string(),
        }))
    }
}

/// Plays `runs`, stopping early (None) when `cancelled` is raised: the engine looks at the flag
/// between fights and once a round, so a fight with a huge round cap and nothing to do gives its
/// slot back as soon as the caller's deadline passes (issue 16, defect 3).
fn play(
    scenario: &pf1e_engine::scenario::Scenario,
    seed: u64,
    runs: Range<u64>,
    faults: &Faults,
    cancelled: &AtomicBool,
) -> Option<Tally> {
    if let Some(delay) = faults.delay {
        std::thread::sleep(delay);
    }
    if faults.stall {
        while !cancelled.load(Ordering::SeqCst) {
            std::thread::sleep(std::time::Duration::from_millis(10));
        }
        return None;
    }
    if let Some(run) = faults.panic_run.filter(|r| runs.contains(r)) {
        panic!("test fault: run {run} is poisoned");
    }
    let mut tally = play_runs_until(scenario, seed, runs, cancelled)?;
    if let (true, Some(unit)) = (faults.tamper, tally.units.first_mut()) {
        unit.damage_dealt += 1;
    }
    match faults.forge {
        Some(Forge::Wins) => tally.wins[0] = tally.fights.saturating_mul(1000),
        Some(Forge::Rounds) => {
            let cap = u64::from(scenario.options().round_cap);
            tally.rounds_sum = tally.fights.saturating_mul(cap + 1);
        }
        None => {}
    }
    Some(tally)
}

fn quote_errors(errors: &[DataError]) -> String {
    let mut lines: Vec<String> = errors
        .iter()
        .take(MAX_QUOTED_ERRORS)
        .map(ToString::to_string)
        .collect();
    if errors.len() > MAX_QUOTED_ERRORS {
        lines.push(format!("… and {} more", errors.len() - MAX_QUOTED_ERRORS));
    }
    format!("the scenario does not compile: {}", lines.join("; "))
}

fn panic_message(panic: &(dyn std::any::Any + Send)) -> String {
    if let Some(s) = panic.downcast_ref::<&str>() {
        format!("panic: {s}")
    } else if let Some(s) = panic.downcast_ref::<String>() {
        format!("panic: {s}")
    } else {
        "panic".to_string()
    }
}
