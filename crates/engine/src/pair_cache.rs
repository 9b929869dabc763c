//! A bounded, lossy memo of a pure function of a pair of squares, shared by every fight and
//! thread of a scenario: the per-map tables of [`crate::tables`] on maps too big for a table
//! holding every pair (issue « Speed at scale »: no cliff in cost above 4,096 squares).
//!
//! Direct-mapped: a pair hashes to one slot, and a slot holds one pair's key and value in a
//! single atomic word, so a read sees either a whole entry or another pair's (then it
//! recomputes). A newer pair overwrites an older one. Entries are pure functions of the map,
//! so what the memo holds — who filled or evicted what first — never changes a result, only
//! how often the function runs (determinism contract).

use std::sync::atomic::{AtomicU64, Ordering};

/// Slots of one memo: 2^17 words (1 MiB), far above the pairs a fight's creatures use at once.
const SLOT_BITS: u32 = 17;
const EMPTY: u64 = 0;

/// A lossy memo from a pair key (below 2^32 − 1) to a 32-bit value.
#[derive(Debug)]
pub struct PairCache {
    slots: Box<[AtomicU64]>,
}

impl Default for PairCache {
    fn default() -> Self {
        Self::new()
    }
}

impl PairCache {
    pub fn new() -> Self {
        Self {
            slots: (0..1usize << SLOT_BITS)
                .map(|_| AtomicU64::new(EMPTY))
                .collect(),
        }
    }

    /// The value of `key` (below `u32::MAX`), from the memo or from `compute` (then
    /// remembered in its slot).
    #[inline]
    pub fn get_or(&self, key: u32, compute: impl FnOnce() -> u32) -> u32 {
        debug_assert!(key < u32::MAX);
        // Fibonacci hashing: neighbouring pairs land far apart.
        let slot = &self.slots
            [(u64::from(key).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> (64 - SLOT_BITS)) as usize];
        let tag = u64::from(key) + 1;
        let word = slot.load(Ordering::Relaxed);
        if word >> 32 == tag {
            return word as u32;
        }
        let value = compute();
        slot.store(tag << 32 | u64::from(value), Ordering::Relaxed);
        value
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_pair_is_computed_once_until_another_takes_its_slot() {
        let memo = PairCache::new();
        let f = |key: u32| key ^ 0x55;
        let calls = std::cell::Cell::new(0);
        let ask = |key: u32| {
            memo.get_or(key, || {
                calls.set(calls.get() + 1);
                f(key)
            })
        };
        assert_eq!(ask(7), f(7));
        assert_eq!(ask(7), f(7));
        // The largest key fits (its tag is u32::MAX, not the empty slot's 0).
        assert_eq!(ask(u32::MAX - 1), f(u32::MAX - 1));
        assert_eq!(ask(u32::MAX - 1), f(u32::MAX - 1));
        assert_eq!(calls.get(), 2);
        // Every key gives back its own value, whatever shares or took its slot.
        for key in (0..300_000u32).chain(0..300_000) {
            assert_eq!(ask(key), f(key));
        }
        assert!(calls.get() < 2 + 600_000, "some pairs were remembered");
    }
}
