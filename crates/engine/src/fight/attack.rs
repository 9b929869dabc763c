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

use crate::los::CoverMode;
use crate::model::{DamageCategory, DamageType};
use crate::rng::Roller;

use super::log::{Sink, log};
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
        let info = &self.info[a];
        let weapon = &info.weapons[w];
        let d = self.distance_ft(a, t);
        let mode = if weapon.melee {
            CoverMode::Melee
        } else {
            CoverMode::Ranged
        };
        let cover = self.attack_cover(a, t, mode);
        let Some(cover_ac) = cover.ac_bonus() else {
            return Struck {
                hit: false,
                crit: false,
                dropped: false,
            };
        };
        let target = &self.info[t];
        let first_increment = weapon.increment_ft > 0 && d <= weapon.increment_ft;
        let touch = weapon.touch || (weapon.firearm && first_increment);
        let mut ac = if touch {
            target.ac_touch
        } else {
            target.ac_total
        };
        if self.units[t].charged {
            ac -= 2;
        }
        ac += cover_ac;

        let mut bonus = weapon.bonus + swing.penalty;
        if swing.charge {
            bonus += 2;
        }
        if weapon.melee {
            if self.flanked(a, t) {
                bonus += 2;
            }
            if self.elevation_of(a) > self.elevation_of(t) {
                bonus += 1; // « CRB — Table 8-5: On higher ground, melee +1 »
            }
        } else {
            if weapon.increment_ft > 0 && d > 0 {
                bonus -= 2 * ((d - 1) / weapon.increment_ft) as i32;
            }
            if !info.precise_shot && self.engaged_with_ally(a, t) {
                bonus -= 4;
            }
        }

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
                roll += attack.damage_bonus();
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
        if S::ON {
            let crit_text = match confirm_text {
                Some((c, ct)) if crit => format!(" CRIT (confirm d20={c}{bonus:+}={ct})"),
                Some((c, ct)) => format!(" (threat, confirm d20={c}{bonus:+}={ct} fails)"),
                None => String::new(),
            };
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
            log!(
                S,
                sink,
                round,
                Some(a_id),
                "{aoo}{name} vs {t_id} d20={nat}{bonus:+}={total} AC {ac} -> HIT{crit_text} {taken} dmg{nl} ({t_id} hp {hp_before} -> {hp_after}{state})"
            );
        }
        Struck {
            hit: true,
            crit,
            dropped,
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
