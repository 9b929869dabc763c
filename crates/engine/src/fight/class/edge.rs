//! The class bonuses that depend on whom an attack is aimed at (« CRB — Ranger — Favored
//! Enemy »: « a +2 bonus on weapon attack and damage rolls against them »; « Paladin — Smite
//! Evil »: Charisma on attack rolls, level on damage, Charisma as deflection to AC against
//! the target), added to an
//! attack's numbers once the stat block's and the conditions' are known. Owns that step;
//! the values are [`super`]'s.

use crate::rules::{AcKind, BonusType, Context, Stat};

use super::super::numbers::AttackNumbers;
use super::super::state::Fight;

impl Fight<'_> {
    /// `a`'s attack on `t` (`melee` or not): the inspire courage bonus of a bard of its side;
    /// its favored enemy bonus, when `t` is of the type; its smite, when it smites `t`; `t`'s
    /// deflection bonus, when `t` smites `a`.
    #[cold]
    pub(crate) fn class_edge(
        &self,
        a: usize,
        (t, melee): (usize, bool),
        numbers: &mut AttackNumbers,
    ) {
        self.courage_edge(a, melee, numbers);
        // « UM — Magus — Arcane Pool »: the enhancement bonus on its weapon.
        if melee
            && let Some((_, amount)) = self.info[a].traits.class.pool
            && self.round < self.units[a].class.pool_until
        {
            numbers.bonus += i32::from(amount);
            numbers.damage_bonus += i32::from(amount);
        }
        numbers.ac += self.defensive_training(a, t, melee);
        // « APG — Witch — Evil Eye »: the attack-roll option, −2.
        if self.round < self.units[a].class.evil_eye_until {
            numbers.bonus -= 2;
        }
        if let Some((against, amount)) = self.info[a].traits.class.favored
            && self.combatant(t).creature_type() == against
        {
            numbers.bonus += i32::from(amount);
            numbers.damage_bonus += i32::from(amount);
        }
        if let Some(smite) = self.info[a].traits.class.smite
            && self.units[a].class.smiting == Some(t as u8)
        {
            numbers.bonus += smite.cha;
            numbers.damage_bonus += smite.level;
        }
        if let Some(smite) = self.info[t].traits.class.smite
            && self.units[t].class.smiting == Some(a as u8)
        {
            let deflection = (BonusType::Deflection, smite.cha);
            let ctx = Context::default();
            numbers.ac += self.class_gain(t, (Stat::Ac, Some(AcKind::Total)), &ctx, deflection);
        }
    }

    /// What one more typed bonus `part` adds to `u`'s `stat` in `ctx` over what it has (« CRB
    /// — Stacking »: nothing when a bonus of that type as large is there already).
    pub(crate) fn class_gain(
        &self,
        u: usize,
        (stat, ac): (Stat, Option<AcKind>),
        ctx: &Context,
        part: (BonusType, i32),
    ) -> i32 {
        self.stat_mod_plus(u, stat, ac, ctx, part) - self.stat_mod(u, stat, ac, ctx)
    }
}
