//! The memory of one decision: the expected damages a policy has already weighed while its
//! [`View`](super::View) lives. A view holds a shared borrow of the fight, so nothing in the
//! fight changes while it exists, and a number computed once is the number computed again;
//! the memory is forgotten whenever a new view is made ([`SwingMemo::forget`]). Bounded: a few
//! entries, the oldest overwritten; a miss only costs the computation it would have made.
//! Owns this memory; never what the numbers are.

/// What one swing is worth: attacker, target, weapon line, attack penalty.
type SwingKey = (usize, usize, usize, i32);

/// Entries kept: a decision weighs a handful of (target, weapon) pairs.
const SLOTS: usize = 16;

/// Expected damages of single swings weighed in the current decision
/// ([`View::swing_damage_x100`](super::View::swing_damage_x100)).
#[derive(Debug, Default)]
pub struct SwingMemo {
    entries: [(SwingKey, i64); SLOTS],
    len: usize,
    next: usize,
}

impl SwingMemo {
    /// A new decision begins: nothing weighed yet.
    #[inline]
    pub fn forget(&mut self) {
        self.len = 0;
        self.next = 0;
    }

    /// The value weighed for `key` in this decision.
    #[inline]
    pub fn get(&self, key: SwingKey) -> Option<i64> {
        self.entries[..self.len]
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
    }

    /// Remembers `value` for `key` (overwriting the oldest entry when full).
    #[inline]
    pub fn put(&mut self, key: SwingKey, value: i64) {
        self.entries[self.next] = (key, value);
        self.next = (self.next + 1) % SLOTS;
        self.len = (self.len + 1).min(SLOTS);
    }
}
