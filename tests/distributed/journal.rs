//! `--journal`: a coordinator killed mid-job and rerun with the same journal plays only the
//! missing shards and prints `run`'s report; a journal of another job is refused; a journal
//! in use by another coordinator is refused (exit 2).

use std::time::{Duration, Instant};

use super::harness::{
    Worker, assert_same_report, coordinator, coordinator_args, job, reference, spawn,
};

fn shard_lines(path: &std::path::Path) -> usize {
    std::fs::read_to_string(path)
        .map(|t| t.lines().count().saturating_sub(1))
        .unwrap_or(0)
}

/// Waits (at most 30 s) until `journal` records `n` shards.
fn wait_for_shards(journal: &std::path::Path, n: usize) {
    let start = Instant::now();
    while shard_lines(journal) < n {
        assert!(
            start.elapsed() < Duration::from_secs(30),
            "no progress in the journal"
        );
        std::thread::sleep(Duration::from_millis(10));
    }
}

#[test]
fn a_coordinator_killed_mid_job_resumes_from_its_journal() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("job.journal");
    let journal_arg = journal.to_str().unwrap().to_string();
    let args = job(&["--runs", "800", "--shard-runs", "20", "--seed", "5"]);
    let expected = reference(&args);

    let slow = Worker::start(1, &[], "delay-ms=40");
    let running = spawn(
        &coordinator_args(&[&slow], &["--journal", &journal_arg], &args),
        &[],
    );
    wait_for_shards(&journal, 5);
    running.kill();
    let recorded = shard_lines(&journal);
    assert!(
        (5..40).contains(&recorded),
        "{recorded} shards recorded of 40"
    );

    let fresh = Worker::plain();
    let out = coordinator(&[&fresh], &["--journal", &journal_arg], &args);
    assert_same_report(&out, &expected);
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(err.contains("resumed from the journal"), "{err}");
    // Only the missing shards were played again.
    let replayed = fresh.log().matches("shard done").count();
    assert!(
        replayed <= 40 - recorded + 1 && replayed >= 40 - recorded - 1,
        "{replayed} replayed, {recorded} recorded"
    );
    assert_eq!(shard_lines(&journal), 40);

    // A finished journal replays nothing and prints the same report again.
    let out = coordinator(&[&fresh], &["--journal", &journal_arg], &args);
    assert_same_report(&out, &expected);

    // Another job (another seed) is refused with the journal untouched.
    let other = job(&["--runs", "800", "--shard-runs", "20", "--seed", "6"]);
    let out = coordinator(&[&fresh], &["--journal", &journal_arg], &other);
    assert_eq!(out.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&out.stderr).contains("belongs to another job"));
    assert_eq!(shard_lines(&journal), 40);
}

#[test]
fn a_second_coordinator_on_a_journal_in_use_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let journal = dir.path().join("job.journal");
    let journal_arg = journal.to_str().unwrap().to_string();
    let args = job(&["--runs", "800", "--shard-runs", "20", "--seed", "5"]);
    let slow = Worker::start(1, &[], "delay-ms=40");
    let first = spawn(
        &coordinator_args(&[&slow], &["--journal", &journal_arg], &args),
        &[],
    );
    wait_for_shards(&journal, 1);
    let fresh = Worker::plain();
    let second = coordinator(&[&fresh], &["--journal", &journal_arg], &args);
    let err = String::from_utf8_lossy(&second.stderr);
    assert_eq!(second.status.code(), Some(2), "{err}");
    assert!(err.contains("is in use by another coordinator"), "{err}");
    assert_eq!(fresh.log().matches("shard done").count(), 0, "{err}");
    // Once the first is gone (even killed) the lock goes with it and the job resumes.
    first.kill();
    let out = coordinator(&[&fresh], &["--journal", &journal_arg], &args);
    assert_same_report(&out, &reference(&args));
}
