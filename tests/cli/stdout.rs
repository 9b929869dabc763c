//! stdout errors (README « Reliability », issue 16 defect 5): no command panics on a closed or
//! full stdout. A reader that went away (`| head -1`) ends the output quietly and the exit code
//! is the command's own; a full device (`> /dev/full`) is exit 1 with one `error:` line.

use std::process::{Command, Output, Stdio};

use crate::util::{SMALL_RUN, assert_exit, root, stderr};

const FILES: &[&str] = &[
    "validate",
    "data/monsters/goblin.json",
    "data/monsters/orc.json",
    "data/maps/sample_arena.yaml",
];

fn command(args: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pf1e-sim"));
    command.args(args).current_dir(root());
    command
}

fn to_dev_full(args: &[&str]) -> Output {
    let full = std::fs::OpenOptions::new()
        .write(true)
        .open("/dev/full")
        .unwrap();
    command(args)
        .stdout(full)
        .stderr(Stdio::piped())
        .output()
        .unwrap()
}

/// Runs with stdout a pipe whose reader is closed before the command writes.
fn to_closed_pipe(args: &[&str]) -> Output {
    let mut child = command(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    drop(child.stdout.take());
    child.wait_with_output().unwrap()
}

#[test]
fn validate_and_run_to_dev_full_exit_1_with_a_message() {
    let out = to_dev_full(FILES);
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("error: cannot write a summary to stdout"),
        "{}",
        stderr(&out)
    );
    let out = to_dev_full(SMALL_RUN);
    assert_exit(&out, 1);
    assert!(
        stderr(&out).contains("error: cannot write the report to stdout"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn validate_and_run_into_a_closed_pipe_end_quietly() {
    // More output than a pipe buffers (64 KiB), so a write fails even if the reader were
    // closed late.
    let mut many = vec!["validate"];
    many.extend(std::iter::repeat_n("data/monsters/goblin.json", 1000));
    let out = to_closed_pipe(&many);
    assert_exit(&out, 0);
    assert!(!stderr(&out).contains("error"), "{}", stderr(&out));
    let out = to_closed_pipe(SMALL_RUN);
    assert_exit(&out, 0);
    assert_eq!(stderr(&out), "");
}
