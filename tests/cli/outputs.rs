//! Output paths (README « Reliability », issue 16 defect 1): `--tally-out` and `sweep --html`
//! replace only regular files (atomically, with ordinary permissions), write through symlinks,
//! write FIFOs and devices in place, and refuse folders and dangling links.

use std::os::unix::fs::{FileTypeExt as _, PermissionsExt as _};
use std::path::Path;
use std::process::{Command, Output};

use crate::util::{assert_exit, path_str, pf1e_sim, small_run, stderr};

/// A small `run` slice writing its tally to `out`.
fn slice_to(out: &str) -> Output {
    small_run(&["--runs", "20", "--shard", "1/1", "--tally-out", out])
}

/// The tally file written to a fresh regular path, for comparison.
fn reference_tally(dir: &Path) -> String {
    let path = path_str(&dir.join("reference.json"));
    assert_exit(&slice_to(&path), 0);
    std::fs::read_to_string(&path).unwrap()
}

/// The mode a new file gets under this process's umask (std creates files 0666 less it).
fn ordinary_mode(dir: &Path) -> u32 {
    let probe = dir.join("probe");
    std::fs::write(&probe, "").unwrap();
    std::fs::metadata(&probe).unwrap().permissions().mode() & 0o777
}

#[test]
fn a_new_tally_file_gets_ordinary_permissions_not_0600() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tally.json");
    assert_exit(&slice_to(&path_str(&path)), 0);
    let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
    assert_eq!(mode, ordinary_mode(dir.path()), "mode {mode:o}");
}

#[test]
fn a_replaced_tally_file_keeps_its_permissions() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("tally.json");
    std::fs::write(&path, "old").unwrap();
    std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o640)).unwrap();
    assert_exit(&slice_to(&path_str(&path)), 0);
    let meta = std::fs::metadata(&path).unwrap();
    assert_eq!(meta.permissions().mode() & 0o777, 0o640);
    assert_ne!(std::fs::read_to_string(&path).unwrap(), "old");
}

#[test]
fn a_symlinked_tally_file_is_written_through_and_the_link_stays() {
    let dir = tempfile::tempdir().unwrap();
    let want = reference_tally(dir.path());
    let target = dir.path().join("target.json");
    std::fs::write(&target, "old").unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(&target, &link).unwrap();
    assert_exit(&slice_to(&path_str(&link)), 0);
    let meta = std::fs::symlink_metadata(&link).unwrap();
    assert!(meta.file_type().is_symlink(), "the link was replaced");
    assert_eq!(std::fs::read_to_string(&target).unwrap(), want);
}

#[test]
fn a_dangling_symlink_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let link = dir.path().join("link.json");
    std::os::unix::fs::symlink(dir.path().join("missing.json"), &link).unwrap();
    let out = slice_to(&path_str(&link));
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("symlink to a missing file"),
        "{}",
        stderr(&out)
    );
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(!dir.path().join("missing.json").exists());
}

#[test]
fn a_folder_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let out = slice_to(&path_str(dir.path()));
    assert_exit(&out, 2);
    assert!(stderr(&out).contains("is a folder"), "{}", stderr(&out));
}

// The devices are reached through links in a temporary folder: a regression then replaces
// the link, never the device itself (the tests may run as root).

/// A link to `target` in `dir`.
fn link_to(dir: &Path, target: &str) -> String {
    let link = dir.join("device-link");
    std::os::unix::fs::symlink(target, &link).unwrap();
    path_str(&link)
}

#[test]
fn a_device_is_written_in_place_not_replaced() {
    let dir = tempfile::tempdir().unwrap();
    let link = link_to(dir.path(), "/dev/null");
    assert_exit(&slice_to(&link), 0);
    let meta = std::fs::metadata(&link).unwrap();
    assert!(meta.file_type().is_char_device(), "the link was replaced");
}

#[test]
fn dev_stdout_carries_the_tally() {
    let dir = tempfile::tempdir().unwrap();
    let want = reference_tally(dir.path());
    let out = slice_to(&link_to(dir.path(), "/dev/stdout"));
    assert_exit(&out, 0);
    assert_eq!(String::from_utf8_lossy(&out.stdout), want);
}

#[test]
fn dev_stdout_redirected_to_a_file_is_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let want = reference_tally(dir.path());
    let captured = dir.path().join("captured.txt");
    let file = std::fs::File::create(&captured).unwrap();
    let link = link_to(dir.path(), "/dev/stdout");
    let mut args = crate::util::SMALL_RUN.to_vec();
    args.extend_from_slice(&["--runs", "20", "--shard", "1/1", "--tally-out", &link]);
    let status = Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
        .args(&args)
        .current_dir(crate::util::root())
        .stdout(file)
        .status()
        .unwrap();
    assert!(status.success());
    assert_eq!(std::fs::read_to_string(&captured).unwrap(), want);
}

#[test]
fn a_fifo_is_written_in_place() {
    let dir = tempfile::tempdir().unwrap();
    let want = reference_tally(dir.path());
    let fifo = dir.path().join("tally.fifo");
    match Command::new("mkfifo").arg(&fifo).status() {
        Ok(s) if s.success() => {}
        _ => {
            eprintln!("skipped: no mkfifo");
            return;
        }
    }
    let (send, got) = std::sync::mpsc::channel();
    {
        let fifo = fifo.clone();
        std::thread::spawn(move || send.send(std::fs::read_to_string(fifo).unwrap()));
    }
    let out = slice_to(&path_str(&fifo));
    assert_exit(&out, 0);
    let read = got.recv_timeout(std::time::Duration::from_secs(20));
    assert_eq!(read.expect("the FIFO was written"), want);
    assert!(std::fs::metadata(&fifo).unwrap().file_type().is_fifo());
}

#[test]
fn sweep_html_through_a_symlink_keeps_the_link() {
    let dir = tempfile::tempdir().unwrap();
    let target = dir.path().join("page.html");
    let link = dir.path().join("link.html");
    std::fs::write(&target, "old").unwrap();
    std::os::unix::fs::symlink(&target, &link).unwrap();
    let out = pf1e_sim(&[
        "sweep",
        "data/sweeps/arena.yaml",
        "--html",
        &path_str(&link),
    ]);
    assert_exit(&out, 0);
    assert!(
        std::fs::symlink_metadata(&link)
            .unwrap()
            .file_type()
            .is_symlink()
    );
    assert!(
        std::fs::read_to_string(&target)
            .unwrap()
            .starts_with("<!DOCTYPE html>")
    );
}

#[test]
fn run_html_writes_one_self_contained_page_with_the_map_and_the_command() {
    let dir = tempfile::tempdir().unwrap();
    let page = path_str(&dir.path().join("run.html"));
    let out = crate::util::small_run(&["--runs", "50", "--html", &page]);
    assert_exit(&out, 0);
    let html = std::fs::read_to_string(&page).unwrap();
    for banned in ["http://", "https://", "<script", "src=", "href="] {
        assert!(!html.contains(banned), "{banned}");
    }
    assert!(html.contains("<code>pf1e-sim run --map data/maps/sample_arena.yaml --side players"));
    assert!(html.contains("<h2>Carte et déploiement</h2>"));
    assert_eq!(
        html.matches("<circle ").count(),
        2,
        "one mark per combatant"
    );
    assert_eq!(
        html.matches("<svg ").count(),
        html.matches("</svg>").count()
    );
    let again = path_str(&dir.path().join("again.html"));
    let out = crate::util::small_run(&[
        "--runs",
        "50",
        "--threads",
        "3",
        "--shard-runs",
        "7",
        "--html",
        &again,
    ]);
    assert_exit(&out, 0);
    assert_eq!(std::fs::read(&again).unwrap(), html.as_bytes());
    let missing = path_str(&dir.path().join("nowhere/run.html"));
    let out = crate::util::small_run(&["--runs", "50", "--html", &missing]);
    assert_exit(&out, 2);
}

#[test]
fn run_html_of_a_precision_driven_job_says_where_it_stopped() {
    let dir = tempfile::tempdir().unwrap();
    let page = path_str(&dir.path().join("band.html"));
    let out = crate::util::small_run(&["--runs", "5000", "--target-band", "9", "--html", &page]);
    assert_exit(&out, 0);
    let stdout = String::from_utf8(out.stdout).unwrap();
    let line = stdout
        .lines()
        .find(|l| l.starts_with("Arrêt"))
        .expect("the text report's stop line");
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.contains(&format!("<p>{line}</p>")), "{line}");
}
