//! Splitting a job's runs into shards: runs `0..runs` cut into consecutive seed ranges of
//! `shard_runs` runs, the last one shorter (« nextest partition » habit: a small module that
//! explains bad input). A shard is a range of run indices; run `i` of the job rolls from seed
//! `seed + i` whichever shard, thread or machine plays it, so the plan never changes results —
//! only how the work is cut.
//!
//! The plan is computed, not stored: shard `k` is `k·shard_runs .. min((k+1)·shard_runs,
//! runs)`, so a billion one-run shards cost no memory.

use std::ops::Range;

use thiserror::Error;

/// Default number of runs per shard: large enough that scheduling costs nothing next to the
/// fights, small enough to spread a 100,000-run job over many threads.
pub const DEFAULT_SHARD_RUNS: u64 = 1000;

/// Why a plan cannot be made.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlanError {
    #[error("runs must be at least 1 (got 0): a job plays at least one fight")]
    NoRuns,
    #[error("shard runs must be at least 1 (got 0): a shard plays at least one fight")]
    EmptyShards,
}

/// Runs `0..runs` cut into shards of `shard_runs` runs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardPlan {
    runs: u64,
    shard_runs: u64,
}

impl ShardPlan {
    /// Plans `runs` runs (≥ 1) in shards of `shard_runs` (≥ 1; larger than `runs` makes one
    /// shard).
    pub fn new(runs: u64, shard_runs: u64) -> Result<Self, PlanError> {
        if runs == 0 {
            return Err(PlanError::NoRuns);
        }
        if shard_runs == 0 {
            return Err(PlanError::EmptyShards);
        }
        Ok(Self { runs, shard_runs })
    }

    /// Total runs of the job.
    pub fn runs(&self) -> u64 {
        self.runs
    }

    /// Runs per shard (every shard but possibly the last).
    pub fn shard_runs(&self) -> u64 {
        self.shard_runs
    }

    /// Number of shards: ⌈runs / shard_runs⌉, at least 1.
    pub fn len(&self) -> u64 {
        self.runs.div_ceil(self.shard_runs)
    }

    /// Never true: a plan holds at least one run (kept for the `len` convention).
    pub fn is_empty(&self) -> bool {
        false
    }

    /// Run indices of shard `index`, or `None` past the last shard.
    pub fn shard(&self, index: u64) -> Option<Range<u64>> {
        if index >= self.len() {
            return None;
        }
        let start = index * self.shard_runs;
        let end = start.saturating_add(self.shard_runs).min(self.runs);
        Some(start..end)
    }

    /// Every shard in order.
    pub fn shards(&self) -> impl Iterator<Item = Range<u64>> + '_ {
        (0..self.len()).filter_map(|i| self.shard(i))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shards_are_consecutive_and_the_last_is_shorter() {
        let plan = ShardPlan::new(2500, 1000).unwrap();
        assert_eq!(plan.len(), 3);
        let shards: Vec<Range<u64>> = plan.shards().collect();
        assert_eq!(shards, [0..1000, 1000..2000, 2000..2500]);
        assert_eq!(plan.shard(3), None);
    }

    #[test]
    fn exact_multiples_and_oversized_shards() {
        let plan = ShardPlan::new(200, 7).unwrap();
        assert_eq!(plan.len(), 29);
        assert_eq!(plan.shard(28), Some(196..200));
        let shards: Vec<Range<u64>> = ShardPlan::new(2000, 1000).unwrap().shards().collect();
        assert_eq!(shards, [0..1000, 1000..2000]);
        let one = ShardPlan::new(5, 1000).unwrap();
        assert_eq!((one.len(), one.shard(0)), (1, Some(0..5)));
        let singles = ShardPlan::new(3, 1).unwrap();
        assert_eq!(singles.shards().collect::<Vec<_>>(), [0..1, 1..2, 2..3]);
    }

    #[test]
    fn shards_cover_every_run_once() {
        for (runs, size) in [
            (1, 1),
            (999, 1000),
            (1001, 1000),
            (12345, 97),
            (u64::MAX, 1 << 62),
        ] {
            let plan = ShardPlan::new(runs, size).unwrap();
            let mut next = 0u64;
            let mut count = 0u64;
            for r in plan.shards() {
                assert_eq!(r.start, next);
                assert!(r.end > r.start && r.end - r.start <= size);
                next = r.end;
                count += 1;
            }
            assert_eq!((next, count), (runs, plan.len()));
        }
    }

    #[test]
    fn zero_runs_or_empty_shards_are_refused() {
        assert_eq!(ShardPlan::new(0, 1000), Err(PlanError::NoRuns));
        assert_eq!(ShardPlan::new(10, 0), Err(PlanError::EmptyShards));
        assert_eq!(
            PlanError::NoRuns.to_string(),
            "runs must be at least 1 (got 0): a job plays at least one fight"
        );
    }
}
