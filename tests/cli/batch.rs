//! Batch clusters (README « Batch clusters »): `run --shard K/N --tally-out FILE` slices
//! merged by `pf1e-sim merge` print `run`'s exact bytes; every bad set of files is one clear
//! exit-2 error; the slice index may come from the environment; the deploy/ manifests parse.

use std::path::Path;
use std::process::{Command, Output};

use crate::util::{assert_exit, path_str, pf1e_sim, root, stderr, stdout};

/// The job of the batch tests: 230 runs in shards of 20.
pub(super) const JOB: &[&str] = &[
    "run",
    "--map",
    "data/maps/sample_arena.yaml",
    "--side",
    "players",
    "data/monsters/goblin.json",
    "data/monsters/goblin.json",
    "--side",
    "monsters",
    "data/monsters/orc.json",
    "--runs",
    "230",
    "--shard-runs",
    "20",
];

/// A small shipped sweep.
const SWEEP: &str = "data/sweeps/arena.yaml";

pub(super) fn job(extra: &[&str]) -> Output {
    let mut args = JOB.to_vec();
    args.extend_from_slice(extra);
    pf1e_sim(&args)
}

/// Writes slice `k` of `n` to `dir/slice-k-n.json` and returns its path.
pub(super) fn slice(dir: &Path, k: u64, n: u64, extra: &[&str]) -> String {
    let out = path_str(&dir.join(format!("slice-{k}-{n}.json")));
    let shard = format!("{k}/{n}");
    let mut args = vec!["--shard", shard.as_str(), "--tally-out", out.as_str()];
    args.extend_from_slice(extra);
    let o = job(&args);
    assert_exit(&o, 0);
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    out
}

fn merge(files: &[String], extra: &[&str]) -> Output {
    merge_in(&root(), files, extra)
}

/// `pf1e-sim merge FILES… EXTRA…` run from `folder`.
pub(super) fn merge_in(folder: &Path, files: &[String], extra: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
        .arg("merge")
        .args(files)
        .args(extra)
        .current_dir(folder)
        .output()
        .expect("the pf1e-sim binary runs")
}

#[test]
fn merged_slices_print_runs_bytes_for_every_slice_count() {
    let reference = job(&[]);
    assert_exit(&reference, 0);
    let reference_json = job(&["--format", "json"]);
    assert_exit(&reference_json, 0);
    for n in [1, 3, 7] {
        let dir = tempfile::tempdir().unwrap();
        let files: Vec<String> = (1..=n).map(|k| slice(dir.path(), k, n, &[])).collect();
        let merged = merge(&files, &[]);
        assert_exit(&merged, 0);
        assert_eq!(stdout(&merged), stdout(&reference), "N = {n}");
        let merged = merge(&files, &["--format", "json"]);
        assert_exit(&merged, 0);
        assert_eq!(stdout(&merged), stdout(&reference_json), "N = {n}");
        // Order does not matter and an identical duplicate counts once.
        let mut shuffled: Vec<String> = files.iter().rev().cloned().collect();
        shuffled.push(files[0].clone());
        let merged = merge(&shuffled, &[]);
        assert_exit(&merged, 0);
        assert_eq!(stdout(&merged), stdout(&reference), "N = {n}, shuffled");
    }
}

#[test]
fn merged_sweep_slices_print_sweeps_bytes_and_page() {
    let dir = tempfile::tempdir().unwrap();
    let page = path_str(&dir.path().join("ref.html"));
    let reference: Vec<Output> = ["text", "json", "csv"]
        .iter()
        .map(|f| pf1e_sim(&["sweep", SWEEP, "--format", f, "--html", &page]))
        .collect();
    for out in &reference {
        assert_exit(out, 0);
    }
    let reference_page = std::fs::read(&page).unwrap();
    for n in [1u64, 3, 7] {
        let files: Vec<String> = (1..=n)
            .map(|k| {
                let out = path_str(&dir.path().join(format!("sweep-{k}-{n}.json")));
                let shard = format!("{k}/{n}");
                let o = pf1e_sim(&["sweep", SWEEP, "--shard", &shard, "--tally-out", &out]);
                assert_exit(&o, 0);
                out
            })
            .collect();
        let merged_page = path_str(&dir.path().join(format!("merged-{n}.html")));
        for (format, expected) in ["text", "json", "csv"].iter().zip(&reference) {
            let merged = merge(&files, &["--format", format, "--html", &merged_page]);
            assert_exit(&merged, 0);
            assert_eq!(stdout(&merged), stdout(expected), "N = {n}, {format}");
        }
        assert_eq!(
            std::fs::read(&merged_page).unwrap(),
            reference_page,
            "N = {n}"
        );
        let out = merge(&files[1..], &[]);
        if n > 1 {
            assert_exit(&out, 2);
            assert!(
                stderr(&out).contains("missing slices: 1/"),
                "{}",
                stderr(&out)
            );
        }
    }
}

#[test]
fn missing_overlapping_foreign_and_corrupted_slices_exit_2() {
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = (1..=3).map(|k| slice(dir.path(), k, 3, &[])).collect();

    let out = merge(&files[..2], &[]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("missing slices: 3/3"),
        "{}",
        stderr(&out)
    );

    let other_n = slice(dir.path(), 1, 7, &[]);
    let out = merge(
        &[
            files[0].clone(),
            files[1].clone(),
            files[2].clone(),
            other_n,
        ],
        &[],
    );
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("overlapping slices"),
        "{}",
        stderr(&out)
    );

    let foreign_dir = tempfile::tempdir().unwrap();
    let foreign = slice(foreign_dir.path(), 3, 3, &["--seed", "2"]);
    let out = merge(&[files[0].clone(), files[1].clone(), foreign], &[]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("another job"), "{}", stderr(&out));

    let text = std::fs::read_to_string(&files[2]).unwrap();
    let broken = path_str(&dir.path().join("broken.json"));
    std::fs::write(&broken, &text[..text.len() / 2]).unwrap();
    let out = merge(&[files[0].clone(), files[1].clone(), broken.clone()], &[]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("not a pf1e-sim tally file"),
        "{}",
        stderr(&out)
    );

    // A tally that does not add up to the runs it covers.
    let tampered = text.replacen("\"fights\": ", "\"fights\": 1", 1);
    std::fs::write(&broken, tampered).unwrap();
    let out = merge(&[files[0].clone(), files[1].clone(), broken.clone()], &[]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("corrupted"), "{}", stderr(&out));

    // A hand edit anywhere (a tally, the map's name) fails the file's checksum.
    for (from, to) in [
        ("\"draws\": ", "\"draws\": 9"),
        ("\"map\": \"", "\"map\": \"X"),
    ] {
        let tampered = text.replacen(from, to, 1);
        assert_ne!(tampered, text);
        std::fs::write(&broken, tampered).unwrap();
        let out = merge(
            &[
                files[0].clone(),
                files[1].clone(),
                files[2].clone(),
                broken.clone(),
            ],
            &[],
        );
        assert_exit(&out, 2);
        assert!(
            stderr(&out).contains(&format!(
                "{broken}: the checksum does not match the contents (edited by hand or corrupted)"
            )),
            "{}",
            stderr(&out)
        );
    }
}

#[test]
fn shard_needs_tally_out_and_a_valid_slice() {
    let out = job(&["--shard", "1/3"]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("--tally-out"), "{}", stderr(&out));
    for bad in ["0/3", "4/3", "x/3", "3"] {
        let out = job(&["--shard", bad, "--tally-out", "never.json"]);
        assert_exit(&out, 2);
    }
    assert!(!root().join("never.json").exists());
}

#[test]
fn a_tally_out_into_a_missing_folder_fails_before_any_fight() {
    let dir = tempfile::tempdir().unwrap();
    let out = path_str(&dir.path().join("missing/slice.json"));
    let o = job(&["--shard", "1/2", "--tally-out", &out]);
    assert_exit(&o, 2);
    let missing = path_str(&dir.path().join("missing"));
    assert!(
        stderr(&o).contains(&format!("the folder {missing} does not exist")),
        "{}",
        stderr(&o)
    );
    let o = pf1e_sim(&["sweep", SWEEP, "--shard", "1/2", "--tally-out", &out]);
    assert_exit(&o, 2);
    assert!(stderr(&o).contains("does not exist"), "{}", stderr(&o));
}

#[test]
fn merging_a_sweep_from_another_folder_says_where_the_sweep_was_expected() {
    let dir = tempfile::tempdir().unwrap();
    let out = path_str(&dir.path().join("sweep.json"));
    let o = pf1e_sim(&["sweep", SWEEP, "--shard", "1/1", "--tally-out", &out]);
    assert_exit(&o, 0);
    let o = Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
        .args(["merge", out.as_str()])
        .current_dir(dir.path())
        .output()
        .unwrap();
    assert_exit(&o, 2);
    let expected = dir.path().join(SWEEP);
    assert!(
        stderr(&o).contains(&format!("expected at {}", expected.display())),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("run merge from the folder the sweep ran in"));
}

#[test]
fn the_slice_index_may_come_from_the_environment() {
    let dir = tempfile::tempdir().unwrap();
    let explicit = slice(dir.path(), 2, 3, &[]);
    let run_env = |vars: &[(&str, &str)], shard: &str, name: &str| {
        let out = path_str(&dir.path().join(name));
        let mut args = JOB.to_vec();
        args.extend_from_slice(&["--shard", shard, "--tally-out", out.as_str()]);
        let o = Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
            .args(&args)
            .env_remove("JOB_COMPLETION_INDEX")
            .env_remove("SLURM_ARRAY_TASK_ID")
            .env_remove("SLURM_ARRAY_TASK_COUNT")
            .env_remove("SLURM_ARRAY_TASK_MIN")
            .envs(vars.iter().copied())
            .current_dir(root())
            .output()
            .unwrap();
        (o, out)
    };
    let expected = std::fs::read(&explicit).unwrap();
    let (o, k8s) = run_env(&[("JOB_COMPLETION_INDEX", "1")], "auto/3", "k8s.json");
    assert_exit(&o, 0);
    assert_eq!(std::fs::read(k8s).unwrap(), expected);
    let slurm = [
        ("SLURM_ARRAY_TASK_ID", "1"),
        ("SLURM_ARRAY_TASK_COUNT", "3"),
    ];
    let (o, file) = run_env(&slurm, "auto", "slurm.json");
    assert_exit(&o, 0);
    assert_eq!(std::fs::read(file).unwrap(), expected);
    let (o, _) = run_env(&[], "auto/3", "none.json");
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("JOB_COMPLETION_INDEX"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn the_kubernetes_manifests_are_indexed_jobs() {
    let text = std::fs::read_to_string(root().join("deploy/batch/indexed-job.yaml")).unwrap();
    let docs: Vec<serde_yaml::Value> = serde_yaml::Deserializer::from_str(&text)
        .map(|d| serde::Deserialize::deserialize(d).unwrap())
        .collect();
    let job = docs
        .iter()
        .find(|d| d["kind"] == "Job")
        .expect("a Job document");
    assert_eq!(job["apiVersion"], "batch/v1");
    let spec = &job["spec"];
    assert_eq!(spec["completionMode"], "Indexed");
    let n = spec["completions"].as_u64().unwrap();
    assert_eq!(spec["parallelism"].as_u64(), Some(n));
    let pod = &spec["template"]["spec"];
    assert_eq!(pod["restartPolicy"], "Never");
    let container = &pod["containers"][0];
    let args = serde_yaml::to_string(&container["args"]).unwrap();
    assert!(args.contains(&format!("--shard auto/{n}")), "{args}");
    assert!(args.contains("--tally-out /tallies/"), "{args}");
    let merge_text = std::fs::read_to_string(root().join("deploy/batch/merge-job.yaml")).unwrap();
    let merge: serde_yaml::Value = serde_yaml::from_str(&merge_text).unwrap();
    assert_eq!(merge["kind"], "Job");
    assert!(
        serde_yaml::to_string(&merge)
            .unwrap()
            .contains("pf1e-sim merge")
    );
    let slurm = std::fs::read_to_string(root().join("deploy/batch/slurm-array.sh")).unwrap();
    assert!(slurm.contains("#SBATCH --array=") && slurm.contains("--shard auto"));
}
