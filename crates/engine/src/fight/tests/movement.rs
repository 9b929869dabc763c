//! Rule tests of movement (the reference spec, « Mêlée — Mouvement », « Charge », « Retraite »,
//! « Course »; CRB « Move Actions », « Charge », « Withdraw », « Run », « Moving Through a
//! Square »). Each test plays a tiny fight with scripted dice and pins the path lines
//! (`move|charge|withdraw|run FROM->…->TO`) and the attacks of opportunity they cause.

use serde_json::{Value, json};

use crate::board::Board;
use crate::model::Combatant;

use super::support::*;
use crate::fight::{Action, UnitId};

fn hero(patch: Value) -> Combatant {
    creature_over("hero", json!({ "attacks": [sword(0)] }), patch)
}

fn foe() -> Combatant {
    creature("foe", json!({ "attacks": [sword(0)] }))
}

#[test]
fn charge_straight_line_plus_2_attack_minus_2_ac() {
    let s = scenario(
        room(&["A....B"]),
        vec![("a", vec![hero(json!({}))]), ("b", vec![foe()])],
        2,
    );
    let p = play(&s, &d20s(&[20, 1, 2, 2, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | charge (0,0)->(0,1)->(0,2)->(0,3)->(0,4)",
        "1 | hero | sword vs foe d20=2+2=4 AC 10 -> MISS",
        "1 | foe | sword vs hero d20=2+0=2 AC 8 -> MISS",
        // The −2 lasts until the charger's next turn; the +2 was for the charge attack only.
        "2 | hero | sword vs foe d20=2+0=2 AC 10 -> MISS",
        "2 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    // At least 10 ft: one square away, the hero takes a 5-foot step instead.
    let s = scenario(
        room(&["A.B"]),
        vec![("a", vec![hero(json!({}))]), ("b", vec![foe()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "5-foot step (0,0)->(0,1)",
            "sword vs foe d20=2+0=2 AC 10 -> MISS"
        ]
    );
    // At most twice the speed: with 10 ft of speed, 4 squares are a charge, 5 are not.
    let slow = || hero(json!({ "speed_land_ft": 10 }));
    let s = scenario(
        room(&["A....B"]),
        vec![("a", vec![slow()]), ("b", vec![foe()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2]));
    assert_eq!(
        p.said_by("hero")[0],
        "charge (0,0)->(0,1)->(0,2)->(0,3)->(0,4)"
    );
    let s = scenario(
        room(&["A.....B"]),
        vec![("a", vec![slow()]), ("b", vec![foe()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1]));
    assert_eq!(p.said_by("hero"), ["move (0,0)->(0,1)->(0,2)"]);
}

#[test]
fn charge_blocked_by_difficult_terrain_or_creature() {
    // Rubble in the line: a move (the rubble costs 2 squares) and a plain attack, no −2 AC.
    let s = scenario(
        map(&["..T..."], &["A....B"]),
        vec![("a", vec![hero(json!({}))]), ("b", vec![foe()])],
        1,
    );
    let p = play(&s, &d20s(&[20, 1, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)",
        "1 | hero | sword vs foe d20=2+0=2 AC 10 -> MISS",
        "1 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // An ally in the line: the hero moves through it instead of charging.
    let s = scenario(
        room(&["AA...B"]),
        vec![
            ("a", vec![hero(json!({})), creature("ally", json!({}))]),
            ("b", vec![foe()]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1, 2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)",
            "sword vs foe d20=2+0=2 AC 10 -> MISS"
        ]
    );
}

#[test]
fn movement_passes_allies_never_enemies_and_never_ends_on_allies() {
    let ally = || creature("ally", json!({}));
    // Through an ally to the foe.
    let s = scenario(
        room(&["AA..B"]),
        vec![("a", vec![hero(json!({})), ally()]), ("b", vec![foe()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1, 2]));
    assert_eq!(p.said_by("hero")[0], "move (0,0)->(0,1)->(0,2)->(0,3)");
    // With 5 ft of speed the only square left is the ally's: the hero stays put.
    let s = scenario(
        room(&["AA..B"]),
        vec![
            ("a", vec![hero(json!({ "speed_land_ft": 5 })), ally()]),
            ("b", vec![foe()]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1]));
    assert_eq!(p.said_by("hero"), ["move (0,0) (no way forward)"]);
    // An enemy in a corridor stops a move toward the one behind it.
    let s = scenario(
        room(&["A.B.B"]),
        vec![
            ("a", vec![hero(json!({}))]),
            ("b", vec![creature("blocker", json!({})), foe()]),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Move {
                target: UnitId::new(2),
            }],
        )
        .idle(&[1, 2]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1]));
    assert_eq!(p.said_by("hero"), ["move (0,0)->(0,1)"]);
    // Passing through an ally leaves it where it stands: a slow second mover cannot end on
    // the square the first one crossed.
    let s = scenario(
        room(&["AAA......B"]),
        vec![
            (
                "a",
                vec![
                    hero(json!({ "speed_land_ft": 10 })),
                    creature("runner", json!({})),
                    ally(),
                ],
            ),
            ("b", vec![foe()]),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(
            1,
            &[Action::Move {
                target: UnitId::new(3),
            }],
        )
        .idle(&[2, 3]);
    let p = play_with(&s, &plans, &d20s(&[15, 20, 1, 1]));
    assert_eq!(
        p.said_by("runner"),
        ["move (0,1)->(0,2)->(0,3)->(0,4)->(0,5)->(0,6)->(0,7)"]
    );
    assert_eq!(p.said_by("hero"), ["move (0,0)->(0,1)"]);
}

#[test]
fn withdraw_first_square_provokes_no_aoo() {
    let guard = || creature("guard", json!({ "attacks": [sword(0)] }));
    let run = |zones: &[&str], guard: Combatant, action: Action, script: &[(u32, u32)]| {
        let far = creature("far", json!({}));
        let s = scenario(
            room(zones),
            vec![("a", vec![hero(json!({}))]), ("b", vec![guard, far])],
            1,
        );
        let plans = Plans::new().fixed(0, &[action]).idle(&[1, 2]);
        play_with(&s, &plans, script)
    };
    let row = ["BA.........B"];
    // Leaving the guard's reach by withdrawing: no AoO; by moving: one.
    let p = run(&row, guard(), Action::Withdraw, &d20s(&[20, 1, 1]));
    assert_eq!(
        p.said_by("hero"),
        ["withdraw (0,1)->(0,2)->(0,3)->(0,4)->(0,5)->(0,6)->(0,7)->(0,8)->(0,9)->(0,10)"]
    );
    assert_eq!(p.count("AoO"), 0);
    let p = run(
        &row,
        guard(),
        Action::Move {
            target: UnitId::new(2),
        },
        &d20s(&[20, 1, 1, 2]),
    );
    assert_eq!(
        p.said_by("guard"),
        ["AoO: sword vs hero d20=2+0=2 AC 10 -> MISS"]
    );
    // Only the first square is safe: a Large guard (reach 10 ft) still threatens the second,
    // (1,3).
    let ogre = creature(
        "guard",
        json!({ "size": "Large", "attacks": [{
            "name": "slam", "kind": "melee", "attack_bonus": 0, "natural": true,
            "damage": [{ "formula": "1d8", "types": ["bludgeoning"] }]
        }] }),
    );
    let p = run(
        &["BBA........B", "BB.........."],
        ogre,
        Action::Withdraw,
        &d20s(&[20, 1, 1, 2]),
    );
    assert_eq!(
        p.render()[3..5],
        [
            "1 | hero | withdraw (0,2)->(1,3)->(1,4)->(1,5)->(1,6)->(1,7)->(1,8)->(1,9)->(1,10)->(1,11)",
            "1 | guard | AoO: slam vs hero d20=2+0=2 AC 10 -> MISS",
        ]
    );
}

#[test]
fn run_four_times_speed_straight_line() {
    let run = |terrain: &str, zones: &str, script: &[(u32, u32)]| {
        let s = scenario(
            map(&[terrain], &[zones]),
            vec![
                ("a", vec![hero(json!({ "speed_land_ft": 10 }))]),
                ("b", vec![foe()]),
            ],
            1,
        );
        let plans = Plans::new()
            .fixed(
                0,
                &[Action::Run {
                    target: UnitId::new(1),
                }],
            )
            .idle(&[1]);
        play_with(&s, &plans, script).said_by("hero")[0].to_string()
    };
    // 10 ft of speed: 8 squares.
    assert_eq!(
        run("...............", "A.............B", &d20s(&[20, 1])),
        "run (0,0)->(0,1)->(0,2)->(0,3)->(0,4)->(0,5)->(0,6)->(0,7)->(0,8)"
    );
    // It stops where it can strike (next to the foe)…
    assert_eq!(
        run(".......", "A.....B", &d20s(&[20, 1])),
        "run (0,0)->(0,1)->(0,2)->(0,3)->(0,4)->(0,5)"
    );
    // …and before difficult terrain (« you can't run or charge across difficult terrain »).
    assert_eq!(
        run("....T......", "A.........B", &d20s(&[20, 1])),
        "run (0,0)->(0,1)->(0,2)->(0,3)"
    );
}

#[test]
fn large_creature_closes_in_on_a_target_against_a_wall() {
    // The dummy stands in the bottom row: a 2×2 footprint anchored on its square would overlap
    // the wall, yet the ogre must still find its way (it aims at a footprint covering the
    // dummy's square that fits).
    let ogre = creature(
        "ogre",
        json!({ "size": "Large", "attacks": [melee("slam", 0, "1d8", &["bludgeoning"])] }),
    );
    let walls = "######################";
    let inside = "#....................#";
    let blank = "......................";
    let s = scenario(
        map(
            &[walls, inside, inside, inside, walls],
            &[
                blank,
                ".A....................",
                blank,
                "....................B.",
                blank,
            ],
        ),
        vec![("a", vec![ogre]), ("b", vec![creature("dummy", json!({}))])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1]));
    assert_eq!(
        p.said_by("ogre"),
        ["move (1,1)->(1,2)->(1,3)->(1,4)->(1,5)->(1,6)->(1,7)"]
    );
}

#[test]
fn a_mover_dropped_while_passing_an_ally_falls_back_to_its_last_free_square() {
    // Leaving the ally's square (0,1) provokes the guard, whose blow drops the hero: it must not
    // lie on the ally's square.
    let s = scenario(
        room(&["AA..B", "..B.."]),
        vec![
            (
                "a",
                vec![hero(json!({ "hp_max": 1 })), creature("ally", json!({}))],
            ),
            ("b", vec![creature("far", json!({})), foe()]),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Move {
                target: UnitId::new(2),
            }],
        )
        .idle(&[1, 2, 3]);
    let p = play_with(
        &s,
        &plans,
        &[(20, 20), (20, 1), (20, 1), (20, 1), (20, 15), (6, 3)],
    );
    assert_eq!(p.said_by("hero"), ["move (0,0)->(0,1)->(0,2)->(0,3)"]);
    assert_eq!(
        p.said_by("foe"),
        ["AoO: sword vs hero d20=15+0=15 AC 10 -> HIT 3 dmg (hero hp 1 -> -2, dying)"]
    );
    assert_eq!(p.positions[1], crate::board::Pos::new(0, 1));
    assert_eq!(p.positions[0], crate::board::Pos::new(0, 0));
}

#[test]
fn five_foot_step_needs_more_than_5_ft_of_speed() {
    let fight = |speed: u32| {
        let s = scenario(
            room(&["A.B"]),
            vec![
                ("a", vec![hero(json!({ "speed_land_ft": speed }))]),
                ("b", vec![foe()]),
            ],
            1,
        );
        let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2]));
        p.said_by("hero")
            .iter()
            .map(|l| l.to_string())
            .collect::<Vec<_>>()
    };
    let miss = "sword vs foe d20=2+0=2 AC 10 -> MISS";
    assert_eq!(fight(10), ["5-foot step (0,0)->(0,1)", miss]);
    // At 5 ft a move action is the only way to close in (and leaves a standard action).
    assert_eq!(fight(5), ["move (0,0)->(0,1)", miss]);
}

/// « CRB — Charge » lines of a 1×1 charger read the terrain from the scenario's table
/// (`tables::MapCache::charge_terrain`): from every square to every square of a map of
/// walls, pillars, rubble, forest and a raised ledge, the answer is the step-by-step walk's —
/// asked twice, so that the second answer comes from the table.
#[test]
fn charge_lines_from_the_terrain_table_match_the_walk() {
    let s = scenario(
        map_with(
            &[
                "..T...#..",
                ".C..f....",
                "...#..T..",
                "..T......",
                "....C..f.",
                ".........",
            ],
            &[
                "A........",
                ".........",
                ".........",
                ".........",
                ".........",
                "........B",
            ],
            Some(&[
                "..11.....",
                "..11.....",
                ".........",
                ".........",
                ".........",
                ".........",
            ]),
            &[("a", 'A'), ("b", 'B')],
        ),
        vec![("a", vec![hero(json!({}))]), ("b", vec![foe()])],
        1,
    );
    let info = crate::fight::prepare(&s);
    let mut fight = crate::fight::Fight::new(&s, &info);
    fight.reset();
    let (rows, cols) = (fight.map.rows(), fight.map.cols());
    let squares: Vec<_> = (0..rows)
        .flat_map(|r| (0..cols).map(move |c| crate::board::Pos::new(r, c)))
        .collect();
    let (mut open, mut blocked) = (0, 0);
    for _ in 0..2 {
        for &from in &squares {
            for &to in &squares {
                let walked = fight.walk_charge_line(crate::size::Size::Medium, from, to, |_| true);
                assert_eq!(
                    fight.charge_terrain(0, from, to),
                    walked,
                    "{from:?} -> {to:?}"
                );
                match walked {
                    Some(_) => open += 1,
                    None => blocked += 1,
                }
            }
        }
    }
    assert!(
        open > 1000 && blocked > 1000,
        "{open} open, {blocked} blocked"
    );
}
