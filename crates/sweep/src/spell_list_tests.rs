//! Tests of the catalogue listing: what a summary says of real spell files, the validate line,
//! the text blocks wrapped at 100 columns and the JSON keys.

use super::*;
use crate::source::Document;

const FIREBALL: &str = include_str!("../../../data/spells/fireball.json");
const MAGIC_MISSILE: &str = include_str!("../../../data/spells/magic_missile.json");
const DETECT_MAGIC: &str = include_str!("../../../data/spells/detect_magic.json");
const HOLD_PERSON: &str = include_str!("../../../data/spells/hold_person.json");

fn summary(label: &str, text: &str) -> SpellSummary {
    SpellSummary::parse(label, text).unwrap()
}

#[test]
fn a_summary_says_what_the_file_says() {
    let s = summary("spells/fireball.json", FIREBALL);
    assert_eq!(s.name, "Fireball");
    assert_eq!(s.school_words(), "evocation [fire]");
    assert_eq!(
        s.level_words(),
        "sorcerer_wizard 3, magus 3, bloodrager 3, occultist 3, arcanist 3"
    );
    assert_eq!(
        s.details(),
        [
            "standard",
            "V, S, M",
            "range long",
            "area 20-ft spread (point)",
            "duration instantaneous",
            "Ref half",
            "SR yes",
            "effects: damage"
        ]
    );
    assert!(s.modelled);
    let s = summary("spells/hold_person.json", HOLD_PERSON);
    assert_eq!(
        s.school_words(),
        "enchantment (compulsion) [mind_affecting]"
    );
    assert_eq!(s.target.as_deref(), Some("1 creature (humanoid)"));
    assert_eq!(s.duration, "1 round/level");
    assert!(
        s.details()
            .contains(&"duration 1 round/level (D)".to_string())
    );
    assert!(s.dismissible);
    let s = summary("spells/magic_missile.json", MAGIC_MISSILE);
    assert_eq!(
        s.projectiles.as_deref(),
        Some("1 + 1/2 levels beyond 1 (max 4)")
    );
}

#[test]
fn the_validate_line_names_school_levels_and_details() {
    let s = summary("spells/detect_magic.json", DETECT_MAGIC);
    let line = s.line();
    assert!(
        line.starts_with("Detect Magic (divination; sorcerer_wizard 0, cleric 0,"),
        "{line}"
    );
    assert!(
        line.ends_with(
            "standard, V, S, range 60 ft, area 60-ft cone (caster), duration concentration (D), no save, SR no, no combat effect modelled"
        ),
        "{line}"
    );
}

#[test]
fn an_invalid_file_gives_its_errors_with_line_and_column() {
    let broken = FIREBALL.replace("\"school\"", "\"schol\"");
    let e = SpellSummary::parse("fireball.json", &broken).unwrap_err();
    let line = e.to_string();
    assert!(line.starts_with("fireball.json:4:"), "{line}");
    assert!(line.contains("did you mean `school`"), "{line}");
}

fn library() -> SpellLibrary {
    SpellLibrary::build(vec![
        Document::new("spells/magic_missile.json", MAGIC_MISSILE),
        Document::new("spells/detect_magic.json", DETECT_MAGIC),
        Document::new("spells/fireball.json", FIREBALL),
    ])
    .unwrap()
}

#[test]
fn the_text_listing_is_in_name_order_and_fits_100_columns() {
    let text = render_text("spells", &summaries(&library()));
    assert!(
        text.starts_with(
            "3 spell(s) in spells: 2 with a modelled combat effect, 1 without\n\nDetect Magic — divination\n    sorcerer_wizard 0, cleric 0, druid 0,"
        ),
        "{text}"
    );
    let names: Vec<&str> = text
        .lines()
        .filter(|l| !l.starts_with(' ') && l.contains(" — "))
        .map(|l| l.split(" — ").next().unwrap())
        .collect();
    assert_eq!(names, ["Detect Magic", "Fireball", "Magic Missile"]);
    assert!(text.lines().all(|l| width(l) <= TEXT_WIDTH), "{text}");
    // Lines break between items, never inside « summoner 0 ».
    assert!(text.contains(" summoner 0,"), "{text}");
    assert!(
        text.contains(
            "Fireball — evocation [fire]\n    sorcerer_wizard 3, magus 3, bloodrager 3, occultist 3, arcanist 3\n    standard; V, S, M; range long; area 20-ft spread (point); duration instantaneous; Ref half;\n      SR yes; effects: damage\n"
        ),
        "{text}"
    );
}

#[test]
fn the_json_listing_has_stable_keys() {
    let json = render_json(&summaries(&library()));
    let value: serde_json::Value = serde_json::from_str(&json).unwrap();
    let fireball = &value[1];
    assert_eq!(fireball["name"], "Fireball");
    assert_eq!(fireball["file"], "spells/fireball.json");
    assert_eq!(fireball["levels"]["magus"], 3);
    assert_eq!(fireball["save"]["type"], "ref");
    assert_eq!(fireball["save"]["on_success"], "half");
    assert_eq!(fireball["effects"], serde_json::json!(["damage"]));
    assert_eq!(fireball["modelled"], true);
    assert_eq!(value[0]["save"], serde_json::Value::Null);
    let keys: Vec<&String> = fireball.as_object().unwrap().keys().collect();
    assert_eq!(keys.len(), 19, "{keys:?}");
}
