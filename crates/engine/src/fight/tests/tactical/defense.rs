//! Total defense, fighting defensively and aid another (« CRB — Total Defense », « Fighting
//! Defensively », « Aid Another », « Acrobatics »; the reference spec, « Défense totale »,
//! « Combat défensif », « Aider autrui »): the dodge bonuses and the attack penalty through the
//! one resolver, better with 3 ranks of Acrobatics, until the next turn; no attack of
//! opportunity in total defense; aid another's roll against AC 10 and the +2 spent by the next
//! attack roll.

use serde_json::{Value, json};

use super::super::support::*;
use super::*;
use crate::fight::{Action, AidMode};
use crate::scenario::Scenario;

/// A hero (unit 0, sword +0, `patch`) beside a foe (unit 1, sword +0), hero first, for
/// `rounds` rounds: the hero plays `hero`, the foe attacks it.
fn hero_against_foe(hero: Decide, patch: Value, rounds: u32, script: &[(u32, u32)]) -> Played {
    let h = creature_over("hero", json!({ "attacks": [sword(0)] }), patch);
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![h]),
            ("b", vec![creature("foe", json!({ "attacks": [sword(0)] }))]),
        ],
        rounds,
    );
    let mut rolls = d20s(&[20, 10]);
    rolls.extend_from_slice(script);
    play_with(&s, &Script::new().unit(0, hero).others_default(), &rolls)
}

fn total_defense_in_round_1(view: &View<'_>, _: UnitId, plan: &mut Plan) {
    if view.round() == 1 {
        plan.push(Action::TotalDefense);
    }
}

const ACROBAT: fn() -> Value = || json!({ "skills": { "acrobatics": { "ranks": 3 } } });

/// « CRB — Total Defense »: +4 dodge to AC until the next turn; +6 with 3 ranks of
/// Acrobatics.
#[test]
fn total_defense_gives_plus_four_dodge() {
    // Round 1: 13 misses AC 14; round 2, the stance over, 10 hits AC 10 (1d6 = 3).
    let p = hero_against_foe(
        total_defense_in_round_1,
        json!({}),
        2,
        &[(20, 13), (20, 10), (6, 3)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=10+0=10",
        "1 | hero | total defense: +4 dodge AC until its next turn",
        "1 | foe | sword vs hero d20=13+0=13 AC 14 -> MISS",
        "2 | foe | sword vs hero d20=10+0=10 AC 10 -> HIT 3 dmg (hero hp 20 -> 17)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    let p = hero_against_foe(total_defense_in_round_1, ACROBAT(), 1, &d20s(&[15]));
    assert_eq!(
        p.said_by("foe"),
        ["sword vs hero d20=15+0=15 AC 16 -> MISS"]
    );
    assert_eq!(
        p.said_by("hero"),
        ["total defense: +6 dodge AC until its next turn"]
    );
}

/// « CRB — Total Defense »: « You can't make attacks of opportunity while using total
/// defense »: the foe walks out of the hero's reach unpunished.
#[test]
fn total_defense_allows_no_attack_of_opportunity() {
    fn walks_off(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Move { target: unit(1) });
    }
    let play = |hero: Decide, script: &[u32]| {
        let s = scenario(
            room(&["AB...A"]),
            vec![
                (
                    "a",
                    vec![
                        creature("hero", json!({ "attacks": [sword(0)] })),
                        creature("far", json!({})),
                    ],
                ),
                ("b", vec![creature("foe", json!({}))]),
            ],
            1,
        );
        let policy = Script::new().unit(0, hero).unit(2, walks_off);
        let mut rolls = vec![20, 1, 10];
        rolls.extend_from_slice(script);
        play_with(&s, &policy, &d20s(&rolls))
    };
    fn idles(_: &View<'_>, _: UnitId, _: &mut Plan) {}
    assert_eq!(
        play(idles, &[2]).said_by("hero"),
        ["AoO: sword vs foe d20=2+0=2 AC 10 -> MISS"]
    );
    let p = play(total_defense_in_round_1, &[]);
    assert_eq!(
        p.said_by("hero"),
        ["total defense: +4 dodge AC until its next turn"]
    );
    assert_eq!(p.said_by("foe"), ["move (0,1)->(0,2)->(0,3)->(0,4)"]);
}

/// « CRB — Fighting Defensively »: a free declaration for the attacks that follow: −4 on
/// them, +2 dodge to AC until the next turn (+3 with 3 ranks of Acrobatics).
#[test]
fn fight_defensively_trades_attack_for_ac() {
    fn defends_and_attacks(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::FightDefensively);
        plan.push(Action::Attack { target: unit(1) });
    }
    let p = hero_against_foe(defends_and_attacks, json!({}), 1, &d20s(&[10, 11]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=10+0=10",
        "1 | hero | fights defensively: -4 on attacks, +2 dodge AC once it attacks, until its next turn",
        "1 | hero | sword vs foe d20=10-4=6 AC 10 -> MISS",
        "1 | foe | sword vs hero d20=11+0=11 AC 12 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    let p = hero_against_foe(defends_and_attacks, ACROBAT(), 1, &d20s(&[10, 12]));
    assert_eq!(
        p.said_by("foe"),
        ["sword vs hero d20=12+0=12 AC 13 -> MISS"]
    );
}

/// « CRB — Fighting Defensively »: « when attacking »: declared without an attack, it gives
/// no dodge bonus.
#[test]
fn fighting_defensively_without_attacking_gives_no_ac() {
    fn only_declares(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::FightDefensively);
    }
    let p = hero_against_foe(only_declares, json!({}), 1, &[(20, 11), (6, 1)]);
    assert_eq!(
        p.said_by("foe"),
        ["sword vs hero d20=11+0=11 AC 10 -> HIT 1 dmg (hero hp 20 -> 19)"]
    );
}

/// « CRB — Total Defense »: not combined with fighting defensively.
#[test]
fn total_defense_and_fighting_defensively_exclude_each_other() {
    fn both(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::FightDefensively);
        plan.push(Action::TotalDefense);
    }
    let p = hero_against_foe(both, json!({}), 1, &d20s(&[2]));
    assert_eq!(
        p.said_by("hero"),
        [
            "fights defensively: -4 on attacks, +2 dodge AC once it attacks, until its next turn",
            "total_defense refused: fighting_defensively"
        ]
    );
}

/// The aider (unit 0) and its ally (unit 1, BAB +6: two attacks) beside a foe (unit 2, BAB
/// +6), not flanking it; order aider, ally, foe.
fn aid_scene() -> Scenario {
    let fighter = |name| creature(name, json!({ "bab": 6, "attacks": [sword(0)] }));
    scenario(
        room(&["AB", "A."]),
        vec![
            ("a", vec![fighter("aider"), fighter("ally")]),
            ("b", vec![fighter("foe")]),
        ],
        1,
    )
}

/// « CRB — Aid Another »: an attack roll against AC 10 gives the ally +2 on its next attack
/// roll against the enemy (its second attack gets nothing), or +2 AC against the enemy's next
/// attack.
#[test]
fn aid_another_gives_an_ally_plus_two() {
    fn aids_attack(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::AidAnother {
            ally: unit(1),
            enemy: unit(2),
            mode: AidMode::Attack,
        });
    }
    fn full_attack_foe(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::FullAttack { target: unit(2) });
    }
    let policy = Script::new().unit(0, aids_attack).unit(1, full_attack_foe);
    let p = play_with(
        &aid_scene(),
        &policy,
        &[
            (20, 20),
            (20, 15),
            (20, 10),
            (20, 10),
            (20, 8),
            (6, 3),
            (20, 12),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: aider d20=20+0=20",
        "- | - | initiative: ally d20=15+0=15",
        "- | - | initiative: foe d20=10+0=10",
        "1 | aider | aids ally against foe: sword d20=10+0=10 vs AC 10 -> ally +2 on its next attack roll against foe",
        "1 | ally | sword vs foe d20=8+2=10 AC 10 -> HIT 3 dmg (foe hp 20 -> 17)",
        "1 | ally | sword vs foe d20=12-5=7 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    fn aids_ac(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::AidAnother {
            ally: unit(1),
            enemy: unit(2),
            mode: AidMode::Ac,
        });
    }
    fn full_attack_ally(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::FullAttack { target: unit(1) });
    }
    let policy = Script::new().unit(0, aids_ac).unit(2, full_attack_ally);
    let p = play_with(
        &aid_scene(),
        &policy,
        &[
            (20, 20),
            (20, 15),
            (20, 10),
            (20, 12),
            (20, 11),
            (20, 15),
            (6, 2),
        ],
    );
    assert_eq!(
        p.said_by("foe"),
        [
            "sword vs ally d20=11+0=11 AC 12 -> MISS",
            "sword vs ally d20=15-5=10 AC 10 -> HIT 2 dmg (ally hp 20 -> 18)"
        ]
    );
}

/// « CRB — Aid Another »: the aider must threaten the enemy; a natural 1 fails.
#[test]
fn aid_another_needs_a_threatened_enemy_and_a_roll() {
    fn aids(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::AidAnother {
            ally: unit(1),
            enemy: unit(2),
            mode: AidMode::Attack,
        });
    }
    let s = scenario(
        room(&["A.AB"]),
        vec![
            (
                "a",
                vec![
                    creature("aider", json!({ "attacks": [sword(0)] })),
                    creature("ally", json!({})),
                ],
            ),
            ("b", vec![creature("foe", json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Script::new().unit(0, aids), &d20s(&[20, 15, 10]));
    assert_eq!(p.said_by("aider"), ["aid_another refused: not_threatening"]);
    let p = play_with(
        &aid_scene(),
        &Script::new().unit(0, aids),
        &d20s(&[20, 15, 10, 1]),
    );
    assert_eq!(
        p.said_by("aider"),
        ["aids ally against foe: sword d20=1+0=1 vs AC 10 -> fails"]
    );
}
