//! Rule tests of the abilities that reshape an attack turn (« UM — Magus — Spell Combat »,
//! « CRB — Cleave », « Bestiary — Flyby Attack », « APG — Channel Smite »), played by the
//! default policy: scripted dice, exact log lines.

use serde_json::json;

use super::cast::{caster, with_spells};
use super::support::*;

fn spell_combat_fight() -> crate::scenario::Scenario {
    let magus = caster(
        "magus",
        "magus",
        1,
        &["shocking grasp"],
        json!({ "1": 1 }),
        json!({
            "bab": 0, "initiative_mod": 10,
            "attacks": [{
                "name": "longsword", "kind": "melee", "attack_bonus": 4, "damage_bonus": 3,
                "damage": [{ "formula": "1d8", "types": ["slashing"] }]
            }],
            "features": ["Spell Combat"],
            "specials": [{ "rule": "spell_combat" }]
        }),
    );
    let target = creature(
        "target",
        json!({ "hp_max": 100, "ac": { "total": 20, "touch": 10, "flat_footed": 20 } }),
    );
    with_spells(scenario(
        room(&["AB"]),
        vec![("a", vec![magus]), ("b", vec![target])],
        1,
    ))
}

#[test]
fn spell_combat_casts_shocking_grasp_and_full_attacks_all_at_minus_2() {
    let p = play(
        &spell_combat_fight(),
        &[(20, 20), (20, 1), (20, 15), (6, 4), (20, 18), (8, 5)],
    );
    p.assert_log(&[
        "- | - | initiative: magus d20=20+10=30",
        "- | - | initiative: target d20=1+0=1",
        "1 | magus | spell combat: a spell and its attacks, every attack roll at -2",
        // The touch at +0 − 2, the longsword at +4 − 2.
        "1 | magus | casts shocking grasp (magus 1, slot 1) on target: melee touch d20=15-2=13 vs AC 10 -> HIT: 1d6=4 electricity: 4 dmg (target hp 100 -> 96)",
        "1 | magus | longsword vs target d20=18+2=20 AC 20 -> HIT 8 dmg (target hp 96 -> 88)",
        "1 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

fn cleave_fight() -> crate::scenario::Scenario {
    let giant = creature(
        "giant",
        json!({ "feats": ["Cleave"], "attacks": [sword(5)], "initiative_mod": 10 }),
    );
    let foe = |n: &str| creature(n, json!({ "hp_max": 50 }));
    scenario(
        room(&["A..B.", "...B."]),
        vec![("a", vec![giant]), ("b", vec![foe("first"), foe("second")])],
        1,
    )
}

#[test]
fn cleave_hits_a_second_foe_adjacent_to_the_first_after_a_move() {
    let p = play(
        &cleave_fight(),
        &[
            (20, 20),
            (20, 1),
            (20, 1),
            (20, 12),
            (6, 3),
            (20, 15),
            (6, 5),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: giant d20=20+10=30",
        "- | - | initiative: first d20=1+0=1",
        "- | - | initiative: second d20=1+0=1",
        "1 | giant | move (0,0)->(0,1)->(0,2)",
        "1 | giant | cleave: -2 AC until its next turn",
        "1 | giant | sword vs first d20=12+5=17 AC 10 -> HIT 3 dmg (first hp 50 -> 47)",
        // The hit lets it swing at the foe next to the first, at the same bonus.
        "1 | giant | sword vs second d20=15+5=20 AC 10 -> HIT 5 dmg (second hp 50 -> 45)",
        "1 | first | move (0,3) (no way forward)",
        "1 | second | move (1,3) (no way forward)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

fn flyby_fight() -> crate::scenario::Scenario {
    let roc = creature(
        "roc",
        json!({
            "feats": ["Flyby Attack"], "speed_fly_ft": 40, "initiative_mod": 10,
            "attacks": [melee("talon", 5, "1d6", &["slashing"])]
        }),
    );
    let target = creature("target", json!({ "hp_max": 50, "attacks": [sword(0)] }));
    scenario(
        room(&["A.....B"]),
        vec![("a", vec![roc]), ("b", vec![target])],
        1,
    )
}

#[test]
fn flyby_attack_flies_in_strikes_and_flies_away_out_of_reach() {
    let p = play(
        &flyby_fight(),
        &[(20, 20), (20, 1), (20, 12), (6, 3), (20, 2), (20, 3)],
    );
    p.assert_log(&[
        "- | - | initiative: roc d20=20+10=30",
        "- | - | initiative: target d20=1+0=1",
        "1 | roc | flyby move (0,0)->(0,1)->(0,2)->(0,3)->(0,4)->(0,5)",
        "1 | roc | talon vs target d20=12+5=17 AC 10 -> HIT 3 dmg (target hp 50 -> 47)",
        // The 3 squares of its 40 ft left, away; leaving the target's reach provokes.
        "1 | roc | flyby away (0,5)->(0,4)->(0,3)->(0,2)",
        "1 | target | AoO: sword vs roc d20=2+0=2 AC 10 -> MISS",
        "1 | target | charge (0,6)->(0,5)->(0,4)->(0,3)",
        "1 | target | sword vs roc d20=3+2=5 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

fn smite_fight() -> crate::scenario::Scenario {
    let drow = creature(
        "drow",
        json!({
            "feats": ["Channel Smite"], "attacks": [sword(5)], "initiative_mod": 10,
            "resources": { "channel_energy": 2 },
            "specials": [{
                "rule": "channel_energy", "energy": "negative", "damage": "2d6", "dc": 12,
                "feature": "Channel Negative Energy"
            }],
            "features": ["Channel Negative Energy"]
        }),
    );
    let target = creature("target", json!({ "hp_max": 50 }));
    scenario(
        room(&["AB"]),
        vec![("a", vec![drow]), ("b", vec![target])],
        2,
    )
}

#[test]
fn channel_smite_adds_the_channel_damage_to_a_hit_will_half() {
    let p = play(
        &smite_fight(),
        &[
            (20, 20),
            (20, 1),
            (20, 12),
            (6, 3),
            (6, 4),
            (6, 5),
            (20, 14),
            (20, 2),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: drow d20=20+10=30",
        "- | - | initiative: target d20=1+0=1",
        "1 | drow | channel smite: a channel use rides on its next melee attack, 1 left",
        "1 | drow | sword vs target d20=12+5=17 AC 10 -> HIT 3 dmg (target hp 50 -> 47)",
        // 2d6 = 9 negative energy, Will DC 12 saved: half.
        "1 | drow | channel smite vs target: Will DC 12 d20=14+0=14 saves, half -> 4 dmg (target hp 47 -> 43)",
        "1 | target | move (0,1) (no way forward)",
        "2 | drow | channel smite: a channel use rides on its next melee attack, 0 left",
        // A miss wastes the use.
        "2 | drow | sword vs target d20=2+5=7 AC 10 -> MISS",
        "2 | drow | channel smite wasted",
        "2 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}
