//! Touch spells and rays (« CRB — Cast a Spell — Touch Spells in Combat », « Ranged Touch
//! Attacks », « Holding the Charge », « Critical Hits »).

use serde_json::json;

use super::super::support::*;
use super::*;

fn wizard_vs(w: Combatant, target: Combatant, row: &str, rounds: u32) -> Scenario {
    with_spells(scenario(
        room(&[row]),
        vec![("a", vec![w]), ("b", vec![target])],
        rounds,
    ))
}

/// « CRB — Critical Hits »: a damaging ray threatens on a natural 20 and a confirmed critical
/// doubles its damage (dice and flat); d20 + BAB + Dex against touch AC, no range increment.
#[test]
fn a_confirmed_ray_critical_doubles_the_damage() {
    let w = wizard(3, &["scorching ray"], json!({"2": 1}), json!({}));
    let target = creature(
        "target",
        json!({"hp_max": 60, "ac": {"total": 16, "touch": 12, "flat_footed": 14}}),
    );
    let s = wizard_vs(w, target, "A.....B", 1);
    let mut script = d20s(&[20, 1, 20, 11]);
    script.extend([(6, 1), (6, 2), (6, 3), (6, 4)]);
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("scorching ray", on(1))])
            .idle(&[1]),
        &script,
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts scorching ray (sorcerer_wizard 2, slot 2) on target: ranged touch d20=20+1=21 vs AC 12 -> HIT CRIT (confirm d20=11+1=12): 4d6=10 fire: 20 dmg (target hp 60 -> 40)"
        ]
    );
    assert_eq!((p.tally.units[0].hits, p.tally.units[0].crits), (1, 1));
}

/// A ray that deals no damage does not threaten: no confirmation die is rolled.
#[test]
fn a_ray_without_damage_does_not_threaten() {
    let w = wizard(1, &["ray of enfeeblement"], json!({"1": 1}), json!({}));
    let target = creature("target", json!({"abilities": {"str_score": 14}}));
    let s = wizard_vs(w, target, "A..B", 1);
    let mut script = d20s(&[20, 1, 20, 3]);
    script.push((6, 4));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("ray of enfeeblement", on(1))])
            .idle(&[1]),
        &script,
    );
    let said = p.said_by("wizard");
    assert!(
        said[0].contains("-> HIT: Fort DC 14 d20=3+0=3 fails: -4 str"),
        "{said:?}"
    );
}

/// « CRB — Holding the Charge »: a missed touch keeps the charge; the engine delivers it at the
/// start of the caster's next turn while the target is in reach.
#[test]
fn a_missed_touch_keeps_the_charge_and_tries_again_next_turn() {
    let w = wizard(1, &["shocking grasp"], json!({"1": 1}), json!({}));
    let target = creature(
        "target",
        json!({"hp_max": 30, "ac": {"total": 15, "touch": 14, "flat_footed": 15}}),
    );
    let s = wizard_vs(w, target, "AB", 2);
    let mut script = d20s(&[20, 1, 5, 18]);
    script.push((6, 4));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("shocking grasp", on(1))])
            .idle(&[1]),
        &script,
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts shocking grasp (sorcerer_wizard 1, slot 1) on target: melee touch d20=5+1=6 vs AC 14 -> MISS (holds the charge)",
            "touches target with the held charge of shocking grasp: melee touch d20=18+1=19 vs AC 14 -> HIT: 1d6=4 electricity: 4 dmg (target hp 30 -> 26)",
            "cast refused: no_slot",
        ]
    );
}

/// Casting another spell dissipates a held charge.
#[test]
fn casting_another_spell_dissipates_the_charge() {
    let w = wizard(
        1,
        &["shocking grasp", "magic missile"],
        json!({"1": 2}),
        json!({}),
    );
    let target = creature("target", json!({"hp_max": 30, "speed_land_ft": 30}));
    let s = wizard_vs(w, target, "AB.......", 2);
    let policy = Rounds::new()
        .at(0, 1, &[cast("shocking grasp", on(1))])
        .at(0, 2, &[cast("magic missile", on(1))])
        .at(1, 1, &[Action::Withdraw]);
    let p = play_with(&s, &policy, &[(20, 20), (20, 1), (20, 2), (4, 2)]);
    let said = p.said_by("wizard");
    assert_eq!(
        said[1], "the held charge of shocking grasp dissipates",
        "{said:?}"
    );
    assert!(said[2].starts_with("casts magic missile"), "{said:?}");
}

/// A willing target — an ally touched with cure light wounds — needs no attack roll.
#[test]
fn a_willing_target_is_touched_without_a_roll() {
    let c = cleric(3, &["cure light wounds"], json!({"1": 1}), json!({}));
    let ally = creature("ally", json!({"hp_max": 20}));
    let foe = creature("foe", json!({}));
    let s = with_spells(scenario(
        room(&["AA...B"]),
        vec![("a", vec![c, ally]), ("b", vec![foe])],
        1,
    ));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("cure light wounds", on(1))])
            .idle(&[1, 2]),
        &[(20, 20), (20, 2), (20, 1), (8, 5)],
    );
    assert_eq!(
        p.said_by("cleric"),
        [
            "casts cure light wounds (cleric 1, slot 1) on ally: 1d8+3=8: 0 healed (ally hp 20 -> 20)"
        ]
    );
}
