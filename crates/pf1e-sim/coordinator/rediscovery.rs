//! Finding workers during a job: every few seconds the workers' URLs are resolved again
//! (through the job's [`Resolver`]), and every address not in the pool — a worker behind a
//! compose service or a Kubernetes headless Service that came up later, one back after a
//! restart (it left the name and came back), one that was down at the start — is dialled. A
//! worker that passes the handshake and fits the job joins the launcher's pool and the
//! scheduler ([`Arrival`]); one that does not is tried again at the next round, quietly.
//!
//! It never touches a shard or a tally: which workers play decides nothing in a report.

use std::collections::BTreeSet;
use std::convert::Infallible;
use std::net::SocketAddr;
use std::time::Duration;

use tokio::sync::mpsc::UnboundedSender;

use super::discovery::{Admitted, Dial, Resolver, WorkerUrl, resolve_all, shake_hands};
use super::launcher::{GrpcLauncher, Remote};
use super::scheduler::{Arrival, WorkerSlots};

/// Pause between two resolutions of the workers' names during a job.
pub const REDISCOVER_EVERY: Duration = Duration::from_secs(2);

/// What a worker must accept to play this job's shards, and how many to keep in flight.
#[derive(Clone, Copy, Debug)]
pub struct Fits {
    pub shard_runs: u64,
    pub request_bytes: u64,
    /// Shards in flight per worker thread.
    pub pipeline: usize,
}

impl Fits {
    /// The admitted worker's address, slots and connection, or why it cannot play this job.
    pub fn check(&self, worker: Admitted) -> Result<(SocketAddr, WorkerSlots, Remote), String> {
        let name = &worker.remote.name;
        if worker.max_shard_runs < self.shard_runs {
            return Err(format!(
                "worker {name} refused: it plays at most {} runs per shard; pass --shard-runs {} or less",
                worker.max_shard_runs, worker.max_shard_runs
            ));
        }
        if worker.max_request_bytes < self.request_bytes {
            return Err(format!(
                "worker {name} refused: it accepts requests of {} bytes, this job's are {}",
                worker.max_request_bytes, self.request_bytes
            ));
        }
        let slots = WorkerSlots {
            name: name.clone(),
            slots: worker.threads,
            pipeline: self.pipeline,
        };
        Ok((worker.addr, slots, worker.remote))
    }
}

/// The re-resolution loop of one job.
pub struct Rediscovery<'a> {
    pub urls: &'a [WorkerUrl],
    pub resolver: &'a dyn Resolver,
    pub every: Duration,
    pub dial: &'a Dial<'a>,
    pub fits: Fits,
}

impl Rediscovery<'_> {
    /// Resolves the names every `every`, forever (the job drops it when it ends): addresses not
    /// in `pool` are dialled; those admitted join `launcher` and are sent to the scheduler. An
    /// address that leaves the name leaves `pool`, so it is dialled again if it comes back.
    pub async fn run(
        self,
        launcher: &GrpcLauncher,
        mut pool: BTreeSet<SocketAddr>,
        arrivals: UnboundedSender<Arrival>,
    ) -> Infallible {
        loop {
            tokio::time::sleep(self.every).await;
            let (targets, _) = resolve_all(self.urls, self.resolver).await;
            let listed: BTreeSet<SocketAddr> = targets.iter().map(|(_, _, a)| *a).collect();
            pool.retain(|a| listed.contains(a));
            let fresh = targets
                .into_iter()
                .filter(|(_, _, a)| !pool.contains(a))
                .collect();
            let (admitted, problems) = shake_hands(fresh, self.dial).await;
            for problem in problems {
                tracing::debug!("re-resolution: {problem}");
            }
            for worker in admitted {
                match self.fits.check(worker) {
                    Ok((addr, worker, remote)) => {
                        pool.insert(addr);
                        let id = launcher.join(remote);
                        // The scheduler is gone once the job ended: nothing left to tell.
                        let _ = arrivals.send(Arrival { id, worker });
                    }
                    Err(problem) => tracing::debug!("re-resolution: {problem}"),
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "rediscovery_tests.rs"]
mod tests;
