//! « CRB — Elves — Elven Magic »: +2 on the caster level check against spell resistance,
//! read from the caster's `features` line.

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
