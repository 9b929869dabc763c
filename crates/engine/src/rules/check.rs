//! Saving throws and skill checks (the reference spec, « Jets de sauvegarde »,
//! « Compétences »; CRB « Saving Throws », « Skill Checks »). A save is d20 + bonus against a
//! DC: a natural 1 always fails, a natural 20 always succeeds. A skill check is d20 + bonus
//! with no automatic result either way. Both return the roll and the total; the bonuses (stat
//! block value plus the typed modifiers that hold) are the caller's, see `Fight::saving_throw`
//! and `Fight::skill_check`.

use crate::rng::Roller;

/// The three saving throws.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Save {
    Fort,
    Reflex,
    Will,
}

/// A rolled check.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Check {
    /// The natural d20.
    pub roll: u32,
    pub total: i32,
}

/// A rolled saving throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SaveResult {
    pub roll: u32,
    pub total: i32,
    pub dc: i32,
    pub success: bool,
}

/// d20 + `bonus` against `dc`: natural 1 fails, natural 20 succeeds, else total ≥ DC.
pub fn roll_save<R: Roller>(bonus: i32, dc: i32, dice: &mut R) -> SaveResult {
    save_of(dice.d20(), bonus, dc)
}

/// The save of natural `roll` + `bonus` against `dc`.
fn save_of(roll: u32, bonus: i32, dc: i32) -> SaveResult {
    let total = roll as i32 + bonus;
    SaveResult {
        roll,
        total,
        dc,
        success: roll != 1 && (roll == 20 || total >= dc),
    }
}

/// « APG — Witch — Misfortune », « CRB — Cleric — Chaos Domain — Touch of Chaos »: a
/// creature that « must roll twice and take the worse result » on its d20 rolls. The one
/// primitive for that: two d20s, the lower kept (the first rolled first).
pub fn d20_worse<R: Roller>(dice: &mut R) -> u32 {
    let first = dice.d20();
    first.min(dice.d20())
}

/// [`roll_save`], the d20 rolled twice and the worse taken when `worse` ([`d20_worse`]).
pub fn roll_save_worse<R: Roller>(bonus: i32, dc: i32, dice: &mut R, worse: bool) -> SaveResult {
    if !worse {
        return roll_save(bonus, dc, dice);
    }
    save_of(d20_worse(dice), bonus, dc)
}

/// d20 + `bonus`: no automatic success or failure (« CRB — Skill Checks »).
pub fn roll_check<R: Roller>(bonus: i32, dice: &mut R) -> Check {
    let roll = dice.d20();
    Check {
        roll,
        total: roll as i32 + bonus,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rng::ScriptedDice;

    #[test]
    fn save_natural_1_fails_and_natural_20_succeeds() {
        let mut dice = ScriptedDice::new([(20, 1), (20, 20), (20, 10), (20, 9)]);
        assert!(
            !roll_save(30, 10, &mut dice).success,
            "natural 1 fails at +30"
        );
        let r = roll_save(-10, 40, &mut dice);
        assert!(
            r.success && r.roll == 20 && r.total == 10,
            "natural 20 succeeds"
        );
        assert!(roll_save(5, 15, &mut dice).success, "15 meets DC 15");
        assert!(!roll_save(5, 15, &mut dice).success, "14 misses DC 15");
    }

    #[test]
    fn skill_check_has_no_automatic_result() {
        let mut dice = ScriptedDice::new([(20, 20), (20, 1)]);
        assert_eq!(
            roll_check(-5, &mut dice),
            Check {
                roll: 20,
                total: 15
            }
        );
        assert_eq!(roll_check(30, &mut dice), Check { roll: 1, total: 31 });
    }
}
