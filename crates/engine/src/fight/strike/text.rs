//! The words of an attack line: « AoO: sword vs orc d20=12+5=17 AC 15 -> HIT CRIT (confirm
//! d20=…) (concealment 20% d100=…) 9 dmg (sneak 2d6=7) +1 nonlethal (orc hp 12 -> 3,
//! staggered) ». Each piece is a [`Display`] value formatted only when a transcript is kept
//! (the `log!` macro), so a batch formats nothing. Reads the rolls; rolls nothing.

use std::fmt::{self, Display};

use super::super::state::Life;
use super::roll::{AttackRoll, Concealment};

/// « [AoO: ]NAME vs TARGET d20=N+B=T AC X ».
pub struct Head<'a> {
    pub opportunity: bool,
    pub weapon: &'a str,
    pub target: &'a str,
    pub roll: AttackRoll,
    pub bonus: i32,
    pub ac: i32,
}

impl Display for Head<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let aoo = if self.opportunity { "AoO: " } else { "" };
        let AttackRoll { nat, total, .. } = self.roll;
        write!(
            f,
            "{aoo}{} vs {} d20={nat}{:+}={total} AC {}",
            self.weapon, self.target, self.bonus, self.ac
        )
    }
}

/// « CRIT (confirm …) », « (threat, confirm … fails) » or nothing, with a leading space.
pub struct Crit {
    pub roll: AttackRoll,
    pub bonus: i32,
}

impl Display for Crit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let bonus = self.bonus;
        match self.roll.confirm {
            Some((c, ct)) if self.roll.crit => write!(f, " CRIT (confirm d20={c}{bonus:+}={ct})"),
            Some((c, ct)) => write!(f, " (threat, confirm d20={c}{bonus:+}={ct} fails)"),
            None => Ok(()),
        }
    }
}

/// « concealment 20% d100=N[, Blind-Fight reroll of M] » (« attacker blinded » for a blinded
/// attacker).
pub struct Conceal {
    pub blinded: bool,
    pub miss_chance: u8,
    pub roll: Concealment,
}

impl Display for Conceal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = if self.blinded {
            "attacker blinded"
        } else {
            "concealment"
        };
        write!(f, "{why} {}% d100={}", self.miss_chance, self.roll.roll)?;
        match self.roll.first {
            Some(r) => write!(f, ", Blind-Fight reroll of {r}"),
            None => Ok(()),
        }
    }
}

/// « TAKEN dmg[ (sneak Nd6=S)][ +N nonlethal] (TARGET hp A -> B[, state][, wakes up]) ».
pub struct Wounded<'a> {
    pub target: &'a str,
    pub taken: i32,
    /// The sneak attack dice and their total, when sneak attack applied.
    pub sneak: Option<(u32, i32)>,
    pub nonlethal_taken: i32,
    pub hp_before: i32,
    pub hp_after: i32,
    pub life: Life,
    pub woke: bool,
}

impl Display for Wounded<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} dmg", self.taken)?;
        if let Some((n, total)) = self.sneak {
            write!(f, " (sneak {n}d6={total})")?;
        }
        if self.nonlethal_taken > 0 {
            write!(f, " +{} nonlethal", self.nonlethal_taken)?;
        }
        let state = match self.life {
            Life::Dead => ", dead",
            Life::Down if self.hp_after < 0 => ", dying",
            Life::Down => ", unconscious",
            Life::Staggered => ", staggered",
            Life::Up => "",
        };
        let wake = if self.woke { ", wakes up" } else { "" };
        write!(
            f,
            " ({} hp {} -> {}{state}{wake})",
            self.target, self.hp_before, self.hp_after
        )
    }
}
