//! `pf1e-sim spells` (the catalogue as text and JSON) and what `validate` says of spell files
//! and of the spells a combatant names (warnings: unknown or off-list names, no modelled
//! effect; errors: invalid spell files).

use crate::util::{assert_exit, pf1e_sim, root, stderr, stdout, temp_file};

/// Number of spell files shipped in data/spells.
fn shipped() -> usize {
    std::fs::read_dir(root().join("data/spells"))
        .unwrap()
        .filter(|e| {
            e.as_ref()
                .unwrap()
                .path()
                .extension()
                .is_some_and(|x| x == "json")
        })
        .count()
}

#[test]
fn the_text_listing_has_one_block_per_spell() {
    let out = pf1e_sim(&["spells"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    let first = text.lines().next().unwrap();
    assert!(
        first.starts_with(&format!("{} spell(s) in data/spells: ", shipped())),
        "{first}"
    );
    assert!(
        text.contains(
            "\nFireball — evocation [fire]\n\
             \x20   sorcerer_wizard 3, magus 3, bloodrager 3, occultist 3, arcanist 3\n\
             \x20   standard; V, S, M; range long; area 20-ft spread (point); duration instantaneous; Ref half;\n\
             \x20     SR yes; effects: damage\n"
        ),
        "{text}"
    );
    assert!(
        text.contains(
            "\nHold Person — enchantment (compulsion) [mind_affecting]\n\
             \x20   sorcerer_wizard 3, cleric 2, bard 2, witch 2, inquisitor 2, oracle 2, antipaladin 2,\n"
        ),
        "{text}"
    );
    // One block per spell, each after a blank line.
    assert_eq!(text.matches("\n\n").count(), shipped());
    assert!(text.lines().all(|l| l.chars().count() <= 100));
}

#[test]
fn the_json_listing_is_an_array_in_name_order_with_stable_keys() {
    let out = pf1e_sim(&["spells", "--format", "json"]);
    assert_exit(&out, 0);
    let value: serde_json::Value = serde_json::from_str(&stdout(&out)).unwrap();
    let spells = value.as_array().unwrap();
    assert_eq!(spells.len(), shipped());
    let names: Vec<String> = spells
        .iter()
        .map(|s| s["name"].as_str().unwrap().to_lowercase())
        .collect();
    assert!(names.windows(2).all(|w| w[0] < w[1]), "{names:?}");
    let missile = spells
        .iter()
        .find(|s| s["name"] == "Magic Missile")
        .unwrap();
    assert_eq!(
        missile,
        &serde_json::json!({
            "name": "Magic Missile",
            "file": "data/spells/magic_missile.json",
            "levels": {"sorcerer_wizard": 1, "magus": 1, "bloodrager": 1, "psychic": 1, "arcanist": 1},
            "school": "evocation",
            "subschool": null,
            "descriptors": ["force"],
            "casting_time": "standard",
            "components": ["V", "S"],
            "range": "medium",
            "target": "1 creature",
            "area": null,
            "attack": null,
            "projectiles": "1 + 1/2 levels beyond 1 (max 4)",
            "duration": "instantaneous",
            "dismissible": false,
            "save": null,
            "spell_resistance": true,
            "effects": ["damage"],
            "modelled": true
        })
    );
    let sleep = spells.iter().find(|s| s["name"] == "Sleep").unwrap();
    assert_eq!(
        sleep["save"],
        serde_json::json!({"type": "will", "on_success": "negates", "harmless": false})
    );
}

#[test]
fn a_missing_folder_or_a_bad_spell_file_exits_2() {
    let out = pf1e_sim(&["spells", "--spells", "no/such/folder"]);
    assert_exit(&out, 2);
    assert_eq!(
        stderr(&out),
        "error: no/such/folder: no such folder (give the spell catalogue folder with --spells DIR)\n"
    );
    let (dir, _) = temp_file("bless.json", "{\"name\": \"Bless\",\n  \"schol\": 1}");
    let folder = dir.path().display().to_string();
    let out = pf1e_sim(&["spells", "--spells", &folder]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).starts_with(&format!("error: {folder}/bless.json:2:")),
        "{}",
        stderr(&out)
    );
}

#[test]
fn validate_passes_the_shipped_spell_files_with_one_line_each() {
    let mut args = vec!["validate".to_string()];
    let mut files: Vec<String> = std::fs::read_dir(root().join("data/spells"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .map(|name| format!("data/spells/{name}"))
        .collect();
    files.sort();
    args.extend(files);
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let out = pf1e_sim(&args);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert_eq!(text.lines().count(), shipped());
    assert!(
        text.contains(
            "ok: data/spells/fireball.json: Fireball (evocation [fire]; sorcerer_wizard 3, magus 3, \
             bloodrager 3, occultist 3, arcanist 3), standard, V, S, M, range long, area 20-ft \
             spread (point), duration instantaneous, Ref half, SR yes, effects: damage\n"
        ),
        "{text}"
    );
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn validate_tells_a_spell_file_by_its_content_and_reports_its_errors() {
    let fireball = std::fs::read_to_string(root().join("data/spells/fireball.json")).unwrap();
    let (_dir, path) = temp_file("boom.json", &fireball);
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 0);
    assert!(stdout(&out).starts_with(&format!("ok: {path}: Fireball (evocation")));
    let (_dir, path) = temp_file("boom.json", &fireball.replace("\"half\"", "\"halve\""));
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("save.on_success") && stderr(&out).contains("did you mean `half`"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn a_caster_s_spells_are_warnings_in_validate() {
    let out = pf1e_sim(&["validate", "data/pcs/maelis.json"]);
    assert_exit(&out, 0);
    let warnings = stderr(&out);
    assert!(
        warnings.contains(
            "warning: data/pcs/maelis.json: spells[1] \"detect magic\": no combat effect modelled\n"
        ),
        "{warnings}"
    );
    let maelis = std::fs::read_to_string(root().join("data/pcs/maelis.json")).unwrap();
    let (_dir, path) = temp_file(
        "maelis.json",
        &maelis.replacen("\"fireball\"", "\"fireblal\"", 1),
    );
    let out = pf1e_sim(&["validate", &path]);
    assert_exit(&out, 0);
    assert!(
        stderr(&out).contains(&format!(
            "warning: {path}: spells[11]: unknown spell `fireblal` (did you mean `fireball`?)\n"
        )),
        "{}",
        stderr(&out)
    );
    // Another catalogue: one without detect magic makes it unknown instead.
    let dir = tempfile::tempdir().unwrap();
    for name in ["fireball.json", "haste.json"] {
        std::fs::copy(root().join("data/spells").join(name), dir.path().join(name)).unwrap();
    }
    let folder = dir.path().display().to_string();
    let out = pf1e_sim(&["validate", "--spells", &folder, "data/pcs/maelis.json"]);
    assert_exit(&out, 0);
    assert!(
        stderr(&out)
            .contains("warning: data/pcs/maelis.json: spells[1]: unknown spell `detect magic`"),
        "{}",
        stderr(&out)
    );
    let out = pf1e_sim(&[
        "validate",
        "--spells",
        "no/such/folder",
        "data/pcs/maelis.json",
    ]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("error: no/such/folder: no such spell catalogue folder (--spells)"),
        "{}",
        stderr(&out)
    );
}
