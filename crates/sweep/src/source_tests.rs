//! Tests of the scenario source: what `compile` reports (every document's errors, indices out of
//! range, a round cap of 0, deployment), what it builds (start squares, tactics), and that the
//! content hash moves with every field.

use pf1e_engine::board::Pos;
use pf1e_engine::scenario::{FightOptions, Tactic};

use super::*;

const ARENA: &str = include_str!("../../../data/maps/sample_arena_markers.yaml");
const GOBLIN: &str = include_str!("../../../data/monsters/goblin.json");
const ORC: &str = include_str!("../../../data/monsters/orc.json");

fn side(name: &str, members: &[usize]) -> SideSource {
    SideSource {
        name: name.into(),
        members: members.to_vec(),
        tactic: Tactic::Default,
        start: None,
    }
}

/// Two goblins against one orc on the arena with markers.
fn arena() -> ScenarioSource {
    let mut s = ScenarioSource::new(Document::new("arena.yaml", ARENA), FightOptions::default());
    let goblin = s.add_combatant(Document::new("goblin.json", GOBLIN));
    let orc = s.add_combatant(Document::new("orc.json", ORC));
    s.sides = vec![side("players", &[goblin, goblin]), side("monsters", &[orc])];
    s
}

#[test]
fn each_document_is_kept_once_in_first_use_order() {
    let mut s = arena();
    assert_eq!(s.add_combatant(Document::new("goblin.json", "ignored")), 0);
    assert_eq!(s.add_combatant(Document::new("ogre.json", "{}")), 2);
    assert_eq!(s.combatant_index("orc.json"), Some(1));
    assert_eq!(s.combatant_index("troll.json"), None);
    assert_eq!(s.combatants[0].text, GOBLIN);
}

#[test]
fn sides_start_on_their_squares_with_their_tactics() {
    let mut s = arena();
    s.sides[0].start = Some(vec![Pos::new(3, 8), Pos::new(4, 8)]);
    s.sides[1].tactic = Tactic::HoldAndShoot;
    let compiled = s.compile().expect("compiles");
    let players = compiled.side_index("players").unwrap();
    let monsters = compiled.side_index("monsters").unwrap();
    assert_eq!(compiled.tactic(players), Tactic::Default);
    assert_eq!(compiled.tactic(monsters), Tactic::HoldAndShoot);
    let anchors: Vec<Pos> = compiled
        .units()
        .iter()
        .filter(|u| u.side == players)
        .map(|u| u.anchor)
        .collect();
    assert_eq!(anchors, [Pos::new(3, 8), Pos::new(4, 8)]);
    assert_eq!(compiled.map_label(), "arena.yaml");
}

#[test]
fn compile_lists_every_document_error_and_bad_index_at_once() {
    let mut s = arena();
    s.map.text = "not: [a map".into();
    s.combatants[1].text = ORC.replace("\"hp_max\": 6", "\"hp_max\": 0");
    s.sides[0].members.push(7);
    s.options.round_cap = 0;
    let e = s.compile().unwrap_err();
    let lines: Vec<String> = e.iter().map(ToString::to_string).collect();
    assert_eq!(lines.len(), 4, "{lines:#?}");
    assert!(lines[0].starts_with("arena.yaml:"), "{lines:#?}");
    assert!(lines[1].starts_with("orc.json: hp_max"), "{lines:#?}");
    assert_eq!(
        lines[2],
        "scenario: sides[0].members[2]: combatant index 7 is out of range (2 documents)"
    );
    assert_eq!(
        lines[3],
        "scenario: options.round_cap: the round cap must be at least 1"
    );
}

#[test]
fn deployment_errors_name_the_map() {
    let mut s = arena();
    s.sides[0].name = "heroes".into();
    let e = s.compile().unwrap_err().to_string();
    assert!(e.starts_with("arena.yaml"), "{e}");
    assert!(e.contains("heroes"), "{e}");
    let mut s = arena();
    s.sides[0].start = Some(vec![Pos::new(0, 0)]);
    assert!(s.compile().is_err());
}

#[test]
fn the_content_hash_moves_with_every_field() {
    let base = arena();
    let h = base.content_hash();
    assert_eq!(base.clone().content_hash(), h);
    type Edit = fn(&mut ScenarioSource);
    let edits: Vec<(&str, Edit)> = vec![
        ("map label", |s| s.map.label.push('x')),
        ("map text", |s| s.map.text.push(' ')),
        ("combatant label", |s| s.combatants[0].label.push('x')),
        ("combatant text", |s| s.combatants[1].text.push(' ')),
        ("one more document", |s| {
            s.combatants.push(Document::new("x", ""));
        }),
        ("side name", |s| s.sides[1].name.push('x')),
        ("side order", |s| s.sides.swap(0, 1)),
        ("one more member", |s| s.sides[0].members.push(0)),
        ("member index", |s| s.sides[1].members[0] = 0),
        ("tactic", |s| s.sides[1].tactic = Tactic::Kite),
        ("empty start", |s| s.sides[0].start = Some(Vec::new())),
        ("start square", |s| {
            s.sides[0].start = Some(vec![Pos::new(1, 2)]);
        }),
        ("round cap", |s| s.options.round_cap += 1),
        ("simple monster death", |s| {
            s.options.simple_monster_death = true;
        }),
    ];
    for (what, edit) in edits {
        let mut s = base.clone();
        edit(&mut s);
        assert_ne!(s.content_hash(), h, "{what}");
    }
    // Square lists are framed: [(1, 2)] and [(1, 2), …] differ, and so do (1, 2) and (2, 1).
    let with = |squares: Vec<Pos>| {
        let mut s = base.clone();
        s.sides[0].start = Some(squares);
        s.content_hash()
    };
    assert_ne!(with(vec![Pos::new(1, 2)]), with(vec![Pos::new(2, 1)]));
}

#[test]
fn spell_files_are_hashed_and_their_errors_name_them() {
    let base = arena();
    let h = base.content_hash();
    let mut with = base.clone();
    with.spells.push(Document::new(
        "bless.json",
        include_str!("../../../data/spells/bless.json"),
    ));
    assert_ne!(with.content_hash(), h);
    let mut edited = with.clone();
    edited.spells[0].text.push(' ');
    assert_ne!(edited.content_hash(), with.content_hash());
    let mut relabelled = with.clone();
    relabelled.spells[0].label.push('x');
    assert_ne!(relabelled.content_hash(), with.content_hash());
    // Non-casters compile with spell files they never name.
    assert_eq!(with.compile().unwrap().units().len(), 3);
    with.spells[0].text = "{\"name\": ".into();
    let e = with.compile().unwrap_err().to_string();
    assert!(e.starts_with("bless.json:1:"), "{e}");
}

/// A member list longer than an encounter holds is one error, found before any combatant is
/// copied: two million members cost their indices only (a copy of the combatant per member
/// peaked at gigabytes).
#[test]
fn a_huge_member_list_is_one_error_without_copying_combatants() {
    const MEMBERS: usize = 2_000_000;
    let mut s = arena();
    s.sides[0].members = vec![0; MEMBERS];
    let start = std::time::Instant::now();
    let e = s.compile().unwrap_err();
    let took = start.elapsed();
    let lines: Vec<String> = e.iter().map(ToString::to_string).collect();
    assert_eq!(
        lines,
        [format!(
            "scenario: sides: {} members; an encounter holds at most 250 combatants",
            MEMBERS + 1
        )]
    );
    assert!(took.as_secs_f64() < 5.0, "{MEMBERS} members took {took:?}");
}
