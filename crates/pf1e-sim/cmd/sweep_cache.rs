//! `pf1e-sim sweep --cache DIR`: each finished cell's [`Tally`] stored in DIR under its key
//! (`SweepJob::cell_key`: a hash of everything that decides it — the rules build, the cell's
//! scenario source with its files, sides, tactics and start squares, runs, seed, round cap and
//! options). A rerun reads a cell instead of playing it; adding an option plays only the new
//! cells.
//!
//! An entry is JSON naming its own key and holding the tally as the engine serializes it; one
//! that cannot be read, is malformed, names another key or does not hold together for the
//! cell's shape (`Tally::check`) is ignored with a warning on stderr and the cell is played
//! again (then rewritten). Writes are atomic (temp file + rename).

use std::path::{Path, PathBuf};

use pf1e_engine::tally::Tally;
use pf1e_sweep::hash::ContentHash;
use serde::{Deserialize, Serialize};

use crate::input::{MAX_INPUT_BYTES, ReadError, read_bounded};
use crate::out_file::write_output;

const MAGIC: &str = "pf1e-sim sweep cell tally 2";

/// One cache file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    magic: String,
    key: String,
    tally: Tally,
}

/// The cache folder.
pub struct Cache {
    dir: PathBuf,
}

impl Cache {
    /// Opens (creating it if needed) the cache folder.
    pub fn open(dir: &Path) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        Ok(Cache {
            dir: dir.to_path_buf(),
        })
    }

    pub fn dir(&self) -> &Path {
        &self.dir
    }

    fn path(&self, key: &ContentHash) -> PathBuf {
        self.dir.join(format!("{key}.tally"))
    }

    /// The stored tally of `key` when there is a sound one for a cell of `sides` sides and
    /// `units` combatants; a bad entry is reported on stderr and ignored.
    pub fn get(&self, key: &ContentHash, sides: usize, units: usize) -> Option<Tally> {
        let path = self.path(key);
        let text = match read_bounded(&path, MAX_INPUT_BYTES) {
            Ok(bytes) => bytes,
            Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                say!(
                    "warning: ignoring cache entry {}: {e}; playing the cell again",
                    path.display()
                );
                return None;
            }
        };
        match String::from_utf8(text)
            .map_err(|_| "not UTF-8 text".to_string())
            .and_then(|t| decode(&t, key, sides, units))
        {
            Ok(tally) => Some(tally),
            Err(why) => {
                say!(
                    "warning: ignoring cache entry {}: {why}; playing the cell again",
                    path.display()
                );
                None
            }
        }
    }

    /// Stores the tally of `key` atomically.
    pub fn put(&self, key: &ContentHash, tally: &Tally) -> std::io::Result<()> {
        write_output(&self.path(key), encode(key, tally).as_bytes())
    }
}

fn encode(key: &ContentHash, tally: &Tally) -> String {
    let entry = Entry {
        magic: MAGIC.to_string(),
        key: key.to_string(),
        tally: tally.clone(),
    };
    let mut text = serde_json::to_string_pretty(&entry).expect("a tally always serializes");
    text.push('\n');
    text
}

fn decode(text: &str, key: &ContentHash, sides: usize, units: usize) -> Result<Tally, String> {
    let entry: Entry = serde_json::from_str(text)
        .map_err(|e| format!("not a pf1e-sim sweep cache entry ({e})"))?;
    if entry.magic != MAGIC {
        return Err("not a pf1e-sim sweep cache entry".to_string());
    }
    if entry.key != key.to_string() {
        return Err("the entry belongs to another cell".to_string());
    }
    entry.tally.check(sides, units).map_err(|e| e.to_string())?;
    Ok(entry.tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Tally {
        let mut t = Tally::empty(2, 1);
        for run in 0..10 {
            let winner = [Some(0), Some(1), None][usize::from(run >= 6) + usize::from(run >= 9)];
            t.add_plain_fight(run, winner, 4);
        }
        t.units[0].hits = 12;
        t.units[0].killed = 2;
        t.hp_left[0] = 2;
        t.hp_left[5] -= 2;
        t
    }

    #[test]
    fn an_entry_round_trips_and_is_checked() {
        let t = sample();
        let key = ContentHash([1; 32]);
        let text = encode(&key, &t);
        assert!(
            text.contains("\"wins\": [\n      6,\n      3\n    ]"),
            "{text}"
        );
        assert_eq!(decode(&text, &key, 2, 1), Ok(t.clone()));
        assert!(decode(&text, &ContentHash([2; 32]), 2, 1).is_err());
        assert!(decode(&text, &key, 3, 1).is_err());
        let e = decode(&text.replace("\"draws\": 1", "\"draws\": 2"), &key, 2, 1).unwrap_err();
        assert!(e.contains("does not hold together"), "{e}");
        assert!(
            decode(
                &text.replace("\"fights\": 10", "\"fights\": \"x\""),
                &key,
                2,
                1
            )
            .is_err()
        );
        assert!(decode(&text[..text.len() / 2], &key, 2, 1).is_err());
        assert!(decode("", &key, 2, 1).is_err());
        assert!(
            decode(
                &text.replace(MAGIC, "pf1e-sim sweep cell tally 1"),
                &key,
                2,
                1
            )
            .is_err()
        );
    }
}
