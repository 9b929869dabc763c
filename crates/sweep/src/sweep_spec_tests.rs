//! Tests of the sweep file: parsing, and each validation error with its field.

use pf1e_engine::map::parse_map;

use super::*;

const ARENA: &str = include_str!("../../../data/maps/sample_arena_markers.yaml");

const EXAMPLE: &str = "
name: \"Arène : placements et tactiques\"
map: ../maps/sample_arena_markers.yaml
sides:
  players: [../monsters/goblin.json, ../monsters/goblin.json, ../monsters/goblin.json]
  monsters: [../monsters/orc.json, ../monsters/orc.json]
runs: 2000
seed: 1
round_cap: 100
simple_monster_death: false
axes:
  - name: depart_players
    placements:
      side: players
      options:
        ouest: { zone: A }
        centre: { cells: [[3, 8], [4, 8], [5, 8]] }
        piliers: { markers: [p1, p2, p3] }
  - name: tactique_monsters
    tactics:
      side: monsters
      options: [default, focus_weakest, hold_and_shoot]
";

/// The single error of `text` (panics unless exactly one).
fn one_error(text: &str) -> pf1e_engine::error::DataError {
    let e = parse_sweep("s.yaml", text).unwrap_err();
    assert_eq!(e.len(), 1, "{e}");
    e.0[0].clone()
}

/// The example with `from` replaced by `to`.
fn example_with(from: &str, to: &str) -> String {
    assert!(EXAMPLE.contains(from), "{from}");
    EXAMPLE.replacen(from, to, 1)
}

#[test]
fn the_example_parses_in_file_order() {
    let s = parse_sweep("s.yaml", EXAMPLE).unwrap();
    assert_eq!(s.name, "Arène : placements et tactiques");
    assert_eq!(s.map, "../maps/sample_arena_markers.yaml");
    assert_eq!(s.sides[0].0, "players");
    assert_eq!(s.sides[0].1.len(), 3);
    assert_eq!((s.runs, s.seed, s.round_cap), (2000, 1, 100));
    assert!(!s.simple_monster_death);
    assert_eq!(s.axes.len(), 2);
    assert_eq!(s.axes[0].side.as_deref(), Some("players"));
    assert_eq!(s.axes[0].labels(), ["ouest", "centre", "piliers"]);
    let AxisKind::Placements(o) = &s.axes[0].kind else {
        panic!("{:?}", s.axes[0].kind)
    };
    assert_eq!(o[0].1, Placement::Zone('A'));
    assert_eq!(
        o[1].1,
        Placement::Cells(vec![Pos::new(3, 8), Pos::new(4, 8), Pos::new(5, 8)])
    );
    assert_eq!(
        o[2].1,
        Placement::Markers(vec!["p1".into(), "p2".into(), "p3".into()])
    );
    assert_eq!(
        s.axes[1].kind,
        AxisKind::Tactics(vec![
            Tactic::Default,
            Tactic::FocusWeakest,
            Tactic::HoldAndShoot
        ])
    );
    let map = parse_map("arena.yaml", ARENA).unwrap();
    check_against_map(&s, "s.yaml", &map).unwrap();
}

#[test]
fn yaml_syntax_errors_give_line_and_column() {
    let e = one_error("name: x\nmap: [unclosed\n");
    assert_eq!(e.file, "s.yaml");
    assert!(e.location.is_some(), "{e}");
}

#[test]
fn an_unknown_axis_kind_suggests_the_closest() {
    let e = one_error(&example_with("    tactics:", "    tactic:"));
    assert_eq!(e.field, "axes[1].tactic");
    assert!(
        e.message
            .contains("unknown field `tactic` (did you mean `tactics`?)"),
        "{e}"
    );
    assert!(e.location.is_some());
}

#[test]
fn an_axis_needs_exactly_one_kind() {
    let e =
        one_error("name: x\nmap: m.yaml\nsides: { a: [f.json] }\nruns: 1\naxes:\n  - name: vide\n");
    assert_eq!(e.field, "axes[0]");
    assert_eq!(
        e.message,
        "give exactly one axis kind: placements, tactics, roster or map"
    );
}

#[test]
fn an_unknown_tactic_is_named_with_its_field() {
    let e = one_error(&example_with("hold_and_shoot]", "hold_and_shot]"));
    assert_eq!(e.field, "axes[1].tactics.options[2]");
    assert!(
        e.message
            .starts_with("unknown tactic `hold_and_shot` (did you mean `hold_and_shoot`?)"),
        "{e}"
    );
}

#[test]
fn an_unknown_side_is_named_with_its_field() {
    let e = one_error(&example_with("side: monsters", "side: monstres"));
    assert_eq!(e.field, "axes[1].tactics.side");
    assert!(
        e.message
            .starts_with("unknown side `monstres` (did you mean `monsters`?)"),
        "{e}"
    );
}

#[test]
fn empty_axes_and_empty_options_are_errors() {
    let e = one_error("name: x\nmap: m.yaml\nsides: { a: [f.json] }\nruns: 1\naxes: []\n");
    assert_eq!(e.field, "axes");
    let e = one_error(&example_with(
        "options: [default, focus_weakest, hold_and_shoot]",
        "options: []",
    ));
    assert_eq!(e.field, "axes[1].tactics.options");
    assert_eq!(e.message, "the axis has no option");
}

#[test]
fn a_placement_needs_exactly_one_of_zone_cells_markers() {
    let e = one_error(&example_with("{ zone: A }", "{ zone: A, markers: [p1] }"));
    assert_eq!(e.field, "axes[0].placements.options.ouest");
}

#[test]
fn duplicate_option_names_are_errors() {
    let e = one_error(&example_with("piliers: { markers", "ouest: { markers"));
    assert!(e.message.contains("duplicate key `ouest`"), "{e}");
}

fn map_errors(text: &str) -> Vec<(String, String)> {
    let spec = parse_sweep("s.yaml", text).unwrap();
    let map = parse_map("arena.yaml", ARENA).unwrap();
    check_against_map(&spec, "s.yaml", &map)
        .unwrap_err()
        .0
        .into_iter()
        .map(|e| (e.field, e.message))
        .collect()
}

#[test]
fn an_unknown_marker_is_named_with_its_field() {
    let e = map_errors(&example_with(
        "markers: [p1, p2, p3]",
        "markers: [p1, p2, autle]",
    ));
    assert_eq!(
        e,
        [(
            "axes[0].placements.options.piliers".to_string(),
            "unknown marker `autle` (did you mean `autel`?); the markers are: autel, p1, p2, p3"
                .to_string()
        )]
    );
    // The same square twice counts once.
    let e = map_errors(&example_with(
        "markers: [p1, p2, p3]",
        "markers: [p1, p2, p2]",
    ));
    assert_eq!(
        e[0].1,
        "2 square(s) for side `players`, which has 3 combatants"
    );
}

#[test]
fn cells_off_the_map_or_impassable_are_errors() {
    let e = map_errors(&example_with("[5, 8]]", "[50, 8]]"));
    assert_eq!(e[0].0, "axes[0].placements.options.centre");
    assert_eq!(e[0].1, "[50, 8] is off the map (8 rows × 20 columns)");
    let e = map_errors(&example_with("[5, 8]]", "[0, 0]]"));
    assert_eq!(e[0].1, "[0, 0] is on impassable terrain '#' (wall)");
}

#[test]
fn a_placement_with_too_few_squares_is_an_error() {
    let e = map_errors(&example_with(
        "[[3, 8], [4, 8], [5, 8]]",
        "[[3, 8], [4, 8]]",
    ));
    assert_eq!(
        e,
        [(
            "axes[0].placements.options.centre".to_string(),
            "2 square(s) for side `players`, which has 3 combatants".to_string()
        )]
    );
}

#[test]
fn an_unknown_zone_and_a_side_missing_from_the_map_are_errors() {
    let e = map_errors(&example_with("{ zone: A }", "{ zone: Z }"));
    assert_eq!(e[0].1, "the map has no zone 'Z' (zones: AB)");
    let e = map_errors(&EXAMPLE.replace("monsters", "monstres"));
    assert!(e.iter().any(|(f, _)| f == "sides.monstres"), "{e:?}");
}

#[test]
fn more_than_ten_thousand_cells_is_an_error() {
    let all = "[default, focus_weakest, focus_nearest, hold_and_shoot, kite]";
    let mut text = String::from("name: x\nmap: m.yaml\nsides: { a: [f.json] }\nruns: 1\naxes:\n");
    for i in 0..6 {
        text.push_str(&format!(
            "  - {{ name: t{i}, tactics: {{ side: a, options: {all} }} }}\n"
        ));
    }
    let e = one_error(&text);
    assert_eq!(e.field, "axes");
    assert_eq!(e.message, "15625 cells; a sweep holds at most 10000");
}
