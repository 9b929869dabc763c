//! The `specials` schema of the rules that reach around their bearer (Bestiary — « Aura »,
//! « Frightful Presence », « Gaze », « Breath Weapon », « Channel Resistance »; CRB —
//! « Channel Energy »): their parameters, each rejection with its field path, and the
//! converted data files' features resolved.

use super::special::{AreaRule, BreathEffect, BreathShape, Energy, Roll};
use super::tests::parse;
use super::tests_specials::{orc_with, rejects};
use super::{FeatureUse, Special, SpecialRule};
use crate::rules::Save;
use crate::vocab::DamageType;

#[test]
fn area_rules_parse_with_their_parameters() {
    let c = parse(&orc_with(
        r#"[{ "rule": "fear_aura", "radius_ft": 60, "dc": 18, "frightened_below_hd": 5,
              "duration": "11" },
            { "rule": "frightful_presence", "range_ft": 30, "dc": 15, "duration": "5d6" },
            { "rule": "gaze", "range_ft": 30, "dc": 15, "effect": "petrification" },
            { "rule": "breath_weapon", "shape": "line", "range_ft": 30, "dc": 14,
              "save": "reflex", "effect": "damage", "damage": "4d6", "energy": "fire",
              "recharge": "1d4" },
            { "rule": "channel_energy", "energy": "negative", "damage": "2d6", "dc": 12 },
            { "rule": "channel_resistance", "amount": 4 }]"#,
    ))
    .unwrap();
    let got: Vec<Special> = c.specials().iter().map(|e| e.special).collect();
    let area = Special::Area;
    let roll = |count, sides, flat| Roll { count, sides, flat };
    assert_eq!(
        got,
        [
            area(AreaRule::FearAura {
                radius_ft: 60,
                dc: 18,
                frightened_below_hd: 5,
                duration: roll(0, 0, 11),
            }),
            area(AreaRule::FrightfulPresence {
                range_ft: 30,
                dc: 15,
                duration: roll(5, 6, 0),
            }),
            area(AreaRule::Gaze {
                range_ft: 30,
                dc: 15,
            }),
            area(AreaRule::BreathWeapon {
                shape: BreathShape::Line,
                range_ft: 30,
                dc: 14,
                save: Save::Reflex,
                effect: BreathEffect::Damage {
                    dice: roll(4, 6, 0),
                    energy: DamageType::Fire,
                },
                recharge: roll(1, 4, 0),
            }),
            area(AreaRule::ChannelEnergy {
                energy: Energy::Negative,
                dice: roll(2, 6, 0),
                dc: 12,
            }),
            area(AreaRule::ChannelResistance { amount: 4 }),
        ]
    );
}

#[test]
fn area_rule_parameters_are_checked_with_their_field() {
    rejects(
        r#"[{ "rule": "fear_aura", "radius_ft": 62, "dc": 18, "frightened_below_hd": 5,
              "duration": "11" }]"#,
        "specials[0].radius_ft",
        "a multiple of 5 feet, got 62",
    );
    rejects(
        r#"[{ "rule": "fear_aura", "radius_ft": 60, "dc": 18, "duration": "11" }]"#,
        "specials[0].frightened_below_hd",
        "missing: `fear_aura` needs `frightened_below_hd`",
    );
    rejects(
        r#"[{ "rule": "gaze", "range_ft": 30, "dc": 15, "effect": "charm" }]"#,
        "specials[0].effect",
        "unknown gaze effect `charm`",
    );
    rejects(
        r#"[{ "rule": "breath_weapon", "shape": "sphere", "range_ft": 60, "dc": 21,
              "save": "fort", "effect": "petrification", "recharge": "1d4+1" }]"#,
        "specials[0].shape",
        "unknown shape `sphere`",
    );
    rejects(
        r#"[{ "rule": "breath_weapon", "shape": "cone", "range_ft": 60, "dc": 21,
              "save": "fort", "effect": "damage", "energy": "fire", "recharge": "1d4" }]"#,
        "specials[0].damage",
        "a damaging breath needs `damage`",
    );
    rejects(
        r#"[{ "rule": "breath_weapon", "shape": "cone", "range_ft": 60, "dc": 21,
              "save": "fort", "effect": "petrification", "energy": "fire",
              "recharge": "1d4" }]"#,
        "specials[0].energy",
        "a petrifying breath takes no `energy`",
    );
    rejects(
        r#"[{ "rule": "channel_energy", "energy": "holy", "damage": "2d6", "dc": 12 }]"#,
        "specials[0].energy",
        "unknown energy `holy`",
    );
    rejects(
        r#"[{ "rule": "channel_resistance", "amount": 4, "dc": 3 }]"#,
        "specials[0].dc",
        "`channel_resistance` takes no `dc`",
    );
}

#[test]
fn the_converted_monsters_and_sera_resolve_their_features() {
    use crate::model::parse_combatant;
    let files = [
        (
            "lich",
            include_str!("../../../../data/monsters/lich.json"),
            &[SpecialRule::FearAura, SpecialRule::ChannelResistance][..],
        ),
        (
            "ghoul",
            include_str!("../../../../data/monsters/ghoul.json"),
            &[SpecialRule::ChannelResistance],
        ),
        (
            "basilisk",
            include_str!("../../../../data/monsters/basilisk.json"),
            &[SpecialRule::Gaze],
        ),
        (
            "medusa",
            include_str!("../../../../data/monsters/medusa.json"),
            &[SpecialRule::Gaze],
        ),
        (
            "gorgon",
            include_str!("../../../../data/monsters/gorgon.json"),
            &[SpecialRule::BreathWeapon],
        ),
        (
            "drow",
            include_str!("../../../../data/monsters/drow_noble.json"),
            &[SpecialRule::ChannelEnergy],
        ),
        (
            "sera",
            include_str!("../../../../data/pcs/sera.json"),
            &[SpecialRule::ChannelEnergy],
        ),
    ];
    for (name, text, rules) in files {
        let c = parse_combatant(name, text).unwrap();
        for &rule in rules {
            let modelled = (c.feature_uses())
                .filter(|(_, u)| *u == FeatureUse::Special(rule))
                .count();
            assert_eq!(modelled, 1, "{name}: {rule:?}");
        }
    }
}
