//! Rule tests of the way through (« CRB — Moving Through a Square »; the reference spec,
//! « Mêlée — Mouvement »): a downed or helpless opponent's square is crossed, never ended on; a
//! walk that a standing creature stops is planned again around it; a creature that cannot
//! reach its nearest enemy turns to one it can reach. Scripted dice, exact log lines.

use serde_json::{Value, json};

use crate::model::Combatant;

use super::support::*;
use crate::board::Pos;
use crate::fight::{Action, Approach, Fight, UnitId, prepare};

fn hero(patch: Value) -> Combatant {
    creature_over("hero", json!({ "attacks": [sword(0)] }), patch)
}

/// A creature of 1 hp that bleeds 3 at the start of its first turn: dying (hp −2) from then on.
fn bleeder(name: &str) -> Combatant {
    creature(
        name,
        json!({ "hp_max": 1, "conditions": [{ "name": "bleeding", "amount": 3 }] }),
    )
}

/// Unit `u` moves toward unit `target` every turn; `idle` do nothing; the others play the
/// default policy.
fn moving(u: usize, target: usize, idle: &[usize]) -> Plans {
    let step = [Action::Move {
        target: UnitId::new(target),
    }];
    Plans::new().fixed(u, &step).idle(idle)
}

/// Two rooms joined by the doorway (2,4); the hero at (2,1), two bleeders in and just past the
/// doorway, the foe at (2,9).
fn doorway(hero: Combatant, rounds: u32) -> crate::scenario::Scenario {
    let wall = "....#.....";
    let blank = "..........";
    scenario(
        map(
            &[wall, wall, blank, wall, wall],
            &[blank, blank, ".A..BB...B", blank, blank],
        ),
        vec![
            ("a", vec![hero]),
            (
                "b",
                vec![bleeder("body"), bleeder("body"), creature("foe", json!({}))],
            ),
        ],
        rounds,
    )
}

#[test]
fn a_doorway_blocked_by_downed_bodies_is_crossed() {
    // Both bleeders drop in the doorway before the hero moves; it walks over them (no
    // penalty, no attack of opportunity: the helpless threaten nothing) and steps up to the
    // foe in round 2.
    let s = doorway(hero(json!({})), 2);
    let p = play_with(
        &s,
        &Plans::new().idle(&[3]),
        &d20s(&[10, 20, 19, 1, 15, 15, 2]),
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=10+0=10",
        "- | - | initiative: body d20=20+0=20",
        "- | - | initiative: body-2 d20=19+0=19",
        "- | - | initiative: foe d20=1+0=1",
        "- | - | body starts bleeding",
        "- | - | body-2 starts bleeding",
        "1 | body | bleeds 3: hp 1 -> -2",
        "1 | body-2 | bleeds 3: hp 1 -> -2",
        "1 | hero | move (2,1)->(2,2)->(2,3)->(2,4)->(2,5)->(2,6)->(2,7)",
        "2 | body | stabilize d20=15+0-2=13 DC 10 -> stable",
        "2 | body-2 | stabilize d20=15+0-2=13 DC 10 -> stable",
        "2 | hero | 5-foot step (2,7)->(1,8)",
        "2 | hero | sword vs foe d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn a_walk_never_ends_on_a_downed_body() {
    // With 15 ft of speed the walk would end on the first body: it stops one square short.
    let s = doorway(hero(json!({ "speed_land_ft": 15 })), 1);
    let p = play_with(&s, &Plans::new().idle(&[3]), &d20s(&[10, 20, 19, 1]));
    assert_eq!(p.said_by("hero"), ["move (2,1)->(2,2)->(2,3)"]);
}

#[test]
fn a_paralyzed_opponent_is_crossed_a_standing_one_is_not() {
    let run = |conditions: Value| {
        let s = scenario(
            room(&["A.B.B"]),
            vec![
                ("a", vec![hero(json!({}))]),
                (
                    "b",
                    vec![
                        creature("guard", json!({ "conditions": conditions })),
                        creature("foe", json!({})),
                    ],
                ),
            ],
            1,
        );
        let plans = moving(0, 2, &[1, 2]);
        let p = play_with(&s, &plans, &d20s(&[20, 1, 1]));
        p.said_by("hero")[0].to_string()
    };
    assert_eq!(run(json!(["paralyzed"])), "move (0,0)->(0,1)->(0,2)->(0,3)");
    assert_eq!(run(json!([])), "move (0,0)->(0,1)");
}

#[test]
fn a_walk_a_standing_creature_blocks_is_planned_again_around_it() {
    // The shortest way to the target goes through the doorway (1,4), where a guard stands:
    // the walk goes round by the other doorway (4,4) instead of stopping in front of the
    // guard, and reaches the target's side in round 2.
    let wall = "....#.....";
    let blank = "..........";
    let s = scenario(
        map(
            &[wall, blank, wall, wall, blank],
            &[blank, "..A.B..B..", blank, blank, blank],
        ),
        vec![
            ("a", vec![hero(json!({}))]),
            (
                "b",
                vec![creature("guard", json!({})), creature("foe", json!({}))],
            ),
        ],
        2,
    );
    let plans = moving(0, 2, &[1, 2]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1]));
    assert_eq!(
        p.said_by("hero"),
        [
            "move (1,2)->(2,2)->(3,2)->(4,3)->(4,4)->(4,5)->(3,5)",
            "move (3,5)->(2,5)->(1,6)",
        ]
    );
}

/// A closet at (1,1) holding the « cornered » enemy (unit 2), its only opening (2,1) held by
/// the hero's ally (unit 0); the hero (unit 1) and `others` (units 3…) on the bottom row
/// drawn as `bottom`.
fn closet(bottom: &str, others: Vec<Combatant>, rounds: u32) -> crate::scenario::Scenario {
    let mut b = vec![creature("cornered", json!({}))];
    b.extend(others);
    scenario(
        map(
            &["###.......", "#.#.......", "#.#.......", ".........."],
            &["..........", ".B........", ".A........", bottom],
        ),
        vec![
            ("a", vec![creature("ally", json!({})), hero(json!({}))]),
            ("b", b),
        ],
        rounds,
    )
}

#[test]
fn a_creature_that_cannot_reach_its_nearest_enemy_turns_to_one_it_can() {
    // The nearest enemy stands in a closet whose only opening, (2,1), holds the hero's ally:
    // no square from which to strike it is free. The hero charges the other enemy instead of
    // trying to walk into the closet every round.
    let s = closet(".A.......B", vec![creature("foe", json!({}))], 1);
    let p = play_with(&s, &Plans::new().idle(&[0, 2, 3]), &d20s(&[1, 20, 1, 1, 2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "charge (3,1)->(3,2)->(3,3)->(3,4)->(2,5)->(2,6)->(2,7)->(2,8)",
            "sword vs foe d20=2+2=4 AC 10 -> MISS",
        ]
    );
}

#[test]
fn a_move_toward_an_enemy_out_of_reach_ends_as_near_as_it_can_get() {
    // Walled in as above, the cornered enemy can be neared but not reached: a move toward it
    // ends on the free square nearest it, then goes nowhere.
    let s = closet("......A...", vec![], 2);
    let plans = moving(1, 2, &[0, 2]);
    let p = play_with(&s, &plans, &d20s(&[1, 20, 1]));
    assert_eq!(
        p.said_by("hero"),
        [
            "move (3,6)->(3,5)->(3,4)->(3,3)->(3,2)->(3,1)",
            "move (3,1) (no way forward)",
        ]
    );
}

#[test]
fn a_stuck_creature_is_planned_again_once_the_way_opens() {
    // Stuck while the ally holds the closet's opening (and remembered so), then free to walk
    // in as soon as the ally has stepped away.
    let s = closet(".A........", vec![], 1);
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    assert_eq!(fight.approach(1, 2), Approach::Stuck);
    assert_eq!(fight.approach(1, 2), Approach::Stuck);
    fight.relocate(0, Pos::new(3, 5));
    assert_eq!(fight.approach(1, 2), Approach::Strikes);
    let mut path = Vec::new();
    fight.plan_toward(1, 2, 6, &mut path);
    assert_eq!(path, [Pos::new(2, 1)]);
}

#[test]
fn a_creature_that_cannot_reach_its_nearest_enemy_shoots_one_it_can_see() {
    // The nearest enemy is walled in (no way to it, no line of effect): the archer shoots the
    // enemy it can see instead of walking nowhere.
    let s = scenario(
        map(
            &["###.......", "#.#.......", "###.......", ".........."],
            &["..........", ".B........", "..........", ".A.......B"],
        ),
        vec![
            (
                "a",
                vec![creature("archer", json!({ "attacks": [bow(0, 30)] }))],
            ),
            (
                "b",
                vec![creature("walled", json!({})), creature("foe", json!({}))],
            ),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1, 5]));
    assert_eq!(p.said_by("archer"), ["bow vs foe d20=5-2=3 AC 10 -> MISS"]);
}
