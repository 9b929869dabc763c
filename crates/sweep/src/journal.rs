//! The format of a coordinator's journal (`--journal FILE`): JSON lines, a [`JournalHeader`]
//! naming the job (its id, runs, seed, shard size), then one [`JournalEntry`] per merged shard
//! with its tally and a `checksum` of the line's other fields, so a line edited by hand or
//! corrupted is refused. This module turns lines into checked values and back; opening,
//! appending, syncing and cutting a torn last line are the binary's (it owns the file).
//!
//! An entry read back must fit the job: a shard of its plan, with that shard's exact runs and
//! a tally of the scenario's shape that holds together ([`Tally::check`]).

use std::ops::Range;

use pf1e_engine::tally::Tally;
use serde::{Deserialize, Serialize};

use crate::hash::Hasher;
use crate::ids::{JobId, ShardId};
use crate::shard::ShardPlan;

/// Format marker of the header line.
pub const FORMAT: &str = "pf1e-sim journal v2";

/// What every version's header format starts with.
const FORMAT_FAMILY: &str = "pf1e-sim journal ";

/// The first line: which job the journal belongs to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalHeader {
    pub format: String,
    pub job: String,
    pub runs: u64,
    pub seed: u64,
    pub shard_runs: u64,
}

/// How a journal's first line compares with the job being played.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum HeaderCheck {
    /// The same job, planned the same way: resume it.
    Same,
    /// A journal of another job (other files, seed or run count); `theirs` is its id.
    AnotherJob { theirs: String },
    /// The same job planned with another shard size.
    AnotherShardSize { theirs: u64 },
    /// A journal of another format version (`theirs`), written by another pf1e-sim.
    AnotherFormat { theirs: String },
    /// Not a journal header (or not a whole line of one).
    NotAJournal,
}

/// One merged shard.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JournalEntry {
    pub shard: u64,
    pub first_run: u64,
    pub end_run: u64,
    pub tally: Tally,
    /// Hash of the other fields ([`JournalEntry::seal`]).
    pub checksum: String,
}

/// Why a line is not a usable entry.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EntryError {
    /// Not an entry at all (a torn or foreign line).
    NotAnEntry,
    /// An entry whose checksum does not match its fields (edited by hand or corrupted).
    Checksum,
}

impl JournalHeader {
    /// The header of job `job` planned as `plan` from `seed`.
    pub fn new(job: &JobId, plan: &ShardPlan, seed: u64) -> Self {
        JournalHeader {
            format: FORMAT.to_string(),
            job: job.0.clone(),
            runs: plan.runs(),
            seed,
            shard_runs: plan.shard_runs(),
        }
    }

    /// The header as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("strings and integers always serialize")
    }

    /// How the header line `line` compares with this one.
    pub fn check(&self, line: &str) -> HeaderCheck {
        match serde_json::from_str::<JournalHeader>(line) {
            Ok(h) if h == *self => HeaderCheck::Same,
            Ok(h) if h.format == FORMAT && h.job != self.job => {
                HeaderCheck::AnotherJob { theirs: h.job }
            }
            Ok(h) if h.format == FORMAT => HeaderCheck::AnotherShardSize {
                theirs: h.shard_runs,
            },
            Ok(h) if h.format.starts_with(FORMAT_FAMILY) => {
                HeaderCheck::AnotherFormat { theirs: h.format }
            }
            _ => HeaderCheck::NotAJournal,
        }
    }
}

impl JournalEntry {
    /// The entry of `shard`, which played `runs` into `tally`.
    pub fn new(shard: ShardId, runs: &Range<u64>, tally: &Tally) -> Self {
        let mut entry = JournalEntry {
            shard: shard.0,
            first_run: runs.start,
            end_run: runs.end,
            tally: tally.clone(),
            checksum: String::new(),
        };
        entry.checksum = entry.seal();
        entry
    }

    /// The checksum of every field but `checksum`: the hash of their compact JSON.
    pub fn seal(&self) -> String {
        let unsealed = JournalEntry {
            checksum: String::new(),
            ..self.clone()
        };
        let json = serde_json::to_string(&unsealed).expect("integers and tallies always serialize");
        let mut h = Hasher::new("pf1e-journal-entry-v2");
        h.text(&json);
        h.finish().to_string()
    }

    /// The entry as one line of JSON (no newline).
    pub fn to_line(&self) -> String {
        serde_json::to_string(self).expect("integers and tallies always serialize")
    }

    /// Reads an entry line whose checksum matches its fields.
    pub fn parse(line: &str) -> Result<JournalEntry, EntryError> {
        let entry: JournalEntry = serde_json::from_str(line).map_err(|_| EntryError::NotAnEntry)?;
        if entry.checksum != entry.seal() {
            return Err(EntryError::Checksum);
        }
        Ok(entry)
    }

    /// The shard this entry records, if it fits `plan` and a scenario of `sides` sides and
    /// `units` combatants; else why not.
    pub fn check(&self, plan: &ShardPlan, sides: usize, units: usize) -> Result<ShardId, String> {
        let expected = plan.shard(self.shard).ok_or_else(|| {
            format!(
                "shard {} is not in a plan of {} shards",
                self.shard,
                plan.len()
            )
        })?;
        if expected != (self.first_run..self.end_run) {
            return Err(format!(
                "shard {} covers runs {}..{}, the plan says {}..{}",
                self.shard, self.first_run, self.end_run, expected.start, expected.end
            ));
        }
        let t = &self.tally;
        if t.fights != expected.end - expected.start || t.check(sides, units).is_err() {
            return Err(format!(
                "shard {}: the tally does not fit this job",
                self.shard
            ));
        }
        Ok(ShardId(self.shard))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tally(fights: u64) -> Tally {
        let mut t = Tally::empty(2, 1);
        for run in 0..fights {
            t.add_plain_fight(run, Some(0), 1);
        }
        t
    }

    #[test]
    fn a_header_tells_the_same_job_from_another() {
        let plan = ShardPlan::new(25, 10).unwrap();
        let ours = JournalHeader::new(&JobId("abc".into()), &plan, 7);
        assert_eq!(ours.check(&ours.to_line()), HeaderCheck::Same);
        let theirs = JournalHeader::new(&JobId("xyz".into()), &plan, 7);
        assert_eq!(
            ours.check(&theirs.to_line()),
            HeaderCheck::AnotherJob {
                theirs: "xyz".into()
            }
        );
        let resized = JournalHeader::new(&JobId("abc".into()), &ShardPlan::new(25, 5).unwrap(), 7);
        assert_eq!(
            ours.check(&resized.to_line()),
            HeaderCheck::AnotherShardSize { theirs: 5 }
        );
        assert_eq!(ours.check("hello"), HeaderCheck::NotAJournal);
    }

    #[test]
    fn entries_round_trip_and_must_fit_the_plan() {
        let plan = ShardPlan::new(25, 10).unwrap();
        let entry = JournalEntry::new(ShardId(2), &(20..25), &tally(5));
        let back = JournalEntry::parse(&entry.to_line()).unwrap();
        assert_eq!(back, entry);
        assert_eq!(back.check(&plan, 2, 1), Ok(ShardId(2)));
        let e = JournalEntry::new(ShardId(1), &(10..19), &tally(9))
            .check(&plan, 2, 1)
            .unwrap_err();
        assert_eq!(e, "shard 1 covers runs 10..19, the plan says 10..20");
        let outside = JournalEntry::new(ShardId(3), &(30..40), &tally(10));
        assert!(outside.check(&plan, 2, 1).is_err());
        assert!(entry.check(&plan, 3, 1).is_err());
        let mut forged = entry.clone();
        forged.tally.draws = 1;
        assert!(forged.check(&plan, 2, 1).is_err());
        assert_eq!(
            JournalEntry::parse("{\"shard\":0,\"first_run\":0,\"end"),
            Err(EntryError::NotAnEntry)
        );
    }

    #[test]
    fn a_hand_edited_entry_fails_its_checksum() {
        let line = JournalEntry::new(ShardId(2), &(20..25), &tally(5)).to_line();
        assert!(line.contains("\"checksum\":\""), "{line}");
        for (from, to) in [
            ("\"wins\":[5,", "\"wins\":[4,"),
            ("\"draws\":0", "\"draws\":1"),
        ] {
            let edited = line.replacen(from, to, 1);
            assert_ne!(edited, line);
            assert_eq!(JournalEntry::parse(&edited), Err(EntryError::Checksum));
        }
    }

    #[test]
    fn a_journal_of_another_format_version_says_so() {
        let plan = ShardPlan::new(25, 10).unwrap();
        let ours = JournalHeader::new(&JobId("abc".into()), &plan, 7);
        let old = ours.to_line().replacen(FORMAT, "pf1e-sim journal v1", 1);
        assert_eq!(
            ours.check(&old),
            HeaderCheck::AnotherFormat {
                theirs: "pf1e-sim journal v1".into()
            }
        );
    }
}
