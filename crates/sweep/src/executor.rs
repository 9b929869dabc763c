//! The one local executor: plays a list of shards on scoped std threads and streams each
//! finished shard's tally back to the calling thread, which merges it into the total and hands
//! it to a callback (a journal records it, a progress bar advances) before taking the next. The
//! only place in this crate that starts threads; it does no I/O and reads no clock. `run`,
//! `sweep`, slices, `bench` and the coordinator's local fallback all play through here.
//!
//! Threads pull shard indices from one atomic counter, so a fast thread simply takes more
//! shards. Merging is integer addition (commutative, associative), so the total — and the report
//! rendered from it — is the same for every thread count, shard size and completion order; only
//! the order of the callbacks varies. What plays a shard is a parameter
//! (`play::play_runs` in practice), which keeps this module testable without the
//! engine.

use std::num::NonZeroUsize;
use std::ops::Range;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;

use pf1e_engine::tally::{Tally, TallyError};

use crate::shard::ShardPlan;
use crate::target_band::{SeedOrder, TargetBand};

/// The number of threads to use when the user names none: every core the OS gives us.
pub fn default_threads() -> NonZeroUsize {
    std::thread::available_parallelism().unwrap_or(NonZeroUsize::MIN)
}

/// Shards the executor can index without storing them: a whole [`ShardPlan`] (a billion
/// one-run shards cost no memory), or a list of chosen run ranges.
pub trait Shards: Sync {
    /// How many shards there are.
    fn count(&self) -> u64;
    /// The run indices of shard `index` (`index < count()`).
    fn runs(&self, index: u64) -> Range<u64>;
}

impl Shards for ShardPlan {
    fn count(&self) -> u64 {
        self.len()
    }

    fn runs(&self, index: u64) -> Range<u64> {
        self.shard(index).unwrap_or(0..0)
    }
}

impl Shards for [Range<u64>] {
    fn count(&self) -> u64 {
        self.len() as u64
    }

    fn runs(&self, index: u64) -> Range<u64> {
        usize::try_from(index)
            .ok()
            .and_then(|i| self.get(i))
            .cloned()
            .unwrap_or(0..0)
    }
}

/// Plays every shard of `shards` with `play` on up to `threads` threads (never more than there
/// are shards) and returns `empty` plus every shard's tally. As each shard finishes, the calling
/// thread merges it and calls `done(index, &tally)`; the first error (a tally of another shape,
/// an overflow, or `done`'s own) stops the threads after their current shard and is returned.
/// A panic in `play` is resumed here once the other threads have stopped.
pub fn execute<S, E>(
    shards: &S,
    threads: NonZeroUsize,
    empty: &Tally,
    play: impl Fn(Range<u64>) -> Tally + Sync,
    mut done: impl FnMut(u64, &Tally) -> Result<(), E>,
) -> Result<Tally, E>
where
    S: Shards + ?Sized,
    E: From<TallyError>,
{
    execute_while(shards, threads, empty, play, |index, tally| {
        done(index, tally).map(|()| true)
    })
}

/// [`execute`] whose callback may end the job early: when `done` returns `Ok(false)` the
/// threads stop after their current shard and the total so far is returned (a precision-driven
/// job that reached its target: `target_band::SeedOrder` decides, in seed order). Threads take
/// shards in index order, so what they played beyond that point is at most one shard each.
pub fn execute_while<S, E>(
    shards: &S,
    threads: NonZeroUsize,
    empty: &Tally,
    play: impl Fn(Range<u64>) -> Tally + Sync,
    mut done: impl FnMut(u64, &Tally) -> Result<bool, E>,
) -> Result<Tally, E>
where
    S: Shards + ?Sized,
    E: From<TallyError>,
{
    let count = shards.count();
    let workers = usize::try_from(count)
        .unwrap_or(usize::MAX)
        .min(threads.get());
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let (tx, rx) = mpsc::channel::<(u64, Tally)>();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..workers)
            .map(|_| {
                let tx = tx.clone();
                let (next, stop, play) = (&next, &stop, &play);
                scope.spawn(move || {
                    while !stop.load(Ordering::Relaxed) {
                        let index = next.fetch_add(1, Ordering::Relaxed);
                        if index >= count || tx.send((index, play(shards.runs(index)))).is_err() {
                            break;
                        }
                    }
                })
            })
            .collect();
        drop(tx);
        let mut total = empty.clone();
        let mut outcome = Ok(());
        for (index, tally) in rx.iter() {
            let step = total
                .merge(&tally)
                .map_err(E::from)
                .and_then(|()| done(index, &tally));
            match step {
                Ok(true) => {}
                Ok(false) => {
                    stop.store(true, Ordering::Relaxed);
                    break;
                }
                Err(e) => {
                    stop.store(true, Ordering::Relaxed);
                    outcome = Err(e);
                    break;
                }
            }
        }
        drop(rx);
        for handle in handles {
            if let Err(panic) = handle.join() {
                std::panic::resume_unwind(panic);
            }
        }
        outcome.map(|()| total)
    })
}

/// Plays `shards` and merges them in seed order ([`SeedOrder`]): every shard, or — with a
/// `target` — the shards up to the first checkpoint where every side's 3σ band is within it
/// (shards played beyond it are dropped). `progress` sees each shard as it is merged in order.
pub fn execute_in_seed_order<S>(
    shards: &S,
    threads: NonZeroUsize,
    empty: &Tally,
    target: Option<TargetBand>,
    play: impl Fn(Range<u64>) -> Tally + Sync,
    mut progress: impl FnMut(&Tally),
) -> Result<Tally, TallyError>
where
    S: Shards + ?Sized,
{
    let mut order = SeedOrder::new(target, shards.count(), empty.clone());
    execute_while(shards, threads, empty, play, |index, tally| {
        progress(tally);
        Ok::<bool, TallyError>(!order.add(index, tally)?)
    })?;
    Ok(order.into_total())
}

/// [`execute`] without a callback: the merged total of every shard.
pub fn play_all<S>(
    shards: &S,
    threads: NonZeroUsize,
    empty: &Tally,
    play: impl Fn(Range<u64>) -> Tally + Sync,
) -> Result<Tally, TallyError>
where
    S: Shards + ?Sized,
{
    execute(
        shards,
        threads,
        empty,
        play,
        |_, _| Ok::<(), TallyError>(()),
    )
}

#[cfg(test)]
#[path = "executor_tests.rs"]
mod tests;
