//! A small dice roll of a `specials` entry (« 1d4+1 », « 5d6 », « 11 »): its parsing from a
//! file's formula and the checks every rule's numbers share (an integer within a range, a
//! dice formula), each problem named by its field path. A leaf: the rules' schemas use it.

use crate::dice::DiceFormula;
use crate::error::Problems;
use crate::rng::Roller;

/// A small dice roll `count`d`sides` + `flat` (a rider's rounds or damage): `Copy`, so a
/// weapon's rider holds it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Roll {
    pub count: u8,
    pub sides: u8,
    pub flat: i16,
}

impl Roll {
    /// Rolls it (each die left to right), never below 0.
    pub fn roll<R: Roller>(self, dice: &mut R) -> i32 {
        let dice_total: i32 = (0..self.count)
            .map(|_| dice.d(u32::from(self.sides)) as i32)
            .sum();
        (dice_total + i32::from(self.flat)).max(0)
    }

    /// `formula` as a roll: at most one kind of die (up to 20 dice of up to 100 sides) and a
    /// constant from −100 to 100.
    fn parse(formula: &str) -> Result<Roll, String> {
        let f: DiceFormula = formula.parse().map_err(|e| format!("{e}"))?;
        let fits = f.groups().len() <= 1
            && f.groups()
                .iter()
                .all(|g| !g.negative && g.count <= 20 && g.sides <= 100)
            && (-100..=100).contains(&f.flat());
        if !fits {
            return Err(format!(
                "`{formula}`: one kind of die (at most 20 of at most 100 sides) plus a constant \
                 from -100 to 100"
            ));
        }
        let g = f.groups().first();
        Ok(Roll {
            count: g.map_or(0, |g| g.count as u8),
            sides: g.map_or(0, |g| g.sides as u8),
            flat: f.flat() as i16,
        })
    }
}

impl std::fmt::Display for Roll {
    /// « 1d4+1 », « 1d2 », « 3 ».
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (self.count, self.flat) {
            (0, flat) => write!(f, "{flat}"),
            (n, 0) => write!(f, "{n}d{}", self.sides),
            (n, flat) => write!(f, "{n}d{}{flat:+}", self.sides),
        }
    }
}

/// The integer parameter `name`, when given, within `range`.
pub(super) fn ranged(
    p: &mut Problems,
    at: &str,
    name: &str,
    value: Option<i64>,
    range: std::ops::RangeInclusive<i64>,
) -> Option<i64> {
    let n = value?;
    if range.contains(&n) {
        Some(n)
    } else {
        p.add(
            format!("{at}.{name}"),
            format!(
                "must be between {} and {}, got {n}",
                range.start(),
                range.end()
            ),
        );
        None
    }
}

/// The dice parameter `name` as a [`Roll`].
pub(super) fn roll(p: &mut Problems, at: &str, name: &str, formula: &str) -> Option<Roll> {
    Roll::parse(formula)
        .map_err(|m| p.add(format!("{at}.{name}"), m))
        .ok()
}
