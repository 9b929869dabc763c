//! The class-ability `specials` schema (« CRB — Barbarian — Rage », « Fighter — Bravery »,
//! « Ranger — Favored Enemy »): each rule's parameters, each rejection with its exact field
//! path, and the `features` lines they model.

use super::tests::{ORC, edit, parse};
use super::{CreatureType, FeatureUse, Special, SpecialRule};

/// The orc with `resources` {"rage_rounds": 6}, `features` `features` and `specials` `list`.
pub(super) fn orc_with(features: &str, list: &str) -> String {
    let orc = edit(
        ORC,
        r#""features": ["Ferocity", "Light Sensitivity", "Darkvision 60 ft."],"#,
        &format!(r#""features": {features},"#),
    );
    edit(
        &orc,
        r#""feats": ["#,
        &format!(r#""resources": {{"rage_rounds": 6}}, "specials": {list}, "feats": ["#),
    )
}

/// The only error of the orc with `specials` `list`: its field and message.
pub(super) fn rejects(list: &str, field: &str, says: &str) {
    let errors = parse(&orc_with("[]", list)).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    let e = &errors.0[0];
    assert_eq!(e.field, field, "{e}");
    assert!(e.message.contains(says), "`{}` lacks `{says}`", e.message);
}

#[test]
fn class_rules_parse_with_their_parameters() {
    let c = parse(&orc_with(
        r#"["Rage", "Bravery +1", "Favored Enemy (undead +2)"]"#,
        r#"[{ "rule": "rage", "resource": "rage_rounds" },
            { "rule": "bravery", "amount": 1 },
            { "rule": "favored_enemy", "creature_type": "undead", "amount": 2 }]"#,
    ))
    .unwrap();
    let specials: Vec<Special> = c.specials().iter().map(|e| e.special).collect();
    assert_eq!(
        specials,
        [
            Special::Rage { resource: 0 },
            Special::Bravery { amount: 1 },
            Special::FavoredEnemy {
                against: CreatureType::Undead,
                amount: 2
            },
        ]
    );
    let uses: Vec<FeatureUse> = c.feature_uses().map(|(_, u)| u).collect();
    assert_eq!(
        uses,
        [
            FeatureUse::Special(SpecialRule::Rage),
            FeatureUse::Special(SpecialRule::Bravery),
            FeatureUse::Special(SpecialRule::FavoredEnemy),
        ]
    );
}

#[test]
fn rage_names_one_of_the_files_resources() {
    rejects(
        r#"[{ "rule": "rage", "resource": "rage_round" }]"#,
        "specials[0].resource",
        "rage_rounds",
    );
    rejects(
        r#"[{ "rule": "rage" }]"#,
        "specials[0].resource",
        "missing: `rage` needs `resource`",
    );
    rejects(
        r#"[{ "rule": "smite_evil", "resource": "smite" }]"#,
        "specials[0].resource",
        "unknown resource `smite`",
    );
}

#[test]
fn class_bonuses_and_creature_types_are_checked() {
    rejects(
        r#"[{ "rule": "bravery", "amount": 30 }]"#,
        "specials[0].amount",
        "between 1 and 20",
    );
    rejects(
        r#"[{ "rule": "favored_enemy", "creature_type": "undeads", "amount": 2 }]"#,
        "specials[0].creature_type",
        "undead",
    );
    rejects(
        r#"[{ "rule": "bravery", "amount": 1, "resource": "rage_rounds" }]"#,
        "specials[0].resource",
        "`bravery` takes no `resource`",
    );
}

#[test]
fn class_and_racial_lines_in_the_numbers_resolve_with_a_reason() {
    let c = parse(&orc_with(
        r#"["Armor Training 1", "Halfling Luck", "Rogue Talent (finesse rogue)",
            "Rogue Talent (surprise attack)"]"#,
        "[]",
    ))
    .unwrap();
    let uses: Vec<FeatureUse> = c.feature_uses().map(|(_, u)| u).collect();
    assert_eq!(
        uses,
        [
            FeatureUse::NoCombatEffect,
            FeatureUse::NoCombatEffect,
            FeatureUse::NoCombatEffect,
            // Only the talent named is in the numbers: another one is a to-do.
            FeatureUse::Unmodelled,
        ]
    );
    assert_eq!(
        c.class_or_race_reason("Halfling Luck"),
        Some("+1 on all saving throws: in the file's `saves`")
    );
    assert!(
        super::features::CLASS_AND_RACE
            .iter()
            .all(|(_, why)| !why.is_empty())
    );
}

#[test]
fn a_racial_save_line_resolves_only_with_its_modifier() {
    let bare = parse(&orc_with(r#"["Fearless"]"#, "[]")).unwrap();
    assert_eq!(
        bare.feature_uses().next().map(|(_, u)| u),
        Some(FeatureUse::Unmodelled)
    );
    let text = edit(
        &orc_with(r#"["Fearless"]"#, "[]"),
        r#""feats": ["#,
        r#""modifiers": [{ "stat": "saves", "type": "racial", "value": 2, "when": "fear" }],
           "feats": ["#,
    );
    let carried = parse(&text).unwrap();
    assert_eq!(
        carried.feature_uses().next().map(|(_, u)| u),
        Some(FeatureUse::NoCombatEffect)
    );
}

/// The orc with its javelin made a firearm, and `specials` `list` (a `grit` entry reads the
/// `rage_rounds` resource: any resource will do for the schema).
fn gunner(list: &str) -> String {
    let orc = edit(
        &orc_with("[]", list),
        r#""range_increment_ft": 30"#,
        r#""range_increment_ft": 30, "firearm": true"#,
    );
    edit(&orc, r#""name": "javelin""#, r#""name": "pistol""#)
}

#[test]
fn pistol_whip_names_a_melee_blow_and_a_firearm_and_needs_grit() {
    let c = parse(&gunner(
        r#"[{ "rule": "grit", "resource": "rage_rounds" },
            { "rule": "pistol_whip", "attack": "falchion", "firearm": "pistol" }]"#,
    ))
    .unwrap();
    assert_eq!(
        c.specials()[1].special,
        Special::PistolWhip {
            attack: 0,
            firearm: 1
        }
    );
    let errors = parse(&gunner(
        r#"[{ "rule": "pistol_whip", "attack": "falchion", "firearm": "pistol" }]"#,
    ))
    .unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    assert_eq!(errors.0[0].field, "specials[0].rule");
    assert!(errors.0[0].message.contains("needs a `grit` entry"));
    rejects(
        r#"[{ "rule": "pistol_whip", "attack": "falchion", "firearm": "javelin" }]"#,
        "specials[0].firearm",
        "is not a firearm",
    );
    rejects(
        r#"[{ "rule": "pistol_whip", "attack": "falchion" }]"#,
        "specials[0].firearm",
        "needs `firearm`",
    );
}
