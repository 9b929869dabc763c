//! The words of a casting: « maelis casts fireball (sorcerer_wizard 3, slot 3) at (6,14):
//! 6d6=21 fire », « orc-2 Ref DC 17 d20=8+1=9 fails: 21 dmg (orc-2 hp 15 -> -6, dying) »,
//! « sera casts cure light wounds (cleric 1, slot 1) on torvald: 1d8+3=7 healed (torvald hp 4
//! -> 11) ». Lines are built in a `String` only when a transcript is kept ([`say!`] checks
//! `Sink::ON`), so a batch formats nothing. Reads rolls; rolls nothing.

use std::fmt::{self, Display};

use crate::rules::Save;
use crate::rules::effect::{Amount, Dice, Metamagic};
use crate::vocab::DamageTypes;

/// `say!(S, buf, "format", args…)`: appends to `buf` only when `S::ON`.
macro_rules! say {
    ($S:ty, $buf:expr, $($arg:tt)*) => {
        if <$S as $crate::fight::log::Sink>::ON {
            use std::fmt::Write as _;
            let _ = write!($buf, $($arg)*);
        }
    };
}
pub(crate) use say;

/// A rolled amount: its dice at the caster level, its flat part and the total
/// (« 6d6=21 », « 1d8+3=7 », « 2d4+1d4=9 », « 12 » without dice; « (maximized) »,
/// « (empowered) »).
#[derive(Clone, Copy, Debug)]
pub struct AmountRoll {
    pub amount: Amount,
    pub cl: u32,
    pub total: i32,
    pub metamagic: Metamagic,
    /// Intense Spells' bonus in `total` (shown apart: « 1d4+1+2=5 »).
    pub intense: i32,
}

impl Display for AmountRoll {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let scaled = self.amount.at_level(self.cl);
        if !scaled.is_variable() {
            return write!(f, "{}", self.total);
        }
        let [a, b] = scaled.dice;
        let dice = |d: Dice| format!("{}d{}", d.count, d.sides);
        let text = match (a.count > 0, b.count > 0) {
            (true, true) if a.sides == b.sides => dice(Dice {
                count: a.count + b.count,
                sides: a.sides,
            }),
            (true, true) => format!("{}+{}", dice(a), dice(b)),
            (true, false) => dice(a),
            (false, _) => dice(b),
        };
        f.write_str(&text)?;
        if scaled.flat != 0 {
            write!(f, "{:+}", scaled.flat)?;
        }
        if self.intense != 0 {
            write!(f, "{:+}", self.intense)?;
        }
        write!(f, "={}", self.total)?;
        match (self.metamagic.maximize, self.metamagic.empower) {
            (true, true) => f.write_str(" (maximized, empowered)"),
            (true, false) => f.write_str(" (maximized)"),
            (false, true) => f.write_str(" (empowered)"),
            (false, false) => Ok(()),
        }
    }
}

/// Damage types as words: « fire », « cold and fire ».
pub struct Types(pub DamageTypes);

impl Display for Types {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, t) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" and ")?;
            }
            write!(f, "{t}")?;
        }
        Ok(())
    }
}

/// A save as the transcript names it: « Fort », « Ref », « Will ».
pub fn save_name(save: Save) -> &'static str {
    match save {
        Save::Fort => "Fort",
        Save::Reflex => "Ref",
        Save::Will => "Will",
    }
}

/// « d20=N+B=T ».
pub struct D20 {
    pub roll: u32,
    pub bonus: i32,
    pub total: i32,
}

impl Display for D20 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "d20={}{:+}={}", self.roll, self.bonus, self.total)
    }
}
