//! Spell resistance and saves (« CRB — Spell Resistance », « Saving Throw », « Evasion »,
//! « Cure Light Wounds », « Inflict Light Wounds »): SR once per target, the save against the
//! DC, halves and partials, evasion, willing targets, positive and negative energy on undead.

use serde_json::json;

use crate::area::Intersection;

use super::super::support::*;
use super::*;

fn one_on_one(
    caster: Combatant,
    target: Combatant,
    row: &str,
    action: Action,
    script: &[(u32, u32)],
) -> Played {
    let s = with_spells(scenario(
        room(&[row]),
        vec![("a", vec![caster]), ("b", vec![target])],
        1,
    ));
    let mut rolls = d20s(&[20, 1]);
    rolls.extend_from_slice(script);
    play_with(&s, &Plans::new().fixed(0, &[action]).idle(&[1]), &rolls)
}

/// « CRB — Spell Resistance »: d20 + caster level (+2 Spell Penetration) must reach the SR,
/// once per target for every missile.
#[test]
fn spell_resistance_is_rolled_once_per_target() {
    let w = wizard(
        5,
        &["magic missile"],
        json!({"1": 2}),
        json!({"feats": ["Spell Penetration"]}),
    );
    let target = creature("target", json!({"hp_max": 40, "spell_resistance": 17}));
    let p = one_on_one(
        w.clone(),
        target.clone(),
        "A...B",
        cast("magic missile", on(1)),
        &[(20, 10), (4, 1), (4, 1), (4, 1)],
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts magic missile (sorcerer_wizard 1, slot 1) on target: #1 SR 17 d20=10+7=17 beaten, 1d4+1=2 force: 2 dmg (target hp 40 -> 38); #2 1d4+1=2 force: 2 dmg (target hp 38 -> 36); #3 1d4+1=2 force: 2 dmg (target hp 36 -> 34)"
        ]
    );
    let p = one_on_one(w, target, "A...B", cast("magic missile", on(1)), &[(20, 9)]);
    assert_eq!(
        p.said_by("wizard"),
        ["casts magic missile (sorcerer_wizard 1, slot 1) on target: #1 SR 17 d20=9+7=16: resists"]
    );
}

/// « CRB — Saving Throw — Half »: one roll for the area; a success halves it, rounded down;
/// « Evasion »: a success takes nothing; « Improved Evasion »: a failure takes half.
#[test]
fn a_reflex_save_halves_and_evasion_avoids() {
    let w = wizard(5, &["fireball"], json!({"3": 2}), json!({}));
    let plain = creature("plain", json!({"hp_max": 40}));
    let evasive = creature("evasive", json!({"hp_max": 40, "features": ["Evasion"]}));
    let improved = creature(
        "improved",
        json!({"hp_max": 40, "features": ["Improved Evasion"]}),
    );
    let s = with_spells(scenario(
        room(&["A.......", "......BB", ".......B"]),
        vec![("a", vec![w]), ("b", vec![plain, evasive, improved])],
        1,
    ));
    let ball = cast("fireball", CastTarget::Point(Intersection::new(2, 7)));
    let run = |saves: [u32; 3]| {
        let mut rolls = d20s(&[20, 3, 2, 1]);
        rolls.extend([(6, 3); 5]);
        rolls.extend(d20s(&saves));
        play_with(&s, &Plans::new().fixed(0, &[ball]).idle(&[1, 2, 3]), &rolls)
    };
    let p = run([20, 20, 20]);
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts fireball (sorcerer_wizard 3, slot 3) at (2,7): 5d6=15 fire",
            "plain Ref DC 16 d20=20+0=20 saves: 7 dmg (plain hp 40 -> 33)",
            "evasive Ref DC 16 d20=20+0=20 saves, evasion: 0 dmg (evasive hp 40 -> 40)",
            "improved Ref DC 16 d20=20+0=20 saves, evasion: 0 dmg (improved hp 40 -> 40)",
        ]
    );
    let p = run([1, 1, 1]);
    assert_eq!(
        p.said_by("wizard")[1..],
        [
            "plain Ref DC 16 d20=1+0=1 fails: 15 dmg (plain hp 40 -> 25)",
            "evasive Ref DC 16 d20=1+0=1 fails: 15 dmg (evasive hp 40 -> 25)",
            "improved Ref DC 16 d20=1+0=1 fails, evasion: 7 dmg (improved hp 40 -> 33)",
        ]
    );
}

/// « CRB — Saving Throw — (harmless) »: an ally takes mage armor without a save.
#[test]
fn a_harmless_spell_skips_the_save_of_an_ally() {
    let w = wizard(1, &["mage armor"], json!({"1": 1}), json!({}));
    let ally = creature("ally", json!({}));
    let foe = creature("foe", json!({}));
    let s = with_spells(scenario(
        room(&["AA...B"]),
        vec![("a", vec![w, ally]), ("b", vec![foe])],
        1,
    ));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("mage armor", on(1))])
            .idle(&[1, 2]),
        &d20s(&[20, 2, 1]),
    );
    assert_eq!(
        p.said_by("wizard"),
        ["casts mage armor (sorcerer_wizard 1, slot 1) on ally: +4 armor ac"]
    );
}

/// « CRB — Cure Light Wounds »: positive energy harms undead, which get a touch attack against
/// them, spell resistance and a Will save for half.
#[test]
fn cure_harms_undead_with_a_will_save_for_half() {
    let c = cleric(3, &["cure light wounds"], json!({"1": 1}), json!({}));
    let undead = creature(
        "undead",
        json!({"creature_type": "undead", "abilities": {"con_score": null}, "hp_max": 30}),
    );
    let p = one_on_one(
        c,
        undead,
        "AB",
        cast("cure light wounds", on(1)),
        &[(20, 12), (20, 15), (8, 5)],
    );
    assert_eq!(
        p.said_by("cleric"),
        [
            "casts cure light wounds (cleric 1, slot 1) on undead: melee touch d20=12+1=13 vs AC 10 -> HIT: Will DC 14 d20=15+0=15 saves: 1d8+3=8 positive energy: 4 dmg (undead hp 30 -> 26)"
        ]
    );
}

/// « CRB — Inflict Light Wounds »: negative energy heals undead; an undead ally is touched
/// willingly, without a roll or a save.
#[test]
fn inflict_heals_an_undead_ally() {
    let c = cleric(3, &["inflict light wounds"], json!({"1": 1}), json!({}));
    let ghoul = creature(
        "ghoul",
        json!({"creature_type": "undead", "abilities": {"con_score": null}, "hp_max": 30,
               "conditions": []}),
    );
    let foe = creature("foe", json!({}));
    let s = with_spells(scenario(
        room(&["AA...B"]),
        vec![("a", vec![c, ghoul]), ("b", vec![foe])],
        1,
    ));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("inflict light wounds", on(1))])
            .idle(&[1, 2]),
        &[(20, 20), (20, 2), (20, 1), (8, 6)],
    );
    assert_eq!(
        p.said_by("cleric"),
        [
            "casts inflict light wounds (cleric 1, slot 1) on ghoul: 1d8+3=9: 0 healed (ghoul hp 30 -> 30)"
        ]
    );
}

/// « CRB — Undead Traits »: mind-affecting spells have no effect on undead (hold person does
/// not even take one: it needs a humanoid), nor on a creature immune to them.
#[test]
fn undead_are_immune_to_mind_affecting_spells() {
    let c = cleric(3, &["hold person"], json!({"2": 1}), json!({}));
    let undead = creature(
        "undead",
        json!({"creature_type": "undead", "abilities": {"con_score": null}}),
    );
    let p = one_on_one(c, undead, "A..B", cast("hold person", on(1)), &[]);
    assert_eq!(p.said_by("cleric"), ["cast refused: invalid_target"]);
    let w = wizard(3, &["hideous laughter"], json!({"2": 1}), json!({}));
    let undead = creature(
        "undead",
        json!({"creature_type": "undead", "abilities": {"con_score": null}}),
    );
    let p = one_on_one(w, undead, "A..B", cast("hideous laughter", on(1)), &[]);
    assert_eq!(
        p.said_by("wizard"),
        ["casts hideous laughter (sorcerer_wizard 2, slot 2) on undead: immune"]
    );
    let c = cleric(3, &["command"], json!({"1": 1}), json!({}));
    let golem = creature("golem", json!({"immunities": ["mind_affecting"]}));
    let p = one_on_one(c, golem, "A..B", cast("command", on(1)), &[]);
    assert_eq!(
        p.said_by("cleric"),
        ["casts command (cleric 1, slot 1) on golem: immune"]
    );
}

/// « Bestiary — Golem — Immunity to Magic »: a spell that allows spell resistance has no
/// effect.
#[test]
fn immunity_to_magic_stops_spells_that_allow_spell_resistance() {
    let golem = || {
        creature(
            "golem",
            json!({"specials": [{ "rule": "immunity_to_magic" }], "hp_max": 50}),
        )
    };
    let w = wizard(3, &["magic missile"], json!({"1": 1}), json!({}));
    let p = one_on_one(w, golem(), "A..B", cast("magic missile", on(1)), &[]);
    assert_eq!(
        p.said_by("wizard"),
        ["casts magic missile (sorcerer_wizard 1, slot 1) on golem: #1 immune"]
    );
    // Without the rule, the missiles strike.
    let w = wizard(3, &["magic missile"], json!({"1": 1}), json!({}));
    let plain = creature("golem", json!({"hp_max": 50}));
    let p = one_on_one(
        w,
        plain,
        "A..B",
        cast("magic missile", on(1)),
        &[(4, 3), (4, 2)],
    );
    assert!(
        !p.said_by("wizard")[0].ends_with("immune"),
        "{:?}",
        p.said_by("wizard")
    );
}
