//! Cancellation inside fights (issue 16, defect 3): a shard whose caller's deadline passed gives
//! its worker slot back within a round, even mid-fight. The fight here can never end by itself:
//! two combatants without attacks and a round cap of 2³²−1.

use std::time::Duration;

use tonic::{Code, Request};

use super::harness::{GOBLIN, PROTOCOL, Worker, channel, pb, runtime, wire_scenario};
use crate::util::root;

/// A goblin stripped of its attacks: it walks, it never strikes.
fn idle_goblin() -> pb::Document {
    let text = std::fs::read_to_string(root().join(GOBLIN)).expect("data file");
    let mut goblin: serde_json::Value = serde_json::from_str(&text).expect("JSON");
    goblin["attacks"] = serde_json::json!([]);
    goblin["name"] = serde_json::json!("Idle goblin");
    pb::Document {
        label: "idle_goblin.json".into(),
        text: goblin.to_string(),
    }
}

fn shard(scenario: pb::Scenario, runs: u64, timeout: Duration) -> Request<pb::RunShardRequest> {
    let mut request = Request::new(pb::RunShardRequest {
        protocol_version: PROTOCOL,
        job_id: "cancel-test".into(),
        shard_id: 0,
        attempt: 1,
        scenario: Some(scenario),
        seed: 1,
        first_run: 0,
        run_count: runs,
    });
    request.set_timeout(timeout);
    request
}

#[test]
fn an_endless_fight_past_its_deadline_frees_the_worker_slot() {
    let worker = Worker::plain();
    runtime().block_on(async {
        let mut client = pb::worker_client::WorkerClient::new(channel(&worker).await);
        let mut endless = wire_scenario();
        endless.combatants = vec![idle_goblin()];
        for side in &mut endless.sides {
            side.members = vec![0];
        }
        endless.options.as_mut().unwrap().round_cap = u32::MAX;
        let e = client
            .run_shard(shard(endless, 1, Duration::from_secs(1)))
            .await
            .unwrap_err();
        // The client's own timer may fire first (CANCELLED) or the worker's (DEADLINE_EXCEEDED).
        assert!(
            matches!(e.code(), Code::DeadlineExceeded | Code::Cancelled),
            "{e:?}"
        );
        // The worker's only slot must be free again: a small shard with a generous deadline
        // is played (before the fix it waited behind the endless fight until its deadline).
        let answer = client
            .run_shard(shard(wire_scenario(), 10, Duration::from_secs(30)))
            .await
            .unwrap_or_else(|e| panic!("the slot was never freed: {e:?}\n{}", worker.log()))
            .into_inner();
        assert_eq!(answer.tally.expect("a tally").fights, 10);
    });
}
