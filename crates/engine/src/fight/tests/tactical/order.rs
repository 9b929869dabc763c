//! Delay and ready, and the order of play they change (« CRB — Special Initiative Actions »;
//! the reference spec, « Retard », « Préparation »): a delaying creature acts right after the
//! creature it names and keeps that place; a readied action goes off when its trigger comes —
//! against a mover before it goes on, against a caster before the spell — or expires at the
//! readier's next turn, and the readier then acts just before the creature that set it off.

use serde_json::json;

use super::super::cast::{cast, on, with_spells, wizard};
use super::super::support::*;
use super::*;
use crate::fight::{Action, Readied, Trigger};
use crate::scenario::Scenario;

/// Everyone swings a sword +0 at the nearest enemy; `hero` delays in round 1 until `friend`
/// has acted.
fn hero_delays(view: &View<'_>, me: UnitId, plan: &mut Plan) {
    if view.round() == 1 && !view.delayed(me) {
        plan.push(Action::Delay {
            after: Some(unit(1)),
        });
    } else {
        plan.push(Action::Attack { target: unit(2) });
    }
}

/// « CRB — Delay »: the hero (initiative 20) waits for its friend (5); it then acts after the
/// friend in this round and the next.
#[test]
fn delay_moves_initiative_after_the_chosen_unit() {
    let fighter = |name| creature(name, json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["AB", "A."]),
        vec![
            ("a", vec![fighter("hero"), fighter("friend")]),
            ("b", vec![fighter("foe")]),
        ],
        2,
    );
    let policy = Script::new().unit(0, hero_delays).others_default();
    let p = play_with(&s, &policy, &d20s(&[20, 5, 10, 2, 3, 4, 2, 3, 4]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: friend d20=5+0=5",
        "- | - | initiative: foe d20=10+0=10",
        "1 | hero | delays: acts after friend",
        "1 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "1 | friend | sword vs foe d20=3+0=3 AC 10 -> MISS",
        "1 | hero | sword vs foe d20=4+0=4 AC 10 -> MISS",
        "2 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "2 | friend | sword vs foe d20=3+0=3 AC 10 -> MISS",
        "2 | hero | sword vs foe d20=4+0=4 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

/// « CRB — Delay »: one delay a round (`already_delayed`), and never after a creature that has
/// already acted (`not_later`).
#[test]
fn a_second_delay_and_a_delay_after_an_earlier_creature_are_refused() {
    fn delays_again(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Delay { after: None });
    }
    fn waits_for_the_first(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Delay {
            after: Some(unit(0)),
        });
    }
    let s = scenario(
        room(&["A.B"]),
        vec![
            ("a", vec![creature("hero", json!({}))]),
            ("b", vec![creature("foe", json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Script::new().unit(0, delays_again), &d20s(&[20, 10]));
    assert_eq!(
        p.said_by("hero"),
        [
            "delays: acts at the end of the round",
            "delay refused: already_delayed"
        ]
    );
    let p = play_with(
        &s,
        &Script::new().unit(1, waits_for_the_first),
        &d20s(&[20, 10]),
    );
    assert_eq!(p.said_by("foe"), ["delay refused: not_later"]);
}

fn readies_an_attack(_: &View<'_>, _: UnitId, plan: &mut Plan) {
    plan.push(Action::Ready {
        readied: Readied::Attack { target: None },
        trigger: Trigger::EnemyEntersReach,
    });
}

/// The guard (sword +0, 1d6) and a charger 15 ft away (3 hp, sword +0), guard first.
fn guard_and_charger() -> Scenario {
    let guard = creature("guard", json!({ "attacks": [sword(0)] }));
    let charger = creature("charger", json!({ "hp_max": 3, "attacks": [sword(0)] }));
    scenario(
        room(&["A..B"]),
        vec![("a", vec![guard]), ("b", vec![charger])],
        1,
    )
}

/// « CRB — Ready »: an attack readied for an enemy entering reach hits a charger as it arrives,
/// before its charge attack — here it drops it, and the charge attack never comes.
#[test]
fn readied_attack_fires_when_an_enemy_enters_reach() {
    let policy = Script::new().unit(0, readies_an_attack).others_default();
    let p = play_with(
        &guard_and_charger(),
        &policy,
        &[(20, 20), (20, 10), (20, 15), (6, 6)],
    );
    p.assert_log(&[
        "- | - | initiative: guard d20=20+0=20",
        "- | - | initiative: charger d20=10+0=10",
        "1 | guard | readies attack (when an enemy enters its reach)",
        "1 | charger | charge (0,3)->(0,2)->(0,1)",
        "1 | guard | readied attack: charger enters its reach",
        "1 | guard | sword vs charger d20=15+0=15 AC 10 -> HIT 6 dmg (charger hp 3 -> -3, dying)",
        "- | - | battle over: a win in 1 rounds",
    ]);
    // A miss: the charger goes on and strikes.
    let p = play_with(
        &guard_and_charger(),
        &policy,
        &[(20, 20), (20, 10), (20, 2), (20, 12), (6, 1)],
    );
    assert_eq!(
        p.said_by("charger"),
        [
            "charge (0,3)->(0,2)->(0,1)",
            "sword vs guard d20=12+2=14 AC 10 -> HIT 1 dmg (guard hp 20 -> 19)"
        ]
    );
}

/// « CRB — Ready »: a readied action not set off by the start of the readier's next turn is
/// lost (and it may ready again).
#[test]
fn readied_action_expires_at_the_next_turn() {
    let s = scenario(
        room(&["A...B"]),
        vec![
            (
                "a",
                vec![creature("guard", json!({ "attacks": [sword(0)] }))],
            ),
            ("b", vec![creature("foe", json!({}))]),
        ],
        2,
    );
    let p = play_with(
        &s,
        &Script::new().unit(0, readies_an_attack),
        &d20s(&[20, 10]),
    );
    assert_eq!(
        p.said_by("guard"),
        [
            "readies attack (when an enemy enters its reach)",
            "readied attack expires (never set off)",
            "readies attack (when an enemy enters its reach)",
        ]
    );
}

/// « CRB — Ready — Initiative Consequences of Readying »: the guard (initiative 5) readied in
/// round 1 goes off on the foe's move in round 2 (initiative 15): that was its turn of round 2,
/// and from round 3 on it acts just before the foe.
#[test]
fn a_readied_action_moves_the_readier_just_before_the_trigger() {
    fn guard(view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if view.round() == 1 {
            readies_an_attack(view, me, plan);
        } else {
            plan.push(Action::Attack { target: unit(1) });
        }
    }
    fn foe(view: &View<'_>, _: UnitId, plan: &mut Plan) {
        if view.round() == 2 {
            plan.push(Action::Move { target: unit(0) });
        }
    }
    let s = scenario(
        room(&["A...B"]),
        vec![
            (
                "a",
                vec![creature("guard", json!({ "attacks": [sword(0)] }))],
            ),
            ("b", vec![creature("foe", json!({ "speed_land_ft": 15 }))]),
        ],
        3,
    );
    let policy = Script::new().unit(0, guard).unit(1, foe);
    let p = play_with(&s, &policy, &d20s(&[5, 15, 2, 3]));
    p.assert_log(&[
        "- | - | initiative: guard d20=5+0=5",
        "- | - | initiative: foe d20=15+0=15",
        "1 | guard | readies attack (when an enemy enters its reach)",
        "2 | foe | move (0,4)->(0,3)->(0,2)->(0,1)",
        "2 | guard | readied attack: foe enters its reach",
        "2 | guard | sword vs foe d20=2+0=2 AC 10 -> MISS",
        "3 | guard | sword vs foe d20=3+0=3 AC 10 -> MISS",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

/// A wizard (unit 1, 20 hp, CL 1, magic missile) 30 ft from an archer (unit 0, bow +5 1d6)
/// that readies a shot for an enemy's casting.
fn archer_and_wizard() -> (Scenario, Script) {
    fn archer(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Ready {
            readied: Readied::Attack { target: None },
            trigger: Trigger::EnemyCasts,
        });
    }
    fn casts(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(cast("magic missile", on(0)));
    }
    let archer_c = creature("archer", json!({ "attacks": [bow(5, 30)] }));
    let w = wizard(1, &["magic missile"], json!({"1": 1}), json!({}));
    let s = with_spells(scenario(
        room(&["A.....B"]),
        vec![("a", vec![archer_c]), ("b", vec![w])],
        1,
    ));
    (s, Script::new().unit(0, archer).unit(1, casts))
}

/// « CRB — Ready »: a shot readied for an enemy's casting goes off before the spell; its wound
/// calls for concentration (« a contingent attack, such as a readied action »): DC 10 + 4 + 1.
#[test]
fn readied_attack_interrupts_a_caster() {
    let (s, policy) = archer_and_wizard();
    let p = play_with(
        &s,
        &policy,
        &[(20, 20), (20, 10), (20, 12), (6, 4), (20, 10)],
    );
    p.assert_log(&[
        "- | - | initiative: archer d20=20+0=20",
        "- | - | initiative: wizard d20=10+0=10",
        "1 | archer | readies attack (when an enemy casts)",
        "1 | archer | readied attack: wizard casts",
        "1 | archer | bow vs wizard d20=12+5=17 AC 10 -> HIT 4 dmg (wizard hp 20 -> 16)",
        "1 | wizard | concentration (wounded for 4) DC 15 d20=10+4=14 -> fails: magic missile fizzles",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // A miss leaves the spell alone.
    let p = play_with(&s, &policy, &[(20, 20), (20, 10), (20, 2), (4, 3)]);
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts magic missile (sorcerer_wizard 1, slot 1) on archer: 1d4+1=4 force: 4 dmg (archer hp 20 -> 16)"
        ]
    );
}

/// « CRB — Ready »: a shot readied for an enemy coming into sight goes off when the foe steps
/// out from behind the wall (a 5-foot step sets it off as a walk does).
#[test]
fn readied_action_fires_when_an_enemy_comes_into_sight() {
    fn archer(view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if view.readied(me).is_none() {
            plan.push(Action::Ready {
                readied: Readied::Attack { target: None },
                trigger: Trigger::EnemyInSight,
            });
        }
    }
    fn steps_out(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::FiveFootStepTo {
            to: crate::board::Pos::new(2, 3),
        });
    }
    let s = scenario(
        map(&["..#..", "..#..", "....."], &["A....", "....B", "....."]),
        vec![
            (
                "a",
                vec![creature("archer", json!({ "attacks": [bow(0, 30)] }))],
            ),
            ("b", vec![creature("foe", json!({}))]),
        ],
        1,
    );
    let policy = Script::new().unit(0, archer).unit(1, steps_out);
    let p = play_with(&s, &policy, &d20s(&[20, 10, 3]));
    p.assert_log(&[
        "- | - | initiative: archer d20=20+0=20",
        "- | - | initiative: foe d20=10+0=10",
        "1 | archer | readies attack (when an enemy comes into sight)",
        "1 | foe | 5-foot step (1,4)->(2,3)",
        "1 | archer | readied attack: foe comes into sight",
        // The wall still gives the foe cover (+4).
        "1 | archer | bow vs foe d20=3+0=3 AC 14 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

/// « CRB — Ready »: an attack readied for an ally's turn goes off as the ally begins it; the
/// readier then acts just before that ally.
#[test]
fn readied_action_fires_when_the_ally_acts() {
    fn readier(view: &View<'_>, _: UnitId, plan: &mut Plan) {
        if view.round() == 1 {
            plan.push(Action::Ready {
                readied: Readied::Attack { target: None },
                trigger: Trigger::AllyActs(unit(1)),
            });
        }
    }
    fn ally(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Attack { target: unit(2) });
    }
    let fighter = |name| creature(name, json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["AB", "A."]),
        vec![
            ("a", vec![fighter("readier"), fighter("ally")]),
            ("b", vec![creature("foe", json!({}))]),
        ],
        2,
    );
    let policy = Script::new().unit(0, readier).unit(1, ally);
    let p = play_with(&s, &policy, &d20s(&[20, 5, 10, 2, 3, 4]));
    p.assert_log(&[
        "- | - | initiative: readier d20=20+0=20",
        "- | - | initiative: ally d20=5+0=5",
        "- | - | initiative: foe d20=10+0=10",
        "1 | readier | readies attack (when ally acts)",
        "1 | readier | readied attack: ally acts",
        "1 | readier | sword vs foe d20=2+0=2 AC 10 -> MISS",
        "1 | ally | sword vs foe d20=3+0=3 AC 10 -> MISS",
        "2 | ally | sword vs foe d20=4+0=4 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}
