//! Rule tests of the fighting feats that change a round (« CRB — Rapid Shot », « APG —
//! Improved Lightning Reflexes », « CRB — Defensive Combat Training »): scripted dice, exact
//! log lines.

use serde_json::json;

use super::support::*;

#[test]
fn rapid_shot_adds_an_attack_at_the_highest_bonus_and_all_at_minus_2() {
    let archer = creature(
        "archer",
        json!({ "feats": ["Rapid Shot"], "attacks": [bow(5, 100)] }),
    );
    let target = creature("target", json!({ "hp_max": 100 }));
    let s = scenario(
        room(&["A....B"]),
        vec![("a", vec![archer]), ("b", vec![target])],
        1,
    );
    let p = play(&s, &[(20, 20), (20, 1), (20, 10), (6, 3), (20, 12), (6, 4)]);
    p.assert_log(&[
        "- | - | initiative: archer d20=20+0=20",
        "- | - | initiative: target d20=1+0=1",
        // BAB +1: one iterative, and Rapid Shot's second, both at +5 − 2 = +3.
        "1 | archer | bow vs target d20=10+3=13 AC 10 -> HIT 3 dmg (target hp 100 -> 97)",
        "1 | archer | bow vs target d20=12+3=15 AC 10 -> HIT 4 dmg (target hp 97 -> 93)",
        "1 | target | move (0,5)->(0,4)->(0,3)->(0,2)->(0,1)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn improved_lightning_reflexes_rerolls_the_first_failed_reflex_save() {
    let dragon = creature(
        "dragon",
        json!({
            "specials": [{
                "rule": "breath_weapon", "shape": "cone", "range_ft": 15, "dc": 15,
                "save": "reflex", "effect": "damage", "damage": "2d6", "energy": "fire",
                "recharge": "1d4"
            }]
        }),
    );
    let lich = creature(
        "lich",
        json!({ "hp_max": 100, "feats": ["Improved Lightning Reflexes"] }),
    );
    let s = scenario(
        room(&["A.B"]),
        vec![("a", vec![dragon]), ("b", vec![lich])],
        1,
    );
    // The first Reflex save (a 3) fails and is rerolled: a 17 saves, half of 2d6 = 7.
    let p = play(
        &s,
        &[(20, 20), (20, 1), (4, 2), (6, 3), (6, 4), (20, 3), (20, 17)],
    );
    p.assert_log(&[
        "- | - | initiative: dragon d20=20+0=20",
        "- | - | initiative: lich d20=1+0=1",
        "1 | dragon | breath weapon toward lich: 1 caught, ready again in round 3",
        "1 | dragon | breath vs lich: Ref DC 15 d20=17+0=17 saves, half -> 3 dmg (lich hp 100 -> 97)",
        "1 | lich | move (0,2)->(0,1)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn defensive_combat_training_puts_hit_dice_in_place_of_bab_for_cmd() {
    // Level 11, BAB +5, CMD 15 as written without its feats: +6 (11 − 5) from the feat.
    let lich = |in_block: bool| {
        creature(
            "lich",
            json!({
                "level": 11, "bab": 5, "cmd": 15, "feats_in_stat_block": in_block,
                "feats": ["Defensive Combat Training"]
            }),
        )
    };
    for (in_block, cmd) in [(true, 15), (false, 21)] {
        let foe = creature("foe", json!({}));
        let s = scenario(
            room(&["AB"]),
            vec![("a", vec![lich(in_block)]), ("b", vec![foe])],
            1,
        );
        with_fight(&s, |f| assert_eq!(f.cmd(0, 1), cmd, "in_block {in_block}"));
    }
}
