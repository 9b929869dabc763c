//! `pf1e-sim sweep --cache DIR`: each finished cell's [`Tally`] stored in DIR under a SHA-256
//! of everything that decides it (the rules fingerprint and engine version, the cell's map and
//! combatant texts, its sides, tactics and start squares, runs, seed, round cap and options).
//! A rerun reads a cell instead of playing it; adding an option plays only the new cells.
//!
//! An entry is plain text naming its own key; one that cannot be read, is malformed, names
//! another key or does not fit the cell's shape is ignored with a warning on stderr and the
//! cell is played again (then rewritten). Writes are atomic (temp file + rename).

use std::path::{Path, PathBuf};

use pf1e_engine::tally::{Tally, UnitTally};
use sha2::{Digest as _, Sha256};

use super::sweep::write_atomic;

const MAGIC: &str = "pf1e-sim sweep cell tally 1";

/// Builds a cache key from length-framed fields (no two field lists share their bytes).
pub struct KeyBuilder(Sha256);

impl KeyBuilder {
    pub fn new() -> Self {
        let mut k = KeyBuilder(Sha256::new());
        k.field(MAGIC.as_bytes());
        k.field(crate::rpc::RULES_HASH.as_bytes());
        k.field(crate::rpc::ENGINE_VERSION.as_bytes());
        k
    }

    pub fn field(&mut self, bytes: &[u8]) -> &mut Self {
        self.0.update((bytes.len() as u64).to_le_bytes());
        self.0.update(bytes);
        self
    }

    /// The key as 64 lowercase hex digits.
    pub fn finish(self) -> String {
        self.0
            .finalize()
            .iter()
            .map(|b| format!("{b:02x}"))
            .collect()
    }
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

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.tally"))
    }

    /// The stored tally of `key` when there is a sound one of the shape of `empty`; a bad
    /// entry is reported on stderr and ignored.
    pub fn get(&self, key: &str, empty: &Tally) -> Option<Tally> {
        let path = self.path(key);
        let text = match std::fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return None,
            Err(e) => {
                eprintln!(
                    "warning: ignoring cache entry {}: {e}; playing the cell again",
                    path.display()
                );
                return None;
            }
        };
        match String::from_utf8(text)
            .map_err(|_| "not UTF-8 text".to_string())
            .and_then(|t| decode(&t, key, empty))
        {
            Ok(tally) => Some(tally),
            Err(why) => {
                eprintln!(
                    "warning: ignoring cache entry {}: {why}; playing the cell again",
                    path.display()
                );
                None
            }
        }
    }

    /// Stores the tally of `key` atomically.
    pub fn put(&self, key: &str, tally: &Tally) -> std::io::Result<()> {
        write_atomic(&self.path(key), encode(key, tally).as_bytes())
    }
}

fn join(values: impl IntoIterator<Item = u64>) -> String {
    values
        .into_iter()
        .map(|v| v.to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

fn encode(key: &str, t: &Tally) -> String {
    let mut out = format!(
        "{MAGIC}\nkey {key}\nfights {}\nwins {}\ndraws {}\nrounds_sum {}\nrounds_sq_sum {}\n",
        t.fights,
        join(t.wins.iter().copied()),
        t.draws,
        t.rounds_sum,
        t.rounds_sq_sum
    );
    for u in &t.units {
        out.push_str(&format!(
            "unit {}\n",
            join([
                u.hits,
                u.crits,
                u.damage_dealt,
                u.damage_taken,
                u.healing_done,
                u.downed,
                u.killed
            ])
        ));
    }
    out
}

fn numbers(line: Option<&str>, name: &str) -> Result<Vec<u64>, String> {
    let line = line.ok_or_else(|| format!("missing `{name}` line"))?;
    let rest = line
        .strip_prefix(name)
        .and_then(|r| r.strip_prefix(' ').or((r.is_empty()).then_some(r)))
        .ok_or_else(|| format!("expected a `{name}` line, found `{line}`"))?;
    rest.split(' ')
        .filter(|w| !w.is_empty())
        .map(|w| {
            w.parse()
                .map_err(|_| format!("bad number `{w}` in `{name}`"))
        })
        .collect()
}

fn one(line: Option<&str>, name: &str) -> Result<u64, String> {
    match numbers(line, name)?.as_slice() {
        [v] => Ok(*v),
        _ => Err(format!("`{name}` must hold one number")),
    }
}

fn decode(text: &str, key: &str, empty: &Tally) -> Result<Tally, String> {
    let mut lines = text.lines();
    if lines.next() != Some(MAGIC) {
        return Err("not a pf1e-sim sweep cache entry".to_string());
    }
    match lines.next().and_then(|l| l.strip_prefix("key ")) {
        Some(k) if k == key => {}
        _ => return Err("the entry belongs to another cell".to_string()),
    }
    let fights = one(lines.next(), "fights")?;
    let wins = numbers(lines.next(), "wins")?;
    let draws = one(lines.next(), "draws")?;
    let rounds_sum = one(lines.next(), "rounds_sum")?;
    let rounds_sq_sum = one(lines.next(), "rounds_sq_sum")?;
    let mut units = Vec::new();
    for line in lines {
        match numbers(Some(line), "unit")?.as_slice() {
            &[
                hits,
                crits,
                damage_dealt,
                damage_taken,
                healing_done,
                downed,
                killed,
            ] => {
                units.push(UnitTally {
                    hits,
                    crits,
                    damage_dealt,
                    damage_taken,
                    healing_done,
                    downed,
                    killed,
                });
            }
            _ => return Err("a `unit` line must hold 7 numbers".to_string()),
        }
    }
    if wins.len() != empty.wins.len() || units.len() != empty.units.len() {
        return Err("the entry has another number of sides or combatants".to_string());
    }
    let total = wins
        .iter()
        .try_fold(draws, |a, &w| a.checked_add(w))
        .ok_or("counts overflow")?;
    if total != fights {
        return Err("wins and draws do not add up to the fights".to_string());
    }
    Ok(Tally {
        fights,
        wins,
        draws,
        rounds_sum,
        rounds_sq_sum,
        units,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Tally {
        let mut t = Tally::empty(2, 1);
        t.fights = 10;
        t.wins = vec![6, 3];
        t.draws = 1;
        t.rounds_sum = 40;
        t.rounds_sq_sum = 170;
        t.units[0].hits = 12;
        t.units[0].killed = 2;
        t
    }

    #[test]
    fn an_entry_round_trips_and_is_checked() {
        let t = sample();
        let text = encode("abc", &t);
        assert_eq!(decode(&text, "abc", &Tally::empty(2, 1)), Ok(t.clone()));
        assert!(decode(&text, "abd", &Tally::empty(2, 1)).is_err());
        assert!(decode(&text, "abc", &Tally::empty(3, 1)).is_err());
        assert!(decode(&text.replace("draws 1", "draws 2"), "abc", &t).is_err());
        assert!(decode(&text.replace("fights 10", "fights x"), "abc", &t).is_err());
        assert!(decode(&text[..text.len() / 2], "abc", &t).is_err());
        assert!(decode("", "abc", &t).is_err());
    }

    #[test]
    fn keys_frame_their_fields() {
        let key = |fields: &[&str]| {
            let mut k = KeyBuilder::new();
            for f in fields {
                k.field(f.as_bytes());
            }
            k.finish()
        };
        assert_eq!(key(&["ab", "c"]), key(&["ab", "c"]));
        assert_ne!(key(&["ab", "c"]), key(&["a", "bc"]));
        assert_eq!(key(&[]).len(), 64);
    }
}
