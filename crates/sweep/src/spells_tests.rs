//! Tests of the spell library: only the spells a source's combatants name go into it, with the
//! creatures their summon spells bring, and a misspelt name is checked against the whole folder.

use pf1e_engine::scenario::{FightOptions, Tactic};

use super::*;
use crate::source::SideSource;

const FIREBALL: &str = include_str!("../../../data/spells/fireball.json");
const BLESS: &str = include_str!("../../../data/spells/bless.json");
const SUMMON: &str = include_str!("../../../data/spells/summon_monster_i.json");
const RAT: &str = include_str!("../../../data/monsters/dire_rat.json");
const ARENA: &str = include_str!("../../../data/maps/sample_arena.yaml");
const ORC: &str = include_str!("../../../data/monsters/orc.json");

fn library() -> SpellLibrary {
    SpellLibrary::build(vec![
        Document::new("data/spells/summon_monster_i.json", SUMMON),
        Document::new("data/spells/fireball.json", FIREBALL),
        Document::new("data/spells/bless.json", BLESS),
    ])
    .unwrap()
}

/// A wizard casting `spells` (a JSON list's inside).
fn wizard(spells: &str) -> Document {
    Document::new(
        "data/pcs/wizard.json",
        format!(
            r#"{{"name": "Wizard", "role": "pc", "level": 5, "abilities": {{"str_score": 10,
            "dex_score": 10, "con_score": 10, "int_score": 16, "wis_score": 10, "cha_score": 10}},
            "hp_max": 20, "ac": {{"total": 12, "touch": 12, "flat_footed": 10}}, "bab": 2,
            "initiative_mod": 0, "saves": {{"fort": 1, "ref": 1, "will": 4}},
            "casting_ability": "int", "spell_list": "sorcerer_wizard", "casting": "prepared",
            "spell_slots": {{"1": 3, "3": 1}}, "spells": [{spells}]}}"#
        ),
    )
}

fn source(caster: Document) -> ScenarioSource {
    let mut s = ScenarioSource::new(Document::new("arena.yaml", ARENA), FightOptions::default());
    let wizard = s.add_combatant(caster);
    let orc = s.add_combatant(Document::new("orc.json", ORC));
    let side = |name: &str, members: Vec<usize>| SideSource {
        name: name.into(),
        members,
        tactic: Tactic::Default,
        start: None,
    };
    s.sides = vec![side("players", vec![wizard]), side("monsters", vec![orc])];
    s
}

fn parsed(source: &ScenarioSource) -> Vec<Combatant> {
    source
        .combatants
        .iter()
        .map(|d| d.parse_combatant().unwrap())
        .collect()
}

#[test]
fn a_source_gets_only_the_spells_its_combatants_name() {
    let library = library();
    let mut s = source(wizard(r#""Fireball""#));
    library.attach(&mut s);
    let labels: Vec<&str> = s.spells.iter().map(|d| d.label.as_str()).collect();
    assert_eq!(labels, ["data/spells/fireball.json"]);
    assert_eq!(s.combatants.len(), 2);
    let scenario = s.compile().unwrap();
    assert_eq!(scenario.units()[0].spells.known.len(), 1);
    // Non-casters take nothing.
    let mut s = source(Document::new("goblin.json", ORC));
    library.attach(&mut s);
    assert!(s.spells.is_empty());
}

#[test]
fn a_summon_spell_brings_its_creature_as_a_document_of_no_side() {
    let mut library = library();
    let s = source(wizard(r#""summon monster i""#));
    let casters = parsed(&s);
    let mut reads = Vec::new();
    library
        .read_creatures(&casters, &mut |label| {
            reads.push(label.to_string());
            Ok(Document::new(label, RAT))
        })
        .unwrap();
    assert_eq!(reads, ["data/monsters/dire_rat.json"]);
    library.check(&casters).unwrap();
    let mut s = s;
    library.attach(&mut s);
    assert_eq!(s.combatants.len(), 3);
    assert_eq!(s.combatants[2].label, "data/monsters/dire_rat.json");
    assert!(s.sides.iter().all(|side| !side.members.contains(&2)));
    let scenario = s.compile().unwrap();
    assert_eq!(scenario.units().len(), 2);
    assert_eq!(scenario.spellbook().creatures().len(), 1);
}

#[test]
fn an_unreadable_creature_names_the_spell_file_and_the_path() {
    let mut library = library();
    let casters = parsed(&source(wizard(r#""summon monster i""#)));
    let e = library
        .read_creatures(&casters, &mut |label| {
            Err(DataError::new(
                label,
                "",
                "cannot read the file: no such file",
            ))
        })
        .unwrap_err();
    assert_eq!(
        e[0].to_string(),
        "data/spells/summon_monster_i.json: effects: the summoned creature `../monsters/dire_rat.json` (data/monsters/dire_rat.json) cannot be read: cannot read the file: no such file"
    );
    let e = library.check(&casters).unwrap_err();
    assert!(e[0].message.contains("dire_rat.json"), "{}", e[0]);
}

#[test]
fn names_are_checked_against_the_whole_folder() {
    let library = library();
    let casters = parsed(&source(wizard(r#""fireblal", "bless""#)));
    let e = library.check(&casters).unwrap_err();
    let lines: Vec<String> = e.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 2, "{lines:#?}");
    assert_eq!(
        lines[0],
        "data/pcs/wizard.json: spells[0]: unknown spell `fireblal` (did you mean `fireball`?)"
    );
    assert!(
        lines[1].contains("not on the sorcerer_wizard list"),
        "{}",
        lines[1]
    );
    // The source alone would only know bless: the folder's check is what suggests fireball.
    let mut s = source(wizard(r#""fireblal""#));
    library.attach(&mut s);
    assert!(s.spells.is_empty());
    assert!(
        s.compile()
            .unwrap_err()
            .to_string()
            .contains("unknown spell `fireblal`")
    );
}

#[test]
fn two_files_of_one_name_are_refused() {
    let e = SpellLibrary::build(vec![
        Document::new("a/fireball.json", FIREBALL),
        Document::new("b/fireball.json", FIREBALL),
    ])
    .unwrap_err();
    assert!(
        e[0].to_string()
            .starts_with("b/fireball.json: name: duplicate spell"),
        "{}",
        e[0]
    );
}
