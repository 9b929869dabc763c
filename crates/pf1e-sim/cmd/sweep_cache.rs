//! `pf1e-sim sweep --cache DIR`: each finished cell's [`Tally`] stored in DIR under its key
//! (`SweepJob::cell_key`: a hash of everything that decides it — the rules build, the cell's
//! scenario source with its files, sides, tactics and start squares, runs, seed, round cap and
//! options). A rerun reads a cell instead of playing it; adding an option plays only the new
//! cells.
//!
//! An entry (its format: `pf1e_sweep::cache_entry`) is JSON naming its own key and holding the
//! tally as the engine serializes it; one that cannot be read, is malformed, names another key
//! or does not hold together for the cell's shape (`Tally::check`) is ignored with a warning on
//! stderr and the cell is played again (then rewritten). Writes are atomic (temp file +
//! rename).

use std::path::{Path, PathBuf};

use pf1e_engine::tally::Tally;
use pf1e_sweep::cache_entry::{decode, encode};
use pf1e_sweep::hash::ContentHash;

use crate::input::{MAX_INPUT_BYTES, ReadError, read_bounded};
use crate::out_file::write_output;

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
