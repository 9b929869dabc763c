//! What the binary echoes of user data (README « Reliability », issue 16 defect 8): control
//! characters in names and fields are escaped on stdout and stderr, a wrong value is quoted as
//! a short excerpt (never a whole file), and a path need not be UTF-8 (`run` takes what
//! `validate` takes).

use std::os::unix::ffi::OsStrExt as _;
use std::process::Command;

use crate::util::{SMALL_RUN, assert_exit, pf1e_sim, root, stderr, stdout, temp_file};

/// The goblin with `from` replaced by `to` in its text.
fn goblin_with(from: &str, to: &str) -> (tempfile::TempDir, String) {
    let text = std::fs::read_to_string(root().join("data/monsters/goblin.json")).unwrap();
    assert!(text.contains(from), "{from}");
    temp_file("goblin.json", &text.replacen(from, to, 1))
}

#[test]
fn control_characters_in_a_name_are_escaped_on_stdout() {
    let (_dir, path) = goblin_with("\"Goblin\"", "\"Gob\\u001b[31mlin\\r\"");
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 0);
    assert!(!out.stdout.contains(&0x1b) && !out.stdout.contains(&b'\r'));
    assert!(
        stdout(&out).contains("Gob\\u{1b}[31mlin\\u{d}"),
        "{}",
        stdout(&out)
    );
}

#[test]
fn control_characters_in_a_field_are_escaped_on_stderr() {
    let (_dir, path) = goblin_with("\"name\"", "\"na\\u001b]0;pwned\\u0007me\"");
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    assert!(!out.stderr.contains(&0x1b) && !out.stderr.contains(&0x07));
    assert!(
        stderr(&out).contains("na\\u{1b}]0;pwned\\u{7}me"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_file_given_as_a_map_is_quoted_as_a_short_excerpt() {
    let line = "root:x:0:0:root:/root:/bin/bash";
    let (_dir, map) = temp_file("passwd", &format!("{}\n", [line; 200].join("\n")));
    let mut args = SMALL_RUN.to_vec();
    args[2] = &map;
    let out = pf1e_sim(&args);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(err.len() < 400 && err.contains("…\", expected"), "{err}");
}

#[test]
fn run_takes_a_path_that_is_not_utf8_as_validate_does() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir
        .path()
        .join(std::ffi::OsStr::from_bytes(b"gob\xff.json"));
    std::fs::copy(root().join("data/monsters/goblin.json"), &path).unwrap();
    let pf1e_sim_then = |args: &[&str]| {
        Command::new(env!("CARGO_BIN_EXE_pf1e-sim"))
            .args(args)
            .arg(&path)
            .current_dir(root())
            .output()
            .unwrap()
    };
    assert_exit(&pf1e_sim_then(&["validate"]), 0);
    let out = pf1e_sim_then(&[
        "run",
        "--runs",
        "20",
        "--map",
        "data/maps/sample_arena.yaml",
        "--side",
        "monsters",
        "data/monsters/orc.json",
        "--side",
        "players",
    ]);
    assert_exit(&out, 0);
    assert!(stdout(&out).contains("Victoires"), "{}", stdout(&out));
}
