//! « Bestiary — Powerful Charge » (the charge's damage of the named attack); pounce's full
//! attack at the end of a charge is the charge's own (`action::movement`).

use crate::model::special::Roll;

use super::super::state::Fight;

impl Fight<'_> {
    /// « When a creature with this special attack makes a charge, its attack deals extra
    /// damage [...] The attack and amount of damage from the attack is given in the creature's
    /// description »: read as the damage of the charging hit with that attack, which replaces
    /// the attack's dice and listed bonus (the charge's other numbers still add).
    #[inline]
    pub(crate) fn charge_damage(&self, a: usize, w: usize) -> Option<Roll> {
        let (attack, damage) = self.info[a].traits.specials.umr.powerful_charge?;
        (attack == self.info[a].weapons[w].index).then_some(damage)
    }
}
