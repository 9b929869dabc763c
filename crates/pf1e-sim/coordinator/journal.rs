//! `--journal FILE`: the coordinator's record of merged shards, so a job stopped midway (the
//! coordinator killed, the machine rebooted) resumes where it was. The lines' format (a header
//! naming the job, then one line per merged shard with its tally) and their checks are the
//! sweep crate's (`journal`, `journal_read`); this module owns the file. A shard's line is
//! appended and fsynced *before* the shard counts, so every shard in the journal is in the
//! report and none is counted twice.
//!
//! On resume the header must name the same job (else the journal is refused: it belongs to
//! another job); every line must fit the plan and hold together; a torn last line (the
//! coordinator died while writing it) is cut off and that shard is played again. Only the
//! journal file is touched. The file is locked (`flock`) while the coordinator runs: a second
//! coordinator on the same journal is refused.

use std::fs::{File, OpenOptions};
use std::io::{Seek as _, Write as _};
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use pf1e_engine::tally::Tally;
use pf1e_sweep::ids::{JobId, ShardId};
use pf1e_sweep::journal::{JournalEntry, JournalHeader};
pub use pf1e_sweep::journal_read::Recorded;
use pf1e_sweep::journal_read::read_journal;
use pf1e_sweep::shard::ShardPlan;

use crate::input::{InputError, MAX_JOURNAL_BYTES, read_to_cap};

/// An open journal, positioned for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
}

impl Journal {
    /// Opens (or creates) the journal of `job` planned as `plan` from `seed`, on a scenario of
    /// `sides` sides and `units` combatants (every recorded tally must have its shape).
    pub fn open(
        path: &Path,
        job: &JobId,
        plan: &ShardPlan,
        seed: u64,
        sides: usize,
        units: usize,
    ) -> anyhow::Result<(Journal, Recorded)> {
        let header = JournalHeader::new(job, plan, seed);
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("cannot open the journal {}", path.display()))?;
        let label = path.display();
        if !file.metadata().is_ok_and(|m| m.is_file()) {
            return Err(InputError(format!("the journal {label} is not a regular file")).into());
        }
        lock(&file, path)?;
        let bytes = read_to_cap(&mut file, MAX_JOURNAL_BYTES)
            .map_err(|e| InputError(format!("the journal {label} {e}")))?;
        let text = String::from_utf8(bytes).map_err(|_| {
            InputError(format!(
                "{label} is not a pf1e-sim journal (not UTF-8 text)"
            ))
        })?;
        let recorded = read_journal(&text, &label.to_string(), &header, plan, sides, units)
            .map_err(anyhow::Error::msg)?;
        if recorded.torn {
            file.set_len(recorded.good_bytes)
                .with_context(|| format!("cannot cut the torn last line of {label}"))?;
            file.seek(std::io::SeekFrom::End(0))?;
        }
        let mut journal = Journal {
            path: path.to_path_buf(),
            file,
        };
        if recorded.good_bytes == 0 {
            journal.append_line(&header.to_line())?;
        }
        Ok((journal, recorded))
    }

    /// Records a merged shard durably (written and fsynced) before it counts.
    pub fn record(
        &mut self,
        shard: ShardId,
        runs: &Range<u64>,
        tally: &Tally,
    ) -> anyhow::Result<()> {
        self.append_line(&JournalEntry::new(shard, runs, tally).to_line())
    }

    fn append_line(&mut self, line: &str) -> anyhow::Result<()> {
        let write = |file: &mut File| -> std::io::Result<()> {
            file.write_all(format!("{line}\n").as_bytes())?;
            file.sync_data()
        };
        write(&mut self.file)
            .with_context(|| format!("cannot write the journal {}", self.path.display()))
    }
}

/// Takes the journal's OS advisory lock (`flock`, exclusive, without waiting) for as long as
/// the file stays open, so two coordinators never append to one journal: the second is refused
/// (exit 2). The OS drops the lock when the coordinator exits, even killed, so a resume after
/// `kill -9` is never locked out.
fn lock(file: &File, path: &Path) -> anyhow::Result<()> {
    match file.try_lock() {
        Ok(()) => Ok(()),
        Err(std::fs::TryLockError::WouldBlock) => Err(InputError(format!(
            "the journal {} is in use by another coordinator (it holds the file's lock): wait for it to finish or use another --journal file",
            path.display()
        ))
        .into()),
        Err(std::fs::TryLockError::Error(e)) => {
            Err(e).with_context(|| format!("cannot lock the journal {}", path.display()))
        }
    }
}

#[cfg(test)]
#[path = "journal_tests.rs"]
mod tests;
