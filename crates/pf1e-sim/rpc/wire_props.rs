//! The wire messages a worker or a coordinator accepts never panic either (issue 16, « Keep it
//! fixed »): arbitrary bytes decoded as each message, and structure-aware mutations of a real
//! request (the quick start's) and of a real answer, go through the same code as on the wire —
//! a worker's `RunShard` in this process, the coordinator's answer check — and end in a clean
//! answer or a clean refusal. A bounded number of cases, like tests/fuzz/parsers.rs.

use std::sync::Arc;
use std::sync::atomic::AtomicBool;
use std::time::Duration;

use proptest::prelude::*;
use prost::Message as _;
use tonic::Code;

use super::pb;
use crate::rpc::pb::worker_server::Worker as _;
use crate::worker::faults::Faults;
use crate::worker::service::{Settings, WorkerService};

/// Cases per property: a worker request plays at most [`MAX_RUNS`] short fights.
const CASES: u32 = 128;
/// The test worker's run limit per shard: mutated requests stay cheap.
const MAX_RUNS: u64 = 4;

fn read(path: &str) -> String {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    std::fs::read_to_string(root.join(path)).unwrap()
}

fn document(path: &str) -> pb::Document {
    pb::Document {
        label: path.to_string(),
        text: read(path),
    }
}

/// The quick start as a `RunShard` request.
fn quick_start() -> pb::RunShardRequest {
    pb::RunShardRequest {
        protocol_version: super::PROTOCOL_VERSION,
        job_id: "props".into(),
        shard_id: 0,
        attempt: 1,
        scenario: Some(pb::Scenario {
            map: Some(document("data/maps/sample_arena.yaml")),
            combatants: vec![
                document("data/monsters/goblin.json"),
                document("data/monsters/orc.json"),
            ],
            sides: vec![
                pb::Side {
                    name: "players".into(),
                    members: vec![0, 0, 0],
                    ..Default::default()
                },
                pb::Side {
                    name: "monsters".into(),
                    members: vec![1, 1],
                    ..Default::default()
                },
            ],
            options: Some(pb::FightOptions {
                round_cap: 100,
                simple_monster_death: false,
            }),
            spells: Vec::new(),
        }),
        seed: 1,
        first_run: 0,
        run_count: 2,
    }
}

/// Plays `request` on a one-thread worker in this process; a request still running after a
/// second is dropped (its fights stop at their next round). Panics only if the worker does.
fn serve(request: pb::RunShardRequest) -> Result<pb::RunShardResponse, tonic::Status> {
    let service = WorkerService::new(
        Settings {
            threads: 1,
            max_request_bytes: 1 << 20,
            max_shard_runs: MAX_RUNS,
            faults: Faults::default(),
        },
        Arc::new(AtomicBool::new(false)),
    );
    let runtime = tokio::runtime::Builder::new_current_thread()
        .enable_all()
        .build()
        .unwrap();
    runtime.block_on(async {
        let call = service.run_shard(tonic::Request::new(request));
        match tokio::time::timeout(Duration::from_secs(1), call).await {
            Ok(answer) => answer.map(tonic::Response::into_inner),
            Err(_) => Err(tonic::Status::cancelled("given up by the test")),
        }
    })
}

/// A worker's answer to a request that got past decoding: a whole tally, or a refusal that
/// is not an engine failure (a panic inside a shard is INTERNAL).
fn assert_clean(answer: Result<pb::RunShardResponse, tonic::Status>) {
    match answer {
        Ok(answer) => assert!(answer.tally.is_some(), "{answer:?}"),
        Err(status) => assert_ne!(status.code(), Code::Internal, "{status:?}"),
    }
}

/// One structural edit of a request.
#[derive(Clone, Debug)]
enum Field {
    Text(usize, usize, String),
    Members(usize, u32),
    RoundCap(u32),
    Runs(u64, u64),
    Seed(u64),
    Protocol(u32),
    DropMap,
    DropSide(usize),
}

fn field() -> impl Strategy<Value = Field> {
    prop_oneof![
        (
            any::<usize>(),
            any::<usize>(),
            "[-{}\\[\\]:,\"0-9a-z \n]{0,8}"
        )
            .prop_map(|(d, at, s)| Field::Text(d, at, s)),
        (any::<usize>(), any::<u32>()).prop_map(|(s, m)| Field::Members(s, m)),
        prop::sample::select(vec![0, 1, 2, 1000, u32::MAX]).prop_map(Field::RoundCap),
        (any::<u64>(), 0..MAX_RUNS + 2).prop_map(|(a, b)| Field::Runs(a, b)),
        any::<u64>().prop_map(Field::Seed),
        prop::sample::select(vec![0, 2, 3, 4, u32::MAX]).prop_map(Field::Protocol),
        Just(Field::DropMap),
        any::<usize>().prop_map(Field::DropSide),
    ]
}

fn apply(request: &mut pb::RunShardRequest, edit: &Field) {
    let scenario = request.scenario.get_or_insert_with(Default::default);
    match edit {
        Field::Text(d, at, piece) => {
            let mut docs: Vec<&mut pb::Document> = scenario.map.iter_mut().collect();
            docs.extend(scenario.combatants.iter_mut());
            if docs.is_empty() {
                return;
            }
            let n = docs.len();
            let text = &mut docs[d % n].text;
            let mut i = at % (text.len() + 1);
            while !text.is_char_boundary(i) {
                i -= 1;
            }
            // Replace a few characters: numbers, keys and brackets get broken or extreme.
            let mut j = (i + piece.len().max(1)).min(text.len());
            while !text.is_char_boundary(j) {
                j -= 1;
            }
            text.replace_range(i..j.max(i), piece);
        }
        Field::Members(s, m) => {
            if let Some(side) = scenario.sides.get_mut(s % 2) {
                side.members.push(*m);
            }
        }
        Field::RoundCap(cap) => {
            scenario
                .options
                .get_or_insert_with(Default::default)
                .round_cap = *cap;
        }
        Field::Runs(first, count) => {
            request.first_run = *first;
            request.run_count = *count;
        }
        Field::Seed(seed) => request.seed = *seed,
        Field::Protocol(p) => request.protocol_version = *p,
        Field::DropMap => scenario.map = None,
        Field::DropSide(s) => {
            if !scenario.sides.is_empty() {
                let n = scenario.sides.len();
                scenario.sides.remove(s % n);
            }
        }
    }
}

/// A byte-level edit of an encoded message.
fn flip(bytes: &mut Vec<u8>, edits: &[(usize, u8, bool)]) {
    for &(at, byte, insert) in edits {
        let i = at % (bytes.len() + 1);
        if insert || i == bytes.len() {
            bytes.insert(i, byte);
        } else {
            bytes[i] = byte;
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn arbitrary_bytes_never_panic_a_decoder(bytes in prop::collection::vec(any::<u8>(), 0..512)) {
        if let Ok(request) = pb::RunShardRequest::decode(bytes.as_slice()) {
            assert_clean(serve(request));
        }
        let _ = pb::InfoRequest::decode(bytes.as_slice());
        let _ = pb::InfoResponse::decode(bytes.as_slice());
        if let Ok(answer) = pb::RunShardResponse::decode(bytes.as_slice()) {
            crate::coordinator::launcher::check_any_answer(&answer);
        }
    }

    #[test]
    fn mutated_requests_are_played_or_refused_cleanly(edits in prop::collection::vec(field(), 1..5)) {
        let mut request = quick_start();
        for e in &edits {
            apply(&mut request, e);
        }
        assert_clean(serve(request));
    }

    #[test]
    fn mutated_encoded_requests_are_played_or_refused_cleanly(
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<bool>()), 1..6)
    ) {
        let mut bytes = quick_start().encode_to_vec();
        flip(&mut bytes, &edits);
        if let Ok(request) = pb::RunShardRequest::decode(bytes.as_slice()) {
            assert_clean(serve(request));
        }
    }

    #[test]
    fn mutated_answers_are_checked_without_panicking(
        edits in prop::collection::vec((any::<usize>(), any::<u8>(), any::<bool>()), 1..6)
    ) {
        let answer = serve(quick_start()).expect("the quick start plays");
        let mut bytes = answer.encode_to_vec();
        flip(&mut bytes, &edits);
        if let Ok(answer) = pb::RunShardResponse::decode(bytes.as_slice()) {
            crate::coordinator::launcher::check_any_answer(&answer);
        }
    }
}
