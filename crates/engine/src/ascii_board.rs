//! Test-only [`Board`] drawn as ASCII art, so a geometry test shows its battlefield. It owns
//! nothing but its own legend; it never reads map files (that is `map`'s job).
//!
//! Legend (one character per square):
//!
//! | char | square |
//! |---|---|
//! | `.` and `a`–`z` | floor, cost 1 (letters are markers found with [`AsciiBoard::find`]) |
//! | `T` | difficult terrain (rubble), cost 2 |
//! | `B` | bog, cost 3 |
//! | `#` | wall: impassable, blocks line of effect |
//! | `C` | pillar: impassable, standard cover 4 (`cover: true`), does not block |
//! | `W` | low ruin: impassable, partial cover 2 |
//! | `I` | arrow-slit wall: impassable, improved cover 8, does not block |
//! | `P` | pit: impassable, no cover, does not block |
//!
//! An optional elevation layer of digits (`.` = 0) has the same shape.

use crate::board::{Board, Pos};

pub(crate) struct AsciiBoard {
    rows: u16,
    cols: u16,
    terrain: Vec<u8>,
    elevation: Vec<u8>,
}

/// The rows of a drawing: surrounding blank lines and indentation are ignored.
fn art_rows(art: &str) -> Vec<&[u8]> {
    art.lines()
        .map(str::trim)
        .filter(|line| !line.is_empty())
        .map(str::as_bytes)
        .collect()
}

impl AsciiBoard {
    /// A board from rows of terrain characters (see the module legend). Panics on ragged rows
    /// or an unknown character: the drawing is test code.
    pub(crate) fn parse(art: &str) -> Self {
        let rows = art_rows(art);
        let cols = rows.first().map_or(0, |row| row.len());
        assert!(
            rows.iter().all(|row| row.len() == cols),
            "ragged board:\n{art}"
        );
        let terrain: Vec<u8> = rows.concat();
        for &ch in &terrain {
            assert!(
                b".TB#CWIP".contains(&ch) || ch.is_ascii_lowercase(),
                "unknown square `{}`",
                ch as char
            );
        }
        let len = terrain.len();
        Self {
            rows: rows.len() as u16,
            cols: cols as u16,
            terrain,
            elevation: vec![0; len],
        }
    }

    /// The same board with an elevation layer of digits (`.` = 0).
    pub(crate) fn with_elevation(mut self, art: &str) -> Self {
        let levels: Vec<u8> = art_rows(art).concat();
        assert_eq!(levels.len(), self.terrain.len(), "elevation layer shape");
        self.elevation = levels
            .iter()
            .map(|&ch| match ch {
                b'.' => 0,
                b'0'..=b'9' => ch - b'0',
                _ => panic!("unknown elevation `{}`", ch as char),
            })
            .collect();
        self
    }

    /// The first square (row-major) holding the marker `ch`.
    pub(crate) fn find(&self, ch: char) -> Pos {
        let at = self
            .terrain
            .iter()
            .position(|&c| char::from(c) == ch)
            .unwrap_or_else(|| panic!("no `{ch}` on the board"));
        self.pos_of(at)
    }

    fn ch(&self, at: Pos) -> u8 {
        self.terrain[self.index(at)]
    }
}

impl Board for AsciiBoard {
    fn rows(&self) -> u16 {
        self.rows
    }

    fn cols(&self) -> u16 {
        self.cols
    }

    fn move_cost(&self, at: Pos) -> Option<u8> {
        match self.ch(at) {
            b'T' => Some(2),
            b'B' => Some(3),
            b'#' | b'C' | b'W' | b'I' | b'P' => None,
            _ => Some(1),
        }
    }

    fn blocks_los(&self, at: Pos) -> bool {
        self.ch(at) == b'#'
    }

    fn cover_bonus(&self, at: Pos) -> u8 {
        match self.ch(at) {
            b'W' => 2,
            b'C' => 4,
            b'I' => 8,
            _ => 0,
        }
    }

    fn elevation(&self, at: Pos) -> u8 {
        self.elevation[self.index(at)]
    }
}
