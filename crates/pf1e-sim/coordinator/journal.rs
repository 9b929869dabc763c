//! `--journal FILE`: the coordinator's record of merged shards, so a job stopped midway (the
//! coordinator killed, the machine rebooted) resumes where it was. The lines' format (a header
//! naming the job, then one line per merged shard with its tally) and their checks are the
//! sweep crate's (`journal`); this module owns the file. A shard's line is appended and fsynced
//! *before* the shard counts, so every shard in the journal is in the report and none is
//! counted twice.
//!
//! On resume the header must name the same job (else the journal is refused: it belongs to
//! another job); every line must fit the plan and hold together; a torn last line (the
//! coordinator died while writing it) is cut off and that shard is played again. Only the
//! journal file is touched. The file is locked (`flock`) while the coordinator runs: a second
//! coordinator on the same journal is refused.

use std::collections::BTreeMap;
use std::fs::{File, OpenOptions};
use std::io::{Seek as _, Write as _};
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use pf1e_engine::tally::Tally;
use pf1e_sweep::ids::{JobId, ShardId};
use pf1e_sweep::journal::{EntryError, HeaderCheck, JournalEntry, JournalHeader};
use pf1e_sweep::shard::ShardPlan;

use crate::input::{InputError, MAX_JOURNAL_BYTES, read_to_cap};

/// An open journal, positioned for appending.
#[derive(Debug)]
pub struct Journal {
    path: PathBuf,
    file: File,
}

/// What a journal already holds for this job.
#[derive(Debug, Default)]
pub struct Recorded {
    pub shards: Vec<(ShardId, Tally)>,
    /// A torn last line was cut off.
    pub torn: bool,
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
        let mut recorded = Recorded::default();
        let mut good_bytes: u64 = 0;
        // Where each shard already read sits in `recorded.shards`: one lookup per line.
        let mut seen: BTreeMap<ShardId, usize> = BTreeMap::new();
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
        let lines: Vec<&str> = text.split_inclusive('\n').collect();
        let count = lines.len();
        for (i, line) in lines.into_iter().enumerate() {
            let last = i + 1 == count;
            let complete = line.ends_with('\n');
            if i == 0 {
                match header.check(line.trim_end()) {
                    HeaderCheck::Same if complete => {}
                    HeaderCheck::AnotherJob { theirs } if complete => bail!(
                        "the journal {label} belongs to another job ({}…), not this one ({}…): the files, seed or run count differ; use another --journal file",
                        &theirs[..theirs.len().min(12)],
                        job.short()
                    ),
                    HeaderCheck::AnotherShardSize { theirs } if complete => bail!(
                        "the journal {label} was written with --shard-runs {theirs}; rerun with the same shard size to resume it"
                    ),
                    HeaderCheck::AnotherFormat { theirs } if complete => bail!(
                        "the journal {label} is in the format « {} », written by another pf1e-sim; use another --journal file",
                        &theirs[..theirs.len().min(40)]
                    ),
                    _ if last && !complete => {
                        recorded.torn = true;
                        break;
                    }
                    _ => bail!("{label} is not a pf1e-sim journal"),
                }
            } else {
                match JournalEntry::parse(line.trim_end()) {
                    Ok(entry) if complete => {
                        let shard = entry
                            .check(plan, sides, units)
                            .map_err(anyhow::Error::msg)
                            .with_context(|| format!("{label}, line {}", i + 1))?;
                        let tally = entry.tally;
                        match seen.get(&shard).map(|&at| &recorded.shards[at].1) {
                            Some(kept) if *kept != tally => bail!(
                                "{label}, line {}: {shard} is recorded twice with different tallies",
                                i + 1
                            ),
                            Some(_) => {}
                            None => {
                                seen.insert(shard, recorded.shards.len());
                                recorded.shards.push((shard, tally));
                            }
                        }
                    }
                    Err(EntryError::Checksum) if complete => bail!(
                        "{label}, line {}: the checksum does not match the line (edited by hand or corrupted)",
                        i + 1
                    ),
                    _ if last => {
                        recorded.torn = true;
                        break;
                    }
                    Ok(_) | Err(_) => bail!("{label}, line {}: not a journal entry", i + 1),
                }
            }
            good_bytes += line.len() as u64;
        }
        if recorded.torn {
            file.set_len(good_bytes)
                .with_context(|| format!("cannot cut the torn last line of {label}"))?;
            file.seek(std::io::SeekFrom::End(0))?;
        }
        let mut journal = Journal {
            path: path.to_path_buf(),
            file,
        };
        if good_bytes == 0 {
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
