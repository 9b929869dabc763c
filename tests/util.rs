//! Running the built `pf1e-sim` binary from tests, with paths relative to the repository.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

/// The repository root (where Cargo.toml and data/ are).
pub fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Runs `pf1e-sim ARGS…` from the repository root.
pub fn pf1e_sim(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
        .args(args)
        .current_dir(root())
        .output()
        .expect("the pf1e-sim binary runs")
}

pub fn stdout(output: &Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

pub fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

/// Writes `text` to `name` in a fresh temporary directory and returns (dir guard, path).
pub fn temp_file(name: &str, text: &str) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().expect("a temp dir");
    let path = dir.path().join(name);
    std::fs::write(&path, text).expect("write the temp file");
    let path = path_str(&path);
    (dir, path)
}

pub fn path_str(path: &Path) -> String {
    path.to_str().expect("utf-8 temp path").to_string()
}

/// Asserts the process exited with `code` and printed no panic or backtrace.
pub fn assert_exit(output: &Output, code: i32) {
    let err = stderr(output);
    assert!(
        !err.contains("panicked") && !err.contains("RUST_BACKTRACE"),
        "the binary panicked:\n{err}"
    );
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout:\n{}\nstderr:\n{err}",
        stdout(output)
    );
}

/// Compares `got` with the golden file `tests/golden/NAME`, rewritten first when `PF1E_BLESS`
/// is set; `hint` is the failure message (it names the command and how to regenerate it).
pub fn assert_golden(name: &str, got: &str, hint: &str) {
    let golden = root().join("tests/golden").join(name);
    if std::env::var_os("PF1E_BLESS").is_some() {
        std::fs::write(&golden, got).unwrap();
    }
    let want = std::fs::read_to_string(&golden).unwrap();
    assert_eq!(got, want, "{hint}");
}

/// Writes `sweeps/casters.yaml` in `dir`: Maelis and Sera against the drow noble and two orcs
/// on the sample arena (absolute paths to data/), 60 runs a cell, the orcs' tactic as the axis,
/// and `spells` (a whole `spells: …` line, or nothing) before the axes. Returns its path.
pub fn caster_sweep(dir: &Path, spells: &str) -> String {
    let data = root().join("data");
    let d = |p: &str| path_str(&data.join(p));
    let text = format!(
        "name: casters\nmap: {}\nsides:\n  players: [{}, {}]\n  monsters: [{}, {}, {}]\n\
         runs: 60\n{spells}axes:\n  - name: tactique\n    tactics:\n      side: monsters\n\
         \x20     options: [default, focus_weakest]\n",
        d("maps/sample_arena.yaml"),
        d("pcs/maelis.json"),
        d("pcs/sera.json"),
        d("monsters/drow_noble.json"),
        d("monsters/orc.json"),
        d("monsters/orc.json"),
    );
    let sweeps = dir.join("sweeps");
    std::fs::create_dir_all(&sweeps).expect("a sweeps folder");
    let path = sweeps.join("casters.yaml");
    std::fs::write(&path, text).expect("write the sweep");
    path_str(&path)
}

/// `run` of Maelis and Sera against the drow noble and two orcs on the sample arena, then
/// `extra`.
pub fn casters(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "run",
        "--map",
        "data/maps/sample_arena.yaml",
        "--side",
        "players",
        "data/pcs/maelis.json",
        "data/pcs/sera.json",
        "--side",
        "monsters",
        "data/monsters/drow_noble.json",
        "data/monsters/orc.json",
        "data/monsters/orc.json",
    ]
    .iter()
    .map(ToString::to_string)
    .collect();
    args.extend(extra.iter().map(ToString::to_string));
    args
}

/// A small `run` job (a goblin against an orc on the sample arena), for tests of the
/// command line itself: append `--runs`, `--shard`… as needed.
pub const SMALL_RUN: &[&str] = &[
    "run",
    "--map",
    "data/maps/sample_arena.yaml",
    "--side",
    "players",
    "data/monsters/goblin.json",
    "--side",
    "monsters",
    "data/monsters/orc.json",
];

/// Runs `SMALL_RUN` followed by `extra`.
pub fn small_run(extra: &[&str]) -> Output {
    let mut args = SMALL_RUN.to_vec();
    args.extend_from_slice(extra);
    pf1e_sim(&args)
}
