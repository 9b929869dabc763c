//! Rule tests of class abilities (« CRB — Barbarian — Rage », « Fighter — Bravery »,
//! « Ranger — Favored Enemy »): tiny fights with scripted dice that pin the exact log lines.

use serde_json::json;

use crate::fight::{Action, Fight, Keep, prepare};
use crate::model::Combatant;
use crate::rules::{Context, Descriptor, Save, Stat};

use super::support::*;

/// A level-2 barbarian (20 hp, AC 14) with a two-handed `greatsword` (+5, 4 damage) and
/// `rounds` rounds of rage.
fn barbarian(rounds: u32) -> Combatant {
    creature(
        "barbarian",
        json!({
            "level": 2,
            "ac": { "total": 14, "touch": 10, "flat_footed": 14 },
            "attacks": [{
                "name": "greatsword", "kind": "melee", "attack_bonus": 5,
                "damage": [{ "formula": "4", "types": ["slashing"] }], "two_handed": true
            }],
            "resources": { "rage_rounds": rounds },
            "specials": [{ "rule": "rage", "resource": "rage_rounds" }]
        }),
    )
}

/// A sturdy foe (100 hp) that hits back with a +0 club for 1.
fn foe() -> Combatant {
    creature(
        "foe",
        json!({ "hp_max": 100, "attacks": [melee("club", 0, "1", &["bludgeoning"])] }),
    )
}

#[test]
fn rage_adds_str_con_will_and_costs_ac_then_fatigues() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![barbarian(2)]), ("b", vec![foe()])],
        3,
    );
    // Each round: the barbarian rolls 10, the foe 14.
    let script = [
        (20, 20),
        (20, 1),
        (20, 10),
        (20, 14),
        (20, 10),
        (20, 14),
        (20, 10),
        (20, 14),
    ];
    let p = play(&s, &script);
    p.assert_log(&[
        "- | - | initiative: barbarian d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        // +2 hp per Hit Die (level 2); one of its 2 rounds spent.
        "1 | barbarian | rage: hp 20 -> 24 (1 rounds left)",
        // +2 on the melee attack; +3 damage with a two-handed weapon (1½ × the +2 of Str).
        "1 | barbarian | greatsword vs foe d20=10+7=17 AC 10 -> HIT 7 dmg (foe hp 100 -> 93)",
        // −2 AC.
        "1 | foe | club vs barbarian d20=14+0=14 AC 12 -> HIT 1 dmg (barbarian hp 24 -> 23)",
        "2 | barbarian | greatsword vs foe d20=10+7=17 AC 10 -> HIT 7 dmg (foe hp 93 -> 86)",
        "2 | foe | club vs barbarian d20=14+0=14 AC 12 -> HIT 1 dmg (barbarian hp 23 -> 22)",
        // No round left: the rage ends, its 4 hp go, fatigued for 2 × 2 rounds.
        "3 | barbarian | rage ends after 2 rounds: hp 22 -> 18, fatigued for 4 rounds",
        // Fatigued: −2 Str (−1 attack and damage), −2 Dex (−1 AC); no new rage.
        "3 | barbarian | greatsword vs foe d20=10+4=14 AC 10 -> HIT 3 dmg (foe hp 86 -> 83)",
        "3 | foe | club vs barbarian d20=14+0=14 AC 13 -> HIT 1 dmg (barbarian hp 18 -> 17)",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

/// Builds the fight of `s`, lets unit 0 rage, and hands the fight to `check`.
fn raging(s: &crate::scenario::Scenario, check: impl FnOnce(&mut Fight)) {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    fight.reset();
    let done = fight.start_rage(0, &mut Keep::default());
    assert!(done.ok, "{done:?}");
    check(&mut fight);
}

#[test]
fn rage_gives_morale_on_will_fort_cmb_and_no_rage_without_rounds() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![barbarian(1)]), ("b", vec![foe()])],
        1,
    );
    let ctx = Context::default();
    raging(&s, |f| {
        assert_eq!(f.save_bonus(0, Save::Will, &ctx), 2);
        assert_eq!(f.save_bonus(0, Save::Fort, &ctx), 2);
        assert_eq!(f.stat_mod(0, Stat::Cmb, None, &ctx), 2);
        // +2 Str and −2 AC cancel on CMD.
        assert_eq!(f.stat_mod(0, Stat::Cmd, None, &ctx), 0);
        assert_eq!(f.hp_max_now(0), 24);
        // Raging already, and no round left for another.
        let again = f.start_rage(0, &mut Keep::default());
        assert_eq!((again.ok, again.reason), (false, "already_raging"));
        assert!(!f.can_rage(0));
    });
}

#[test]
fn rage_hit_points_lost_at_its_end_can_kill() {
    // At 2 hp of its 24 when the rage ends, the barbarian drops to −2 (dying); its Con 10
    // makes −10 the death threshold.
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![barbarian(1)]), ("b", vec![foe()])],
        1,
    );
    raging(&s, |f| {
        f.units[0].hp = 2;
        let mut sink = Keep::default();
        f.rage_turn(0, &mut sink);
        assert_eq!(f.units[0].hp, -2);
        assert!(f.units[0].dying());
        assert_eq!(
            sink.0.last().map(|l| l.message.as_str()),
            Some("rage ends after 1 rounds: hp 2 -> -2, fatigued for 2 rounds")
        );
    });
}

#[test]
fn rage_policy_waits_until_melee_is_near() {
    // A foe 100 ft away, beyond a charge and a move: no rage yet (the rounds are kept).
    // Next to it: rage, then the attack.
    let far = scenario(
        room(&["A....................B"]),
        vec![("a", vec![barbarian(3)]), ("b", vec![foe()])],
        1,
    );
    let near = scenario(
        room(&["AB"]),
        vec![("a", vec![barbarian(3)]), ("b", vec![foe()])],
        1,
    );
    let kinds = |s| decide_with(s, 0, |_| {}, |_, a: Action| a.kind().to_string());
    assert!(
        !kinds(&far).iter().any(|k| k == "rage"),
        "{:?}",
        kinds(&far)
    );
    assert_eq!(kinds(&near)[0], "rage");
}

/// A level-4 fighter with Bravery +1 (Will +0).
fn fighter() -> Combatant {
    creature(
        "fighter",
        json!({
            "features": ["Bravery +1"],
            "specials": [{ "rule": "bravery", "amount": 1 }]
        }),
    )
}

#[test]
fn bravery_adds_to_will_saves_against_fear_only() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![fighter()]), ("b", vec![foe()])],
        1,
    );
    with_fight(&s, |f| {
        let fear = Context {
            descriptors: [Descriptor::Fear].into_iter().collect(),
            ..Context::default()
        };
        assert_eq!(f.save_bonus(0, Save::Will, &fear), 1);
        assert_eq!(f.save_bonus(0, Save::Will, &Context::default()), 0);
        assert_eq!(f.save_bonus(0, Save::Fort, &fear), 0);
    });
}

#[test]
fn favored_enemy_adds_to_attack_and_damage_against_its_type_only() {
    let ranger = creature(
        "ranger",
        json!({
            "attacks": [melee("sword", 3, "5", &["slashing"])],
            "features": ["Favored Enemy (undead +2)"],
            "specials": [{ "rule": "favored_enemy", "creature_type": "undead", "amount": 2 }]
        }),
    );
    let zombie = creature(
        "zombie",
        json!({ "creature_type": "undead", "abilities": { "con_score": null } }),
    );
    let p = duel(ranger.clone(), zombie, 1, &[(20, 10)]);
    assert_eq!(
        p.said_by("ranger"),
        ["sword vs zombie d20=10+5=15 AC 10 -> HIT 7 dmg (zombie hp 20 -> 13)"]
    );
    let p = duel(ranger, foe(), 1, &[(20, 10)]);
    assert_eq!(
        p.said_by("ranger"),
        ["sword vs foe d20=10+3=13 AC 10 -> HIT 5 dmg (foe hp 100 -> 95)"]
    );
}
