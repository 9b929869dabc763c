//! Rule tests of concealment, invisible attackers and sneak attack (the reference spec, « Concealment »,
//! « Attaquant invisible », « Attaque sournoise »; CRB « Concealment », « Blind-Fight »,
//! « Invisibility », rogue « Sneak Attack »). Each test plays a tiny fight with scripted dice
//! and pins the attack line: the d20 bonus, the AC met, the d100 and the sneak dice.

use serde_json::{Value, json};

use crate::fight::{Action, UnitId};
use crate::model::Combatant;

use super::support::*;

/// A 3rd-level rogue: 2d6 sneak attack, a sword +5 (1d6) and a bow +5 (1d6, 20/×3, 100 ft).
fn rogue(patch: Value) -> Combatant {
    creature_over(
        "rogue",
        json!({
            "level": 3,
            "features": ["Sneak Attack +2d6"],
            "attacks": [sword(5), bow(5, 100)]
        }),
        patch,
    )
}

/// The target: AC 14, touch 12, flat-footed 12 (a +2 Dex bonus), 40 hp.
fn dummy(patch: Value) -> Combatant {
    creature_over(
        "dummy",
        json!({
            "hp_max": 40,
            "abilities": { "dex_score": 14 },
            "ac": { "total": 14, "touch": 12, "flat_footed": 12 }
        }),
        patch,
    )
}

/// The rogue attacks `target` once, with an idle ally opposite when `flanked` (row `ABA`,
/// else `AB`); initiative: rogue 20, then the others 1. Returns the rogue's lines.
fn rogue_strikes(
    rogue: Combatant,
    target: Combatant,
    flanked: bool,
    script: &[(u32, u32)],
) -> Vec<String> {
    let ally = creature("ally", json!({ "attacks": [sword(0)] }));
    let (row, side_a) = if flanked {
        ("ABA", vec![rogue, ally])
    } else {
        ("AB", vec![rogue])
    };
    let others: Vec<usize> = (1..=side_a.len()).collect();
    let s = scenario(room(&[row]), vec![("a", side_a), ("b", vec![target])], 1);
    let mut rolls = d20s(&[20]);
    rolls.extend(others.iter().map(|_| (20, 1)));
    rolls.extend_from_slice(script);
    // A fixed full attack: against a helpless target the default policy would deliver a coup
    // de grâce instead.
    let strike = [Action::FullAttack {
        target: UnitId::new(others.len()),
    }];
    let plans = Plans::new().fixed(0, &strike).idle(&others);
    let p = play_with(&s, &plans, &rolls);
    p.said_by("rogue").iter().map(|l| l.to_string()).collect()
}

#[test]
fn sneak_attack_when_flanked_in_melee() {
    let lines = rogue_strikes(
        rogue(json!({})),
        dummy(json!({})),
        true,
        &[(20, 10), (6, 3), (6, 4), (6, 5)],
    );
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+7=17 AC 14 -> HIT 12 dmg (sneak 2d6=9) (dummy hp 40 -> 28)"]
    );
    // Alone, the same hit has no sneak dice.
    let lines = rogue_strikes(
        rogue(json!({})),
        dummy(json!({})),
        false,
        &[(20, 10), (6, 3)],
    );
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+5=15 AC 14 -> HIT 3 dmg (dummy hp 40 -> 37)"]
    );
}

#[test]
fn sneak_attack_not_applied_against_a_blurred_target() {
    let lines = rogue_strikes(
        rogue(json!({})),
        dummy(json!({ "conditions": ["blurred"] })),
        true,
        &[(20, 10), (100, 50), (6, 3)],
    );
    assert_eq!(
        lines,
        [
            "sword vs dummy d20=10+7=17 AC 14 -> HIT (concealment 20% d100=50) 3 dmg (dummy hp 40 -> 37)"
        ]
    );
    // The 20 % miss chance: a d100 of 20 or less misses after the hit.
    let lines = rogue_strikes(
        rogue(json!({})),
        dummy(json!({ "conditions": ["blurred"] })),
        true,
        &[(20, 10), (100, 20)],
    );
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+7=17 AC 14 -> HIT, concealment 20% d100=20 -> MISS"]
    );
}

#[test]
fn sneak_attack_never_multiplied_on_a_crit() {
    let lines = rogue_strikes(
        rogue(json!({})),
        dummy(json!({})),
        true,
        &[(20, 20), (20, 10), (6, 3), (6, 4), (6, 5)],
    );
    assert_eq!(
        lines,
        [
            "sword vs dummy d20=20+7=27 AC 14 -> HIT CRIT (confirm d20=10+7=17) 15 dmg (sneak 2d6=9) (dummy hp 40 -> 25)"
        ]
    );
}

#[test]
fn sneak_attack_against_a_target_denied_dex_in_melee_and_within_30_ft() {
    let flat = || dummy(json!({ "conditions": ["flat_footed"] }));
    // Melee, not flanked: the flat-footed target (AC 12) takes the sneak dice.
    let lines = rogue_strikes(
        rogue(json!({})),
        flat(),
        false,
        &[(20, 10), (6, 3), (6, 1), (6, 2)],
    );
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+5=15 AC 12 -> HIT 6 dmg (sneak 2d6=3) (dummy hp 40 -> 34)"]
    );
    // Ranged: within 30 ft yes, beyond no.
    let shot = |squares: usize, script: &[(u32, u32)]| {
        let row = format!("A{}B", ".".repeat(squares - 1));
        let archer = rogue(json!({ "attacks": [bow(5, 100)] }));
        let s = scenario(
            room(&[row.as_str()]),
            vec![("a", vec![archer]), ("b", vec![flat()])],
            1,
        );
        let mut rolls = d20s(&[20, 1]);
        rolls.extend_from_slice(script);
        let p = play_with(&s, &Plans::new().idle(&[1]), &rolls);
        p.said_by("rogue")[0].to_string()
    };
    assert_eq!(
        shot(6, &[(20, 10), (6, 3), (6, 1), (6, 2)]),
        "bow vs dummy d20=10+5=15 AC 12 -> HIT 6 dmg (sneak 2d6=3) (dummy hp 40 -> 34)"
    );
    assert_eq!(
        shot(7, &[(20, 10), (6, 3)]),
        "bow vs dummy d20=10+5=15 AC 12 -> HIT 3 dmg (dummy hp 40 -> 37)"
    );
}

#[test]
fn sneak_attack_not_against_undead_or_constructs() {
    for kind in ["undead", "construct"] {
        let target = dummy(json!({
            "creature_type": kind,
            "abilities": { "con_score": null }
        }));
        let lines = rogue_strikes(rogue(json!({})), target, true, &[(20, 10), (6, 3)]);
        assert_eq!(
            lines,
            ["sword vs dummy d20=10+7=17 AC 14 -> HIT 3 dmg (dummy hp 40 -> 37)"],
            "{kind}"
        );
    }
}

#[test]
fn blinded_attacker_treats_every_target_as_total_concealment() {
    // 50 % against a target without concealment; and no sneak attack, even flanking.
    let blind = || rogue(json!({ "conditions": ["blinded"] }));
    let lines = rogue_strikes(blind(), dummy(json!({})), true, &[(20, 10), (100, 50)]);
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+7=17 AC 14 -> HIT, attacker blinded 50% d100=50 -> MISS"]
    );
    let lines = rogue_strikes(
        blind(),
        dummy(json!({})),
        true,
        &[(20, 10), (100, 51), (6, 3)],
    );
    assert_eq!(
        lines,
        [
            "sword vs dummy d20=10+7=17 AC 14 -> HIT (attacker blinded 50% d100=51) 3 dmg (dummy hp 40 -> 37)"
        ]
    );
}

#[test]
fn blind_fight_rerolls_a_melee_miss_chance_once() {
    let fighter = || rogue(json!({ "level": 1, "features": [], "feats": ["Blind-Fight"] }));
    let displaced = || dummy(json!({ "conditions": ["displaced"] }));
    let lines = rogue_strikes(
        fighter(),
        displaced(),
        false,
        &[(20, 10), (100, 10), (100, 60), (6, 3)],
    );
    assert_eq!(
        lines,
        [
            "sword vs dummy d20=10+5=15 AC 14 -> HIT (concealment 50% d100=60, Blind-Fight reroll of 10) 3 dmg (dummy hp 40 -> 37)"
        ]
    );
    let lines = rogue_strikes(
        fighter(),
        displaced(),
        false,
        &[(20, 10), (100, 10), (100, 50)],
    );
    assert_eq!(
        lines,
        [
            "sword vs dummy d20=10+5=15 AC 14 -> HIT, concealment 50% d100=50, Blind-Fight reroll of 10 -> MISS"
        ]
    );
}

#[test]
fn invisible_attacker_gets_2_and_the_target_loses_its_dex_bonus() {
    // +2 to hit, AC 12 instead of 14, and sneak attack (the target is denied its Dex bonus).
    let ghost = || rogue(json!({ "conditions": ["invisible"] }));
    let lines = rogue_strikes(
        ghost(),
        dummy(json!({})),
        false,
        &[(20, 10), (6, 3), (6, 1), (6, 1)],
    );
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+7=17 AC 12 -> HIT 5 dmg (sneak 2d6=2) (dummy hp 40 -> 35)"]
    );
    // « Blind-Fight: invisible attackers get no advantages related to hitting you in melee ».
    let wary = dummy(json!({ "feats": ["Blind-Fight"] }));
    let lines = rogue_strikes(ghost(), wary, false, &[(20, 10), (6, 3)]);
    assert_eq!(
        lines,
        ["sword vs dummy d20=10+5=15 AC 14 -> HIT 3 dmg (dummy hp 40 -> 37)"]
    );
}

#[test]
fn helpless_target_plus_4_in_melee_and_effective_dex_0() {
    // Paralyzed, Dex 14: flat-footed 12, then Dex 0 (−5) in place of +2 → AC 7; +4 in melee.
    let lines = rogue_strikes(
        rogue(json!({ "level": 1, "features": [] })),
        dummy(json!({ "conditions": ["paralyzed"] })),
        false,
        &[(20, 2), (6, 3)],
    );
    assert_eq!(
        lines,
        ["sword vs dummy d20=2+9=11 AC 7 -> HIT 3 dmg (dummy hp 40 -> 37)"]
    );
}
