//! Rule tests of the standing defences read from `features` lines (« CRB — Dwarf — Defensive
//! Training », « Stability », « Barbarian — Uncanny Dodge », « Paladin — Aura of Courage »,
//! « Mercy (fatigued) »), and « Cleric — Healing Domain — Rebuke Death ».

use serde_json::json;

use crate::fight::{Fight, Keep, prepare};
use crate::model::Combatant;
use crate::rng::ScriptedDice;
use crate::rules::maneuver::Maneuver;
use crate::rules::{Condition, ConditionSet, Context, Descriptor, Save};

use super::support::*;

/// A combatant named `name` (Dex 14: +2 Dex bonus) with `features`.
fn with(name: &str, features: &[&str], patch: serde_json::Value) -> Combatant {
    let mut base = json!({
        "abilities": { "dex_score": 14 },
        "features": features,
        "attacks": [melee("club", 0, "1", &["bludgeoning"])]
    });
    if let (Some(b), Some(p)) = (base.as_object_mut(), patch.as_object()) {
        b.extend(p.clone());
    }
    creature(name, base)
}

/// A fresh fight of `s` handed to `check`.
fn fight_of(s: &crate::scenario::Scenario, check: impl FnOnce(&mut Fight)) {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    fight.reset();
    check(&mut fight);
}

#[test]
fn defensive_training_adds_4_dodge_ac_against_giants_only() {
    let giant = with("giant", &[], json!({ "subtypes": ["giant"] }));
    let orc = with("orc", &[], json!({}));
    let dwarf = with("dwarf", &["Defensive Training"], json!({}));
    let s = scenario(
        room(&["ABA"]),
        vec![("a", vec![giant, orc]), ("b", vec![dwarf])],
        1,
    );
    fight_of(&s, |f| {
        let vs_giant = f
            .attack_numbers(0, 2, 0, Default::default(), false)
            .unwrap();
        let vs_orc = f
            .attack_numbers(1, 2, 0, Default::default(), false)
            .unwrap();
        assert_eq!((vs_giant.ac, vs_orc.ac), (14, 10));
        // Denied its Dexterity bonus, it loses the dodge bonus too.
        f.units[2]
            .conds
            .add(Condition::Stunned, ConditionSet::PERMANENT);
        let stunned = f
            .attack_numbers(0, 2, 0, Default::default(), false)
            .unwrap();
        let stunned_orc = f
            .attack_numbers(1, 2, 0, Default::default(), false)
            .unwrap();
        assert_eq!(stunned.ac, stunned_orc.ac);
    });
}

#[test]
fn stability_adds_4_cmd_against_bull_rush_and_trip() {
    let dwarf = with("dwarf", &["Stability"], json!({}));
    let human = with("human", &[], json!({}));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![dwarf]), ("b", vec![human])],
        1,
    );
    fight_of(&s, |f| {
        let base = f.maneuver_cmd(1, 0, Maneuver::Trip);
        assert_eq!(f.maneuver_cmd(0, 1, Maneuver::Trip), base + 4);
        assert_eq!(f.maneuver_cmd(0, 1, Maneuver::BullRush), base + 4);
        assert_eq!(f.maneuver_cmd(0, 1, Maneuver::Grapple), base);
    });
}

#[test]
fn uncanny_dodge_keeps_dex_when_flat_footed_not_when_stunned() {
    let barbarian = with("barbarian", &["Uncanny Dodge"], json!({}));
    let human = with("human", &[], json!({}));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![barbarian]), ("b", vec![human])],
        1,
    );
    fight_of(&s, |f| {
        for u in [0, 1] {
            f.units[u]
                .conds
                .add(Condition::FlatFooted, ConditionSet::PERMANENT);
        }
        assert!(
            !f.denied_dex(1, 0, true),
            "uncanny dodge: never flat-footed"
        );
        assert!(f.denied_dex(0, 1, true));
        f.units[0]
            .conds
            .add(Condition::Stunned, ConditionSet::PERMANENT);
        assert!(
            f.denied_dex(1, 0, true),
            "stunned: loses its Dexterity bonus still"
        );
    });
}

#[test]
fn aura_of_courage_gives_allies_within_10_ft_4_morale_vs_fear() {
    let paladin = with(
        "paladin",
        &["Aura of Courage"],
        json!({ "immunities": ["fear"] }),
    );
    let near = with("near", &[], json!({}));
    let far = with("far", &[], json!({}));
    let s = scenario(
        room(&["A.A...AB"]),
        vec![
            ("a", vec![paladin, near, far]),
            ("b", vec![with("x", &[], json!({}))]),
        ],
        1,
    );
    let fear = Context {
        descriptors: [Descriptor::Fear].into_iter().collect(),
        ..Context::default()
    };
    fight_of(&s, |f| {
        assert_eq!(f.save_bonus(1, Save::Will, &fear), 4);
        assert_eq!(f.save_bonus(1, Save::Will, &Context::default()), 0);
        assert_eq!(f.save_bonus(2, Save::Will, &fear), 0, "beyond 10 ft");
        assert_eq!(f.save_bonus(0, Save::Will, &fear), 0, "not itself");
        // Unconscious, the aura stops.
        f.units[0].hp = -1;
        assert_eq!(f.save_bonus(1, Save::Will, &fear), 0);
    });
}

#[test]
fn mercy_fatigued_lay_on_hands_ends_fatigue() {
    let paladin = with(
        "paladin",
        &["Mercy (fatigued)"],
        json!({
            "level": 2,
            "resources": { "lay_on_hands": 1 },
            "specials": [{ "rule": "lay_on_hands", "resource": "lay_on_hands" }]
        }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![paladin]), ("b", vec![with("x", &[], json!({}))])],
        1,
    );
    fight_of(&s, |f| {
        f.units[0]
            .conds
            .add(Condition::Fatigued, ConditionSet::PERMANENT);
        f.units[0].hp = 10;
        let mut sink = Keep::default();
        let mut dice = ScriptedDice::new([(6, 4)]);
        assert!(f.lay_on_hands((0, 0), &mut dice, &mut sink).ok);
        assert!(!f.units[0].conds.has(Condition::Fatigued));
        let lines: Vec<&str> = sink.0.iter().map(|l| l.message.as_str()).collect();
        assert_eq!(
            lines,
            [
                "lay on hands on paladin: 1d6=4 -> hp 10 -> 14 (0 left)",
                "mercy: fatigued ends"
            ]
        );
    });
}

#[test]
fn favored_terrain_adds_its_bonus_to_initiative_on_that_terrain() {
    let ranger = || with("ranger", &["Favored Terrain (forest +2)"], json!({}));
    let foe = || with("foe", &[], json!({}));
    let start = |terrain: &str| {
        let s = scenario_with_map(map(&[terrain], &["AB"]), ranger(), foe());
        let p = play(&s, &[(20, 10), (20, 10), (20, 1), (20, 1)]);
        p.lines[0].message.clone()
    };
    assert_eq!(start("f."), "initiative: ranger d20=10+2=12");
    assert_eq!(start(".."), "initiative: ranger d20=10+0=10");
}

/// `a` (side a) against `b` (side b) on `m`, one round.
fn scenario_with_map(m: crate::map::Map, a: Combatant, b: Combatant) -> crate::scenario::Scenario {
    scenario(m, vec![("a", vec![a]), ("b", vec![b])], 1)
}

#[test]
fn rebuke_death_heals_a_dying_ally_1d4_plus_half_level() {
    let cleric = with(
        "cleric",
        &["Healing Domain (Rebuke Death)"],
        json!({
            "level": 3,
            "resources": { "rebuke_death": 1 },
            "specials": [{ "rule": "rebuke_death", "resource": "rebuke_death" }]
        }),
    );
    let ally = with("ally", &[], json!({}));
    let s = scenario(
        room(&["AAB"]),
        vec![
            ("a", vec![cleric, ally]),
            ("b", vec![with("x", &[], json!({}))]),
        ],
        1,
    );
    fight_of(&s, |f| {
        let mut sink = Keep::default();
        let mut dice = ScriptedDice::new([(4, 3)]);
        let healthy = f.rebuke_death((0, 1), &mut dice, &mut sink);
        assert_eq!(healthy.reason, "no_dying_ally_in_touch");
        f.units[1].hp = -3;
        assert!(f.rebuke_death((0, 1), &mut dice, &mut sink).ok);
        let lines: Vec<&str> = sink.0.iter().map(|l| l.message.as_str()).collect();
        assert_eq!(
            lines,
            ["rebuke death on ally: 1d4+1=4 -> hp -3 -> 1 (0 left)"]
        );
        assert!(!f.can_rebuke_death(0));
    });
}
