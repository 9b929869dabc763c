//! Rule tests of the coup de grâce (« CRB — Coup de Grace »): a full-round action against a
//! helpless opponent in reach that provokes, hits automatically as a critical hit and kills on
//! a failed Fortitude save (DC 10 + damage); a plain hit and no save against a creature immune
//! to critical hits; refused otherwise; and when the default policy delivers one. Scripted
//! dice, exact log lines.

use serde_json::{Value, json};

use crate::model::Combatant;

use super::support::*;
use crate::fight::{Action, UnitId};

fn hero(patch: Value) -> Combatant {
    creature_over("hero", json!({ "attacks": [sword(0)] }), patch)
}

/// 1 hp, bleeding 3 at the start of its first turn: dying at hp −2 from then on.
fn bleeder(patch: Value) -> Combatant {
    creature_over(
        "victim",
        json!({ "hp_max": 1, "conditions": [{ "name": "bleeding", "amount": 3 }] }),
        patch,
    )
}

/// The hero (unit 0) beside the victim (unit 1) in a row of `row`, a far enemy (unit 2) at its
/// end; `plans` for everyone, initiative 1 for the hero, 20 for the victim, 2 for the far one.
fn beside(row: &str, victim: Combatant, plans: &Plans, script: &[(u32, u32)]) -> Played {
    let s = scenario(
        room(&[row]),
        vec![
            ("a", vec![hero(json!({}))]),
            ("b", vec![victim, creature("far", json!({}))]),
        ],
        1,
    );
    let mut rolls = d20s(&[1, 20, 2]);
    rolls.extend_from_slice(script);
    play_with(&s, plans, &rolls)
}

const LONG_ROW: &str = "AB..................B";

fn finish(target: usize) -> Plans {
    Plans::new()
        .fixed(
            0,
            &[Action::CoupDeGrace {
                target: UnitId::new(target),
            }],
        )
        .idle(&[1, 2])
}

#[test]
fn coup_de_grace_hits_automatically_as_a_critical_then_fortitude_or_death() {
    // The dying victim takes (1d6 = 3) × 2 and fails its DC 16 Fortitude save: dead. The far
    // enemy cannot be attacked this turn, so the default policy finishes the victim.
    let p = beside(
        LONG_ROW,
        bleeder(json!({})),
        &Plans::new().idle(&[2]),
        &[(6, 3), (20, 5)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=1+0=1",
        "- | - | initiative: victim d20=20+0=20",
        "- | - | initiative: far d20=2+0=2",
        "- | - | victim starts bleeding",
        "1 | victim | bleeds 3: hp 1 -> -2",
        "1 | hero | coup de grace: sword vs victim -> CRIT 6 dmg (victim hp -2 -> -8, dying)",
        "1 | victim | coup de grace Fort d20=5+0=5 DC 16 -> fails, dead",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    assert_eq!(p.tally.units[1].killed, 1);
    assert_eq!((p.tally.units[0].hits, p.tally.units[0].crits), (1, 1));
    // A successful save: it lives on, dying.
    let p = beside(
        LONG_ROW,
        bleeder(json!({})),
        &finish(1),
        &[(6, 3), (20, 16)],
    );
    assert_eq!(
        p.said_by("victim")[1],
        "coup de grace Fort d20=16+0=16 DC 16 -> saves"
    );
    assert_eq!(p.tally.units[1].killed, 0);
}

#[test]
fn coup_de_grace_provokes_attacks_of_opportunity() {
    // A guard threatens the hero: delivering the coup de grâce provokes it first.
    let s = scenario(
        room(&["BAB"]),
        vec![
            ("a", vec![hero(json!({}))]),
            (
                "b",
                vec![
                    creature("guard", json!({ "attacks": [sword(0)] })),
                    bleeder(json!({})),
                ],
            ),
        ],
        1,
    );
    let plans = Plans::new()
        .fixed(
            0,
            &[Action::CoupDeGrace {
                target: UnitId::new(2),
            }],
        )
        .idle(&[1, 2]);
    let p = play_with(
        &s,
        &plans,
        &[(20, 1), (20, 5), (20, 20), (20, 2), (6, 3), (20, 1)],
    );
    assert_eq!(
        p.render()[4..],
        [
            "1 | victim | bleeds 3: hp 1 -> -2",
            "1 | guard | AoO: sword vs hero d20=2+0=2 AC 10 -> MISS",
            "1 | hero | coup de grace: sword vs victim -> CRIT 6 dmg (victim hp -2 -> -8, dying)",
            "1 | victim | coup de grace Fort d20=1+0=1 DC 16 -> fails, dead",
            "- | - | battle over: draw after 1 rounds (round cap)",
        ]
    );
}

#[test]
fn coup_de_grace_on_a_creature_immune_to_criticals_is_a_plain_hit_without_a_save() {
    let victim = bleeder(json!({ "immunities": ["critical_hits"] }));
    let p = beside(LONG_ROW, victim, &finish(1), &[(6, 3)]);
    assert_eq!(
        p.said_by("hero"),
        ["coup de grace: sword vs victim -> HIT 3 dmg (victim hp -2 -> -5, dying)"]
    );
    assert_eq!(p.said_by("victim"), ["bleeds 3: hp 1 -> -2"]);
}

#[test]
fn coup_de_grace_is_refused_unless_the_target_is_helpless_and_in_reach() {
    // Against a standing enemy, and against a dying one two squares away: refused, nothing
    // rolled, the turn spent.
    let standing = creature("victim", json!({}));
    let p = beside(LONG_ROW, standing, &finish(1), &[]);
    assert_eq!(p.said_by("hero"), ["coup_de_grace refused: not_helpless"]);
    let p = beside("A.B.................B", bleeder(json!({})), &finish(1), &[]);
    assert_eq!(p.said_by("hero"), ["coup_de_grace refused: out_of_reach"]);
}

#[test]
fn coup_de_grace_with_a_bow_needs_the_target_adjacent() {
    // The archer's only weapon is a bow (×3): adjacent, it delivers the coup de grâce — 9
    // damage kill the victim outright (−11 ≤ −10), no save.
    let s = |row: &str| {
        scenario(
            room(&[row]),
            vec![
                (
                    "a",
                    vec![creature("hero", json!({ "attacks": [bow(0, 30)] }))],
                ),
                ("b", vec![bleeder(json!({})), creature("far", json!({}))]),
            ],
            1,
        )
    };
    let mut rolls = d20s(&[1, 20, 2]);
    rolls.push((6, 3));
    let p = play_with(&s(LONG_ROW), &finish(1), &rolls);
    assert_eq!(
        p.said_by("hero"),
        ["coup de grace: bow vs victim -> CRIT 9 dmg (victim hp -2 -> -11, dead)"]
    );
    let p = play_with(&s("A.B.................B"), &finish(1), &d20s(&[1, 20, 2]));
    assert_eq!(p.said_by("hero"), ["coup_de_grace refused: out_of_reach"]);
}

#[test]
fn the_default_policy_finishes_a_helpless_enemy_only_when_no_attack_is_left() {
    // The far enemy within a move: the hero walks over the body and attacks it instead.
    let p = beside(
        "AB...B",
        bleeder(json!({})),
        &Plans::new().idle(&[2]),
        &d20s(&[2]),
    );
    assert_eq!(
        p.said_by("hero"),
        [
            "move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)",
            "sword vs far d20=2+0=2 AC 10 -> MISS"
        ]
    );
    // A standing enemy threatens the hero: it fights that one (a coup de grâce would provoke).
    let s = scenario(
        room(&["BAB"]),
        vec![
            ("a", vec![hero(json!({}))]),
            ("b", vec![creature("guard", json!({})), bleeder(json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[1, 5, 20, 2]));
    assert_eq!(
        p.said_by("hero"),
        ["sword vs guard d20=2+0=2 AC 10 -> MISS"]
    );
}

#[test]
fn the_default_policy_finishes_a_paralyzed_enemy_rather_than_strike_it() {
    // Paralyzed, the nearest enemy is helpless yet still in the fight: the hero finishes it.
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![hero(json!({}))]),
            (
                "b",
                vec![creature("victim", json!({ "conditions": ["paralyzed"] }))],
            ),
        ],
        1,
    );
    let p = play(&s, &[(20, 20), (20, 1), (6, 3), (20, 2)]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "- | - | victim starts paralyzed",
        "1 | hero | coup de grace: sword vs victim -> CRIT 6 dmg (victim hp 20 -> 14)",
        "1 | victim | coup de grace Fort d20=2+0=2 DC 16 -> fails, dead",
        "- | - | battle over: a win in 1 rounds",
    ]);
}

#[test]
fn a_staggered_creature_does_not_try_a_coup_de_grace() {
    // A full-round action does not fit a staggered turn: the default policy moves toward the
    // far enemy instead of losing its turn.
    let s = scenario(
        room(&[LONG_ROW]),
        vec![
            ("a", vec![hero(json!({ "conditions": ["staggered"] }))]),
            ("b", vec![bleeder(json!({})), creature("far", json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[2]), &d20s(&[1, 20, 2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "attack dropped: downgraded:staggered",
            "move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)->(0,5)->(0,6)"
        ]
    );
}

#[test]
fn coup_de_grace_of_a_rogue_adds_its_sneak_attack_dice() {
    // (1d6 = 3) × 2, then 1d6 = 4 of sneak attack, never multiplied: 10, and the victim dies
    // outright (−12 ≤ −10).
    let s = scenario(
        room(&[LONG_ROW]),
        vec![
            (
                "a",
                vec![creature_over(
                    "rogue",
                    json!({ "level": 1, "features": ["Sneak Attack +1d6"], "attacks": [sword(0)] }),
                    json!({}),
                )],
            ),
            ("b", vec![bleeder(json!({})), creature("far", json!({}))]),
        ],
        1,
    );
    let mut rolls = d20s(&[1, 20, 2]);
    rolls.extend_from_slice(&[(6, 3), (6, 4)]);
    let p = play_with(&s, &finish(1), &rolls);
    assert_eq!(
        p.said_by("rogue"),
        ["coup de grace: sword vs victim -> CRIT 10 dmg (sneak 1d6=4) (victim hp -2 -> -12, dead)"]
    );
}
