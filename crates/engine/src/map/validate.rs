//! `MapFile` → [`Map`]: every rule of the reference map format and the reference spec, « Carte
//! (YAML) », each problem reported with the file, the field and — for layer squares — the row
//! and column in the layer and the line:column in the file.

use super::locate::layer_square;
use super::{LegendFile, MAX_SIDE, Map, MapFile, Terrain};
use crate::board::Pos;
use crate::de::{OrderedMap, field_key, from_yaml};
use crate::error::{DataError, DataErrors, Problems};

/// Parses and validates a map's YAML text; `file` names it in errors.
pub fn parse_map(file: &str, text: &str) -> Result<Map, DataErrors> {
    let raw: MapFile = from_yaml(file, text)?;
    Checker {
        problems: Problems::new(file),
        text,
    }
    .check(raw)
}

struct Checker<'a> {
    problems: Problems<'a>,
    text: &'a str,
}

/// An ASCII layer split into rows of characters.
struct Layer {
    rows: Vec<Vec<char>>,
}

impl<'a> Checker<'a> {
    fn check(mut self, raw: MapFile) -> Result<Map, DataErrors> {
        let square_size_ft = match raw.square_size_ft {
            None => 5,
            Some(v) if (1..=1000).contains(&v) => v as u32,
            Some(v) => {
                self.problems.add(
                    "square_size_ft",
                    format!("must be an integer from 1 to 1000, got {v}"),
                );
                5
            }
        };
        if raw.name.as_deref().is_some_and(|n| n.trim().is_empty()) {
            self.problems.add("name", "must not be empty when given");
        }
        let legend = self.legend(&raw.legend);
        let terrain = self.layer("terrain", &raw.terrain, None);
        let Some(terrain) = terrain else {
            return Err(self.problems.into_errors());
        };
        let (rows, cols) = (terrain.rows.len(), terrain.rows[0].len());
        let mut terrain_idx = vec![0u8; rows * cols];
        for (r, row) in terrain.rows.iter().enumerate() {
            for (c, ch) in row.iter().enumerate() {
                match legend.iter().position(|t| t.symbol == *ch) {
                    Some(i) => terrain_idx[r * cols + c] = i as u8,
                    None => {
                        let known: Vec<String> =
                            legend.iter().map(|t| format!("'{}'", t.symbol)).collect();
                        let known = known.join(" ");
                        let msg = if raw.legend.is_empty() {
                            format!(
                                "row {r}, column {c}: character '{ch}' is not in the legend (the legend is empty)"
                            )
                        } else {
                            format!(
                                "row {r}, column {c}: character '{ch}' is not in the legend (it has {known})"
                            )
                        };
                        self.square_error("terrain", r, c, &row_string(row), msg);
                    }
                }
            }
        }
        if legend.is_empty() {
            // No terrain to index: every square's character was reported above.
            if self.problems.is_empty() {
                self.problems
                    .add("legend", "must list at least one terrain");
            }
            return Err(self.problems.into_errors());
        }
        let elevation = raw
            .elevation
            .as_deref()
            .and_then(|t| self.layer("elevation", t, Some((rows, cols))))
            .map(|layer| self.heights(&layer, cols))
            .unwrap_or_else(|| vec![0; rows * cols]);
        let zones = raw
            .zones
            .as_deref()
            .and_then(|t| self.layer("zones", t, Some((rows, cols))))
            .map(|layer| self.zone_letters(&layer, cols));
        let mut map = Map {
            name: raw.name.clone(),
            square_size_ft,
            rows: rows as u16,
            cols: cols as u16,
            legend,
            terrain: terrain_idx,
            elevation,
            zones: zones.unwrap_or_else(|| vec![None; rows * cols]),
            markers: Vec::new(),
            deployment: Vec::new(),
            cost: Vec::new(),
            blocks: Vec::new(),
            cover: Vec::new(),
        };
        let terrain_of = |i: usize| &map.legend[usize::from(map.terrain[i])];
        map.cost = (0..rows * cols)
            .map(|i| terrain_of(i).move_cost.unwrap_or(0))
            .collect();
        map.blocks = (0..rows * cols).map(|i| terrain_of(i).blocks_los).collect();
        map.cover = (0..rows * cols)
            .map(|i| terrain_of(i).cover_bonus)
            .collect();
        if self.problems.is_empty() {
            map.markers = self.markers(&raw.markers, &map);
            map.deployment = self.deployment(raw.deployment.as_ref(), raw.zones.is_some(), &map);
        }
        self.problems.finish(map)
    }

    fn square_error(
        &mut self,
        field: &str,
        row: usize,
        col: usize,
        row_text: &str,
        message: String,
    ) {
        let mut error = DataError::new(self.problems.file(), field, message);
        if let Some((line, column)) = layer_square(self.text, field, row, col, row_text) {
            error = error.at(line, column);
        }
        self.problems.push(error);
    }

    fn legend(&mut self, raw: &OrderedMap<LegendFile>) -> Vec<Terrain> {
        let mut legend = Vec::new();
        for (key, entry) in raw.iter() {
            let field = field_key("legend", key);
            let mut chars = key.chars();
            let (Some(symbol), None) = (chars.next(), chars.next()) else {
                self.problems.add(
                    &field,
                    format!("a legend key must be one character, got \"{key}\""),
                );
                continue;
            };
            if entry.kind.trim().is_empty() {
                self.problems
                    .add(format!("{field}.type"), "must not be empty");
            }
            let move_cost = match entry.move_cost {
                None => None,
                Some(v) if (1..=100).contains(&v) => Some(v as u8),
                Some(v) => {
                    self.problems.add(
                        format!("{field}.move_cost"),
                        format!("must be an integer from 1 to 100, or null for impassable terrain, got {v}"),
                    );
                    None
                }
            };
            let cover_bonus = match entry.cover_bonus {
                None if entry.cover => 4,
                None => 0,
                Some(v @ (2 | 4 | 8)) => v as u8,
                Some(v) => {
                    self.problems.add(
                        format!("{field}.cover_bonus"),
                        format!("must be 2 (partial), 4 (standard) or 8 (improved), got {v}"),
                    );
                    0
                }
            };
            if legend.len() >= usize::from(u8::MAX) {
                self.problems.add("legend", "at most 255 entries");
                break;
            }
            legend.push(Terrain {
                symbol,
                kind: entry.kind.clone(),
                move_cost,
                blocks_los: entry.blocks_los,
                cover_bonus,
            });
        }
        legend
    }

    /// Splits a layer into rows and checks its shape: not empty, not ragged, and (for
    /// elevation and zones) the terrain's size.
    fn layer(
        &mut self,
        field: &str,
        text: &str,
        expected: Option<(usize, usize)>,
    ) -> Option<Layer> {
        let rows: Vec<Vec<char>> = text
            .strip_suffix('\n')
            .unwrap_or(text)
            .split('\n')
            .map(|l| l.chars().collect())
            .collect();
        if rows.len() == 1 && rows[0].is_empty() {
            self.problems.add(field, "the layer is empty");
            return None;
        }
        if rows.len() > MAX_SIDE || rows.iter().any(|r| r.len() > MAX_SIDE) {
            self.problems.add(
                field,
                format!("at most {MAX_SIDE} rows of {MAX_SIDE} squares"),
            );
            return None;
        }
        let mut ok = true;
        match expected {
            None => {
                let width = rows[0].len();
                for (r, row) in rows.iter().enumerate().skip(1) {
                    if row.len() != width {
                        self.problems.add(
                            field,
                            format!("row {r} has {} squares but row 0 has {width}: every row must have the same width", row.len()),
                        );
                        ok = false;
                    }
                }
                if width == 0 {
                    self.problems.add(field, "row 0 is empty");
                    ok = false;
                }
            }
            Some((want_rows, want_cols)) => {
                if rows.len() != want_rows {
                    self.problems.add(
                        field,
                        format!("has {} rows but terrain has {want_rows}: every layer must have the terrain's size", rows.len()),
                    );
                    ok = false;
                }
                for (r, row) in rows.iter().enumerate() {
                    if row.len() != want_cols {
                        self.problems.add(
                            field,
                            format!(
                                "row {r} has {} squares but terrain rows have {want_cols}",
                                row.len()
                            ),
                        );
                        ok = false;
                    }
                }
            }
        }
        ok.then_some(Layer { rows })
    }

    /// Elevation: a digit is the ground height, `.` is 0.
    fn heights(&mut self, layer: &Layer, cols: usize) -> Vec<u8> {
        let mut out = vec![0u8; layer.rows.len() * cols];
        for (r, row) in layer.rows.iter().enumerate() {
            for (c, ch) in row.iter().enumerate() {
                match ch {
                    '.' => {}
                    '0'..='9' => out[r * cols + c] = *ch as u8 - b'0',
                    _ => self.square_error(
                        "elevation",
                        r,
                        c,
                        &row_string(row),
                        format!("row {r}, column {c}: '{ch}' is not a height (use a digit 0-9, or '.' for 0)"),
                    ),
                }
            }
        }
        out
    }

    /// Zones: a letter is a deployment zone, `.` is none.
    fn zone_letters(&mut self, layer: &Layer, cols: usize) -> Vec<Option<char>> {
        let mut out = vec![None; layer.rows.len() * cols];
        for (r, row) in layer.rows.iter().enumerate() {
            for (c, ch) in row.iter().enumerate() {
                match ch {
                    '.' => {}
                    ch if ch.is_ascii_alphabetic() => out[r * cols + c] = Some(*ch),
                    _ => self.square_error(
                        "zones",
                        r,
                        c,
                        &row_string(row),
                        format!("row {r}, column {c}: '{ch}' is not a zone (use a letter A-Z or a-z, or '.' for none)"),
                    ),
                }
            }
        }
        out
    }

    fn markers(&mut self, raw: &OrderedMap<Vec<i64>>, map: &Map) -> Vec<(String, Pos)> {
        let mut out = Vec::new();
        for (name, at) in raw.iter() {
            let field = field_key("markers", name);
            if name.trim().is_empty() {
                self.problems.add(&field, "a marker needs a name");
                continue;
            }
            let [row, col] = at.as_slice() else {
                self.problems.add(
                    &field,
                    format!("must be [row, col], got {} numbers", at.len()),
                );
                continue;
            };
            let (rows, cols) = (i64::from(map.rows), i64::from(map.cols));
            if !(0..rows).contains(row) || !(0..cols).contains(col) {
                self.problems.add(
                    &field,
                    format!(
                        "[{row}, {col}] is off the map (rows 0-{}, columns 0-{})",
                        rows - 1,
                        cols - 1
                    ),
                );
                continue;
            }
            let pos = Pos::new(*row as u16, *col as u16);
            let terrain = map.terrain_at(pos);
            if terrain.move_cost.is_none() {
                self.problems.add(
                    &field,
                    format!(
                        "[{row}, {col}] is on impassable terrain '{}' ({})",
                        terrain.symbol, terrain.kind
                    ),
                );
                continue;
            }
            out.push((name.to_string(), pos));
        }
        out
    }

    /// Deployment: side → zone letter. Required with zones; every letter must exist in the
    /// zones layer, hold a passable square, belong to one side only; every zone must be used.
    fn deployment(
        &mut self,
        raw: Option<&OrderedMap<String>>,
        has_zones: bool,
        map: &Map,
    ) -> Vec<(String, char)> {
        let letters = map.zone_letters();
        let Some(raw) = raw else {
            if has_zones {
                self.problems.add(
                    "deployment",
                    "is required when the map has zones: map each side name to a zone letter",
                );
            }
            return Vec::new();
        };
        if !has_zones {
            self.problems
                .add("deployment", "needs a zones layer to deploy into");
            return Vec::new();
        }
        let mut out: Vec<(String, char)> = Vec::new();
        for (side, letter) in raw.iter() {
            let field = field_key("deployment", side);
            if side.trim().is_empty() {
                self.problems.add(&field, "a side needs a name");
                continue;
            }
            let mut chars = letter.chars();
            let (Some(z), None) = (chars.next(), chars.next()) else {
                self.problems
                    .add(&field, format!("must be one zone letter, got \"{letter}\""));
                continue;
            };
            if !letters.contains(&z) {
                let have: Vec<String> = letters.iter().map(|l| l.to_string()).collect();
                self.problems.add(
                    &field,
                    format!(
                        "zone '{z}' does not appear in the zones layer (it has {})",
                        list_or_none(&have)
                    ),
                );
                continue;
            }
            if let Some((other, _)) = out.iter().find(|(_, l)| *l == z) {
                self.problems.add(
                    &field,
                    format!("zone '{z}' is already the zone of side `{other}`: two sides cannot share a zone letter"),
                );
                continue;
            }
            if !map
                .zone_squares(z)
                .any(|p| map.terrain_at(p).move_cost.is_some())
            {
                self.problems
                    .add(&field, format!("zone '{z}' has no passable square"));
                continue;
            }
            out.push((side.to_string(), z));
        }
        for z in letters {
            if !raw.iter().any(|(_, l)| l.chars().eq(std::iter::once(z))) {
                let sides: Vec<&str> = raw.iter().map(|(s, _)| s).collect();
                self.problems.add(
                    "deployment",
                    format!(
                        "zone '{z}' of the zones layer is not assigned to any side (sides: {})",
                        list_or_none(&sides)
                    ),
                );
            }
        }
        out
    }
}

fn row_string(row: &[char]) -> String {
    row.iter().collect()
}

fn list_or_none<S: AsRef<str>>(items: &[S]) -> String {
    if items.is_empty() {
        "none".to_string()
    } else {
        items
            .iter()
            .map(|s| s.as_ref())
            .collect::<Vec<_>>()
            .join(", ")
    }
}
