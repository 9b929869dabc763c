//! pf1e-sweep: jobs and reports. Encounter and sweep specs are planned into seed-range shards,
//! shard tallies are merged by integer addition, and reports are rendered from merged tallies.
//! Pure: no I/O, no threads, no clock. For now it holds the closed-form statistics the
//! balance report is built on.

pub mod band;
