//! The numbers a policy weighs one choice against another with, through the [`View`]: what a
//! unit's attacks are worth in a round on a target (a full attack, one swing), a unit's hit
//! point maximum, who a cast would really affect ([`View::spell_recipients`]), the odds of a
//! spell's attack roll and of a target's save, of a concentration check, a condition
//! immunity, what a typed modifier would really add over the bonuses a unit already has, and
//! the creature a summon spell brings. Every answer is an integer (percent, or hundredths of a
//! hit point); nothing is rolled, changed or allocated.

use crate::area::covered;
use crate::board::Pos;
use crate::rules::effect::Effect;
use crate::rules::{BonusType, Condition, Context, Stat};
use crate::spell::vocab::SpellAttack;
use crate::spell::{Spell, SpellId};

use super::super::action::Action;
use super::super::cast::{Aimed, condition_immunity};
use super::super::numbers::Swing;
use super::super::unit::{UnitId, UnitIds};
use super::View;

/// What an approach walk does ([`View::approach_walk`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Walk {
    /// It ends within the distance asked (or starts there).
    Reaches,
    /// It moves, but ends farther.
    Nearer,
    /// It does not move.
    Nowhere,
}

impl<'f> View<'f> {
    /// `me`'s caster level now (less its negative levels; 1 for a non-caster).
    #[inline]
    pub fn caster_level(&self, me: UnitId) -> u32 {
        self.fight.caster_level(me.index())
    }

    /// `u` is undead (positive energy harms it, negative heals it).
    #[inline]
    pub fn is_undead(&self, u: UnitId) -> bool {
        self.fight.is_undead(u.index())
    }

    /// The effect `e` harms creature `u` (damage, a harmful condition or penalty; a cure on
    /// undead): what makes a creature unwilling (`fight::cast`).
    #[inline]
    pub fn effect_harms(&self, e: &Effect, u: UnitId) -> bool {
        self.fight.effect_harms(e, u.index())
    }

    /// `u`'s maximum hit points.
    #[inline]
    pub fn hp_max(&self, u: UnitId) -> i32 {
        self.fight.info[u.index()].hp_max
    }

    /// The expected damage of one attack of `a` on `t` with weapon `w` (an index in `a`'s
    /// attacks) and an extra attack `penalty`, in hundredths of a hit point, from where both
    /// stand (cover, range increments, concealment; reach is not checked); 0 under total
    /// cover.
    pub fn swing_damage_x100(&self, a: UnitId, t: UnitId, w: usize, penalty: i32) -> i64 {
        let fight = self.fight;
        let (a, t) = (a.index(), t.index());
        let key = (a, t, w, penalty);
        if let Some(value) = fight.decision_memo.borrow().swings.get(key) {
            return value;
        }
        let swing = Swing {
            penalty,
            ..Swing::default()
        };
        let power = fight.units[a].power_attack;
        let numbers = fight.attack_numbers(a, t, w, swing, power);
        let value = match numbers {
            Some(n) => fight.expected_damage_x100(a, t, w, &n, fight.average_damage_x2(a, w)),
            None => 0,
        };
        let mut memo = fight.decision_memo.borrow_mut();
        memo.swings.put(key, value);
        memo.numbers.put((a, t, w, penalty, power), numbers);
        value
    }

    /// The expected damage of `a`'s full attack on `t` in hundredths of a hit point, as if it
    /// stood within reach or range: every natural attack (each `count` times), or the
    /// iteratives of its best manufactured weapon — whichever is more (« CRB — Full Attack »).
    /// What a unit is worth in a round, for a policy weighing who to stop or to help.
    pub fn round_damage_x100(&self, a: UnitId, t: UnitId) -> i64 {
        let info = &self.fight.info[a.index()];
        let mut natural = 0;
        let mut best = 0;
        for (w, weapon) in info.weapons.iter().enumerate() {
            if self.fight.is_deed_line(a.index(), w) {
                continue;
            }
            let count = i64::from(weapon.count);
            if weapon.natural {
                natural += count * self.swing_damage_x100(a, t, w, 0);
                continue;
            }
            let lines = (1 + (info.bab.max(1) - 1) / 5).min(4);
            let total: i64 = (0..lines)
                .map(|k| count * self.swing_damage_x100(a, t, w, -5 * k))
                .sum();
            best = best.max(total);
        }
        natural.max(best)
    }

    /// The expected damage of `a`'s best single attack on `t` (its first attack line at full
    /// bonus), in hundredths of a hit point.
    pub fn best_swing_x100(&self, a: UnitId, t: UnitId) -> i64 {
        let weapons = self.fight.info[a.index()].weapons.len();
        (0..weapons)
            .filter(|&w| !self.fight.is_deed_line(a.index(), w))
            .map(|w| self.swing_damage_x100(a, t, w, 0))
            .max()
            .unwrap_or(0)
    }

    /// `u` has a melee weapon.
    #[inline]
    pub fn has_melee(&self, u: UnitId) -> bool {
        self.fight.info[u.index()].has_melee
    }

    /// Attack rolls `a` makes in a full attack (natural attacks with their counts, or the
    /// iteratives of its first weapon).
    pub fn swings_per_round(&self, a: UnitId) -> u32 {
        let info = &self.fight.info[a.index()];
        let natural: u32 = (info.weapons.iter())
            .filter(|w| w.natural)
            .map(|w| w.count)
            .sum();
        let iteratives = (1 + (info.bab.max(1) - 1) / 5).min(4) as u32;
        // « CRB — Rapid Shot »: one more ranged attack in a full attack.
        let manufactured = (info.weapons.iter()).find(|w| !w.natural).map_or(0, |w| {
            let rapid = !w.melee && info.has(crate::rules::feat::Feat::RapidShot);
            w.count * (iteratives + u32::from(rapid))
        });
        natural.max(manufactured)
    }

    /// The creatures `me`'s cast `action` would affect, as the engine picks them
    /// (`fight::cast`): an area's catches that its `affects` and filter accept (with a Hit
    /// Dice pool at its mean, lowest Hit Dice first); a targeted spell's target and, with a
    /// `count` above one (at its mean), the nearest others on the target's side in range; the
    /// caster for a personal spell; empty for a cast aimed at nothing. `Err` with the
    /// engine's reason for a refused cast (as [`View::check_cast`]).
    pub fn cast_recipients(&self, me: UnitId, action: Action) -> Result<UnitIds, &'static str> {
        let fight = self.fight;
        let u = me.index();
        let mut out = UnitIds::default();
        let plan = fight.plan_cast(u, action)?;
        let spell = fight.spell(plan.spell);
        match plan.aimed {
            Aimed::Area { origin, aim } => {
                let Some(area) = spell.area() else {
                    return Ok(out);
                };
                let mut squares = fight.magic.area.borrow_mut();
                covered(
                    fight.map,
                    area.template(fight.map.square_size_ft()),
                    origin,
                    aim,
                    &mut squares,
                );
                for t in 0..fight.units.len() {
                    if fight.present(t)
                        && squares.caught(fight.units[t].pos, fight.info[t].size)
                        && fight.area_takes(u, t, area)
                    {
                        out.insert(t);
                    }
                }
                if let Some(pool) = area.hd_pool {
                    let mean = pool
                        .at_level(plan.cl)
                        .mean_x2_with(plan.metamagic.numbers())
                        / 2;
                    out = fight.within_hd_pool(out, mean.max(0) as u32);
                }
            }
            Aimed::Unit(t) => {
                out.insert(t);
                if let Some(target) = spell.target() {
                    let count = (target.count.at_level(plan.cl).mean_x2() / 2).max(1) as usize;
                    fight.extra_targets(u, spell, plan.cl, t, count, &mut out);
                }
            }
            Aimed::Square(_) | Aimed::Nothing => {}
        }
        Ok(out)
    }

    /// [`View::cast_recipients`], empty for a refused cast.
    pub fn spell_recipients(&self, me: UnitId, action: Action) -> UnitIds {
        self.cast_recipients(me, action).unwrap_or_default()
    }

    /// Feet from the nearest corner of `u`'s squares to the grid intersection `p` (5-10-5), as
    /// a spell's range to a point of origin is measured.
    pub fn distance_to_point_ft(&self, u: UnitId, p: crate::area::Intersection) -> u32 {
        self.fight.distance_to_point_ft(u.index(), p)
    }

    /// `me`'s area spell `spell` would take creature `u` once its squares caught it: `u`'s
    /// side is one the area `affects` and its filter accepts `u` (false for a spell without
    /// an area).
    pub fn area_accepts(&self, me: UnitId, spell: SpellId, u: UnitId) -> bool {
        let fight = self.fight;
        fight.spell(spell).area().is_some_and(|area| {
            fight.present(u.index()) && fight.area_takes(me.index(), u.index(), area)
        })
    }

    /// Percent chance that `me`'s touch spell or ray hits `t` (100 for a spell without an
    /// attack roll or a willing target).
    pub fn spell_attack_percent(&self, me: UnitId, spell: SpellId, t: UnitId) -> u32 {
        self.spell_hit_percent(me.index(), t.index(), self.spell(spell)) as u32
    }

    /// Percent chance that `t` succeeds on its save against `me`'s `spell` (natural 1 fails,
    /// 20 succeeds); `None` when the spell allows no save, `me` does not know it, or `t` is a
    /// willing target that forgoes it.
    pub fn save_success_percent(&self, me: UnitId, spell: SpellId, t: UnitId) -> Option<u32> {
        let s = self.spell(spell);
        if self.fight.willing(me.index(), t.index(), s) {
            return None;
        }
        let dc = self.save_dc(me, spell)?;
        let bonus = self.spell_save_bonus(me, spell, t)?;
        Some(((21 + bonus - dc).clamp(1, 19) * 5) as u32)
    }

    /// Percent chance that `me` passes a concentration check to cast a spell of `level`
    /// defensively (« CRB — Concentration »: DC 15 + twice the level; d20 + caster level +
    /// casting modifier, +4 with Combat Casting; no automatic result); 0 for a non-caster.
    pub fn defensive_casting_percent(&self, me: UnitId, level: u8) -> u32 {
        let u = me.index();
        let Some(caster) = self.fight.info[u].caster.as_deref() else {
            return 0;
        };
        let bonus = self.fight.caster_level(u) as i32
            + caster.ability_mod
            + if caster.combat_casting { 4 } else { 0 };
        let dc = 15 + 2 * i32::from(level);
        ((21 + bonus - dc).clamp(0, 20) * 5) as u32
    }

    /// `t` is immune to gaining `condition` (« CRB — Conditions »: sleep, paralysis, stun,
    /// fatigue, fear… as its immunities say).
    pub fn immune_to_condition(&self, t: UnitId, condition: Condition) -> bool {
        condition_immunity(condition)
            .is_some_and(|tag| self.fight.combatant(t.index()).immunities().to_effect(tag))
    }

    /// What a typed modifier of `value` to `stat` would add to `u`'s `stat` now, over the
    /// bonuses it already has and those its stat block includes (« CRB — Stacking »: +4 armor
    /// on a creature wearing +6 armor adds 0), in the plain context.
    pub fn modifier_gain(&self, u: UnitId, stat: Stat, kind: BonusType, value: i32) -> i32 {
        let ctx = Context::default();
        let ac = (stat == Stat::Ac).then_some(crate::rules::AcKind::Total);
        self.fight
            .stat_mod_plus(u.index(), stat, ac, &ctx, (kind, value))
            - self.fight.stat_mod(u.index(), stat, ac, &ctx)
    }

    /// The creature `me`'s `spell` would summon now: the first of its reserve that is not on
    /// the battlefield (`None` when the spell summons nothing or all are out).
    pub fn summon_reserve(&self, me: UnitId, spell: SpellId) -> Option<UnitId> {
        let fight = self.fight;
        (0..fight.units.len())
            .find(|&r| {
                fight.info[r].summoner == Some(me.index())
                    && fight.info[r].summon.is_some_and(|(s, _)| s == spell)
                    && fight.units[r].absent
            })
            .map(UnitId::of)
    }

    /// A move action of `me` toward `t` ([`crate::fight::Action::Approach`]) would end within
    /// `within_ft` of it with line of effect (planned exactly as the engine walks it, attacks
    /// of opportunity aside); true when `me` stands there already.
    pub fn approach_reaches(&self, me: UnitId, t: UnitId, within_ft: u32) -> bool {
        self.approach_walk(me, t, within_ft) == Walk::Reaches
    }

    /// What a move action of `me` toward `t` ([`crate::fight::Action::Approach`]) within
    /// `within_ft` would do, planned exactly as the engine walks it (attacks of opportunity
    /// aside): end there (or stand there already), only get nearer, or not move at all.
    pub fn approach_walk(&self, me: UnitId, t: UnitId, within_ft: u32) -> Walk {
        let fight = self.fight;
        let (u, t) = (me.index(), t.index());
        let close = |p: Pos| {
            fight.distance_ft_from(u, p, t) <= within_ft && fight.has_line_of_effect_from(u, p, t)
        };
        if close(fight.units[u].pos) {
            return Walk::Reaches;
        }
        let mut path = fight.path_scratch.borrow_mut();
        fight.plan_near(u, t, fight.move_squares(u), within_ft, &mut path);
        match path.last() {
            Some(&p) if close(p) => Walk::Reaches,
            Some(_) => Walk::Nearer,
            None => Walk::Nowhere,
        }
    }

    /// The touch or ray attack of `spell` is a melee touch.
    pub fn is_melee_touch(&self, spell: SpellId) -> bool {
        self.spell(spell).attack() == Some(SpellAttack::MeleeTouch)
    }

    /// `spell`'s reach from `me` in feet now: its range at `me`'s caster level, `me`'s natural
    /// reach (at least 5 ft) for a touch spell, 0 for a personal one.
    pub fn spell_reach_ft(&self, me: UnitId, spell: &Spell) -> u32 {
        let range = spell.range();
        if range.is_touch() {
            self.fight.combatant(me.index()).natural_reach_ft().max(5)
        } else {
            range.feet_at(self.fight.caster_level(me.index()))
        }
    }
}
