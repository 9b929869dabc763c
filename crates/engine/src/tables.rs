//! Per-scenario tables, filled lazily and shared by every fight and thread of a scenario: the
//! terrain cover between two squares (for 1×1 creatures, the common case) and terrain-only
//! movement cost fields toward a goal square. Each entry is a pure function of the map, so who
//! fills it first never changes a result (determinism contract); atomics and `OnceLock` make
//! the sharing safe without locks on the hot path.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};

use crate::board::{Board, Pos};
use crate::grid::{CostField, Footing, footings};
use crate::los::{Cover, CoverMode, corner_scores, cover};
use crate::map::Map;
use crate::size::Size;

/// Boards above this many squares get no pairwise cover table (it would hold n² bytes).
const MAX_TABLE_SQUARES: usize = 4096;
const UNKNOWN: u8 = u8::MAX;

/// Lazily filled per-map tables.
#[derive(Debug)]
pub struct MapCache {
    squares: usize,
    /// Ranged-rule cover between two 1×1 squares, encoded by [`encode`]; `UNKNOWN` until asked.
    ranged: Vec<AtomicU8>,
    /// Melee-rule cover between two 1×1 squares.
    melee: Vec<AtomicU8>,
    /// Per-attacker-corner terrain scores between two 1×1 squares ([`corner_scores`]), four
    /// bytes packed; `u32::MAX` until asked.
    corners: Vec<AtomicU32>,
    /// Terrain-only cost fields toward each goal square, per footprint side 1–6.
    fields: [Vec<OnceLock<Box<[u32]>>>; 6],
    /// What the terrain says of each anchor, per footprint side 1–6 ([`footings`]).
    footings: [OnceLock<Box<[Footing]>>; 6],
}

fn encode(c: Cover) -> u8 {
    c as u8
}

fn decode(v: u8) -> Cover {
    match v {
        0 => Cover::None,
        1 => Cover::Partial,
        2 => Cover::Standard,
        3 => Cover::Improved,
        _ => Cover::Total,
    }
}

impl MapCache {
    pub fn new(map: &Map) -> Self {
        let squares = map.len();
        let table = if squares <= MAX_TABLE_SQUARES {
            squares * squares
        } else {
            0
        };
        let unknown = |n: usize| (0..n).map(|_| AtomicU8::new(UNKNOWN)).collect();
        Self {
            squares,
            ranged: unknown(table),
            melee: unknown(table),
            corners: (0..table).map(|_| AtomicU32::new(u32::MAX)).collect(),
            fields: std::array::from_fn(|_| (0..squares).map(|_| OnceLock::new()).collect()),
            footings: std::array::from_fn(|_| OnceLock::new()),
        }
    }

    /// Terrain cover (no creatures) of a 1×1 target at `t` against a 1×1 attacker at `a`.
    pub fn terrain_cover(&self, map: &Map, a: Pos, t: Pos, mode: CoverMode) -> Cover {
        let table = match mode {
            CoverMode::Ranged => &self.ranged,
            CoverMode::Melee => &self.melee,
        };
        if table.is_empty() {
            return cover(map, a, Size::Medium, t, Size::Medium, mode, |_| 0);
        }
        let slot = &table[map.index(a) * self.squares + map.index(t)];
        let known = slot.load(Ordering::Relaxed);
        if known != UNKNOWN {
            return decode(known);
        }
        let c = cover(map, a, Size::Medium, t, Size::Medium, mode, |_| 0);
        slot.store(encode(c), Ordering::Relaxed);
        c
    }

    /// Terrain scores of each corner of the 1×1 square `a` toward the 1×1 square `t`.
    pub fn corner_scores(&self, map: &Map, a: Pos, t: Pos) -> [u8; 4] {
        if self.corners.is_empty() {
            return corner_scores(map, a, t);
        }
        let slot = &self.corners[map.index(a) * self.squares + map.index(t)];
        let known = slot.load(Ordering::Relaxed);
        if known != u32::MAX {
            return known.to_le_bytes();
        }
        let scores = corner_scores(map, a, t);
        slot.store(u32::from_le_bytes(scores), Ordering::Relaxed);
        scores
    }

    /// The terrain's [`Footing`] of every anchor of `map` for a footprint of `size`, one
    /// table per footprint side.
    pub fn footings(&self, map: &Map, size: Size) -> &[Footing] {
        let side = usize::from(size.footprint()).clamp(1, 6);
        self.footings[side - 1].get_or_init(|| footings(map, size).into_boxed_slice())
    }

    /// Terrain-only cost (in squares, 5-10-5 exact, climbing included) from every anchor to
    /// `goal` for a footprint of `size`, indexed `2 × square + parity`; `u32::MAX` = no way.
    pub fn field_to(&self, map: &Map, goal: Pos, size: Size) -> &[u32] {
        let side = usize::from(size.footprint()).clamp(1, 6);
        self.fields[side - 1][map.index(goal)].get_or_init(|| {
            let mut field = CostField::new(map.len());
            field.fill_to(map, goal, size, |_| false);
            let mut out = vec![u32::MAX; 2 * map.len()].into_boxed_slice();
            for i in 0..map.len() {
                let p = map.pos_of(i);
                for parity in [false, true] {
                    if let Some(c) = field.cost_to_goal(p, parity) {
                        out[2 * i + usize::from(parity)] = c;
                    }
                }
            }
            out
        })
    }
}
