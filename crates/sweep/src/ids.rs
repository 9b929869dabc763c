//! Newtype ids of the job machinery, so they cannot be mixed up (« Ballista core/src/ids.rs »
//! habit): a [`JobId`] names what a job's report depends on, a [`ShardId`] a shard of its plan,
//! a [`RulesBuild`] the build of the rules that plays the fights.

use std::fmt;

use crate::hash::{ContentHash, Hasher};

/// A job's content hash: its scenario source's hash, seed and run count, in hex. Equal ids mean
/// the same report; a journal remembers the id of the job it belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct JobId(pub String);

impl JobId {
    /// The id of playing `runs` runs from `seed` on the scenario whose source hashes to
    /// `source`.
    pub fn new(source: &ContentHash, seed: u64, runs: u64) -> JobId {
        let mut h = Hasher::new("pf1e-job-v2");
        h.hash(source).u64(seed).u64(runs);
        JobId(h.finish().to_string())
    }

    /// The first 12 hex digits, for messages.
    pub fn short(&self) -> &str {
        &self.0[..self.0.len().min(12)]
    }
}

impl fmt::Display for JobId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The build that plays the fights: equal builds play equal fights. Keys of stored results
/// (sweep cache entries, slice files) include it, so another build never reuses them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RulesBuild {
    /// Fingerprint of the engine's sources.
    pub rules_hash: &'static str,
    /// Version of the engine crate.
    pub engine_version: &'static str,
}

impl RulesBuild {
    /// Adds the build to a hash.
    pub fn hash_into(self, h: &mut Hasher) {
        h.text(self.rules_hash).text(self.engine_version);
    }
}

/// Index of a shard in its job's plan.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ShardId(pub u64);

impl fmt::Display for ShardId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "shard {}", self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_job_id_depends_on_source_seed_and_runs() {
        let a = ContentHash([1; 32]);
        let id = JobId::new(&a, 1, 10);
        assert_eq!(id.0.len(), 64);
        assert_eq!(id.short().len(), 12);
        assert_eq!(JobId::new(&a, 1, 10), id);
        assert_ne!(JobId::new(&a, 2, 10), id);
        assert_ne!(JobId::new(&a, 1, 11), id);
        assert_ne!(JobId::new(&ContentHash([2; 32]), 1, 10), id);
        assert_eq!(ShardId(3).to_string(), "shard 3");
    }
}
