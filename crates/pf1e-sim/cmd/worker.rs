//! `pf1e-sim worker`: turns the command line into [`WorkerOptions`], sets up logging
//! (tracing-subscriber, `RUST_LOG`, default `info`) and serves until a termination signal.

use std::io::IsTerminal as _;

use pf1e_sweep::executor::default_threads;

use crate::cli::WorkerArgs;
use crate::worker::{WorkerOptions, serve};

pub fn run(args: &WorkerArgs) -> anyhow::Result<u8> {
    init_logging("info", std::io::stderr);
    serve(WorkerOptions {
        listen: args.listen,
        health_listen: args.health_listen,
        threads: args.threads.unwrap_or_else(default_threads).get(),
        token_file: args.token_file.clone(),
        tls_cert: args.tls_cert.clone(),
        tls_key: args.tls_key.clone(),
        grace: args.grace_period,
        max_request_bytes: args.max_request_mib as usize * 1024 * 1024,
        max_shard_runs: args.max_shard_runs,
    })
}

/// Logs to stderr through `writer`, filtered by `RUST_LOG` (else `default`), coloured only on
/// a terminal.
pub(crate) fn init_logging<W>(default: &str, writer: W)
where
    W: for<'a> tracing_subscriber::fmt::MakeWriter<'a> + Send + Sync + 'static,
{
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new(default));
    let _ = tracing_subscriber::fmt()
        .with_env_filter(filter)
        .with_writer(writer)
        .with_ansi(std::io::stderr().is_terminal())
        .with_target(false)
        .try_init();
}
