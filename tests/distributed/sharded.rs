//! Coordinator + workers print exactly what `run` prints: several shard sizes, JSON with the
//! transcript, workers from `PF1E_SIM_WORKERS`, and the same data errors (exit 2); and a
//! sweep prints exactly what `sweep` prints.

use std::time::Duration;

use super::harness::{
    Worker, assert_same_report, coordinator, coordinator_args, job, pf1e, reference, spawn,
};
use crate::util::{path_str, root, temp_file};

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

/// data/sweeps/arena.yaml at 60 runs per cell, in a temp folder (its paths made absolute).
fn small_arena_sweep() -> (tempfile::TempDir, String) {
    let text = std::fs::read_to_string(root().join("data/sweeps/arena.yaml")).expect("sweep");
    let data = format!("{}/", path_str(&root().join("data")));
    let text = text.replace("../", &data).replace("runs: 2000", "runs: 60");
    assert!(text.contains("runs: 60"), "{text}");
    temp_file("arena.yaml", &text)
}

#[test]
fn a_sweep_on_two_workers_prints_sweep_s_bytes_in_text_and_csv() {
    // The sample has start squares (placements axis) and non-default tactics (tactics axis):
    // its cells differ only by them, so identical bytes mean the workers played both.
    let workers = [Worker::plain(), Worker::plain()];
    let all: Vec<&Worker> = workers.iter().collect();
    let (_dir, file) = small_arena_sweep();
    for format in ["text", "csv"] {
        let args: Vec<String> = ["sweep", &file, "--format", format]
            .iter()
            .map(ToString::to_string)
            .collect();
        let expected = reference(&args);
        let out = coordinator(&all, &["--shard-runs", "25"], &args);
        assert_same_report(&out, &expected);
    }
    let text = String::from_utf8(reference(&[
        "sweep".to_string(),
        file.clone(),
        "--format".to_string(),
        "csv".to_string(),
    ]))
    .unwrap();
    let mut rows: Vec<String> = text
        .lines()
        .skip(1)
        .map(|l| l.split(',').skip(3).collect::<Vec<_>>().join(","))
        .collect();
    rows.sort_unstable();
    rows.dedup();
    // The numbers (past cell, placement and tactic) differ between cells.
    assert!(rows.len() > 2, "the cells played the same fights:\n{text}");
}

#[test]
fn a_sweep_s_data_errors_are_sweep_s_and_exit_2() {
    let w = Worker::plain();
    let (_dir, file) = temp_file("bad.yaml", "name: x\nmap: nowhere.yaml\n");
    let args = vec!["sweep".to_string(), file];
    let local = pf1e(&args);
    let out = coordinator(&[&w], &[], &args);
    assert_eq!(local.status.code(), Some(2));
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(out.stderr, local.stderr);
    assert!(out.stdout.is_empty());
}

#[test]
fn the_distributions_are_identical_across_threads_shards_and_workers() {
    let base = ["--runs", "300", "--seed", "4", "--format", "json"];
    let expected = reference(&job(&base));
    let report: serde_json::Value = serde_json::from_slice(&expected).unwrap();
    let tally = &report["tally"];
    let total = |key: &str| -> u64 {
        let counts = tally[key].as_array().unwrap();
        counts.iter().map(|c| c.as_u64().unwrap()).sum()
    };
    // Every fight is in the rounds histogram, each side's survivors and each combatant's
    // hit points left (5 combatants, 2 sides); the first runs are recorded.
    assert_eq!(total("rounds_hist"), 300);
    assert_eq!(total("survivors"), 2 * 300);
    assert_eq!(total("hp_left"), 5 * 300);
    assert!(total("first_down") > 0);
    assert!(tally["firsts"]["longest"]["rounds"].as_u64().unwrap() > 0);
    for (threads, shard_runs) in [("1", "300"), ("2", "13"), ("7", "1")] {
        let mut args = base.to_vec();
        args.extend_from_slice(&["--threads", threads, "--shard-runs", shard_runs]);
        let out = pf1e(&job(&args));
        assert_same_report(&out, &expected);
    }
    let workers = [Worker::plain(), Worker::start(2, &[], "")];
    let all: Vec<&Worker> = workers.iter().collect();
    let out = coordinator(&all, &["--shard-runs", "17"], &job(&base));
    assert_same_report(&out, &expected);
}
