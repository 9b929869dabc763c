//! Rule tests of the life track (the reference spec, « Invalide », « Mourir et stabilisation », « Mort
//! simplifiée des monstres », « Dégâts non-létaux »; CRB « Injury and Death », « Disabled »,
//! « Dying », « Nonlethal Damage », Undead traits) and of the round cap. Each test plays a
//! tiny fight with scripted dice and pins the exact log lines.

use serde_json::{Value, json};

use crate::model::Combatant;
use crate::scenario::FightOptions;

use super::support::*;
use crate::fight::{Action, UnitId};

/// A hero whose club always deals `damage` (a flat formula: no damage die is rolled).
fn clubber(damage: u32) -> Combatant {
    let formula = damage.to_string();
    creature(
        "hero",
        json!({ "attacks": [melee("club", 0, &formula, &["bludgeoning"])] }),
    )
}

fn victim(patch: Value) -> Combatant {
    creature("victim", patch)
}

/// The hero (0,0) against `victim` (0,1) and an idle, unhittable `buddy` (1,1) that keeps the
/// fight going once the victim is down; initiative hero, victim, buddy (20, 1, 1).
fn with_buddy(hero: Combatant, victim: Combatant, rounds: u32, script: &[(u32, u32)]) -> Played {
    let buddy = creature(
        "buddy",
        json!({ "ac": { "total": 50, "touch": 50, "flat_footed": 50 } }),
    );
    let s = scenario(
        room(&["AB", ".B"]),
        vec![("a", vec![hero]), ("b", vec![victim, buddy])],
        rounds,
    );
    let mut rolls = vec![(20, 20), (20, 1), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, &Plans::new().idle(&[1, 2]), &rolls)
}

#[test]
fn disabled_at_zero_standard_action_costs_1_hp() {
    // At exactly 0 the victim is staggered: its full attack (BAB +6) shrinks to one attack,
    // after which it strains to −1 and is dying.
    let fighter = victim(json!({ "hp_max": 3, "bab": 6, "attacks": [sword(0)] }));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![clubber(3)]), ("b", vec![fighter.clone()])],
        1,
    );
    let p = play(&s, &[(20, 20), (20, 1), (20, 15), (20, 5)]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | hero | club vs victim d20=15+0=15 AC 10 -> HIT 3 dmg (victim hp 3 -> 0, staggered)",
        "1 | victim | sword vs hero d20=5+0=5 AC 10 -> MISS",
        "1 | victim | strains while disabled: hp 0 -> -1",
        "- | - | battle over: a win in 1 rounds",
    ]);
    assert_eq!(p.tally.units[1].downed, 1);
    // With Con 1, −1 is death.
    let frail =
        victim(json!({ "hp_max": 3, "attacks": [sword(0)], "abilities": { "con_score": 1 } }));
    let s1 = scenario(
        room(&["AB"]),
        vec![("a", vec![clubber(3)]), ("b", vec![frail])],
        1,
    );
    let p = play(&s1, &[(20, 20), (20, 1), (20, 15), (20, 5)]);
    assert_eq!(
        p.said_by("victim")[1],
        "strains while disabled: hp 0 -> -1, dead"
    );
    assert_eq!(p.tally.units[1].killed, 1);
    // A move action costs nothing.
    let p = play_with(
        &s,
        &Plans::new().fixed(
            1,
            &[Action::Move {
                target: UnitId::new(0),
            }],
        ),
        &[(20, 20), (20, 1), (20, 15)],
    );
    assert_eq!(p.said_by("victim"), ["move (0,1) (no way forward)"]);
    assert_eq!(p.tally.units[1].downed, 0);
}

#[test]
fn dying_loses_1_hp_on_failed_con_check() {
    // Con 14 (+2): 7 + 2 − 2 = 7 fails (−2 → −3); 11 + 2 − 3 = 10 succeeds; a stable
    // creature rolls no more (round 3 scripts no roll for it).
    let p = with_buddy(
        clubber(4),
        victim(json!({ "hp_max": 2, "abilities": { "con_score": 14 } })),
        3,
        &[(20, 15), (20, 7), (20, 2), (20, 11), (20, 2)],
    );
    assert_eq!(
        p.said_by("victim"),
        [
            "stabilize d20=7+2-2=7 DC 10 -> fails, hp -2 -> -3",
            "stabilize d20=11+2-3=10 DC 10 -> stable",
        ]
    );
    assert_eq!(
        p.said_by("hero")[0],
        "club vs victim d20=15+0=15 AC 10 -> HIT 4 dmg (victim hp 2 -> -2, dying)"
    );
}

#[test]
fn dying_natural_20_stabilizes() {
    // Con 18 (+4) at −16: 20 + 4 − 16 = 8 is below DC 10, but a natural 20 succeeds.
    let tough = || victim(json!({ "hp_max": 2, "abilities": { "con_score": 18 } }));
    let p = with_buddy(clubber(18), tough(), 2, &[(20, 15), (20, 20), (20, 2)]);
    assert_eq!(
        p.said_by("victim"),
        ["stabilize d20=20+4-16=8 DC 10 -> stable"]
    );
    let p = with_buddy(clubber(18), tough(), 1, &[(20, 15), (20, 19)]);
    assert_eq!(
        p.said_by("victim"),
        ["stabilize d20=19+4-16=7 DC 10 -> fails, hp -16 -> -17"]
    );
}

#[test]
fn dead_at_minus_con_score() {
    let frail = || victim(json!({ "hp_max": 2, "abilities": { "con_score": 12 } }));
    // −11 is dying for Con 12; failing the check there reaches −12: dead.
    let p = with_buddy(clubber(13), frail(), 1, &[(20, 15), (20, 1)]);
    assert_eq!(
        p.said_by("hero"),
        ["club vs victim d20=15+0=15 AC 10 -> HIT 13 dmg (victim hp 2 -> -11, dying)"]
    );
    assert_eq!(
        p.said_by("victim"),
        ["stabilize d20=1+1-11=-9 DC 10 -> fails, hp -11 -> -12, dead"]
    );
    assert_eq!(p.tally.units[1].killed, 1);
    let p = duel(clubber(14), frail(), 1, &[(20, 15)]);
    assert_eq!(
        p.said_by("hero"),
        ["club vs victim d20=15+0=15 AC 10 -> HIT 14 dmg (victim hp 2 -> -12, dead)"]
    );
    assert_eq!((p.tally.units[1].downed, p.tally.units[1].killed), (1, 1));
}

#[test]
fn undead_destroyed_at_zero() {
    for kind in ["undead", "construct"] {
        let bones = creature(
            "bones",
            json!({ "creature_type": kind, "hp_max": 5, "abilities": { "con_score": null } }),
        );
        let p = duel(clubber(5), bones, 1, &[(20, 15)]);
        assert_eq!(
            p.said_by("hero"),
            ["club vs bones d20=15+0=15 AC 10 -> HIT 5 dmg (bones hp 5 -> 0, dead)"],
            "{kind}"
        );
    }
    // Without a Constitution score a creature also ignores nonlethal damage.
    let bones = creature(
        "bones",
        json!({ "creature_type": "undead", "hp_max": 5, "abilities": { "con_score": null } }),
    );
    let sap = creature(
        "hero",
        json!({ "attacks": [melee("sap", 0, "6", &["bludgeoning", "nonlethal"])] }),
    );
    let p = duel(sap, bones, 1, &[(20, 15)]);
    assert_eq!(
        p.said_by("hero"),
        ["sap vs bones d20=15+0=15 AC 10 -> HIT 0 dmg (bones hp 5 -> 5)"]
    );
}

#[test]
fn simple_monster_death_kills_monsters_at_zero_not_pcs() {
    let fight = |damage: u32, who: Combatant, simple: bool| {
        let s = scenario_with(
            room(&["AB"]),
            vec![("a", vec![clubber(damage)]), ("b", vec![who])],
            FightOptions {
                round_cap: 1,
                simple_monster_death: simple,
            },
        );
        let p = play_with(&s, &Plans::new().idle(&[1]), &[(20, 20), (20, 1), (20, 15)]);
        p.said_by("hero")[0].to_string()
    };
    let monster = || victim(json!({ "hp_max": 5 }));
    let pc = || victim(json!({ "hp_max": 5, "role": "pc" }));
    let hit = |damage: u32, after: &str| {
        format!("club vs victim d20=15+0=15 AC 10 -> HIT {damage} dmg (victim hp 5 -> {after})")
    };
    assert_eq!(fight(5, monster(), true), hit(5, "0, dead"));
    assert_eq!(fight(5, monster(), false), hit(5, "0, staggered"));
    assert_eq!(fight(5, pc(), true), hit(5, "0, staggered"));
    assert_eq!(fight(6, pc(), true), hit(6, "-1, dying"));
}

#[test]
fn nonlethal_equal_hp_staggers_and_above_knocks_out() {
    // 4 nonlethal, then a 2-point wound: nonlethal 4 = hp 4, staggered (its BAB +6 full
    // attack shrinks to one attack, and it loses no hit point for it: it is not disabled);
    // one more nonlethal point: unconscious.
    let sapper = || {
        creature(
            "sapper",
            json!({ "attacks": [melee("sap", 0, "1d6", &["bludgeoning", "nonlethal"])] }),
        )
    };
    let fighter = victim(json!({ "hp_max": 6, "bab": 6, "attacks": [sword(0)] }));
    let s = scenario(
        room(&["AB", ".A"]),
        vec![("a", vec![sapper(), clubber(2)]), ("b", vec![fighter])],
        5,
    );
    let p = play(
        &s,
        &[
            (20, 20),
            (20, 15),
            (20, 1),
            (20, 15),
            (6, 4),
            (20, 15),
            (20, 2),
            (20, 15),
            (6, 1),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: sapper d20=20+0=20",
        "- | - | initiative: hero d20=15+0=15",
        "- | - | initiative: victim d20=1+0=1",
        "1 | sapper | sap vs victim d20=15+0=15 AC 10 -> HIT 0 dmg +4 nonlethal (victim hp 6 -> 6)",
        "1 | hero | club vs victim d20=15+0=15 AC 10 -> HIT 2 dmg (victim hp 6 -> 4, staggered)",
        "1 | victim | sword vs sapper d20=2+0=2 AC 10 -> MISS",
        "2 | sapper | sap vs victim d20=15+0=15 AC 10 -> HIT 0 dmg +1 nonlethal (victim hp 4 -> 4, unconscious)",
        "- | - | battle over: a win in 2 rounds",
    ]);
    // Nonlethal damage is never counted as damage dealt.
    assert_eq!(p.tally.units[0].damage_dealt, 0);
    // Once nonlethal damage equals the maximum hit points, more of it is lethal.
    let p = duel(
        sapper(),
        victim(json!({ "hp_max": 6 })),
        2,
        &[(20, 15), (6, 6), (20, 15), (6, 1)],
    );
    assert_eq!(
        p.said_by("sapper"),
        [
            "sap vs victim d20=15+0=15 AC 10 -> HIT 0 dmg +6 nonlethal (victim hp 6 -> 6, staggered)",
            "sap vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 6 -> 5, unconscious)",
        ]
    );
    assert_eq!(p.tally.units[0].damage_dealt, 1);
}

#[test]
fn round_cap_makes_a_draw() {
    let s = scenario(
        room(&["A...B"]),
        vec![
            ("a", vec![creature("left", json!({}))]),
            ("b", vec![creature("right", json!({}))]),
        ],
        3,
    );
    let p = play_with(&s, &Plans::new().idle(&[0, 1]), &d20s(&[5, 6]));
    p.assert_log(&[
        "- | - | initiative: left d20=5+0=5",
        "- | - | initiative: right d20=6+0=6",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
    assert_eq!(p.outcome.winner, None);
    assert_eq!(p.outcome.rounds, 3);
    assert_eq!(
        (p.tally.fights, p.tally.draws, p.tally.rounds_sum),
        (1, 1, 3)
    );
}
