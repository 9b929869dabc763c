//! One attack roll and its damage (seed 000 « Règles modélisées », « Critique », « Critique
//! améliorée », « Distance », « Touch AC et armes à feu », « Flanquement », « Tirer dans une
//! mêlée », « Couvert »; CRB « Attack Roll », « Critical Hits », « Damage Reduction »,
//! « Energy Resistance », « Minimum Damage »).
//!
//! Order: situational bonuses → d20 (natural 1 misses, natural 20 hits and threatens) → threat
//! and confirmation (natural 20 confirms; the confirmation uses the same bonuses) → damage:
//! (physical dice + flat bonus) × multiplier, other components rolled once → DR on the
//! physical part (bypassed only when the attack carries every component an « and » DR names),
//! energy resistance and immunity per component → a hit left below 1 deals 1 nonlethal.

use crate::model::{DamageCategory, DamageType};
use crate::rng::Roller;

use super::log::{Sink, log};
use super::numbers::AttackNumbers;
use super::state::{Fight, Life};
use super::unit::is_physical;

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

/// The concealment roll of one attack.
#[derive(Clone, Copy, Debug)]
struct Concealment {
    /// The d100 that decided.
    roll: u32,
    /// A first roll Blind-Fight rerolled.
    first: Option<u32>,
    missed: bool,
}

/// What an attack did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Struck {
    pub hit: bool,
    pub crit: bool,
    /// The target stopped being active.
    pub dropped: bool,
}

impl Fight<'_> {
    /// Resolves one attack of unit `a` with weapon `w` against unit `t`.
    pub fn strike<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        w: usize,
        swing: Swing,
        dice: &mut R,
        sink: &mut S,
    ) -> Struck {
        let power = self.units[a].power_attack;
        let Some(numbers) = self.attack_numbers(a, t, w, swing, power) else {
            return Struck {
                hit: false,
                crit: false,
                dropped: false,
            };
        };
        let AttackNumbers {
            bonus,
            ac,
            miss_chance,
            damage_bonus,
            sneak,
        } = numbers;
        // « CRB — Fascinated »: an obvious threat, such as a weapon aimed at the creature,
        // automatically breaks the effect.
        if self.units[t]
            .conds
            .remove(crate::rules::Condition::Fascinated)
        {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.scenario.units()[t].id.as_str()),
                "fascinated ends (attacked)"
            );
        }
        let weapon = &self.info[a].weapons[w];

        let nat = dice.d20();
        let total = nat as i32 + bonus;
        let hit = nat != 1 && (nat == 20 || total >= ac);
        let aoo = if swing.opportunity { "AoO: " } else { "" };
        let name = self.scenario.units()[a].combatant.attacks()[weapon.index].name();
        let t_id = self.scenario.units()[t].id.as_str();
        let a_id = self.scenario.units()[a].id.as_str();
        let round = Some(self.round);
        if !hit {
            log!(
                S,
                sink,
                round,
                Some(a_id),
                "{aoo}{name} vs {t_id} d20={nat}{bonus:+}={total} AC {ac} -> MISS"
            );
            return Struck {
                hit: false,
                crit: false,
                dropped: false,
            };
        }
        let mut crit = false;
        let mut confirm_text = None;
        if nat >= weapon.threat_start {
            let c = dice.d20();
            let c_total = c as i32 + bonus;
            crit = c != 1 && (c == 20 || c_total >= ac);
            confirm_text = Some((c, c_total));
        }

        // « CRB — Concealment »: d100 after the hit and its confirmation.
        let concealment = (miss_chance > 0).then(|| self.concealment_roll(a, w, miss_chance, dice));
        let crit_text = |crit: bool| -> String {
            match confirm_text {
                Some((c, ct)) if crit => format!(" CRIT (confirm d20={c}{bonus:+}={ct})"),
                Some((c, ct)) => format!(" (threat, confirm d20={c}{bonus:+}={ct} fails)"),
                None => String::new(),
            }
        };
        let why = if self.has_flag(a, crate::rules::flag::BLIND) {
            "attacker blinded"
        } else {
            "concealment"
        };
        let conceal_text = move |c: Concealment| -> String {
            let again = c
                .first
                .map_or(String::new(), |r| format!(", Blind-Fight reroll of {r}"));
            format!("{why} {miss_chance}% d100={}{again}", c.roll)
        };
        if let Some(c) = concealment
            && c.missed
        {
            if S::ON {
                log!(
                    S,
                    sink,
                    round,
                    Some(a_id),
                    "{aoo}{name} vs {t_id} d20={nat}{bonus:+}={total} AC {ac} -> HIT{}, {} -> MISS",
                    crit_text(crit),
                    conceal_text(c)
                );
            }
            return Struck {
                hit: false,
                crit: false,
                dropped: false,
            };
        }

        // Damage.
        let mult = if crit { weapon.crit_mult } else { 1 };
        let combatant = &self.scenario.units()[a].combatant;
        let attack = &combatant.attacks()[weapon.index];
        let defender = &self.scenario.units()[t].combatant;
        let immunities = defender.immunities();
        let mut physical = 0;
        let mut other = 0;
        let mut raw = 0;
        let mut reduced = false;
        for (k, component) in attack.damage().iter().enumerate() {
            let mut roll = component.formula().roll(dice);
            if k == 0 {
                roll += attack.damage_bonus() + damage_bonus;
            }
            let types = component.types();
            let mut real = types.iter().filter(|t| t.category() != DamageCategory::Tag);
            if types.iter().any(is_physical) {
                roll *= mult;
                raw += roll;
                if !types
                    .iter()
                    .filter(|t| is_physical(*t))
                    .any(|t| immunities.to_damage(t))
                {
                    physical += roll;
                }
            } else {
                raw += roll;
                if real.all(|t| immunities.to_damage(t)) {
                    continue;
                }
                let resist = types
                    .iter()
                    .filter(|t| t.is_resistible())
                    .map(|t| defender.resistance(t) as i32)
                    .max()
                    .unwrap_or(0);
                if resist > 0 && roll > 0 {
                    reduced = true;
                }
                other += (roll - resist).max(0);
            }
        }
        // « CRB — Sneak Attack »: precision dice, never multiplied, before DR and resistances.
        let mut sneak_roll = 0;
        if sneak {
            let n = self.info[a].sneak_dice;
            for _ in 0..n {
                sneak_roll += dice.d(6) as i32;
            }
            raw += sneak_roll;
            if attack
                .damage()
                .iter()
                .any(|c| c.types().iter().any(is_physical))
            {
                physical += sneak_roll;
            } else {
                other += sneak_roll;
            }
        }
        if let Some(dr) = defender.dr()
            && physical > 0
            && !dr.bypass.is_overcome_by(weapon.dealt)
        {
            physical = (physical - dr.amount as i32).max(0);
            reduced = true;
        }
        let mut total_damage = physical.max(0) + other;
        let mut minimum = false;
        if total_damage < 1 && (raw < 1 || reduced) {
            // « CRB — Minimum Damage »: a hit still deals 1 point of nonlethal damage.
            total_damage = 0;
            minimum = true;
        }
        let (lethal, mut nonlethal) = if weapon.nonlethal {
            (0, total_damage + i32::from(minimum))
        } else {
            (total_damage, i32::from(minimum))
        };
        if immunities.to_damage(DamageType::Nonlethal) {
            nonlethal = 0;
        }
        let hp_before = self.units[t].hp;
        let nonlethal_before = self.units[t].nonlethal;
        let taken = self.apply_damage(t, lethal, nonlethal);
        // What the target really took: nonlethal beyond its maximum hit points turns lethal,
        // and a creature without Constitution ignores nonlethal damage.
        let nonlethal_taken = self.units[t].nonlethal - nonlethal_before;
        let after = self.units[t].life();
        let dropped = !self.units[t].active();
        {
            let tally = &mut self.units[a].tally;
            tally.hits += 1;
            tally.crits += u64::from(crit);
            tally.damage_dealt += taken as u64;
        }
        self.units[t].tally.damage_taken += taken as u64;
        // « CRB — Sleep »: a sleeping creature wakes when it is wounded.
        let woke = (taken > 0 || nonlethal_taken > 0)
            && self.units[t].conds.remove(crate::rules::Condition::Asleep);
        if S::ON {
            let crit_text = crit_text(crit);
            let conceal = concealment.map_or(String::new(), |c| format!(" ({})", conceal_text(c)));
            let state = match after {
                Life::Dead => ", dead",
                Life::Down if self.units[t].hp < 0 => ", dying",
                Life::Down => ", unconscious",
                Life::Staggered => ", staggered",
                Life::Up => "",
            };
            let nl = if nonlethal_taken > 0 {
                format!(" +{nonlethal_taken} nonlethal")
            } else {
                String::new()
            };
            let hp_after = self.units[t].hp;
            let sneak_text = if sneak {
                format!(" (sneak {}d6={sneak_roll})", self.info[a].sneak_dice)
            } else {
                String::new()
            };
            let wake = if woke { ", wakes up" } else { "" };
            log!(
                S,
                sink,
                round,
                Some(a_id),
                "{aoo}{name} vs {t_id} d20={nat}{bonus:+}={total} AC {ac} -> HIT{crit_text}{conceal} {taken} dmg{sneak_text}{nl} ({t_id} hp {hp_before} -> {hp_after}{state}{wake})"
            );
        }
        Struck {
            hit: true,
            crit,
            dropped,
        }
    }

    /// « CRB — Concealment »: d100 against `miss_chance`; with Blind-Fight a melee miss is
    /// rerolled once (« CRB — Blind-Fight »).
    fn concealment_roll<R: Roller>(
        &self,
        a: usize,
        w: usize,
        miss_chance: u8,
        dice: &mut R,
    ) -> Concealment {
        let miss = u32::from(miss_chance);
        let roll = dice.d100();
        if roll <= miss && self.info[a].blind_fight && self.info[a].weapons[w].melee {
            let again = dice.d100();
            return Concealment {
                roll: again,
                first: Some(roll),
                missed: again <= miss,
            };
        }
        Concealment {
            roll,
            first: None,
            missed: roll <= miss,
        }
    }

    /// Ground height under a unit: the highest square of its footprint.
    pub fn elevation_of(&self, u: usize) -> u8 {
        use crate::board::Board;
        if self.info[u].footprint == 1 {
            return self.map.elevation(self.units[u].pos);
        }
        self.info[u]
            .size
            .squares(self.units[u].pos)
            .filter(|p| self.map.contains(*p))
            .map(|p| self.map.elevation(p))
            .max()
            .unwrap_or(0)
    }
}
