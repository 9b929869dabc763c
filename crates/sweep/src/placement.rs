//! Where a side starts in a sweep cell: a [`Placement`] (a zone letter, explicit squares, or
//! named markers of the map) and [`placement_squares`], which turns one into squares of a map
//! or says exactly what is wrong (unknown zone or marker, a square off the map or impassable).
//! It knows maps, never sweep files or cells.

use pf1e_engine::board::{Board, Pos};
use pf1e_engine::de::closest;
use pf1e_engine::map::Map;

/// Where a side starts, one option of a `placements` axis.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The squares of this zone letter of the map, in (row, col) order.
    Zone(char),
    /// These squares, in this order.
    Cells(Vec<Pos>),
    /// The squares of these named markers of the map, in this order.
    Markers(Vec<String>),
}

/// The squares of `placement` on `map`, in order; `Err` names what is wrong (unknown marker or
/// zone, square off the map or impassable).
pub fn placement_squares(map: &Map, placement: &Placement) -> Result<Vec<Pos>, String> {
    let squares: Vec<Pos> = match placement {
        Placement::Zone(z) => {
            let squares: Vec<Pos> = map.zone_squares(*z).filter(|&q| map.passable(q)).collect();
            if squares.is_empty() {
                let letters: String = map.zone_letters().iter().collect();
                return Err(format!("the map has no zone '{z}' (zones: {letters})"));
            }
            squares
        }
        Placement::Cells(cells) => cells.clone(),
        Placement::Markers(names) => {
            let mut squares = Vec::new();
            for name in names {
                match map.marker(name) {
                    Some(q) => squares.push(q),
                    None => {
                        let known: Vec<&str> =
                            map.markers().iter().map(|(n, _)| n.as_str()).collect();
                        let hint = match closest(name, known.iter().copied()) {
                            Some(h) => format!("did you mean `{h}`?"),
                            None => "the map has no markers".to_string(),
                        };
                        return Err(format!(
                            "unknown marker `{name}` ({hint}); the markers are: {}",
                            known.join(", ")
                        ));
                    }
                }
            }
            squares
        }
    };
    for q in &squares {
        if !map.contains(*q) {
            return Err(format!(
                "[{}, {}] is off the map ({} rows × {} columns)",
                q.row,
                q.col,
                map.rows(),
                map.cols()
            ));
        }
        if !map.passable(*q) {
            let t = map.terrain_at(*q);
            return Err(format!(
                "[{}, {}] is on impassable terrain '{}' ({})",
                q.row, q.col, t.symbol, t.kind
            ));
        }
    }
    Ok(squares)
}
