//! Metamagic per cast (« CRB — Metamagic Feats »): only feats the caster has; the slot rises by
//! the feats' levels while the DC stays at the spell's level (Heighten excepted); Maximize,
//! Empower, Quicken (a swift action that provokes nothing), Extend, Heighten.

use serde_json::json;

use crate::fight::MetamagicKind;

use super::super::support::*;
use super::*;

fn with(kinds: &[MetamagicKind]) -> Metamagics {
    kinds.iter().copied().collect()
}

fn duel(w: Combatant, row: &str, rounds: u32) -> Scenario {
    let target = creature("target", json!({"hp_max": 60}));
    with_spells(scenario(
        room(&[row]),
        vec![("a", vec![w]), ("b", vec![target])],
        rounds,
    ))
}

/// « CRB — Maximize Spell »: every variable number at its maximum, no die rolled; a slot three
/// levels higher.
#[test]
fn maximize_takes_the_maximum_from_a_slot_three_levels_higher() {
    let w = wizard(
        1,
        &["magic missile"],
        json!({"1": 1, "4": 1}),
        json!({"feats": ["Maximize Spell"]}),
    );
    let s = duel(w, "A...B", 1);
    let mm = cast_with(
        "magic missile",
        on(1),
        with(&[MetamagicKind::Maximize]),
        false,
    );
    let p = play_with(
        &s,
        &Plans::new().fixed(0, &[mm]).idle(&[1]),
        &d20s(&[20, 1]),
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts magic missile (sorcerer_wizard 1, slot 4, maximized) on target: 1d4+1=5 (maximized) force: 5 dmg (target hp 60 -> 55)"
        ]
    );
}

/// « CRB — Empower Spell »: variable numbers ×1.5 (rounded down); a slot two levels higher and
/// the same DC.
#[test]
fn empower_adds_half_and_keeps_the_dc() {
    let w = wizard(
        5,
        &["burning hands"],
        json!({"3": 1}),
        json!({"feats": ["Empower Spell"]}),
    );
    let s = duel(w, "AB", 1);
    let hands = cast_with(
        "burning hands",
        on(1),
        with(&[MetamagicKind::Empower]),
        false,
    );
    let mut rolls = d20s(&[20, 1]);
    rolls.extend([(4, 3); 5]);
    rolls.extend(d20s(&[2]));
    let p = play_with(&s, &Plans::new().fixed(0, &[hands]).idle(&[1]), &rolls);
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts burning hands (sorcerer_wizard 1, slot 3, empowered) toward (0,1): 5d4=22 (empowered) fire",
            "target Ref DC 14 d20=2+0=2 fails: 22 dmg (target hp 60 -> 38)",
        ]
    );
}

/// « CRB — Quicken Spell »: a swift action (one a turn) that provokes no attack of
/// opportunity, from a slot four levels higher.
#[test]
fn quicken_is_a_swift_action_beside_a_standard_one() {
    let w = wizard(
        1,
        &["magic missile"],
        json!({"1": 3, "5": 2}),
        json!({"feats": ["Quicken Spell"]}),
    );
    let orc = creature("orc", json!({"hp_max": 60, "attacks": [sword(3)]}));
    let s = with_spells(scenario(
        room(&["AB"]),
        vec![("a", vec![w]), ("b", vec![orc])],
        1,
    ));
    let quick = cast_with(
        "magic missile",
        on(1),
        with(&[MetamagicKind::Quicken]),
        false,
    );
    let plain = cast("magic missile", on(1));
    let p = play_with(
        &s,
        &Plans::new().fixed(0, &[quick, quick, plain]).idle(&[1]),
        &[(20, 20), (20, 1), (4, 1), (20, 2), (4, 2)],
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "cast dropped: downgraded:action_economy",
            "casts magic missile (sorcerer_wizard 1, slot 5, quickened) on orc: 1d4+1=2 force: 2 dmg (orc hp 60 -> 58)",
            "casting magic missile provokes",
            "casts magic missile (sorcerer_wizard 1, slot 1) on orc: 1d4+1=3 force: 3 dmg (orc hp 58 -> 55)",
        ]
    );
}

/// « CRB — Extend Spell »: the duration doubles, from a slot one level higher.
#[test]
fn extend_doubles_the_duration() {
    let boon = test_spell(
        "Test Boon",
        r#""range": "close", "target": {"kind": "creature"}, "save": null,
        "duration": {"rounds": 1},
        "effects": [{"kind": "modifier", "stat": "attack", "type": "luck", "amount": 2}]"#,
    );
    let w = wizard(
        1,
        &["test boon"],
        json!({"2": 1}),
        json!({"feats": ["Extend Spell"]}),
    );
    let s = scenario(
        room(&["A..B"]),
        vec![("a", vec![w]), ("b", vec![creature("foe", json!({}))])],
        4,
    )
    .with_spellbook(book_with(&[("test/boon.json", boon)]))
    .unwrap();
    let extended = match cast_in(&s, "test boon", CastTarget::Caster) {
        Action::Cast {
            spell,
            target,
            time,
            defensively,
            ..
        } => Action::Cast {
            spell,
            target,
            time,
            metamagic: with(&[MetamagicKind::Extend]),
            defensively,
        },
        other => other,
    };
    let policy = Rounds::new().at(0, 1, &[extended]);
    let p = play_with(&s, &policy, &d20s(&[20, 1]));
    assert_eq!(
        p.render()[2..4],
        [
            "1 | wizard | casts test boon (sorcerer_wizard 1, slot 2, extended): +2 luck attack",
            "3 | wizard | test boon ends on wizard",
        ]
    );
}

/// « CRB — Heighten Spell »: cast at a higher level, here the highest free slot: its DC is the
/// heightened level's.
#[test]
fn heighten_raises_the_dc_to_the_slot_level() {
    let w = wizard(
        9,
        &["hold person"],
        json!({"3": 1, "5": 1}),
        json!({"feats": ["Heighten Spell"]}),
    );
    let s = duel(w, "A...B", 1);
    let held = cast_with(
        "hold person",
        on(1),
        with(&[MetamagicKind::Heighten]),
        false,
    );
    let p = play_with(
        &s,
        &Plans::new().fixed(0, &[held]).idle(&[1]),
        &d20s(&[20, 1, 17, 1]),
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts hold person (sorcerer_wizard 3, slot 5, heightened) on target: Will DC 18 d20=17+0=17 fails: paralyzed"
        ]
    );
}
