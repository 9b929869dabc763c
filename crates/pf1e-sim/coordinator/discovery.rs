//! Finding the workers of a job: `--worker URL` options and `PF1E_SIM_WORKERS` (comma-
//! separated), each URL's host resolved to every address it has (a Kubernetes headless
//! service name gives one address per worker pod), then an `Info` handshake with each. A
//! worker that is down is skipped with a warning; one that speaks another protocol, runs
//! another rules build or rejects our token is refused with a message saying why.
//!
//! Names are resolved through a [`Resolver`] (the system's in a job), again and again during a
//! job (`distribute::rediscover`): workers behind one DNS name — a compose service, a
//! Kubernetes headless Service — that come up later, or come back after a restart, are used.

use std::future::Future;
use std::net::SocketAddr;
use std::path::Path;
use std::pin::Pin;
use std::time::Duration;

use anyhow::{Context as _, bail};
use tonic::Request;
use tonic::transport::{Channel, Endpoint};

use super::launcher::Remote;
use super::options::CoordinatorOptions;
use crate::rpc::auth::Token;
use crate::rpc::pb::{self, worker_client::WorkerClient};
use crate::rpc::status::{FailureKind, classify};
use crate::rpc::{ENGINE_VERSION, MAX_RESPONSE_BYTES, PROTOCOL_VERSION, RULES_HASH, tls};

/// Environment variable listing workers, comma-separated.
pub const WORKERS_ENV: &str = "PF1E_SIM_WORKERS";
/// Pause between two handshake attempts with a worker that is not up yet.
const RETRY_EVERY: Duration = Duration::from_millis(250);
/// Port of a worker URL that names none.
pub const DEFAULT_PORT: u16 = 50051;

/// A worker URL as the user wrote it, split.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WorkerUrl {
    pub tls: bool,
    pub host: String,
    pub port: u16,
}

impl WorkerUrl {
    /// `[http://|https://]HOST[:PORT]` (IPv6 hosts in brackets).
    pub fn parse(text: &str) -> anyhow::Result<WorkerUrl> {
        let text = text.trim();
        let (tls, rest) = if let Some(r) = text.strip_prefix("https://") {
            (true, r)
        } else if let Some(r) = text.strip_prefix("http://") {
            (false, r)
        } else if text.contains("://") {
            bail!("worker URL `{text}`: use http:// or https://");
        } else {
            (false, text)
        };
        let rest = rest.trim_end_matches('/');
        let (host, port) = if let Some(v6) = rest.strip_prefix('[') {
            let (host, after) = v6
                .split_once(']')
                .with_context(|| format!("worker URL `{text}`: unclosed ["))?;
            (host, after.strip_prefix(':'))
        } else {
            match rest.rsplit_once(':') {
                Some((h, p)) => (h, Some(p)),
                None => (rest, None),
            }
        };
        if host.is_empty() || host.contains('/') {
            bail!("worker URL `{text}`: expected [http://|https://]HOST[:PORT]");
        }
        let port = match port {
            Some(p) => p
                .parse::<u16>()
                .with_context(|| format!("worker URL `{text}`: bad port `{p}`"))?,
            None => DEFAULT_PORT,
        };
        Ok(WorkerUrl {
            tls,
            host: host.to_string(),
            port,
        })
    }
}

/// The worker URLs of the command line followed by those of `PF1E_SIM_WORKERS`.
/// The workers of `--worker` and `PF1E_SIM_WORKERS`; none, or a bad one, is a usage error
/// printed here (`Err` carries the exit code). Shared by `coordinator run` and `sweep`.
pub fn workers_or_report(options: &CoordinatorOptions) -> Result<Vec<WorkerUrl>, u8> {
    match worker_urls(&options.workers, std::env::var(WORKERS_ENV).ok().as_deref()) {
        Ok(urls) if urls.is_empty() => {
            say!("error: no worker: pass --worker URL (repeatable) or set {WORKERS_ENV}");
            Err(crate::exit_codes::DATA_ERROR)
        }
        Ok(urls) => Ok(urls),
        Err(e) => {
            say!("error: {e:#}");
            Err(crate::exit_codes::DATA_ERROR)
        }
    }
}

pub fn worker_urls(flags: &[String], env: Option<&str>) -> anyhow::Result<Vec<WorkerUrl>> {
    let from_env = env.into_iter().flat_map(|v| v.split(','));
    flags
        .iter()
        .map(String::as_str)
        .chain(from_env)
        .filter(|s| !s.trim().is_empty())
        .map(WorkerUrl::parse)
        .collect()
}

/// Resolves a worker URL's host to its addresses: the system resolver ([`SystemResolver`]) in a
/// job, a script in tests (so re-resolution is tested on 127.0.0.1 ports without a DNS).
pub trait Resolver: Send + Sync {
    fn resolve<'a>(
        &'a self,
        host: &'a str,
        port: u16,
    ) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<SocketAddr>>> + Send + 'a>>;
}

/// The operating system's resolver (`getaddrinfo`, through tokio).
pub struct SystemResolver;

impl Resolver for SystemResolver {
    fn resolve<'a>(
        &'a self,
        host: &'a str,
        port: u16,
    ) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<SocketAddr>>> + Send + 'a>> {
        Box::pin(async move { Ok(tokio::net::lookup_host((host, port)).await?.collect()) })
    }
}

/// An address to dial: the worker's name, its URL and the address.
pub type Target<'u> = (String, &'u WorkerUrl, SocketAddr);

/// A worker that passed the handshake.
#[derive(Debug)]
pub struct Admitted {
    /// The address it was dialled at.
    pub addr: SocketAddr,
    pub remote: Remote,
    pub threads: usize,
    pub max_request_bytes: u64,
    pub max_shard_runs: u64,
}

/// How to reach workers.
pub struct Dial<'a> {
    pub token: Option<&'a Token>,
    pub tls_ca: Option<&'a Path>,
    pub connect_timeout: Duration,
}

/// Resolves every URL and shakes hands with every address; returns the admitted workers and
/// one message per worker skipped or refused. Addresses seen twice are dialled once.
pub async fn discover(
    urls: &[WorkerUrl],
    dial: &Dial<'_>,
    resolver: &dyn Resolver,
) -> (Vec<Admitted>, Vec<String>) {
    let (targets, mut problems) = resolve_all(urls, resolver).await;
    let (admitted, more) = shake_hands(targets, dial).await;
    problems.extend(more);
    (admitted, problems)
}

/// Every address of every URL (each once, in URL order), and one message per URL that does
/// not resolve.
pub async fn resolve_all<'u>(
    urls: &'u [WorkerUrl],
    resolver: &dyn Resolver,
) -> (Vec<Target<'u>>, Vec<String>) {
    let mut problems = Vec::new();
    let mut targets: Vec<Target<'u>> = Vec::new();
    for url in urls {
        let shown = format!("{}:{}", url.host, url.port);
        match resolver.resolve(&url.host, url.port).await {
            Ok(addresses) => {
                for (name, addr) in expand(url, addresses) {
                    if !targets.iter().any(|(_, _, a)| *a == addr) {
                        targets.push((name, url, addr));
                    }
                }
            }
            Err(e) => problems.push(format!("worker {shown} skipped: cannot resolve it: {e}")),
        }
    }
    (targets, problems)
}

/// Shakes hands with every target at once; the admitted workers and one message per worker
/// skipped or refused.
pub async fn shake_hands(
    targets: Vec<Target<'_>>,
    dial: &Dial<'_>,
) -> (Vec<Admitted>, Vec<String>) {
    let mut problems = Vec::new();
    let handshakes: Vec<_> = targets
        .into_iter()
        .map(|(name, url, addr)| {
            Box::pin(async move {
                let result = handshake(&name, url, addr, dial).await;
                (name, result)
            })
        })
        .collect();
    let mut admitted = Vec::new();
    for (name, result) in futures_join(handshakes).await {
        match result {
            Ok(worker) => admitted.push(worker),
            Err(e) => problems.push(format!("worker {name} {e:#}")),
        }
    }
    (admitted, problems)
}

/// One worker per address a URL resolves to (sorted, each once), named `host:port`, with the
/// address added when the host is a name or has several addresses.
fn expand(url: &WorkerUrl, mut addresses: Vec<SocketAddr>) -> Vec<(String, SocketAddr)> {
    addresses.sort();
    addresses.dedup();
    let shown = format!("{}:{}", url.host, url.port);
    let several = addresses.len() > 1;
    let literal = url.host.parse::<std::net::IpAddr>().is_ok();
    addresses
        .into_iter()
        .map(|addr| {
            let name = if several || !literal {
                format!("{shown} ({addr})")
            } else {
                shown.clone()
            };
            (name, addr)
        })
        .collect()
}

/// Polls every future concurrently and returns their outputs in order.
async fn futures_join<F: std::future::Future + Unpin>(mut futures: Vec<F>) -> Vec<F::Output> {
    let mut outputs: Vec<Option<F::Output>> = (0..futures.len()).map(|_| None).collect();
    std::future::poll_fn(|cx| {
        let mut pending = false;
        for (f, out) in futures.iter_mut().zip(outputs.iter_mut()) {
            if out.is_none() {
                match std::pin::Pin::new(f).poll(cx) {
                    std::task::Poll::Ready(v) => *out = Some(v),
                    std::task::Poll::Pending => pending = true,
                }
            }
        }
        if pending {
            std::task::Poll::Pending
        } else {
            std::task::Poll::Ready(())
        }
    })
    .await;
    outputs
        .into_iter()
        .map(|o| o.expect("every future finished"))
        .collect()
}

async fn handshake(
    name: &str,
    url: &WorkerUrl,
    addr: SocketAddr,
    dial: &Dial<'_>,
) -> anyhow::Result<Admitted> {
    let scheme = if url.tls { "https" } else { "http" };
    let mut endpoint = Endpoint::from_shared(format!("{scheme}://{addr}"))
        .context("bad address")?
        .connect_timeout(dial.connect_timeout)
        .tcp_nodelay(true)
        .http2_keep_alive_interval(Duration::from_secs(15))
        .keep_alive_timeout(Duration::from_secs(10));
    if url.tls {
        endpoint = endpoint
            .tls_config(tls::client_config(dial.tls_ca, &url.host)?)
            .context("TLS configuration")?;
    }
    let channel: Channel = endpoint.connect_lazy();
    let client = WorkerClient::new(channel).max_decoding_message_size(MAX_RESPONSE_BYTES);
    let info = ask_info(&client, dial).await?;
    if info.protocol_version != PROTOCOL_VERSION {
        bail!(
            "refused: it speaks pf1e protocol {}, this coordinator speaks {PROTOCOL_VERSION}; run the same pf1e-sim version on both sides",
            info.protocol_version
        );
    }
    if info.rules_hash != RULES_HASH {
        bail!(
            "refused: it runs rules build {} (engine {}), this coordinator has {RULES_HASH} (engine {ENGINE_VERSION}); its fights could differ, so rebuild both from the same sources",
            info.rules_hash,
            info.engine_version
        );
    }
    let limits = info.limits.unwrap_or_default();
    let max_request = usize::try_from(limits.max_request_bytes).unwrap_or(usize::MAX);
    let client = client.max_encoding_message_size(max_request);
    Ok(Admitted {
        addr,
        remote: Remote {
            name: name.to_string(),
            client,
        },
        threads: usize::try_from(info.threads.max(1)).unwrap_or(1),
        max_request_bytes: limits.max_request_bytes,
        max_shard_runs: limits.max_shard_runs,
    })
}

/// Asks for the worker's Info until it answers, refuses, or `connect_timeout` is over: a worker
/// still starting (a container, a pod) gets the whole delay to come up.
async fn ask_info(
    client: &WorkerClient<Channel>,
    dial: &Dial<'_>,
) -> anyhow::Result<pb::InfoResponse> {
    let deadline = tokio::time::Instant::now() + dial.connect_timeout;
    loop {
        let left = deadline.saturating_duration_since(tokio::time::Instant::now());
        let mut request = Request::new(pb::InfoRequest {
            protocol_version: PROTOCOL_VERSION,
        });
        request.set_timeout(left.max(Duration::from_millis(1)));
        if let Some(token) = dial.token {
            token.authorize(&mut request);
        }
        let failure = match tokio::time::timeout(left, client.clone().info(request)).await {
            Ok(Ok(info)) => return Ok(info.into_inner()),
            Ok(Err(status)) => classify(&status),
            Err(_) => bail!("skipped: no answer within {:?}", dial.connect_timeout),
        };
        if failure.kind == FailureKind::Refused {
            bail!("refused us: {}", failure.message);
        }
        if tokio::time::Instant::now() + RETRY_EVERY >= deadline {
            bail!("skipped: unreachable ({})", failure.message);
        }
        tokio::time::sleep(RETRY_EVERY).await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn urls_name_a_scheme_host_and_port() {
        let u = WorkerUrl::parse("http://10.0.0.5:6000").unwrap();
        assert_eq!((u.tls, u.host.as_str(), u.port), (false, "10.0.0.5", 6000));
        let u = WorkerUrl::parse("https://workers.sim.svc/").unwrap();
        assert_eq!(
            (u.tls, u.host.as_str(), u.port),
            (true, "workers.sim.svc", 50051)
        );
        let u = WorkerUrl::parse("[::1]:7").unwrap();
        assert_eq!((u.host.as_str(), u.port), ("::1", 7));
        assert!(WorkerUrl::parse("ftp://x").is_err());
        assert!(WorkerUrl::parse("host:port").is_err());
        assert!(WorkerUrl::parse("").is_err());
    }

    #[test]
    fn a_name_with_several_addresses_gives_one_worker_per_address() {
        let url = WorkerUrl::parse("pf1e-workers:50051").unwrap();
        let addr = |s: &str| s.parse::<SocketAddr>().unwrap();
        let found = expand(
            &url,
            vec![
                addr("10.1.0.7:50051"),
                addr("10.1.0.5:50051"),
                addr("10.1.0.7:50051"),
            ],
        );
        let names: Vec<&str> = found.iter().map(|(n, _)| n.as_str()).collect();
        assert_eq!(
            names,
            [
                "pf1e-workers:50051 (10.1.0.5:50051)",
                "pf1e-workers:50051 (10.1.0.7:50051)"
            ]
        );
        let literal = WorkerUrl::parse("127.0.0.1:7").unwrap();
        let found = expand(&literal, vec![addr("127.0.0.1:7")]);
        assert_eq!(found, [("127.0.0.1:7".to_string(), addr("127.0.0.1:7"))]);
    }

    #[test]
    fn the_environment_adds_workers_after_the_flags() {
        let urls = worker_urls(&["a:1".into()], Some("b:2, ,c")).unwrap();
        let hosts: Vec<&str> = urls.iter().map(|u| u.host.as_str()).collect();
        assert_eq!(hosts, ["a", "b", "c"]);
    }
}
