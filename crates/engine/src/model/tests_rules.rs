//! One test per validation rule of the combatant schema: each asserts the exact field path
//! and that the message names the problem.

use super::tests::{GOBLIN, edit, parse};
use crate::error::DataError;

/// The only error of `text`.
fn only_error(text: &str) -> DataError {
    let errors = parse(text).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors}");
    errors.0.into_iter().next().unwrap()
}

/// Goblin with the first `from` replaced by `to`; asserts one error on `field` whose message
/// contains `says`.
fn rejects(from: &str, to: &str, field: &str, says: &str) -> DataError {
    let e = only_error(&edit(GOBLIN, from, to));
    assert_eq!(e.field, field, "{e}");
    assert!(e.message.contains(says), "`{}` lacks `{says}`", e.message);
    e
}

/// Goblin with `extra` fields added to the short sword.
fn sword(extra: &str) -> String {
    edit(
        GOBLIN,
        r#""crit_range": 19,"#,
        &format!(r#""crit_range": 19, {extra},"#),
    )
}

/// Goblin with `extra` fields added at the top level.
fn top(extra: &str) -> String {
    edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        &format!(r#""hp_max": 6, {extra},"#),
    )
}

fn sword_rejects(extra: &str, field: &str, says: &str) {
    let e = only_error(&sword(extra));
    assert_eq!(e.field, field, "{e}");
    assert!(e.message.contains(says), "`{}` lacks `{says}`", e.message);
}

fn top_rejects(extra: &str, field: &str, says: &str) {
    let e = only_error(&top(extra));
    assert_eq!(e.field, field, "{e}");
    assert!(e.message.contains(says), "`{}` lacks `{says}`", e.message);
}

#[test]
fn crit_range_must_be_between_2_and_20() {
    let e = rejects(
        r#""crit_range": 19"#,
        r#""crit_range": 1"#,
        "attacks[0].crit_range",
        "between 2 and 20",
    );
    assert_eq!(e.message, "must be between 2 and 20, got 1");
    rejects(
        r#""crit_range": 19"#,
        r#""crit_range": 21"#,
        "attacks[0].crit_range",
        "got 21",
    );
}

#[test]
fn crit_mult_must_be_between_2_and_6() {
    rejects(
        r#""crit_mult": 3"#,
        r#""crit_mult": 1"#,
        "attacks[1].crit_mult",
        "must be between 2 and 6, got 1",
    );
}

#[test]
fn range_increment_must_be_positive() {
    let e = rejects(
        "60",
        "0",
        "attacks[1].range_increment_ft",
        "at least 1, got 0",
    );
    assert_eq!(e.message, "must be at least 1, got 0");
}

#[test]
fn range_increment_is_only_for_ranged_or_touch() {
    sword_rejects(
        r#""range_increment_ft": 10"#,
        "attacks[0].range_increment_ft",
        "this attack is melee",
    );
}

#[test]
fn hp_max_must_be_at_least_1() {
    rejects(
        r#""hp_max": 6"#,
        r#""hp_max": 0"#,
        "hp_max",
        "must be at least 1, got 0",
    );
}

#[test]
fn bad_dice_formula_names_its_column() {
    let e = rejects(
        r#""formula": "1d4""#,
        r#""formula": "1d4+x""#,
        "attacks[0].damage[0].formula",
        "at column 5",
    );
    assert!(
        e.message.contains("expected a number or a die, found 'x'"),
        "{e}"
    );
}

#[test]
fn unknown_field_suggests_the_closest_with_line_and_column() {
    let e = rejects(
        r#""attack_bonus": 2"#,
        r#""atack_bonus": 2"#,
        "attacks[0].atack_bonus",
        "atack_bonus",
    );
    assert_eq!(
        e.message,
        "unknown field `atack_bonus` (did you mean `attack_bonus`?)"
    );
    let loc = e.location.expect("serde errors carry a location");
    assert_eq!(loc.line, 22, "{e}");
    assert!(loc.column > 1);
}

#[test]
fn unknown_damage_type_suggests_the_closest() {
    rejects(
        r#"["slashing"]"#,
        r#"["slahsing"]"#,
        "attacks[0].damage[0].types[0]",
        "unknown damage type `slahsing` (did you mean `slashing`?)",
    );
}

#[test]
fn damage_needs_a_type_not_only_tags() {
    rejects(
        r#"["slashing"]"#,
        r#"["magic"]"#,
        "attacks[0].damage[0].types",
        "only tags (magic)",
    );
    rejects(
        r#"["slashing"]"#,
        "[]",
        "attacks[0].damage[0].types",
        "at least one damage type",
    );
    let ok = parse(&edit(
        GOBLIN,
        r#"["slashing"]"#,
        r#"["slashing", "magic", "cold_iron"]"#,
    ));
    assert!(ok.is_ok(), "{ok:?}");
}

#[test]
fn only_touch_attacks_may_deal_no_damage() {
    let no_damage = r#"[{ "formula": "1d4", "types": ["slashing"] }]"#;
    rejects(
        no_damage,
        "[]",
        "attacks[0].damage",
        "a melee attack must deal damage",
    );
    let touch = edit(
        &edit(GOBLIN, no_damage, "[]"),
        r#""kind": "melee""#,
        r#""kind": "touch""#,
    );
    assert!(parse(&touch).is_ok());
}

#[test]
fn secondary_requires_natural() {
    sword_rejects(r#""secondary": true"#, "attacks[0].secondary", "natural");
    assert!(parse(&sword(r#""secondary": true, "natural": true"#)).is_ok());
}

#[test]
fn splash_only_on_thrown_attacks() {
    let splash = r#""splash": {"damage": 1, "type": "fire"}"#;
    sword_rejects(splash, "attacks[0].splash", "this attack is melee");
    let bow = edit(
        GOBLIN,
        r#""crit_mult": 3,"#,
        &format!(r#""crit_mult": 3, {splash},"#),
    );
    assert_eq!(
        parse(&bow).unwrap().attacks()[1].splash().unwrap().damage,
        1
    );
    let touch = edit(&sword(splash), r#""kind": "melee""#, r#""kind": "touch""#);
    let e = only_error(&touch);
    assert_eq!(e.field, "attacks[0].splash");
    assert!(
        e.message.contains("touch without range_increment_ft"),
        "{e}"
    );
}

#[test]
fn splash_type_must_be_energy() {
    let bow = edit(
        GOBLIN,
        r#""crit_mult": 3,"#,
        r#""crit_mult": 3, "splash": {"damage": 1, "type": "slashing"},"#,
    );
    let e = only_error(&bow);
    assert_eq!(e.field, "attacks[1].splash.type");
    assert!(e.message.contains("energy type"), "{e}");
}

#[test]
fn firearm_needs_a_range_increment() {
    sword_rejects(
        r#""firearm": true"#,
        "attacks[0].firearm",
        "range_increment_ft",
    );
}

#[test]
fn reach_weapon_is_melee_only_and_reach_is_in_5_ft_steps() {
    let bow = edit(
        GOBLIN,
        r#""crit_mult": 3,"#,
        r#""crit_mult": 3, "reach_weapon": true,"#,
    );
    assert_eq!(only_error(&bow).field, "attacks[1].reach_weapon");
    sword_rejects(r#""reach_ft": 7"#, "attacks[0].reach_ft", "multiple of 5");
    assert!(parse(&sword(r#""reach_ft": 10, "reach_weapon": true"#)).is_ok());
}

#[test]
fn count_is_between_1_and_20() {
    sword_rejects(
        r#""count": 0"#,
        "attacks[0].count",
        "must be between 1 and 20, got 0",
    );
}

#[test]
fn dr_bypass_parses_srd_notation() {
    for (bypass, shown) in [
        ("bludgeoning and magic", "5/bludgeoning and magic"),
        ("silver or cold iron", "5/silver or cold iron"),
        ("-", "5/—"),
        ("—", "5/—"),
        ("magic", "5/magic"),
    ] {
        let c = parse(&top(&format!(
            r#""dr": {{"amount": 5, "bypass": "{bypass}"}}"#
        )))
        .unwrap();
        assert_eq!(c.dr().unwrap().to_string(), shown);
    }
    let both = parse(&top(
        r#""dr": {"amount": 5, "bypass": "bludgeoning and magic"}"#,
    ))
    .unwrap();
    assert!(matches!(both.dr().unwrap().bypass, super::Bypass::All(t) if t.len() == 2));
    let any = parse(&top(
        r#""dr": {"amount": 10, "bypass": "silver or cold iron"}"#,
    ))
    .unwrap();
    assert!(
        matches!(any.dr().unwrap().bypass, super::Bypass::Any(t) if t.contains(super::DamageType::ColdIron))
    );
}

#[test]
fn dr_bypass_typo_suggests_and_mixing_is_rejected() {
    top_rejects(
        r#""dr": {"amount": 5, "bypass": "magc"}"#,
        "dr.bypass",
        "(did you mean `magic`?)",
    );
    top_rejects(
        r#""dr": {"amount": 5, "bypass": "silver or cold iron and magic"}"#,
        "dr.bypass",
        "mixes",
    );
    top_rejects(
        r#""dr": {"amount": 0, "bypass": "magic"}"#,
        "dr.amount",
        "at least 1, got 0",
    );
}

#[test]
fn duplicate_immunity_is_rejected() {
    top_rejects(
        r#""immunities": ["fire", "sleep", "fire"]"#,
        "immunities[2]",
        "duplicate immunity `fire`",
    );
}

#[test]
fn unknown_immunity_suggests_the_closest() {
    top_rejects(
        r#""immunities": ["paralisis"]"#,
        "immunities[0]",
        "(did you mean `paralysis`?)",
    );
}

#[test]
fn resistances_take_energy_types_only() {
    top_rejects(
        r#""resistances": {"slashing": 5}"#,
        "resistances.slashing",
        "energy type",
    );
    top_rejects(
        r#""resistances": {"fyre": 5}"#,
        "resistances.fyre",
        "(did you mean `fire`?)",
    );
    top_rejects(
        r#""resistances": {"fire": 0}"#,
        "resistances.fire",
        "at least 1",
    );
}

#[test]
fn spell_slots_keys_are_single_digits() {
    top_rejects(
        r#""casting_ability": "int", "spell_slots": {"1": 2, "10": 1}"#,
        "spell_slots.10",
        "single digit 0 to 9, got `10`",
    );
}

#[test]
fn spells_require_a_casting_ability() {
    top_rejects(
        r#""spells": ["Sleep"], "spell_list": "witch", "casting": "prepared""#,
        "casting_ability",
        "required when spells or spell_slots",
    );
    top_rejects(r#""spell_slots": {"1": 1}"#, "casting_ability", "required");
}

#[test]
fn spells_require_a_spell_list_and_a_way_of_casting() {
    let caster = r#""casting_ability": "int", "spells": ["Sleep"]"#;
    top_rejects(
        &format!(r#"{caster}, "casting": "prepared""#),
        "spell_list",
        "required with spells",
    );
    top_rejects(
        &format!(r#"{caster}, "spell_list": "witch""#),
        "casting",
        "prepared or spontaneous",
    );
    top_rejects(
        &format!(r#"{caster}, "spell_list": "wizard", "casting": "prepared""#),
        "spell_list",
        "did you mean `sorcerer_wizard`",
    );
}

#[test]
fn prepared_copies_name_own_spells_of_a_prepared_caster() {
    let caster = r#""casting_ability": "int", "spells": ["Sleep"], "spell_list": "witch""#;
    top_rejects(
        &format!(r#"{caster}, "casting": "spontaneous", "prepared": {{"Sleep": 1}}"#),
        "prepared",
        "only a prepared caster",
    );
    top_rejects(
        &format!(r#"{caster}, "casting": "prepared", "prepared": {{"Daze": 1}}"#),
        "prepared.Daze",
        "not one of this combatant's `spells`",
    );
    top_rejects(
        &format!(r#"{caster}, "casting": "prepared", "prepared": {{"sleep": 0}}"#),
        "prepared.sleep",
        "at least 1",
    );
}

#[test]
fn included_bonuses_are_unconditional_bonuses() {
    top_rejects(
        r#""included_bonuses": [{"stat": "ac", "type": "armor", "value": 0}]"#,
        "included_bonuses[0].value",
        "above 0",
    );
    top_rejects(
        r#""included_bonuses": [{"stat": "ac", "type": "armour", "value": 4}]"#,
        "included_bonuses[0].type",
        "did you mean `armor`",
    );
    top_rejects(
        r#""included_bonuses": [{"stat": "will", "type": "morale", "value": 2, "when": "fear"}]"#,
        "included_bonuses[0].when",
        "always applies",
    );
}

#[test]
fn speed_must_be_a_multiple_of_5() {
    rejects(
        r#""speed_land_ft": 30"#,
        r#""speed_land_ft": 32"#,
        "speed_land_ft",
        "multiple of 5 feet, got 32",
    );
    top_rejects(r#""speed_fly_ft": 0"#, "speed_fly_ft", "at least 1, got 0");
}

#[test]
fn cr_one_fifth_is_rejected() {
    let e = rejects(r#""1/3""#, r#""1/5""#, "cr", "got \"1/5\"");
    assert!(e.message.contains("1/8, 1/6, 1/4, 1/3, 1/2"), "{e}");
    rejects(r#""1/3""#, "31", "cr", "got 31");
    rejects(r#""1/3""#, "0", "cr", "got 0");
}

#[test]
fn nonability_null_con_is_accepted() {
    let c = parse(&edit(GOBLIN, r#""con_score": 12"#, r#""con_score": null"#)).unwrap();
    assert_eq!(c.abilities().score(super::Ability::Con), None);
    assert_eq!(c.abilities().modifier(super::Ability::Con), 0);
}

#[test]
fn every_ability_key_is_required() {
    let e = only_error(&edit(GOBLIN, r#""con_score": 12,"#, ""));
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("abilities.con_score", "missing required field")
    );
}

#[test]
fn ability_scores_are_between_1_and_99() {
    rejects(
        r#""con_score": 12"#,
        r#""con_score": 0"#,
        "abilities.con_score",
        "between 1 and 99, got 0",
    );
}

#[test]
fn fixed_ranges_of_the_stat_block() {
    rejects(
        r#""total": 16"#,
        r#""total": 100"#,
        "ac.total",
        "between 0 and 99, got 100",
    );
    rejects(
        r#""bab": 1"#,
        r#""bab": 41"#,
        "bab",
        "between 0 and 40, got 41",
    );
    rejects(
        r#""initiative_mod": 6"#,
        r#""initiative_mod": -21"#,
        "initiative_mod",
        "between -20 and 40",
    );
    top_rejects(
        r#""armor_spell_failure": 101"#,
        "armor_spell_failure",
        "between 0 and 100, got 101",
    );
    top_rejects(r#""caster_level": 0"#, "caster_level", "at least 1, got 0");
    rejects(
        r#""level": 1"#,
        r#""level": -1"#,
        "level",
        "at least 0, got -1",
    );
}

#[test]
fn names_are_non_empty_and_unique() {
    top_rejects(
        r#""feats": ["Power Attack", "Dodge", "power attack"]"#,
        "feats[2]",
        "duplicate feat `power attack`",
    );
    top_rejects(
        r#""features": ["Sneak Attack", " "]"#,
        "features[1]",
        "must not be empty",
    );
    rejects(
        r#""name": "Goblin""#,
        r#""name": """#,
        "name",
        "must not be empty",
    );
}

#[test]
fn unknown_skill_suggests_and_armor_penalty_is_not_positive() {
    top_rejects(
        r#""skills": {"stelth": {"ranks": 1}}"#,
        "skills.stelth",
        "(did you mean `stealth`?)",
    );
    top_rejects(
        r#""skills": {"climb": {"armor_penalty": 2}}"#,
        "skills.climb.armor_penalty",
        "at most 0, got 2",
    );
}

#[test]
fn resources_are_not_negative() {
    top_rejects(
        r#""resources": {"rage_rounds": -1}"#,
        "resources.rage_rounds",
        "at least 0, got -1",
    );
}

#[test]
fn unknown_size_and_variant_suggest() {
    let e = rejects(r#""Small""#, r#""small""#, "size", "did you mean `Small`?");
    assert!(e.location.is_some());
    rejects(
        r#""melee""#,
        r#""mele""#,
        "attacks[0].kind",
        "did you mean `melee`?",
    );
}

#[test]
fn unknown_condition_suggests_the_closest() {
    top_rejects(
        r#""conditions": ["prone", "shakne"]"#,
        "conditions[1]",
        "unknown condition `shakne` (did you mean `shaken`?)",
    );
    top_rejects(
        r#""conditions": ["prone", {"name": "entagled", "rounds": 2}]"#,
        "conditions[1]",
        "(did you mean `entangled`?)",
    );
}

#[test]
fn only_bleeding_takes_an_amount() {
    top_rejects(
        r#""conditions": [{"name": "shaken", "amount": 2}]"#,
        "conditions[0].amount",
        "only `bleeding` takes an amount, not `shaken`",
    );
    top_rejects(
        r#""conditions": [{"name": "bleeding", "amount": 0}]"#,
        "conditions[0].amount",
        "at least 1, got 0",
    );
}

#[test]
fn duplicate_condition_is_rejected() {
    top_rejects(
        r#""conditions": ["prone", "shaken", {"name": "prone", "rounds": 2}]"#,
        "conditions[2]",
        "duplicate condition `prone` (also at conditions[0])",
    );
}

#[test]
fn condition_rounds_are_at_least_1() {
    top_rejects(
        r#""conditions": [{"name": "shaken", "rounds": 0}]"#,
        "conditions[0].rounds",
        "must be between 1 and 10000, got 0",
    );
}

#[test]
fn unknown_modifier_stat_and_type_suggest_the_closest() {
    top_rejects(
        r#""modifiers": [{"stat": "wil", "type": "morale", "value": 2}]"#,
        "modifiers[0].stat",
        "(did you mean `will`?)",
    );
    top_rejects(
        r#""modifiers": [{"stat": "will", "type": "moral", "value": 2}]"#,
        "modifiers[0].type",
        "(did you mean `morale`?)",
    );
    let both = parse(&top(
        r#""modifiers": [{"stat": "wil", "type": "moral", "value": 2}]"#,
    ))
    .unwrap_err();
    let fields: Vec<&str> = both.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["modifiers[0].stat", "modifiers[0].type"], "{both}");
}

#[test]
fn unknown_modifier_when_parses_and_never_applies() {
    use crate::rules::{Context, When};
    let c = parse(&top(
        r#""modifiers": [{"stat": "attack", "value": 2, "when": "while_raging"}]"#,
    ))
    .unwrap();
    let when = &c.modifiers()[0].when;
    assert_eq!(*when, When::Unknown("while_raging".into()));
    assert!(!when.holds(&Context::default()));
}

#[test]
fn timed_condition_keeps_precise_field_errors() {
    top_rejects(
        r#""conditions": [{"name": "shaken", "round": 3}]"#,
        "conditions[0].round",
        "unknown field `round` (did you mean `rounds`?)",
    );
    top_rejects(
        r#""conditions": [{"rounds": 3}]"#,
        "conditions[0].name",
        "missing required field",
    );
    top_rejects(
        r#""conditions": [3]"#,
        "conditions[0]",
        "expected a condition name such as \"shaken\"",
    );
}

/// The short bow of the goblin with `extra` fields added.
fn bow(extra: &str) -> String {
    edit(
        GOBLIN,
        r#""crit_mult": 3,"#,
        &format!(r#""crit_mult": 3, {extra},"#),
    )
}

#[test]
fn ammo_is_counted_on_attacks_at_range_only() {
    let g = parse(&bow(r#""ammo": 20"#)).unwrap();
    assert_eq!(g.attacks()[1].ammo(), Some(20));
    assert!(!g.attacks()[1].thrown());
    assert_eq!(
        parse(GOBLIN).unwrap().attacks()[1].ammo(),
        None,
        "unlimited"
    );
    sword_rejects(r#""ammo": 4"#, "attacks[0].ammo", "carries ammunition");
    sword_rejects(r#""thrown": true"#, "attacks[0].thrown", "is thrown");
}

#[test]
fn ammo_must_be_between_1_and_1000() {
    let e = only_error(&bow(r#""ammo": 0"#));
    assert_eq!(e.field, "attacks[1].ammo");
    assert!(e.message.contains("between 1 and 1000, got 0"), "{e}");
    let e = only_error(&bow(r#""ammo": 1001"#));
    assert_eq!(e.field, "attacks[1].ammo");
}

#[test]
fn a_thrown_weapon_needs_its_count() {
    let e = only_error(&bow(r#""thrown": true"#));
    assert_eq!(e.field, "attacks[1].thrown");
    assert!(e.message.contains("needs `ammo`"), "{e}");
    let g = parse(&bow(r#""thrown": true, "ammo": 4"#)).unwrap();
    assert!(g.attacks()[1].thrown() && g.attacks()[1].ammo() == Some(4));
}

#[test]
fn a_misspelt_ammo_field_suggests_ammo() {
    let e = only_error(&bow(r#""amo": 4"#));
    assert!(e.field.ends_with("attacks[1].amo"), "{e}");
    assert!(e.message.contains("did you mean `ammo`?"), "{e}");
}
