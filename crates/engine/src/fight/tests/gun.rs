//! Rule tests of firearms and the gunslinger (« Ultimate Combat — Firearms — Misfires »,
//! « Gunslinger — Grit », « Deeds »): tiny fights with scripted dice that pin the exact log
//! lines.

use serde_json::json;

use crate::model::Combatant;

use super::support::*;

/// A level-3 gunslinger (Wis 16: 3 grit at most) with a musket (+6, 1d12 ×4, 40 ft, misfire
/// 1–2) and `grit` grit points (`None`: no grit at all, only the musket's misfire).
fn slinger(grit: Option<u32>) -> Combatant {
    let mut patch = json!({
        "level": 3,
        "abilities": { "wis_score": 16 },
        "attacks": [{
            "name": "musket", "kind": "ranged", "attack_bonus": 6,
            "damage": [{ "formula": "1d12", "types": ["bludgeoning", "piercing"] }],
            "crit_mult": 4, "range_increment_ft": 40, "firearm": true, "two_handed": true
        }],
        "specials": [{ "rule": "misfire", "attack": "musket", "amount": 2 }]
    });
    if let Some(g) = grit {
        patch["resources"] = json!({ "grit": g });
        patch["specials"] = json!([
            { "rule": "misfire", "attack": "musket", "amount": 2 },
            { "rule": "grit", "resource": "grit" }
        ]);
    }
    creature("slinger", patch)
}

/// A sturdy level-3 foe (100 hp, AC 16, touch 11) that does nothing.
fn target() -> Combatant {
    creature(
        "target",
        json!({ "level": 3, "hp_max": 100, "ac": { "total": 16, "touch": 11, "flat_footed": 16 } }),
    )
}

#[test]
fn misfire_breaks_the_firearm_then_it_explodes() {
    let s = scenario(
        room(&["A.B"]),
        vec![("a", vec![slinger(None)]), ("b", vec![target()])],
        3,
    );
    let p = play(&s, &[(20, 20), (20, 1), (20, 2), (20, 5), (12, 7), (20, 3)]);
    p.assert_log(&[
        "- | - | initiative: slinger d20=20+0=20",
        "- | - | initiative: target d20=1+0=1",
        // A natural 2, within the musket's 1–2: the shot misses, the musket is broken.
        "1 | slinger | musket misfires (d20=2): broken",
        "1 | target | move (0,2)->(0,1)",
        // Broken: misfire 1–6; a second misfire explodes it on its wielder (1d12, Ref 12 half).
        "2 | slinger | musket misfires again (d20=5) and explodes: Ref DC 12 d20=3+0=3 fails -> 7 dmg (slinger hp 20 -> 13)",
        "2 | target | move (0,1) (no way forward)",
        // Destroyed: nothing left to shoot with.
        "3 | slinger | move (0,0) (no way forward)",
        "3 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

#[test]
fn deadeye_resolves_beyond_the_first_increment_against_touch_ac_and_a_crit_regains_grit() {
    let s = scenario(
        room(&["A..........B"]),
        vec![("a", vec![slinger(Some(2))]), ("b", vec![target()])],
        1,
    );
    let p = play(&s, &[(20, 10), (20, 1), (20, 20), (20, 15), (12, 3)]);
    p.assert_log(&[
        // Gunslinger initiative: +2 with a grit point and a firearm.
        "- | - | initiative: slinger d20=10+2=12",
        "- | - | initiative: target d20=1+0=1",
        // 55 ft: one increment beyond the first, 1 grit for touch AC (−2 for the range stays).
        "1 | slinger | deadeye vs target: touch AC 11 for 1 grit (1 left)",
        "1 | slinger | musket vs target d20=20+4=24 AC 11 -> HIT CRIT (confirm d20=15+4=19) 12 dmg (target hp 100 -> 88)",
        // A confirmed critical hit with a firearm regains a grit point.
        "1 | slinger | grit +1 (critical hit): 2 left",
        "1 | target | move (0,11)->(0,10)->(0,9)->(0,8)->(0,7)->(0,6)->(0,5)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn gunslingers_dodge_adds_2_ac_against_a_likely_ranged_hit() {
    let archer = creature("archer", json!({ "attacks": [bow(5, 100)] }));
    let s = scenario(
        room(&["B.....A"]),
        vec![("b", vec![archer]), ("a", vec![slinger(Some(1))])],
        1,
    );
    let p = play(&s, &[(20, 20), (20, 1), (20, 12), (12, 5), (20, 8), (6, 4)]);
    p.assert_log(&[
        "- | - | initiative: slinger d20=20+2=22",
        "- | - | initiative: archer d20=1+0=1",
        "1 | slinger | musket vs archer d20=12+6=18 AC 10 -> HIT 5 dmg (archer hp 20 -> 15)",
        // +5 against AC 10 hits on a 5: worth the grit point (+2 AC against that shot).
        "1 | slinger | gunslinger's dodge vs archer: +2 AC (0 grit left)",
        "1 | archer | bow vs slinger d20=8+5=13 AC 12 -> HIT 4 dmg (slinger hp 20 -> 16)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn quick_clear_mends_a_misfired_firearm_as_a_move_action_for_1_grit() {
    let s = scenario(
        room(&["A.....B"]),
        vec![("a", vec![slinger(Some(2))]), ("b", vec![target()])],
        2,
    );
    let p = play(&s, &[(20, 10), (20, 1), (20, 1), (20, 12), (12, 6)]);
    p.assert_log(&[
        "- | - | initiative: slinger d20=10+2=12",
        "- | - | initiative: target d20=1+0=1",
        "1 | slinger | musket misfires (d20=1): broken",
        "1 | target | move (0,6)->(0,5)->(0,4)->(0,3)->(0,2)->(0,1)",
        // Two grit points: the move form (1 grit), then the turn's one shot.
        "2 | slinger | quick clear: musket whole again (1 grit left)",
        "2 | slinger | musket vs target d20=12+6=18 AC 11 -> HIT 6 dmg (target hp 100 -> 94)",
        "2 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

/// [`slinger`] with `grit` grit points and the pistol-whip deed: the blow's line (+4, 1d10+1
/// bludgeoning, ×2) after the musket.
fn whipper(grit: u32) -> Combatant {
    creature(
        "slinger",
        json!({
            "level": 3,
            "abilities": { "wis_score": 16 },
            "cmb": 4,
            "attacks": [{
                "name": "musket", "kind": "ranged", "attack_bonus": 6,
                "damage": [{ "formula": "1d12", "types": ["bludgeoning", "piercing"] }],
                "crit_mult": 4, "range_increment_ft": 40, "firearm": true, "two_handed": true
            }, {
                "name": "pistol-whip", "kind": "melee", "attack_bonus": 4,
                "damage": [{ "formula": "1d10", "types": ["bludgeoning"] }],
                "damage_bonus": 1, "crit_mult": 2, "two_handed": true
            }],
            "resources": { "grit": grit },
            "specials": [
                { "rule": "grit", "resource": "grit" },
                { "rule": "pistol_whip", "attack": "pistol-whip", "firearm": "musket" }
            ]
        }),
    )
}

#[test]
fn pistol_whip_strikes_with_the_firearm_for_1_grit_and_trips_on_a_hit() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![whipper(3)]), ("b", vec![target()])],
        1,
    );
    let p = play(&s, &[(20, 10), (20, 1), (20, 15), (10, 6), (20, 14)]);
    p.assert_log(&[
        "- | - | initiative: slinger d20=10+2=12",
        "- | - | initiative: target d20=1+0=1",
        // Adjacent, with 2 grit or more: the blow rather than a shot from a threatened square.
        "1 | slinger | pistol-whip vs target: 1 grit (2 left)",
        "1 | slinger | pistol-whip vs target d20=15+4=19 AC 16 -> HIT 7 dmg (target hp 100 -> 93)",
        // The hit's free trip: CMB +4 against CMD 11.
        "1 | slinger | trip vs target: d20=14+4=18 vs CMD 11 -> SUCCESS",
        "1 | slinger | target is knocked prone",
        "1 | target | stands up",
        "1 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn pistol_whip_keeps_the_last_grit_point_and_its_line_is_never_an_ordinary_weapon() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![whipper(2)]), ("b", vec![target()])],
        2,
    );
    let p = play(&s, &[(20, 10), (20, 1), (20, 2), (20, 12), (12, 5)]);
    p.assert_log(&[
        "- | - | initiative: slinger d20=10+2=12",
        "- | - | initiative: target d20=1+0=1",
        "1 | slinger | pistol-whip vs target: 1 grit (1 left)",
        "1 | slinger | pistol-whip vs target d20=2+4=6 AC 16 -> MISS",
        "1 | target | move (0,1) (no way forward)",
        // One grit point left, kept for the other deeds: a shot (touch AC within the first
        // increment), never the blow's line as a melee weapon.
        "2 | slinger | musket vs target d20=12+6=18 AC 11 -> HIT 5 dmg (target hp 100 -> 95)",
        "2 | target | move (0,1) (no way forward)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}
