//! Saving throws and skill checks of a unit in a fight (the reference spec, « Jets de
//! sauvegarde », « Compétences »): the stat block's bonus plus the typed modifiers that hold —
//! its standing modifiers, its conditions' and its spell effects', stacked by `rules::bonus` —
//! rolled by `rules::check`. Spells roll saves and read CMB (`cast`); the dying Constitution
//! check keeps its own rule (`turn::life`). Rolls checks; never applies their effects.

use crate::model::{Ability, Skill};
use crate::rng::Roller;
use crate::rules::{
    Check, Context, Save, SaveResult, Stat, d20_worse, roll_check, roll_save_worse,
};

use super::state::Fight;

impl Fight<'_> {
    /// `u` rolls its d20s twice and takes the worse this round (« APG — Witch — Misfortune »).
    #[inline(always)]
    pub(crate) fn unlucky(&self, u: usize) -> bool {
        self.round < self.units[u].class.misfortune_until
    }

    /// `u`'s d20 on an attack roll: one die, or the worse of two when [`Self::unlucky`].
    #[inline(always)]
    pub(crate) fn attack_d20<R: Roller>(&self, u: usize, dice: &mut R) -> u32 {
        if self.unlucky(u) {
            d20_worse(dice)
        } else {
            dice.d20()
        }
    }

    /// `t`'s saving throw of `bonus` against `dc`, the worse of two d20s when
    /// [`Self::unlucky`].
    #[inline]
    pub(crate) fn save_roll<R: Roller>(
        &self,
        t: usize,
        bonus: i32,
        dc: i32,
        dice: &mut R,
    ) -> SaveResult {
        roll_save_worse(bonus, dc, dice, self.unlucky(t))
    }

    /// The total bonus of `u` on `save` against an effect described by `ctx` (descriptors,
    /// source alignment).
    pub fn save_bonus(&self, u: usize, save: Save, ctx: &Context) -> i32 {
        let saves = self.combatant(u).saves();
        let (base, stat) = match save {
            Save::Fort => (saves.fort, Stat::Fort),
            Save::Reflex => (saves.reflex, Stat::Reflex),
            Save::Will => (saves.will, Stat::Will),
        };
        let class = if self.class_edges {
            // Both morale bonuses: the larger counts.
            (self.courage_save(u, stat, ctx)).max(self.courage_aura_save(u, stat, ctx))
        } else {
            0
        };
        base + self.stat_mod(u, stat, None, ctx) + class
    }

    /// `u` rolls `save` against `dc` (natural 1 fails, natural 20 succeeds).
    #[cfg_attr(
        not(test),
        expect(
            dead_code,
            reason = "no rule rolls it yet (special attacks, manoeuvres will)"
        )
    )]
    pub fn saving_throw<R: Roller>(
        &self,
        u: usize,
        save: Save,
        dc: i32,
        ctx: &Context,
        dice: &mut R,
    ) -> SaveResult {
        self.save_roll(u, self.save_bonus(u, save, ctx), dc, dice)
    }

    /// « APG — Improved Lightning Reflexes »: « Once per day, you may reroll a Reflex save.
    /// You must decide to use this ability before the results are revealed. You must take
    /// the second roll, even if it is worse. » Here: the first failed Reflex save of `u` in a
    /// fight (a day is longer than a fight) is rolled again, the second roll kept; `first`
    /// is the failed roll, `None` when nothing was rerolled. Simplified: the policy always
    /// keeps it for the first failure (deciding before the result is known, it could not do
    /// better than reroll a roll that fails).
    #[inline]
    pub(crate) fn reflex_reroll<R: Roller>(
        &mut self,
        u: usize,
        (save, bonus, dc): (Save, i32, i32),
        r: SaveResult,
        dice: &mut R,
    ) -> (SaveResult, Option<u32>) {
        if r.success
            || save != Save::Reflex
            || self.units[u].class.reflex_rerolled
            || !self.info[u].has(crate::rules::feat::Feat::ImprovedLightningReflexes)
        {
            return (r, None);
        }
        self.units[u].class.reflex_rerolled = true;
        (self.save_roll(u, bonus, dc, dice), Some(r.roll))
    }

    /// The total bonus of `u` on `skill`: the stat block's line (ranks + 3 for a class skill
    /// with ranks + ability + armor penalty + misc, or its `total`), an untrained skill at the
    /// ability modifier, plus `skills` modifiers (and `dex_skills` for a Dexterity skill).
    pub fn skill_bonus(&self, u: usize, skill: Skill) -> i32 {
        let c = self.combatant(u);
        let ability = c.abilities().modifier(skill.key_ability());
        let base = c.skill(skill).map_or(ability, |e| e.bonus(ability));
        let stat = if skill.key_ability() == Ability::Dex {
            Stat::DexSkills
        } else {
            Stat::Skills
        };
        base + self.stat_mod(u, stat, None, &Context::default())
    }

    /// « CRB — Combat Maneuver Bonus »: the file's `cmb`, else BAB + Strength (Dexterity for
    /// Tiny and smaller) + the special size modifier — the one place size counts, since attack
    /// bonuses and AC in files are final — plus `cmb` modifiers (grappled −2, fatigued −1…).
    pub fn cmb(&self, u: usize) -> i32 {
        let c = self.combatant(u);
        let base = c.cmb().unwrap_or_else(|| {
            let key = if c.size().is_tiny_or_smaller() {
                Ability::Dex
            } else {
                Ability::Str
            };
            c.bab() + c.abilities().modifier(key) + c.size().cmb_modifier()
        });
        base + self.stat_mod(u, Stat::Cmb, None, &Context::default())
    }

    /// « CRB — Combat Maneuver Defense »: the file's `cmd`, else 10 + BAB + Strength +
    /// Dexterity + the special size modifier, plus `cmd` modifiers; a creature denied its Dex
    /// bonus against `attacker` loses its positive Dexterity modifier (and a helpless one counts
    /// Dexterity 0, −5).
    pub fn cmd(&self, u: usize, attacker: usize) -> i32 {
        let c = self.combatant(u);
        let dex = c.abilities().modifier(Ability::Dex);
        let base = c.cmd().unwrap_or_else(|| {
            10 + c.bab() + c.abilities().modifier(Ability::Str) + dex + c.size().cmb_modifier()
        });
        let mut cmd = base + self.stat_mod(u, Stat::Cmd, None, &Context::default());
        if self.has_flag(u, crate::rules::flag::HELPLESS) {
            cmd += -5 - dex;
        } else if self.denied_dex(attacker, u, true) {
            cmd -= dex.max(0);
        }
        cmd
    }

    /// `u` rolls a `skill` check with `extra` situational bonus (no automatic result).
    pub fn skill_check<R: Roller>(
        &self,
        u: usize,
        skill: Skill,
        extra: i32,
        dice: &mut R,
    ) -> Check {
        roll_check(self.skill_bonus(u, skill) + extra, dice)
    }
}
