//! What a condition changes in the numbers: attack and damage penalties, armor class against
//! melee and ranged attacks, a lost Dexterity bonus, miss chances, initiative, helpless targets
//! and waking up, fear penalties that do not stack.

use serde_json::{Value, json};

use crate::fight::{Action, UnitId};

use super::super::support::*;
use super::*;

#[test]
fn shaken_takes_2_on_attacks() {
    assert_eq!(
        hero_says(
            "AB",
            hero(json!(["shaken"])),
            dummy(json!([])),
            &d20s(&[13])
        ),
        ["sword vs dummy d20=13-2=11 AC 12 -> MISS"]
    );
}

#[test]
fn prone_target_minus_4_ac_against_melee_plus_4_against_ranged() {
    assert_eq!(
        hero_says("AB", hero(json!([])), dummy(json!(["prone"])), &d20s(&[7])),
        ["sword vs dummy d20=7+0=7 AC 8 -> MISS"]
    );
    let archer = creature("hero", json!({ "attacks": [bow(0, 30)] }));
    assert_eq!(
        hero_says("A...B", archer, dummy(json!(["prone"])), &d20s(&[15])),
        ["bow vs dummy d20=15+0=15 AC 16 -> MISS"]
    );
    // A prone attacker takes −4 on its own attacks (a fixed plan keeps it on the ground).
    let plan = [Action::Attack {
        target: UnitId::new(1),
    }];
    let p = fight(
        "AB",
        hero(json!(["prone"])),
        dummy(json!([])),
        1,
        &Plans::new().fixed(0, &plan).idle(&[1]),
        &d20s(&[15]),
    );
    assert_eq!(
        p.said_by("hero"),
        ["sword vs dummy d20=15-4=11 AC 12 -> MISS"]
    );
}

#[test]
fn blinded_attacker_misses_50_percent_and_is_denied_dex() {
    // The miss chance is rolled after a hit and shown on the attack line: d100=50 misses, 51
    // hits.
    let p = fight(
        "AB",
        hero(json!(["blinded"])),
        dummy(json!([])),
        2,
        &dummy_idles(),
        &[(20, 15), (100, 50), (20, 15), (100, 51), (6, 3)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "sword vs dummy d20=15+0=15 AC 12 -> HIT, attacker blinded 50% d100=50 -> MISS",
            "sword vs dummy d20=15+0=15 AC 12 -> HIT (attacker blinded 50% d100=51) 3 dmg (dummy hp 20 -> 17)",
        ]
    );
    // A blinded target loses its Dex bonus and takes −2: AC 10 − 2 = 8.
    assert_eq!(
        hero_says(
            "AB",
            hero(json!([])),
            dummy(json!(["blinded"])),
            &[(20, 8), (6, 3)]
        ),
        ["sword vs dummy d20=8+0=8 AC 8 -> HIT 3 dmg (dummy hp 20 -> 17)"]
    );
    // And it moves at half speed: 3 squares of its 6.
    let plan = [Action::Move {
        target: UnitId::new(1),
    }];
    let p = fight(
        "A.........B",
        hero(json!(["blinded"])),
        dummy(json!([])),
        1,
        &Plans::new().fixed(0, &plan).idle(&[1]),
        &[],
    );
    assert_eq!(p.said_by("hero"), ["move (0,0)->(0,1)->(0,2)->(0,3)"]);
}

#[test]
fn blurred_target_20_percent_miss_chance() {
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["blurred"])),
        2,
        &dummy_idles(),
        &[(20, 15), (100, 20), (20, 15), (100, 21), (6, 3)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "sword vs dummy d20=15+0=15 AC 12 -> HIT, concealment 20% d100=20 -> MISS",
            "sword vs dummy d20=15+0=15 AC 12 -> HIT (concealment 20% d100=21) 3 dmg (dummy hp 20 -> 17)",
        ]
    );
}

/// An archer (hero) with `conditions` shooting the adjacent dummy, which threatens it.
fn archer_shoots_adjacent(conditions: Value, script: &[(u32, u32)]) -> Played {
    let archer = creature(
        "hero",
        json!({ "attacks": [bow(0, 30)], "conditions": conditions }),
    );
    fight("AB", archer, dummy(json!([])), 1, &dummy_idles(), script)
}

#[test]
fn displaced_and_invisible_50_percent_and_no_aoo() {
    for c in ["displaced", "invisible"] {
        let p = fight(
            "AB",
            hero(json!([])),
            dummy(json!([c])),
            2,
            &dummy_idles(),
            &[(20, 15), (100, 50), (20, 15), (100, 51), (6, 3)],
        );
        assert_eq!(
            p.said_by("hero"),
            [
                "sword vs dummy d20=15+0=15 AC 12 -> HIT, concealment 50% d100=50 -> MISS",
                "sword vs dummy d20=15+0=15 AC 12 -> HIT (concealment 50% d100=51) 3 dmg (dummy hp 20 -> 17)",
            ],
            "{c}"
        );
    }
    // Shooting in a threatened square provokes…
    let p = archer_shoots_adjacent(json!([]), &d20s(&[2, 2]));
    assert_eq!(
        p.said_by("dummy"),
        ["AoO: sword vs hero d20=2+0=2 AC 10 -> MISS"]
    );
    assert_eq!(p.said_by("hero"), ["bow vs dummy d20=2+0=2 AC 12 -> MISS"]);
    // …but not when the shooter has total concealment (50 %).
    let p = archer_shoots_adjacent(json!(["displaced"]), &d20s(&[2]));
    assert_eq!(p.count("AoO"), 0);
    assert_eq!(p.said_by("hero"), ["bow vs dummy d20=2+0=2 AC 12 -> MISS"]);
    let p = archer_shoots_adjacent(json!(["invisible"]), &d20s(&[2]));
    assert_eq!(p.count("AoO"), 0);
    assert_eq!(p.said_by("hero"), ["bow vs dummy d20=2+2=4 AC 10 -> MISS"]);
}

#[test]
fn invisible_attacker_gets_2_and_target_loses_dex() {
    // +2 to hit and the dummy's flat-footed AC 10 instead of 12.
    assert_eq!(
        hero_says(
            "AB",
            hero(json!(["invisible"])),
            dummy(json!([])),
            &[(20, 8), (6, 3)]
        ),
        ["sword vs dummy d20=8+2=10 AC 10 -> HIT 3 dmg (dummy hp 20 -> 17)"]
    );
    // Blind-Fight: an invisible attacker gets neither advantage in melee.
    let fighter = creature_over(
        "dummy",
        json!({ "feats": ["Blind-Fight"] }),
        json!({
            "abilities": { "dex_score": 14 },
            "ac": { "total": 12, "touch": 12, "flat_footed": 10 }
        }),
    );
    assert_eq!(
        hero_says("AB", hero(json!(["invisible"])), fighter, &d20s(&[8])),
        ["sword vs dummy d20=8+0=8 AC 12 -> MISS"]
    );
}

#[test]
fn helpless_asleep_paralyzed_unconscious_plus_4_melee_and_dex_0() {
    // Flat-footed AC 10 loses the +2 Dex already and takes the −5 of Dexterity 0: AC 5.
    // Melee +4. The dummy plays first and loses its turn; the hero full attacks (a fixed plan:
    // the default policy would deliver a coup de grâce).
    let strike = [Action::FullAttack {
        target: UnitId::new(0),
    }];
    for c in ["helpless", "asleep", "paralyzed", "unconscious"] {
        let p = fight(
            "AB",
            dummy(json!([c])),
            hero(json!([])),
            1,
            &Plans::new().fixed(1, &strike),
            &[(20, 2), (6, 3)],
        );
        let wakes = if c == "asleep" { ", wakes up" } else { "" };
        let lost = format!("1 | dummy | {c}: loses its turn");
        let hit = format!(
            "1 | hero | sword vs dummy d20=2+4=6 AC 5 -> HIT 3 dmg (dummy hp 20 -> 17{wakes})"
        );
        p.assert_log(&[
            "- | - | initiative: dummy d20=20+0=20",
            "- | - | initiative: hero d20=1+0=1",
            &format!("- | - | dummy starts {c}"),
            &lost,
            &hit,
            "- | - | battle over: draw after 1 rounds (round cap)",
        ]);
    }
    // No +4 at range: the archer sees AC 5 too.
    let archer = creature("hero", json!({ "attacks": [bow(0, 30)] }));
    assert_eq!(
        hero_says(
            "A...B",
            archer,
            dummy(json!(["paralyzed"])),
            &[(20, 5), (6, 3)]
        ),
        ["bow vs dummy d20=5+0=5 AC 5 -> HIT 3 dmg (dummy hp 20 -> 17)"]
    );
}

#[test]
fn asleep_wakes_when_wounded() {
    // Wounded, the dummy wakes up and fights back on its own turn (the hero full attacks: the
    // default policy would deliver a coup de grâce to the sleeper).
    let strike = [Action::FullAttack {
        target: UnitId::new(1),
    }];
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["asleep"])),
        2,
        &Plans::new().fixed(0, &strike),
        &[(20, 2), (6, 3), (20, 9), (20, 2), (20, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts asleep",
        "1 | hero | sword vs dummy d20=2+4=6 AC 5 -> HIT 3 dmg (dummy hp 20 -> 17, wakes up)",
        "1 | dummy | sword vs hero d20=9+0=9 AC 10 -> MISS",
        "2 | hero | sword vs dummy d20=2+0=2 AC 12 -> MISS",
        "2 | dummy | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn dazzled_minus_1() {
    assert_eq!(
        hero_says(
            "AB",
            hero(json!(["dazzled"])),
            dummy(json!([])),
            &[(20, 13), (6, 3)]
        ),
        ["sword vs dummy d20=13-1=12 AC 12 -> HIT 3 dmg (dummy hp 20 -> 17)"]
    );
}

#[test]
fn deafened_minus_4_initiative() {
    // 20 − 4 = 16 loses to the dummy's 17: the dummy strikes first.
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![hero(json!(["deafened"]))]),
            ("b", vec![dummy(json!([]))]),
        ],
        1,
    );
    let p = play_with(&s, &both_default(), &d20s(&[20, 17, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20-4=16",
        "- | - | initiative: dummy d20=17+0=17",
        "- | - | hero starts deafened",
        "1 | dummy | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "1 | hero | sword vs dummy d20=2+0=2 AC 12 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn sickened_minus_2_attack_and_damage() {
    assert_eq!(
        hero_says(
            "AB",
            hero(json!(["sickened"])),
            dummy(json!([])),
            &[(20, 14), (6, 3)]
        ),
        ["sword vs dummy d20=14-2=12 AC 12 -> HIT 1 dmg (dummy hp 20 -> 19)"]
    );
}

#[test]
fn fear_conditions_do_not_stack() {
    // Shaken and frightened: −2 once (a fixed plan makes the frightened hero attack anyway).
    let plan = [Action::Attack {
        target: UnitId::new(1),
    }];
    let attacks = Plans::new().fixed(0, &plan).idle(&[1]);
    let p = fight(
        "AB",
        hero(json!(["shaken", "frightened"])),
        dummy(json!([])),
        1,
        &attacks,
        &d20s(&[13]),
    );
    assert_eq!(
        p.said_by("hero"),
        ["sword vs dummy d20=13-2=11 AC 12 -> MISS"]
    );
    // Shaken and sickened are different sources: −4.
    let p = fight(
        "AB",
        hero(json!(["shaken", "sickened"])),
        dummy(json!([])),
        1,
        &attacks,
        &d20s(&[13]),
    );
    assert_eq!(
        p.said_by("hero"),
        ["sword vs dummy d20=13-4=9 AC 12 -> MISS"]
    );
    // The frightened hero withdraws (its flag), shaken or not.
    assert_eq!(
        hero_says(
            ".AB",
            hero(json!(["shaken", "frightened"])),
            dummy(json!([])),
            &[]
        ),
        ["withdraw (0,1)->(0,0)"]
    );
}
