//! [`Duration`]: how long a lasting effect lasts (« CRB — Magic — Duration »), and how many
//! rounds that is at a caster level. Pure: the fight counts the rounds down.

use super::amount::{Amount, Metamagic};
use crate::rng::Roller;

/// The unit of a timed duration.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeUnit {
    Rounds,
    Minutes,
    Hours,
    Days,
}

impl TimeUnit {
    /// Rounds in one unit: a round is 6 seconds (« CRB — Combat — The Combat Round »).
    pub const fn rounds(self) -> u32 {
        match self {
            TimeUnit::Rounds => 1,
            TimeUnit::Minutes => 10,
            TimeUnit::Hours => 600,
            TimeUnit::Days => 14_400,
        }
    }

    /// The spelling of spell files (`rounds`, `minutes`, `hours`, `days`).
    pub const fn name(self) -> &'static str {
        match self {
            TimeUnit::Rounds => "rounds",
            TimeUnit::Minutes => "minutes",
            TimeUnit::Hours => "hours",
            TimeUnit::Days => "days",
        }
    }
}

/// How long an effect lasts.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Duration {
    /// The effect happens and is over (damage, healing).
    Instantaneous,
    Permanent,
    /// As long as the caster concentrates (a standard action each round).
    Concentration,
    /// `amount` units (« 1 round/level », « 1d4 rounds », « 10 min./level »).
    Timed {
        unit: TimeUnit,
        amount: Amount,
    },
}

/// A duration in rounds, or longer than any fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RoundsOrForever {
    Rounds(u32),
    /// Permanent, or for as long as the caster keeps concentrating: the fight ends it.
    Forever,
}

impl Duration {
    /// The duration at caster level `cl` in rounds, rolling its dice if it has any. Minutes
    /// count 10 rounds, hours 600, days 14,400, saturating (an hour is already longer than
    /// any fight). A rolled total below 0 counts 0. « CRB — Extend Spell » doubles a timed
    /// duration (never concentration, instantaneous or permanent ones); Maximize and Empower
    /// change a rolled duration as they change any variable number ([`Amount::roll`]).
    /// Instantaneous is 0 rounds.
    pub fn rounds_at(
        &self,
        cl: u32,
        dice: &mut impl Roller,
        metamagic: Metamagic,
    ) -> RoundsOrForever {
        match self {
            Duration::Instantaneous => RoundsOrForever::Rounds(0),
            Duration::Permanent | Duration::Concentration => RoundsOrForever::Forever,
            Duration::Timed { unit, amount } => {
                let units = amount.roll(cl, dice, metamagic).max(0) as u32;
                let rounds = units.saturating_mul(unit.rounds());
                let factor = if metamagic.extend { 2 } else { 1 };
                RoundsOrForever::Rounds(rounds.saturating_mul(factor))
            }
        }
    }

    /// True for durations with a length (anything but instantaneous).
    pub fn lasts(&self) -> bool {
        match self {
            Duration::Instantaneous => false,
            Duration::Permanent | Duration::Concentration | Duration::Timed { .. } => true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::amount::{Dice, Step};
    use super::*;
    use crate::rng::ScriptedDice;

    fn per_level(unit: TimeUnit) -> Duration {
        Duration::Timed {
            unit,
            amount: Amount::fixed(0).with_flat(1, Step::new(1, 0, None).unwrap()),
        }
    }

    #[test]
    fn one_round_per_level_and_longer_units() {
        let mut dice = ScriptedDice::new([]);
        let at = |d: Duration, cl, dice: &mut ScriptedDice| d.rounds_at(cl, dice, Metamagic::NONE);
        assert_eq!(
            at(per_level(TimeUnit::Rounds), 5, &mut dice),
            RoundsOrForever::Rounds(5)
        );
        assert_eq!(
            at(per_level(TimeUnit::Minutes), 3, &mut dice),
            RoundsOrForever::Rounds(30)
        );
        assert_eq!(
            at(per_level(TimeUnit::Hours), 2, &mut dice),
            RoundsOrForever::Rounds(1200)
        );
        assert_eq!(
            at(per_level(TimeUnit::Days), u32::MAX, &mut dice),
            RoundsOrForever::Rounds(u32::MAX),
            "saturates"
        );
        assert_eq!(
            at(Duration::Instantaneous, 5, &mut dice),
            RoundsOrForever::Rounds(0)
        );
        assert_eq!(
            at(Duration::Concentration, 5, &mut dice),
            RoundsOrForever::Forever
        );
    }

    #[test]
    fn a_rolled_duration_rolls_and_extend_doubles_it() {
        let d4 = Duration::Timed {
            unit: TimeUnit::Rounds,
            amount: Amount::formula(Dice { count: 1, sides: 4 }, 0),
        };
        let mut dice = ScriptedDice::new([(4, 3)]);
        assert_eq!(
            d4.rounds_at(1, &mut dice, Metamagic::NONE),
            RoundsOrForever::Rounds(3)
        );
        let extend = Metamagic {
            extend: true,
            ..Metamagic::NONE
        };
        let mut dice = ScriptedDice::new([(4, 2)]);
        assert_eq!(
            d4.rounds_at(1, &mut dice, extend),
            RoundsOrForever::Rounds(4)
        );
        assert_eq!(
            Duration::Permanent.rounds_at(1, &mut dice, extend),
            RoundsOrForever::Forever
        );
    }
}
