//! What can spoil a casting (« CRB — Concentration », « Attacks of Opportunity », « Spell
//! Components », « Arcane Spell Failure »): provoking in a threatened square, the concentration
//! a wound, the defensive casting and a grapple call for, and the component rolls.

use serde_json::json;

use super::super::support::*;
use super::*;

/// Wizard (unit 0, 20 hp, AC 10) next to an orc with a sword +3 (unit 1, 40 hp).
fn next_to_orc(w: Combatant, rounds: u32) -> Scenario {
    let orc = creature("orc", json!({"hp_max": 40, "attacks": [sword(3)]}));
    with_spells(scenario(
        room(&["AB"]),
        vec![("a", vec![w]), ("b", vec![orc])],
        rounds,
    ))
}

fn plays(s: &Scenario, action: Action, script: &[(u32, u32)]) -> Played {
    let mut rolls = d20s(&[20, 1]);
    rolls.extend_from_slice(script);
    play_with(s, &Plans::new().fixed(0, &[action]).idle(&[1]), &rolls)
}

/// « CRB — Attacks of Opportunity »: casting in a threatened square provokes; a miss leaves
/// the spell untouched.
#[test]
fn casting_in_a_threatened_square_provokes() {
    let w = wizard(1, &["magic missile"], json!({"1": 1}), json!({}));
    let p = plays(
        &next_to_orc(w, 1),
        cast("magic missile", on(1)),
        &[(20, 2), (4, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: wizard d20=20+0=20",
        "- | - | initiative: orc d20=1+0=1",
        "1 | wizard | casting magic missile provokes",
        "1 | orc | AoO: sword vs wizard d20=2+3=5 AC 10 -> MISS",
        "1 | wizard | casts magic missile (sorcerer_wizard 1, slot 1) on orc: 1d4+1=3 force: 3 dmg (orc hp 40 -> 37)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

/// « CRB — Concentration — Injury »: a wound while casting calls for DC 10 + damage + the
/// spell's level (no Combat Casting); a failure loses the spell and its slot.
#[test]
fn a_wound_while_casting_calls_for_concentration() {
    let w = wizard(
        1,
        &["magic missile"],
        json!({"1": 1}),
        json!({"feats": ["Combat Casting"]}),
    );
    // Hit for 5: DC 16; d20 11 + CL 1 + Int 3 = 15 fails.
    let p = plays(
        &next_to_orc(w.clone(), 2),
        cast("magic missile", on(1)),
        &[(20, 12), (6, 5), (20, 11)],
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casting magic missile provokes",
            "concentration (wounded for 5) DC 16 d20=11+4=15 -> fails: magic missile fizzles",
            "cast refused: no_slot",
        ]
    );
    // The same wound, d20 12: 16 succeeds and the spell goes off.
    let p = plays(
        &next_to_orc(w, 1),
        cast("magic missile", on(1)),
        &[(20, 12), (6, 5), (20, 12), (4, 4)],
    );
    assert_eq!(
        p.said_by("wizard")[1..],
        [
            "concentration (wounded for 5) DC 16 d20=12+4=16 -> succeeds",
            "casts magic missile (sorcerer_wizard 1, slot 1) on orc: 1d4+1=5 force: 5 dmg (orc hp 40 -> 35)",
        ]
    );
}

/// « CRB — Concentration — Casting Defensively »: DC 15 + twice the spell's level, +4 with
/// Combat Casting, and no attack of opportunity.
#[test]
fn casting_defensively_succeeds_or_loses_the_spell() {
    let defensive = cast_with("magic missile", on(1), Metamagics::NONE, true);
    let w = wizard(
        1,
        &["magic missile"],
        json!({"1": 2}),
        json!({"feats": ["Combat Casting"]}),
    );
    // DC 17: d20 9 + 1 + 3 + 4 = 17 succeeds.
    let p = plays(&next_to_orc(w.clone(), 1), defensive, &[(20, 9), (4, 1)]);
    assert_eq!(
        p.said_by("wizard"),
        [
            "concentration (casting defensively) DC 17 d20=9+8=17 -> succeeds",
            "casts magic missile (sorcerer_wizard 1, slot 1) on orc: 1d4+1=2 force: 2 dmg (orc hp 40 -> 38)",
        ]
    );
    assert_eq!(p.count("AoO"), 0);
    let p = plays(&next_to_orc(w, 1), defensive, &[(20, 8)]);
    assert_eq!(
        p.said_by("wizard"),
        ["concentration (casting defensively) DC 17 d20=8+8=16 -> fails: magic missile fizzles"]
    );
}

/// « CRB — Concentration — Grappling »: DC 10 + the grappler's CMB + the spell's level (+4
/// with Combat Casting), instead of provoking.
#[test]
fn a_grappled_caster_rolls_concentration_against_the_grapplers_cmb() {
    let w = wizard(
        1,
        &["magic missile"],
        json!({"1": 1}),
        json!({"conditions": ["grappled"]}),
    );
    // The orc's CMB: BAB 1 + Str 0 = 1: DC 12. d20 8 + 1 + 3 = 12.
    let p = plays(
        &next_to_orc(w, 1),
        cast("magic missile", on(1)),
        &[(20, 8), (4, 3)],
    );
    assert_eq!(
        p.said_by("wizard")[0],
        "concentration (grappled by orc) DC 12 d20=8+4=12 -> succeeds"
    );
    assert_eq!(p.count("AoO"), 0);
}

/// « CRB — Deafened »: a verbal component fails on d100 ≤ 20; Silent Spell has none.
#[test]
fn a_deafened_caster_fails_a_verbal_spell_one_time_in_five() {
    let w = wizard(
        1,
        &["magic missile"],
        json!({"1": 2}),
        json!({"conditions": ["deafened"]}),
    );
    let target = creature("target", json!({"hp_max": 40}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![w]), ("b", vec![target])],
        1,
    ));
    // Deafened: initiative −4.
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("magic missile", on(1))])
            .idle(&[1]),
        &[(20, 20), (20, 1), (100, 20)],
    );
    assert_eq!(
        p.said_by("wizard"),
        ["deafened, verbal component 20% d100=20 -> magic missile fizzles"]
    );
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("magic missile", on(1))])
            .idle(&[1]),
        &[(20, 20), (20, 1), (100, 21), (4, 1)],
    );
    assert_eq!(
        p.said_by("wizard")[0],
        "deafened, verbal component 20% d100=21 -> holds"
    );
}

/// « CRB — Arcane Spells and Armor »: an arcane somatic spell fails on d100 ≤ the armor's
/// chance; a divine caster never rolls.
#[test]
fn arcane_spell_failure_spoils_somatic_arcane_spells_only() {
    let armored = json!({"armor_spell_failure": 30});
    let w = wizard(1, &["magic missile"], json!({"1": 1}), armored.clone());
    let target = creature("target", json!({"hp_max": 40}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![w]), ("b", vec![target.clone()])],
        1,
    ));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("magic missile", on(1))])
            .idle(&[1]),
        &[(20, 20), (20, 1), (100, 30)],
    );
    assert_eq!(
        p.said_by("wizard"),
        ["arcane spell failure 30% d100=30 -> magic missile fizzles"]
    );
    let c = cleric(1, &["cure light wounds"], json!({"1": 1}), armored);
    let s = with_spells(scenario(
        room(&["AB"]),
        vec![("a", vec![c]), ("b", vec![target])],
        1,
    ));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("cure light wounds", CastTarget::Caster)])
            .idle(&[1]),
        &[(20, 20), (20, 1), (8, 3)],
    );
    assert_eq!(
        p.said_by("cleric"),
        ["casts cure light wounds (cleric 1, slot 1): 1d8+1=4: 0 healed (cleric hp 20 -> 20)"]
    );
}
