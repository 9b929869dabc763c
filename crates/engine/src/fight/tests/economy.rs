//! Rule tests of the action economy as the turn loop applies it to any policy's plan (the
//! reference spec, « Économie d'action », « Retour d'exécution des actions »; CRB « Actions in Combat »,
//! « Staggered », « Surprise »): actions that do not fit are dropped, each with one log line
//! `KIND dropped: REASON`, before the kept ones run in order.

use serde_json::json;

use super::support::*;
use crate::fight::{Action, UnitId};

/// The hero's lines when it plays `plan` on a one-row map drawn as `row`, against an idle dummy.
fn hero_plays(row: &str, speed_ft: u32, plan: &[Action], script: &[u32]) -> Vec<String> {
    let hero = creature(
        "hero",
        json!({ "speed_land_ft": speed_ft, "attacks": [sword(0)] }),
    );
    let s = scenario(
        room(&[row]),
        vec![("a", vec![hero]), ("b", vec![creature("dummy", json!({}))])],
        1,
    );
    let mut rolls = vec![20, 1];
    rolls.extend_from_slice(script);
    let p = play_with(&s, &Plans::new().fixed(0, plan).idle(&[1]), &d20s(&rolls));
    p.said_by("hero").iter().map(|l| l.to_string()).collect()
}

#[test]
fn action_economy_downgrades_excess_actions() {
    const T: UnitId = UnitId::new(1);
    let attack = Action::Attack { target: T };
    let miss = "sword vs dummy d20=2+0=2 AC 10 -> MISS";
    assert_eq!(
        hero_plays("AB", 30, &[attack, attack], &[2]),
        ["attack dropped: downgraded:action_economy", miss]
    );
    assert_eq!(
        hero_plays(
            "AB",
            30,
            &[Action::FullAttack { target: T }, Action::Move { target: T }],
            &[2]
        ),
        ["move dropped: downgraded:action_economy", miss]
    );
    assert_eq!(
        hero_plays("A...B", 30, &[Action::Charge { target: T }, attack], &[2]),
        [
            "attack dropped: downgraded:action_economy",
            "charge (0,0)->(0,1)->(0,2)->(0,3)",
            "sword vs dummy d20=2+2=4 AC 10 -> MISS"
        ]
    );
    assert_eq!(
        hero_plays(
            "A.B",
            30,
            &[
                Action::FiveFootStep { target: T },
                Action::Move { target: T }
            ],
            &[]
        ),
        [
            "move dropped: downgraded:action_economy",
            "5-foot step (0,0)->(0,1)"
        ]
    );
    // A second move action takes the standard action's place: nothing is dropped.
    let step = Action::Move { target: T };
    assert_eq!(
        hero_plays("A.........B", 10, &[step, step], &[]),
        ["move (0,0)->(0,1)->(0,2)", "move (0,2)->(0,3)->(0,4)"]
    );
}

#[test]
fn staggered_plans_keep_one_move_or_standard_action() {
    // The dummy's club leaves the hero at exactly 0 hp: disabled, one action a turn.
    let hero = creature("hero", json!({ "hp_max": 6, "attacks": [sword(0)] }));
    let clubber = creature(
        "dummy",
        json!({ "attacks": [melee("club", 0, "6", &["bludgeoning"])] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![hero]), ("b", vec![clubber])],
        1,
    );
    let plan = [
        Action::Move {
            target: UnitId::new(1),
        },
        Action::Attack {
            target: UnitId::new(1),
        },
    ];
    let p = play_with(&s, &Plans::new().fixed(0, &plan), &d20s(&[1, 20, 15]));
    p.assert_log(&[
        "- | - | initiative: hero d20=1+0=1",
        "- | - | initiative: dummy d20=20+0=20",
        "1 | dummy | club vs hero d20=15+0=15 AC 10 -> HIT 6 dmg (hero hp 6 -> 0, staggered)",
        "1 | hero | attack dropped: downgraded:staggered",
        "1 | hero | move (0,0) (no way forward)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn surprise_round_gives_the_aware_one_action_and_the_unaware_none() {
    let hero = creature("hero", json!({ "bab": 6, "attacks": [sword(0)] }));
    let foe = creature("foe", json!({ "aware": false, "attacks": [sword(0)] }));
    let s = scenario(room(&["AB"]), vec![("a", vec![hero]), ("b", vec![foe])], 1);
    let p = play(
        &s,
        &[
            (20, 20),
            (20, 1),
            (20, 10),
            (6, 3),
            (20, 10),
            (6, 3),
            (20, 2),
            (20, 2),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        // Round 0: one attack, not the full attack (BAB +6 would give two).
        "0 | hero | sword vs foe d20=10+0=10 AC 10 -> HIT 3 dmg (foe hp 20 -> 17)",
        "0 | foe | surprised: does not act in the surprise round",
        "1 | hero | sword vs foe d20=10+0=10 AC 10 -> HIT 3 dmg (foe hp 17 -> 14)",
        "1 | hero | sword vs foe d20=2-5=-3 AC 10 -> MISS",
        "1 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn no_surprise_round_when_everyone_or_no_one_is_aware() {
    for aware in [true, false] {
        let hero = creature("hero", json!({ "aware": aware, "attacks": [sword(0)] }));
        let foe = creature("foe", json!({ "aware": aware, "attacks": [sword(0)] }));
        let s = scenario(room(&["AB"]), vec![("a", vec![hero]), ("b", vec![foe])], 1);
        let p = play(&s, &d20s(&[20, 1, 2, 2]));
        assert_eq!(p.count("surprise"), 0);
        assert_eq!(p.lines[2].round, Some(1), "aware = {aware}");
    }
}
