//! [`CoordinatorOptions`]: the coordinator's own options (those before `run` or `sweep` on its
//! command line), as every part of the coordinator reads them.

use std::path::PathBuf;
use std::time::Duration;

/// The coordinator's own options.
#[derive(Debug)]
pub struct CoordinatorOptions {
    pub workers: Vec<String>,
    pub shard_runs: Option<u64>,
    pub token_file: Option<PathBuf>,
    pub tls_ca: Option<PathBuf>,
    pub journal: Option<PathBuf>,
    pub local_fallback: bool,
    pub quiet: bool,
    pub verify: bool,
    pub shard_timeout: Duration,
    pub connect_timeout: Duration,
    pub max_attempts: u32,
}
