//! What can spoil a casting once its slot is spent (« CRB — Concentration », « Cast a Spell —
//! Spell Components », « Arcane Spells and Armor »; the reference spec, « Incantation »,
//! « Composantes des sorts »):
//! - grappled: a concentration check, DC 10 + the grappler's CMB + the spell's level (+4 with
//!   Combat Casting), instead of provoking — the grappler is the adjacent active enemy with
//!   the highest CMB (simplified until grapples exist), none: DC 10 + level;
//! - cast defensively: a concentration check, DC 15 + twice the spell's level (+4 with Combat
//!   Casting), instead of provoking;
//! - otherwise, in a threatened square, every threatening enemy takes its attack of
//!   opportunity first (none for a quickened spell); each one that wounds calls for a
//!   concentration check, DC 10 + the damage + the spell's level (no Combat Casting);
//! - deafened, a verbal component (unless Silent Spell) fails on d100 ≤ 20;
//! - an arcane caster in armor, a somatic component (unless Still Spell) fails on d100 ≤ its
//!   arcane spell failure.
//!
//! Concentration is d20 + caster level + casting ability modifier, with no automatic result.
//! A failure loses the spell; its slot stays spent. Each roll is made only when its rule
//! applies, so a casting with nothing to fear rolls nothing. The spell's level here is the
//! level it is cast at (the base level, or the heightened one).

use crate::rng::Roller;
use crate::rules::{Condition, roll_check};
use crate::spell::vocab::Component;

use super::super::action::MetamagicKind;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::caster::CastPlan;

/// Why a concentration check is rolled.
#[derive(Clone, Copy, Debug)]
pub enum Distraction {
    Defensive,
    Grappled { by: Option<usize>, cmb: i32 },
    Wounded { damage: i32 },
}

impl Fight<'_> {
    /// Plays the guards of `u`'s casting of `plan` in order; false when the spell is lost.
    pub(crate) fn cast_guards<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        provokes: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let grappled = {
            let conds = &self.units[u].conds;
            conds.has(Condition::Grappled) || conds.has(Condition::Pinned)
        };
        let kept = if grappled {
            let (by, cmb) = self.grappler(u);
            self.concentration(u, plan, Distraction::Grappled { by, cmb }, dice, sink)
        } else if plan.defensively {
            self.concentration(u, plan, Distraction::Defensive, dice, sink)
        } else if provokes {
            self.provoke_casting(u, plan, dice, sink)
        } else {
            true
        };
        kept && self.components_hold(u, plan, dice, sink)
    }

    /// The adjacent active enemy with the highest CMB (ties: unit order) and that CMB.
    fn grappler(&self, u: usize) -> (Option<usize>, i32) {
        let by = (0..self.units.len())
            .filter(|&e| self.enemies(u, e) && self.units[e].active())
            .filter(|&e| self.distance_ft(u, e) <= self.map.square_size_ft())
            .max_by_key(|&e| (self.cmb(e), std::cmp::Reverse(e)));
        (by, by.map_or(0, |e| self.cmb(e)))
    }

    /// « CRB — Concentration »: d20 + caster level + casting ability modifier against the DC
    /// of `why`. True on a success; a failure is logged with the spell lost.
    pub(crate) fn concentration<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        why: Distraction,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let caster = self.info[u].caster.as_deref();
        let level = i32::from(plan.choice.level);
        let cc = caster.is_some_and(|c| c.combat_casting);
        let (dc, combat_casting) = match why {
            Distraction::Defensive => (15 + 2 * level, cc),
            Distraction::Grappled { cmb, .. } => (10 + cmb + level, cc),
            Distraction::Wounded { damage } => (10 + damage + level, false),
        };
        let bonus = plan.cl as i32
            + caster.map_or(0, |c| c.mod_for(plan.known))
            + if combat_casting { 4 } else { 0 };
        let check = roll_check(bonus, dice);
        let ok = check.total >= dc;
        if S::ON {
            let why = match why {
                Distraction::Defensive => "casting defensively".to_string(),
                Distraction::Grappled { by: Some(e), .. } => format!("grappled by {}", self.id(e)),
                Distraction::Grappled { by: None, .. } => "grappled".to_string(),
                Distraction::Wounded { damage } => format!("wounded for {damage}"),
            };
            let name = self.spell(plan.spell).name().to_lowercase();
            let end = if ok {
                "succeeds".to_string()
            } else {
                format!("fails: {name} fizzles")
            };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "concentration ({why}) DC {dc} d20={}{bonus:+}={} -> {end}",
                check.roll,
                check.total
            );
        }
        ok
    }

    /// « CRB — Attacks of Opportunity — Casting a Spell »: every enemy threatening `u` strikes
    /// first; a wound calls for a concentration check. False when the spell is lost (a failed
    /// check, or the caster dropped).
    fn provoke_casting<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let (at, size) = (self.units[u].pos, self.info[u].size);
        let threatened = (0..self.units.len())
            .any(|e| self.enemies(u, e) && self.threat_weapon(e, at, size).is_some());
        if !threatened {
            return true;
        }
        self.say_spell(u, plan, "casting ", " provokes", sink);
        for e in 0..self.units.len() {
            if !self.enemies(u, e) {
                continue;
            }
            let before = self.vitality(u);
            self.opportunity(e, u, dice, sink);
            if !self.units[u].active() {
                self.say_spell(u, plan, "", " fizzles", sink);
                return false;
            }
            let damage = before - self.vitality(u);
            if damage > 0
                && !self.concentration(u, plan, Distraction::Wounded { damage }, dice, sink)
            {
                return false;
            }
        }
        true
    }

    /// Logs « BEFORE spell name AFTER » for `u`'s casting of `plan`.
    fn say_spell<S: Sink>(
        &self,
        u: usize,
        plan: &CastPlan,
        before: &str,
        after: &str,
        sink: &mut S,
    ) {
        if S::ON {
            let name = self.spell(plan.spell).name().to_lowercase();
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "{before}{name}{after}"
            );
        }
    }

    /// Hit points, temporary hit points and room before nonlethal damage, summed: what a wound
    /// lowers.
    pub(crate) fn vitality(&self, u: usize) -> i32 {
        let s = &self.units[u];
        s.hp + s.temp_hp - s.nonlethal
    }

    /// The component rolls of `plan`; false when the spell is lost.
    fn components_hold<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        // « Bestiary — Spell-Like Abilities »: « no verbal, somatic, or material component ».
        if plan.choice.sla.is_some() {
            return true;
        }
        let spell = self.spell(plan.spell);
        let components = spell.components();
        let deaf = self.units[u].conds.has(Condition::Deafened)
            && components.contains(Component::Verbal)
            && !plan.metamagic.has(MetamagicKind::Silent);
        if deaf && !self.failure_roll(u, plan, "deafened, verbal component", 20, dice, sink) {
            return false;
        }
        let asf = self.info[u]
            .caster
            .as_deref()
            .filter(|c| c.arcane && c.asf > 0)
            .map_or(0, |c| c.asf);
        let somatic =
            components.contains(Component::Somatic) && !plan.metamagic.has(MetamagicKind::Still);
        if asf > 0
            && somatic
            && !self.failure_roll(u, plan, "arcane spell failure", asf, dice, sink)
        {
            return false;
        }
        true
    }

    /// d100 against `chance` percent: a roll of `chance` or less loses the spell.
    fn failure_roll<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        why: &str,
        chance: u8,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let roll = dice.d100();
        let failed = roll <= u32::from(chance);
        if S::ON {
            let name = self.spell(plan.spell).name().to_lowercase();
            let end = if failed {
                format!("{name} fizzles")
            } else {
                "holds".to_string()
            };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "{why} {chance}% d100={roll} -> {end}"
            );
        }
        !failed
    }
}
