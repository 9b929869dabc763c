//! The one content hasher: SHA-256 over explicitly framed fields (every text length-prefixed,
//! every integer as 8 little-endian bytes, a domain string first), so no two field lists share
//! their bytes and the value never depends on a library's encoding. Everything that names
//! content by hash goes through here: scenario sources, job ids, slice and cache keys, and the
//! digests that compare two answers for one shard.
//!
//! # Stability
//! A hash changes only when what it covers changes or its domain string is bumped; it never
//! depends on the machine, the thread count or a HashMap order.

use std::fmt;

use pf1e_engine::tally::{FirstRuns, Tally};
use sha2::{Digest as _, Sha256};

/// A SHA-256 digest, printed as 64 lowercase hex digits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct ContentHash(pub [u8; 32]);

impl fmt::Display for ContentHash {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for b in self.0 {
            write!(f, "{b:02x}")?;
        }
        Ok(())
    }
}

/// Builds a [`ContentHash`] field by field.
pub struct Hasher(Sha256);

impl Hasher {
    /// A hasher for one kind of content, named by `domain` (e.g. `pf1e-scenario-v3`).
    pub fn new(domain: &str) -> Self {
        let mut hasher = Hasher(Sha256::new());
        hasher.text(domain);
        hasher
    }

    pub fn u64(&mut self, value: u64) -> &mut Self {
        self.0.update(value.to_le_bytes());
        self
    }

    /// A count or index (`usize`), hashed as a `u64`.
    pub fn count(&mut self, value: usize) -> &mut Self {
        self.u64(value as u64)
    }

    pub fn bool(&mut self, value: bool) -> &mut Self {
        self.u64(u64::from(value))
    }

    /// A text, length-prefixed.
    pub fn text(&mut self, text: &str) -> &mut Self {
        self.count(text.len());
        self.0.update(text.as_bytes());
        self
    }

    /// Another hash (fixed length: no prefix needed).
    pub fn hash(&mut self, hash: &ContentHash) -> &mut Self {
        self.0.update(hash.0);
        self
    }

    /// An optional (run, rounds) pair, framed so `None` and `Some` never collide.
    fn option(&mut self, value: Option<(u64, u32)>) -> &mut Self {
        match value {
            None => self.u64(0),
            Some((run, rounds)) => self.u64(1).u64(run).u64(u64::from(rounds)),
        }
    }

    pub fn finish(self) -> ContentHash {
        ContentHash(self.0.finalize().into())
    }
}

/// The digest of a tally's value: two answers for one shard are equal iff their digests are.
/// Every field is named (no `..`) and the units' counters come from `UnitTally::counters`, so a
/// new counter cannot be left out.
pub fn tally_digest(tally: &Tally) -> ContentHash {
    let Tally {
        fights,
        wins,
        draws,
        capped,
        rounds_sum,
        rounds_sq_sum,
        units,
        rounds_hist,
        first_down,
        survivors,
        hp_left,
        firsts,
    } = tally;
    let mut h = Hasher::new("pf1e-tally-v3");
    h.u64(*fights)
        .u64(*draws)
        .u64(*capped)
        .u64(*rounds_sum)
        .u64(*rounds_sq_sum);
    for list in [wins, rounds_hist, first_down, survivors, hp_left] {
        h.count(list.len());
        for &n in list {
            h.u64(n);
        }
    }
    h.count(units.len());
    for unit in units {
        for (_, value) in unit.counters() {
            h.u64(value);
        }
    }
    let FirstRuns { win, draw, longest } = firsts;
    h.count(win.len());
    for first in win.iter().chain([draw]) {
        h.option(first.map(|run| (run, 0)));
    }
    h.option(longest.map(|l| (l.run, l.rounds)));
    h.finish()
}

#[cfg(test)]
mod tests {
    use pf1e_engine::tally::UnitTally;

    use super::*;

    fn key(fields: &[&str]) -> ContentHash {
        let mut h = Hasher::new("test");
        for f in fields {
            h.text(f);
        }
        h.finish()
    }

    #[test]
    fn fields_are_framed_and_domains_kept_apart() {
        assert_eq!(key(&["ab", "c"]), key(&["ab", "c"]));
        assert_ne!(key(&["ab", "c"]), key(&["a", "bc"]));
        assert_ne!(key(&[]), Hasher::new("other").finish());
        assert_eq!(key(&[]).to_string().len(), 64);
    }

    #[test]
    fn digests_tell_tallies_apart_counter_by_counter() {
        let mut base = Tally::empty(2, 2);
        base.fights = 9;
        base.wins = vec![4, 3];
        base.draws = 2;
        let d = tally_digest(&base);
        assert_eq!(tally_digest(&base.clone()), d);
        let edits: [fn(&mut Tally); 12] = [
            |t| t.rounds_hist[3] += 1,
            |t| t.survivors[1] += 1,
            |t| t.hp_left[7] += 1,
            |t| t.units[0].turns += 1,
            |t| t.firsts.draw = Some(0),
            |t| t.units[1].hits += 1,
            |t| t.units[1].healing_done += 1,
            |t| t.units[0].killed += 1,
            |t| t.rounds_sq_sum += 1,
            |t| t.wins.swap(0, 1),
            |t| t.fights += 1,
            |t| t.units.push(UnitTally::default()),
        ];
        for edit in edits {
            let mut t = base.clone();
            edit(&mut t);
            assert_ne!(tally_digest(&t), d, "{t:?}");
        }
    }
}
