//! Every map validation rule of the reference map format and the reference spec, « Carte
//! (YAML) », one test each, asserting the file, the field and the message.

use super::*;
use crate::board::Board;
use crate::error::DataErrors;

const LEGEND: &str = r##"legend:
  "#": { type: wall, move_cost: null, blocks_los: true }
  ".": { type: floor, move_cost: 1 }
  "T": { type: rubble, move_cost: 2 }
  "C": { type: pillar, move_cost: null, cover: true }
"##;

fn map_text(terrain: &str, extra: &str) -> String {
    let mut text = String::from("name: test\nterrain: |\n");
    for line in terrain.lines() {
        text.push_str("  ");
        text.push_str(line);
        text.push('\n');
    }
    text.push_str(LEGEND);
    text.push_str(extra);
    text
}

fn errors(text: &str) -> DataErrors {
    parse_map("m.yaml", text).expect_err("the map should be rejected")
}

fn only(text: &str) -> crate::error::DataError {
    let errs = errors(text);
    assert_eq!(errs.len(), 1, "expected one error, got:\n{errs}");
    errs.0.into_iter().next().unwrap()
}

fn block(name: &str, rows: &[&str]) -> String {
    let mut s = format!("{name}: |\n");
    for r in rows {
        s.push_str("  ");
        s.push_str(r);
        s.push('\n');
    }
    s
}

#[test]
fn sample_arena_loads() {
    let text = include_str!("../../../../data/maps/sample_arena.yaml");
    let map = parse_map("sample_arena.yaml", text).unwrap();
    assert_eq!(map.name(), Some("Arène d'essai"));
    assert_eq!((map.rows(), map.cols()), (8, 20));
    assert_eq!(map.square_size_ft(), 5);
    assert_eq!(map.move_cost(Pos::new(0, 0)), None);
    assert!(map.blocks_los(Pos::new(0, 0)));
    assert_eq!(map.move_cost(Pos::new(4, 3)), Some(2));
    assert_eq!(map.cover_bonus(Pos::new(2, 3)), 4);
    assert_eq!(map.elevation(Pos::new(1, 2)), 1);
    assert_eq!(map.elevation(Pos::new(3, 2)), 0);
    assert_eq!(map.zone_at(Pos::new(1, 1)), Some('A'));
    assert_eq!(map.marker("autel"), Some(Pos::new(1, 16)));
    assert_eq!(
        map.deployment(),
        [("players".to_string(), 'A'), ("monsters".to_string(), 'B')]
    );
    assert_eq!(map.zone_squares('A').count(), 8);
}

#[test]
fn only_terrain_is_required() {
    let map = parse_map("m.yaml", &map_text("...\n.T.", "")).unwrap();
    assert_eq!((map.rows(), map.cols()), (2, 3));
    assert_eq!(map.square_size_ft(), 5);
    assert!(map.deployment().is_empty());
    let e = only("legend: {}\n");
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("terrain", "missing required field")
    );
}

#[test]
fn yaml_syntax_error_has_line_and_column() {
    let e = only(
        "name: x\nterrain: |\n  ..\nlegend:\n  \".\": { type: floor, move_cost: 1 }\n   zones: x\n",
    );
    assert_eq!(e.file, "m.yaml");
    let loc = e.location.expect("a syntax error has a location");
    assert_eq!(loc.line, 6);
    assert!(e.to_string().starts_with("m.yaml:6:"), "{e}");
    assert!(e.message.contains("did not find expected key"), "{e}");
}

#[test]
fn unknown_field_is_named_with_a_suggestion() {
    let e = only(&map_text("..", "deploymnt: {}\n"));
    assert_eq!(e.field, "deploymnt");
    assert_eq!(
        e.message,
        "unknown field `deploymnt` (did you mean `deployment`?)"
    );
    assert_eq!(e.location.map(|l| l.line), Some(9));
    let e = only(&map_text("..", "").replace("move_cost: 2", "move_cots: 2"));
    assert_eq!(e.field, "legend.T.move_cots");
    assert!(e.message.contains("did you mean `move_cost`"), "{e}");
}

#[test]
fn ragged_terrain_is_rejected() {
    let e = only(&map_text("...\n..\n...", ""));
    assert_eq!(e.field, "terrain");
    assert_eq!(
        e.message,
        "row 1 has 2 squares but row 0 has 3: every row must have the same width"
    );
}

#[test]
fn layer_sizes_must_match_the_terrain() {
    let e = only(&map_text(
        "...\n...",
        &block("elevation", &["...", "...", "..."]),
    ));
    assert_eq!(e.field, "elevation");
    assert_eq!(
        e.message,
        "has 3 rows but terrain has 2: every layer must have the terrain's size"
    );
    let e = only(&map_text("...\n...", &block("zones", &["....", "..."])));
    assert_eq!(e.field, "zones");
    assert_eq!(e.message, "row 0 has 4 squares but terrain rows have 3");
}

#[test]
fn character_missing_from_the_legend_names_row_column_and_line() {
    let e = only(&map_text("...\n.X.", ""));
    assert_eq!(e.field, "terrain");
    assert_eq!(
        e.message,
        "row 1, column 1: character 'X' is not in the legend (it has '#' '.' 'T' 'C')"
    );
    let loc = e.location.expect("block layers are located");
    assert_eq!((loc.line, loc.column), (4, 4));
}

#[test]
fn move_cost_must_be_positive_or_null() {
    for bad in ["0", "-1"] {
        let e = only(&map_text("..", "").replace("move_cost: 2", &format!("move_cost: {bad}")));
        assert_eq!(e.field, "legend.T.move_cost");
        assert_eq!(
            e.message,
            format!("must be an integer from 1 to 100, or null for impassable terrain, got {bad}")
        );
    }
}

#[test]
fn omitted_move_cost_means_impassable() {
    let text = map_text("..P", "").replace("legend:\n", "legend:\n  \"P\": { type: pit }\n");
    let map = parse_map("m.yaml", &text).unwrap();
    assert_eq!(map.move_cost(Pos::new(0, 2)), None);
    assert!(!map.blocks_los(Pos::new(0, 2)));
}

#[test]
fn cover_bonus_must_be_2_4_or_8() {
    let text = map_text("..", "").replace("cover: true", "cover_bonus: 3");
    let e = only(&text);
    assert_eq!(e.field, "legend.C.cover_bonus");
    assert_eq!(
        e.message,
        "must be 2 (partial), 4 (standard) or 8 (improved), got 3"
    );
    for (value, want) in [("2", 2), ("4", 4), ("8", 8)] {
        let text = map_text(".C", "").replace("cover: true", &format!("cover_bonus: {value}"));
        let map = parse_map("m.yaml", &text).unwrap();
        assert_eq!(map.cover_bonus(Pos::new(0, 1)), want);
    }
}

#[test]
fn legend_keys_are_single_characters_and_unique() {
    let text = map_text("..", "").replace("\"T\":", "\"TT\":");
    let e = only(&text);
    assert_eq!(e.field, "legend.TT");
    assert_eq!(e.message, "a legend key must be one character, got \"TT\"");
    let text = map_text("..", "").replace("\"T\":", "\".\":");
    let e = only(&text);
    assert_eq!(e.field, "legend");
    assert!(e.message.contains("duplicate key `.`"), "{e}");
    let text = map_text(".#", "markers:\n  p: [0, 1]\n");
    assert_eq!(only(&text).field, "markers.p");
    let text =
        map_text("..", "").replace("move_cost: null, blocks_los", "move_cost: 0, blocks_los");
    assert_eq!(only(&text).field, r##"legend["#"].move_cost"##);
}

#[test]
fn elevation_and_zones_characters_are_checked() {
    let e = only(&map_text("...", &block("elevation", &[".1x"])));
    assert_eq!(e.field, "elevation");
    assert_eq!(
        e.message,
        "row 0, column 2: 'x' is not a height (use a digit 0-9, or '.' for 0)"
    );
    let e = only(&map_text("...", &block("zones", &["A.?"])));
    assert_eq!(e.field, "zones");
    assert_eq!(
        e.message,
        "row 0, column 2: '?' is not a zone (use a letter A-Z or a-z, or '.' for none)"
    );
}

#[test]
fn marker_off_the_map_or_on_impassable_terrain() {
    let e = only(&map_text("...\n...", "markers:\n  p: [2, 0]\n"));
    assert_eq!(e.field, "markers.p");
    assert_eq!(e.message, "[2, 0] is off the map (rows 0-1, columns 0-2)");
    let e = only(&map_text("..#\n...", "markers:\n  p: [0, 2]\n"));
    assert_eq!(e.field, "markers.p");
    assert_eq!(e.message, "[0, 2] is on impassable terrain '#' (wall)");
    let e = only(&map_text("...", "markers:\n  p: [0]\n"));
    assert_eq!(e.message, "must be [row, col], got 1 numbers");
}

const ZONES_AB: &str = "zones: |\n  A..B\n";

#[test]
fn deployment_errors_are_all_reported() {
    let errs = errors(&map_text(
        "....",
        &format!("{ZONES_AB}deployment:\n  players: A\n  monsters: C\n"),
    ));
    let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["deployment.monsters", "deployment"]);
    assert_eq!(
        errs.0[0].message,
        "zone 'C' does not appear in the zones layer (it has A, B)"
    );
    assert_eq!(
        errs.0[1].message,
        "zone 'B' of the zones layer is not assigned to any side (sides: players, monsters)"
    );
}

#[test]
fn two_sides_cannot_share_a_zone_letter() {
    let errs = errors(&map_text(
        "....",
        &format!("{ZONES_AB}deployment:\n  players: A\n  monsters: A\n"),
    ));
    assert_eq!(errs.0[0].field, "deployment.monsters");
    assert_eq!(
        errs.0[0].message,
        "zone 'A' is already the zone of side `players`: two sides cannot share a zone letter"
    );
}

#[test]
fn zones_need_a_deployment_and_a_deployment_needs_zones() {
    let e = only(&map_text("....", ZONES_AB));
    assert_eq!(e.field, "deployment");
    assert!(
        e.message.starts_with("is required when the map has zones"),
        "{e}"
    );
    let e = only(&map_text("....", "deployment:\n  players: A\n"));
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("deployment", "needs a zones layer to deploy into")
    );
}

#[test]
fn a_zone_with_no_passable_square_is_rejected() {
    let e = only(&map_text(
        "#..",
        "zones: |\n  A.B\ndeployment:\n  players: A\n  monsters: B\n",
    ));
    assert_eq!(
        (e.field.as_str(), e.message.as_str()),
        ("deployment.players", "zone 'A' has no passable square")
    );
}

#[test]
fn every_problem_of_a_file_is_listed() {
    let text = map_text("..X\n...", "square_size_ft: 0\nmarkers:\n  p: [9, 9]\n")
        .replace("move_cost: 2", "move_cost: 0");
    let errs = errors(&text);
    let fields: Vec<&str> = errs.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(fields, ["square_size_ft", "legend.T.move_cost", "terrain"]);
}
