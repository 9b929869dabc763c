//! Reading a coordinator journal's whole text back ([`read_journal`]): the header must name
//! the job being played, every entry line must be sealed, fit the plan and hold together, a
//! shard recorded twice must carry the same tally, and a torn last line (the coordinator died
//! while writing it) is left out so its shard is played again. Pure: the binary reads the file
//! (bounded), calls this, then cuts the file to [`Recorded::good_bytes`] when the last line
//! was torn.

use std::collections::BTreeMap;

use pf1e_engine::tally::Tally;

use crate::ids::ShardId;
use crate::journal::{EntryError, HeaderCheck, JournalEntry, JournalHeader};
use crate::shard::ShardPlan;

/// What a journal already holds for a job.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Recorded {
    /// Each recorded shard once, in the order first recorded.
    pub shards: Vec<(ShardId, Tally)>,
    /// The last line was torn (no newline, or not a whole line) and is not counted.
    pub torn: bool,
    /// Length of the sound lines (the header and the entries kept, newlines included): the
    /// file is cut there when `torn`. 0 when even the header was torn or the text empty.
    pub good_bytes: u64,
}

/// The shards recorded in the journal text `text` (named `label` in messages) of the job whose
/// header is `header`, planned as `plan`, on a scenario of `sides` sides and `units`
/// combatants. An error is one message naming the journal (and the line of an entry): another
/// job, another shard size or format, not a journal, an entry edited by hand, an entry that does
/// not fit the job, a shard recorded twice with different tallies. Linear in the text's length
/// (shards already read are looked up in an index).
pub fn read_journal(
    text: &str,
    label: &str,
    header: &JournalHeader,
    plan: &ShardPlan,
    sides: usize,
    units: usize,
) -> Result<Recorded, String> {
    let mut recorded = Recorded::default();
    let mut seen: BTreeMap<ShardId, usize> = BTreeMap::new();
    let lines: Vec<&str> = text.split_inclusive('\n').collect();
    let count = lines.len();
    for (i, line) in lines.into_iter().enumerate() {
        let last = i + 1 == count;
        let complete = line.ends_with('\n');
        let at = || format!("{label}, line {}", i + 1);
        if i == 0 {
            match header.check(line.trim_end()) {
                HeaderCheck::Same if complete => {}
                HeaderCheck::AnotherJob { theirs } if complete => {
                    return Err(format!(
                        "the journal {label} belongs to another job ({}…), not this one ({}…): the files, seed or run count differ; use another --journal file",
                        prefix(&theirs, 12),
                        prefix(&header.job, 12)
                    ));
                }
                HeaderCheck::AnotherShardSize { theirs } if complete => {
                    return Err(format!(
                        "the journal {label} was written with --shard-runs {theirs}; rerun with the same shard size to resume it"
                    ));
                }
                HeaderCheck::AnotherFormat { theirs } if complete => {
                    return Err(format!(
                        "the journal {label} is in the format « {} », written by another pf1e-sim; use another --journal file",
                        prefix(&theirs, 40)
                    ));
                }
                _ if last && !complete => {
                    recorded.torn = true;
                    break;
                }
                _ => return Err(format!("{label} is not a pf1e-sim journal")),
            }
        } else {
            match JournalEntry::parse(line.trim_end()) {
                Ok(entry) if complete => {
                    let shard = entry
                        .check(plan, sides, units)
                        .map_err(|why| format!("{}: {why}", at()))?;
                    let tally = entry.tally;
                    match seen.get(&shard).map(|&k| &recorded.shards[k].1) {
                        Some(kept) if *kept != tally => {
                            return Err(format!(
                                "{}: {shard} is recorded twice with different tallies",
                                at()
                            ));
                        }
                        Some(_) => {}
                        None => {
                            seen.insert(shard, recorded.shards.len());
                            recorded.shards.push((shard, tally));
                        }
                    }
                }
                Err(EntryError::Checksum) if complete => {
                    return Err(format!(
                        "{}: the checksum does not match the line (edited by hand or corrupted)",
                        at()
                    ));
                }
                _ if last => {
                    recorded.torn = true;
                    break;
                }
                Ok(_) | Err(_) => return Err(format!("{}: not a journal entry", at())),
            }
        }
        recorded.good_bytes += line.len() as u64;
    }
    Ok(recorded)
}

/// At most the first `chars` characters of `text` (a job id or a format name quoted back).
fn prefix(text: &str, chars: usize) -> &str {
    text.char_indices()
        .nth(chars)
        .map_or(text, |(end, _)| &text[..end])
}
