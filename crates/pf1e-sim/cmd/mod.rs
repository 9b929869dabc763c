//! One module per subcommand.

pub mod batch;
pub mod bench;
pub mod coordinator;
pub mod merge;
pub mod run;
pub mod sweep;
pub mod sweep_cache;
pub mod validate;
pub mod worker;
