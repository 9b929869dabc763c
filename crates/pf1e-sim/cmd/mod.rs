//! One module per subcommand.

pub mod bench;
pub mod coordinator;
pub mod run;
pub mod sweep;
pub mod sweep_cache;
pub mod validate;
pub mod worker;
