//! Rule tests of creature size in melee (the reference spec, « Mêlée » and « Tailles et occupation
//! multi-cases »; CRB « Big and Little Creatures in Combat »: « Tiny, Diminutive, and
//! Fine creatures [...] must enter an opponent's square to attack in melee [...] You can
//! attack into your own square if you need to [...] they do not threaten the squares around
//! them », and « Creatures larger than Medium [...] have a natural reach of 10 feet or
//! more »). Each test plays a tiny fight with scripted dice and pins the path, attack and
//! attack-of-opportunity lines. Two creatures share a square only when their sizes differ and
//! the smaller is Tiny or smaller; sharing creatures are 0 ft apart.
//!
//! The reach-weapon ring (no strike adjacent) is pinned by
//! `tests::aoo::reach_weapon_threatens_ring_not_adjacent`.

use serde_json::{Value, json};

use crate::board::Pos;
use crate::model::{Combatant, parse_combatant};

use super::support::*;
use crate::fight::{Action, UnitId};

/// A Tiny creature (speed 20 ft) biting with `bite`.
fn tiny(name: &str, bite: Value) -> Combatant {
    creature(
        name,
        json!({ "size": "Tiny", "speed_land_ft": 20, "attacks": [bite] }),
    )
}

/// A bite, +0, 1d3 piercing, natural reach (0 ft for a Tiny creature).
fn bite() -> Value {
    json!({ "name": "bite", "kind": "melee", "attack_bonus": 0, "natural": true,
            "damage": [{ "formula": "1d3", "types": ["piercing"] }] })
}

fn guard() -> Combatant {
    creature("guard", json!({ "attacks": [sword(0)] }))
}

#[test]
fn tiny_creature_enters_the_enemy_square_to_attack() {
    // Reach 0: the imp's goal is the guard's own square; it walks in (leaving the square next
    // to the guard provokes) and bites from there.
    let s = scenario(
        room(&["A..B"]),
        vec![("a", vec![tiny("imp", bite())]), ("b", vec![guard()])],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[
                Action::Move {
                    target: UnitId::new(1),
                },
                Action::Attack {
                    target: UnitId::new(1),
                },
            ],
        )
        .idle(&[1]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: imp d20=20+0=20",
        "- | - | initiative: guard d20=1+0=1",
        "1 | imp | move (0,0)->(0,1)->(0,2)->(0,3)",
        "1 | guard | AoO: sword vs imp d20=2+0=2 AC 10 -> MISS",
        "1 | imp | bite vs guard d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    assert_eq!(p.positions, [Pos::new(0, 3), Pos::new(0, 3)]);

    // The default policy charges the same line into the guard's square (+2 on the bite).
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2, 2]));
    assert_eq!(
        p.said_by("imp"),
        [
            "charge (0,0)->(0,1)->(0,2)->(0,3)",
            "bite vs guard d20=2+2=4 AC 10 -> MISS"
        ]
    );

    // Adjacent, it cannot bite from where it stands: an attack from the next square does
    // nothing, and the default policy takes a 5-foot step into the guard's square first.
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![tiny("imp", bite())]), ("b", vec![guard()])],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Attack {
                target: UnitId::new(1),
            }],
        )
        .idle(&[1]);
    let p = play_with(&s, &plans, &d20s(&[20, 1]));
    assert!(p.said_by("imp").is_empty(), "{:?}", p.render());
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2]));
    assert_eq!(
        p.said_by("imp"),
        [
            "5-foot step (0,0)->(0,1)",
            "bite vs guard d20=2+0=2 AC 10 -> MISS"
        ]
    );
}

#[test]
fn tiny_creature_passes_through_an_enemy_square_and_leaving_it_provokes() {
    // The imp (speed 10 ft) heads for `far` through the guard's square: leaving the square
    // next to the guard provokes in round 1, leaving the guard's own square in round 2.
    let imp = creature(
        "imp",
        json!({ "size": "Tiny", "speed_land_ft": 10, "attacks": [bite()] }),
    );
    let s = scenario(
        room(&["A.B.B"]),
        vec![
            ("a", vec![imp]),
            ("b", vec![guard(), creature("far", json!({}))]),
        ],
        2,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Move {
                target: UnitId::new(2),
            }],
        )
        .idle(&[1, 2]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: imp d20=20+0=20",
        "- | - | initiative: guard d20=1+0=1",
        "- | - | initiative: far d20=1+0=1",
        "1 | imp | move (0,0)->(0,1)->(0,2)",
        "1 | guard | AoO: sword vs imp d20=2+0=2 AC 10 -> MISS",
        "2 | imp | move (0,2)->(0,3)->(0,4)",
        "2 | guard | AoO: sword vs imp d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn tiny_creature_threatens_nothing() {
    // The hero walks right past the imp: no attack of opportunity.
    let hero = creature("hero", json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["A....B", ".B...."]),
        vec![
            ("a", vec![hero]),
            ("b", vec![creature("far", json!({})), tiny("imp", bite())]),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Move {
                target: UnitId::new(1),
            }],
        )
        .idle(&[1, 2]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: far d20=1+0=1",
        "- | - | initiative: imp d20=1+0=1",
        "1 | hero | move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // Shooting next to it provokes nothing either.
    let archer = creature("archer", json!({ "attacks": [bow(0, 30)] }));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![archer]), ("b", vec![tiny("imp", bite())])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2]));
    assert_eq!(p.count("AoO"), 0, "{:?}", p.render());
    assert_eq!(p.said_by("archer"), ["bow vs imp d20=2+0=2 AC 10 -> MISS"]);
}

#[test]
fn medium_creature_attacks_a_tiny_in_its_square() {
    // The imp enters the guard's square; the guard strikes into its own square (0 ft).
    let s = scenario(
        room(&["A..B"]),
        vec![("a", vec![tiny("imp", bite())]), ("b", vec![guard()])],
        1,
    );
    let plans = Plans::new().fixed(
        0,
        &[Action::Move {
            target: UnitId::new(1),
        }],
    );
    let p = play_with(&s, &plans, &d20s(&[20, 1, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: imp d20=20+0=20",
        "- | - | initiative: guard d20=1+0=1",
        "1 | imp | move (0,0)->(0,1)->(0,2)->(0,3)",
        "1 | guard | AoO: sword vs imp d20=2+0=2 AC 10 -> MISS",
        "1 | guard | sword vs imp d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn two_tiny_creatures_never_share_a_square() {
    // Same size: the imp stops next to the enemy rat and, with reach 0, never bites it.
    let s = scenario(
        room(&["A..B"]),
        vec![
            ("a", vec![tiny("imp", bite())]),
            ("b", vec![tiny("rat", bite())]),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[
                Action::Move {
                    target: UnitId::new(1),
                },
                Action::Attack {
                    target: UnitId::new(1),
                },
            ],
        )
        .idle(&[1]);
    let p = play_with(&s, &plans, &d20s(&[20, 1]));
    p.assert_log(&[
        "- | - | initiative: imp d20=20+0=20",
        "- | - | initiative: rat d20=1+0=1",
        "1 | imp | move (0,0)->(0,1)->(0,2)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // A 5-foot step into the rat's square is refused; into a Medium's square it is taken.
    let step = |target: Combatant| {
        let s = scenario(
            room(&["AB"]),
            vec![("a", vec![tiny("imp", bite())]), ("b", vec![target])],
            1,
        );
        let plans = Plans::new()
            .fixed(0, &[Action::FiveFootStepTo { to: Pos::new(0, 1) }])
            .idle(&[1]);
        play_with(&s, &plans, &d20s(&[20, 1])).positions
    };
    assert_eq!(step(tiny("rat", bite())), [Pos::new(0, 0), Pos::new(0, 1)]);
    assert_eq!(step(guard()), [Pos::new(0, 1), Pos::new(0, 1)]);
}

#[test]
fn small_and_medium_creatures_never_share_a_square() {
    let s = scenario(
        room(&["AB"]),
        vec![
            (
                "a",
                vec![creature("hero", json!({ "attacks": [sword(0)] }))],
            ),
            ("b", vec![creature("goblin", json!({ "size": "Small" }))]),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(0, &[Action::FiveFootStepTo { to: Pos::new(0, 1) }])
        .idle(&[1]);
    let p = play_with(&s, &plans, &d20s(&[20, 1]));
    assert!(p.said_by("hero").is_empty(), "{:?}", p.render());
    assert_eq!(p.positions, [Pos::new(0, 0), Pos::new(0, 1)]);
}

#[test]
fn tiny_with_declared_reach_5_attacks_adjacent() {
    // A natural attack's reach_ft is its natural reach: 5 ft, so the adjacent guard is bitten
    // (and threatened: its shot provokes).
    let long_bite = json!({ "name": "bite", "kind": "melee", "attack_bonus": 0, "natural": true,
                            "reach_ft": 5, "damage": [{ "formula": "1d3", "types": ["piercing"] }] });
    let p = duel(tiny("imp", long_bite.clone()), guard(), 1, &d20s(&[2]));
    assert_eq!(p.said_by("imp"), ["bite vs guard d20=2+0=2 AC 10 -> MISS"]);
    assert_eq!(p.positions, [Pos::new(0, 0), Pos::new(0, 1)]);
    let archer = creature("archer", json!({ "attacks": [bow(0, 30)] }));
    let p = duel(archer, tiny("imp", long_bite), 1, &d20s(&[2, 2]));
    assert_eq!(
        p.render()[2..4],
        [
            "1 | imp | AoO: bite vs archer d20=2+0=2 AC 10 -> MISS",
            "1 | archer | bow vs imp d20=2+0=2 AC 10 -> MISS"
        ]
    );
}

#[test]
fn ogre_reach_10_threatens_and_attacks_at_10ft_and_provokes() {
    let ogre = || {
        parse_combatant(
            "ogre",
            include_str!("../../../../../data/monsters/ogre.json"),
        )
        .unwrap()
    };
    let hero = || creature("hero", json!({ "attacks": [sword(0)] }));
    // The Large ogre (2×2, greatclub reach 10 ft) clubs the hero two squares away.
    let s = scenario(
        room(&["BB.A", "BB.."]),
        vec![("a", vec![hero()]), ("b", vec![ogre()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[0]), &d20s(&[20, 1, 2]));
    assert_eq!(
        p.said_by("ogre"),
        ["greatclub vs hero d20=2+7=9 AC 10 -> MISS"]
    );
    // Moving out of a square 10 ft from the ogre provokes it.
    let s = scenario(
        room(&["BB.A..B", "BB....."]),
        vec![
            ("a", vec![hero()]),
            ("b", vec![ogre(), creature("far", json!({}))]),
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
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1, 2]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: ogre d20=1-1=0",
        "- | - | initiative: far d20=1+0=1",
        "1 | hero | move (0,3)->(0,4)->(0,5)",
        "1 | ogre | AoO: greatclub vs hero d20=2+7=9 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // Approaching from 15 ft to 5 ft provokes when leaving the 10 ft square, not before.
    let s = scenario(
        room(&["BB..A", "BB..."]),
        vec![("a", vec![hero()]), ("b", vec![ogre()])],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Move {
                target: UnitId::new(1),
            }],
        )
        .idle(&[1]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 2]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: ogre d20=1-1=0",
        "1 | hero | move (0,4)->(0,3)->(0,2)",
        "1 | ogre | AoO: greatclub vs hero d20=2+7=9 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn a_charge_line_through_a_tiny_creature_is_not_clear() {
    // « CRB — Charge »: a line through a square that contains a creature (even an ally) is no
    // charge. The hero moves through its imp's square instead (sizes differ) and attacks.
    let hero = creature("hero", json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["A.A..B"]),
        vec![
            ("a", vec![hero, tiny("imp", bite())]),
            ("b", vec![creature("foe", json!({}))]),
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
