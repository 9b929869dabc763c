//! The class bonuses that depend on whom an attack is aimed at (« CRB — Ranger — Favored
//! Enemy »: « a +2 bonus on weapon attack and damage rolls against them »), added to an
//! attack's numbers once the stat block's and the conditions' are known. Owns that step;
//! the values are [`super`]'s.

use super::super::numbers::AttackNumbers;
use super::super::state::Fight;

impl Fight<'_> {
    /// `a`'s attack on `t`: its favored enemy bonus, when `t` is of the type.
    #[cold]
    pub(crate) fn class_edge(&self, a: usize, t: usize, numbers: &mut AttackNumbers) {
        if let Some((against, amount)) = self.info[a].traits.class.favored
            && self.combatant(t).creature_type() == against
        {
            numbers.bonus += i32::from(amount);
            numbers.damage_bonus += i32::from(amount);
        }
    }
}
