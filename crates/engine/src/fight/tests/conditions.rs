//! Rule tests of the 29 conditions (the reference spec, « Conditions effectives »; CRB « Appendix 2:
//! Conditions »): one tiny fight per condition, or per family where the behaviour is the same
//! (helpless, asleep, paralyzed, unconscious), with scripted dice, pinning the transcript lines
//! that show its behaviour flag or its modifiers. The AC printed in an attack line shows the
//! target's AC changes, `d20=N+B` the attacker's bonus changes; a turn lost reads
//! `CONDITION: loses its turn`, a refused action `KIND dropped: REASON`.

use serde_json::{Value, json};

use crate::model::Combatant;

use super::support::*;
use crate::fight::{Action, UnitId};

/// The hero: a sword (+0, 1d6) and `conditions`.
fn hero(conditions: Value) -> Combatant {
    creature(
        "hero",
        json!({ "attacks": [sword(0)], "conditions": conditions }),
    )
}

/// The dummy: AC 12 with a +2 Dex bonus (flat-footed 10), a sword, and `conditions`.
fn dummy(conditions: Value) -> Combatant {
    creature(
        "dummy",
        json!({
            "abilities": { "dex_score": 14 },
            "ac": { "total": 12, "touch": 12, "flat_footed": 10 },
            "attacks": [sword(0)],
            "conditions": conditions
        }),
    )
}

/// `a` (side a, unit 0) and `b` (side b, unit 1) on a one-row room drawn as `row`, playing
/// `policy` for `rounds` rounds; initiative 20 for `a`, 1 for `b`, then `script`.
fn fight(
    row: &str,
    a: Combatant,
    b: Combatant,
    rounds: u32,
    policy: &Plans,
    script: &[(u32, u32)],
) -> Played {
    let s = scenario(room(&[row]), vec![("a", vec![a]), ("b", vec![b])], rounds);
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, policy, &rolls)
}

/// The hero's lines in a one-round [`fight`] where the dummy idles.
fn hero_says(row: &str, a: Combatant, b: Combatant, script: &[(u32, u32)]) -> Vec<String> {
    let p = fight(row, a, b, 1, &dummy_idles(), script);
    p.said_by("hero").iter().map(|l| l.to_string()).collect()
}

/// Both sides on the default policy.
fn both_default() -> Plans {
    Plans::new()
}

/// The dummy idles; the hero plays the default policy.
fn dummy_idles() -> Plans {
    Plans::new().idle(&[1])
}

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
fn stunned_loses_its_turn_and_its_dex_bonus() {
    // Flat-footed AC 10, −2: AC 8. The stunned dummy would attack the hero but loses its turn.
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["stunned"])),
        1,
        &both_default(),
        &[(20, 8), (6, 3)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts stunned",
        "1 | hero | sword vs dummy d20=8+0=8 AC 8 -> HIT 3 dmg (dummy hp 20 -> 17)",
        "1 | dummy | stunned: loses its turn",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn nauseated_takes_a_single_move_action() {
    let m = Action::Move {
        target: UnitId::new(1),
    };
    let plan = [
        m,
        m,
        Action::Attack {
            target: UnitId::new(1),
        },
    ];
    let p = fight(
        "A..........B",
        hero(json!(["nauseated"])),
        dummy(json!([])),
        1,
        &Plans::new().fixed(0, &plan).idle(&[1]),
        &[],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "move dropped: downgraded:cant_attack",
            "attack dropped: downgraded:cant_attack",
            "move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)->(0,5)->(0,6)",
        ]
    );
    // Adjacent, the default policy's full attack is refused outright.
    assert_eq!(
        hero_says("AB", hero(json!(["nauseated"])), dummy(json!([])), &[]),
        ["full_attack dropped: downgraded:cant_attack"]
    );
}

#[test]
fn staggered_takes_one_move_or_standard_action() {
    let plan = [
        Action::Move {
            target: UnitId::new(1),
        },
        Action::Attack {
            target: UnitId::new(1),
        },
    ];
    let p = fight(
        "A...B",
        hero(json!(["staggered"])),
        dummy(json!([])),
        1,
        &Plans::new().fixed(0, &plan).idle(&[1]),
        &[],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "attack dropped: downgraded:staggered",
            "move (0,0)->(0,1)->(0,2)->(0,3)",
        ]
    );
    // BAB +6 gives two attacks in a full attack; staggered, it becomes one attack.
    let fighter = creature_over(
        "hero",
        json!({ "bab": 6 }),
        json!({ "attacks": [sword(6)], "conditions": ["staggered"] }),
    );
    assert_eq!(
        hero_says("AB", fighter, dummy(json!([])), &d20s(&[2])),
        ["sword vs dummy d20=2+6=8 AC 12 -> MISS"]
    );
}

#[test]
fn grappled_cannot_move() {
    assert_eq!(
        hero_says("A..B", hero(json!(["grappled"])), dummy(json!([])), &[]),
        ["move dropped: downgraded:cant_move"]
    );
    // −2 on its attacks and −2 AC (the −4 Dex).
    assert_eq!(
        hero_says(
            "AB",
            hero(json!(["grappled"])),
            dummy(json!(["grappled"])),
            &[(20, 12), (6, 3)]
        ),
        ["sword vs dummy d20=12-2=10 AC 10 -> HIT 3 dmg (dummy hp 20 -> 17)"]
    );
    // It makes no attack of opportunity: the archer shoots beside the grappled dummy.
    let archer = creature("hero", json!({ "attacks": [bow(0, 30)] }));
    let p = fight(
        "AB",
        archer,
        dummy(json!(["grappled"])),
        1,
        &dummy_idles(),
        &d20s(&[9]),
    );
    assert_eq!(p.count("AoO"), 0);
    assert_eq!(p.said_by("hero"), ["bow vs dummy d20=9+0=9 AC 10 -> MISS"]);
}

#[test]
fn prone_stands_up_and_provokes() {
    // Standing up provokes while still prone (−4 AC against melee: 10 − 4 = 6), then the hero,
    // standing, attacks without the prone −4.
    let p = fight(
        "AB",
        hero(json!(["prone"])),
        dummy(json!([])),
        1,
        &dummy_idles(),
        &[(20, 5), (20, 12), (6, 3)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | hero starts prone",
        "1 | dummy | AoO: sword vs hero d20=5+0=5 AC 6 -> MISS",
        "1 | hero | stands up",
        "1 | hero | sword vs dummy d20=12+0=12 AC 12 -> HIT 3 dmg (dummy hp 20 -> 17)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
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
    // Melee +4; the target loses its turn.
    // Melee +4. The dummy plays first and loses its turn.
    for c in ["helpless", "asleep", "paralyzed", "unconscious"] {
        let p = fight(
            "AB",
            dummy(json!([c])),
            hero(json!([])),
            1,
            &both_default(),
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
    // Wounded, the dummy wakes up and fights back on its own turn.
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["asleep"])),
        2,
        &both_default(),
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
fn fatigued_cannot_charge() {
    // The default policy does not charge: it moves and attacks, at −1 to hit and damage (−2 Str).
    assert_eq!(
        hero_says(
            "A...B",
            hero(json!(["fatigued"])),
            dummy(json!([])),
            &[(20, 13), (6, 3)]
        ),
        [
            "move (0,0)->(0,1)->(0,2)->(0,3)",
            "sword vs dummy d20=13-1=12 AC 12 -> HIT 2 dmg (dummy hp 20 -> 18)",
        ]
    );
    let plan = [Action::Charge {
        target: UnitId::new(1),
    }];
    let p = fight(
        "A...B",
        hero(json!(["fatigued"])),
        dummy(json!([])),
        1,
        &Plans::new().fixed(0, &plan).idle(&[1]),
        &[],
    );
    assert_eq!(
        p.said_by("hero"),
        ["charge dropped: downgraded:cant_run_or_charge"]
    );
}

#[test]
fn exhausted_moves_at_half_speed() {
    // Speed 30 ft: 3 squares a move action instead of 6; −3 AC.
    assert_eq!(
        hero_says(
            "A.........B",
            hero(json!(["exhausted"])),
            dummy(json!([])),
            &[]
        ),
        ["move (0,0)->(0,1)->(0,2)->(0,3)"]
    );
    assert_eq!(
        hero_says(
            "AB",
            hero(json!([])),
            dummy(json!(["exhausted"])),
            &d20s(&[8])
        ),
        ["sword vs dummy d20=8+0=8 AC 9 -> MISS"]
    );
}

#[test]
fn entangled_half_speed_no_charge() {
    assert_eq!(
        hero_says(
            "A.........B",
            hero(json!(["entangled"])),
            dummy(json!([])),
            &[]
        ),
        ["move (0,0)->(0,1)->(0,2)->(0,3)"]
    );
    let plan = [Action::Charge {
        target: UnitId::new(1),
    }];
    let p = fight(
        "A...B",
        hero(json!(["entangled"])),
        dummy(json!([])),
        1,
        &Plans::new().fixed(0, &plan).idle(&[1]),
        &[],
    );
    assert_eq!(
        p.said_by("hero"),
        ["charge dropped: downgraded:cant_run_or_charge"]
    );
    // −2 on attacks.
    assert_eq!(
        hero_says(
            "AB",
            hero(json!(["entangled"])),
            dummy(json!([])),
            &d20s(&[13])
        ),
        ["sword vs dummy d20=13-2=11 AC 12 -> MISS"]
    );
}

#[test]
fn frightened_withdraws() {
    // A withdrawal: the square it leaves provokes no AoO from the dummy beside it.
    let p = fight(
        ".......AB",
        hero(json!(["frightened"])),
        dummy(json!([])),
        1,
        &dummy_idles(),
        &[],
    );
    assert_eq!(
        p.said_by("hero"),
        ["withdraw (0,7)->(0,6)->(0,5)->(0,4)->(0,3)->(0,2)->(0,1)->(0,0)"]
    );
    assert_eq!(p.count("AoO"), 0);
}

#[test]
fn panicked_flees_with_a_move_action() {
    // A single move action away (speed 30 ft: 6 squares), provoking as it leaves.
    let p = fight(
        ".......AB",
        hero(json!(["panicked"])),
        dummy(json!([])),
        1,
        &dummy_idles(),
        &d20s(&[2]),
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | hero starts panicked",
        "1 | hero | flee (0,7)->(0,6)->(0,5)->(0,4)->(0,3)->(0,2)->(0,1)",
        "1 | dummy | AoO: sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn cowering_loses_its_turn_minus_2_ac() {
    // Flat-footed AC 10, −2: AC 8.
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["cowering"])),
        1,
        &both_default(),
        &[(20, 8), (6, 3)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts cowering",
        "1 | hero | sword vs dummy d20=8+0=8 AC 8 -> HIT 3 dmg (dummy hp 20 -> 17)",
        "1 | dummy | cowering: loses its turn",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn bleeding_loses_hp_each_turn() {
    let bleeder = dummy(json!([{ "name": "bleeding", "amount": 2 }]));
    let p = fight(
        "AB",
        hero(json!([])),
        bleeder,
        2,
        &Plans::new().idle(&[0, 1]),
        &[],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts bleeding",
        "1 | dummy | bleeds 2: hp 20 -> 18",
        "2 | dummy | bleeds 2: hp 18 -> 16",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn confused_rolls_d100_each_turn() {
    // One turn in each band, at its edge: 01–25 acts normally, 26–50 babbles, 51–75 hurts
    // itself (1d8 + Str modifier 0), 76–100 attacks the nearest creature.
    let p = fight(
        "AB",
        hero(json!(["confused"])),
        dummy(json!([])),
        4,
        &dummy_idles(),
        &[
            (100, 25),
            (20, 2),
            (100, 50),
            (100, 51),
            (8, 3),
            (100, 76),
            (20, 2),
        ],
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "confused d100=25: acts normally",
            "sword vs dummy d20=2+0=2 AC 12 -> MISS",
            "confused d100=50: babbles",
            "confused d100=51: hurts itself for 3 (hp 20 -> 17)",
            "confused d100=76: attacks the nearest creature, dummy",
            "sword vs dummy d20=2+0=2 AC 12 -> MISS",
        ]
    );
}

#[test]
fn flat_footed_makes_no_attack_of_opportunity() {
    // The flat-footed dummy lets the archer shoot beside it (compare
    // `displaced_and_invisible_50_percent_and_no_aoo`) and has no Dex bonus: AC 10.
    let archer = creature("hero", json!({ "attacks": [bow(0, 30)] }));
    let p = fight(
        "AB",
        archer,
        dummy(json!(["flat_footed"])),
        1,
        &dummy_idles(),
        &d20s(&[9]),
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts flat_footed",
        "1 | hero | bow vs dummy d20=9+0=9 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
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
fn fascinated_loses_its_turn() {
    // Left alone, the fascinated dummy loses its turns.
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["fascinated"])),
        2,
        &Plans::new().idle(&[0]),
        &[],
    );
    assert_eq!(
        p.said_by("dummy"),
        ["fascinated: loses its turn", "fascinated: loses its turn"]
    );
    // « An obvious threat […] automatically breaks the effect »: attacked (at AC 12, its Dex
    // bonus kept), it is fascinated no more and fights back on its turn.
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["fascinated"])),
        1,
        &both_default(),
        &[(20, 11), (20, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts fascinated",
        "1 | dummy | fascinated ends (attacked)",
        "1 | hero | sword vs dummy d20=11+0=11 AC 12 -> MISS",
        "1 | dummy | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn pinned_cannot_attack_or_move() {
    assert_eq!(
        hero_says("AB", hero(json!(["pinned"])), dummy(json!([])), &[]),
        ["full_attack dropped: downgraded:cant_attack"]
    );
    assert_eq!(
        hero_says("A..B", hero(json!(["pinned"])), dummy(json!([])), &[]),
        [
            "move dropped: downgraded:cant_move",
            "attack dropped: downgraded:cant_attack"
        ]
    );
    // Denied its Dex bonus and −4 more: flat-footed AC 10 − 4 = 6.
    assert_eq!(
        hero_says(
            "AB",
            hero(json!([])),
            dummy(json!(["pinned"])),
            &[(20, 6), (6, 3)]
        ),
        ["sword vs dummy d20=6+0=6 AC 6 -> HIT 3 dmg (dummy hp 20 -> 17)"]
    );
}

#[test]
fn dazed_loses_its_turn_keeps_dex() {
    let p = fight(
        "AB",
        hero(json!([])),
        dummy(json!(["dazed"])),
        1,
        &both_default(),
        &[(20, 11)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts dazed",
        "1 | hero | sword vs dummy d20=11+0=11 AC 12 -> MISS",
        "1 | dummy | dazed: loses its turn",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn timed_condition_ends_after_its_rounds() {
    // Stunned for 1 round: it loses its first turn (AC 8 meanwhile), the condition ends at the
    // end of that turn, and it acts on its second (AC 12 again).
    let stunned = dummy(json!([{ "name": "stunned", "rounds": 1 }]));
    let p = fight(
        "AB",
        hero(json!([])),
        stunned,
        2,
        &both_default(),
        &[(20, 8), (6, 3), (20, 8), (20, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: dummy d20=1+0=1",
        "- | - | dummy starts stunned (1 round)",
        "1 | hero | sword vs dummy d20=8+0=8 AC 8 -> HIT 3 dmg (dummy hp 20 -> 17)",
        "1 | dummy | stunned: loses its turn",
        "1 | dummy | stunned ends",
        "2 | hero | sword vs dummy d20=8+0=8 AC 12 -> MISS",
        "2 | dummy | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
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

#[test]
fn flat_footed_with_combat_reflexes_still_makes_attacks_of_opportunity() {
    // « CRB — Combat Reflexes »: « you can also make attacks of opportunity while flat-footed ».
    let archer = creature("hero", json!({ "attacks": [bow(0, 30)] }));
    let alert = creature_over(
        "dummy",
        json!({ "feats": ["Combat Reflexes"], "conditions": ["flat_footed"] }),
        json!({ "attacks": [sword(0)] }),
    );
    let p = fight("AB", archer, alert, 1, &dummy_idles(), &d20s(&[2, 9]));
    assert_eq!(
        p.said_by("dummy"),
        ["AoO: sword vs hero d20=2+0=2 AC 10 -> MISS"]
    );
    assert_eq!(p.said_by("hero"), ["bow vs dummy d20=9+0=9 AC 10 -> MISS"]);
}
