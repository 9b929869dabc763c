//! The numbers of one attack before any die is rolled — attack bonus, the armor class it
//! targets, the miss chance, the flat damage bonus and whether sneak attack applies — and the
//! typed-modifier queries of a unit (stat block modifiers, feats and conditions through the
//! one stacking resolver, `rules::bonus`). Shared by `strike` and by the policies' view, which
//! weighs a choice with them (Power Attack), so both always see the same numbers. Reads the
//! fight; rolls nothing and changes nothing.
//!
//! Rules gathered here (the reference spec and CRB): charge +2; flanking +2 (melee); higher ground +1
//! (melee); range increments −2 each; shooting into melee −4 unless Precise Shot; typed
//! modifiers on attack, damage and AC (prone −4 AC against melee, +4 against ranged…); an
//! invisible attacker +2 and the target loses its Dex bonus (« Attaquant invisible »), except
//! in melee against Blind-Fight; helpless targets +4 in melee and effective Dex 0 (« Cible
//! inerme »); a target denied its Dex bonus (flat-footed, stunned, blinded, running without
//! the Run feat…) uses its flat-footed AC; concealment miss chance, 50 % for a blinded
//! attacker (« Concealment »); Power Attack / Deadly Aim −X / +2X (+3X two-handed, no damage
//! on touch attacks); sneak attack when flanked in melee or against a target denied its Dex
//! bonus (melee, or ranged within 30 ft), never against concealment or precision-immune
//! creatures (« Attaque sournoise »); a broken weapon −2 on attack and damage (« CRB —
//! Broken »); the tactical parts — total defense, fighting defensively, aid another — through
//! the same resolver, and a hidden attacker as an invisible one.

use crate::los::CoverMode;
use crate::rules::{
    AcKind, AttackContext, Condition, Context, DamageReduction, Feat, Modifier, Part, Stat, flag,
    resolve, resolve_parts,
};
use crate::vocab::{DamageCategory, DamageTypes};

pub use super::attack_numbers::AttackNumbers;
use super::effects::Wards;

use super::state::Fight;
use super::unit::{UnitInfo, Weapon};

/// Modifiers a caller adds to one attack.
#[derive(Clone, Copy, Debug, Default)]
pub struct Swing {
    /// Iterative penalty (−5, −10, −15) or other caller penalty.
    pub penalty: i32,
    /// A charge: +2 to hit.
    pub charge: bool,
    /// An attack of opportunity (only logged differently).
    pub opportunity: bool,
}

/// The typed modifiers of one attack: on the target's armor class, the attack roll and the
/// damage.
#[derive(Clone, Copy, Debug, Default)]
struct Typed {
    ac: i32,
    attack: i32,
    damage: i32,
}

impl Fight<'_> {
    /// The stacked typed modifiers of unit `u` for `stat` in `ctx`: its standing modifiers and
    /// those of its conditions. `ac` selects the armor class for [`Stat::Ac`].
    ///
    /// Spell effects add their parts (`effects::parts`) to the same resolver; the typed
    /// bonuses the stat block already includes (`included_bonuses`) count as already there:
    /// the stat moves by resolve(included ∪ others) − resolve(included), so a +4 armor spell
    /// on a creature whose stat block has +6 armor changes nothing (« CRB — Stacking »).
    pub fn stat_mod(&self, u: usize, stat: Stat, ac: Option<AcKind>, ctx: &Context) -> i32 {
        self.stat_mod_vs(u, None, stat, ac, ctx)
    }

    /// [`Fight::stat_mod`] in an attack between `u` and `opponent`: the tactical parts of `u`
    /// count too — its defensive stance always, the aid another bonuses it holds only against
    /// that opponent (`action::tactical`).
    pub fn stat_mod_vs(
        &self,
        u: usize,
        opponent: Option<usize>,
        stat: Stat,
        ac: Option<AcKind>,
        ctx: &Context,
    ) -> i32 {
        let mods = &self.info[u].modifiers;
        let conds = &self.units[u].conds;
        let magic = self.units[u].wards.has(Wards::STATS);
        let tactical = self.tactics.edge && self.tactics.units[u].changes_numbers();
        if mods.is_empty() && conds.is_empty() && !magic && !tactical {
            return 0;
        }
        let included = &self.info[u].included;
        if !magic && !tactical && included.is_empty() {
            let counted = conds.modifiers().map(|m| -> &Modifier { m });
            return resolve(mods.iter().chain(counted), stat, ac, ctx);
        }
        let effects: &[Part] = if magic { &self.magic.parts[u] } else { &[] };
        let counted = conds.modifiers().map(|m| -> &Modifier { m });
        let own = tactical.then_some(&self.tactics.units[u]);
        let stance = own.into_iter().flat_map(|t| t.stance_parts());
        let aid = own
            .into_iter()
            .zip(opponent)
            .flat_map(|(t, o)| t.aid_parts(o));
        let others = (mods.iter().chain(counted))
            .map(Modifier::part)
            .chain(effects.iter().copied())
            .chain(stance)
            .chain(aid);
        if included.is_empty() {
            return resolve_parts(others, stat, ac, ctx);
        }
        let base = included.iter().map(Modifier::part);
        resolve_parts(base.clone().chain(others), stat, ac, ctx)
            - resolve_parts(base, stat, ac, ctx)
    }

    /// What `t` loses to AC until its next turn: 2 for a charge (« CRB — Charge »), 2 for a
    /// cleave (« CRB — Cleave »).
    #[inline(always)]
    pub(crate) fn until_next_turn_ac(&self, t: usize) -> i32 {
        2 * (i32::from(self.units[t].charged) + i32::from(self.units[t].class.cleaved))
    }

    /// Squares of one move action for `u`: its speed with its `speed_ft` modifiers, halved
    /// while disabled (0 hp) or under a half-speed condition (exhausted, entangled, blinded) —
    /// once, not per cause.
    pub fn move_squares(&self, u: usize) -> u32 {
        let info = &self.info[u];
        let mut squares = info.speed_squares;
        if !info.modifiers.is_empty()
            || !self.units[u].conds.is_empty()
            || self.units[u].wards.has(Wards::STATS)
        {
            let bonus = self.stat_mod(u, Stat::SpeedFt, None, &Context::default());
            if bonus != 0 {
                let feet = (info.speed_ft as i32 + bonus).max(0) as u32;
                squares = feet / self.map.square_size_ft().max(1);
            }
        }
        if self.units[u].hp == 0 || self.has_flag(u, flag::HALF_SPEED) {
            squares / 2
        } else {
            squares
        }
    }

    /// Speed multiple of a run: ×4, ×5 with the Run feat (« CRB — Run »).
    pub fn run_multiple(&self, u: usize) -> u32 {
        if self.info[u].has(Feat::Run) { 5 } else { 4 }
    }

    /// Unit `u` has a condition with `flag` (a `rules::flag` bit).
    pub fn has_flag(&self, u: usize, flag: u32) -> bool {
        self.units[u].conds.any(flag)
    }

    /// `u` threatens squares and may take attacks of opportunity: active, not flat-footed
    /// (unless it has Combat Reflexes, « CRB — Flat-Footed »), stunned, helpless, grappled or
    /// otherwise kept from reacting.
    pub fn can_react(&self, u: usize) -> bool {
        if !self.units[u].active() || self.has_flag(u, flag::CANT_ACT) {
            return false;
        }
        if !self.has_flag(u, flag::CANT_AOO) {
            return true;
        }
        let reflexes = self.info[u].has(Feat::CombatReflexes);
        self.units[u].conds.iter().all(|c| {
            c.definition().flags & flag::CANT_AOO == 0 || (reflexes && c == Condition::FlatFooted)
        })
    }

    /// `t` loses its Dexterity bonus to AC against `a`: a condition that denies it, running
    /// without the Run feat, or an invisible attacker (not in melee against Blind-Fight).
    pub fn denied_dex(&self, a: usize, t: usize, melee: bool) -> bool {
        if self.info[t].traits.class.guards != 0 && self.guarded(t, super::class::UNCANNY_DODGE) {
            return self.uncanny_denied(t);
        }
        self.has_flag(t, flag::DENIES_DEX)
            || (self.units[t].running && !self.info[t].has(Feat::Run))
            || self.invisible_edge(a, t, melee)
    }

    /// `a` is invisible to `t` for this attack (« CRB — Invisibility »; Blind-Fight: « invisible
    /// attackers get no advantages related to hitting you in melee »).
    /// See invisibility on `t` takes the edge away. A creature hidden from `t` has the same
    /// edge (« CRB — Stealth »: those it beats « are not aware of you »).
    fn invisible_edge(&self, a: usize, t: usize, melee: bool) -> bool {
        if self.life_sees(t, a) {
            return false;
        }
        (self.has_flag(a, flag::INVISIBLE)
            && !(melee && self.info[t].has(Feat::BlindFight))
            && !self.units[t].wards.has(Wards::SEE_INVISIBLE))
            || self.unseen_by(t, a)
    }

    /// The miss chance of `a`'s attacks on `t`: the target's concealment, at least 50 % when
    /// `a` is blinded (« CRB — Blinded »); an attacker under see invisibility ignores the
    /// target's invisibility (« CRB — See Invisibility »); none within life sight
    /// (`class::undead`).
    pub fn miss_chance(&self, a: usize, t: usize) -> u8 {
        // « Life Sight »: blindsight sees through concealment and invisibility.
        if self.life_sees(a, t) {
            return 0;
        }
        let conds = &self.units[t].conds;
        let own =
            if self.units[a].wards.has(Wards::SEE_INVISIBLE) && conds.has(Condition::Invisible) {
                (conds.iter())
                    .filter(|&c| c != Condition::Invisible)
                    .map(|c| c.definition().miss_chance)
                    .max()
                    .unwrap_or(0)
            } else {
                conds.miss_chance()
            };
        let own = if self.has_flag(a, flag::BLIND) {
            own.max(50)
        } else {
            own
        };
        // « Bestiary — Gaze — Averting Eyes »: the gazer « gains concealment against that
        // opponent ».
        if self.units[a].wards.has(Wards::AVERTING)
            && self.info[t].traits.specials.areas.gaze.is_some()
        {
            own.max(20)
        } else {
            own
        }
    }

    /// Power Attack or Deadly Aim step of `a` for weapon `w` (0 when it has neither feat for
    /// that kind of weapon).
    pub fn power_step(&self, a: usize, w: usize) -> i32 {
        let info = &self.info[a];
        if info.weapons[w].melee {
            info.power_attack_step
        } else {
            info.deadly_aim_step
        }
    }

    /// The numbers of an attack of `a` with weapon `w` on `t`; `power` says whether Power
    /// Attack (or Deadly Aim) is on. `None` when `t` has total cover.
    #[inline]
    pub fn attack_numbers(
        &self,
        a: usize,
        t: usize,
        w: usize,
        swing: Swing,
        power: bool,
    ) -> Option<AttackNumbers> {
        let step = if power { self.power_step(a, w) } else { 0 };
        let mut numbers = self.numbers_with(a, t, &self.info[a].weapons[w], None, swing, step)?;
        // « CRB — Broken »: −2 on attack and damage rolls.
        if self.units[a].arms.broken(w) {
            numbers.bonus -= 2;
            numbers.damage_bonus -= 2;
        }
        if self.class_edges {
            self.class_edge(a, (t, self.info[a].weapons[w].melee), &mut numbers);
        }
        Some(numbers)
    }

    /// [`Fight::attack_numbers`] for any `weapon` of `a` (a stat-block attack, or the touch
    /// of a spell), named `name` (`None`: the stat block's attack the weapon indexes), with
    /// Power Attack's `step` (0 when off).
    #[inline(always)]
    pub(crate) fn numbers_with(
        &self,
        a: usize,
        t: usize,
        weapon: &Weapon,
        name: Option<&str>,
        swing: Swing,
        step: i32,
    ) -> Option<AttackNumbers> {
        let info = &self.info[a];
        let d = self.distance_ft(a, t);
        let melee = weapon.melee;
        let mode = if melee {
            CoverMode::Melee
        } else {
            CoverMode::Ranged
        };
        let cover_ac = self.attack_cover(a, t, mode).ac_bonus()?;
        let target = &self.info[t];
        let first_increment = weapon.increment_ft > 0 && d <= weapon.increment_ft;
        let touch = weapon.touch || (weapon.firearm && first_increment);
        // Neither side has a condition, a standing modifier or a run to account for: the
        // common case skips every lookup below that could only add zero.
        let plain = self.units[a].conds.is_empty()
            && self.units[t].conds.is_empty()
            && info.modifiers.is_empty()
            && target.modifiers.is_empty()
            && !self.units[t].running
            && self.units[a].wards.is_empty()
            && self.units[t].wards.is_empty()
            && !(self.tactics.edge
                && (self.tactics.units[a].changes_numbers()
                    || self.tactics.units[t].changes_numbers()));
        // « CRB — Stealth »: a creature cannot attack what it does not perceive.
        if !plain && self.unseen_by(a, t) {
            return None;
        }
        let denied = !plain && self.denied_dex(a, t, melee);
        let helpless = !plain && self.has_flag(t, flag::HELPLESS);
        let kind = match (touch, denied || helpless) {
            (false, false) => AcKind::Total,
            (true, false) => AcKind::Touch,
            (false, true) => AcKind::FlatFooted,
            (true, true) => AcKind::FlatFootedTouch,
        };
        let typed = if plain {
            Typed::default()
        } else {
            self.typed_modifiers(a, t, weapon, name, d, kind)
        };
        let mut ac = target_ac(target, kind, helpless) + cover_ac + typed.ac;
        // « CRB — Charge », « Cleave »: −2 AC each until its next turn.
        ac -= self.until_next_turn_ac(t);
        let flanked = melee && self.flanked(a, t);
        let mut bonus = self.situational_bonus(a, t, weapon, d, swing) + typed.attack;
        if flanked {
            bonus += 2;
        }
        if melee && helpless {
            bonus += 4; // « CRB — Helpless »: +4 on melee attacks against it.
        }
        if !plain && self.invisible_edge(a, t, melee) {
            bonus += 2;
        }
        let mut damage_bonus = typed.damage;
        if step > 0 {
            bonus -= step;
            if !weapon.touch {
                damage_bonus += if melee && weapon.two_handed {
                    3 * step
                } else {
                    2 * step
                };
            }
        }
        let miss_chance = if plain { 0 } else { self.miss_chance(a, t) };
        let sneak = info.sneak_dice > 0
            && !target.precision_immune
            && miss_chance == 0
            && (flanked || (denied && (melee || d <= 30)));
        Some(AttackNumbers {
            bonus,
            ac,
            miss_chance,
            damage_bonus,
            sneak,
        })
    }

    /// Typed modifiers of an attack of `a` with `weapon` on `t`, `d_ft` away: the attack as
    /// the attacker's (`mine`) and the target's (`theirs`, with the attacker as the source)
    /// conditions and standing modifiers see it; `kind` is the armor class it targets.
    #[inline(always)]
    fn typed_modifiers(
        &self,
        a: usize,
        t: usize,
        weapon: &Weapon,
        name: Option<&str>,
        d_ft: u32,
        kind: AcKind,
    ) -> Typed {
        let melee = weapon.melee;
        let name = name.unwrap_or_else(|| self.combatant(a).attacks()[weapon.index].name());
        let attack = AttackContext {
            melee,
            distance_ft: d_ft,
            weapon: name,
        };
        let mine = Context {
            attack: Some(attack),
            ..Context::default()
        };
        let theirs = Context {
            attack: Some(attack),
            source: Some(self.combatant(a).alignment()),
            ..Context::default()
        };
        let (attack_stat, damage_stat) = if melee {
            (Stat::MeleeAttack, Stat::MeleeDamage)
        } else {
            (Stat::RangedAttack, Stat::RangedDamage)
        };
        Typed {
            ac: self.stat_mod_vs(t, Some(a), Stat::Ac, Some(kind), &theirs),
            attack: self.stat_mod_vs(a, Some(t), attack_stat, None, &mine),
            damage: self.stat_mod(a, damage_stat, None, &mine),
        }
    }

    /// The attack bonus of `a`'s `weapon` on `t`, `d_ft` away, before flanking, a helpless
    /// target, invisibility, typed modifiers and Power Attack: the stat block's bonus, the
    /// caller's penalty, a charge's +2, in melee higher ground +1 (« CRB — Table 8-5 »); at
    /// range, −2 per full range increment and −4 for shooting into melee unless Precise Shot.
    #[inline(always)]
    fn situational_bonus(
        &self,
        a: usize,
        t: usize,
        weapon: &Weapon,
        d_ft: u32,
        swing: Swing,
    ) -> i32 {
        let mut bonus = weapon.bonus + swing.penalty;
        if swing.charge {
            bonus += 2;
        }
        if weapon.melee {
            if self.elevation_of(a) > self.elevation_of(t) {
                bonus += 1;
            }
        } else {
            if weapon.increment_ft > 0 && d_ft > 0 {
                bonus -= 2 * ((d_ft - 1) / weapon.increment_ft) as i32;
            }
            if !self.info[a].has(Feat::PreciseShot) && self.engaged_with_ally(a, t) {
                bonus -= 4;
            }
        }
        bonus
    }

    /// Power Attack (or Deadly Aim) on raises the expected damage of one attack of `me` with
    /// weapon `w` on `target` from where it stands.
    pub fn power_attack_pays(&self, me: usize, target: usize, w: usize, swing: Swing) -> bool {
        let (Some(off), Some(on)) = (
            self.attack_numbers(me, target, w, swing, false),
            self.attack_numbers(me, target, w, swing, true),
        ) else {
            return false;
        };
        let avg_x2 = self.average_damage_x2(me, w);
        self.expected_damage_x100(me, target, w, &on, avg_x2)
            > self.expected_damage_x100(me, target, w, &off, avg_x2)
    }

    /// Twice the damage `t`'s damage reduction takes off each hit of `a`'s weapon `w` (0 when
    /// the weapon overcomes it or deals nothing physical); `None` when `t` is immune to every
    /// type the weapon deals.
    fn reduction_x2(&self, a: usize, t: usize, w: usize) -> Option<i64> {
        let dealt = self.info[a].weapons[w].dealt;
        let defender = self.combatant(t);
        let immunities = defender.immunities();
        // Immune to none of the types dealt: every damaging type hurts, so the answer is the
        // reduction alone; most creatures have neither immunity nor reduction.
        if !immunities.damage_types().intersects(&dealt) {
            return Some(defender.dr().map_or(0, |dr| dr_x2(dealt, dr)));
        }
        let damaging = dealt
            .iter()
            .filter(|&d| crate::rules::is_physical(d) || d.category() == DamageCategory::Energy);
        let mut any = false;
        let mut hurts = false;
        for d in damaging {
            any = true;
            hurts |= !immunities.to_damage(d);
        }
        if any && !hurts {
            return None;
        }
        Some(defender.dr().map_or(0, |dr| dr_x2(dealt, dr)))
    }

    /// Twice the average damage of weapon `w` of `a` before situational bonuses (dice and the
    /// stat block's flat bonus), an integer.
    #[inline]
    pub fn average_damage_x2(&self, a: usize, w: usize) -> i32 {
        self.info[a].weapons[w].avg_damage_x2
    }

    /// Expected damage of one attack of `a` on `t` with these numbers against its AC (hit
    /// chance with natural 1 and 20, critical threats confirmed at the same chance,
    /// concealment), through `t`'s damage reduction and immunities (« CRB — Damage
    /// Reduction »: subtracted from each hit, a critical's included, unless the weapon
    /// overcomes it), in hundredths of a hit point so policies compare integers.
    /// `avg_damage_x2` is twice the average damage before the numbers' flat bonus.
    pub fn expected_damage_x100(
        &self,
        a: usize,
        t: usize,
        w: usize,
        n: &AttackNumbers,
        avg_damage_x2: i32,
    ) -> i64 {
        // Natural d20 values that hit: at least 20 only, at most 2..=20.
        let hits = i64::from((21 + n.bonus - n.ac).clamp(1, 19));
        let threats = i64::from(21 - self.threat_start(a, w) as i32).min(hits);
        let dmg_x2 = i64::from((avg_damage_x2 + 2 * n.damage_bonus).max(2));
        let crit_x2 = dmg_x2 * i64::from(self.crit_mult(a, w));
        let (normal, crit) = match self.reduction_x2(a, t, w) {
            None => (0, 0),
            Some(dr_x2) => ((dmg_x2 - dr_x2).max(0), (crit_x2 - dr_x2).max(0)),
        };
        // Per 20×20 rolls: hits × a hit's damage, plus threats × confirmations × what the
        // critical adds.
        let per_400 = hits * 20 * normal + threats * hits * (crit - normal);
        let kept = i64::from(100 - n.miss_chance);
        // dmg_x2/2 per hit; /400 rolls; ×100 for hundredths; ×kept/100 for concealment.
        per_400 * kept / 800
    }
}

/// The armor class of `kind` from `target`'s stat block, with « CRB — Helpless » (Dexterity 0,
/// a −5 modifier, in place of its own).
#[inline(always)]
fn target_ac(target: &UnitInfo, kind: AcKind, helpless: bool) -> i32 {
    let ac = match kind {
        AcKind::Total => target.ac_total,
        AcKind::Touch => target.ac_touch,
        AcKind::FlatFooted => target.ac_flat_footed,
        // Flat-footed touch: touch AC without what flat-footed removes (Dex and dodge).
        AcKind::FlatFootedTouch => {
            target.ac_touch - (target.ac_total - target.ac_flat_footed).max(0)
        }
    };
    if helpless {
        ac - 5 - target.dex_mod.min(0)
    } else {
        ac
    }
}

/// Twice what damage reduction `dr` takes off a hit dealing `dealt`: nothing unless the hit is
/// physical and does not overcome it (« CRB — Damage Reduction »).
fn dr_x2(dealt: DamageTypes, dr: &DamageReduction) -> i64 {
    let physical = dealt.iter().any(crate::rules::is_physical);
    if physical && !dr.bypass.is_overcome_by(dealt) {
        2 * i64::from(dr.amount)
    } else {
        0
    }
}
