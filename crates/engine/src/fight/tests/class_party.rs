//! Rule tests of the party's class abilities (« CRB — Paladin — Smite Evil », « Lay on
//! Hands », « Bard — Inspire Courage »): tiny fights with scripted dice that pin the exact
//! log lines, and the default policy's choices.

use serde_json::json;

use crate::fight::{Action, Fight, Keep, prepare};
use crate::model::Combatant;
use crate::rules::{Context, Descriptor, Save};

use super::support::*;

/// A level-3 paladin (Cha 16: +3) with a +5 sword (4 damage) and `uses` smites.
fn paladin(uses: u32) -> Combatant {
    creature(
        "paladin",
        json!({
            "level": 3,
            "alignment": "LG",
            "abilities": { "cha_score": 16 },
            "attacks": [melee("sword", 5, "4", &["slashing"])],
            "resources": { "smite_evil": uses },
            "specials": [{ "rule": "smite_evil", "resource": "smite_evil" }]
        }),
    )
}

/// An evil foe (100 hp) that hits back with a +0 club for 1.
fn fiend(name: &str, alignment: &str) -> Combatant {
    creature(
        name,
        json!({
            "hp_max": 100, "alignment": alignment,
            "attacks": [melee("club", 0, "1", &["bludgeoning"])]
        }),
    )
}

#[test]
fn smite_evil_adds_cha_to_attack_level_to_damage_and_deflection_against_the_target() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![paladin(1)]), ("b", vec![fiend("fiend", "CE")])],
        2,
    );
    let p = play(
        &s,
        &[(20, 20), (20, 1), (20, 10), (20, 12), (20, 10), (20, 12)],
    );
    p.assert_log(&[
        "- | - | initiative: paladin d20=20+0=20",
        "- | - | initiative: fiend d20=1+0=1",
        "1 | paladin | smite evil vs fiend: +3 attack, +3 damage, +3 deflection AC (0 left)",
        // +3 (Cha) on the attack, +3 (level) on the damage.
        "1 | paladin | sword vs fiend d20=10+8=18 AC 10 -> HIT 7 dmg (fiend hp 100 -> 93)",
        // AC 10 + 3 deflection against the smitten fiend: 12 misses 13.
        "1 | fiend | club vs paladin d20=12+0=12 AC 13 -> MISS",
        // The smite lasts: no new use is needed (none is left anyway).
        "2 | paladin | sword vs fiend d20=10+8=18 AC 10 -> HIT 7 dmg (fiend hp 93 -> 86)",
        "2 | fiend | club vs paladin d20=12+0=12 AC 13 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn smite_evil_is_never_spent_on_a_foe_that_is_not_evil_and_a_forced_one_is_wasted() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![paladin(1)]), ("b", vec![fiend("bandit", "CN")])],
        1,
    );
    let kinds = decide_with(&s, 0, |_| {}, |_, a: Action| a.kind().to_string());
    assert!(!kinds.iter().any(|k| k == "smite_evil"), "{kinds:?}");
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    let mut sink = Keep::default();
    assert!(fight.start_smite(0, 1, &mut sink).ok);
    assert_eq!(
        sink.0[0].message,
        "smite evil vs bandit: not evil, the smite is wasted (0 left)"
    );
    assert_eq!(fight.units[0].class.smiting, None);
    let again = fight.start_smite(0, 1, &mut sink);
    assert_eq!((again.ok, again.reason), (false, "no_uses_left"));
}

#[test]
fn smite_evil_policy_picks_the_strongest_evil_foe_in_reach() {
    // An evil weakling (20 hp) and an evil brute (100 hp) both next to the paladin, and a
    // neutral giant (200 hp): the brute is smitten.
    let weak = creature("imp", json!({ "hp_max": 20, "alignment": "LE" }));
    let strong = fiend("brute", "NE");
    let giant = creature("giant", json!({ "hp_max": 200 }));
    let s = scenario(
        room(&[".B.", "BAB"]),
        vec![("a", vec![paladin(2)]), ("b", vec![weak, strong, giant])],
        1,
    );
    let said = decide_with(
        &s,
        0,
        |_| {},
        |_, a: Action| match a {
            Action::Smite { target } => format!("smite u{}", target.index()),
            other => other.kind().to_string(),
        },
    );
    assert_eq!(said[0], "smite u2");
}

/// A level-3 paladin (30 hp max) with `uses` of lay on hands (1d6).
fn healer(uses: u32) -> Combatant {
    creature(
        "healer",
        json!({
            "level": 3, "hp_max": 30,
            "attacks": [melee("sword", 5, "4", &["slashing"])],
            "resources": { "lay_on_hands": uses },
            "specials": [{ "rule": "lay_on_hands", "resource": "lay_on_hands" }]
        }),
    )
}

#[test]
fn lay_on_hands_heals_itself_as_a_swift_action_at_half_hit_points() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![healer(1)]), ("b", vec![fiend("foe", "N")])],
        1,
    );
    let mut plan = Vec::new();
    let at_15 = decide_with(
        &s,
        0,
        |f| f.units[0].hp = 15,
        |_, a: Action| a.kind().to_string(),
    );
    plan.extend(at_15);
    assert_eq!(plan, ["lay_on_hands", "full_attack"]);
    let at_16 = decide_with(
        &s,
        0,
        |f| f.units[0].hp = 16,
        |_, a: Action| a.kind().to_string(),
    );
    assert_eq!(at_16, ["full_attack"]);
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    fight.units[0].hp = 10;
    let mut sink = Keep::default();
    let mut dice = crate::rng::ScriptedDice::new([(6, 5)]);
    assert!(fight.lay_on_hands((0, 0), &mut dice, &mut sink).ok);
    assert_eq!(
        sink.0[0].message,
        "lay on hands on healer: 1d6=5 -> hp 10 -> 15 (0 left)"
    );
    let again = fight.lay_on_hands((0, 0), &mut dice, &mut sink);
    assert_eq!((again.ok, again.reason), (false, "no_uses_left"));
}

#[test]
fn lay_on_hands_brings_back_a_dying_ally_next_to_it_with_a_standard_action() {
    // The ally at −3 next to the healer: the healer's turn is the touch (1d6 = 4: hp 1).
    let ally = creature("ally", json!({}));
    let s = scenario(
        room(&["AA.....B"]),
        vec![("a", vec![healer(2), ally]), ("b", vec![fiend("foe", "N")])],
        1,
    );
    let said = decide_with(
        &s,
        0,
        |f| f.units[1].hp = -3,
        |_, a: Action| match a {
            Action::LayOnHands { ally } => format!("lay on hands u{}", ally.index()),
            other => other.kind().to_string(),
        },
    );
    assert_eq!(said, ["lay on hands u1"]);
    assert_eq!(
        Action::LayOnHands {
            ally: crate::fight::UnitId::new(1)
        }
        .cost()
        .slot,
        crate::fight::Slot::Standard
    );
    assert_eq!(
        Action::LayOnHandsSelf.cost().slot,
        crate::fight::Slot::Swift
    );
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    fight.units[1].hp = -3;
    let mut sink = Keep::default();
    let mut dice = crate::rng::ScriptedDice::new([(6, 4)]);
    assert!(fight.lay_on_hands((0, 1), &mut dice, &mut sink).ok);
    assert_eq!(
        sink.0[0].message,
        "lay on hands on ally: 1d6=4 -> hp -3 -> 1 (1 left)"
    );
    assert!(fight.units[1].active());
    // The foe is not an ally, and is out of touch anyway.
    let refused = fight.lay_on_hands((0, 2), &mut dice, &mut sink);
    assert_eq!((refused.ok, refused.reason), (false, "no_ally_in_touch"));
}

/// A level-3 bard with `rounds` rounds of bardic performance.
fn bard(rounds: u32) -> Combatant {
    creature(
        "bard",
        json!({
            "level": 3,
            "resources": { "performance": rounds },
            "specials": [{ "rule": "inspire_courage", "resource": "performance" }]
        }),
    )
}

#[test]
fn inspire_courage_gives_allies_competence_on_attack_and_damage_and_morale_vs_fear() {
    // The bard (initiative 20) performs on its first turn; its ally (19) then hits at +1
    // for +1; with 1 round, the performance ends at the start of the bard's second turn.
    let ally = creature(
        "ally",
        json!({ "attacks": [melee("sword", 3, "5", &["slashing"])] }),
    );
    let s = scenario(
        room(&["AB", "A."]),
        vec![("a", vec![bard(1), ally]), ("b", vec![fiend("foe", "N")])],
        2,
    );
    let plans = Plans::new().idle(&[2]);
    let script = [(20, 20), (20, 19), (20, 1), (20, 10), (20, 10)];
    let p = play_with(&s, &plans, &script);
    p.assert_log(&[
        "- | - | initiative: bard d20=20+0=20",
        "- | - | initiative: ally d20=19+0=19",
        "- | - | initiative: foe d20=1+0=1",
        "1 | bard | inspire courage: allies +1 attack and weapon damage, +1 vs fear (0 rounds left)",
        "1 | ally | sword vs foe d20=10+4=14 AC 10 -> HIT 6 dmg (foe hp 100 -> 94)",
        "2 | bard | inspire courage ends",
        // Without a weapon, the bard looks for a way to the foe (the ally holds it).
        "2 | bard | move (0,0) (no way forward)",
        "2 | ally | sword vs foe d20=10+3=13 AC 10 -> HIT 5 dmg (foe hp 94 -> 89)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    assert!(fight.start_performance(0, &mut Keep::default()).ok);
    let fear = Context {
        descriptors: [Descriptor::Fear].into_iter().collect(),
        ..Context::default()
    };
    assert_eq!(fight.save_bonus(1, Save::Will, &fear), 1);
    assert_eq!(fight.save_bonus(1, Save::Will, &Context::default()), 0);
    // The bard inspires itself too; the foe gets nothing.
    assert_eq!(fight.save_bonus(0, Save::Will, &fear), 1);
    assert_eq!(fight.save_bonus(2, Save::Will, &fear), 0);
    // Out of the fight, the bard inspires no one.
    fight.units[0].hp = -1;
    assert_eq!(fight.save_bonus(1, Save::Will, &fear), 0);
}

#[test]
fn inspire_courage_policy_starts_when_allies_are_present() {
    let alone = scenario(
        room(&["A....B"]),
        vec![("a", vec![bard(5)]), ("b", vec![fiend("foe", "N")])],
        1,
    );
    let with_ally = scenario(
        room(&["A....B", "A....."]),
        vec![
            ("a", vec![bard(5), creature("ally", json!({}))]),
            ("b", vec![fiend("foe", "N")]),
        ],
        1,
    );
    let kinds = |s| decide_with(s, 0, |_| {}, |_, a: Action| a.kind().to_string());
    assert!(!kinds(&alone).iter().any(|k| k == "inspire_courage"));
    assert_eq!(kinds(&with_ally), ["inspire_courage"]);
}

fn data(name: &str, text: &str) -> Combatant {
    crate::model::parse_combatant(name, text).unwrap()
}

#[test]
fn the_new_party_files_rage_smite_and_inspire_in_a_fight() {
    // Brakka, Aldric and Liora of `data/pcs/` against three orcs (CE) of `data/monsters/`:
    // each one's ability shows in the transcript of a seeded fight.
    let orc = data("orc", include_str!("../../../../../data/monsters/orc.json"));
    let party = vec![
        data(
            "brakka",
            include_str!("../../../../../data/pcs/brakka.json"),
        ),
        data(
            "aldric",
            include_str!("../../../../../data/pcs/aldric.json"),
        ),
        data("liora", include_str!("../../../../../data/pcs/liora.json")),
    ];
    let s = scenario(
        room(&["A.....B", "A.....B", "A.....B"]),
        vec![("a", party), ("b", vec![orc.clone(), orc.clone(), orc])],
        20,
    );
    let mut dice = crate::rng::SeededDice::for_run(crate::rng::Seed(1), crate::rng::RunIndex(0));
    let p = play_dice(&s, &crate::policy::DefaultPolicy, &mut dice);
    let log = p.render().join("\n");
    assert!(
        p.said_by("brakka")
            .iter()
            .any(|l| l.starts_with("rage: hp 38 -> 44")),
        "{log}"
    );
    assert!(
        p.said_by("aldric")
            .iter()
            .any(|l| l.starts_with("smite evil vs ")),
        "{log}"
    );
    assert!(
        p.said_by("liora")
            .iter()
            .any(|l| l.starts_with("inspire courage: allies +1")),
        "{log}"
    );
}

#[test]
fn inspire_courage_stacks_with_rage() {
    // Brakka's greataxe (+9, 1d12+6): +2 rage, +1 courage; damage +3 rage, +1 courage.
    let orc = data("orc", include_str!("../../../../../data/monsters/orc.json"));
    let b = data(
        "brakka",
        include_str!("../../../../../data/pcs/brakka.json"),
    );
    let l = data("liora", include_str!("../../../../../data/pcs/liora.json"));
    let s = scenario(
        room(&["AB", "A."]),
        vec![("a", vec![b, l]), ("b", vec![orc])],
        1,
    );
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    let swing = Default::default();
    let plain = fight.attack_numbers(0, 2, 0, swing, false).unwrap();
    assert!(fight.start_rage(0, &mut Keep::default()).ok);
    assert!(fight.start_performance(1, &mut Keep::default()).ok);
    let both = fight.attack_numbers(0, 2, 0, swing, false).unwrap();
    assert_eq!((plain.bonus, plain.damage_bonus), (9, 0));
    assert_eq!((both.bonus, both.damage_bonus), (12, 4));
}
