//! The local shard executor: plays every shard of a [`ShardPlan`] on scoped std threads and
//! merges the shard tallies. The only place in this crate that starts threads; it does no I/O
//! and reads no clock.
//!
//! Workers pull shard indices from one atomic counter, so a fast thread simply takes more
//! shards. Each worker adds its shards into its own [`Tally`] and the worker tallies are added
//! at the end: merging is integer addition (commutative, associative), so the result — and the
//! report rendered from it — is the same for every thread count, shard size and completion
//! order. What plays a shard is a parameter (`pf1e_engine::play::run_range` in `pf1e-sim
//! run`), which keeps this module testable without the engine.

use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use pf1e_engine::tally::{Tally, TallyMismatch};

use crate::shard::ShardPlan;

/// The number of threads to use when the user names none: every core the OS gives us.
pub fn default_threads() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// Plays every shard of `plan` with `play` on up to `threads` threads (never more than there
/// are shards) and returns `empty` plus every shard's tally. `play` receives run indices; it
/// must return a tally shaped like `empty`, else the job stops with the mismatch.
pub fn run_local<F>(
    plan: &ShardPlan,
    threads: NonZeroUsize,
    empty: &Tally,
    play: F,
) -> Result<Tally, TallyMismatch>
where
    F: Fn(Range<u64>) -> Tally + Sync,
{
    let workers = usize::try_from(plan.len())
        .unwrap_or(usize::MAX)
        .min(threads.get());
    let next = AtomicU64::new(0);
    let failed = AtomicBool::new(false);
    let worker = || -> Result<Tally, TallyMismatch> {
        let mut acc = empty.clone();
        while !failed.load(Ordering::Relaxed) {
            let Some(range) = plan.shard(next.fetch_add(1, Ordering::Relaxed)) else {
                break;
            };
            if let Err(e) = acc.merge(&play(range)) {
                failed.store(true, Ordering::Relaxed);
                return Err(e);
            }
        }
        Ok(acc)
    };
    let partials: Vec<Result<Tally, TallyMismatch>> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers).map(|_| scope.spawn(worker)).collect();
        handles
            .into_iter()
            .map(|h| {
                h.join()
                    .unwrap_or_else(|panic| std::panic::resume_unwind(panic))
            })
            .collect()
    });
    let mut total = empty.clone();
    for partial in partials {
        total.merge(&partial?)?;
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A stand-in for the engine: a pure function of the run index, like a real fight.
    fn fake_fight(run: u64) -> Tally {
        let mut t = Tally::empty(2, 3);
        let x = run.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        t.fights = 1;
        match x % 5 {
            0 => t.draws = 1,
            1 | 2 => t.wins[0] = 1,
            _ => t.wins[1] = 1,
        }
        let rounds = 1 + x % 9;
        t.rounds_sum = rounds;
        t.rounds_sq_sum = rounds * rounds;
        t.units[(x % 3) as usize].hits = x % 4;
        t.units[0].damage_dealt = x % 11;
        t.units[2].killed = u64::from(x % 7 == 0);
        t
    }

    fn fake_shard(range: Range<u64>) -> Tally {
        let mut t = Tally::empty(2, 3);
        for run in range {
            t.merge(&fake_fight(run)).unwrap();
        }
        t
    }

    fn threads(n: usize) -> NonZeroUsize {
        NonZeroUsize::new(n).unwrap()
    }

    #[test]
    fn result_is_the_same_for_every_thread_count_and_shard_size() {
        let empty = Tally::empty(2, 3);
        let serial = fake_shard(0..500);
        assert_eq!(serial.fights, 500);
        for shard_runs in [1, 7, 64, 500, 1000] {
            let plan = ShardPlan::new(500, shard_runs).unwrap();
            for n in [1, 2, 7] {
                let got = run_local(&plan, threads(n), &empty, fake_shard).unwrap();
                assert_eq!(got, serial, "{n} threads, shards of {shard_runs}");
            }
        }
    }

    #[test]
    fn every_run_is_played_exactly_once() {
        let plan = ShardPlan::new(1000, 3).unwrap();
        let played = std::sync::Mutex::new(vec![0u8; 1000]);
        let got = run_local(&plan, threads(4), &Tally::empty(1, 0), |range| {
            let mut seen = played.lock().unwrap();
            for run in range.clone() {
                seen[run as usize] += 1;
            }
            let mut t = Tally::empty(1, 0);
            t.fights = range.end - range.start;
            t
        })
        .unwrap();
        assert_eq!(got.fights, 1000);
        assert!(played.into_inner().unwrap().iter().all(|&n| n == 1));
    }

    #[test]
    fn a_misshapen_shard_tally_stops_the_job() {
        let plan = ShardPlan::new(10, 2).unwrap();
        let e = run_local(&plan, threads(2), &Tally::empty(2, 3), |_| {
            Tally::empty(3, 3)
        })
        .unwrap_err();
        assert_eq!((e.sides_a, e.sides_b), (2, 3));
    }
}
