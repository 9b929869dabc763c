//! `pf1e-sim worker`: a gRPC server that plays shards for coordinators. It binds its address
//! (port 0 picks a free one) and prints it on stderr, serves `pf1e.v1.Worker` behind the
//! optional token, grpc.health.v1 and reflection (v1, v1alpha) on the same port (and health
//! alone on `--health-listen`, plain text, for Kubernetes probes when TLS is on). On SIGTERM or
//! SIGINT it turns health to NOT_SERVING, refuses new shards, lets running ones finish, and
//! exits within the grace period even if connections stay open (hyper #4170).
//!
//! Lifecycle:
//! ```text
//! binding ──▶ serving ──SIGTERM/SIGINT──▶ draining ──shards done / grace over──▶ exited
//!               (health SERVING)          (health NOT_SERVING, RunShard UNAVAILABLE)
//! ```

mod accept;
mod cache;
pub mod faults;
pub(crate) mod service;

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use anyhow::Context as _;
use tokio::net::TcpListener;
use tokio::sync::watch;
use tonic::service::interceptor::InterceptedService;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;
use tonic_health::ServingStatus;

use crate::exit_codes::SUCCESS;
use crate::rpc::auth::{Token, TokenCheck};
use crate::rpc::pb::worker_server::WorkerServer;
use crate::rpc::{self, FILE_DESCRIPTOR_SET, MAX_RESPONSE_BYTES, PROTOCOL_VERSION, RULES_HASH};
use faults::Faults;
use service::{Settings, WorkerService};

/// Everything `pf1e-sim worker` needs, from its command line.
#[derive(Debug)]
pub struct WorkerOptions {
    pub listen: SocketAddr,
    pub health_listen: Option<SocketAddr>,
    pub threads: usize,
    pub token_file: Option<PathBuf>,
    pub tls_cert: Option<PathBuf>,
    pub tls_key: Option<PathBuf>,
    pub grace: Duration,
    pub max_request_bytes: usize,
    pub max_shard_runs: u64,
}

/// Runs the worker until a termination signal; returns its exit code.
pub fn serve(options: WorkerOptions) -> anyhow::Result<u8> {
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .max_blocking_threads(options.threads + 4)
        .thread_name("pf1e-worker")
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    let result = runtime.block_on(serve_async(options));
    // Shards still running after the grace period are abandoned, not waited for.
    runtime.shutdown_timeout(Duration::from_millis(200));
    result
}

async fn serve_async(options: WorkerOptions) -> anyhow::Result<u8> {
    let faults = Faults::from_env()?;
    let token = options
        .token_file
        .as_deref()
        .map(Token::from_file)
        .transpose()?;
    let tls = match (&options.tls_cert, &options.tls_key) {
        (Some(cert), Some(key)) => Some(rpc::tls::server_config(cert, key)?),
        (None, None) => None,
        _ => anyhow::bail!("--tls-cert and --tls-key go together"),
    };
    let (listener, health_listener) = bind(&options).await?;
    let address = listener.local_addr()?;

    let (health, health_service) = tonic_health::server::health_reporter();
    health.set_serving::<WorkerServer<WorkerService>>().await;
    let reflection_v1 = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1()
        .context("reflection (v1)")?;
    let reflection_v1alpha = tonic_reflection::server::Builder::configure()
        .register_encoded_file_descriptor_set(FILE_DESCRIPTOR_SET)
        .register_encoded_file_descriptor_set(tonic_health::pb::FILE_DESCRIPTOR_SET)
        .build_v1alpha()
        .context("reflection (v1alpha)")?;

    let draining = Arc::new(AtomicBool::new(false));
    let settings = Settings {
        threads: options.threads,
        max_request_bytes: options.max_request_bytes,
        max_shard_runs: options.max_shard_runs,
        faults: faults.clone(),
    };
    let worker = WorkerServer::new(WorkerService::new(settings, draining.clone()))
        .max_decoding_message_size(options.max_request_bytes)
        .max_encoding_message_size(MAX_RESPONSE_BYTES);
    let worker = InterceptedService::new(worker, TokenCheck::new(token.as_ref()));

    let mut builder = Server::builder().tcp_nodelay(true);
    if let Some(tls) = tls.clone() {
        builder = builder.tls_config(tls).context("TLS configuration")?;
    }
    let (stop_tx, stop_rx) = watch::channel(false);
    let stopped = |mut rx: watch::Receiver<bool>| async move {
        let _ = rx.wait_for(|stop| *stop).await;
    };
    let main_server = builder
        .add_service(health_service.clone())
        .add_service(reflection_v1)
        .add_service(reflection_v1alpha)
        .add_service(worker)
        .serve_with_incoming_shutdown(
            accept::BackOff::new(TcpIncoming::from(listener).with_nodelay(Some(true))),
            stopped(stop_rx.clone()),
        );
    let main_server = tokio::spawn(main_server);
    let health_address = health_listener
        .as_ref()
        .map(TcpListener::local_addr)
        .transpose()?;
    let health_server = health_listener.map(|l| {
        tokio::spawn(
            Server::builder()
                .add_service(health_service)
                .serve_with_incoming_shutdown(
                    accept::BackOff::new(TcpIncoming::from(l)),
                    stopped(stop_rx.clone()),
                ),
        )
    });

    announce(&Announce {
        address,
        health_address,
        threads: options.threads,
        tls: tls.is_some(),
        token: token.is_some(),
        faults: &faults,
    });

    let mut main_server = main_server;
    let signal = tokio::select! {
        signal = termination_signal() => signal?,
        ended = &mut main_server => {
            // The server only returns on its own when it cannot go on serving.
            ended.context("the server task failed")?.context("the server stopped")?;
            anyhow::bail!("the server stopped unexpectedly");
        }
    };
    drain(Drain {
        signal,
        grace: options.grace,
        draining: &draining,
        health: &health,
        stop: stop_tx,
        servers: [Some(main_server), health_server],
    })
    .await;
    Ok(SUCCESS)
}

/// A server task.
type ServerTask = tokio::task::JoinHandle<Result<(), tonic::transport::Error>>;

/// What draining needs: the signal received, the grace period, the flag that refuses new
/// shards, the health reporter, the stop channel of the servers, and their tasks.
struct Drain<'a> {
    signal: &'static str,
    grace: Duration,
    draining: &'a AtomicBool,
    health: &'a tonic_health::server::HealthReporter,
    stop: watch::Sender<bool>,
    servers: [Option<ServerTask>; 2],
}

/// Turns health NOT_SERVING, refuses new shards, stops the servers and waits for the running
/// shards, at most the grace period (open connections may keep a server from returning).
async fn drain(d: Drain<'_>) {
    say!(
        "pf1e-sim worker: {}: no longer serving; finishing running shards (at most {:?})",
        d.signal,
        d.grace
    );
    d.draining.store(true, Ordering::SeqCst);
    d.health
        .set_service_status("", ServingStatus::NotServing)
        .await;
    d.health
        .set_not_serving::<WorkerServer<WorkerService>>()
        .await;
    let _ = d.stop.send(true);
    let drained = async {
        for server in d.servers.into_iter().flatten() {
            let _ = server.await;
        }
    };
    if tokio::time::timeout(d.grace, drained).await.is_err() {
        say!("pf1e-sim worker: grace period over; exiting with connections still open");
    }
}

/// Binds the worker's address and, with `--health-listen`, the health-only one.
async fn bind(options: &WorkerOptions) -> anyhow::Result<(TcpListener, Option<TcpListener>)> {
    let listener = TcpListener::bind(options.listen)
        .await
        .with_context(|| format!("cannot listen on {}", options.listen))?;
    let health_listener = match options.health_listen {
        Some(addr) => Some(
            TcpListener::bind(addr)
                .await
                .with_context(|| format!("cannot listen on {addr} (--health-listen)"))?,
        ),
        None => None,
    };
    Ok((listener, health_listener))
}

/// What a worker says about itself when it starts.
struct Announce<'a> {
    address: SocketAddr,
    health_address: Option<SocketAddr>,
    threads: usize,
    tls: bool,
    token: bool,
    faults: &'a Faults,
}

/// Prints where the worker listens (tests and scripts read the address from this line), and
/// warns loudly when it is reachable without a token or runs with test faults.
fn announce(a: &Announce) {
    let Announce {
        address,
        health_address,
        threads,
        tls,
        token,
        faults,
    } = a;
    say!(
        "pf1e-sim worker listening on {address} ({}; protocol {PROTOCOL_VERSION}, rules {RULES_HASH}, {} thread{})",
        if *tls { "TLS" } else { "plain text" },
        threads,
        if *threads == 1 { "" } else { "s" }
    );
    if let Some(health_address) = health_address {
        say!("pf1e-sim worker health on {health_address} (plain text)");
    }
    if !address.ip().is_loopback() && !token {
        let warning = format!(
            "WARNING: listening on {address}, reachable from other machines, without a token: anyone who can reach this port can use this machine's CPU. Pass --token-file (and the same file to the coordinator)."
        );
        say!("{warning}");
        tracing::warn!("{warning}");
    }
    if faults.any() {
        say!("WARNING: test faults injected ({faults:?}): never use this worker for real jobs");
    }
}

/// Waits for SIGTERM or SIGINT (Ctrl-C) and names it.
async fn termination_signal() -> anyhow::Result<&'static str> {
    #[cfg(unix)]
    {
        use tokio::signal::unix::{SignalKind, signal};
        let mut term = signal(SignalKind::terminate()).context("cannot watch SIGTERM")?;
        let mut int = signal(SignalKind::interrupt()).context("cannot watch SIGINT")?;
        Ok(tokio::select! {
            _ = term.recv() => "SIGTERM",
            _ = int.recv() => "SIGINT",
        })
    }
    #[cfg(not(unix))]
    {
        tokio::signal::ctrl_c()
            .await
            .context("cannot watch Ctrl-C")?;
        Ok("Ctrl-C")
    }
}
