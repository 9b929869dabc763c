//! What one cast is worth to the caster's side, in hundredths of a hit point — the one
//! currency the default policy compares a spell, another spell and a weapon in. Built only from
//! the [`View`]'s numbers, over a short horizon ([`HORIZON`] rounds: a fight between
//! comparable sides lasts a handful of rounds, and a buff counted for its whole hour would
//! always win). Who strikes whom is read as the default policy plays: each creature strikes
//! its nearest active enemy.
//!
//! - **damage** to an active enemy: the view's expected damage (attack roll, projectiles,
//!   spell resistance, save, evasion, resistance, immunity), never more than the hit points
//!   that would drop it (overkill is wasted); recurring damage for the rounds it lasts;
//! - a **condition** on an enemy: the share of its threat (its full attack's expected damage
//!   on its nearest enemy) the condition takes away, for the rounds it lasts — all of it for a
//!   creature that loses its turn, a quarter more and half its hit points when helpless (our
//!   blows land at +4 and a coup de grâce threatens), 90 % for fear that makes it flee, 50 %
//!   for confusion or blindness, 40 % for staggering, 5 % per point of attack penalty
//!   otherwise; a save that ends it each round counts 1 + p + p² rounds (p the chance to
//!   fail);
//! - a **penalty** on an enemy: 5 % of its threat per point of attack, 5 % of the damage our
//!   creatures striking it deal per point of AC, 0.6 hit points per point of damage and per
//!   attack it makes; ability penalties through the numbers they change; a negative level
//!   also 5 hit points; a death effect its hit points plus its threat over the horizon;
//! - on an ally, **healing** up to what it lost — only below half its hit points (doubled when
//!   the enemies striking it could drop it in one round), and with its own worth over the
//!   horizon when it brings it back from below 0; a **bonus** by what it really adds over the
//!   bonuses it has (the one resolver decides): 5 % of its damage per point of attack, 5 % of
//!   the damage it takes per point of AC, 0.6 hit points per attack and per point of damage,
//!   0.1 per point of saves; concealment by its miss chance on the damage it takes; mirror
//!   images one blow each; an extra attack its best blow each round; temporary hit points
//!   half their value; summoned creatures their full attack each round they are out; a
//!   retaliation (fire shield) what each enemy with a melee weapon would take striking half
//!   the time, at most its hit points;
//! - a spell that harms a creature of the caster's side (a fireball catching a friend) is
//!   never worth casting; one that helps an enemy costs what it gives.
//!
//! The odds multiply in: the attack roll and spell resistance for everything, the save for
//! what it prevents. Simplified on purpose: a modifier with a condition (« against evil »)
//! counts half; dispelling, teleporting, a globe against spells and darkness are worth 0 here
//! (no default use); a multi-target spell counts the creatures the engine would pick.

use crate::fight::{Life, Metamagics, UnitId, UnitIds, View};
use crate::rules::effect::{
    Amount, Directed, Duration, Effect, Energy, Metamagic, Recipient, TempHpSource,
};
use crate::rules::{BonusType, Condition, Stat, When, flag};
use crate::spell::vocab::{CastingTime, SaveOutcome};
use crate::spell::{Spell, SpellId};
use crate::vocab::Ability;

/// Rounds a lasting effect counts for.
pub const HORIZON: i64 = 3;

/// Units whose per-unit numbers are kept while weighing one turn (beyond: computed each time).
const CACHED: usize = 64;

/// One caster's weighing of its turn: the view, who casts, and per-unit numbers computed once
/// when first needed. Who attacks whom is read as the default policy plays: each unit strikes
/// its nearest active enemy.
pub struct Weigh<'v, 'f> {
    pub view: &'v View<'f>,
    pub me: UnitId,
    /// A unit's expected full-attack damage on its nearest active enemy.
    out: [i64; CACHED],
    /// The damage a unit takes in a round from the able enemies whose nearest enemy it is.
    inc: [i64; CACHED],
    /// The caster side's damage in a round on a unit, from those whose nearest enemy it is.
    hit_on: [i64; CACHED],
    /// A unit's nearest active enemy ([`NO_UNIT`]: none; [`UNKNOWN_UNIT`]: not looked up).
    nearest: [u8; CACHED],
}

/// Not computed yet.
const UNKNOWN: i64 = -1;
const UNKNOWN_UNIT: u8 = u8::MAX;
const NO_UNIT: u8 = u8::MAX - 1;

/// What a cast's recipients are to the caster.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Standing {
    Friend,
    Foe,
}

impl<'v, 'f> Weigh<'v, 'f> {
    pub fn new(view: &'v View<'f>, me: UnitId) -> Self {
        Weigh {
            view,
            me,
            out: [UNKNOWN; CACHED],
            inc: [UNKNOWN; CACHED],
            hit_on: [UNKNOWN; CACHED],
            nearest: [UNKNOWN_UNIT; CACHED],
        }
    }

    /// Looks a per-unit number up in `table`, computing it with `f` the first time.
    fn cached(
        table: fn(&mut Self) -> &mut [i64; CACHED],
        this: &mut Self,
        u: UnitId,
        f: impl Fn(&mut Self, UnitId) -> i64,
    ) -> i64 {
        let Some(&known) = table(this).get(u.index()) else {
            return f(this, u);
        };
        if known != UNKNOWN {
            return known;
        }
        let value = f(this, u);
        table(this)[u.index()] = value;
        value
    }

    /// `u`'s nearest active enemy (ties: unit order), the one the default policy strikes.
    fn nearest(&mut self, u: UnitId) -> Option<UnitId> {
        let slot = self.nearest.get(u.index()).copied();
        match slot {
            Some(NO_UNIT) => None,
            Some(UNKNOWN_UNIT) | None => {
                let found = self.view.nearest_enemy(u);
                if let Some(k) = self.nearest.get_mut(u.index()) {
                    *k = found.map_or(NO_UNIT, |t| t.index() as u8);
                }
                found
            }
            Some(k) => Some(UnitId::new(usize::from(k))),
        }
    }

    /// `u` can act now (active, not losing its turns).
    fn able(&self, u: UnitId) -> bool {
        let v = self.view;
        v.present(u) && v.active(u) && !v.conditions(u).any(flag::CANT_ACT)
    }

    /// `u`'s expected full-attack damage per round on its nearest active enemy; 0 for a unit
    /// that cannot act.
    pub fn out(&mut self, u: UnitId) -> i64 {
        Self::cached(
            |w| &mut w.out,
            self,
            u,
            |w, u| {
                if !w.able(u) {
                    return 0;
                }
                w.nearest(u).map_or(0, |t| w.view.round_damage_x100(u, t))
            },
        )
    }

    /// The damage `u` takes in a round: the full attacks of the able enemies whose nearest
    /// enemy it is.
    pub fn inc(&mut self, u: UnitId) -> i64 {
        Self::cached(
            |w| &mut w.inc,
            self,
            u,
            |w, u| {
                let v = w.view;
                let mut total = 0;
                for e in v.units() {
                    if v.enemies(u, e) && w.able(e) && w.nearest(e) == Some(u) {
                        total += v.round_damage_x100(e, u);
                    }
                }
                total
            },
        )
    }

    /// The caster side's damage per round on `u`: the full attacks of its able creatures whose
    /// nearest enemy `u` is.
    pub fn hit_on(&mut self, u: UnitId) -> i64 {
        let me = self.me;
        Self::cached(
            |w| &mut w.hit_on,
            self,
            u,
            move |w, u| {
                let v = w.view;
                let mut total = 0;
                for a in v.units() {
                    if !v.enemies(me, a) && w.able(a) && w.nearest(a) == Some(u) {
                        total += v.round_damage_x100(a, u);
                    }
                }
                total
            },
        )
    }

    /// What casting `spell` with `mm` on `recipients` is worth, before what the slot and the
    /// casting time cost; `None` when it would harm a creature of the caster's side.
    pub fn cast(&mut self, spell: SpellId, feats: Metamagics, recipients: UnitIds) -> Option<i64> {
        let v = self.view;
        let mm = feats.numbers();
        let s = v.spell(spell);
        let cl = v.caster_level(self.me);
        let mut total = 0;
        for d in s.effects() {
            total += match (&d.effect, d.to) {
                (Effect::Summon { .. }, _) => self.summon(spell, s, &d.effect, cl, mm),
                (_, Recipient::Caster) => self.friend(&d.effect, self.me, cl, mm)?,
                (_, Recipient::Target) => 0,
            };
        }
        for r in recipients.iter() {
            total += match self.standing(r) {
                Standing::Friend => self.on_friend(s, r, cl, mm)?,
                Standing::Foe => self.on_foe(spell, s, r, cl, feats),
            };
        }
        Some(total)
    }

    fn standing(&self, r: UnitId) -> Standing {
        if self.view.enemies(self.me, r) {
            Standing::Foe
        } else {
            Standing::Friend
        }
    }

    /// The effects aimed at a friend `r` (willing: no attack roll, no save); `None` when one
    /// harms it.
    fn on_friend(&mut self, s: &Spell, r: UnitId, cl: u32, mm: Metamagic) -> Option<i64> {
        let mut total = 0;
        for d in targeted(s.effects()) {
            total += self.friend(&d.effect, r, cl, mm)?;
        }
        Some(total)
    }

    /// The effects aimed at an enemy `r`: the expected damage (capped at what drops it), then
    /// the other effects by the odds of landing and of the save.
    fn on_foe(&mut self, spell: SpellId, s: &Spell, r: UnitId, cl: u32, feats: Metamagics) -> i64 {
        let v = self.view;
        let mm = feats.numbers();
        if !v.active(r) || v.immune_to(r, spell) {
            return 0;
        }
        let damage = v
            .expected_damage_x100(self.me, spell, r, feats)
            .min(drop_cap(v, r));
        let land = i64::from(v.spell_attack_percent(self.me, spell, r))
            * i64::from(v.spell_resistance_odds(self.me, spell, r).unwrap_or(100));
        let succeed = i64::from(v.save_success_percent(self.me, spell, r).unwrap_or(0));
        let fail = 100 - succeed;
        let full: i64 = targeted(s.effects())
            .map(|d| self.foe(&d.effect, r, cl, mm, fail))
            .sum();
        let kept = match s.save().map(|x| x.on_success) {
            None | Some(SaveOutcome::NoEffect) => full,
            Some(SaveOutcome::Negates | SaveOutcome::Disbelief) => 0,
            Some(SaveOutcome::Half) => {
                (targeted(s.effects()))
                    .filter(|d| d.effect.amount().is_some())
                    .map(|d| self.foe(&d.effect, r, cl, mm, fail))
                    .sum::<i64>()
                    / 2
            }
            Some(SaveOutcome::Partial) => targeted(s.on_save())
                .map(|d| self.foe(&d.effect, r, cl, mm, fail))
                .sum(),
        };
        damage + land * (fail * full + succeed * kept) / 1_000_000
    }

    /// One effect on an active enemy `r` when it lands in full; `fail` is its chance in
    /// percent to fail a save that ends a condition each round. Damage is the view's (see
    /// [`Self::on_foe`]); effects that help it count against the cast.
    fn foe(&mut self, e: &Effect, r: UnitId, cl: u32, mm: Metamagic, fail: i64) -> i64 {
        let v = self.view;
        match e {
            Effect::Damage { .. } => 0,
            Effect::Heal { amount, energy } => {
                let harms = (*energy == Energy::Positive) == v.is_undead(r);
                if harms { 0 } else { -mean_x100(amount, cl, mm) }
            }
            Effect::Condition {
                condition,
                duration,
                save_ends,
            } => {
                if v.conditions(r).has(*condition) || v.immune_to_condition(r, *condition) {
                    return 0;
                }
                let rounds_x100 = if *save_ends {
                    100 + fail + fail * fail / 100
                } else {
                    100 * rounds(duration, cl, mm)
                };
                let mut worth = severity(*condition) * self.out(r) * rounds_x100 / 10_000;
                // A helpless enemy is a kill in waiting: our blows land at +4 against Dex 0
                // and a coup de grâce threatens — half its remaining hit points.
                if condition.definition().flags & flag::HELPLESS != 0 {
                    worth += drop_cap(v, r) / 2;
                }
                worth
            }
            Effect::Modifier {
                stat,
                amount,
                when,
                duration,
                ..
            } => {
                let value = -(mean_x100(amount, cl, mm) / 100);
                let worth = self.penalty(r, *stat, value) * rounds(duration, cl, mm);
                halved_when(worth, when)
            }
            Effect::AbilityPenalty {
                ability,
                amount,
                duration,
            } => {
                let points = mean_x100(amount, cl, mm) / 200;
                let n = rounds(duration, cl, mm);
                match ability {
                    Ability::Str => {
                        (self.penalty(r, Stat::Attack, points)
                            + self.penalty(r, Stat::Damage, points))
                            * n
                    }
                    Ability::Dex => self.penalty(r, Stat::Ac, points) * n,
                    Ability::Con | Ability::Int | Ability::Wis | Ability::Cha => 0,
                }
            }
            Effect::NegativeLevels { amount, .. } => {
                let levels = mean_x100(amount, cl, mm) / 100;
                (self.penalty(r, Stat::Attack, levels) * HORIZON + levels * 500)
                    .min(drop_cap(v, r) + self.out(r) * HORIZON)
            }
            Effect::Slay => drop_cap(v, r) + self.out(r) * HORIZON,
            Effect::RecurringDamage {
                amount, rounds: n, ..
            } => {
                let more = (mean_x100(n, cl, mm) / 100).clamp(0, HORIZON - 1);
                (mean_x100(amount, cl, mm) * (1 + more)).min(drop_cap(v, r))
            }
            // A spiritual weapon aimed at an enemy: its blow (taken to land 60 % of the time)
            // each round it lasts.
            Effect::SpellWeapon {
                amount, duration, ..
            } => 60 * mean_x100(amount, cl, mm) * rounds(duration, cl, mm) / 100,
            Effect::TempHp { .. }
            | Effect::RemoveCondition { .. }
            | Effect::MirrorImages { .. }
            | Effect::ExtraAttack { .. }
            | Effect::Stabilize
            | Effect::ResumeDying
            | Effect::Summon { .. }
            | Effect::Dispel { .. }
            | Effect::Teleport
            | Effect::Sanctuary { .. }
            | Effect::Retaliate { .. }
            | Effect::SpellImmunity { .. }
            | Effect::SeeInvisible { .. } => 0,
        }
    }

    /// A penalty of `points` to an enemy `r`'s `stat`, for one round: its armor class counts
    /// by the damage our side deals it.
    fn penalty(&mut self, r: UnitId, stat: Stat, points: i64) -> i64 {
        let struck = if stat == Stat::Ac { self.hit_on(r) } else { 0 };
        self.per_round(r, stat, points, struck)
    }

    /// A bonus of `gain` to a friend `r`'s `stat`, for one round: its armor class counts by
    /// the damage it takes.
    fn bonus(&mut self, r: UnitId, stat: Stat, gain: i64) -> i64 {
        let struck = if stat == Stat::Ac { self.inc(r) } else { 0 };
        self.per_round(r, stat, gain, struck)
    }

    /// `points` on `r`'s `stat` for one round (see the module): 5 % of its damage per point of
    /// attack, 5 % of `struck` (the damage dealt to it) per point of AC, 0.6 hit points per
    /// attack per point of damage, 0.1 per point of saves.
    fn per_round(&mut self, r: UnitId, stat: Stat, points: i64, struck: i64) -> i64 {
        let points = points.max(0);
        match stat {
            Stat::Attack | Stat::MeleeAttack | Stat::RangedAttack => 5 * points * self.out(r) / 100,
            Stat::Damage | Stat::MeleeDamage | Stat::RangedDamage => {
                points * 60 * i64::from(self.view.swings_per_round(r))
            }
            Stat::Ac => 5 * points * struck / 100,
            Stat::Fort | Stat::Reflex | Stat::Will | Stat::Saves => points * 10,
            Stat::Cmb | Stat::Cmd | Stat::Skills | Stat::DexSkills | Stat::Initiative => 0,
            Stat::SpeedFt => 0,
        }
    }

    /// One effect on a friend `r` (the caster included); `None` when it harms it.
    fn friend(&mut self, e: &Effect, r: UnitId, cl: u32, mm: Metamagic) -> Option<i64> {
        let v = self.view;
        if v.effect_harms(e, r) {
            return None;
        }
        Some(match e {
            Effect::Heal { amount, .. } => self.heal(r, mean_x100(amount, cl, mm)),
            Effect::Condition {
                condition,
                duration,
                ..
            } => {
                if v.conditions(r).has(*condition) {
                    return Some(0);
                }
                let miss = i64::from(condition.definition().miss_chance);
                let mut worth = miss * self.inc(r) / 100;
                if condition.definition().flags & flag::INVISIBLE != 0 {
                    worth += 10 * self.out(r) / 100;
                }
                worth * rounds(duration, cl, mm)
            }
            Effect::Modifier {
                stat,
                kind,
                amount,
                when,
                duration,
            } => {
                let value = (mean_x100(amount, cl, mm) / 100) as i32;
                let gain = i64::from(v.modifier_gain(r, *stat, *kind, value));
                halved_when(self.bonus(r, *stat, gain) * rounds(duration, cl, mm), when)
            }
            Effect::TempHp { source, .. } => match source {
                TempHpSource::Amount(a) => {
                    mean_x100(a, cl, mm).min(100 * i64::from(v.hp_max(r))) / 2
                }
                // Vampiric touch: what the damage already counted gives back.
                TempHpSource::DamageDealt => 0,
            },
            Effect::RemoveCondition { condition } => {
                if v.conditions(r).has(*condition) {
                    severity(*condition) * self.out(r) * HORIZON / 100
                } else {
                    0
                }
            }
            Effect::MirrorImages { amount, duration } => {
                let images = mean_x100(amount, cl, mm) / 100;
                let blow = self.strongest_blow_on(r);
                (images * blow).min(self.inc(r) * rounds(duration, cl, mm))
            }
            Effect::ExtraAttack { duration } => {
                let blow = self.best_blow_of(r);
                blow * rounds(duration, cl, mm)
            }
            Effect::Stabilize => {
                if v.life(r) == Life::Down && v.hp(r) < 0 {
                    300
                } else {
                    0
                }
            }
            Effect::Sanctuary { .. } => self.inc(r) / 2,
            Effect::Retaliate {
                amount, duration, ..
            } => self.retaliation(r, mean_x100(amount, cl, mm) * rounds(duration, cl, mm)),
            Effect::SeeInvisible { duration } => {
                let hidden = (v.units()).any(|o| {
                    v.enemies(r, o) && v.active(o) && v.conditions(o).any(flag::INVISIBLE)
                });
                if hidden {
                    50 * self.out(r) * rounds(duration, cl, mm) / 100
                } else {
                    0
                }
            }
            Effect::Damage { .. }
            | Effect::AbilityPenalty { .. }
            | Effect::NegativeLevels { .. }
            | Effect::Slay
            | Effect::ResumeDying
            | Effect::RecurringDamage { .. }
            | Effect::Summon { .. }
            | Effect::SpellWeapon { .. }
            | Effect::Dispel { .. }
            | Effect::Teleport
            | Effect::SpellImmunity { .. } => 0,
        })
    }

    /// Healing `amount` (hundredths) on a friend `r`: nothing above half its hit points;
    /// what it lost at most; twice that when its worst enemy could drop it this round; and its
    /// own worth over the horizon when it brings it back from below 0.
    fn heal(&mut self, r: UnitId, amount: i64) -> i64 {
        let v = self.view;
        let (hp, max) = (i64::from(v.hp(r)), i64::from(v.hp_max(r)));
        if v.life(r) == Life::Dead || 2 * hp > max {
            return 0;
        }
        let healed = amount.min(100 * (max - hp));
        if hp < 0 {
            let back = amount > 100 * -hp;
            let offense = if back { self.out_if_up(r) * HORIZON } else { 0 };
            return healed + offense;
        }
        if 100 * hp <= self.inc(r) {
            2 * healed
        } else {
            healed
        }
    }

    /// What a friend `r` that is down would deal per round once back up: its full attack on
    /// its nearest active enemy.
    fn out_if_up(&mut self, r: UnitId) -> i64 {
        self.nearest(r)
            .map_or(0, |t| self.view.round_damage_x100(r, t))
    }

    /// The hardest single blow on `r` from the able enemies whose nearest enemy it is.
    fn strongest_blow_on(&mut self, r: UnitId) -> i64 {
        let v = self.view;
        let mut best = 0;
        for e in v.units() {
            if v.enemies(r, e) && self.able(e) && self.nearest(e) == Some(r) {
                best = best.max(v.best_swing_x100(e, r));
            }
        }
        best
    }

    /// `r`'s best single blow on its nearest active enemy.
    fn best_blow_of(&mut self, r: UnitId) -> i64 {
        self.nearest(r)
            .map_or(0, |t| self.view.best_swing_x100(r, t))
    }

    /// A retaliation of `total` (hundredths, over its rounds) on a friend `r`: what each able
    /// enemy with a melee weapon would take striking it — half its attacks landing — at most
    /// the hit points that drop it.
    fn retaliation(&self, r: UnitId, total: i64) -> i64 {
        let v = self.view;
        (v.units())
            .filter(|&e| v.enemies(r, e) && self.able(e) && v.has_melee(e))
            .map(|e| (total * i64::from(v.swings_per_round(e)) / 2).min(drop_cap(v, e)))
            .sum()
    }

    /// A summon: the creatures it brings, each its full attack per round they are out (a
    /// spell of one round's casting time brings them a round later).
    fn summon(&mut self, spell: SpellId, s: &Spell, e: &Effect, cl: u32, mm: Metamagic) -> i64 {
        let Effect::Summon {
            count, duration, ..
        } = e
        else {
            return 0;
        };
        let Some(reserve) = self.view.summon_reserve(self.me, spell) else {
            return 0;
        };
        let late = i64::from(s.casting_time() == CastingTime::OneRound);
        let out = (self.view.units())
            .filter(|&o| self.view.enemies(self.me, o) && self.view.present(o))
            .filter(|&o| self.view.active(o))
            .map(|o| self.view.round_damage_x100(reserve, o))
            .max()
            .unwrap_or(0);
        let n = (mean_x100(count, cl, mm) / 100).max(1);
        n * out * (rounds(duration, cl, mm) - late).max(0)
    }
}

/// The effects of a list aimed at the target.
fn targeted(list: &[Directed]) -> impl Iterator<Item = &Directed> {
    list.iter().filter(|d| d.to == Recipient::Target)
}

/// Damage beyond what drops `r` (to −1 hit points, or 0 for a creature destroyed there) is
/// wasted: the most a cast's damage is worth on it, in hundredths.
fn drop_cap(v: &View<'_>, r: UnitId) -> i64 {
    100 * (i64::from(v.hp(r).max(0)) + 1)
}

/// The mean of `amount` at caster level `cl` with `mm`, in hundredths.
fn mean_x100(amount: &Amount, cl: u32, mm: Metamagic) -> i64 {
    i64::from(amount.at_level(cl).mean_x2_with(mm)) * 50
}

/// The rounds a lasting effect counts for: its mean duration at `cl`, at most [`HORIZON`];
/// the horizon for one that lasts the fight.
fn rounds(duration: &Duration, cl: u32, mm: Metamagic) -> i64 {
    match duration {
        Duration::Instantaneous => 1,
        Duration::Permanent | Duration::Concentration => HORIZON,
        Duration::Timed { unit, amount } => {
            let units = i64::from(amount.at_level(cl).mean_x2_with(mm).max(0)) / 2;
            let factor = if mm.extend { 2 } else { 1 };
            (units * i64::from(unit.rounds()) * factor).clamp(1, HORIZON)
        }
    }
}

/// A modifier under a condition (« against evil ») counts half.
fn halved_when(worth: i64, when: &When) -> i64 {
    if *when == When::Always {
        worth
    } else {
        worth / 2
    }
}

/// The percent of a creature's threat a condition takes away (see the module).
pub fn severity(c: Condition) -> i64 {
    let def = c.definition();
    let f = def.flags;
    if f & flag::HELPLESS != 0 {
        125
    } else if f & flag::CANT_ACT != 0 {
        100
    } else if f & (flag::FLEES | flag::CANT_ATTACK) != 0 {
        90
    } else if f & (flag::CONFUSED | flag::BLIND) != 0 {
        50
    } else if f & flag::SINGLE_ACTION != 0 {
        40
    } else {
        let attack: i64 = (def.modifiers.iter())
            .filter(|m| {
                matches!(
                    m.stat,
                    Stat::Attack | Stat::MeleeAttack | Stat::RangedAttack
                )
            })
            .filter(|m| m.kind != BonusType::Dodge && m.value < 0)
            .map(|m| -i64::from(m.value))
            .max()
            .unwrap_or(0);
        5 * attack
    }
}
