//! `coordinator … run` with `--html`, `--transcript-run N` and `--transcript-pick WHICH`: the
//! page is `run --html`'s byte for byte and the fight is replayed on the coordinator, printed
//! before the report exactly as `run` prints it; a run out of range is refused (exit 2) before
//! any worker is asked.

use super::harness::{Worker, assert_same_report, coordinator, job, pf1e, reference};
use crate::util::path_str;

#[test]
fn the_page_and_any_fight_through_two_workers_are_run_s() {
    let workers = [Worker::plain(), Worker::plain()];
    let all: Vec<&Worker> = workers.iter().collect();
    let dir = tempfile::tempdir().unwrap();
    let page = |name: &str| path_str(&dir.path().join(name));
    let base = ["--runs", "300", "--seed", "3", "--shard-runs", "40"];
    let with = |extra: &[&str]| {
        let mut args = base.to_vec();
        args.extend_from_slice(extra);
        job(&args)
    };
    let local = pf1e(&with(&[
        "--html",
        &page("run.html"),
        "--transcript-run",
        "123",
    ]));
    assert_eq!(local.status.code(), Some(0));
    let out = coordinator(
        &all,
        &["--quiet"],
        &with(&[
            "--html",
            &page("coordinator.html"),
            "--transcript-run",
            "123",
        ]),
    );
    assert_same_report(&out, &local.stdout);
    let line =
        "pf1e-sim: the transcript is run 123 (the fight of --seed 126 --runs 1 --transcript)";
    assert!(String::from_utf8_lossy(&out.stderr).contains(line));
    assert_eq!(
        std::fs::read(page("coordinator.html")).unwrap(),
        std::fs::read(page("run.html")).unwrap(),
        "coordinator --html writes run --html's page"
    );
    for pick in ["loss", "longest"] {
        let args = with(&["--transcript-pick", pick, "--format", "json"]);
        let out = coordinator(&all, &["--quiet"], &args);
        assert_same_report(&out, &reference(&args));
    }
}

#[test]
fn a_transcript_run_out_of_range_is_refused_before_any_worker() {
    // No worker at all: the option is checked first.
    let out = pf1e(&super::harness::coordinator_args(
        &[],
        &[],
        &job(&["--runs", "50", "--transcript-run", "50"]),
    ));
    assert_eq!(out.status.code(), Some(2));
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains("error: --transcript-run 50: the job has runs 0 to 49 (--runs 50)"),
        "{err}"
    );
    assert!(out.stdout.is_empty());
}
