//! Amounts of spell files ([`AmountFile`] → [`Amount`]): `4`, `"1d4+1"` or `{base, dice,
//! flat, min}`, each part range-checked at its own path. Part of the spell validator
//! ([`super::validate`]); the arithmetic of amounts is [`crate::rules::effect::Amount`]'s.

use super::file::{AmountFile, ScalarFile, ScalingFile};
use super::validate::Checker;
use crate::dice::{DiceFormula, MAX_CONSTANT};
use crate::rules::effect::{Amount, Dice, MAX_CAP, MAX_LEVEL_STEP, Step};

impl Checker<'_> {
    /// An amount; `non_negative` for counts, rounds and the like, which can't go below 0 at
    /// any caster level.
    pub(super) fn amount(&mut self, at: &str, a: AmountFile, non_negative: bool) -> Amount {
        let amount = match a {
            AmountFile::Scalar(s) => self.scalar(at, s),
            AmountFile::Scaling(s) => self.scaling(at, s),
        };
        // An amount only grows or only shrinks with caster level: its ends bound it.
        let lowest = amount
            .min_value(0)
            .min(amount.min_value(MAX_LEVEL_STEP * 2));
        if non_negative && lowest < 0 {
            self.p
                .add(at, format!("must not be negative here, can be {lowest}"));
        }
        amount
    }

    /// `4`, `-1`, `"1d8"`, `"1d4+1"`: at most one kind of die, added.
    fn scalar(&mut self, at: &str, s: ScalarFile) -> Amount {
        let text = match s {
            ScalarFile::Integer(n) => {
                let bound = i64::from(MAX_CONSTANT);
                return Amount::fixed(self.int(at, n, -bound, bound) as i32);
            }
            ScalarFile::Text(text) => text,
        };
        let formula = match text.parse::<DiceFormula>() {
            Ok(f) => f,
            Err(e) => {
                self.p.add(at, e.to_string());
                return Amount::fixed(0);
            }
        };
        let dice = match formula.groups() {
            [] => Dice::NONE,
            [g] if !g.negative => Dice {
                count: g.count as u16,
                sides: g.sides as u16,
            },
            _ => {
                self.p.add(
                    at,
                    format!(
                        "`{text}`: an amount adds one kind of die (write more with per-level `dice`)"
                    ),
                );
                Dice::NONE
            }
        };
        Amount::formula(dice, formula.flat())
    }

    fn scaling(&mut self, at: &str, s: ScalingFile) -> Amount {
        if s.base.is_none() && s.dice.is_none() && s.flat.is_none() {
            self.p
                .add(at, "an amount object needs `base`, `dice` or `flat`");
        }
        let mut amount = match s.base {
            Some(b) => self.scalar(&format!("{at}.base"), b),
            None => Amount::fixed(0),
        };
        if let Some(d) = s.dice {
            let field = format!("{at}.dice");
            let sides = self.die(&format!("{field}.die"), &d.die);
            if let Some(step) = self.step(&field, d.per, d.from, d.max) {
                amount = amount.with_dice(sides, step);
            }
        }
        if let Some(f) = s.flat {
            let field = format!("{at}.flat");
            let cap = i64::from(MAX_CAP);
            let value = self.int(&format!("{field}.amount"), f.amount, -cap, cap);
            if let Some(step) = self.step(&field, f.per, f.from, f.max) {
                amount = amount.with_flat(value as i16, step);
            }
        }
        if let Some(min) = s.min {
            let cap = i64::from(MAX_CAP);
            amount = amount.with_min(self.int(&format!("{at}.min"), min, -cap, cap) as i16);
        }
        amount
    }

    /// `"d6"`: one die; its number of sides.
    fn die(&mut self, at: &str, text: &str) -> u16 {
        match text.parse::<DiceFormula>() {
            Ok(f) if f.flat() == 0 && matches!(f.groups(), [g] if g.count == 1 && !g.negative) => {
                f.groups()[0].sides as u16
            }
            Ok(_) => {
                self.p
                    .add(at, format!("must be one die such as \"d6\", got `{text}`"));
                1
            }
            Err(e) => {
                self.p.add(at, e.to_string());
                1
            }
        }
    }

    /// `per` (default 1, at least 1), `from` (default 0), `max` (optional, at least 1).
    fn step(
        &mut self,
        at: &str,
        per: Option<i64>,
        from: Option<i64>,
        max: Option<i64>,
    ) -> Option<Step> {
        let top = i64::from(MAX_LEVEL_STEP);
        let per = self.int(&format!("{at}.per"), per.unwrap_or(1), 1, top);
        let from = self.int(&format!("{at}.from"), from.unwrap_or(0), 0, top);
        let max = max.map(|m| self.int(&format!("{at}.max"), m, 1, i64::from(MAX_CAP)) as u32);
        Step::new(per as u32, from as u32, max)
    }
}
