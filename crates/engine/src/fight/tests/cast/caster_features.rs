//! Caster features read from their `features` lines: « CRB — Elves — Elven Magic » (+2 on
//! the caster level check against spell resistance) and « CRB — Wizard — Evocation —
//! Intense Spells » (+½ level on an evocation spell's damage, once a spell).

use serde_json::json;

use super::super::support::*;
use super::*;

#[test]
fn elven_magic_adds_2_to_the_caster_level_check_against_spell_resistance() {
    let elf = wizard(
        5,
        &["magic missile"],
        json!({"1": 2}),
        json!({"features": ["Elven Magic"]}),
    );
    let target = creature("target", json!({"hp_max": 40, "spell_resistance": 17}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![elf]), ("b", vec![target])],
        1,
    ));
    let mut rolls = d20s(&[20, 1]);
    rolls.extend_from_slice(&[(20, 10), (4, 1), (4, 1), (4, 1)]);
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("magic missile", on(1))])
            .idle(&[1]),
        &rolls,
    );
    // d20 10 + caster level 5 + 2 = 17 reaches SR 17 (16 without it: resisted).
    assert!(
        p.said_by("wizard")[0].starts_with(
            "casts magic missile (sorcerer_wizard 1, slot 1) on target: #1 SR 17 d20=10+7=17 beaten"
        ),
        "{:?}",
        p.said_by("wizard")
    );
}

/// « CRB — Wizard — Evocation — Intense Spells »: +½ level (level 5: +2) on the first
/// missile only (« not once per missile or ray »).
#[test]
fn intense_spells_add_half_level_once_a_spell() {
    let evoker = wizard(
        5,
        &["magic missile"],
        json!({"1": 2}),
        json!({"level": 5, "features": ["Intense Spells"]}),
    );
    let target = creature("target", json!({"hp_max": 40}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![evoker]), ("b", vec![target])],
        1,
    ));
    let mut rolls = d20s(&[20, 1]);
    rolls.extend_from_slice(&[(4, 1), (4, 1), (4, 1)]);
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("magic missile", on(1))])
            .idle(&[1]),
        &rolls,
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts magic missile (sorcerer_wizard 1, slot 1) on target: #1 1d4+1+2=4 force: 4 dmg (target hp 40 -> 36); #2 1d4+1=2 force: 2 dmg (target hp 36 -> 34); #3 1d4+1=2 force: 2 dmg (target hp 34 -> 32)"
        ]
    );
}
