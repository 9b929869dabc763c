//! Dice notation (« 2d6+1d4+3 ») parsed once into a [`DiceFormula`] that rolls without
//! allocating. Grammar: a sum of terms separated by `+` or `-`, each term `NdM`, `dM` (one
//! die) or a constant `K`; a leading sign is allowed and spaces are ignored.

use std::fmt;

use thiserror::Error;

use crate::rng::Roller;

/// Largest number of dice in one term and largest die: generous for any PF1e effect while
/// keeping every total inside `i32`.
pub const MAX_DICE: u32 = 1000;
pub const MAX_SIDES: u32 = 1000;
pub const MAX_CONSTANT: i32 = 100_000;

/// A group of identical dice, added or subtracted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct DiceGroup {
    pub count: u32,
    pub sides: u32,
    pub negative: bool,
}

/// A parsed dice formula: dice groups plus a flat modifier.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DiceFormula {
    groups: Vec<DiceGroup>,
    flat: i32,
}

/// Why a formula failed to parse; `column` is 1-based, in characters of `text`.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid dice formula \"{text}\" at column {column}: {reason}")]
pub struct DiceError {
    pub text: String,
    pub column: usize,
    pub reason: String,
}

impl DiceFormula {
    /// A formula that is only a constant.
    pub fn constant(value: i32) -> Self {
        Self {
            groups: Vec::new(),
            flat: value,
        }
    }

    pub fn groups(&self) -> &[DiceGroup] {
        &self.groups
    }

    pub fn flat(&self) -> i32 {
        self.flat
    }

    /// Smallest possible total.
    pub fn min(&self) -> i32 {
        self.flat
            + self
                .groups
                .iter()
                .map(|g| g.signed(if g.negative { g.sides } else { 1 }))
                .sum::<i32>()
    }

    /// Largest possible total.
    pub fn max(&self) -> i32 {
        self.flat
            + self
                .groups
                .iter()
                .map(|g| g.signed(if g.negative { 1 } else { g.sides }))
                .sum::<i32>()
    }

    /// Average total (for display only — never feeds a fight or a tally).
    pub fn mean(&self) -> f64 {
        let dice: f64 = self
            .groups
            .iter()
            .map(|g| {
                let per_die = (f64::from(g.sides) + 1.0) / 2.0;
                let total = per_die * f64::from(g.count);
                if g.negative { -total } else { total }
            })
            .sum();
        dice + f64::from(self.flat)
    }

    /// Rolls every die in order, left to right, and adds the flat modifier.
    pub fn roll(&self, dice: &mut impl Roller) -> i32 {
        let mut total = self.flat;
        for g in &self.groups {
            let mut sum: i32 = 0;
            for _ in 0..g.count {
                sum += dice.d(g.sides) as i32;
            }
            total += if g.negative { -sum } else { sum };
        }
        total
    }
}

impl DiceGroup {
    fn signed(&self, per_die: u32) -> i32 {
        let v = (self.count * per_die) as i32;
        if self.negative { -v } else { v }
    }
}

impl fmt::Display for DiceFormula {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut first = true;
        for g in &self.groups {
            if g.negative {
                f.write_str("-")?;
            } else if !first {
                f.write_str("+")?;
            }
            write!(f, "{}d{}", g.count, g.sides)?;
            first = false;
        }
        if self.flat != 0 || first {
            if self.flat >= 0 && !first {
                f.write_str("+")?;
            }
            write!(f, "{}", self.flat)?;
        }
        Ok(())
    }
}

impl std::str::FromStr for DiceFormula {
    type Err = DiceError;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        Parser::new(text).parse()
    }
}

struct Parser<'a> {
    text: &'a str,
    chars: Vec<char>,
    at: usize,
}

impl<'a> Parser<'a> {
    fn new(text: &'a str) -> Self {
        Self {
            text,
            chars: text.chars().collect(),
            at: 0,
        }
    }

    fn error(&self, at: usize, reason: impl Into<String>) -> DiceError {
        DiceError {
            text: self.text.to_string(),
            column: at + 1,
            reason: reason.into(),
        }
    }

    fn skip_spaces(&mut self) {
        while self.chars.get(self.at).is_some_and(|c| c.is_whitespace()) {
            self.at += 1;
        }
    }

    fn number(&mut self) -> Option<Result<u64, DiceError>> {
        let start = self.at;
        let mut value: u64 = 0;
        while let Some(d) = self.chars.get(self.at).and_then(|c| c.to_digit(10)) {
            value = value.saturating_mul(10).saturating_add(u64::from(d));
            self.at += 1;
        }
        if self.at == start {
            return None;
        }
        if value > u64::from(u32::MAX) {
            return Some(Err(self.error(start, "number too large")));
        }
        Some(Ok(value))
    }

    fn parse(mut self) -> Result<DiceFormula, DiceError> {
        let mut formula = DiceFormula {
            groups: Vec::new(),
            flat: 0,
        };
        self.skip_spaces();
        if self.at == self.chars.len() {
            return Err(self.error(self.at, "empty formula"));
        }
        let mut negative = false;
        let mut first = true;
        loop {
            self.skip_spaces();
            match self.chars.get(self.at) {
                Some('+') if first => self.at += 1,
                Some('-') if first => {
                    negative = true;
                    self.at += 1;
                }
                _ => {}
            }
            first = false;
            self.skip_spaces();
            let term_start = self.at;
            let count = match self.number() {
                Some(n) => Some(n?),
                None => None,
            };
            self.skip_spaces();
            if matches!(self.chars.get(self.at), Some('d' | 'D')) {
                self.at += 1;
                self.skip_spaces();
                let sides_at = self.at;
                let sides = match self.number() {
                    Some(n) => n?,
                    None => {
                        return Err(self.error(sides_at, "expected the number of sides after 'd'"));
                    }
                };
                let count = count.unwrap_or(1);
                if count == 0 {
                    return Err(self.error(term_start, "a dice term needs at least one die"));
                }
                if count > u64::from(MAX_DICE) {
                    return Err(self.error(term_start, format!("at most {MAX_DICE} dice per term")));
                }
                if sides == 0 {
                    return Err(self.error(sides_at, "a die needs at least one side"));
                }
                if sides > u64::from(MAX_SIDES) {
                    return Err(self.error(sides_at, format!("at most {MAX_SIDES} sides per die")));
                }
                formula.groups.push(DiceGroup {
                    count: count as u32,
                    sides: sides as u32,
                    negative,
                });
            } else if let Some(k) = count {
                if k > MAX_CONSTANT as u64 {
                    return Err(
                        self.error(term_start, format!("constant larger than {MAX_CONSTANT}"))
                    );
                }
                let k = k as i32;
                formula.flat += if negative { -k } else { k };
            } else {
                let what = match self.chars.get(self.at) {
                    Some(c) => format!("expected a number or a die, found '{c}'"),
                    None => "expected a number or a die at the end".to_string(),
                };
                return Err(self.error(self.at, what));
            }
            self.skip_spaces();
            match self.chars.get(self.at) {
                None => break,
                Some('+') => negative = false,
                Some('-') => negative = true,
                Some(c) => {
                    return Err(self.error(self.at, format!("expected '+' or '-', found '{c}'")));
                }
            }
            self.at += 1;
            if formula.flat.unsigned_abs() > MAX_CONSTANT as u32 {
                return Err(self.error(self.at, "constant part too large"));
            }
        }
        if formula.flat.unsigned_abs() > MAX_CONSTANT as u32 {
            return Err(self.error(self.at, "constant part too large"));
        }
        if formula.groups.len() > 64 {
            return Err(self.error(0, "at most 64 dice terms"));
        }
        Ok(formula)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::ScriptedDice;

    fn f(text: &str) -> DiceFormula {
        text.parse().unwrap()
    }

    #[test]
    fn parses_every_notation() {
        assert_eq!(f("1d8").to_string(), "1d8");
        assert_eq!(f("2d4+4").to_string(), "2d4+4");
        assert_eq!(f("1d6-1").to_string(), "1d6-1");
        assert_eq!(f("7").to_string(), "7");
        assert_eq!(f("2d6+1d4+3").to_string(), "2d6+1d4+3");
        assert_eq!(f(" 2d6 + 1d4 + 3 ").to_string(), "2d6+1d4+3");
        assert_eq!(f("d20").to_string(), "1d20");
        assert_eq!(f("-2").to_string(), "-2");
        assert_eq!(f("3+4").to_string(), "7");
    }

    #[test]
    fn min_max_mean() {
        let x = f("2d6+1d4+3");
        assert_eq!((x.min(), x.max()), (6, 19));
        assert!((x.mean() - 12.5).abs() < 1e-9);
        let y = f("1d6-1");
        assert_eq!((y.min(), y.max()), (0, 5));
        let z = f("10-1d4");
        assert_eq!((z.min(), z.max()), (6, 9));
    }

    #[test]
    fn parse_errors_name_the_column() {
        let e = "2d6+x".parse::<DiceFormula>().unwrap_err();
        assert_eq!(e.column, 5);
        assert_eq!(
            e.to_string(),
            "invalid dice formula \"2d6+x\" at column 5: expected a number or a die, found 'x'"
        );
        assert_eq!("2d".parse::<DiceFormula>().unwrap_err().column, 3);
        assert_eq!("0d6".parse::<DiceFormula>().unwrap_err().column, 1);
        assert_eq!("1d0".parse::<DiceFormula>().unwrap_err().column, 3);
        assert_eq!("1d6 2".parse::<DiceFormula>().unwrap_err().column, 5);
        assert_eq!(
            "".parse::<DiceFormula>().unwrap_err().reason,
            "empty formula"
        );
        assert!("1d6+".parse::<DiceFormula>().is_err());
        assert!("99999999999d6".parse::<DiceFormula>().is_err());
    }

    #[test]
    fn rolls_left_to_right() {
        let mut dice = ScriptedDice::new([(6, 2), (6, 5), (4, 1)]);
        assert_eq!(f("2d6-1d4+3").roll(&mut dice), 2 + 5 - 1 + 3);
        assert!(dice.is_exhausted());
    }
}
