//! Battlefield maps: the YAML layers of the reference map format (terrain, legend, elevation,
//! zones, markers, deployment) validated into a [`Map`] whose per-square tables answer the
//! [`Board`] questions in O(1). Parsing and checks live in `validate.rs`; this file only holds
//! the validated type.

mod file;
mod locate;
mod validate;

pub use file::{LegendFile, MapFile};
pub use validate::parse_map;

use crate::board::{Board, Pos};

/// Largest board side accepted, in squares (a 2.5 km square field at 5 ft a square).
pub const MAX_SIDE: usize = 512;

/// One legend entry, validated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Terrain {
    pub symbol: char,
    /// The legend's `type` (wall, floor, rubble…), for reports.
    pub kind: String,
    /// Squares of movement to enter; `None` = impassable.
    pub move_cost: Option<u8>,
    pub blocks_los: bool,
    /// 0, 2, 4 or 8 (`cover: true` alone is 4).
    pub cover_bonus: u8,
}

/// A validated map: every layer has the terrain's size, every character is known.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Map {
    pub(crate) name: Option<String>,
    pub(crate) square_size_ft: u32,
    pub(crate) rows: u16,
    pub(crate) cols: u16,
    pub(crate) legend: Vec<Terrain>,
    /// Per square, row-major: index into `legend`.
    pub(crate) terrain: Vec<u8>,
    pub(crate) elevation: Vec<u8>,
    /// Per square: the zone letter, or `None`.
    pub(crate) zones: Vec<Option<char>>,
    pub(crate) markers: Vec<(String, Pos)>,
    /// Side name → zone letter, in the file's order.
    pub(crate) deployment: Vec<(String, char)>,
    /// Per square, flattened from the legend for the hot loop: move cost (0 = impassable),
    /// blocks line of effect, cover bonus.
    pub(crate) cost: Vec<u8>,
    pub(crate) blocks: Vec<bool>,
    pub(crate) cover: Vec<u8>,
}

impl Map {
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    pub fn square_size_ft(&self) -> u32 {
        self.square_size_ft
    }

    pub fn legend(&self) -> &[Terrain] {
        &self.legend
    }

    /// The terrain of a square.
    pub fn terrain_at(&self, at: Pos) -> &Terrain {
        &self.legend[usize::from(self.terrain[self.index(at)])]
    }

    pub fn zone_at(&self, at: Pos) -> Option<char> {
        self.zones[self.index(at)]
    }

    pub fn markers(&self) -> &[(String, Pos)] {
        &self.markers
    }

    pub fn marker(&self, name: &str) -> Option<Pos> {
        self.markers
            .iter()
            .find(|(n, _)| n == name)
            .map(|&(_, p)| p)
    }

    /// `(side, zone letter)` pairs in the file's order.
    pub fn deployment(&self) -> &[(String, char)] {
        &self.deployment
    }

    /// Distinct zone letters of the zones layer, in first-seen (row, col) order.
    pub fn zone_letters(&self) -> Vec<char> {
        let mut letters = Vec::new();
        for z in self.zones.iter().flatten() {
            if !letters.contains(z) {
                letters.push(*z);
            }
        }
        letters
    }

    /// Squares of zone `letter`, in (row, col) order, passable or not.
    pub fn zone_squares(&self, letter: char) -> impl Iterator<Item = Pos> + '_ {
        (0..self.len())
            .filter(move |&i| self.zones[i] == Some(letter))
            .map(|i| self.pos_of(i))
    }
}

impl Board for Map {
    #[inline]
    fn rows(&self) -> u16 {
        self.rows
    }

    #[inline]
    fn cols(&self) -> u16 {
        self.cols
    }

    #[inline]
    fn move_cost(&self, at: Pos) -> Option<u8> {
        match self.cost[self.index(at)] {
            0 => None,
            c => Some(c),
        }
    }

    #[inline]
    fn blocks_los(&self, at: Pos) -> bool {
        self.blocks[self.index(at)]
    }

    #[inline]
    fn cover_bonus(&self, at: Pos) -> u8 {
        self.cover[self.index(at)]
    }

    #[inline]
    fn elevation(&self, at: Pos) -> u8 {
        self.elevation[self.index(at)]
    }
}

#[cfg(test)]
mod tests;
