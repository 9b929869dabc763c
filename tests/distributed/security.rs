//! What a worker refuses and how: a wrong or missing token, another protocol version, another
//! rules build (the coordinator refuses it), and malformed or absurd requests, answered
//! INVALID_ARGUMENT while the worker keeps serving.

use std::time::Duration;

use tonic::{Code, Request};

use super::harness::{PROTOCOL, Worker, coordinator, job, pb, runtime, wire_scenario};
use crate::util::temp_file;

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_wrong_or_missing_token_is_refused() {
    let (_dir, right) = temp_file("worker.token", "correct-horse\n");
    let (_dir2, wrong) = temp_file("other.token", "battery-staple");
    let w = Worker::start(1, &["--token-file", &right], "");
    let args = job(&["--runs", "50", "--shard-runs", "10"]);
    for options in [vec!["--token-file", wrong.as_str()], vec![]] {
        let out = coordinator(&[&w], &options, &args);
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        let err = stderr(&out);
        assert!(err.contains("refused us: missing or wrong token"), "{err}");
        assert!(out.stdout.is_empty());
    }
    let out = coordinator(&[&w], &["--token-file", &right], &args);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

#[test]
fn another_protocol_or_rules_build_is_refused() {
    let args = job(&["--runs", "50"]);
    let w = Worker::start(1, &[], "protocol=99");
    let out = coordinator(&[&w], &[], &args);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!(
            "it speaks pf1e protocol 99, this coordinator speaks {PROTOCOL}"
        )),
        "{}",
        stderr(&out)
    );

    let w = Worker::start(1, &[], "rules-hash=0123abcd");
    let out = coordinator(&[&w], &[], &args);
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("it runs rules build 0123abcd"),
        "{}",
        stderr(&out)
    );
}

/// A change made to a good request.
type Edit = Box<dyn FnOnce(&mut pb::RunShardRequest)>;

fn shard(edit: impl FnOnce(&mut pb::RunShardRequest)) -> Request<pb::RunShardRequest> {
    let mut request = pb::RunShardRequest {
        protocol_version: PROTOCOL,
        job_id: "test-job".into(),
        shard_id: 0,
        attempt: 1,
        scenario: Some(wire_scenario()),
        seed: 1,
        first_run: 0,
        run_count: 10,
    };
    edit(&mut request);
    let mut request = Request::new(request);
    request.set_timeout(Duration::from_secs(20));
    request
}

#[test]
fn malformed_requests_get_invalid_argument_and_the_worker_keeps_serving() {
    let w = Worker::start(
        1,
        &["--max-shard-runs", "1000", "--max-request-mib", "1"],
        "",
    );
    runtime().block_on(async {
        let channel = super::harness::channel(&w).await;
        let mut client = pb::worker_client::WorkerClient::new(channel)
            .max_encoding_message_size(8 * 1024 * 1024);
        let bad: Vec<(&str, Edit)> = vec![
            ("no runs", Box::new(|r| r.run_count = 0)),
            ("too many runs", Box::new(|r| r.run_count = 1001)),
            (
                "overflow",
                Box::new(|r| {
                    r.first_run = u64::MAX - 3;
                }),
            ),
            ("no scenario", Box::new(|r| r.scenario = None)),
            ("no job id", Box::new(|r| r.job_id.clear())),
            (
                "broken map",
                Box::new(|r| {
                    r.scenario.as_mut().unwrap().map.as_mut().unwrap().text = "tiles: [".into();
                }),
            ),
            (
                "bad member index",
                Box::new(|r| {
                    r.scenario.as_mut().unwrap().sides[0].members.push(7);
                }),
            ),
            (
                "zero round cap",
                Box::new(|r| {
                    r.scenario
                        .as_mut()
                        .unwrap()
                        .options
                        .as_mut()
                        .unwrap()
                        .round_cap = 0;
                }),
            ),
            (
                "a path, not a text",
                Box::new(|r| {
                    r.scenario.as_mut().unwrap().map.as_mut().unwrap().text = "/etc/passwd".into();
                }),
            ),
        ];
        for (what, edit) in bad {
            let e = client.run_shard(shard(edit)).await.unwrap_err();
            assert_eq!(e.code(), Code::InvalidArgument, "{what}: {e:?}");
        }
        let e = client
            .run_shard(shard(|r| r.protocol_version = 1))
            .await
            .unwrap_err();
        assert_eq!(e.code(), Code::FailedPrecondition, "{e:?}");
        // Larger than the worker's limit: refused by the transport before any parsing.
        let e = client
            .run_shard(shard(|r| {
                r.scenario.as_mut().unwrap().combatants[0].label = "x".repeat(2 << 20);
            }))
            .await
            .unwrap_err();
        assert_eq!(e.code(), Code::OutOfRange, "{e:?}");

        let mut info = Request::new(pb::InfoRequest {
            protocol_version: PROTOCOL,
        });
        info.set_timeout(Duration::from_secs(5));
        let info = client.info(info).await.expect("still serving").into_inner();
        assert_eq!((info.protocol_version, info.threads), (PROTOCOL, 1));
        assert_eq!(info.limits.unwrap().max_shard_runs, 1000);
        let good = client.run_shard(shard(|_| {})).await.expect("a good shard");
        assert_eq!(good.into_inner().tally.unwrap().fights, 10);
    });
    assert!(!w.log().contains("panicked"), "{}", w.log());
}

#[test]
fn tls_workers_serve_coordinators_that_trust_their_ca() {
    let tls = |f: &str| format!("tests/distributed/tls/{f}");
    let w = Worker::start(
        1,
        &[
            "--tls-cert",
            &tls("worker.pem"),
            "--tls-key",
            &tls("worker.key"),
            "--health-listen",
            "127.0.0.1:0",
        ],
        "",
    );
    assert!(
        w.wait_for_log("(TLS;", Duration::from_secs(5)),
        "{}",
        w.log()
    );
    let args = job(&["--runs", "100", "--shard-runs", "20"]);
    let https = format!("https://{}", w.addr);
    let mut options = vec!["coordinator", "--worker", &https, "--tls-ca"];
    let ca = tls("ca.pem");
    options.push(&ca);
    let full: Vec<String> = options
        .iter()
        .map(ToString::to_string)
        .chain(args.iter().cloned())
        .collect();
    let out = super::harness::pf1e(&full);
    super::harness::assert_same_report(&out, &super::harness::reference(&args));

    // Plain text to a TLS port gets nowhere.
    let out = coordinator(&[&w], &["--connect-timeout", "2s"], &args);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));

    // Health is also served in plain text on its own port, for Kubernetes probes.
    assert!(w.wait_for_log("health on", Duration::from_secs(5)));
    let log = w.log();
    let health = log
        .lines()
        .find_map(|l| l.strip_prefix("pf1e-sim worker health on "))
        .and_then(|rest| rest.split_whitespace().next())
        .expect("the health address")
        .to_string();
    runtime().block_on(async {
        let channel = tonic::transport::Endpoint::from_shared(format!("http://{health}"))
            .unwrap()
            .connect()
            .await
            .unwrap();
        let mut client = tonic_health::pb::health_client::HealthClient::new(channel);
        let mut request = Request::new(tonic_health::pb::HealthCheckRequest {
            service: String::new(),
        });
        request.set_timeout(Duration::from_secs(5));
        let status = client.check(request).await.unwrap().into_inner().status;
        assert_eq!(
            status,
            tonic_health::pb::health_check_response::ServingStatus::Serving as i32
        );
    });
}

#[test]
fn an_empty_or_invalid_tls_ca_is_refused_before_any_worker_is_dialed() {
    let (_dir, bogus) = temp_file(
        "bogus.pem",
        "-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n",
    );
    let cases = [
        ("/dev/null", "holds no certificate"),
        ("tests/distributed/tls/worker.key", "holds no certificate"),
        (bogus.as_str(), "holds an unusable certificate"),
    ];
    let args = job(&["--runs", "10"]);
    for (ca, why) in cases {
        let mut full: Vec<String> = [
            "coordinator",
            "--worker",
            "https://127.0.0.1:9",
            "--tls-ca",
            ca,
        ]
        .iter()
        .map(ToString::to_string)
        .collect();
        full.extend(args.iter().cloned());
        let out = super::harness::pf1e(&full);
        let err = stderr(&out);
        assert_eq!(out.status.code(), Some(2), "{ca}: {err}");
        assert!(
            err.contains(&format!("the TLS CA {ca} {why}")),
            "{ca}: {err}"
        );
    }
}

#[test]
fn a_bad_token_or_tls_identity_is_a_data_error_exit_2() {
    let (_dir, spaced) = temp_file("spaced.token", "two words\n");
    let out = super::harness::pf1e(&[
        "worker".to_string(),
        "--listen".to_string(),
        "127.0.0.1:0".to_string(),
        "--token-file".to_string(),
        spaced.clone(),
    ]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(
        stderr(&out).contains(&format!("bad token in {spaced}")),
        "{}",
        stderr(&out)
    );
    let tls = |f: &str| format!("tests/distributed/tls/{f}");
    for (cert, key, why) in [
        (
            "/dev/null".to_string(),
            tls("worker.key"),
            "the TLS certificate /dev/null holds no PEM certificate",
        ),
        (
            tls("worker.pem"),
            tls("worker.pem"),
            "the TLS key tests/distributed/tls/worker.pem holds no PEM private key",
        ),
    ] {
        let args = [
            "worker",
            "--listen",
            "127.0.0.1:0",
            "--tls-cert",
            &cert,
            "--tls-key",
            &key,
        ];
        let out = super::harness::pf1e(&args.map(String::from));
        assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
        assert!(stderr(&out).contains(why), "{}", stderr(&out));
    }
}

#[test]
fn a_token_sent_in_plain_text_off_this_machine_gets_a_warning() {
    let (_dir, token) = temp_file("worker.token", "correct-horse\n");
    let args = job(&["--runs", "10"]);
    let run = |url: &str| {
        let mut full: Vec<String> = ["coordinator", "--worker", url, "--token-file", &token]
            .iter()
            .chain(&["--connect-timeout", "500ms"])
            .map(ToString::to_string)
            .collect();
        full.extend(args.iter().cloned());
        stderr(&super::harness::pf1e(&full))
    };
    // 192.0.2.0/24 is TEST-NET-1: never routed, the dial times out.
    let err = run("http://192.0.2.1:9");
    assert!(
        err.contains("warning: the token goes in plain text to 192.0.2.1:9"),
        "{err}"
    );
    assert!(!run("http://127.0.0.1:9").contains("plain text"));
}
