//! Rule tests of the attack-shaped Universal Monster Rules (Bestiary — « Rend », « Pounce »,
//! « Rake », « Powerful Charge », « Energy Drain », « Disease »): tiny fights with scripted
//! dice, with fixture creatures and the monsters of `data/monsters/`. The hydra, trample, rock,
//! sense and poison rules are in `umr_monsters`.

use serde_json::{Value, json};

use crate::fight::{Action, UnitId};
use crate::model::{Combatant, FeatureUse, parse_combatant};

use super::support::*;

pub(super) fn monster(file: &str, text: &str) -> Combatant {
    parse_combatant(file, text).unwrap()
}

pub(super) fn target(u: usize) -> UnitId {
    UnitId::new(u)
}

/// A victim with `hp` hit points and AC 10 that never acts.
pub(super) fn victim(hp: i32) -> Combatant {
    creature("victim", json!({ "hp_max": hp, "level": 5 }))
}

/// A natural attack `name` of flat damage `damage` (no die), `count` swings.
pub(super) fn natural(name: &str, damage: &str, count: u32, types: &[&str]) -> Value {
    json!({ "name": name, "kind": "melee", "attack_bonus": 0, "natural": true, "count": count,
            "damage": [{ "formula": damage, "types": types }] })
}

/// `attacker` (unit 0, side `a`) against an idle `defender` (unit 1, side `b`) on the room
/// `rows` for `rounds` rounds: the attacker takes `action` on the defender each turn, the
/// dice are exactly `script` (initiative first).
pub(super) fn fixed_duel(
    (attacker, defender): (Combatant, Combatant),
    rows: &[&str],
    rounds: u32,
    action: fn(UnitId) -> Action,
    script: &[(u32, u32)],
) -> Played {
    let s = scenario(
        room(rows),
        vec![("a", vec![attacker]), ("b", vec![defender])],
        rounds,
    );
    let plans = Plans::new().idle(&[1]).fixed(0, &[action(target(1))]);
    play_with(&s, &plans, script)
}

#[test]
fn rend_deals_its_damage_once_when_both_claws_hit_one_target() {
    let ripper = creature(
        "ripper",
        json!({ "attacks": [natural("claw", "1", 2, &["slashing"])],
                "specials": [{ "rule": "rend", "attack": "claw", "damage": "1d6+7" }] }),
    );
    // Round 1: both claws hit, rend 1d6=3 +7; round 2: one claw misses, no rend.
    let full = |target| Action::FullAttack { target };
    let p = fixed_duel(
        (ripper, victim(40)),
        &["AB"],
        2,
        full,
        &[
            (20, 20),
            (20, 1),
            (20, 15),
            (20, 15),
            (6, 3),
            (20, 15),
            (20, 2),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: ripper d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | ripper | claw vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 40 -> 39)",
        "1 | ripper | claw vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 39 -> 38)",
        "1 | ripper | rend 1d6+7=10 vs victim: 10 dmg (victim hp 38 -> 28)",
        "2 | ripper | claw vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 28 -> 27)",
        "2 | ripper | claw vs victim d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn rend_of_the_troll_file_is_two_claws_1d6_plus_7() {
    let troll = monster(
        "troll",
        include_str!("../../../../../data/monsters/troll.json"),
    );
    let rend = troll.specials().iter().find_map(|e| match e.special {
        crate::model::Special::Rend { attack, damage } => Some((attack, damage.to_string())),
        _ => None,
    });
    assert_eq!(rend, Some((1, "1d6+7".to_string())));
    assert!(
        troll
            .feature_uses()
            .all(|(line, u)| u != FeatureUse::Unmodelled || line == "Scent"),
        "{:?}",
        troll.feature_uses().collect::<Vec<_>>()
    );
}

/// A charger with `specials` and two claws (flat 1) plus `more` attacks, 3 squares from an
/// idle victim.
fn charge_fight(specials: Value, more: &[Value], script: &[(u32, u32)]) -> Played {
    let mut attacks = vec![natural("claw", "1", 2, &["slashing"])];
    attacks.extend_from_slice(more);
    let charger = creature(
        "cat",
        json!({ "attacks": attacks, "specials": specials, "bab": 6 }),
    );
    let s = scenario(
        room(&["A...B"]),
        vec![("a", vec![charger]), ("b", vec![victim(40)])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Charge { target: target(1) }]);
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, &plans, &rolls)
}

#[test]
fn pounce_makes_a_full_attack_at_plus_2_after_a_charge() {
    let p = charge_fight(json!([{ "rule": "pounce" }]), &[], &[(20, 15), (20, 15)]);
    assert_eq!(
        p.said_by("cat")[1..],
        [
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 40 -> 39)",
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 39 -> 38)",
        ],
        "{:?}",
        p.render()
    );
    // Without pounce: one attack.
    let p = charge_fight(json!([]), &[], &[(20, 15)]);
    assert_eq!(p.count("claw vs victim"), 1, "{:?}", p.render());
}

#[test]
fn powerful_charge_replaces_the_charging_attack_s_damage() {
    let specials = json!([{ "rule": "powerful_charge", "attack": "claw", "damage": "2d6+4" }]);
    let p = charge_fight(specials, &[], &[(20, 15), (6, 2), (6, 3)]);
    assert_eq!(
        p.said_by("cat")[1..],
        ["claw vs victim d20=15+2=17 AC 10 -> HIT 9 dmg (victim hp 40 -> 31)"],
        "{:?}",
        p.render()
    );
}

#[test]
fn rake_attacks_come_with_a_pounce_and_never_as_ordinary_attacks() {
    let rake = natural("rake", "2", 2, &["slashing"]);
    let specials = json!([{ "rule": "pounce" }, { "rule": "rake", "attack": "rake" }]);
    let p = charge_fight(
        specials,
        std::slice::from_ref(&rake),
        &[(20, 15), (20, 15), (20, 15), (20, 15)],
    );
    let said = p.said_by("cat");
    assert_eq!(
        said[1..],
        [
            "rake vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 40 -> 38)",
            "rake vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 38 -> 36)",
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 36 -> 35)",
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 35 -> 34)",
        ],
        "{:?}",
        p.render()
    );
    // A full attack on a foe it does not hold: the claws only.
    let cat = creature(
        "cat",
        json!({ "attacks": [natural("claw", "1", 2, &["slashing"]), rake],
                "specials": [{ "rule": "rake", "attack": "rake" }] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![cat]), ("b", vec![victim(40)])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::FullAttack { target: target(1) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1), (20, 15), (20, 15)]);
    assert_eq!(p.count("rake vs"), 0);
    assert_eq!(p.count("claw vs"), 2);
}

#[test]
fn energy_drain_bestows_negative_levels_minus_5_hp_and_minus_1_on_attacks() {
    let wight = creature(
        "wight",
        json!({ "attacks": [natural("slam", "1", 1, &["bludgeoning"])],
                "specials": [{ "rule": "energy_drain", "attack": "slam", "amount": 1 }] }),
    );
    let hero = creature(
        "hero",
        json!({ "hp_max": 30, "level": 3, "attacks": [melee("club", 0, "1", &["bludgeoning"])] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![wight]), ("b", vec![hero])],
        1,
    );
    let plans = Plans::new()
        .fixed(0, &[Action::Attack { target: target(1) }])
        .fixed(1, &[Action::Attack { target: target(0) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1), (20, 15), (20, 15)]);
    p.assert_log(&[
        "- | - | initiative: wight d20=20+0=20",
        "- | - | initiative: hero d20=1+0=1",
        "1 | wight | slam vs hero d20=15+0=15 AC 10 -> HIT 1 dmg (hero hp 30 -> 29)",
        "1 | wight | energy drain vs hero: 1 negative levels (1 in all, hp 24)",
        // The wight's 5 temporary hit points take the blow.
        "1 | hero | club vs wight d20=15-1=14 AC 10 -> HIT 0 dmg (wight hp 20 -> 20)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn energy_drain_slays_at_as_many_negative_levels_as_hit_dice() {
    let wight = creature(
        "wight",
        json!({ "attacks": [natural("slam", "1", 1, &["bludgeoning"])],
                "specials": [{ "rule": "energy_drain", "attack": "slam", "amount": 2 }] }),
    );
    let hero = creature("hero", json!({ "hp_max": 30, "level": 2 }));
    let p = duel(wight, hero, 1, &[(20, 15)]);
    assert_eq!(
        p.said_by("wight")[1],
        "energy drain vs hero: 2 negative levels (2 in all, hp 19), slain"
    );
    assert_eq!(p.tally.units[1].killed, 1);
}

#[test]
fn disease_is_recorded_without_effect_in_a_fight() {
    for (file, text) in [
        (
            "dire_rat",
            include_str!("../../../../../data/monsters/dire_rat.json"),
        ),
        (
            "ghoul",
            include_str!("../../../../../data/monsters/ghoul.json"),
        ),
    ] {
        let c = monster(file, text);
        let disease = c.feature_uses().find(|(l, _)| l.starts_with("Disease"));
        assert_eq!(
            disease.map(|(_, u)| u),
            Some(FeatureUse::Special(crate::model::SpecialRule::Disease)),
            "{file}"
        );
    }
}
