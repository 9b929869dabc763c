//! The coordinator's journal (`read_journal`, what `coordinator --journal` reads on resume).
//! The job expected is the one the text's first line names when it is a header with a sound
//! plan (so real journals reach their entries), else a fixed one; 2 sides, 5 combatants (the
//! quick start's shape). Input whose first byte is odd has every line that reads as an entry
//! sealed again, so mutations get past the checksums to the checks behind them.
//!
//! Promises: a refusal names the journal; what is kept is sound lines only — `good_bytes` ends
//! on a line break within the text, every shard kept is in the plan once, with a tally of its
//! runs that holds together — and reading those sound lines alone gives the same shards, with
//! nothing torn.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_sweep::ids::JobId;
use pf1e_sweep::journal::{JournalEntry, JournalHeader};
use pf1e_sweep::journal_read::{Recorded, read_journal};
use pf1e_sweep::shard::ShardPlan;

const LABEL: &str = "fuzz.journal";
const SIDES: usize = 2;
const UNITS: usize = 5;

/// The header and plan to expect: the first line's own when it is one, else a fixed job.
fn expected(text: &str) -> (JournalHeader, ShardPlan) {
    let first = text.lines().next().unwrap_or_default();
    if let Ok(h) = serde_json::from_str::<JournalHeader>(first)
        && let Ok(plan) = ShardPlan::new(h.runs, h.shard_runs)
    {
        return (h, plan);
    }
    let plan = ShardPlan::new(100, 10).expect("a sound plan");
    (JournalHeader::new(&JobId("fuzz".into()), &plan, 1), plan)
}

/// `text` with every line that reads as an entry sealed again (line breaks kept).
fn reseal(text: &str) -> String {
    text.split_inclusive('\n')
        .map(|line| {
            let body = line.trim_end_matches('\n');
            match serde_json::from_str::<JournalEntry>(body) {
                Ok(mut entry) => {
                    entry.checksum = entry.seal();
                    format!("{}{}", entry.to_line(), &line[body.len()..])
                }
                Err(_) => line.to_string(),
            }
        })
        .collect()
}

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let sealed = (mode % 2 == 1).then(|| reseal(text));
    let text = sealed.as_deref().unwrap_or(text);
    let (header, plan) = expected(text);
    let recorded = match read_journal(text, LABEL, &header, &plan, SIDES, UNITS) {
        Ok(recorded) => recorded,
        Err(e) => return assert!(e.contains(LABEL), "{e}"),
    };
    let good = usize::try_from(recorded.good_bytes).expect("within the text");
    assert!(good <= text.len() && text.is_char_boundary(good));
    assert!(good == 0 || text[..good].ends_with('\n'));
    let mut shards: Vec<u64> = recorded.shards.iter().map(|(s, _)| s.0).collect();
    for (shard, tally) in &recorded.shards {
        let runs = plan.shard(shard.0).expect("a shard of the plan");
        assert_eq!(tally.fights, runs.end - runs.start);
        tally
            .check(SIDES, UNITS)
            .expect("a tally that holds together");
    }
    shards.sort_unstable();
    shards.dedup();
    assert_eq!(shards.len(), recorded.shards.len(), "a shard kept twice");
    let again = read_journal(&text[..good], LABEL, &header, &plan, SIDES, UNITS)
        .expect("the sound lines alone are a sound journal");
    let expected_again = Recorded {
        torn: false,
        ..recorded
    };
    assert_eq!(again, expected_again);
});
