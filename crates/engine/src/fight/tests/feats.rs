//! Rule tests of the feats with effects in fights (the reference spec, « Dons »; CRB « Power Attack »,
//! « Deadly Aim », « Point-Blank Shot », « Run », and the static feats a file may leave out of
//! its numbers with `feats_in_stat_block: false`). Scripted dice; attack lines pinned.

use serde_json::{Value, json};

use crate::model::Combatant;

use super::support::*;
use crate::fight::numbers::Swing;
use crate::fight::state::Fight;
use crate::fight::{Action, UnitId};

/// A BAB +4 fighter with Power Attack (X = 4/4 + 1 = 2) and a two-handed greatsword +8,
/// 2d6+4, 19–20/×2.
fn fighter(patch: Value) -> Combatant {
    creature_over(
        "fighter",
        json!({
            "bab": 4,
            "feats": ["Power Attack"],
            "attacks": [{
                "name": "greatsword", "kind": "melee", "attack_bonus": 8, "two_handed": true,
                "damage": [{ "formula": "2d6", "types": ["slashing"] }],
                "damage_bonus": 4, "crit_range": 19
            }]
        }),
        patch,
    )
}

fn dummy(ac: i32) -> Combatant {
    creature(
        "dummy",
        json!({ "hp_max": 40, "ac": { "total": ac, "touch": ac, "flat_footed": ac } }),
    )
}

/// Builds the fight of `a` (side a) next to `b` (side b), reset, and hands it to `check`.
fn with_pair(a: Combatant, b: Combatant, check: impl FnOnce(&Fight)) {
    let s = scenario(room(&["AB"]), vec![("a", vec![a]), ("b", vec![b])], 1);
    with_fight(&s, check);
}

/// Expected damage of one greatsword swing, in hundredths, with Power Attack off and on.
fn expected(fight: &Fight) -> (i64, i64) {
    let avg_x2 = fight.average_damage_x2(0, 0);
    let e = |power| {
        let n = fight
            .attack_numbers(0, 1, 0, Swing::default(), power)
            .unwrap();
        fight.expected_damage_x100(0, 1, 0, &n, avg_x2)
    };
    (e(false), e(true))
}

#[test]
fn power_attack_changes_expected_damage_as_computed_by_hand() {
    // AC 12. Off: +8 hits on 4–20 (17/20), 2d6+4 = 11 on average, threats on 19–20 (2/20)
    // confirmed at 17/20 add one more 11: 17/20·11 + 2/20·17/20·11 = 9.35 + 0.935 = 10.285.
    // On: +6 hits on 6–20 (15/20), 11 + 3X = 17 (two-handed): 15/20·17 + 2/20·15/20·17 =
    // 12.75 + 1.275 = 14.025.
    with_pair(fighter(json!({})), dummy(12), |f| {
        assert_eq!(f.average_damage_x2(0, 0), 22);
        assert_eq!(expected(f), (1028, 1402));
        assert!(f.power_attack_pays(0, 1, 0, Swing::default()));
    });
    // AC 25. Off: hits on 17–20 (4/20): 4/20·11 + 2/20·4/20·11 = 2.2 + 0.22 = 2.42.
    // On: hits on 19–20 (2/20): 2/20·17 + 2/20·2/20·17 = 1.7 + 0.17 = 1.87. Not worth it.
    with_pair(fighter(json!({})), dummy(25), |f| {
        assert_eq!(expected(f), (242, 187));
        assert!(!f.power_attack_pays(0, 1, 0, Swing::default()));
    });
    // One-handed: +2X. On at AC 12: 15/20·15 + 2/20·15/20·15 = 11.25 + 1.125 = 12.375.
    let one_hand = fighter(json!({ "attacks": [{
        "name": "longsword", "kind": "melee", "attack_bonus": 8,
        "damage": [{ "formula": "2d6", "types": ["slashing"] }],
        "damage_bonus": 4, "crit_range": 19
    }] }));
    with_pair(one_hand, dummy(12), |f| {
        assert_eq!(expected(f), (1028, 1237))
    });
}

#[test]
fn default_policy_toggles_power_attack_when_it_raises_expected_damage() {
    let p = duel(
        fighter(json!({})),
        dummy(12),
        1,
        &[(20, 10), (6, 6), (6, 1)],
    );
    assert_eq!(
        p.said_by("fighter"),
        [
            "power attack on",
            "greatsword vs dummy d20=10+6=16 AC 12 -> HIT 17 dmg (dummy hp 40 -> 23)"
        ]
    );
    // Against AC 25 it stays off.
    let p = duel(fighter(json!({})), dummy(25), 1, &[(20, 10)]);
    assert_eq!(
        p.said_by("fighter"),
        ["greatsword vs dummy d20=10+8=18 AC 25 -> MISS"]
    );
}

#[test]
fn power_attack_adds_no_damage_to_touch_attacks() {
    let toucher = fighter(json!({ "attacks": [{
        "name": "shocking grasp", "kind": "touch", "attack_bonus": 8,
        "damage": [{ "formula": "2d6", "types": ["electricity"] }]
    }] }));
    with_pair(toucher, dummy(12), |f| {
        let off = f.attack_numbers(0, 1, 0, Swing::default(), false).unwrap();
        let on = f.attack_numbers(0, 1, 0, Swing::default(), true).unwrap();
        assert_eq!(
            (on.bonus, on.damage_bonus),
            (off.bonus - 2, 0),
            "−X to hit, no damage"
        );
        assert!(!f.power_attack_pays(0, 1, 0, Swing::default()));
    });
}

#[test]
fn deadly_aim_for_ranged_attacks() {
    // Off: +8 hits on 4–20, 1d6 = 3.5, ×3 on 20 → 17/20·3.5 + 1/20·17/20·2·3.5 = 3.2725.
    // On: +6 hits on 6–20, 3.5 + 2X = 7.5 → 15/20·7.5 + 1/20·15/20·2·7.5 = 6.1875.
    let archer = creature(
        "archer",
        json!({ "bab": 4, "feats": ["Deadly Aim"], "attacks": [bow(8, 100)] }),
    );
    with_pair(archer.clone(), dummy(12), |f| {
        assert_eq!(f.power_step(0, 0), 2);
        assert_eq!(expected(f), (327, 618));
    });
    let p = duel(archer, dummy(12), 1, &[(20, 10), (6, 3)]);
    assert_eq!(
        p.said_by("archer"),
        [
            "deadly aim on",
            "bow vs dummy d20=10+6=16 AC 12 -> HIT 7 dmg (dummy hp 40 -> 33)"
        ]
    );
}

#[test]
fn point_blank_shot_plus_1_within_30_ft_only() {
    let shot = |squares: usize, script: &[(u32, u32)]| {
        let row = format!("A{}B", ".".repeat(squares - 1));
        let archer = creature(
            "archer",
            json!({ "feats": ["Point-Blank Shot"], "attacks": [bow(0, 100)] }),
        );
        let s = scenario(
            room(&[row.as_str()]),
            vec![("a", vec![archer]), ("b", vec![dummy(10)])],
            1,
        );
        let mut rolls = d20s(&[20, 1]);
        rolls.extend_from_slice(script);
        let p = play_with(&s, &Plans::new().idle(&[1]), &rolls);
        p.said_by("archer")[0].to_string()
    };
    assert_eq!(
        shot(6, &[(20, 10), (6, 3)]),
        "bow vs dummy d20=10+1=11 AC 10 -> HIT 4 dmg (dummy hp 40 -> 36)"
    );
    assert_eq!(
        shot(7, &[(20, 10), (6, 3)]),
        "bow vs dummy d20=10+0=10 AC 10 -> HIT 3 dmg (dummy hp 40 -> 37)"
    );
}

#[test]
fn running_loses_dex_to_ac_unless_the_run_feat() {
    // A runner (AC 14, flat-footed 12) runs toward a far archer; the archer then shoots.
    let play_run = |feats: Value| {
        let runner = creature(
            "runner",
            json!({ "feats": feats, "ac": { "total": 14, "touch": 12, "flat_footed": 12 } }),
        );
        let archer = creature("archer", json!({ "attacks": [bow(0, 100)] }));
        let row = format!("A{}B", ".".repeat(39));
        let s = scenario(
            room(&[row.as_str()]),
            vec![("a", vec![runner]), ("b", vec![archer])],
            1,
        );
        let plans = Plans::new().fixed(
            0,
            &[Action::Run {
                target: UnitId::new(1),
            }],
        );
        play_with(&s, &plans, &d20s(&[20, 1, 1]))
    };
    let p = play_run(json!([]));
    assert_eq!(p.positions[0].col, 24, "×4: 24 squares");
    assert_eq!(
        p.said_by("archer"),
        ["bow vs runner d20=1+0=1 AC 12 -> MISS"]
    );
    let p = play_run(json!(["Run"]));
    assert_eq!(p.positions[0].col, 30, "×5 with Run: 30 squares");
    assert_eq!(
        p.said_by("archer"),
        ["bow vs runner d20=1+0=1 AC 14 -> MISS"]
    );
}

#[test]
fn static_feats_are_added_only_when_not_in_the_stat_block() {
    let hero = |in_block: bool| {
        creature(
            "hero",
            json!({
                "feats_in_stat_block": in_block,
                "feats": ["Weapon Focus (sword)", "Toughness", "Improved Initiative", "Dodge"],
                "attacks": [sword(0)]
            }),
        )
    };
    let foe = || creature("foe", json!({ "attacks": [sword(0)] }));
    let fight = |in_block| {
        let s = scenario(
            room(&["AB"]),
            vec![("a", vec![hero(in_block)]), ("b", vec![foe()])],
            1,
        );
        play(&s, &[(20, 20), (20, 1), (20, 10), (6, 3), (20, 11), (6, 3)])
    };
    // Copied stat block (the default): the numbers already include the feats.
    fight(true).assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | sword vs foe d20=10+0=10 AC 10 -> HIT 3 dmg (foe hp 20 -> 17)",
        "1 | foe | sword vs hero d20=11+0=11 AC 10 -> HIT 3 dmg (hero hp 20 -> 17)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // Numbers without the feats: +4 initiative, +1 with the sword, +1 dodge AC, +3 hp.
    fight(false).assert_log(&[
        "- | - | initiative: hero d20=20+4=24",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | sword vs foe d20=10+1=11 AC 10 -> HIT 3 dmg (foe hp 20 -> 17)",
        "1 | foe | sword vs hero d20=11+0=11 AC 11 -> HIT 3 dmg (hero hp 23 -> 20)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn multiattack_and_weapon_finesse_when_not_in_the_stat_block() {
    let beast = |in_block: bool| {
        creature(
            "beast",
            json!({
                "feats_in_stat_block": in_block,
                "feats": ["Multiattack", "Weapon Finesse"],
                "abilities": { "str_score": 10, "dex_score": 16 },
                "attacks": [
                    { "name": "bite", "kind": "melee", "attack_bonus": 1, "natural": true,
                      "damage": [{ "formula": "1d6", "types": ["piercing"] }] },
                    { "name": "claw", "kind": "melee", "attack_bonus": -4, "natural": true,
                      "secondary": true,
                      "damage": [{ "formula": "1d4", "types": ["slashing"] }] }
                ]
            }),
        )
    };
    let lines = |in_block| {
        let p = duel(beast(in_block), dummy(30), 1, &[(20, 10), (20, 10)]);
        p.said_by("beast")
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        lines(true),
        [
            "bite vs dummy d20=10+1=11 AC 30 -> MISS",
            "claw vs dummy d20=10-4=6 AC 30 -> MISS"
        ]
    );
    // Finesse: Dex +3 instead of Str +0 on natural attacks; Multiattack: secondary −2, not −5.
    assert_eq!(
        lines(false),
        [
            "bite vs dummy d20=10+4=14 AC 30 -> MISS",
            "claw vs dummy d20=10+2=12 AC 30 -> MISS"
        ]
    );
}
