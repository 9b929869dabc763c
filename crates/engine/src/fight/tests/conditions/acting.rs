//! What a condition lets a creature do: lose its turn, a single action, no movement, half
//! speed, no charge, flight, bleeding, confusion, no attack of opportunity, and how long a timed
//! condition lasts.

use serde_json::json;

use crate::fight::{Action, UnitId};

use super::super::support::*;
use super::*;

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
