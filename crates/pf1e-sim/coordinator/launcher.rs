//! [`ShardLauncher`]: the seam between the scheduler and the network (« Ballista
//! TaskLauncher » habit). The scheduler decides what runs where; a launcher only plays one
//! shard on one worker and says how it went. [`GrpcLauncher`] talks to real workers; the
//! scheduler's tests use in-memory launchers, so every fault is tested without sockets.

use std::future::Future;
use std::ops::Range;
use std::sync::{Arc, RwLock};
use std::time::Duration;

use pf1e_engine::tally::Tally;
use pf1e_sweep::ids::{JobId, ShardId};
use tonic::Request;
use tonic::transport::Channel;

use crate::rpc::PROTOCOL_VERSION;
use crate::rpc::auth::Token;
use crate::rpc::convert::tally_from_pb;
use crate::rpc::pb::{self, worker_client::WorkerClient};
use crate::rpc::status::{Failure, FailureKind, classify, classify_call};

/// Index of a worker in the coordinator's pool.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct WorkerId(pub usize);

/// One attempt at a shard.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShardTask {
    pub shard: ShardId,
    pub runs: Range<u64>,
    /// 1 for the first launch of the shard, then 2, 3…
    pub attempt: u32,
}

/// Plays shards on workers. Every future it returns must end in bounded time (each call
/// carries a deadline), so the scheduler never hangs.
pub trait ShardLauncher: Send + Sync + 'static {
    /// Plays `task` on `worker` and returns the shard's tally, or why not.
    fn launch(
        &self,
        worker: WorkerId,
        task: ShardTask,
    ) -> impl Future<Output = Result<Tally, Failure>> + Send + 'static;

    /// Whether `worker` answers again after a call to it broke.
    fn probe(&self, worker: WorkerId)
    -> impl Future<Output = Result<(), Failure>> + Send + 'static;
}

/// What every shard of a job shares on the wire.
#[derive(Debug)]
pub struct WireJob {
    pub job_id: JobId,
    pub scenario: pb::Scenario,
    pub seed: u64,
    /// Sides and combatants of the scenario: the shape every answer must have.
    pub sides: usize,
    pub units: usize,
}

/// A connected worker.
#[derive(Clone, Debug)]
pub struct Remote {
    pub name: String,
    pub client: WorkerClient<Channel>,
}

/// Plays shards over gRPC.
pub struct GrpcLauncher {
    pub job: Arc<WireJob>,
    /// The pool, indexed by [`WorkerId`]; re-resolution adds to it during the job
    /// ([`GrpcLauncher::join`]).
    pub workers: RwLock<Vec<Remote>>,
    pub token: Option<Token>,
    /// Deadline of one RunShard call (sent as grpc-timeout and enforced here too).
    pub shard_timeout: Duration,
    /// Deadline of an Info call.
    pub probe_timeout: Duration,
}

impl GrpcLauncher {
    /// The client of `worker`.
    fn client(&self, worker: WorkerId) -> WorkerClient<Channel> {
        let pool = self.workers.read().unwrap_or_else(|e| e.into_inner());
        pool[worker.0].client.clone()
    }

    /// Adds a worker found during the job, or — a worker of that name back after a restart —
    /// replaces its connection; returns its id either way.
    pub fn join(&self, remote: Remote) -> WorkerId {
        let mut pool = self.workers.write().unwrap_or_else(|e| e.into_inner());
        if let Some(i) = pool.iter().position(|r| r.name == remote.name) {
            pool[i] = remote;
            return WorkerId(i);
        }
        pool.push(remote);
        WorkerId(pool.len() - 1)
    }
}

impl ShardLauncher for GrpcLauncher {
    fn launch(
        &self,
        worker: WorkerId,
        task: ShardTask,
    ) -> impl Future<Output = Result<Tally, Failure>> + Send + 'static {
        let job = self.job.clone();
        let mut client = self.client(worker);
        let token = self.token.clone();
        let timeout = self.shard_timeout;
        async move {
            let mut request = Request::new(pb::RunShardRequest {
                protocol_version: PROTOCOL_VERSION,
                job_id: job.job_id.0.clone(),
                shard_id: task.shard.0,
                attempt: task.attempt,
                scenario: Some(job.scenario.clone()),
                seed: job.seed,
                first_run: task.runs.start,
                run_count: task.runs.end - task.runs.start,
            });
            request.set_timeout(timeout);
            if let Some(token) = &token {
                token.authorize(&mut request);
            }
            // The worker honours grpc-timeout; a worker that is frozen can't, so the same
            // deadline (plus a margin for the answer to travel) is enforced here as well.
            let started = tokio::time::Instant::now();
            let call = tokio::time::timeout(
                timeout + Duration::from_millis(500),
                client.run_shard(request),
            );
            let response = match call.await {
                Err(_) => {
                    return Err(Failure::new(
                        FailureKind::Stalled,
                        format!("no answer within {timeout:?}"),
                    ));
                }
                Ok(Err(status)) => {
                    return Err(classify_call(&status, started.elapsed(), timeout));
                }
                Ok(Ok(response)) => response.into_inner(),
            };
            check_answer(&job, &task, &response)
        }
    }

    fn probe(
        &self,
        worker: WorkerId,
    ) -> impl Future<Output = Result<(), Failure>> + Send + 'static {
        let mut client = self.client(worker);
        let token = self.token.clone();
        let timeout = self.probe_timeout;
        async move {
            let mut request = Request::new(pb::InfoRequest {
                protocol_version: PROTOCOL_VERSION,
            });
            request.set_timeout(timeout);
            if let Some(token) = &token {
                token.authorize(&mut request);
            }
            match tokio::time::timeout(timeout, client.info(request)).await {
                Ok(Ok(_)) => Ok(()),
                Ok(Err(status)) => Err(classify(&status)),
                Err(_) => Err(Failure::new(
                    FailureKind::Unreachable,
                    format!("no answer to Info within {timeout:?}"),
                )),
            }
        }
    }
}

/// An answer must be for this job and shard, with one fight per run, the scenario's shape and
/// counters that hold together (`Tally::check`); anything else is a wrong answer (a mismatched
/// or broken worker), never merged. Rounds must fit the scenario's round cap (`Tally::check_rounds`).
fn check_answer(
    job: &WireJob,
    task: &ShardTask,
    response: &pb::RunShardResponse,
) -> Result<Tally, Failure> {
    let wrong = |what: String| {
        Err(Failure::new(
            FailureKind::ShardFailed,
            format!("wrong answer: {what}"),
        ))
    };
    if response.job_id != job.job_id.0 || response.shard_id != task.shard.0 {
        return wrong(format!(
            "answered job {} shard {} for job {} shard {}",
            response.job_id, response.shard_id, job.job_id, task.shard.0
        ));
    }
    let Some(tally) = &response.tally else {
        return wrong("no tally".to_string());
    };
    let tally = tally_from_pb(tally);
    let runs = task.runs.end - task.runs.start;
    if tally.fights != runs {
        return wrong(format!("{} fights for {runs} runs", tally.fights));
    }
    let round_cap = job.scenario.options.as_ref().map_or(0, |o| o.round_cap);
    if let Err(e) = tally
        .check(job.sides, job.units)
        .and_then(|()| tally.check_rounds(round_cap))
    {
        return wrong(e.to_string());
    }
    Ok(tally)
}

/// [`check_answer`] of any answer, as if to shard 0 (runs 0..2) of a 2-side, 5-unit job: the
/// wire property tests (`rpc::wire_props`) feed it mutated answers.
#[cfg(test)]
pub fn check_any_answer(response: &pb::RunShardResponse) {
    let job = WireJob {
        job_id: JobId("props".into()),
        scenario: pb::Scenario::default(),
        seed: 1,
        sides: 2,
        units: 5,
    };
    let task = ShardTask {
        shard: ShardId(0),
        runs: 0..2,
        attempt: 1,
    };
    let _ = check_answer(&job, &task, response);
}
