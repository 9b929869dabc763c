//! Rule tests of attacks of opportunity and threatened squares (the reference spec, « Attaques
//! d'opportunité », « Mêlée », « Pas de placement »; CRB « Attacks of Opportunity »,
//! « Combat Reflexes », « Reach Weapons », « Big and Little Creatures in Combat », « Cover »).
//! Each test plays a tiny fight with scripted dice; AoO lines read `AoO: weapon vs mover …`.

use serde_json::{Value, json};

use crate::model::Combatant;

use super::support::*;
use crate::fight::{Action, UnitId};

fn longspear() -> Value {
    json!({
        "name": "longspear", "kind": "melee", "attack_bonus": 0, "reach_weapon": true,
        "damage": [{ "formula": "1d8", "types": ["piercing"] }], "crit_mult": 3
    })
}

/// A guard (AC 30: every shot at it misses on a 10) with `attacks` and `patch` merged.
fn guard(attacks: Value, patch: Value) -> Combatant {
    creature_over(
        "guard",
        json!({
            "attacks": attacks,
            "ac": { "total": 30, "touch": 30, "flat_footed": 30 }
        }),
        patch,
    )
}

/// An archer (bow, BAB `bab`) and an idle guard placed as `zones` draws them; one round, the
/// archer first. Returns the whole log.
fn archer_beside(zones: &[&str], bab: i32, guard: Combatant, script: &[(u32, u32)]) -> Played {
    let archer = creature("archer", json!({ "bab": bab, "attacks": [bow(0, 30)] }));
    let s = scenario(
        room(zones),
        vec![("a", vec![archer]), ("b", vec![guard])],
        1,
    );
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, &Plans::new().idle(&[1]), &rolls)
}

const AOO_MISS: &str = "AoO: sword vs archer d20=2+0=2 AC 10 -> MISS";
const SHOT: &str = "bow vs guard d20=10+0=10 AC 30 -> MISS";

#[test]
fn five_foot_step_provokes_no_aoo() {
    // A longspear can't strike the adjacent guard: the default policy steps back out of the
    // guard's threatened square and strikes at 10 ft; the guard, with its AoO unused, gets none.
    let hero = creature("hero", json!({ "attacks": [longspear()] }));
    let s = scenario(
        room(&["..AB"]),
        vec![
            ("a", vec![hero]),
            ("b", vec![guard(json!([sword(0)]), json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 10]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: guard d20=1+0=1",
        "1 | hero | 5-foot step (0,2)->(0,1)",
        "1 | hero | longspear vs guard d20=10+0=10 AC 30 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn leaving_threatened_square_provokes_once_per_opponent_per_round() {
    // The hero (speed 10 ft) walks along row 0 toward `far`, past a guard with Combat Reflexes
    // (5 AoOs a round): leaving (0,0) and (0,1) provokes it once in round 1; leaving (0,2)
    // provokes it again in round 2.
    let hero = creature(
        "hero",
        json!({ "speed_land_ft": 10, "attacks": [sword(0)] }),
    );
    let reflexes = guard(
        json!([sword(0)]),
        json!({ "feats": ["Combat Reflexes"], "abilities": { "dex_score": 18 } }),
    );
    let s = scenario(
        room(&["A....B", ".B...."]),
        vec![
            ("a", vec![hero]),
            ("b", vec![creature("far", json!({})), reflexes]),
        ],
        2,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::Move {
                target: UnitId::new(1),
            }],
        )
        .idle(&[1, 2]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1, 2, 2]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: far d20=1+0=1",
        "- | - | initiative: guard d20=1+0=1",
        "1 | hero | move (0,0)->(0,1)->(0,2)",
        "1 | guard | AoO: sword vs hero d20=2+0=2 AC 10 -> MISS",
        "2 | hero | move (0,2)->(0,3)->(0,4)",
        "2 | guard | AoO: sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    // Two guards along the way: one AoO each.
    let hero = creature("hero", json!({ "attacks": [sword(0)] }));
    let g = || guard(json!([sword(0)]), json!({}));
    let s = scenario(
        room(&["A....B", ".B.B.."]),
        vec![
            ("a", vec![hero]),
            ("b", vec![creature("far", json!({})), g(), g()]),
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
        .idle(&[1, 2, 3]);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1, 1, 2, 2]));
    assert_eq!(
        p.said_by("hero"),
        ["move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)"]
    );
    assert_eq!(
        p.said_by("guard"),
        ["AoO: sword vs hero d20=2+0=2 AC 10 -> MISS"]
    );
    assert_eq!(
        p.said_by("guard-2"),
        ["AoO: sword vs hero d20=2+0=2 AC 10 -> MISS"]
    );
}

#[test]
fn ranged_attack_in_threatened_square_provokes() {
    let p = archer_beside(
        &["AB"],
        1,
        guard(json!([sword(0)]), json!({})),
        &d20s(&[2, 10]),
    );
    assert_eq!(
        p.render()[2..4],
        [
            format!("1 | guard | {AOO_MISS}"),
            format!("1 | archer | {SHOT}")
        ]
    );
    // A melee attack from the same square provokes nothing.
    let hero = creature("archer", json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![hero]),
            ("b", vec![guard(json!([sword(0)]), json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 10]));
    assert_eq!(p.count("AoO"), 0);
}

#[test]
fn no_aoo_against_target_with_cover() {
    // The guard at (0,0) and the archer at (1,1) touch corners past a pillar at (0,1): the
    // archer has cover against the guard's melee, so its shot provokes nothing.
    let archer = || creature("archer", json!({ "attacks": [bow(0, 30)] }));
    let g = || guard(json!([sword(0)]), json!({}));
    let s = scenario(
        map(&[".C", ".."], &["B.", ".A"]),
        vec![("a", vec![archer()]), ("b", vec![g()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 10]));
    assert_eq!(p.count("AoO"), 0, "{:?}", p.render());
    assert_eq!(p.said_by("archer").len(), 1);
    // Without the pillar the same shot provokes.
    let s = scenario(
        room(&["B.", ".A"]),
        vec![("a", vec![archer()]), ("b", vec![g()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 2, 10]));
    assert_eq!(p.said_by("guard"), [AOO_MISS]);
}

#[test]
fn combat_reflexes_allows_more_aoo() {
    // Two shots (BAB +6) from a threatened square: one AoO without the feat, two with Combat
    // Reflexes and Dex 12 (1 + 1).
    let plain = guard(json!([sword(0)]), json!({}));
    let p = archer_beside(&["AB"], 6, plain, &d20s(&[2, 10, 10]));
    assert_eq!(
        p.render()[2..5],
        [
            format!("1 | guard | {AOO_MISS}"),
            format!("1 | archer | {SHOT}"),
            "1 | archer | bow vs guard d20=10-5=5 AC 30 -> MISS".to_string(),
        ]
    );
    let reflexes = guard(
        json!([sword(0)]),
        json!({ "feats": ["Combat Reflexes"], "abilities": { "dex_score": 12 } }),
    );
    let p = archer_beside(&["AB"], 6, reflexes, &d20s(&[2, 10, 2, 10]));
    assert_eq!(
        p.render()[2..6],
        [
            format!("1 | guard | {AOO_MISS}"),
            format!("1 | archer | {SHOT}"),
            format!("1 | guard | {AOO_MISS}"),
            "1 | archer | bow vs guard d20=10-5=5 AC 30 -> MISS".to_string(),
        ]
    );
}

#[test]
fn reach_weapon_threatens_ring_not_adjacent() {
    let spearman = || guard(json!([longspear()]), json!({}));
    let p = archer_beside(&["A.B"], 1, spearman(), &d20s(&[2, 10]));
    assert_eq!(
        p.said_by("guard"),
        ["AoO: longspear vs archer d20=2+0=2 AC 10 -> MISS"]
    );
    let p = archer_beside(&["AB"], 1, spearman(), &d20s(&[10]));
    assert_eq!(p.count("AoO"), 0);
    assert_eq!(p.said_by("archer"), [SHOT]);
}

#[test]
fn large_creature_reach_10_disc() {
    let ogre = || {
        guard(
            json!([{ "name": "slam", "kind": "melee", "attack_bonus": 0, "natural": true,
                     "damage": [{ "formula": "1d8", "types": ["bludgeoning"] }] }]),
            json!({ "size": "Large" }),
        )
    };
    let slam = "AoO: slam vs archer d20=2+0=2 AC 10 -> MISS";
    // Adjacent and 10 ft away: threatened; 15 ft: not.
    let p = archer_beside(&["ABB", ".BB"], 1, ogre(), &d20s(&[2, 10]));
    assert_eq!(p.said_by("guard"), [slam]);
    let p = archer_beside(&["A.BB", "..BB"], 1, ogre(), &d20s(&[2, 10]));
    assert_eq!(p.said_by("guard"), [slam]);
    let p = archer_beside(&["A..BB", "...BB"], 1, ogre(), &d20s(&[10]));
    assert_eq!(p.count("AoO"), 0);
}
