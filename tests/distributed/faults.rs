//! Faults during a distributed run, each ending in `run`'s exact report or a clear error in
//! bounded time: a worker down at start, killed mid-job, stalled past the deadline; duplicate
//! answers merged once and differing ones refused loudly; a poison shard; every worker lost,
//! with and without `--local-fallback`.

use std::time::{Duration, Instant};

use super::harness::{
    Worker, assert_same_report, coordinator, coordinator_args, job, reference, spawn,
};

fn stderr(out: &std::process::Output) -> String {
    String::from_utf8_lossy(&out.stderr).into_owned()
}

#[test]
fn a_worker_down_at_start_is_skipped_with_a_warning() {
    let w = Worker::plain();
    let args = job(&["--runs", "200", "--shard-runs", "25"]);
    let mut options = coordinator_args(&[&w], &["--worker", "127.0.0.1:1"], &args);
    options.insert(1, "--connect-timeout".into());
    options.insert(2, "2s".into());
    let out = spawn(&options, &[]).finish();
    assert_same_report(&out, &reference(&args));
    assert!(
        stderr(&out).contains("127.0.0.1:1 skipped"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_worker_killed_mid_job_changes_nothing_in_the_report() {
    let slow = "delay-ms=30";
    let mut victim = Worker::start(1, &[], slow);
    let others = [Worker::start(1, &[], slow), Worker::start(1, &[], slow)];
    let args = job(&["--runs", "1200", "--shard-runs", "30"]);
    let expected = reference(&args);
    let running = spawn(
        &coordinator_args(&[&victim, &others[0], &others[1]], &[], &args),
        &[],
    );
    assert!(
        victim.wait_for_log("shard done", Duration::from_secs(20)),
        "the victim never played a shard"
    );
    victim.kill();
    let out = running.finish();
    assert_same_report(&out, &expected);
    // The coordinator noticed: the victim's shard failed and was played elsewhere.
    assert!(stderr(&out).contains(&victim.addr), "{}", stderr(&out));
}

#[test]
fn a_stalled_worker_is_given_up_after_the_deadline() {
    let stalled = Worker::start(1, &[], "stall");
    let good = [Worker::plain(), Worker::plain()];
    let args = job(&["--runs", "400", "--shard-runs", "20"]);
    let start = Instant::now();
    let out = coordinator(
        &[&stalled, &good[0], &good[1]],
        &["--shard-timeout", "1s"],
        &args,
    );
    assert_same_report(&out, &reference(&args));
    assert!(start.elapsed() < Duration::from_secs(30));
    assert!(
        stderr(&out).contains("no answer within"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn duplicate_answers_are_counted_once() {
    let workers = [Worker::plain(), Worker::plain(), Worker::plain()];
    let all: Vec<&Worker> = workers.iter().collect();
    let args = job(&["--runs", "300", "--shard-runs", "20"]);
    let out = spawn(
        &coordinator_args(&all, &["--verify"], &args),
        &[("RUST_LOG", "info")],
    )
    .finish();
    assert_same_report(&out, &reference(&args));
    assert!(
        stderr(&out).contains("15 duplicate answers merged once"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn differing_duplicates_are_a_loud_error() {
    let honest = Worker::plain();
    let liar = Worker::start(1, &[], "tamper");
    let out = coordinator(
        &[&honest, &liar],
        &["--verify"],
        &job(&["--runs", "100", "--shard-runs", "10"]),
    );
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(
        stderr(&out).contains("DIFFERENT ANSWERS for shard"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn an_impossible_tally_from_a_worker_is_never_merged() {
    for (forge, says) in [
        ("forge=wins", "fights, but the wins and draws add up to"),
        ("forge=rounds", "rounds in 10 fights of at most"),
    ] {
        let liar = Worker::start(1, &[], forge);
        let out = coordinator(
            &[&liar],
            &["--max-attempts", "2"],
            &job(&["--runs", "20", "--shard-runs", "10"]),
        );
        assert_eq!(out.status.code(), Some(1), "{forge}: {}", stderr(&out));
        assert!(out.stdout.is_empty(), "{forge}: nothing is printed");
        let err = stderr(&out);
        assert!(err.contains("wrong answer"), "{forge}: {err}");
        assert!(err.contains(says), "{forge}: {err}");
    }
}

#[test]
fn a_poison_shard_fails_after_its_attempts_naming_the_shard() {
    let workers = [
        Worker::start(1, &[], "panic-run=123"),
        Worker::start(1, &[], "panic-run=123"),
    ];
    let out = coordinator(
        &[&workers[0], &workers[1]],
        &["--max-attempts", "3"],
        &job(&["--runs", "300", "--shard-runs", "50"]),
    );
    assert_eq!(out.status.code(), Some(1));
    let err = stderr(&out);
    assert!(
        err.contains("error: shard 2 (runs 100..150) failed 3 times"),
        "{err}"
    );
    assert!(err.contains("run 123 is poisoned"), "{err}");
}

#[test]
fn all_workers_lost_is_a_bounded_error_or_a_local_finish() {
    let args = job(&["--runs", "200", "--shard-runs", "25"]);
    let start = Instant::now();
    let out = spawn(
        &[
            "coordinator",
            "--worker",
            "127.0.0.1:1",
            "--connect-timeout",
            "2s",
        ]
        .iter()
        .map(ToString::to_string)
        .chain(args.iter().cloned())
        .collect::<Vec<_>>(),
        &[],
    )
    .finish();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("no worker left"), "{}", stderr(&out));
    assert!(out.stdout.is_empty());
    assert!(start.elapsed() < Duration::from_secs(20));

    // Mid-job: the only worker dies; the rest is played on local threads.
    let mut only = Worker::start(1, &[], "delay-ms=30");
    let slow_args = job(&["--runs", "600", "--shard-runs", "20"]);
    let running = spawn(
        &coordinator_args(&[&only], &["--local-fallback"], &slow_args),
        &[],
    );
    assert!(only.wait_for_log("shard done", Duration::from_secs(20)));
    only.kill();
    let out = running.finish();
    assert_same_report(&out, &reference(&slow_args));
    assert!(stderr(&out).contains("on this machine"), "{}", stderr(&out));
}
