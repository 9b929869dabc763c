//! Rule tests of one attack and of the attacks an action makes (the reference spec, « 1 naturel / 20
//! naturel », « Critique », « Critique améliorée », RD, résistances, « Attaques multiples par
//! action », « Initiative »; CRB « Attack Roll », « Critical Hits », « Damage Reduction »,
//! « Energy Resistance », « Minimum Damage », « Full Attack »). Each test plays a tiny fight
//! with scripted dice and pins the exact log lines.

use serde_json::{Value, json};

use super::support::*;

fn hero(attacks: Value) -> crate::model::Combatant {
    creature("hero", json!({ "attacks": attacks }))
}

fn dummy(patch: Value) -> crate::model::Combatant {
    creature("dummy", patch)
}

#[test]
fn natural_1_always_misses() {
    let p = duel(hero(json!([sword(25)])), dummy(json!({})), 1, &[(20, 1)]);
    assert_eq!(
        p.said_by("hero"),
        ["sword vs dummy d20=1+25=26 AC 10 -> MISS"]
    );
}

#[test]
fn natural_20_always_hits_and_threatens() {
    let armoured = dummy(json!({ "ac": { "total": 40, "touch": 40, "flat_footed": 40 } }));
    let p = duel(
        hero(json!([sword(0)])),
        armoured,
        2,
        &[(20, 19), (20, 20), (20, 5), (6, 3)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "sword vs dummy d20=19+0=19 AC 40 -> MISS",
            "sword vs dummy d20=20+0=20 AC 40 -> HIT (threat, confirm d20=5+0=5 fails) 3 dmg (dummy hp 20 -> 17)",
        ]
    );
}

#[test]
fn confirmation_natural_20_confirms() {
    let armoured = dummy(json!({ "ac": { "total": 40, "touch": 40, "flat_footed": 40 } }));
    let p = duel(
        hero(json!([sword(0)])),
        armoured,
        2,
        &[(20, 20), (20, 19), (6, 3), (20, 20), (20, 20), (6, 3)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "sword vs dummy d20=20+0=20 AC 40 -> HIT (threat, confirm d20=19+0=19 fails) 3 dmg (dummy hp 20 -> 17)",
            "sword vs dummy d20=20+0=20 AC 40 -> HIT CRIT (confirm d20=20+0=20) 6 dmg (dummy hp 17 -> 11)",
        ]
    );
    assert_eq!(p.tally.units[0].crits, 1);
    // The confirmation is an attack roll: a natural 1 fails it whatever the bonus.
    let p = duel(
        hero(json!([sword(25)])),
        dummy(json!({})),
        1,
        &[(20, 20), (20, 1), (6, 3)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "sword vs dummy d20=20+25=45 AC 10 -> HIT (threat, confirm d20=1+25=26 fails) 3 dmg (dummy hp 20 -> 17)"
        ]
    );
}

fn flaming_sword(bonus: i32, damage_bonus: i32, crit_mult: u32) -> Value {
    json!({
        "name": "flaming sword", "kind": "melee", "attack_bonus": bonus,
        "damage": [
            { "formula": "1d6", "types": ["slashing"] },
            { "formula": "1d6", "types": ["fire"] }
        ],
        "damage_bonus": damage_bonus, "crit_mult": crit_mult
    })
}

#[test]
fn crit_multiplies_physical_dice_and_flat_not_energy() {
    // (4 + 2) × 3 physical, + 5 fire once: 23.
    let p = duel(
        hero(json!([flaming_sword(0, 2, 3)])),
        dummy(json!({ "hp_max": 50 })),
        1,
        &[(20, 20), (20, 15), (6, 4), (6, 5)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "flaming sword vs dummy d20=20+0=20 AC 10 -> HIT CRIT (confirm d20=15+0=15) 23 dmg (dummy hp 50 -> 27)"
        ]
    );
    let t = &p.tally.units[0];
    assert_eq!((t.hits, t.crits, t.damage_dealt), (1, 1, 23));
}

#[test]
fn improved_critical_doubles_threat_range() {
    let longsword = json!([{
        "name": "longsword", "kind": "melee", "attack_bonus": 0,
        "damage": [{ "formula": "1d8", "types": ["slashing"] }], "crit_range": 19
    }]);
    // 19–20 becomes 17–20: a 17 threatens (a confirmation is rolled), a 16 does not.
    let keen = creature(
        "hero",
        json!({ "attacks": longsword, "feats": ["Improved Critical (longsword)"] }),
    );
    let p = duel(
        keen,
        dummy(json!({})),
        2,
        &[(20, 17), (20, 2), (8, 1), (20, 16), (8, 1)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "longsword vs dummy d20=17+0=17 AC 10 -> HIT (threat, confirm d20=2+0=2 fails) 1 dmg (dummy hp 20 -> 19)",
            "longsword vs dummy d20=16+0=16 AC 10 -> HIT 1 dmg (dummy hp 19 -> 18)",
        ]
    );
    // Without the feat a 17 is an ordinary hit and a 19 threatens.
    let p = duel(
        hero(longsword),
        dummy(json!({})),
        2,
        &[(20, 17), (8, 1), (20, 19), (20, 2), (8, 1)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "longsword vs dummy d20=17+0=17 AC 10 -> HIT 1 dmg (dummy hp 20 -> 19)",
            "longsword vs dummy d20=19+0=19 AC 10 -> HIT (threat, confirm d20=2+0=2 fails) 1 dmg (dummy hp 19 -> 18)",
        ]
    );
}

#[test]
fn dr_applies_after_multiplication() {
    let greatsword = json!([{
        "name": "greatsword", "kind": "melee", "attack_bonus": 0,
        "damage": [{ "formula": "1d8", "types": ["slashing"] }], "damage_bonus": 2
    }]);
    // (4 + 2) × 2 = 12, then DR 5: 7 (DR first would leave (6 − 5) × 2 = 2).
    let p = duel(
        hero(greatsword),
        dummy(json!({ "dr": { "amount": 5, "bypass": "-" } })),
        1,
        &[(20, 20), (20, 15), (8, 4)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "greatsword vs dummy d20=20+0=20 AC 10 -> HIT CRIT (confirm d20=15+0=15) 7 dmg (dummy hp 20 -> 13)"
        ]
    );
}

/// What one `types` 1d6 hit rolling 6 does to a target with `patch`: the hero's line after
/// `AC 10 -> `.
fn six_damage_against(types: &[&str], patch: Value) -> String {
    let mace = json!([{
        "name": "mace", "kind": "melee", "attack_bonus": 0,
        "damage": [{ "formula": "1d6", "types": types }]
    }]);
    let p = duel(hero(mace), dummy(patch), 1, &[(20, 15), (6, 6)]);
    let line = p.said_by("hero")[0];
    line.split_once(" -> ")
        .map_or(line, |(_, rest)| rest)
        .to_string()
}

#[test]
fn dr_bypass_and_needs_every_component() {
    let and = json!({ "dr": { "amount": 5, "bypass": "bludgeoning and magic" } });
    assert_eq!(
        six_damage_against(&["bludgeoning"], and.clone()),
        "HIT 1 dmg (dummy hp 20 -> 19)"
    );
    assert_eq!(
        six_damage_against(&["slashing", "magic"], and.clone()),
        "HIT 1 dmg (dummy hp 20 -> 19)"
    );
    assert_eq!(
        six_damage_against(&["bludgeoning", "magic"], and),
        "HIT 6 dmg (dummy hp 20 -> 14)"
    );
    let or = json!({ "dr": { "amount": 5, "bypass": "silver or cold iron" } });
    assert_eq!(
        six_damage_against(&["slashing"], or.clone()),
        "HIT 1 dmg (dummy hp 20 -> 19)"
    );
    assert_eq!(
        six_damage_against(&["slashing", "cold_iron"], or),
        "HIT 6 dmg (dummy hp 20 -> 14)"
    );
}

#[test]
fn energy_resistance_per_component() {
    // Fire resistance 5 eats the fire die only: 4 slashing + max(0, 3 − 5), then 2 + (6 − 5).
    let p = duel(
        hero(json!([flaming_sword(0, 0, 2)])),
        dummy(json!({ "resistances": { "fire": 5, "cold": 10 } })),
        2,
        &[(20, 15), (6, 4), (6, 3), (20, 15), (6, 2), (6, 6)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "flaming sword vs dummy d20=15+0=15 AC 10 -> HIT 4 dmg (dummy hp 20 -> 16)",
            "flaming sword vs dummy d20=15+0=15 AC 10 -> HIT 3 dmg (dummy hp 16 -> 13)",
        ]
    );
}

#[test]
fn immunity_cancels_a_component() {
    let p = duel(
        hero(json!([flaming_sword(0, 0, 2)])),
        dummy(json!({ "immunities": ["fire"] })),
        1,
        &[(20, 15), (6, 4), (6, 6)],
    );
    assert_eq!(
        p.said_by("hero"),
        ["flaming sword vs dummy d20=15+0=15 AC 10 -> HIT 4 dmg (dummy hp 20 -> 16)"]
    );
    // An attack whose every component is cancelled deals nothing at all (no minimum damage).
    assert_eq!(
        six_damage_against(&["fire"], json!({ "immunities": ["fire"] })),
        "HIT 0 dmg (dummy hp 20 -> 20)"
    );
    // Immunity to nonlethal damage cancels a sap's hit and the minimum-damage point alike.
    let immune = json!({ "immunities": ["nonlethal"] });
    assert_eq!(
        six_damage_against(&["bludgeoning", "nonlethal"], immune),
        "HIT 0 dmg (dummy hp 20 -> 20)"
    );
    let immune = json!({ "immunities": ["nonlethal"], "dr": { "amount": 10, "bypass": "-" } });
    assert_eq!(
        six_damage_against(&["bludgeoning"], immune),
        "HIT 0 dmg (dummy hp 20 -> 20)"
    );
}

#[test]
fn hit_reduced_below_1_deals_1_nonlethal() {
    // A penalty: 1d4 − 3 rolling 1. One nonlethal point equals the 1 hp left: staggered.
    let feeble = json!([melee("feeble punch", 0, "1d4-3", &["bludgeoning"])]);
    let p = duel(
        hero(feeble),
        dummy(json!({ "hp_max": 1 })),
        1,
        &[(20, 15), (4, 1)],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "feeble punch vs dummy d20=15+0=15 AC 10 -> HIT 0 dmg +1 nonlethal (dummy hp 1 -> 1, staggered)"
        ]
    );
    // Damage reduction and energy resistance reduce a hit to nothing: 1 nonlethal too.
    let dr = json!({ "dr": { "amount": 10, "bypass": "-" } });
    assert_eq!(
        six_damage_against(&["slashing"], dr),
        "HIT 0 dmg +1 nonlethal (dummy hp 20 -> 20)"
    );
    let resist = json!({ "resistances": { "fire": 10 } });
    assert_eq!(
        six_damage_against(&["fire"], resist),
        "HIT 0 dmg +1 nonlethal (dummy hp 20 -> 20)"
    );
}

#[test]
fn touch_attack_uses_touch_ac() {
    let target = || dummy(json!({ "ac": { "total": 20, "touch": 11, "flat_footed": 20 } }));
    let touch = json!([{
        "name": "shocking grasp", "kind": "touch", "attack_bonus": 0,
        "damage": [{ "formula": "1d6", "types": ["electricity"] }]
    }]);
    let p = duel(hero(touch), target(), 1, &[(20, 11), (6, 2)]);
    assert_eq!(
        p.said_by("hero"),
        ["shocking grasp vs dummy d20=11+0=11 AC 11 -> HIT 2 dmg (dummy hp 20 -> 18)"]
    );
    let ray = json!([{
        "name": "ray", "kind": "touch", "attack_bonus": 0, "range_increment_ft": 30,
        "damage": [{ "formula": "1d6", "types": ["fire"] }]
    }]);
    let p = duel(hero(ray), target(), 1, &[(20, 11), (6, 2)]);
    assert_eq!(
        p.said_by("hero"),
        ["ray vs dummy d20=11+0=11 AC 11 -> HIT 2 dmg (dummy hp 20 -> 18)"]
    );
    let p = duel(hero(json!([sword(0)])), target(), 1, &[(20, 11)]);
    assert_eq!(
        p.said_by("hero"),
        ["sword vs dummy d20=11+0=11 AC 20 -> MISS"]
    );
}

#[test]
fn initiative_ties_break_on_modifier_then_list_order() {
    // p, q (side a), r, s (side b) in a row, every pair adjacent or blocked: each turn logs one
    // line and rolls nothing. Totals 12, 12, 12, 13: s first (highest total), then the +2s
    // (p before r: list order), then q.
    let m = |name: &str, init: i32| creature(name, json!({ "initiative_mod": init }));
    let s = scenario(
        room(&["AABB"]),
        vec![
            ("a", vec![m("p", 2), m("q", 0)]),
            ("b", vec![m("r", 2), m("s", 0)]),
        ],
        1,
    );
    let p = play(&s, &d20s(&[10, 12, 10, 13]));
    p.assert_log(&[
        "- | - | initiative: p d20=10+2=12",
        "- | - | initiative: q d20=12+0=12",
        "- | - | initiative: r d20=10+2=12",
        "- | - | initiative: s d20=13+0=13",
        "1 | s | move (0,3) (no way forward)",
        "1 | p | move (0,0) (no way forward)",
        "1 | r | move (0,2) (no way forward)",
        "1 | q | move (0,1) (no way forward)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn full_attack_iteratives_at_bab_6_11_16() {
    let armoured = || dummy(json!({ "ac": { "total": 50, "touch": 50, "flat_footed": 50 } }));
    for (bab, bonuses) in [
        (5, vec![20]),
        (6, vec![20, 15]),
        (10, vec![20, 15]),
        (11, vec![20, 15, 10]),
        (16, vec![20, 15, 10, 5]),
        (21, vec![20, 15, 10, 5]),
    ] {
        let fighter = creature("hero", json!({ "bab": bab, "attacks": [sword(20)] }));
        let p = duel(fighter, armoured(), 1, &d20s(&vec![2; bonuses.len()]));
        let expected: Vec<String> = bonuses
            .iter()
            .map(|b| format!("sword vs dummy d20=2+{b}={} AC 50 -> MISS", 2 + b))
            .collect();
        assert_eq!(p.said_by("hero"), expected, "BAB +{bab}");
    }
}

#[test]
fn natural_attacks_get_no_iteratives() {
    let beast = creature(
        "hero",
        json!({ "bab": 16, "attacks": [
            { "name": "bite", "kind": "melee", "attack_bonus": 20, "natural": true,
              "damage": [{ "formula": "1d8", "types": ["piercing"] }] },
            { "name": "claw", "kind": "melee", "attack_bonus": 18, "natural": true, "count": 2,
              "damage": [{ "formula": "1d6", "types": ["slashing"] }] },
            sword(20)
        ] }),
    );
    let armoured = dummy(json!({ "ac": { "total": 50, "touch": 50, "flat_footed": 50 } }));
    let p = duel(beast, armoured, 1, &d20s(&[2, 2, 2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "bite vs dummy d20=2+20=22 AC 50 -> MISS",
            "claw vs dummy d20=2+18=20 AC 50 -> MISS",
            "claw vs dummy d20=2+18=20 AC 50 -> MISS",
        ]
    );
}

/// « CRB — Natural Attacks »: a creature with a manufactured weapon and secondary natural
/// attacks in its melee line (the medusa's dagger and snake bite) makes its iteratives, then
/// each secondary natural attack at its listed bonus (the −5 already in it); a primary
/// natural attack beside a weapon is not added.
#[test]
fn full_attack_adds_the_secondary_natural_attacks_after_the_iteratives() {
    let medusa = creature(
        "hero",
        json!({ "bab": 6, "attacks": [
            sword(10),
            { "name": "snake bite", "kind": "melee", "attack_bonus": 5, "natural": true,
              "secondary": true, "damage": [{ "formula": "1d4", "types": ["piercing"] }] },
            { "name": "gore", "kind": "melee", "attack_bonus": 9, "natural": true,
              "damage": [{ "formula": "1d6", "types": ["piercing"] }] }
        ] }),
    );
    let armoured = dummy(json!({ "ac": { "total": 50, "touch": 50, "flat_footed": 50 } }));
    let p = duel(medusa, armoured, 1, &d20s(&[2, 2, 2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "sword vs dummy d20=2+10=12 AC 50 -> MISS",
            "sword vs dummy d20=2+5=7 AC 50 -> MISS",
            "snake bite vs dummy d20=2+5=7 AC 50 -> MISS",
        ]
    );
}

#[test]
fn count_swings_stop_when_target_drops() {
    let beast = creature(
        "hero",
        json!({ "attacks": [
            { "name": "claw", "kind": "melee", "attack_bonus": 10, "natural": true, "count": 2,
              "damage": [{ "formula": "1d4", "types": ["slashing"] }] },
            { "name": "bite", "kind": "melee", "attack_bonus": 10, "natural": true,
              "damage": [{ "formula": "1d6", "types": ["piercing"] }] }
        ] }),
    );
    let near = creature("near", json!({ "hp_max": 1 }));
    let other = creature("other", json!({}));
    let s = scenario(
        room(&["AB", ".B"]),
        vec![("a", vec![beast]), ("b", vec![near, other])],
        1,
    );
    // The first claw drops `near`; the second claw is lost, the bite turns to `other`. `near`
    // then rolls to stabilize on its turn (15 + 0 − 1 = 14: stable).
    let p = play_with(
        &s,
        &Plans::new().idle(&[1, 2]),
        &[
            (20, 20),
            (20, 1),
            (20, 1),
            (20, 10),
            (4, 2),
            (20, 10),
            (6, 3),
            (20, 15),
        ],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "claw vs near d20=10+10=20 AC 10 -> HIT 2 dmg (near hp 1 -> -1, dying)",
            "bite vs other d20=10+10=20 AC 10 -> HIT 3 dmg (other hp 20 -> 17)",
        ]
    );
    assert_eq!(
        p.said_by("near"),
        ["stabilize d20=15+0-1=14 DC 10 -> stable"]
    );
}
