//! Casters through a coordinator: the spell files travel inline in the scenario (workers run in
//! a folder without any data, so they cannot read one), the report is `run`'s bytes for a run
//! and a sweep, and a worker of the protocol before spells is refused at the handshake.

use super::harness::{PROTOCOL, Worker, assert_same_report, coordinator, pf1e, reference};
use crate::util::{caster_sweep, casters, path_str, root, stderr};

#[test]
fn casters_on_two_workers_print_run_s_bytes() {
    let empty = tempfile::tempdir().unwrap();
    let workers = [
        Worker::start_in(empty.path(), 1, &[], ""),
        Worker::start_in(empty.path(), 1, &[], ""),
    ];
    let all: Vec<&Worker> = workers.iter().collect();
    for extra in [
        &["--runs", "300", "--shard-runs", "37"][..],
        &[
            "--runs",
            "120",
            "--format",
            "json",
            "--transcript",
            "--shard-runs",
            "50",
        ][..],
    ] {
        let args = casters(extra);
        let out = coordinator(&all, &[], &args);
        assert_same_report(&out, &reference(&args));
    }
}

#[test]
fn a_sweep_of_casters_on_workers_prints_sweep_s_bytes() {
    let empty = tempfile::tempdir().unwrap();
    let w = Worker::start_in(empty.path(), 2, &[], "");
    let spells = format!("spells: {}\n", path_str(&root().join("data/spells")));
    let dir = tempfile::tempdir().unwrap();
    let sweep = caster_sweep(dir.path(), &spells);
    let local = pf1e(&["sweep".to_string(), sweep.clone()]);
    assert_eq!(local.status.code(), Some(0), "{}", stderr(&local));
    let args = vec!["sweep".to_string(), sweep];
    let out = coordinator(&[&w], &["--shard-runs", "30"], &args);
    assert_same_report(&out, &local.stdout);
}

#[test]
fn a_worker_of_the_protocol_before_spells_is_refused_before_any_work() {
    let w = Worker::start(1, &[], "protocol=2");
    let out = coordinator(&[&w], &[], &casters(&["--runs", "20"]));
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains(&format!(
            "it speaks pf1e protocol 2, this coordinator speaks {PROTOCOL}"
        )),
        "{}",
        stderr(&out)
    );
    assert!(!w.log().contains("shard done"), "{}", w.log());
}
