//! Precision-driven jobs (`--target-band`): the job stops at the first checkpoint in seed
//! order where every side is within the band, and prints the same bytes on 1 or 2 threads,
//! any `--shard-runs`, and a coordinator with any number of workers; sweep cells stop on their
//! own, and slices are refused.

use super::harness::{Worker, assert_same_report, coordinator, job, pf1e, reference};
use crate::util::{assert_exit, path_str, root, temp_file};

/// The quick start with at most 40 000 fights, stopping within ±1 point (at 9 000 fights).
fn band_job(extra: &[&str]) -> Vec<String> {
    let mut args = vec!["--runs", "40000", "--target-band", "1"];
    args.extend_from_slice(extra);
    job(&args)
}

#[test]
fn a_target_band_stops_early_with_the_same_bytes_on_any_threads_and_shard_size() {
    let expected = reference(&band_job(&["--threads", "1"]));
    let text = String::from_utf8(expected.clone()).unwrap();
    assert!(text.contains("9000 combats simulés"), "{text}");
    assert!(
        text.contains("Arrêt à 9 000 combats : bande 3σ ≤ ±1 point pour chaque camp\n"),
        "{text}"
    );
    for extra in [
        &["--threads", "2"][..],
        &["--threads", "2", "--shard-runs", "7"],
    ] {
        assert_eq!(reference(&band_job(extra)), expected, "{extra:?}");
    }
    // The first 9 000 fights of a plain job are those very fights: same numbers, no stop line.
    let plain = String::from_utf8(reference(&job(&["--runs", "9000"]))).unwrap();
    let without_stop: String = text
        .lines()
        .filter(|l| !l.starts_with("Arrêt"))
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(without_stop, plain);
}

#[test]
fn a_target_band_on_workers_prints_run_s_bytes_for_any_worker_count() {
    let workers = [Worker::plain(), Worker::plain(), Worker::plain()];
    for args in [band_job(&[]), band_job(&["--format", "json"])] {
        let expected = reference(&args);
        for count in [1, 2, 3] {
            let some: Vec<&Worker> = workers.iter().take(count).collect();
            let out = coordinator(&some, &[], &args);
            assert_same_report(&out, &expected);
        }
        // The coordinator's --shard-runs does not move the checkpoints either.
        let two: Vec<&Worker> = workers.iter().take(2).collect();
        assert_same_report(
            &coordinator(&two, &["--shard-runs", "300"], &args),
            &expected,
        );
    }
}

#[test]
fn a_target_band_refuses_slices_and_bad_values() {
    for bad in ["0", "abc", "0.00001", "101", "0.5%"] {
        let out = pf1e(&job(&["--target-band", bad]));
        assert_exit(&out, 2);
        assert!(String::from_utf8_lossy(&out.stderr).contains("--target-band"));
    }
    let out = pf1e(&job(&[
        "--target-band",
        "1",
        "--shard",
        "1/2",
        "--tally-out",
        "t.json",
    ]));
    assert_exit(&out, 2);
    assert!(String::from_utf8_lossy(&out.stderr).contains("cannot be used with '--shard"));
}

/// data/sweeps/arena.yaml with at most 3000 runs per cell, in a temp folder.
fn arena_sweep() -> (tempfile::TempDir, String) {
    let text = std::fs::read_to_string(root().join("data/sweeps/arena.yaml")).expect("sweep");
    let data = format!("{}/", path_str(&root().join("data")));
    temp_file(
        "arena.yaml",
        &text
            .replace("../", &data)
            .replace("runs: 2000", "runs: 3000"),
    )
}

#[test]
fn sweep_cells_stop_on_their_own_and_a_precise_cell_spends_fewer_fights() {
    let (_dir, file) = arena_sweep();
    let args = |extra: &[&str]| -> Vec<String> {
        let mut a = vec!["sweep", &file, "--target-band", "3"];
        a.extend_from_slice(extra);
        a.iter().map(ToString::to_string).collect()
    };
    let csv = String::from_utf8(reference(&args(&["--format", "csv", "--threads", "1"]))).unwrap();
    // The fights column (after the cell and its two axes): lopsided cells (hold_and_shoot,
    // ~93 % or more) are within ±3 points at 1000 fights, the closer ones need 2000.
    let fights: Vec<u64> = csv
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(3).unwrap().parse().unwrap())
        .collect();
    assert_eq!(fights.len(), 9, "{csv}");
    assert!(
        fights.contains(&1000) && fights.contains(&2000),
        "{fights:?}"
    );
    assert!(fights.iter().all(|f| f % 1000 == 0 && *f <= 3000));
    for format in ["text", "json", "csv"] {
        let expected = reference(&args(&["--format", format, "--threads", "1"]));
        assert_eq!(
            reference(&args(&["--format", format, "--threads", "2"])),
            expected
        );
        if format != "json" {
            let workers = [Worker::plain(), Worker::plain()];
            let all: Vec<&Worker> = workers.iter().collect();
            let out = coordinator(&all, &["--shard-runs", "250"], &args(&["--format", format]));
            assert_same_report(&out, &expected);
        }
    }
}
