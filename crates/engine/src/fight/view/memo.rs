//! The memory of one decision: the expected damages a policy has already weighed, the
//! weapon each unit would strike each target with from where it stands, and whether it could
//! charge it, while its [`View`](super::View) lives. A view holds a shared borrow of the
//! fight, so nothing in the fight changes while it exists, and a number computed once is the
//! number computed again; the memory is forgotten whenever a new view is made
//! ([`DecisionMemo::forget`]). Bounded: a few entries, the oldest overwritten; a miss only
//! costs the computation it would have made.
//!
//! The attack numbers and the weapons the decision computed outlive its view: the engine's
//! first attack after the decision reads the weapon, and its first strike the numbers
//! ([`DecisionMemo::fresh_numbers`]), while nothing has changed since — the engine clears
//! [`DecisionMemo::fresh`] (`Fight::decision_outdated`) before anything that could change
//! the fight (any action but an attack, a full attack or a Power Attack toggle; an attack of
//! opportunity; an aura; a reaction; the strike itself).
//! Owns this memory; never what the numbers are.

use super::super::attack_numbers::AttackNumbers;

/// What one swing is worth: attacker, target, weapon line, attack penalty.
type SwingKey = (usize, usize, usize, i32);

/// The numbers of one swing: attacker, target, weapon line, attack penalty, Power Attack on.
type NumbersKey = (usize, usize, usize, i32, bool);

/// What one decision remembers.
#[derive(Debug, Default)]
pub struct DecisionMemo {
    /// Expected damages of single swings weighed in this decision
    /// ([`View::swing_damage_x100`](super::View::swing_damage_x100)); a decision weighs a
    /// handful of (target, weapon) pairs.
    pub swings: Slots<SwingKey, i64, 16>,
    /// The weapon a unit would strike a target with from where both stand
    /// ([`View::weapon_for`](super::View::weapon_for)): (unit, target) → its line, if any.
    pub weapons: Slots<(usize, usize), Option<usize>, 8>,
    /// Whether a unit could charge a target now ([`View::can_charge`](super::View::can_charge)):
    /// (unit, target) → the answer.
    pub charges: Slots<(usize, usize), bool, 4>,
    /// The square of a 5-foot step from which a unit would attack a target
    /// ([`View::step_to_attack`](super::View::step_to_attack)): (unit, target) → the square, if
    /// any.
    pub attack_steps: Slots<(usize, usize), Option<crate::board::Pos>, 4>,
    /// The numbers behind the swings weighed ([`Fight::attack_numbers`](crate::fight::Fight::attack_numbers);
    /// `None`: total cover).
    pub numbers: Slots<NumbersKey, Option<AttackNumbers>, 8>,
    /// Nothing has changed in the fight since the decision began: [`DecisionMemo::numbers`]
    /// still holds.
    pub fresh: bool,
}

impl DecisionMemo {
    /// A new decision begins: nothing weighed or asked yet, and the fight as it stands.
    #[inline]
    pub fn forget(&mut self) {
        self.swings.forget();
        self.weapons.forget();
        self.charges.forget();
        self.attack_steps.forget();
        self.numbers.forget();
        self.fresh = true;
    }

    /// The numbers of a swing the decision weighed, when nothing has changed since it began;
    /// either way the memory is no longer fresh afterwards (the caller is about to strike).
    #[inline]
    pub fn fresh_numbers(&mut self, key: NumbersKey) -> Option<Option<AttackNumbers>> {
        let known = if self.fresh {
            self.numbers.get(key)
        } else {
            None
        };
        self.fresh = false;
        known
    }
}

/// `N` remembered answers, the oldest overwritten when full.
#[derive(Debug)]
pub struct Slots<K, V, const N: usize> {
    entries: [(K, V); N],
    len: usize,
    next: usize,
}

impl<K: Copy + Default, V: Copy + Default, const N: usize> Default for Slots<K, V, N> {
    fn default() -> Self {
        Slots {
            entries: [(K::default(), V::default()); N],
            len: 0,
            next: 0,
        }
    }
}

impl<K: Copy + PartialEq, V: Copy, const N: usize> Slots<K, V, N> {
    /// Nothing remembered.
    #[inline]
    pub fn forget(&mut self) {
        self.len = 0;
        self.next = 0;
    }

    /// The answer remembered for `key`.
    #[inline]
    pub fn get(&self, key: K) -> Option<V> {
        self.entries[..self.len]
            .iter()
            .find(|(k, _)| *k == key)
            .map(|&(_, v)| v)
    }

    /// Remembers `value` for `key` (overwriting the oldest entry when full).
    #[inline]
    pub fn put(&mut self, key: K, value: V) {
        self.entries[self.next] = (key, value);
        self.next = (self.next + 1) % N;
        self.len = (self.len + 1).min(N);
    }
}
