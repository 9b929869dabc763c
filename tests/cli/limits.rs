//! Bounded inputs and resources (README « Reliability », issue 16 defects 4 and 6): every
//! input file goes through one reader capped at 16 MiB (256 MiB for a journal) whatever length
//! it reports, so /dev/zero is refused with exit 2 naming the file and the cap; `--threads`
//! is capped at 4 × the cores (1024 at most), exit 2.

use crate::util::{SMALL_RUN, assert_exit, pf1e_sim, stderr, stdout, temp_file};

const CAP: &str = "is larger than 16 MiB, the limit";

fn assert_refused(args: &[&str], needle: &str) {
    let out = pf1e_sim(args);
    assert_exit(&out, 2);
    assert!(stderr(&out).contains(needle), "{}", stderr(&out));
}

#[test]
fn validate_refuses_dev_zero_at_the_cap() {
    assert_refused(&["validate", "/dev/zero"], &format!("/dev/zero: {CAP}"));
}

#[test]
fn run_refuses_dev_zero_as_its_map() {
    let mut args = SMALL_RUN.to_vec();
    args[2] = "/dev/zero";
    assert_refused(&args, &format!("/dev/zero: {CAP}"));
}

#[test]
fn sweep_refuses_dev_zero_as_its_map() {
    let text = "name: zero\nmap: /dev/zero\nsides:\n  players: [/dev/zero]\n  monsters: [/dev/zero]\n\
                runs: 10\naxes:\n  - name: t\n    tactics:\n      side: monsters\n      options: [default]\n";
    let (_dir, path) = temp_file("zero.yaml", text);
    assert_refused(&["sweep", &path], &format!("/dev/zero: {CAP}"));
}

#[test]
fn merge_refuses_dev_zero_as_a_slice() {
    assert_refused(&["merge", "/dev/zero"], &format!("/dev/zero: {CAP}"));
}

#[test]
fn the_worker_refuses_dev_zero_as_its_token_file() {
    let args = [
        "worker",
        "--listen",
        "127.0.0.1:0",
        "--token-file",
        "/dev/zero",
    ];
    assert_refused(
        &args,
        "the token file /dev/zero: is larger than 4 KiB, the limit",
    );
}

#[test]
fn the_coordinator_refuses_dev_zero_as_its_token_file_and_dev_full_as_its_journal() {
    let with = |options: &[&str]| {
        let mut args = vec!["coordinator", "--worker", "http://127.0.0.1:9"];
        args.extend_from_slice(options);
        args.extend_from_slice(SMALL_RUN);
        args.into_iter().map(String::from).collect::<Vec<_>>()
    };
    let token = with(&["--token-file", "/dev/zero"]);
    let token: Vec<&str> = token.iter().map(String::as_str).collect();
    assert_refused(&token, "the token file /dev/zero: is larger than 4 KiB");
    let journal = with(&["--journal", "/dev/full"]);
    let journal: Vec<&str> = journal.iter().map(String::as_str).collect();
    assert_refused(&journal, "the journal /dev/full is not a regular file");
}

#[test]
fn threads_beyond_four_per_core_are_a_usage_error() {
    for command in ["run", "bench"] {
        let mut args = SMALL_RUN.to_vec();
        args[0] = command;
        args.extend_from_slice(&["--threads", "100000"]);
        assert_refused(&args, "at most");
    }
    assert_refused(&["worker", "--threads", "100000"], "per core on the");
}

#[test]
fn bench_says_its_one_thread_default_and_refuses_the_options_it_ignores() {
    let help = pf1e_sim(&["bench", "--help"]);
    assert_exit(&help, 0);
    assert!(stdout(&help).contains("[default: 1, so the figure is per core]"));
    for ignored in ["--transcript", "--format", "--shard", "--tally-out"] {
        let listed = stdout(&help)
            .lines()
            .any(|l| l.split_whitespace().next() == Some(ignored));
        assert!(!listed, "{ignored} in bench --help");
        let mut args = SMALL_RUN.to_vec();
        args[0] = "bench";
        args.extend_from_slice(&[ignored, "x"]);
        assert_refused(&args, "unexpected argument");
    }
    let mut args = SMALL_RUN.to_vec();
    args[0] = "bench";
    args.extend_from_slice(&["--runs", "20"]);
    let out = pf1e_sim(&args);
    assert_exit(&out, 0);
    assert!(stdout(&out).contains("on 1 thread ="), "{}", stdout(&out));
}
