//! Re-resolution on 127.0.0.1: two in-process workers behind one scripted name, the second
//! listed only from the second resolution on — it joins the running job and plays shards, and
//! the total is the serial one.

use std::net::SocketAddr;
use std::path::PathBuf;
use std::pin::Pin;
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use pf1e_sweep::ids::JobId;
use pf1e_sweep::play::play_runs;
use tonic::transport::Server;
use tonic::transport::server::TcpIncoming;

use super::super::distribute::{JobCollector, Workers, all_shards, distribute};
use super::super::launcher::WireJob;
use super::super::options::CoordinatorOptions;
use super::super::progress::Progress;
use super::*;
use crate::cli::{EncounterArgs, SideArg, SideArgs};
use crate::load::prepare_run;
use crate::rpc::convert::source_to_pb;
use crate::rpc::pb::worker_server::WorkerServer;
use crate::worker::faults::Faults;
use crate::worker::service::{Settings, WorkerService};

/// A name that resolves to `first`, then to `later` on every later call.
struct Scripted {
    calls: AtomicUsize,
    first: Vec<SocketAddr>,
    later: Vec<SocketAddr>,
}

impl Resolver for Scripted {
    fn resolve<'a>(
        &'a self,
        _host: &'a str,
        _port: u16,
    ) -> Pin<Box<dyn Future<Output = std::io::Result<Vec<SocketAddr>>> + Send + 'a>> {
        let call = self.calls.fetch_add(1, Ordering::SeqCst);
        let listed = if call == 0 { &self.first } else { &self.later };
        Box::pin(std::future::ready(Ok(listed.clone())))
    }
}

/// A one-thread worker served in this process on a free 127.0.0.1 port.
fn worker(runtime: &tokio::runtime::Runtime) -> SocketAddr {
    let listener = runtime
        .block_on(tokio::net::TcpListener::bind("127.0.0.1:0"))
        .unwrap();
    let addr = listener.local_addr().unwrap();
    let settings = Settings {
        threads: 1,
        max_request_bytes: 4 << 20,
        max_shard_runs: 1_000_000,
        faults: Faults::default(),
    };
    let service = WorkerService::new(settings, Arc::new(AtomicBool::new(false)));
    runtime.spawn(
        Server::builder()
            .add_service(WorkerServer::new(service))
            .serve_with_incoming(TcpIncoming::from(listener)),
    );
    addr
}

fn quick_start(runs: u64) -> EncounterArgs {
    let side = |name: &str, files: &[&str]| SideArg {
        name: name.to_string(),
        files: files.iter().map(PathBuf::from).collect(),
    };
    let goblin = "data/monsters/goblin.json";
    let orc = "data/monsters/orc.json";
    EncounterArgs {
        map: "data/maps/sample_arena.yaml".into(),
        sides: SideArgs {
            sides: vec![
                side("players", &[goblin, goblin, goblin]),
                side("monsters", &[orc, orc]),
            ],
        },
        runs,
        seed: 1,
        round_cap: 100,
        simple_monster_death: false,
        spells: None,
    }
}

#[test]
fn a_worker_that_appears_behind_the_name_during_the_job_gets_shards() {
    let servers = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(1)
        .enable_all()
        .build()
        .unwrap();
    let (a, b) = (worker(&servers), worker(&servers));
    let resolver = Arc::new(Scripted {
        calls: AtomicUsize::new(0),
        first: vec![a],
        later: vec![a, b],
    });
    let options = CoordinatorOptions {
        workers: Vec::new(),
        shard_runs: None,
        token_file: None,
        tls_ca: None,
        journal: None,
        local_fallback: false,
        quiet: true,
        verify: false,
        shard_timeout: Duration::from_secs(60),
        connect_timeout: Duration::from_secs(5),
        max_attempts: 3,
    };
    let url = WorkerUrl::parse("workers.test:50051").unwrap();
    let pool = Workers::scripted(
        &options,
        vec![url],
        resolver.clone(),
        Duration::from_millis(20),
    );
    let runs = 8000;
    let Ok(job) = prepare_run(&quick_start(runs), 40, None) else {
        panic!("the quick start does not load");
    };
    let (sides, units) = (job.header.sides.len(), job.header.units.len());
    let wire = Arc::new(WireJob {
        job_id: JobId::new(&job.source.content_hash(), 1, runs),
        scenario: source_to_pb(&job.source),
        seed: 1,
        sides,
        units,
    });
    let mut collector = JobCollector::new(
        None,
        job.plan.len(),
        job.header.empty_tally(),
        Progress::new(runs, 0, true),
    );
    let stats = distribute(
        &pool,
        wire,
        &job.plan,
        all_shards(&job.plan),
        &mut collector,
    )
    .unwrap()
    .unwrap_or_else(|e| panic!("{e:?}"));
    assert!(resolver.calls.load(Ordering::SeqCst) >= 2);
    let late = stats
        .answered
        .iter()
        .find(|(name, _)| name.contains(&b.to_string()));
    assert!(
        late.is_some_and(|(_, answers)| *answers > 0),
        "the late worker played nothing: {:?}",
        stats.answered
    );
    assert_eq!(stats.answered.len(), 2, "{:?}", stats.answered);
    assert_eq!(
        collector.order.into_total(),
        play_runs(&job.scenario, 1, 0..runs)
    );
}
