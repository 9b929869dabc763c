//! The dice of one attack, in the order they are rolled: the d20 and, on a threat, its
//! confirmation (« CRB — Attack Roll », « Critical Hits »: a natural 1 misses, a natural 20
//! hits and threatens, the confirmation uses the same bonuses; a broken weapon threatens only
//! on a 20, « CRB — Broken »); the concealment d100 after the
//! hit (« CRB — Concealment », Blind-Fight's reroll); the damage dice and the sneak attack
//! dice, summed by the pure damage rules (`rules::damage`). Reads the fight; changes nothing.

use crate::model::special::Roll;
use crate::rng::Roller;
use crate::rules::Feat;
use crate::rules::damage::{Damage, Dealt, Defense, Delivery};
use crate::vocab::{DamageCategory, DamageTypes};

use super::super::numbers::AttackNumbers;
use super::super::state::Fight;

/// The d20 of one attack and its confirmation.
#[derive(Clone, Copy, Debug)]
pub struct AttackRoll {
    pub nat: u32,
    pub total: i32,
    pub hit: bool,
    /// The confirmation roll and its total, when the hit threatened.
    pub confirm: Option<(u32, i32)>,
    pub crit: bool,
}

/// The concealment roll of one attack.
#[derive(Clone, Copy, Debug)]
pub struct Concealment {
    /// The d100 that decided.
    pub roll: u32,
    /// A first roll Blind-Fight rerolled.
    pub first: Option<u32>,
    pub missed: bool,
}

/// The damage of one hit and its sneak attack dice.
#[derive(Clone, Copy, Debug)]
pub struct DamageRoll {
    pub dealt: Dealt,
    /// The types that dealt something, with the weapon's material and alignment tags — only
    /// for a regenerating target (« Bestiary — Regeneration »), empty otherwise.
    pub through: DamageTypes,
    /// The sneak attack dice's total (0 without sneak attack).
    pub sneak: i32,
}

impl Fight<'_> {
    /// The d20 against `numbers`; on a hit within weapon `w`'s threat range, the confirmation.
    #[inline(always)]
    pub(super) fn roll_attack<R: Roller>(
        &self,
        a: usize,
        w: usize,
        numbers: &AttackNumbers,
        dice: &mut R,
    ) -> AttackRoll {
        let (bonus, ac) = (numbers.bonus, numbers.ac);
        let nat = self.attack_d20(a, dice);
        let total = nat as i32 + bonus;
        let hit = nat != 1 && (nat == 20 || total >= ac);
        let mut roll = AttackRoll {
            nat,
            total,
            hit,
            confirm: None,
            crit: false,
        };
        if hit && nat >= self.threat_start(a, w) {
            let c = self.attack_d20(a, dice);
            let c_total = c as i32 + bonus;
            roll.crit = c != 1 && (c == 20 || c_total >= ac);
            roll.confirm = Some((c, c_total));
        }
        roll
    }

    /// « CRB — Concealment »: d100 against `miss_chance`; with Blind-Fight a melee miss is
    /// rerolled once (« CRB — Blind-Fight »).
    pub(super) fn concealment_roll<R: Roller>(
        &self,
        a: usize,
        w: usize,
        miss_chance: u8,
        dice: &mut R,
    ) -> Concealment {
        let miss = u32::from(miss_chance);
        let roll = dice.d100();
        if roll <= miss && self.info[a].has(Feat::BlindFight) && self.info[a].weapons[w].melee {
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

    /// Rolls the damage of a hit of `a` with weapon `w` on `t`: each component of the attack
    /// (the first with the stat block's and the numbers' flat bonus), multiplied on a critical
    /// hit when physical, then the sneak attack dice; `t`'s immunities, resistances and DR
    /// apply (`rules::damage`). `first`, when given, replaces the first component's dice and
    /// the stat block's bonus (« Bestiary — Powerful Charge »: the charge's damage).
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    pub(super) fn roll_damage<R: Roller>(
        &self,
        a: usize,
        t: usize,
        w: usize,
        numbers: &AttackNumbers,
        crit: bool,
        first: Option<Roll>,
        dice: &mut R,
    ) -> DamageRoll {
        let weapon = &self.info[a].weapons[w];
        let multiplier = if crit { self.crit_mult(a, w) } else { 1 };
        let attack = &self.combatant(a).attacks()[weapon.index];
        let defender = self.combatant(t);
        let mut damage = Damage::against(Defense {
            immunities: defender.immunities(),
            resistances: defender.resistances(),
            dr: defender.dr(),
        });
        for (k, component) in attack.damage().iter().enumerate() {
            let mut rolled = match first {
                Some(roll) if k == 0 => roll.roll(dice),
                _ => component.formula().roll(dice),
            };
            if k == 0 {
                let listed = if first.is_some() {
                    0
                } else {
                    attack.damage_bonus()
                };
                rolled += listed + numbers.damage_bonus;
            }
            damage.component(rolled, component.types(), multiplier);
        }
        // « CRB — Sneak Attack »: precision dice, never multiplied, before DR and resistances.
        let mut sneak = 0;
        if numbers.sneak {
            for _ in 0..self.info[a].sneak_dice {
                sneak += dice.d(6) as i32;
            }
            damage.precision(sneak);
        }
        let through = if self.info[t].traits.specials.regeneration.is_some() {
            tagged(damage.through(), weapon.dealt)
        } else {
            DamageTypes::new()
        };
        DamageRoll {
            through,
            dealt: damage.finish(Delivery {
                dealt: weapon.dealt,
                dr_applies: true,
                nonlethal: weapon.nonlethal,
            }),
            sneak,
        }
    }
}

/// `through` with the tags (materials, alignments, magic) of `dealt` when `through` deals
/// anything: a silver weapon's hit is silver damage.
fn tagged(through: DamageTypes, dealt: DamageTypes) -> DamageTypes {
    if through.is_empty() {
        return through;
    }
    let tags = dealt.iter().filter(|t| t.category() == DamageCategory::Tag);
    through.union(tags.collect())
}
