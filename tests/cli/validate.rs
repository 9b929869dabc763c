//! `pf1e-sim validate`: summaries for valid files, every error of invalid ones, exit 0 / 2.

use crate::util::{assert_exit, pf1e_sim, stderr, stdout, temp_file};

const ARENA: &str = "data/maps/sample_arena.yaml";
const GOBLIN: &str = "data/monsters/goblin.json";
const ORC: &str = "data/monsters/orc.json";

#[test]
fn shipped_map_and_monsters_are_valid() {
    let out = pf1e_sim(&["validate", ARENA, GOBLIN, ORC]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(
        lines[0],
        "ok: data/maps/sample_arena.yaml: map \"Arène d'essai\", 20×8 squares of 5 ft, \
         zones A (7), B (7), sides players→A, monsters→B, 1 marker"
    );
    assert_eq!(
        lines[2],
        "ok: data/monsters/orc.json: Orc (monster, CR 1/3, Medium humanoid), hp 6, \
         AC 13 (touch 10, flat-footed 13), attacks: falchion +5 (2d4+4, 18–20/×2), \
         javelin +1 (1d6+3, ×2, 30 ft), feats 1 modelled / 0 no-op, specials: ferocity"
    );
    // The goblin has no features; the orc's light sensitivity has no effect in a world
    // without light levels.
    assert_eq!(stderr(&out), "");
}

#[test]
fn no_op_feat_and_unknown_when_are_warnings_not_errors() {
    let orc = std::fs::read_to_string(crate::util::root().join(ORC)).unwrap();
    let (_dir, path) = temp_file(
        "orc.json",
        &orc.replace(
            r#""feats": ["Weapon Focus (falchion)"],"#,
            r#""feats": ["Weapon Focus (falchion)", "Great Cleave", "Power Attack"],
  "conditions": ["prone", {"name": "shaken", "rounds": 3}],
  "modifiers": [
    {"stat": "will", "type": "morale", "value": 2, "when": "fear"},
    {"stat": "attack", "type": "morale", "value": 2, "when": "while_raging"}
  ],"#,
        ),
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "{text}");
    assert!(
        text.ends_with(
            ", feats 2 modelled / 1 no-op, specials: ferocity, starts prone, shaken (3 rounds), \
             modifiers: +2 morale will (fear), +2 morale attack (while_raging)\n"
        ),
        "{text}"
    );
    let err = stderr(&out);
    assert_eq!(
        err.lines().collect::<Vec<_>>(),
        [
            format!(
                "warning: {path}: feats[1] \"Great Cleave\": no effect modelled (traced no-op)"
            ),
            format!(
                "warning: {path}: modifiers[1].when \"while_raging\": unknown condition, \
                 this modifier never applies"
            ),
        ],
        "{err}"
    );
}

#[test]
fn feats_left_out_of_the_stat_block_are_named_in_the_summary() {
    let orc = std::fs::read_to_string(crate::util::root().join(ORC)).unwrap();
    let (_dir, path) = temp_file(
        "orc.json",
        &orc.replace(
            r#""feats": ["Weapon Focus (falchion)"],"#,
            r#""feats": ["Weapon Focus (falchion)"], "feats_in_stat_block": false,"#,
        ),
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 0);
    assert!(
        stdout(&out).contains(
            ", feats 1 modelled / 0 no-op (static feats not in the stat block: the engine adds them)"
        ),
        "{}",
        stdout(&out)
    );
    assert!(!stderr(&out).contains(": feats["), "{}", stderr(&out));
}

#[test]
fn every_data_file_validates() {
    let mut files: Vec<String> = Vec::new();
    for dir in ["data/maps", "data/monsters", "data/pcs"] {
        let Ok(entries) = std::fs::read_dir(crate::util::root().join(dir)) else {
            continue;
        };
        for entry in entries {
            let path = entry.unwrap().path();
            if matches!(
                path.extension().and_then(|e| e.to_str()),
                Some("json" | "yaml")
            ) {
                files.push(path.to_str().unwrap().to_string());
            }
        }
    }
    files.sort();
    assert!(files.len() >= 3);
    let mut args = vec!["validate"];
    args.extend(files.iter().map(String::as_str));
    let out = pf1e_sim(&args);
    assert_exit(&out, 0);
    assert_eq!(
        stdout(&out).lines().count(),
        files.len(),
        "{}",
        stdout(&out)
    );
    // Warnings only, each naming a shipped file and one of its feats, features or spells that
    // does nothing in a fight: the data has no modifier with an unknown `when`, and every
    // spell it names is in data/spells, on its caster's list.
    let err = stderr(&out);
    for line in err.lines() {
        let rest = line.strip_prefix("warning: ").expect(line);
        let feat = files
            .iter()
            .any(|f| rest.starts_with(&format!("{f}: feats[")))
            && line.ends_with(": no effect modelled (traced no-op)");
        let spell = files
            .iter()
            .any(|f| rest.starts_with(&format!("{f}: spells[")))
            && line.ends_with(": no combat effect modelled");
        let feature = files
            .iter()
            .any(|f| rest.starts_with(&format!("{f}: features[")))
            && line.ends_with("\": no effect modelled");
        assert!(feat || spell || feature, "{line}");
    }
}

#[test]
fn ragged_map_names_file_and_field() {
    let (_dir, path) = temp_file(
        "ragged.yaml",
        "terrain: |\n  ...\n  ..\nlegend:\n  \".\": { type: floor, move_cost: 1 }\n",
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!(
            "error: {path}: terrain: row 1 has 2 squares but row 0 has 3"
        )),
        "{err}"
    );
    assert!(stdout(&out).is_empty());
}

#[test]
fn a_map_whose_legend_is_empty_or_all_wrong_names_file_and_field() {
    for legend in ["{}", "\n  \"ab\": { type: floor, move_cost: 1 }"] {
        let (_dir, path) = temp_file(
            "bare.yaml",
            &format!("terrain: |\n  ..\nlegend: {legend}\n"),
        );
        let out = pf1e_sim(&["validate", &path]);
        assert_exit(&out, 2);
        let err = stderr(&out);
        assert!(err.starts_with(&format!("error: {path}")), "{err}");
        assert!(err.contains("is not in the legend"), "{err}");
        assert!(stdout(&out).is_empty());
    }
}

#[test]
fn json_syntax_error_gives_line_and_column() {
    let (_dir, path) = temp_file(
        "broken.json",
        "{\n  \"name\": \"Orc\",\n  \"hp_max\": ,\n}\n",
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    let first = err.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("error: {path}:3:13: hp_max: ")),
        "{err}"
    );
}

#[test]
fn unknown_field_is_named_with_its_suggestion() {
    let orc = std::fs::read_to_string(crate::util::root().join(ORC)).unwrap();
    let (_dir, path) = temp_file(
        "orc.json",
        &orc.replace("\"attack_bonus\": 5", "\"atack_bonus\": 5"),
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains(
            ": attacks[0].atack_bonus: unknown field `atack_bonus` (did you mean `attack_bonus`?)"
        ),
        "{err}"
    );
    assert!(err.starts_with(&format!("error: {path}:")), "{err}");
}

#[test]
fn every_error_of_every_file_is_listed() {
    let (_d1, bad_map) = temp_file(
        "bad.yaml",
        "terrain: |\n  .X\nlegend:\n  \".\": { type: floor, move_cost: 0 }\n",
    );
    let orc = std::fs::read_to_string(crate::util::root().join(ORC)).unwrap();
    let (_d2, bad_orc) = temp_file(
        "orc.json",
        &orc.replace("\"crit_range\": 18", "\"crit_range\": 21")
            .replace("\"hp_max\": 6", "\"hp_max\": 0"),
    );
    let out = pf1e_sim(&["validate", &bad_map, GOBLIN, &bad_orc, "no/such/file.json"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    let lines: Vec<&str> = err.lines().collect();
    assert_eq!(lines.len(), 6, "{err}");
    assert!(lines[0].contains("legend[\".\"].move_cost: must be an integer from 1 to 100"));
    assert!(lines[1].contains(": terrain: row 0, column 1: character 'X' is not in the legend"));
    assert!(lines.iter().any(|l| l.contains(": hp_max: ")), "{err}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains(": attacks[0].crit_range: ")),
        "{err}"
    );
    assert_eq!(
        lines[4],
        "error: no/such/file.json: cannot read the file: no such file"
    );
    assert_eq!(lines[5], "3 of 4 files invalid");
    assert_eq!(
        stdout(&out).lines().count(),
        1,
        "the goblin still gets its summary"
    );
}

#[test]
fn unreadable_inputs_are_data_errors_not_panics() {
    let (_d, binary) = temp_file("bin.json", "");
    std::fs::write(&binary, [0xff, 0xfe, b'{']).unwrap();
    let out = pf1e_sim(&["validate", &binary, "data"]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains(&format!("error: {binary}:1:1: is not valid UTF-8 text")),
        "{err}"
    );
    assert!(
        err.contains("error: data: is a directory, not a file"),
        "{err}"
    );
    let (_d, empty) = temp_file("empty.yaml", "");
    let out = pf1e_sim(&["validate", &empty]);
    assert_exit(&out, 2);
    let (_d, deep) = temp_file("deep.json", &"[".repeat(100_000));
    let out = pf1e_sim(&["validate", &deep]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).starts_with(&format!("error: {deep}:1:")),
        "{}",
        stderr(&out)
    );
}

#[test]
fn no_file_is_a_usage_error() {
    let out = pf1e_sim(&["validate"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("Usage: pf1e-sim validate <FILE>..."),
        "{}",
        stderr(&out)
    );
}

#[test]
fn features_modelled_by_specials_or_without_combat_effect_are_not_warned() {
    // The troll: regeneration and rend are `specials` entries, scent is read from its line,
    // darkvision and low-light vision have no effect in a fight: nothing is warned.
    let out = pf1e_sim(&["validate", "data/monsters/troll.json"]);
    assert_exit(&out, 0);
    assert!(
        stdout(&out).ends_with(", specials: regeneration 5 (acid, fire), rend on claw (1d6+7)\n"),
        "{}",
        stdout(&out)
    );
    let err = stderr(&out);
    let features: Vec<&str> = err
        .lines()
        .filter(|l| l.contains(": features["))
        .map(|l| l.rsplit_once(": features").unwrap().1)
        .collect();
    assert_eq!(features, Vec::<&str>::new());
}

#[test]
fn paralysis_and_poison_riders_are_summarized_and_not_warned() {
    for (file, summary, line) in [
        (
            "data/monsters/ghoul.json",
            ", specials: paralysis on bite (Fort DC 13, 1d4+1 rounds), \
             paralysis on claw (Fort DC 13, 1d4+1 rounds), disease, channel resistance +2\n",
            "Paralysis (",
        ),
        (
            "data/monsters/imp.json",
            ", specials: fast healing 2, poison on sting (Fort DC 13, 1d2 dex for 6 rounds, \
             cure 1 save), spell-like abilities (CL 6: detect good constant, detect magic \
             constant, invisibility at will, augury 1/day, suggestion 1/day)\n",
            "Poison (",
        ),
        ("data/monsters/lich.json", "", "Paralyzing Touch"),
    ] {
        let out = pf1e_sim(&["validate", file]);
        assert_exit(&out, 0);
        assert!(stdout(&out).ends_with(summary), "{}", stdout(&out));
        assert!(!stderr(&out).contains(line), "{}", stderr(&out));
    }
}

#[test]
fn a_bad_special_rule_or_parameter_is_a_data_error_naming_the_field() {
    let orc = std::fs::read_to_string(crate::util::root().join(ORC)).unwrap();
    let (_dir, path) = temp_file(
        "orc.json",
        &orc.replace(
            r#"[{ "rule": "ferocity" }]"#,
            r#"[{ "rule": "ferocty" }, { "rule": "trip", "attack": "bite" },
                { "rule": "fast_healing", "amount": 2, "bypass": ["fire"] }]"#,
        ),
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    assert_eq!(
        stderr(&out).lines().collect::<Vec<_>>(),
        [
            format!(
                "error: {path}: specials[0].rule: unknown special rule `ferocty` \
                 (did you mean `ferocity`?)"
            ),
            format!(
                "error: {path}: specials[1].attack: unknown attack `bite` \
                 (did you mean `javelin`?)"
            ),
            format!("error: {path}: specials[2].bypass: `fast_healing` takes no `bypass`"),
            "1 of 1 files invalid".to_string(),
        ]
    );
    let (_dir, path) = temp_file(
        "orc.json",
        &orc.replace(r#""rule": "ferocity""#, r#""rule": "ferocity", "amont": 1"#),
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!("error: {path}:"))
            && err.contains(": specials[0].amont: unknown field `amont`"),
        "{err}"
    );
}

#[test]
fn area_specials_are_summarized_and_not_warned() {
    for (file, summary, line) in [
        (
            "data/monsters/gorgon.json",
            "breath weapon 60-ft. cone (Fort DC 21, petrification, every 1d4+1 rounds)",
            "Breath Weapon (",
        ),
        (
            "data/monsters/medusa.json",
            "gaze 30 ft. (Fort DC 16, petrification)",
            "Petrifying Gaze",
        ),
        (
            "data/monsters/lich.json",
            "fear aura 60 ft. (Will DC 18, frightened under 5 HD, 11 rounds), channel resistance +4",
            "Fear Aura",
        ),
        (
            "data/pcs/sera.json",
            "channel energy positive 2d6 (Will DC 12)",
            "Channel Positive Energy",
        ),
    ] {
        let out = pf1e_sim(&["validate", file]);
        assert_exit(&out, 0);
        assert!(stdout(&out).contains(summary), "{}", stdout(&out));
        assert!(!stderr(&out).contains(line), "{}", stderr(&out));
    }
}
