//! Coordinator + workers print exactly what `run` prints: several shard sizes, JSON with the
//! transcript, workers from `PF1E_SIM_WORKERS`, and the same data errors (exit 2).

use std::time::Duration;

use super::harness::{
    Worker, assert_same_report, coordinator, coordinator_args, job, pf1e, reference, spawn,
};

#[test]
fn coordinator_and_three_workers_print_run_s_bytes_for_every_shard_size() {
    let workers = [Worker::plain(), Worker::start(2, &[], ""), Worker::plain()];
    let all: Vec<&Worker> = workers.iter().collect();
    let expected = reference(&job(&["--runs", "600", "--seed", "9"]));
    for shard_runs in ["1", "7", "100", "1000"] {
        let out = coordinator(
            &all,
            &["--shard-runs", shard_runs],
            &job(&["--runs", "600", "--seed", "9"]),
        );
        assert_same_report(&out, &expected);
    }
    // Every worker took part (with 600 one-run shards, none can be left idle).
    for w in &workers {
        assert!(
            w.wait_for_log("shard done", Duration::from_secs(5)),
            "{}",
            w.log()
        );
    }
}

#[test]
fn json_and_transcript_are_identical_too() {
    let workers = [Worker::plain(), Worker::plain()];
    let all: Vec<&Worker> = workers.iter().collect();
    let args = job(&[
        "--runs",
        "300",
        "--format",
        "json",
        "--transcript",
        "--shard-runs",
        "40",
    ]);
    let out = coordinator(&all, &[], &args);
    assert_same_report(&out, &reference(&args));
}

#[test]
fn workers_also_come_from_the_environment() {
    let a = Worker::plain();
    let b = Worker::plain();
    let args = job(&["--runs", "200", "--shard-runs", "30"]);
    let list = format!("{},{}", a.addr, b.url());
    let out = spawn(
        &coordinator_args(&[], &[], &args),
        &[("PF1E_SIM_WORKERS", &list)],
    )
    .finish();
    assert_same_report(&out, &reference(&args));
    let within = Duration::from_secs(5);
    assert!(a.wait_for_log("shard done", within) && b.wait_for_log("shard done", within));
}

#[test]
fn data_errors_are_run_s_errors_and_exit_2() {
    let w = Worker::plain();
    let args = job(&[
        "--runs",
        "10",
        "--side",
        "nobody",
        "data/monsters/missing.json",
    ]);
    let run = pf1e(&args);
    let out = coordinator(&[&w], &[], &args);
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(run.status.code(), Some(2));
    assert_eq!(out.stderr, run.stderr);
    assert!(out.stdout.is_empty());
    let none = pf1e(&coordinator_args(&[], &[], &job(&["--runs", "10"])));
    assert_eq!(none.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&none.stderr).contains("no worker"));
}
