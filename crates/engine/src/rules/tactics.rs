//! The numbers of the tactical rules (the reference spec, « Défense totale », « Combat
//! défensif », « Aider autrui », « Acrobatics — Tumbling », « Stealth »; CRB « Total Defense »,
//! « Fighting Defensively », « Aid Another », « Acrobatics », « Stealth », « Perception »):
//! the defensive stances' bonuses (better with 3 ranks of Acrobatics), aid another's roll and
//! bonus, the DC of tumbling past an opponent, and Stealth opposed by Perception. Pure: the
//! fight rolls the dice and applies the results (`fight::action`).

use crate::size::Size;

/// Ranks of Acrobatics that improve total defense and fighting defensively (« CRB —
/// Acrobatics »: « If you have 3 or more ranks in Acrobatics… »).
pub const ACROBAT_RANKS: u32 = 3;

/// « CRB — Fighting Defensively »: the penalty on every attack roll until the next turn.
pub const FIGHTING_DEFENSIVELY_ATTACK: i32 = -4;

/// « CRB — Fighting Defensively »: the dodge bonus to AC, +3 instead of +2 with 3 ranks of
/// Acrobatics.
pub const fn fighting_defensively_ac(acrobat: bool) -> i32 {
    if acrobat { 3 } else { 2 }
}

/// « CRB — Total Defense »: the dodge bonus to AC, +6 instead of +4 with 3 ranks of
/// Acrobatics.
pub const fn total_defense_ac(acrobat: bool) -> i32 {
    if acrobat { 6 } else { 4 }
}

/// « CRB — Aid Another »: the roll is an attack roll against this AC.
pub const AID_AC: i32 = 10;

/// « CRB — Aid Another »: the bonus on the ally's attack roll or AC (untyped: several aids
/// stack).
pub const AID_BONUS: i32 = 2;

/// An aid another roll of natural `roll` and `total` succeeds: an attack roll against AC 10 —
/// a natural 1 misses, a natural 20 hits.
pub const fn aid_succeeds(roll: u32, total: i32) -> bool {
    roll != 1 && (roll == 20 || total >= AID_AC)
}

/// « CRB — Acrobatics »: moving at full speed through threatened squares is −10 on the check.
pub const FAST_TUMBLE_PENALTY: i32 = -10;

/// « CRB — Acrobatics »: the DC to move through a square threatened by an opponent of CMD
/// `cmd` without provoking, after `avoided` other opponents in the same move (+2 each).
pub const fn tumble_dc(cmd: i32, avoided: u8) -> i32 {
    cmd + 2 * avoided as i32
}

/// « CRB — Stealth »: the size modifier, +4 per size step below Medium and −4 per step above
/// (Fine +16, Diminutive +12, Tiny +8, Small +4, Large −4, Huge −8, Gargantuan −12, Colossal
/// −16).
pub fn stealth_size_modifier(size: Size) -> i32 {
    match size {
        Size::Fine => 16,
        Size::Diminutive => 12,
        Size::Tiny => 8,
        Size::Small => 4,
        Size::Medium => 0,
        Size::Large => -4,
        Size::Huge => -8,
        Size::Gargantuan => -12,
        Size::Colossal => -16,
    }
}

/// « CRB — Perception »: +1 to the DC for every 10 feet between the observer and what it
/// notices — here a penalty on the observer's roll, as the reference spec applies it.
pub const fn perception_distance_penalty(distance_ft: u32) -> i32 {
    -((distance_ft / 10) as i32)
}

/// « CRB — Skill Checks — Opposed Checks », as the reference spec reads them: the hider stays
/// unnoticed when its Stealth result exceeds the observer's Perception result (a tie notices).
pub const fn hides_from(stealth: i32, perception: i32) -> bool {
    stealth > perception
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_ranks_of_acrobatics_raise_the_defensive_bonuses() {
        assert_eq!((total_defense_ac(false), total_defense_ac(true)), (4, 6));
        assert_eq!(
            (
                fighting_defensively_ac(false),
                fighting_defensively_ac(true)
            ),
            (2, 3)
        );
    }

    #[test]
    fn aid_another_is_an_attack_roll_against_ac_10() {
        assert!(aid_succeeds(9, 10));
        assert!(!aid_succeeds(9, 9));
        assert!(!aid_succeeds(1, 30), "a natural 1 misses");
        assert!(aid_succeeds(20, 0), "a natural 20 hits");
    }

    #[test]
    fn each_opponent_tumbled_past_adds_2_to_the_dc() {
        assert_eq!(tumble_dc(15, 0), 15);
        assert_eq!(tumble_dc(15, 2), 19);
    }

    #[test]
    fn stealth_favours_the_small_and_the_far() {
        assert_eq!(stealth_size_modifier(Size::Small), 4);
        assert_eq!(stealth_size_modifier(Size::Medium), 0);
        assert_eq!(stealth_size_modifier(Size::Large), -4);
        assert_eq!(stealth_size_modifier(Size::Tiny), 8);
        assert_eq!(stealth_size_modifier(Size::Colossal), -16);
        assert_eq!(perception_distance_penalty(5), 0);
        assert_eq!(perception_distance_penalty(35), -3);
        assert!(hides_from(11, 10));
        assert!(!hides_from(10, 10), "a tie notices");
    }
}
