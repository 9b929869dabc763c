//! Rule tests of the PCs' class abilities that act in a fight (« CRB — Wizard — Evocation —
//! Force Missile »): scripted dice, exact log lines.

use serde_json::json;

use super::support::*;

/// A level-5 evoker with 2 force missiles (1d4+2) and a weak sling (+0, 1d4).
fn evoker() -> crate::model::Combatant {
    creature(
        "evoker",
        json!({
            "level": 5, "caster_level": 5,
            "attacks": [{
                "name": "sling", "kind": "ranged", "attack_bonus": 0,
                "damage": [{ "formula": "1d4", "types": ["bludgeoning"] }],
                "range_increment_ft": 50
            }],
            "features": ["Force Missile (1d4+2 force)"],
            "resources": { "force_missile": 2 },
            "specials": [{ "rule": "force_missile", "resource": "force_missile", "damage": "1d4+2" }]
        }),
    )
}

#[test]
fn force_missile_strikes_automatically_for_1d4_plus_intense_spells() {
    let target = creature("target", json!({ "hp_max": 100, "ac": { "total": 15 } }));
    let s = scenario(
        room(&["A.........B"]),
        vec![("a", vec![evoker()]), ("b", vec![target])],
        3,
    );
    let p = play(&s, &[(20, 20), (20, 1), (4, 3), (4, 1), (20, 18), (4, 4)]);
    p.assert_log(&[
        "- | - | initiative: evoker d20=20+0=20",
        "- | - | initiative: target d20=1+0=1",
        // No attack roll: 1d4+2 of force, one use of two.
        "1 | evoker | force missile vs target: 1d4+2=5 -> 5 dmg (target hp 100 -> 95) (1 left)",
        "1 | target | move (0,10)->(0,9)->(0,8)->(0,7)->(0,6)->(0,5)->(0,4)",
        "2 | evoker | force missile vs target: 1d4+2=3 -> 3 dmg (target hp 95 -> 92) (0 left)",
        "2 | target | move (0,4)->(0,3)->(0,2)->(0,1)",
        // None left: the sling.
        "3 | evoker | sling vs target d20=18+0=18 AC 15 -> HIT 4 dmg (target hp 92 -> 88)",
        "3 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

#[test]
fn arcane_pool_gives_the_weapon_plus_1_for_a_minute_on_the_first_melee_turn() {
    let magus = creature(
        "magus",
        json!({
            "attacks": [{
                "name": "longsword", "kind": "melee", "attack_bonus": 4, "damage_bonus": 3,
                "damage": [{ "formula": "1d8", "types": ["slashing"] }]
            }],
            "features": ["Arcane Pool"],
            "resources": { "arcane_pool": 4 },
            "specials": [{ "rule": "arcane_pool", "resource": "arcane_pool", "amount": 1 }]
        }),
    );
    let target = creature("target", json!({ "hp_max": 100, "ac": { "total": 15 } }));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![magus]), ("b", vec![target])],
        2,
    );
    let p = play(&s, &[(20, 20), (20, 1), (20, 10), (8, 5), (20, 9)]);
    p.assert_log(&[
        "- | - | initiative: magus d20=20+0=20",
        "- | - | initiative: target d20=1+0=1",
        "1 | magus | arcane pool: +1 enhancement on its weapon until round 11 (3 points left)",
        // +4 + 1 to hit, 1d8 + 3 + 1 damage.
        "1 | magus | longsword vs target d20=10+5=15 AC 15 -> HIT 9 dmg (target hp 100 -> 91)",
        "1 | target | move (0,1) (no way forward)",
        // Still on: no second point spent.
        "2 | magus | longsword vs target d20=9+5=14 AC 15 -> MISS",
        "2 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}
