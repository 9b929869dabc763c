//! The journal: created with its header, entries read back, another job refused, a torn last
//! line cut off, entries that don't fit the plan refused.

use super::*;

fn tally(fights: u64) -> Tally {
    let mut t = Tally::empty(2, 1);
    for run in 0..fights {
        t.add_plain_fight(run, Some(0), 1);
    }
    t
}

fn open(path: &Path, job: &str, shard_runs: u64) -> anyhow::Result<(Journal, Recorded)> {
    let plan = ShardPlan::new(25, shard_runs).unwrap();
    Journal::open(path, &JobId(job.into()), &plan, 7, 2, 1)
}

#[test]
fn recorded_shards_are_read_back_on_resume() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let (mut journal, recorded) = open(&path, "abc", 10).unwrap();
    assert!(recorded.shards.is_empty() && !recorded.torn);
    journal.record(ShardId(2), &(20..25), &tally(5)).unwrap();
    journal.record(ShardId(0), &(0..10), &tally(10)).unwrap();
    drop(journal);
    let (_, recorded) = open(&path, "abc", 10).unwrap();
    assert_eq!(
        recorded.shards,
        [(ShardId(2), tally(5)), (ShardId(0), tally(10))]
    );
    let text = std::fs::read_to_string(&path).unwrap();
    assert_eq!(text.lines().count(), 3, "one header, two entries:\n{text}");
}

#[test]
fn a_journal_of_another_job_or_shard_size_is_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    drop(open(&path, "abc", 10).unwrap());
    let e = open(&path, "xyz", 10).unwrap_err().to_string();
    assert!(e.contains("belongs to another job"), "{e}");
    let e = open(&path, "abc", 5).unwrap_err().to_string();
    assert!(e.contains("--shard-runs 10"), "{e}");
    std::fs::write(&path, "hello\n").unwrap();
    let e = open(&path, "abc", 10).unwrap_err().to_string();
    assert!(e.contains("not a pf1e-sim journal"), "{e}");
}

#[test]
fn a_torn_last_line_is_cut_and_the_shard_replayed() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let (mut journal, _) = open(&path, "abc", 10).unwrap();
    journal.record(ShardId(1), &(10..20), &tally(10)).unwrap();
    drop(journal);
    let mut file = OpenOptions::new().append(true).open(&path).unwrap();
    file.write_all(b"{\"shard\":0,\"first_run\":0,\"end")
        .unwrap();
    drop(file);
    let (mut journal, recorded) = open(&path, "abc", 10).unwrap();
    assert!(recorded.torn);
    assert_eq!(recorded.shards, [(ShardId(1), tally(10))]);
    journal.record(ShardId(0), &(0..10), &tally(10)).unwrap();
    drop(journal);
    let (_, recorded) = open(&path, "abc", 10).unwrap();
    assert_eq!(recorded.shards.len(), 2);
    assert!(!recorded.torn);
}

#[test]
fn entries_that_do_not_fit_the_plan_are_refused() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let (mut journal, _) = open(&path, "abc", 10).unwrap();
    journal.record(ShardId(1), &(10..19), &tally(9)).unwrap();
    journal.record(ShardId(0), &(0..10), &tally(10)).unwrap();
    drop(journal);
    let e = format!("{:#}", open(&path, "abc", 10).unwrap_err());
    assert!(
        e.contains("line 2") && e.contains("the plan says 10..20"),
        "{e}"
    );
}

#[test]
fn a_hand_edited_line_is_refused_naming_the_file_and_line() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let (mut journal, _) = open(&path, "abc", 10).unwrap();
    journal.record(ShardId(1), &(10..20), &tally(10)).unwrap();
    journal.record(ShardId(0), &(0..10), &tally(10)).unwrap();
    drop(journal);
    let text = std::fs::read_to_string(&path).unwrap();
    // Still a whole, consistent entry: only the checksum tells.
    let edited = text.replacen("\"hits\":0", "\"hits\":7", 1);
    assert_ne!(edited, text);
    std::fs::write(&path, edited).unwrap();
    let e = format!("{:#}", open(&path, "abc", 10).unwrap_err());
    assert!(
        e.contains(&format!(
            "{}, line 2: the checksum does not match the line (edited by hand or corrupted)",
            path.display()
        )),
        "{e}"
    );
}

/// Loading looks each shard up once (an index, not a scan of the shards read so far): 100,000
/// shards took 3.5 s in a release build when each line scanned the earlier ones.
#[test]
fn a_journal_of_many_shards_loads_in_linear_time() {
    const SHARDS: u64 = 100_000;
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    let plan = ShardPlan::new(SHARDS, 1).unwrap();
    let job = JobId("abc".into());
    let mut text = JournalHeader::new(&job, &plan, 7).to_line();
    text.push('\n');
    let one = tally(1);
    for s in 0..SHARDS {
        text.push_str(&JournalEntry::new(ShardId(s), &(s..s + 1), &one).to_line());
        text.push('\n');
    }
    std::fs::write(&path, text).unwrap();
    let start = std::time::Instant::now();
    let (_, recorded) = Journal::open(&path, &job, &plan, 7, 2, 1).unwrap();
    let took = start.elapsed();
    assert_eq!(recorded.shards.len(), SHARDS as usize);
    assert!(took.as_secs_f64() < 8.0, "{SHARDS} shards took {took:?}");
}

#[test]
fn a_header_naming_a_job_or_format_in_accents_is_refused_without_a_panic() {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("job.journal");
    drop(open(&path, "abc", 10).unwrap());
    let text = std::fs::read_to_string(&path).unwrap();
    // Byte 12 of the job and byte 40 of the format fall inside a two-byte « é ».
    let job = format!("a{}", "é".repeat(20));
    std::fs::write(&path, text.replacen("\"abc\"", &format!("\"{job}\""), 1)).unwrap();
    let e = open(&path, "abc", 10).unwrap_err().to_string();
    let quoted = format!("belongs to another job (a{}…)", "é".repeat(11));
    assert!(e.contains(&quoted), "{e}");
    let format = format!("pf1e-sim journal vx{}", "é".repeat(20));
    let edited = text.replacen(pf1e_sweep::journal::FORMAT, &format, 1);
    std::fs::write(&path, edited).unwrap();
    let e = open(&path, "abc", 10).unwrap_err().to_string();
    assert!(e.contains("in the format « pf1e-sim journal vxééé"), "{e}");
}
