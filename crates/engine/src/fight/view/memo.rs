//! The memory of one decision: the expected damages a policy has already weighed, and the
//! weapon each unit would strike each target with from where it stands, while its
//! [`View`](super::View) lives. A view holds a shared borrow of the fight, so nothing in the
//! fight changes while it exists, and a number computed once is the number computed again;
//! the memory is forgotten whenever a new view is made ([`DecisionMemo::forget`]). Bounded: a few
//! entries, the oldest overwritten; a miss only costs the computation it would have made.
//! Owns this memory; never what the numbers are.

/// What one swing is worth: attacker, target, weapon line, attack penalty.
type SwingKey = (usize, usize, usize, i32);

/// Entries kept: a decision weighs a handful of (target, weapon) pairs.
const SLOTS: usize = 16;

/// Weapon choices kept: a decision asks about a few (unit, target) pairs.
const WEAPON_SLOTS: usize = 8;

/// What one decision remembers.
#[derive(Debug, Default)]
pub struct DecisionMemo {
    pub swings: SwingMemo,
    pub weapons: WeaponMemo,
}

impl DecisionMemo {
    /// A new decision begins: nothing weighed or asked yet.
    #[inline]
    pub fn forget(&mut self) {
        self.swings.forget();
        self.weapons.len = 0;
        self.weapons.next = 0;
    }
}

/// The weapon a unit would strike a target with from where both stand
/// ([`View::weapon_for`](super::View::weapon_for)): (unit, target) → its line, if any.
#[derive(Debug, Default)]
pub struct WeaponMemo {
    entries: [((usize, usize), Option<usize>); WEAPON_SLOTS],
    len: usize,
    next: usize,
}

impl WeaponMemo {
    /// The answer remembered for `key` in this decision (`Some(None)`: no weapon strikes).
    #[inline]
    pub fn get(&self, key: (usize, usize)) -> Option<Option<usize>> {
        self.entries[..self.len]
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, w)| w)
    }

    /// Remembers `weapon` for `key` (overwriting the oldest entry when full).
    #[inline]
    pub fn put(&mut self, key: (usize, usize), weapon: Option<usize>) {
        self.entries[self.next] = (key, weapon);
        self.next = (self.next + 1) % WEAPON_SLOTS;
        self.len = (self.len + 1).min(WEAPON_SLOTS);
    }
}

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
