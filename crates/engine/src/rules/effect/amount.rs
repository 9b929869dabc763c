//! [`Amount`]: a number that may scale with caster level (« 1d6 per caster level, maximum
//! 10d6 », « 1d8 + 1 per caster level, maximum +5 », « one missile plus one per two levels
//! beyond 1st »), what it is at a given caster level ([`Scaled`]), and how the metamagic feats
//! that change numbers ([`Metamagic`]: Maximize, Empower) change a roll. Pure integer
//! arithmetic, saturating: no value overflows whatever the caster level. Knows no spell file
//! (the spell validator builds amounts) and no fight.
//!
//! # Scaling
//! `base` dice and constant, plus `n = min(max, (CL − from) / per)` extra dice (never below 0),
//! plus a flat part `amount × (CL − from) / per` capped at `max` in total, then the optional
//! floor `min`. Dice are rolled base first, then the per-level dice, each die left to right.

use crate::dice::{MAX_CONSTANT, MAX_DICE};
use crate::rng::Roller;

/// Largest caster-level step (`per`) and starting level (`from`) an amount may name.
pub const MAX_LEVEL_STEP: u32 = 40;

/// Largest cap (`max`) on per-level dice or on a per-level flat total, and largest magnitude of
/// a per-level flat `amount` or of a `min` floor.
pub const MAX_CAP: u32 = 1000;

/// `count` dice of `sides` sides (`count` 0: no dice).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dice {
    pub count: u16,
    pub sides: u16,
}

impl Dice {
    pub const NONE: Dice = Dice { count: 0, sides: 0 };

    fn max(self) -> i64 {
        i64::from(self.count) * i64::from(self.sides)
    }

    /// Twice the mean: `count × (sides + 1)`.
    fn mean_x2(self) -> i64 {
        i64::from(self.count) * (i64::from(self.sides) + 1)
    }

    fn roll(self, dice: &mut impl Roller) -> i64 {
        (0..self.count)
            .map(|_| i64::from(dice.d(u32::from(self.sides))))
            .sum()
    }
}

/// How often a per-level part grows: once every `per` caster levels counted from level `from`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Step {
    per: u8,
    from: u8,
    /// The cap: dice for [`Amount::with_dice`], the total for [`Amount::with_flat`].
    max: Option<u16>,
}

impl Step {
    /// `None` when `per` is 0 or a value is past [`MAX_LEVEL_STEP`] / [`MAX_CAP`].
    pub fn new(per: u32, from: u32, max: Option<u32>) -> Option<Step> {
        let in_range = (1..=MAX_LEVEL_STEP).contains(&per)
            && from <= MAX_LEVEL_STEP
            && max.is_none_or(|m| m <= MAX_CAP);
        in_range.then(|| Step {
            per: per as u8,
            from: from as u8,
            max: max.map(|m| m as u16),
        })
    }

    /// `(CL − from) / per`, never below 0, before the cap.
    fn steps(self, cl: u32) -> u32 {
        cl.saturating_sub(u32::from(self.from)) / u32::from(self.per)
    }
}

/// Which metamagic feats change the numbers of a cast (« CRB — Metamagic Feats »).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Metamagic {
    /// « Maximize Spell »: every variable, numeric effect is at its maximum.
    pub maximize: bool,
    /// « Empower Spell »: every variable, numeric effect is increased by half, bonuses to the
    /// dice included.
    pub empower: bool,
    /// « Extend Spell »: a timed duration is doubled (see [`super::Duration::rounds_at`]).
    pub extend: bool,
}

impl Metamagic {
    pub const NONE: Metamagic = Metamagic {
        maximize: false,
        empower: false,
        extend: false,
    };
}

/// A number that may scale with caster level. Build it with [`Amount::fixed`] or
/// [`Amount::formula`], then [`Amount::with_dice`], [`Amount::with_flat`], [`Amount::with_min`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Amount {
    base: Dice,
    flat: i32,
    dice: Option<(u16, Step)>,
    per_level: Option<(i16, Step)>,
    min: Option<i16>,
}

impl Amount {
    /// A constant (`4`, or a penalty `-1`), clamped to ±[`MAX_CONSTANT`].
    pub const fn fixed(value: i32) -> Amount {
        Amount::formula(Dice::NONE, value)
    }

    /// `count`d`sides` + `flat` (« 1d4+1 »); counts and sides past [`MAX_DICE`] are clamped.
    pub const fn formula(dice: Dice, flat: i32) -> Amount {
        let cap = MAX_DICE as u16;
        let base = Dice {
            count: if dice.count > cap { cap } else { dice.count },
            sides: if dice.sides > cap { cap } else { dice.sides },
        };
        let flat = if flat > MAX_CONSTANT {
            MAX_CONSTANT
        } else if flat < -MAX_CONSTANT {
            -MAX_CONSTANT
        } else {
            flat
        };
        Amount {
            base,
            flat,
            dice: None,
            per_level: None,
            min: None,
        }
    }

    /// Adds one d`sides` per `step` (its `max` counts dice: « maximum 10d6 »).
    pub fn with_dice(mut self, sides: u16, step: Step) -> Amount {
        self.dice = Some((sides.clamp(1, MAX_DICE as u16), step));
        self
    }

    /// Adds `amount` per `step` (its `max` caps the total: « maximum +5 »).
    pub fn with_flat(mut self, amount: i16, step: Step) -> Amount {
        let cap = MAX_CAP as i16;
        self.per_level = Some((amount.clamp(-cap, cap), step));
        self
    }

    /// The total is never below `min` (« minimum 1 »).
    pub fn with_min(mut self, min: i16) -> Amount {
        let cap = MAX_CAP as i16;
        self.min = Some(min.clamp(-cap, cap));
        self
    }

    /// True when the amount rolls dice at some caster level (metamagic changes only those).
    pub fn is_variable(&self) -> bool {
        self.base.count > 0 || self.dice.is_some()
    }

    /// The amount at caster level `cl`: dice to roll and the flat part.
    pub fn at_level(&self, cl: u32) -> Scaled {
        let level_dice = self.dice.map_or(Dice::NONE, |(sides, step)| {
            let n = step.steps(cl).min(step.max.map_or(u32::MAX, u32::from));
            // Bounded like a dice formula's term, so a roll stays bounded at any level.
            let room = MAX_DICE.saturating_sub(u32::from(self.base.count));
            Dice {
                count: n.min(room) as u16,
                sides,
            }
        });
        let per_level = self.per_level.map_or(0, |(amount, step)| {
            let total = i64::from(amount) * i64::from(step.steps(cl));
            let cap = step.max.map_or(i64::MAX, i64::from);
            total.clamp(-cap, cap)
        });
        Scaled {
            dice: [self.base, level_dice],
            flat: clamp_i32(i64::from(self.flat) + per_level),
            min: self.min.map(i32::from),
        }
    }

    /// Rolls the amount at caster level `cl` with `metamagic` (see [`Scaled::roll`]).
    pub fn roll(&self, cl: u32, dice: &mut impl Roller, metamagic: Metamagic) -> i32 {
        self.at_level(cl).roll(dice, metamagic)
    }

    /// Smallest total at caster level `cl`.
    pub fn min_value(&self, cl: u32) -> i32 {
        self.at_level(cl).min()
    }

    /// Largest total at caster level `cl`.
    pub fn max_value(&self, cl: u32) -> i32 {
        self.at_level(cl).max()
    }

    /// Twice the mean total at caster level `cl` (an integer, for policies).
    pub fn mean_x2(&self, cl: u32) -> i32 {
        self.at_level(cl).mean_x2()
    }
}

/// An [`Amount`] at one caster level: the base dice, the per-level dice, the flat part and the
/// floor.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Scaled {
    /// Base dice, then per-level dice: the order they are rolled in.
    pub dice: [Dice; 2],
    pub flat: i32,
    pub min: Option<i32>,
}

impl Scaled {
    /// True when there are dice to roll.
    pub fn is_variable(&self) -> bool {
        self.dice.iter().any(|d| d.count > 0)
    }

    fn floor(&self, total: i64) -> i64 {
        self.min.map_or(total, |m| total.max(i64::from(m)))
    }

    /// Smallest total: every die at 1.
    pub fn min(&self) -> i32 {
        let ones: i64 = self.dice.iter().map(|d| i64::from(d.count)).sum();
        clamp_i32(self.floor(ones + i64::from(self.flat)))
    }

    /// Largest total: every die at its maximum.
    pub fn max(&self) -> i32 {
        clamp_i32(self.floor(self.unfloored_max()))
    }

    fn unfloored_max(&self) -> i64 {
        self.dice.iter().map(|d| d.max()).sum::<i64>() + i64::from(self.flat)
    }

    /// Twice the mean total. The floor counts only when it is above the unfloored mean (it then
    /// replaces it): an approximation, exact whenever the floor can't be reached or always is.
    pub fn mean_x2(&self) -> i32 {
        let mean = self.dice.iter().map(|d| d.mean_x2()).sum::<i64>() + 2 * i64::from(self.flat);
        let floor = self.min.map_or(i64::MIN, |m| 2 * i64::from(m));
        clamp_i32(mean.max(floor))
    }

    /// Twice the mean total under `metamagic`, in the same integer terms as [`Scaled::roll`]:
    /// Maximize gives twice the maximum, Empower ×1.5, both the maximum plus half the mean.
    pub fn mean_x2_with(&self, metamagic: Metamagic) -> i32 {
        let plain = i64::from(self.mean_x2());
        if !self.is_variable() {
            return clamp_i32(plain);
        }
        let base = if metamagic.maximize {
            2 * i64::from(self.max())
        } else {
            plain
        };
        let extra = if metamagic.empower { plain / 2 } else { 0 };
        clamp_i32(base + extra)
    }

    /// Rolls the dice (base first, each die left to right), adds the flat part and applies the
    /// floor. With dice, `metamagic` changes the result (« CRB — Maximize Spell », « Empower
    /// Spell »): Maximize takes every die at its maximum and rolls nothing; Empower adds half
    /// the total, bonuses to the dice included, rounded down (toward zero); both together give
    /// the maximum plus half of a normal roll (the dice are then rolled). An amount without
    /// dice is not variable and no feat changes it.
    pub fn roll(&self, dice: &mut impl Roller, metamagic: Metamagic) -> i32 {
        // Without dice the minimum is the maximum; maximized alone needs no roll.
        if !self.is_variable() || (metamagic.maximize && !metamagic.empower) {
            return self.max();
        }
        let rolled: i64 = self.dice.iter().map(|d| d.roll(dice)).sum();
        let rolled = self.floor(rolled + i64::from(self.flat));
        let base = if metamagic.maximize {
            i64::from(self.max())
        } else {
            rolled
        };
        let extra = if metamagic.empower { rolled / 2 } else { 0 };
        clamp_i32(base + extra)
    }
}

fn clamp_i32(value: i64) -> i32 {
    value.clamp(i64::from(i32::MIN), i64::from(i32::MAX)) as i32
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::ScriptedDice;

    fn step(per: u32, from: u32, max: Option<u32>) -> Step {
        Step::new(per, from, max).unwrap()
    }

    fn d(count: u16, sides: u16) -> Dice {
        Dice { count, sides }
    }

    /// Fireball: « 1d6 points of fire damage per caster level (maximum 10d6) ».
    fn fireball() -> Amount {
        Amount::fixed(0).with_dice(6, step(1, 0, Some(10)))
    }

    /// Cure light wounds: « 1d8 points of damage + 1 point per caster level (maximum +5) ».
    fn cure_light_wounds() -> Amount {
        Amount::formula(d(1, 8), 0).with_flat(1, step(1, 0, Some(5)))
    }

    #[test]
    fn fireball_adds_a_d6_per_level_up_to_10d6() {
        assert_eq!(fireball().at_level(1).dice[1], d(1, 6));
        assert_eq!(fireball().at_level(5).dice[1], d(5, 6));
        assert_eq!(fireball().at_level(10).dice[1], d(10, 6));
        assert_eq!(fireball().at_level(15).dice[1], d(10, 6));
        assert_eq!(
            (fireball().min_value(15), fireball().max_value(15)),
            (10, 60)
        );
    }

    /// « one missile, plus one per two caster levels beyond 1st, maximum five ».
    #[test]
    fn magic_missile_fires_1_2_5_missiles_at_cl_1_3_9() {
        let missiles = Amount::fixed(1).with_flat(1, step(2, 1, Some(4)));
        let at = |cl| missiles.at_level(cl).flat;
        assert_eq!(
            [at(1), at(2), at(3), at(5), at(9), at(11), at(20)],
            [1, 1, 2, 3, 5, 5, 5]
        );
        assert!(!missiles.is_variable(), "the count is not a roll");
    }

    #[test]
    fn cure_light_wounds_adds_1_per_level_up_to_5() {
        let clw = cure_light_wounds();
        assert_eq!(clw.at_level(1).flat, 1);
        assert_eq!(clw.at_level(3).flat, 3);
        assert_eq!(clw.at_level(5).flat, 5);
        assert_eq!(clw.at_level(12).flat, 5);
        assert_eq!((clw.min_value(3), clw.max_value(3)), (4, 11));
    }

    /// « one ray, plus one additional ray for every four levels beyond 3rd (to a maximum of
    /// three rays at 11th level) ».
    #[test]
    fn scorching_ray_fires_1_2_3_rays_at_cl_3_7_11() {
        let rays = Amount::fixed(1).with_flat(1, step(4, 3, Some(2)));
        let at = |cl| rays.at_level(cl).flat;
        assert_eq!(
            [at(3), at(6), at(7), at(10), at(11), at(20)],
            [1, 1, 2, 2, 3, 3]
        );
    }

    /// Acid arrow: « for every three caster levels (to a maximum of 6 additional rounds) ».
    #[test]
    fn acid_arrow_gains_a_round_per_three_levels_up_to_6() {
        let rounds = Amount::fixed(0).with_flat(1, step(3, 0, Some(6)));
        let at = |cl| rounds.at_level(cl).flat;
        assert_eq!(
            [at(2), at(3), at(5), at(6), at(18), at(20)],
            [0, 1, 1, 2, 6, 6]
        );
    }

    #[test]
    fn levels_below_from_count_nothing() {
        let a = Amount::fixed(2).with_dice(4, step(2, 5, None));
        assert_eq!(a.at_level(1).dice[1].count, 0);
        assert_eq!(a.at_level(5).dice[1].count, 0);
        assert_eq!(a.at_level(7).dice[1].count, 1);
    }

    #[test]
    fn a_floor_raises_the_total() {
        let a = Amount::formula(d(1, 4), -3).with_min(1);
        assert_eq!((a.min_value(1), a.max_value(1)), (1, 1));
        let mut dice = ScriptedDice::new([(4, 1)]);
        assert_eq!(a.roll(1, &mut dice, Metamagic::NONE), 1);
        assert_eq!(a.mean_x2(1), 2);
    }

    #[test]
    fn rolls_base_dice_then_level_dice() {
        let a = Amount::formula(d(1, 8), 2).with_dice(6, step(1, 0, Some(2)));
        let mut dice = ScriptedDice::new([(8, 3), (6, 1), (6, 6)]);
        assert_eq!(a.roll(5, &mut dice, Metamagic::NONE), 3 + 1 + 6 + 2);
        assert!(dice.is_exhausted());
    }

    const MAXIMIZE: Metamagic = Metamagic {
        maximize: true,
        empower: false,
        extend: false,
    };
    const EMPOWER: Metamagic = Metamagic {
        maximize: false,
        empower: true,
        extend: false,
    };
    const BOTH: Metamagic = Metamagic {
        maximize: true,
        empower: true,
        extend: false,
    };

    #[test]
    fn maximize_takes_every_die_at_its_maximum_and_rolls_nothing() {
        let mut dice = ScriptedDice::new([]);
        assert_eq!(fireball().roll(10, &mut dice, MAXIMIZE), 60);
        assert_eq!(cure_light_wounds().roll(3, &mut dice, MAXIMIZE), 11);
    }

    /// « CRB — Empower Spell »: half again, bonuses to the dice included, rounded down.
    #[test]
    fn empower_adds_half_the_total_rounded_down() {
        let mut dice = ScriptedDice::new([(8, 4)]);
        // 1d8 (4) + 3 = 7, empowered 7 + 3 = 10.
        assert_eq!(cure_light_wounds().roll(3, &mut dice, EMPOWER), 10);
        let mut dice = ScriptedDice::new([(6, 5), (6, 6), (6, 2)]);
        assert_eq!(fireball().roll(3, &mut dice, EMPOWER), 13 + 6);
    }

    /// « CRB — Empower Spell »: an empowered, maximized spell gets the maximum plus half the
    /// normally rolled result.
    #[test]
    fn empowered_and_maximized_adds_half_a_normal_roll_to_the_maximum() {
        let mut dice = ScriptedDice::new([(6, 1), (6, 2), (6, 4)]);
        assert_eq!(fireball().roll(3, &mut dice, BOTH), 18 + 3);
        assert!(dice.is_exhausted());
    }

    #[test]
    fn metamagic_leaves_a_fixed_amount_alone() {
        let missiles = Amount::fixed(1).with_flat(1, step(2, 1, Some(4)));
        let mut dice = ScriptedDice::new([]);
        for mm in [MAXIMIZE, EMPOWER, BOTH] {
            assert_eq!(missiles.roll(9, &mut dice, mm), 5);
            assert_eq!(missiles.at_level(9).mean_x2_with(mm), 10);
        }
        assert_eq!(Amount::fixed(-1).roll(1, &mut dice, EMPOWER), -1);
    }

    #[test]
    fn mean_is_twice_the_average_in_integers() {
        // 10d6: mean 35.
        assert_eq!(fireball().mean_x2(10), 70);
        // 1d8 + 5: mean 9.5.
        assert_eq!(cure_light_wounds().mean_x2(5), 19);
        let s = fireball().at_level(10);
        assert_eq!(s.mean_x2_with(MAXIMIZE), 120);
        assert_eq!(s.mean_x2_with(EMPOWER), 105);
        assert_eq!(s.mean_x2_with(BOTH), 155);
    }

    #[test]
    fn huge_levels_saturate_instead_of_overflowing() {
        let unbounded = Amount::formula(d(1000, 1000), 100_000)
            .with_dice(1000, step(1, 0, None))
            .with_flat(1000, step(1, 0, None));
        let s = unbounded.at_level(u32::MAX);
        assert_eq!(
            s.dice[1].count, 0,
            "the base already uses every die a term may have"
        );
        assert_eq!(s.flat, i32::MAX);
        assert_eq!(s.max(), i32::MAX);
        let capped = Amount::fixed(0).with_flat(-1000, step(1, 0, Some(1000)));
        assert_eq!(capped.at_level(u32::MAX).flat, -1_000);
        let penalty = Amount::fixed(0).with_flat(-1000, step(1, 0, None));
        assert_eq!(penalty.at_level(u32::MAX).flat, i32::MIN);
        let many = Amount::fixed(0).with_dice(1000, step(1, 0, None));
        assert_eq!(many.at_level(u32::MAX).dice[1].count, 1000);
        assert_eq!(many.max_value(u32::MAX), 1_000_000);
    }

    #[test]
    fn step_refuses_per_zero_and_values_out_of_range() {
        assert!(Step::new(0, 0, None).is_none());
        assert!(Step::new(41, 0, None).is_none());
        assert!(Step::new(1, 41, None).is_none());
        assert!(Step::new(1, 0, Some(1001)).is_none());
        assert!(Step::new(40, 40, Some(1000)).is_some());
    }
}
