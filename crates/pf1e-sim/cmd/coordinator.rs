//! `pf1e-sim coordinator`: turns the command line into [`CoordinatorOptions`], sets up logging
//! (tracing-subscriber, `RUST_LOG`, default `warn`: warnings about workers show, chatter does
//! not) and runs the job.

use crate::cli::{CoordinatorArgs, CoordinatorJob};
use crate::cmd::worker::init_logging;
use crate::coordinator::{CoordinatorOptions, play_run, play_sweep, progress};

pub fn run(args: &CoordinatorArgs) -> anyhow::Result<u8> {
    init_logging("warn", progress::log_writer);
    let options = CoordinatorOptions {
        workers: args.workers.clone(),
        shard_runs: args.shard_runs,
        token_file: args.token_file.clone(),
        tls_ca: args.tls_ca.clone(),
        journal: args.journal.clone(),
        local_fallback: args.local_fallback,
        quiet: args.quiet,
        verify: args.verify,
        shard_timeout: args.shard_timeout,
        connect_timeout: args.connect_timeout,
        max_attempts: args.max_attempts,
    };
    match &args.job {
        CoordinatorJob::Run(run) => play_run(&options, run),
        CoordinatorJob::Sweep(sweep) => play_sweep(&options, sweep),
    }
}
