//! `--journal FILE`: the coordinator's record of merged shards, so a job stopped midway (the
//! coordinator killed, the machine rebooted) resumes where it was. JSON lines: a header naming
//! the job (its content hash, runs, seed, shard size), then one line per merged shard with its
//! tally. A shard's line is appended and fsynced *before* the shard counts, so every shard in
//! the journal is in the report and none is counted twice.
//!
//! On resume the header must name the same job (else the journal is refused: it belongs to
//! another job); every line must fit the plan; a torn last line (the coordinator died while
//! writing it) is cut off and that shard is played again. Only the journal file is touched.

use std::fs::{File, OpenOptions};
use std::io::{BufRead as _, BufReader, Seek as _, Write as _};
use std::ops::Range;
use std::path::{Path, PathBuf};

use anyhow::{Context as _, bail};
use pf1e_engine::tally::Tally;
use pf1e_sweep::json::RawTally;
use pf1e_sweep::shard::ShardPlan;
use serde::{Deserialize, Serialize};

use crate::rpc::{JobId, ShardId};

/// Format marker of the header line.
const FORMAT: &str = "pf1e-sim journal v1";

#[derive(Debug, Serialize, Deserialize, PartialEq, Eq)]
struct Header {
    format: String,
    job: String,
    runs: u64,
    seed: u64,
    shard_runs: u64,
}

#[derive(Debug, Serialize, Deserialize)]
struct Entry {
    shard: u64,
    first_run: u64,
    end_run: u64,
    tally: RawTally,
}

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
    /// Opens (or creates) the journal of `job` planned as `plan` from `seed`; `empty` is the
    /// scenario's empty tally (every recorded tally must have its shape).
    pub fn open(
        path: &Path,
        job: &JobId,
        plan: &ShardPlan,
        seed: u64,
        empty: &Tally,
    ) -> anyhow::Result<(Journal, Recorded)> {
        let header = Header {
            format: FORMAT.to_string(),
            job: job.0.clone(),
            runs: plan.runs(),
            seed,
            shard_runs: plan.shard_runs(),
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .create(true)
            .open(path)
            .with_context(|| format!("cannot open the journal {}", path.display()))?;
        let label = path.display();
        let mut recorded = Recorded::default();
        let mut good_bytes: u64 = 0;
        let mut lines = Vec::new();
        let mut reader = BufReader::new(&mut file);
        loop {
            let mut line = String::new();
            let n = reader
                .read_line(&mut line)
                .with_context(|| format!("cannot read the journal {label}"))?;
            if n == 0 {
                break;
            }
            lines.push(line);
        }
        let count = lines.len();
        for (i, line) in lines.into_iter().enumerate() {
            let last = i + 1 == count;
            let complete = line.ends_with('\n');
            if i == 0 {
                let parsed: Option<Header> = serde_json::from_str(line.trim_end()).ok();
                match parsed {
                    Some(h) if complete && h == header => {}
                    Some(h) if complete && h.format == FORMAT && h.job != header.job => bail!(
                        "the journal {label} belongs to another job ({}…), not this one ({}…): the files, seed or run count differ; use another --journal file",
                        &h.job[..h.job.len().min(12)],
                        &header.job[..header.job.len().min(12)]
                    ),
                    Some(h) if complete && h.format == FORMAT => bail!(
                        "the journal {label} was written with --shard-runs {}; rerun with the same shard size to resume it",
                        h.shard_runs
                    ),
                    _ if last && !complete => {
                        recorded.torn = true;
                        break;
                    }
                    _ => bail!("{label} is not a pf1e-sim journal"),
                }
            } else {
                match serde_json::from_str::<Entry>(line.trim_end()) {
                    Ok(entry) if complete => {
                        let shard = check_entry(&entry, plan, empty)
                            .with_context(|| format!("{label}, line {}", i + 1))?;
                        let tally = Tally::from(&entry.tally);
                        match recorded.shards.iter().find(|(s, _)| *s == shard) {
                            Some((_, seen)) if *seen != tally => bail!(
                                "{label}, line {}: {shard} is recorded twice with different tallies",
                                i + 1
                            ),
                            Some(_) => {}
                            None => recorded.shards.push((shard, tally)),
                        }
                    }
                    _ if last => {
                        recorded.torn = true;
                        break;
                    }
                    Ok(_) | Err(_) => bail!("{label}, line {}: not a journal entry", i + 1),
                }
            }
            good_bytes += line.len() as u64;
        }
        drop(reader);
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
            journal.append_line(&serde_json::to_string(&header)?)?;
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
        let entry = Entry {
            shard: shard.0,
            first_run: runs.start,
            end_run: runs.end,
            tally: RawTally::from(tally),
        };
        self.append_line(&serde_json::to_string(&entry)?)
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

/// The shard an entry records, if it fits the plan and the scenario.
fn check_entry(entry: &Entry, plan: &ShardPlan, empty: &Tally) -> anyhow::Result<ShardId> {
    let expected = plan.shard(entry.shard).with_context(|| {
        format!(
            "shard {} is not in a plan of {} shards",
            entry.shard,
            plan.len()
        )
    })?;
    if expected != (entry.first_run..entry.end_run) {
        bail!(
            "shard {} covers runs {}..{}, the plan says {}..{}",
            entry.shard,
            entry.first_run,
            entry.end_run,
            expected.start,
            expected.end
        );
    }
    let t = &entry.tally;
    if t.fights != expected.end - expected.start
        || t.wins.len() != empty.wins.len()
        || t.units.len() != empty.units.len()
    {
        bail!("shard {}: the tally does not fit this job", entry.shard);
    }
    Ok(ShardId(entry.shard))
}

#[cfg(test)]
#[path = "journal_tests.rs"]
mod tests;
