//! The `specials` schema (Bestiary — Universal Monster Rules): each rule's parameters, each
//! rejection with its exact field path, and how `features` lines resolve against the entries.

use super::tests::{ORC, edit, parse};
use super::{FeatureUse, Special, SpecialRule};
use crate::vocab::{DamageType, DamageTypes};

/// The orc with `specials` set to `list` (JSON).
pub(super) fn orc_with(list: &str) -> String {
    edit(
        ORC,
        r#""feats": ["#,
        &format!(r#""specials": {list}, "feats": ["#),
    )
}

/// The only error of the orc with `specials` `list`: its field and message.
pub(super) fn rejects(list: &str, field: &str, says: &str) {
    let errors = parse(&orc_with(list)).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    let e = &errors.0[0];
    assert_eq!(e.field, field, "{e}");
    assert!(e.message.contains(says), "`{}` lacks `{says}`", e.message);
}

#[test]
fn each_rule_parses_with_its_parameters() {
    let c = parse(&orc_with(
        r#"[{ "rule": "ferocity" },
            { "rule": "regeneration", "amount": 5, "bypass": ["fire", "acid"] },
            { "rule": "fast_healing", "amount": 2 },
            { "rule": "grab", "attack": "Falchion" }]"#,
    ))
    .unwrap();
    let specials: Vec<Special> = c.specials().iter().map(|e| e.special).collect();
    let bypass: DamageTypes = [DamageType::Acid, DamageType::Fire].into_iter().collect();
    assert_eq!(
        specials,
        [
            Special::Ferocity,
            Special::Regeneration { amount: 5, bypass },
            Special::FastHealing { amount: 2 },
            Special::Grab { attack: 0 },
        ]
    );
}

#[test]
fn an_unknown_rule_names_the_closest() {
    rejects(
        r#"[{ "rule": "regenration", "amount": 5 }]"#,
        "specials[0].rule",
        "unknown special rule `regenration` (did you mean `regeneration`?)",
    );
}

#[test]
fn an_unknown_parameter_is_a_located_error() {
    let errors = parse(&orc_with(r#"[{ "rule": "ferocity", "amout": 5 }]"#)).unwrap_err();
    let e = &errors.0[0];
    assert_eq!(e.field, "specials[0].amout", "{e}");
    assert!(e.location.is_some());
}

#[test]
fn parameters_belong_to_their_rule() {
    rejects(
        r#"[{ "rule": "ferocity", "amount": 5 }]"#,
        "specials[0].amount",
        "`ferocity` takes no `amount`",
    );
    rejects(
        r#"[{ "rule": "fast_healing" }]"#,
        "specials[0].amount",
        "missing: `fast_healing` needs `amount`",
    );
    rejects(
        r#"[{ "rule": "fast_healing", "amount": 2, "bypass": ["fire"] }]"#,
        "specials[0].bypass",
        "`fast_healing` takes no `bypass`",
    );
    rejects(
        r#"[{ "rule": "trip" }]"#,
        "specials[0].attack",
        "missing: `trip` needs `attack`",
    );
}

#[test]
fn amounts_and_bypass_types_are_checked() {
    rejects(
        r#"[{ "rule": "regeneration", "amount": 0 }]"#,
        "specials[0].amount",
        "must be between 1 and 1000, got 0",
    );
    rejects(
        r#"[{ "rule": "regeneration", "amount": 5, "bypass": ["fire", "fier"] }]"#,
        "specials[0].bypass[1]",
        "unknown damage type `fier` (did you mean `fire`?)",
    );
}

#[test]
fn a_rider_names_a_melee_attack_of_the_file() {
    rejects(
        r#"[{ "rule": "trip", "attack": "bite" }]"#,
        "specials[0].attack",
        "unknown attack `bite`",
    );
    rejects(
        r#"[{ "rule": "trip", "attack": "javelin" }]"#,
        "specials[0].attack",
        "`javelin` is not a melee attack",
    );
    rejects(
        r#"[{ "rule": "trip", "attack": "falchion" }, { "rule": "grab", "attack": "falchion" }]"#,
        "specials[1].attack",
        "already carries a rider (specials[0])",
    );
}

#[test]
fn duplicates_and_constitution_are_checked() {
    rejects(
        r#"[{ "rule": "ferocity" }, { "rule": "ferocity" }]"#,
        "specials[1]",
        "duplicate rule `ferocity` (also at specials[0])",
    );
    let undead = edit(
        &orc_with(r#"[{ "rule": "ferocity" }]"#),
        r#""con_score": 12"#,
        r#""con_score": null"#,
    );
    let errors = parse(&undead).unwrap_err();
    assert_eq!(errors.0[0].field, "specials[0].rule");
    assert!(errors.0[0].message.contains("needs a Constitution score"));
}

#[test]
fn a_feature_named_by_an_entry_must_be_a_features_line() {
    rejects(
        r#"[{ "rule": "ferocity", "feature": "Orc Ferocity" }]"#,
        "specials[0].feature",
        "`Orc Ferocity` is not one of this combatant's `features`",
    );
}

#[test]
fn features_resolve_by_entry_by_rule_words_or_by_the_lists() {
    // Orc features: « Ferocity », « Light Sensitivity », « Darkvision 60 ft. ».
    let plain = parse(ORC).unwrap();
    let uses: Vec<FeatureUse> = plain.feature_uses().map(|(_, u)| u).collect();
    assert_eq!(
        uses,
        [
            FeatureUse::Unmodelled,
            // A world without light levels: light sensitivity never dazzles.
            FeatureUse::NoCombatEffect,
            FeatureUse::NoCombatEffect
        ]
    );
    let fierce = parse(&orc_with(r#"[{ "rule": "ferocity" }]"#)).unwrap();
    let uses: Vec<FeatureUse> = fierce.feature_uses().map(|(_, u)| u).collect();
    assert_eq!(uses[0], FeatureUse::Special(SpecialRule::Ferocity));
    // An entry's `feature` names the line it models, whatever its words.
    let named =
        orc_with(r#"[{ "rule": "fast_healing", "amount": 1, "feature": "light sensitivity" }]"#);
    let uses: Vec<FeatureUse> = parse(&named)
        .unwrap()
        .feature_uses()
        .map(|(_, u)| u)
        .collect();
    assert_eq!(uses[1], FeatureUse::Special(SpecialRule::FastHealing));
}

#[test]
fn paralysis_and_poison_parse_with_their_parameters() {
    use super::special::{Lasting, Roll};
    use crate::vocab::Ability;
    let c = parse(&orc_with(
        r#"[{ "rule": "paralysis", "attack": "falchion", "dc": 13, "duration": "1d4+1",
              "immune_subtypes": ["elf"] }]"#,
    ))
    .unwrap();
    let roll = Roll {
        count: 1,
        sides: 4,
        flat: 1,
    };
    assert_eq!(
        c.specials()[0].special,
        Special::Paralysis {
            attack: 0,
            dc: 13,
            duration: Lasting::Rounds(roll)
        }
    );
    assert_eq!(c.specials()[0].immune_subtypes, ["elf"]);
    assert_eq!(roll.to_string(), "1d4+1");
    let c = parse(&orc_with(
        r#"[{ "rule": "paralysis", "attack": "falchion", "dc": 18, "duration": "Permanent" },
            { "rule": "poison", "attack": "javelin", "dc": 13, "ability": "dex",
              "damage": "1d2", "frequency": 6, "cure": 1 }]"#,
    ));
    // A rider rides on a melee hit: the javelin is ranged.
    let e = &c.unwrap_err().0[0];
    assert_eq!(e.field, "specials[1].attack");
    let c = parse(&orc_with(
        r#"[{ "rule": "poison", "attack": "falchion", "dc": 13, "ability": "dex",
              "damage": "1d2", "frequency": 6, "cure": 1 }]"#,
    ))
    .unwrap();
    assert_eq!(
        c.specials()[0].special,
        Special::Poison {
            attack: 0,
            dc: 13,
            ability: Ability::Dex,
            damage: Roll {
                count: 1,
                sides: 2,
                flat: 0
            },
            frequency: 6,
            cure: 1,
        }
    );
}

#[test]
fn paralysis_and_poison_parameters_are_checked_with_their_field() {
    rejects(
        r#"[{ "rule": "paralysis", "attack": "falchion", "duration": "1d4" }]"#,
        "specials[0].dc",
        "missing: `paralysis` needs `dc`",
    );
    rejects(
        r#"[{ "rule": "paralysis", "attack": "falchion", "dc": 0, "duration": "1d4" }]"#,
        "specials[0].dc",
        "must be between 1 and 60, got 0",
    );
    rejects(
        r#"[{ "rule": "paralysis", "attack": "falchion", "dc": 13, "duration": "1d4+1d6" }]"#,
        "specials[0].duration",
        "one kind of die",
    );
    rejects(
        r#"[{ "rule": "paralysis", "attack": "falchion", "dc": 13, "duration": "1x4" }]"#,
        "specials[0].duration",
        "invalid dice formula",
    );
    rejects(
        r#"[{ "rule": "paralysis", "attack": "falchion", "dc": 13, "duration": "2",
              "cure": 1 }]"#,
        "specials[0].cure",
        "`paralysis` takes no `cure`",
    );
    rejects(
        r#"[{ "rule": "poison", "attack": "falchion", "dc": 13, "ability": "dx",
              "damage": "1d2", "frequency": 6, "cure": 1 }]"#,
        "specials[0].ability",
        "unknown ability `dx` (did you mean `dex`?)",
    );
    rejects(
        r#"[{ "rule": "poison", "attack": "falchion", "dc": 13, "ability": "dex",
              "damage": "1d2", "frequency": 0, "cure": 1 }]"#,
        "specials[0].frequency",
        "must be between 1 and 100, got 0",
    );
    rejects(
        r#"[{ "rule": "bleed", "attack": "falchion" }]"#,
        "specials[0].amount",
        "missing: `bleed` needs `amount`",
    );
    rejects(
        r#"[{ "rule": "poison", "attack": "falchion", "dc": 13, "ability": "dex",
              "damage": "1d2", "frequency": 6 }]"#,
        "specials[0].cure",
        "missing: `poison` needs `cure`",
    );
}

#[test]
fn the_ghoul_lich_imp_and_quasit_riders_resolve_their_features() {
    use crate::model::parse_combatant;
    let files = [
        (
            "ghoul",
            include_str!("../../../../data/monsters/ghoul.json"),
        ),
        ("lich", include_str!("../../../../data/monsters/lich.json")),
        ("imp", include_str!("../../../../data/monsters/imp.json")),
        (
            "quasit",
            include_str!("../../../../data/monsters/quasit.json"),
        ),
    ];
    for (name, text) in files {
        let c = parse_combatant(name, text).unwrap();
        let rule = if matches!(name, "ghoul" | "lich") {
            SpecialRule::Paralysis
        } else {
            SpecialRule::Poison
        };
        let modelled = c
            .feature_uses()
            .filter(|(_, u)| *u == FeatureUse::Special(rule))
            .count();
        assert_eq!(modelled, 1, "{name}");
    }
}

#[test]
fn attack_rules_take_their_parameters_and_name_their_attack() {
    let c = parse(&orc_with(
        r#"[{ "rule": "rend", "attack": "falchion", "damage": "1d6+7" },
            { "rule": "pounce" }, { "rule": "rock_catching" },
            { "rule": "energy_drain", "attack": "falchion", "amount": 2 }]"#,
    ))
    .unwrap();
    let rules: Vec<SpecialRule> = c.specials().iter().map(|e| e.special.rule()).collect();
    assert_eq!(
        rules,
        [
            SpecialRule::Rend,
            SpecialRule::Pounce,
            SpecialRule::RockCatching,
            SpecialRule::EnergyDrain
        ]
    );
    rejects(
        r#"[{ "rule": "rend", "attack": "falchion" }]"#,
        "specials[0].damage",
        "missing: `rend` needs `damage`",
    );
    rejects(
        r#"[{ "rule": "pounce", "dc": 12 }]"#,
        "specials[0].dc",
        "`pounce` takes no `dc`",
    );
    rejects(
        r#"[{ "rule": "rock_throwing", "attack": "falchion" }]"#,
        "specials[0].attack",
        "`falchion` is not a ranged attack: rocks are thrown",
    );
    rejects(
        r#"[{ "rule": "energy_drain", "attack": "falchion", "amount": 11 }]"#,
        "specials[0].amount",
        "must be between 1 and 10, got 11",
    );
    rejects(
        r#"[{ "rule": "rake", "attack": "falchion" }]"#,
        "specials[0].attack",
        "list it after the creature's ordinary attacks",
    );
}
