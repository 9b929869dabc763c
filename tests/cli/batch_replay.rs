//! `merge` of a run's slices with `--html`, `--transcript`, `--transcript-run N` and
//! `--transcript-pick WHICH` (README « Batch clusters »): the page and the printed bytes
//! (stdout and stderr) are `run`'s for the whole job, from the scenario the slices carry —
//! merged from a folder where none of the job's files exists — and every bad request or
//! forged slice is one exit-2 line naming the file or option.

use std::path::Path;
use std::process::Output;

use pf1e_sweep::slice::{Played, SliceFile};

use super::batch::{job, merge_in, slice};
use crate::util::{assert_exit, casters, path_str, pf1e_sim, stderr, stdout};

/// The three slices of the batch tests' job, written to `dir`.
fn slices(dir: &Path) -> Vec<String> {
    (1..=3).map(|k| slice(dir, k, 3, &[])).collect()
}

/// Asserts `got` printed exactly what `want` printed, on both streams, and exited 0.
fn assert_same_output(got: &Output, want: &Output, what: &str) {
    assert_exit(want, 0);
    assert_exit(got, 0);
    assert_eq!(stdout(got), stdout(want), "{what}: stdout");
    assert_eq!(stderr(got), stderr(want), "{what}: stderr");
}

#[test]
fn merged_run_slices_write_run_s_page_and_replay_any_fight() {
    let dir = tempfile::tempdir().unwrap();
    let files = slices(dir.path());
    // No data/ in this folder: merge needs only the slices.
    let elsewhere = tempfile::tempdir().unwrap();
    let page = |name: &str| path_str(&dir.path().join(name));
    let reference = job(&["--html", &page("run.html"), "--transcript-run", "117"]);
    let merged = merge_in(
        elsewhere.path(),
        &files,
        &["--html", &page("merge.html"), "--transcript-run", "117"],
    );
    assert_same_output(&merged, &reference, "--html --transcript-run 117");
    assert!(stderr(&merged).contains("the transcript is run 117"));
    assert_eq!(
        std::fs::read(page("merge.html")).unwrap(),
        std::fs::read(page("run.html")).unwrap(),
        "merge --html writes run --html's page"
    );
    for pick in ["loss", "win", "draw", "longest"] {
        let want = job(&["--transcript-pick", pick, "--format", "json"]);
        let got = merge_in(
            elsewhere.path(),
            &files,
            &["--transcript-pick", pick, "--format", "json"],
        );
        assert_same_output(&got, &want, pick);
    }
    let want = job(&["--transcript"]);
    let got = merge_in(elsewhere.path(), &files, &["--transcript"]);
    assert_same_output(&got, &want, "--transcript");
}

#[test]
fn bad_replay_requests_and_forged_slices_exit_2_naming_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let files = slices(dir.path());
    let here = dir.path();

    let out = merge_in(here, &files, &["--transcript-run", "230"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("--transcript-run 230: the job has runs 0 to 229 (--runs 230)"),
        "{}",
        stderr(&out)
    );
    let nowhere = path_str(&here.join("nowhere/page.html"));
    let out = merge_in(here, &files, &["--html", &nowhere]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains(&format!("--html {nowhere}")),
        "{}",
        stderr(&out)
    );

    // A slice file that is not there is named.
    let gone = path_str(&here.join("slice-4.json"));
    let with_gone = [files.clone(), vec![gone.clone()]].concat();
    let out = merge_in(here, &with_gone, &["--transcript-run", "3"]);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains(&gone), "{}", stderr(&out));

    // A hand edit of the carried scenario fails the file's checksum.
    let text = std::fs::read_to_string(&files[2]).unwrap();
    let edited = text.replacen("Orc", "Orque", 1);
    assert_ne!(edited, text);
    std::fs::write(&files[2], &edited).unwrap();
    let out = merge_in(here, &files, &["--html", &path_str(&here.join("p.html"))]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains(&format!("{}: the checksum does not match", files[2])),
        "{}",
        stderr(&out)
    );
    std::fs::write(&files[2], &text).unwrap();

    // Every slice resealed around another scenario: the job hash is no longer the carried
    // scenario's, so nothing is replayed from it; the plain report is still the tallies'.
    for file in &files {
        let mut slice = SliceFile::parse(file, &std::fs::read_to_string(file).unwrap()).unwrap();
        if let Played::Run { replay, .. } = &mut slice.played {
            let orc = &mut replay.source.combatants[1].text;
            assert!(orc.contains("\"hp_max\":"), "{orc}");
            *orc = orc.replacen("\"hp_max\":", "\"hp_max\" :", 1);
        }
        std::fs::write(file, slice.to_json()).unwrap();
    }
    assert_same_output(&merge_in(here, &files, &[]), &job(&[]), "plain report");
    let out = merge_in(here, &files, &["--transcript-pick", "win"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains(&format!(
            "error: {}: the slices were played by another pf1e-sim build",
            files[0]
        )),
        "{}",
        stderr(&out)
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn a_sweep_s_slices_take_no_transcript_option() {
    let dir = tempfile::tempdir().unwrap();
    let out = path_str(&dir.path().join("sweep.json"));
    let sweep = "data/sweeps/arena.yaml";
    assert_exit(
        &pf1e_sim(&["sweep", sweep, "--shard", "1/1", "--tally-out", &out]),
        0,
    );
    let o = pf1e_sim(&["merge", &out, "--transcript-run", "3"]);
    assert_exit(&o, 2);
    assert!(
        stderr(&o).contains("are for a run's slices; these files are slices of a sweep"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn casters_slices_carry_their_spells_for_the_replay() {
    let caster_run = |extra: &[&str]| {
        let mut args = vec!["--runs", "60", "--shard-runs", "20"];
        args.extend_from_slice(extra);
        let args = casters(&args);
        pf1e_sim(&args.iter().map(String::as_str).collect::<Vec<_>>())
    };
    let dir = tempfile::tempdir().unwrap();
    let page = |name: &str| path_str(&dir.path().join(name));
    let files: Vec<String> = (1..=2)
        .map(|k| {
            let out = page(&format!("slice-{k}.json"));
            let shard = format!("{k}/2");
            assert_exit(&caster_run(&["--shard", &shard, "--tally-out", &out]), 0);
            out
        })
        .collect();
    let want = caster_run(&["--html", &page("run.html"), "--transcript-pick", "longest"]);
    let elsewhere = tempfile::tempdir().unwrap();
    let got = merge_in(
        elsewhere.path(),
        &files,
        &[
            "--html",
            &page("merge.html"),
            "--transcript-pick",
            "longest",
        ],
    );
    assert_same_output(&got, &want, "casters");
    assert_eq!(
        std::fs::read(page("merge.html")).unwrap(),
        std::fs::read(page("run.html")).unwrap()
    );
}
