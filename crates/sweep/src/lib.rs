//! pf1e-sweep: jobs and reports. A job's runs are planned into seed-range shards
//! ([`shard`]), played and merged by integer addition ([`executor`] locally; a coordinator
//! later), and the merged tally is rendered ([`report`] in French, [`json`], [`transcript`]).
//! Pure: no I/O and no clock; the only threads are the scoped ones of [`executor`].

pub mod band;
pub mod executor;
pub mod figures;
pub mod json;
pub mod report;
pub mod shard;
pub mod table;
pub mod transcript;
