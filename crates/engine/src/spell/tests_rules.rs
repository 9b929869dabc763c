//! One test per validation rule of spell files: each names the field path and says what is
//! wrong; syntax errors carry line and column; misspelt words get a did-you-mean.

use serde_json::{Value, json};

use super::parse_spell;
use super::tests::{CAUSE_FEAR, FIREBALL, HOLD_PERSON, MAGIC_MISSILE, SUMMON_MONSTER_I};

/// The problems of `base` once `patch` has edited it, as « field: message ».
fn problems(base: &str, patch: impl FnOnce(&mut Value)) -> Vec<String> {
    let mut v: Value = serde_json::from_str(base).unwrap();
    patch(&mut v);
    let text = serde_json::to_string_pretty(&v).unwrap();
    match parse_spell("s.json", &text) {
        Ok(_) => Vec::new(),
        Err(e) => e
            .iter()
            .map(|e| format!("{}: {}", e.field, e.message))
            .collect(),
    }
}

fn set(key: &str, value: Value) -> impl FnOnce(&mut Value) {
    let key = key.to_string();
    move |v| {
        v[key] = value;
    }
}

/// Replaces the first effect of the spell.
fn effect(value: Value) -> impl FnOnce(&mut Value) {
    set("effects", json!([value]))
}

#[test]
fn a_syntax_error_has_line_and_column() {
    let text = "{\n  \"name\": \"Fireball\",\n  \"school\" \"evocation\"\n}";
    let e = parse_spell("fireball.json", text).unwrap_err();
    assert_eq!(e.to_string(), "fireball.json:3:12: expected `:`");
}

#[test]
fn a_misspelt_field_suggests_the_closest() {
    let text = FIREBALL.replace("\"spell_resistance\"", "\"spell_resistence\"");
    let e = parse_spell("fireball.json", &text).unwrap_err();
    let e = &e.0[0];
    assert_eq!(e.field, "spell_resistence");
    assert_eq!(
        e.message,
        "unknown field `spell_resistence` (did you mean `spell_resistance`?)"
    );
    assert!(e.location.is_some());
}

#[test]
fn a_misspelt_field_inside_an_effect_or_an_amount_is_named_at_its_path() {
    let typo = problems(
        FIREBALL,
        effect(json!({"kind": "damage", "amount": 1, "typs": ["fire"]})),
    );
    assert_eq!(
        typo,
        ["effects[0].typs: unknown field `typs` (did you mean `types`?)"]
    );
    let typo = problems(
        FIREBALL,
        effect(
            json!({"kind": "damage", "amount": {"dice": {"die": "d6", "pr": 1}}, "types": ["fire"]}),
        ),
    );
    assert_eq!(
        typo,
        ["effects[0].amount.dice.pr: unknown field `pr` (did you mean `per`?)"]
    );
}

#[test]
fn a_missing_save_is_an_error_and_null_means_none() {
    let missing = problems(FIREBALL, |v| {
        v.as_object_mut().unwrap().remove("save");
    });
    assert_eq!(missing, ["save: missing required field"]);
    assert!(problems(MAGIC_MISSILE, |_| {}).is_empty());
}

#[test]
fn unknown_words_suggest_the_closest() {
    let found = problems(FIREBALL, |v| {
        v["school"] = json!("evokation");
        v["descriptors"] = json!(["fyre"]);
        v["casting_time"] = json!("standart");
        v["components"] = json!(["V", "SS"]);
        v["range"] = json!("lon");
    });
    assert_eq!(
        found,
        [
            "school: unknown school `evokation` (did you mean `evocation`?)",
            "descriptors[0]: unknown descriptor `fyre` (did you mean `fire`?)",
            "casting_time: unknown casting time `standart` (did you mean `standard`?)",
            "components[1]: unknown component `SS` (did you mean `S`?)",
            "range: unknown range `lon` (did you mean `long`?)",
        ]
    );
}

#[test]
fn an_unknown_condition_or_stat_suggests_the_closest() {
    let condition = problems(
        CAUSE_FEAR,
        effect(json!({"kind": "condition", "condition": "frigthened"})),
    );
    assert_eq!(
        condition,
        ["effects[0].condition: unknown condition `frigthened` (did you mean `frightened`?)"]
    );
    let stat = problems(
        CAUSE_FEAR,
        effect(json!({"kind": "modifier", "stat": "atack", "type": "morale", "amount": -2})),
    );
    assert_eq!(
        stat,
        ["effects[0].stat: unknown modifier target `atack` (did you mean `attack`?)"]
    );
    let kind = problems(
        CAUSE_FEAR,
        effect(json!({"kind": "conditon", "condition": "shaken"})),
    );
    assert_eq!(
        kind,
        ["effects[0].kind: unknown effect kind `conditon` (did you mean `condition`?)"]
    );
}

#[test]
fn a_when_is_a_combatant_spelling_or_vs_a_descriptor() {
    let modifier = |when: &str| {
        effect(
            json!({"kind": "modifier", "stat": "saves", "type": "morale", "amount": 1, "when": when}),
        )
    };
    assert!(problems(CAUSE_FEAR, modifier("vs:fear")).is_empty());
    assert!(problems(CAUSE_FEAR, modifier("attacker_is_lawful")).is_empty());
    assert_eq!(
        problems(CAUSE_FEAR, modifier("vs:feer")),
        ["effects[0].when: unknown `when` `vs:feer` (did you mean `vs:fear`?)"]
    );
}

#[test]
fn class_levels_are_0_to_9_on_known_classes_and_at_least_one() {
    let found = problems(FIREBALL, set("levels", json!({"wizard": 3, "cleric": 10})));
    assert_eq!(
        found,
        [
            "levels.cleric: must be between 0 and 9, got 10",
            "levels.wizard: unknown class `wizard` (did you mean `sorcerer_wizard`?)",
        ]
    );
    assert_eq!(
        problems(FIREBALL, set("levels", json!({}))),
        ["levels: must give the spell's level for at least one class, e.g. {\"cleric\": 1}"]
    );
}

#[test]
fn on_save_goes_with_a_partial_save_only() {
    let without_partial = problems(CAUSE_FEAR, |v| {
        v["save"]["on_success"] = json!("negates");
    });
    assert_eq!(
        without_partial,
        ["on_save: only a save with \"on_success\": \"partial\" has `on_save` effects"]
    );
    let without_on_save = problems(CAUSE_FEAR, set("on_save", json!([])));
    assert_eq!(
        without_on_save,
        ["on_save: a `partial` save needs the `on_save` effects that happen on a success"]
    );
}

#[test]
fn a_half_save_needs_an_effect_with_an_amount() {
    let found = problems(
        FIREBALL,
        effect(json!({"kind": "condition", "condition": "blinded", "duration": {"rounds": 1}})),
    );
    assert_eq!(
        found,
        [
            "save.on_success: a `half` save halves numbers, but no effect has an amount (use `negates`?)"
        ]
    );
}

#[test]
fn an_area_needs_its_size_and_cones_start_at_the_caster() {
    let found = problems(
        FIREBALL,
        set("area", json!({"shape": "spread", "origin": "point"})),
    );
    assert_eq!(
        found,
        ["area.size_ft: missing: a spread needs its size (radius or length) in feet"]
    );
    let cone = problems(
        FIREBALL,
        set(
            "area",
            json!({"shape": "cone", "size_ft": 15, "origin": "point"}),
        ),
    );
    assert_eq!(
        cone,
        ["area.origin: a cone always starts from the caster, not `point`"]
    );
    assert!(
        problems(
            FIREBALL,
            set("area", json!({"shape": "cone", "size_ft": 15}))
        )
        .is_empty()
    );
    let burst = problems(
        FIREBALL,
        set("area", json!({"shape": "burst", "size_ft": 12})),
    );
    assert_eq!(
        burst,
        [
            "area.size_ft: must be a multiple of 5 feet, got 12",
            "area.origin: missing: a burst needs its origin (point, caster or target)",
        ]
    );
}

#[test]
fn a_personal_spell_makes_no_attack_and_targets_only_its_caster() {
    let found = problems(MAGIC_MISSILE, |v| {
        v["range"] = json!("personal");
        v["attack"] = json!("ranged_touch");
    });
    assert_eq!(
        found,
        [
            "attack: a personal spell makes no attack roll: remove `attack`",
            "target.kind: a personal spell affects its caster: use \"kind\": \"self\" or no target",
        ]
    );
    let melee = problems(MAGIC_MISSILE, set("attack", json!("melee_touch")));
    assert_eq!(
        melee,
        [
            "attack: a melee touch attack needs \"range\": \"touch\" or {\"feet\": 0} (rays are `ranged_touch`)"
        ]
    );
}

#[test]
fn a_summon_names_a_combatant_file_relative_to_the_spell() {
    for path in [
        "monsters/dire_rat.json",
        "/data/monsters/dire_rat.json",
        "../monsters/dire_rat.yaml",
    ] {
        let found = problems(
            SUMMON_MONSTER_I,
            effect(json!({"kind": "summon", "creature": path})),
        );
        assert_eq!(
            found,
            [format!(
                "effects[0].creature: must be a combatant file relative to the spell file, such as \"../monsters/dire_rat.json\", got `{path}`"
            )]
        );
    }
}

#[test]
fn projectiles_need_effects_and_an_empty_spell_needs_notes() {
    let found = problems(MAGIC_MISSILE, |v| {
        v["effects"] = json!([]);
        v.as_object_mut().unwrap().remove("notes");
    });
    assert_eq!(
        found,
        [
            "notes: a spell with no effects must say in `notes` what is not modelled",
            "projectiles: projectiles repeat the effects: list at least one effect",
        ]
    );
}

#[test]
fn amounts_refuse_per_zero_two_kinds_of_dice_and_negative_counts() {
    let per_zero = problems(
        FIREBALL,
        effect(
            json!({"kind": "damage", "amount": {"dice": {"die": "d6", "per": 0}}, "types": ["fire"]}),
        ),
    );
    assert_eq!(
        per_zero,
        ["effects[0].amount.dice.per: must be between 1 and 40, got 0"]
    );
    let two_dice = problems(
        FIREBALL,
        effect(json!({"kind": "damage", "amount": "1d6+1d4", "types": ["fire"]})),
    );
    assert_eq!(
        two_dice,
        [
            "effects[0].amount: `1d6+1d4`: an amount adds one kind of die (write more with per-level `dice`)"
        ]
    );
    let die = problems(
        FIREBALL,
        effect(json!({"kind": "damage", "amount": {"dice": {"die": "2d6"}}, "types": ["fire"]})),
    );
    assert_eq!(
        die,
        ["effects[0].amount.dice.die: must be one die such as \"d6\", got `2d6`"]
    );
    let negative = problems(
        MAGIC_MISSILE,
        set("projectiles", json!({"base": 1, "flat": {"amount": -1}})),
    );
    assert_eq!(
        negative,
        ["projectiles: must not be negative here, can be -79"]
    );
    let empty = problems(MAGIC_MISSILE, set("projectiles", json!({"min": 1})));
    assert_eq!(
        empty,
        ["projectiles: an amount object needs `base`, `dice` or `flat`"]
    );
}

#[test]
fn an_effect_takes_only_its_own_fields_and_needs_the_required_ones() {
    let found = problems(
        FIREBALL,
        effect(
            json!({"kind": "damage", "amount": "1d6", "types": ["fire"], "condition": "shaken", "save_ends": true}),
        ),
    );
    assert_eq!(
        found,
        [
            "effects[0].condition: `condition` does not apply to a `damage` effect",
            "effects[0].save_ends: `save_ends` does not apply to a `damage` effect",
        ]
    );
    let missing = problems(FIREBALL, effect(json!({"kind": "damage", "amount": "1d6"})));
    assert_eq!(
        missing,
        ["effects[0].types: missing: a `damage` effect needs `types`"]
    );
    let tags = problems(
        FIREBALL,
        effect(json!({"kind": "damage", "amount": "1d6", "types": ["magic", "magic"]})),
    );
    assert_eq!(
        tags,
        [
            "effects[0].types[1]: duplicate damage type `magic`",
            "effects[0].types: has only tags; add the damage type itself, e.g. \"fire\" or \"force\"",
        ]
    );
}

#[test]
fn a_broken_effect_reports_each_of_its_fields_and_nothing_false() {
    let found = problems(
        CAUSE_FEAR,
        effect(
            json!({"kind": "condition", "condition": "frightend", "save_ends": true, "duration": {"rounds": {"flat": {"amount": 1, "per": 0}}}}),
        ),
    );
    assert_eq!(
        found,
        [
            "effects[0].condition: unknown condition `frightend` (did you mean `frightened`?)",
            "effects[0].duration.rounds.flat.per: must be between 1 and 40, got 0",
        ]
    );
    let damage = problems(
        FIREBALL,
        effect(json!({"kind": "damage", "amount": "1d6+", "types": ["fyre"]})),
    );
    assert_eq!(
        damage,
        [
            "effects[0].amount: invalid dice formula \"1d6+\" at column 5: expected a number or a die at the end",
            "effects[0].types[0]: unknown damage type `fyre` (did you mean `fire`?)",
        ]
    );
}

#[test]
fn save_ends_needs_a_spell_with_a_save() {
    let found = problems(HOLD_PERSON, set("save", Value::Null));
    assert_eq!(
        found,
        ["effects[0].save_ends: a creature saves again only against a spell that allows a save"]
    );
}

#[test]
fn a_lasting_effect_needs_a_duration_when_the_spell_is_instantaneous() {
    let found = problems(
        FIREBALL,
        set(
            "effects",
            json!([
                {"kind": "damage", "amount": "1d6", "types": ["fire"]},
                {"kind": "condition", "condition": "dazzled"}
            ]),
        ),
    );
    assert_eq!(
        found,
        [
            "effects[1].duration: `condition` effects last: give this one a `duration` (the spell's is instantaneous; `permanent` if it lasts until healed or removed)"
        ]
    );
    let timed = problems(
        FIREBALL,
        set("duration", json!({"rounds": 1, "minutes": 1})),
    );
    assert_eq!(
        timed,
        ["duration.minutes: a duration has one unit: rounds, minutes, hours or days"]
    );
}

#[test]
fn temp_hp_from_damage_needs_damage_in_the_same_list() {
    let found = problems(
        FIREBALL,
        effect(
            json!({"kind": "temp_hp", "from_damage": true, "to": "caster", "duration": {"hours": 1}}),
        ),
    );
    assert_eq!(
        found,
        [
            "effects[0].from_damage: temporary hit points from damage need a `damage` effect in the same list",
            "save.on_success: a `half` save halves numbers, but no effect has an amount (use `negates`?)",
        ]
    );
}

#[test]
fn every_problem_of_a_file_is_reported_at_once() {
    let found = problems(FIREBALL, |v| {
        v["name"] = json!(" ");
        v["levels"] = json!({"sorcerer_wizard": -1});
        v["range"] = json!({"feet": 7});
        v["save"] = json!({"type": "reflex", "on_success": "halve"});
        v["effects"][0]["to"] = json!("self");
    });
    assert_eq!(
        found,
        [
            "name: must not be empty",
            "levels.sorcerer_wizard: must be between 0 and 9, got -1",
            "range.feet: must be a multiple of 5 feet, got 7",
            "save.type: unknown save type `reflex` (did you mean `ref`?)",
            "save.on_success: unknown save outcome `halve` (did you mean `half`?)",
            "effects[0].to: unknown recipient `self` (did you mean `caster`?)",
        ]
    );
}
