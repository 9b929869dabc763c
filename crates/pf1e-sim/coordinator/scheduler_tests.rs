//! The scheduler driven through an in-memory [`ShardLauncher`]: scripted workers that answer,
//! break, stall, refuse or lie, so every fault policy is pinned without a socket.

use std::collections::BTreeMap;
use std::future::Future;
use std::ops::Range;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

use pf1e_engine::tally::Tally;

use super::*;
use crate::rpc::status::{Failure, FailureKind};

/// A stand-in for the engine: a pure function of the run index.
fn fake_shard(runs: Range<u64>) -> Tally {
    let mut t = Tally::empty(2, 2);
    for run in runs {
        let x = run.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        t.fights += 1;
        t.wins[(x % 2) as usize] += 1;
        t.rounds_sum += 1 + x % 7;
        t.units[(x % 2) as usize].hits += x % 5;
    }
    t
}

/// How a scripted worker behaves.
#[derive(Clone, Copy, Debug)]
enum Script {
    Honest,
    /// Answers `n` shards, then every call and probe finds it unreachable (killed).
    DiesAfter(usize),
    /// Every call fails this way.
    Always(FailureKind),
    /// Shards containing this run fail (engine error) on every worker scripted so.
    Poison(u64),
    /// Adds one round to every tally.
    Tamper,
    /// The first call breaks (a blip), the probe succeeds, then it is honest.
    Blip,
    /// The first call breaks and the first `n` probes find nobody (restarting on the same
    /// address); then it answers and is honest.
    Restarts(usize),
}

struct Fake {
    scripts: Vec<Script>,
    served: Vec<AtomicUsize>,
    running: Vec<AtomicUsize>,
    most_running: Vec<AtomicUsize>,
    probed: Vec<AtomicUsize>,
}

impl Fake {
    fn new(scripts: &[Script]) -> Arc<Self> {
        let n = scripts.len();
        let zeros = || (0..n).map(|_| AtomicUsize::new(0)).collect();
        Arc::new(Fake {
            scripts: scripts.to_vec(),
            served: zeros(),
            running: zeros(),
            most_running: zeros(),
            probed: zeros(),
        })
    }
}

impl ShardLauncher for Arc<Fake> {
    fn launch(
        &self,
        worker: WorkerId,
        task: ShardTask,
    ) -> impl Future<Output = Result<Tally, Failure>> + Send + 'static {
        let me = self.clone();
        async move {
            let w = worker.0;
            let now = me.running[w].fetch_add(1, Ordering::SeqCst) + 1;
            me.most_running[w].fetch_max(now, Ordering::SeqCst);
            for _ in 0..3 {
                tokio::task::yield_now().await;
            }
            me.running[w].fetch_sub(1, Ordering::SeqCst);
            let served = me.served[w].fetch_add(1, Ordering::SeqCst);
            let fail = |kind| Err(Failure::new(kind, format!("scripted {kind:?}")));
            match me.scripts[w] {
                Script::Honest => Ok(fake_shard(task.runs)),
                Script::DiesAfter(n) if served >= n => fail(FailureKind::Unreachable),
                Script::DiesAfter(_) => Ok(fake_shard(task.runs)),
                Script::Always(kind) => fail(kind),
                Script::Poison(run) if task.runs.contains(&run) => fail(FailureKind::ShardFailed),
                Script::Poison(_) => Ok(fake_shard(task.runs)),
                Script::Tamper => {
                    let mut t = fake_shard(task.runs);
                    t.rounds_sum += 1;
                    Ok(t)
                }
                Script::Blip if served == 0 => fail(FailureKind::Unreachable),
                Script::Blip => Ok(fake_shard(task.runs)),
                Script::Restarts(_) if served == 0 => fail(FailureKind::Unreachable),
                Script::Restarts(_) => Ok(fake_shard(task.runs)),
            }
        }
    }

    fn probe(
        &self,
        worker: WorkerId,
    ) -> impl Future<Output = Result<(), Failure>> + Send + 'static {
        let script = self.scripts[worker.0];
        let probes = self.probed[worker.0].fetch_add(1, Ordering::SeqCst);
        async move {
            match script {
                Script::Restarts(n) if probes < n => {
                    Err(Failure::new(FailureKind::Unreachable, "connection refused"))
                }
                Script::DiesAfter(_) | Script::Always(_) => {
                    Err(Failure::new(FailureKind::Unreachable, "connection refused"))
                }
                _ => Ok(()),
            }
        }
    }
}

/// Collects merged shards; refuses a second merge of one shard.
#[derive(Default)]
struct Collect {
    merged: BTreeMap<u64, Tally>,
    total: Option<Tally>,
}

impl Collector for Collect {
    fn merged(&mut self, shard: ShardId, runs: Range<u64>, tally: &Tally) -> anyhow::Result<()> {
        assert_eq!(tally.fights, runs.end - runs.start);
        assert!(
            self.merged.insert(shard.0, tally.clone()).is_none(),
            "{shard} merged twice"
        );
        self.total
            .get_or_insert_with(|| Tally::empty(2, 2))
            .merge(tally)?;
        Ok(())
    }
}

fn plan(runs: u64, size: u64) -> Vec<(ShardId, Range<u64>)> {
    (0..runs.div_ceil(size))
        .map(|k| (ShardId(k), k * size..((k + 1) * size).min(runs)))
        .collect()
}

fn workers(n: usize, slots: usize) -> Vec<WorkerSlots> {
    (0..n)
        .map(|i| WorkerSlots {
            name: format!("w{i}"),
            slots,
            pipeline: 1,
        })
        .collect()
}

const POLICY: RetryPolicy = RetryPolicy {
    max_attempts: 3,
    copies: 1,
    max_probes: 2,
    probe_backoff: std::time::Duration::from_millis(1),
};

async fn play(
    scripts: &[Script],
    slots: usize,
    policy: RetryPolicy,
) -> (Result<Stats, JobError>, Collect, Arc<Fake>) {
    let fake = Fake::new(scripts);
    let mut collected = Collect::default();
    let result = run_shards(
        Arc::new(fake.clone()),
        &workers(scripts.len(), slots),
        plan(1000, 37),
        policy,
        &mut collected,
    )
    .await;
    (result, collected, fake)
}

#[tokio::test]
async fn every_shard_is_merged_once_and_the_total_is_the_serial_tally() {
    let (result, collected, fake) = play(&[Script::Honest; 3], 2, POLICY).await;
    let stats = result.unwrap();
    assert_eq!(collected.merged.len(), 28);
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert_eq!(
        (stats.launches, stats.duplicates, stats.failures),
        (28, 0, 0)
    );
    for w in 0..3 {
        assert_eq!(
            fake.most_running[w].load(Ordering::SeqCst),
            2,
            "slots of w{w} kept full"
        );
    }
}

#[tokio::test]
async fn a_pipelined_worker_keeps_several_shards_in_flight_per_slot() {
    let fake = Fake::new(&[Script::Honest; 2]);
    let mut collected = Collect::default();
    let mut pool = workers(2, 2);
    for w in &mut pool {
        w.pipeline = 3;
    }
    let stats = run_shards(
        Arc::new(fake.clone()),
        &pool,
        plan(1000, 37),
        POLICY,
        &mut collected,
    )
    .await
    .unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert_eq!((stats.launches, stats.failures), (28, 0));
    for w in 0..2 {
        assert_eq!(fake.most_running[w].load(Ordering::SeqCst), 6, "w{w}");
    }
}

#[tokio::test]
async fn a_worker_lost_mid_job_costs_no_attempt_and_its_shards_move() {
    let once = RetryPolicy {
        max_attempts: 1,
        ..POLICY
    };
    let scripts = [Script::Honest, Script::DiesAfter(2), Script::Honest];
    let (result, collected, fake) = play(&scripts, 2, once).await;
    let stats = result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert!(stats.failures >= 1);
    assert!(fake.served[1].load(Ordering::SeqCst) < 28);
}

#[tokio::test]
async fn a_blip_is_probed_and_the_worker_comes_back() {
    let scripts = [Script::Blip, Script::Honest];
    let (result, collected, fake) = play(&scripts, 1, POLICY).await;
    result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert!(
        fake.served[0].load(Ordering::SeqCst) > 1,
        "w0 served again after its probe"
    );
}

#[tokio::test]
async fn a_worker_restarted_on_its_address_is_probed_with_back_off_and_used_again() {
    let patient = RetryPolicy {
        max_probes: 4,
        ..POLICY
    };
    // Alone: the job can finish only if w0 is used again once it answers.
    let scripts = [Script::Restarts(3)];
    let (result, collected, fake) = play(&scripts, 1, patient).await;
    result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert_eq!(
        fake.probed[0].load(Ordering::SeqCst),
        4,
        "3 silent probes, then it answers"
    );
    assert!(
        fake.served[0].load(Ordering::SeqCst) > 1,
        "w0 served again after its restart"
    );
}

#[tokio::test]
async fn a_worker_silent_for_all_its_probes_is_dropped() {
    let scripts = [Script::Restarts(10), Script::Honest];
    let (result, collected, fake) = play(&scripts, 1, POLICY).await;
    result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert_eq!(
        fake.probed[0].load(Ordering::SeqCst),
        2,
        "max_probes probes, then dropped"
    );
    assert_eq!(fake.served[0].load(Ordering::SeqCst), 1);
}

#[tokio::test]
async fn stalls_retire_slots_and_count_against_the_shard() {
    let scripts = [Script::Always(FailureKind::Stalled), Script::Honest];
    let (result, collected, fake) = play(&scripts, 2, POLICY).await;
    let stats = result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert_eq!(
        fake.served[0].load(Ordering::SeqCst),
        2,
        "one call per slot, then dropped"
    );
    assert_eq!(stats.failures, 2);
}

#[tokio::test]
async fn a_poison_shard_fails_after_its_attempts_naming_the_shard_and_errors() {
    let scripts = [Script::Poison(500), Script::Poison(500)];
    let (result, _, _) = play(&scripts, 1, POLICY).await;
    match result {
        Err(JobError::ShardFailed {
            shard,
            runs,
            errors,
        }) => {
            assert_eq!((shard, runs), (ShardId(13), 481..518));
            assert_eq!(errors.len(), 3, "{errors:?}");
            assert!(errors.iter().all(|e| e.contains("scripted ShardFailed")));
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn all_workers_lost_ends_the_job_with_what_is_missing() {
    let scripts = [Script::DiesAfter(3), Script::Always(FailureKind::Refused)];
    let (result, collected, _) = play(&scripts, 1, POLICY).await;
    match result {
        Err(JobError::AllWorkersLost { missing, reasons }) => {
            assert_eq!(missing.len() + collected.merged.len(), 28);
            assert_eq!(collected.merged.len(), 3);
            assert_eq!(reasons.len(), 2, "{reasons:?}");
            assert!(
                reasons[1].starts_with("w1: scripted Refused"),
                "{reasons:?}"
            );
        }
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn busy_and_refusing_workers_leave_the_job_to_the_others() {
    let scripts = [
        Script::Always(FailureKind::Busy),
        Script::Always(FailureKind::Refused),
        Script::Honest,
    ];
    let once = RetryPolicy {
        max_attempts: 1,
        ..POLICY
    };
    let (result, collected, _) = play(&scripts, 2, once).await;
    result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
}

#[tokio::test]
async fn with_two_copies_duplicates_are_merged_once() {
    let verify = RetryPolicy {
        copies: 2,
        ..POLICY
    };
    let (result, collected, fake) = play(&[Script::Honest; 3], 1, verify).await;
    let stats = result.unwrap();
    assert_eq!(collected.total.unwrap(), fake_shard(0..1000));
    assert_eq!(stats.duplicates, 28);
    assert_eq!(stats.launches, 56);
    let served: usize = (0..3).map(|w| fake.served[w].load(Ordering::SeqCst)).sum();
    assert_eq!(served, 56);
}

#[tokio::test]
async fn two_different_answers_for_a_shard_fail_the_job() {
    let verify = RetryPolicy {
        copies: 2,
        ..POLICY
    };
    let (result, _, _) = play(&[Script::Honest, Script::Tamper], 1, verify).await;
    match result {
        Err(JobError::Disagreement { first, second, .. }) => {
            let mut names = [first, second];
            names.sort();
            assert_eq!(names, ["w0", "w1"]);
        }
        other => panic!("{other:?}"),
    }
}
