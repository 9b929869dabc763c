//! Per-scenario tables, filled lazily and shared by every fight and thread of a scenario: the
//! terrain cover between two squares (for 1×1 creatures, the common case: a table of every
//! pair on maps up to [`MAX_TABLE_SQUARES`], a bounded lossy memo above) and terrain-only
//! movement cost fields toward a goal square. Each entry is a pure function of the map, so who
//! fills it first never changes a result (determinism contract); atomics and `OnceLock` make
//! the sharing safe without locks on the hot path.

use std::sync::OnceLock;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};

use crate::board::{Board, Pos};
use crate::grid::{CostField, Footing, footings};
use crate::los::{Cover, CoverMode, corner_scores, cover};
use crate::map::Map;
use crate::pair_cache::PairCache;
use crate::size::Size;

/// Boards above this many squares get a bounded memo ([`PairCache`]) instead of a table of
/// every pair of squares (it would hold 6 n² bytes).
const MAX_TABLE_SQUARES: usize = 4096;
const UNKNOWN: u8 = u8::MAX;

thread_local! {
    /// The scratch of the terrain-only fills of [`MapCache::field_to`], one per thread.
    static FILL_SCRATCH: std::cell::RefCell<CostField> = std::cell::RefCell::new(CostField::default());
}

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
    /// Above [`MAX_TABLE_SQUARES`] (and below 65,536 squares, where a pair's key fits 32
    /// bits): the ranged cover, the melee cover and the corner scores, memoized lossily.
    big: Option<Box<[PairCache; 3]>>,
    /// Terrain-only fields filled so far (each allocates its table once).
    fields_filled: AtomicU32,
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
        let big = (table == 0 && squares < 1 << 16)
            .then(|| Box::new(std::array::from_fn(|_| PairCache::new())));
        Self {
            squares,
            ranged: unknown(table),
            melee: unknown(table),
            corners: (0..table).map(|_| AtomicU32::new(u32::MAX)).collect(),
            fields: std::array::from_fn(|_| (0..squares).map(|_| OnceLock::new()).collect()),
            footings: std::array::from_fn(|_| OnceLock::new()),
            big,
            fields_filled: AtomicU32::new(0),
        }
    }

    /// Terrain cover (no creatures) of a 1×1 target at `t` against a 1×1 attacker at `a`. The
    /// common case — a table entry already known — is one index and one load; the rest
    /// (first fill, big maps) is [`MapCache::terrain_cover_slow`].
    #[inline]
    pub fn terrain_cover(&self, map: &Map, a: Pos, t: Pos, mode: CoverMode) -> Cover {
        let table = match mode {
            CoverMode::Ranged => &self.ranged,
            CoverMode::Melee => &self.melee,
        };
        if let Some(slot) = table.get(map.index(a) * self.squares + map.index(t)) {
            let known = slot.load(Ordering::Relaxed);
            if known != UNKNOWN {
                return decode(known);
            }
        }
        self.terrain_cover_slow(map, a, t, mode)
    }

    /// [`MapCache::terrain_cover`] when the table does not know the pair yet or the map has
    /// no table.
    #[cold]
    #[inline(never)]
    fn terrain_cover_slow(&self, map: &Map, a: Pos, t: Pos, mode: CoverMode) -> Cover {
        let table = match mode {
            CoverMode::Ranged => &self.ranged,
            CoverMode::Melee => &self.melee,
        };
        let compute = || cover(map, a, Size::Medium, t, Size::Medium, mode, |_| 0);
        if table.is_empty() {
            let Some(big) = &self.big else {
                return compute();
            };
            let memo = &big[usize::from(mode == CoverMode::Melee)];
            return decode(
                memo.get_or(self.pair_key(map, a, t), || u32::from(encode(compute()))) as u8,
            );
        }
        let c = compute();
        table[map.index(a) * self.squares + map.index(t)].store(encode(c), Ordering::Relaxed);
        c
    }

    /// Terrain scores of each corner of the 1×1 square `a` toward the 1×1 square `t`.
    pub fn corner_scores(&self, map: &Map, a: Pos, t: Pos) -> [u8; 4] {
        if self.corners.is_empty() {
            let Some(big) = &self.big else {
                return corner_scores(map, a, t);
            };
            let scores = big[2].get_or(self.pair_key(map, a, t), || {
                u32::from_le_bytes(corner_scores(map, a, t))
            });
            return scores.to_le_bytes();
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

    /// How many terrain-only fields ([`MapCache::field_to`]) have been filled: the only
    /// allocations a warm fight makes (`fight::tests::allocations`).
    #[cfg(test)]
    pub fn fields_filled(&self) -> u32 {
        self.fields_filled.load(Ordering::Relaxed)
    }

    /// The key of the pair (`a`, `t`) in the memos of a big map (below 2^32 − 1 there).
    fn pair_key(&self, map: &Map, a: Pos, t: Pos) -> u32 {
        (map.index(a) * self.squares + map.index(t)) as u32
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
            self.fields_filled.fetch_add(1, Ordering::Relaxed);
            // The fill's scratch is the thread's, reused: a new goal allocates its table only.
            let footings = self.footings(map, size);
            FILL_SCRATCH.with_borrow_mut(|field| {
                let mut out = vec![u32::MAX; 2 * map.len()].into_boxed_slice();
                field.fill_costs_to_on(map, footings, goal, size, |_| false, &mut out);
                out
            })
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_map;

    /// A 70×70 field (above [`MAX_TABLE_SQUARES`]) with walls and pillars scattered by a
    /// fixed rule.
    fn big_field() -> Map {
        let n = 70;
        let rows: Vec<String> = (0..n)
            .map(|r| {
                (0..n)
                    .map(|c| match (r * 7 + c * 13) % 29 {
                        0 => '#',
                        1 => 'C',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let text = format!(
            "name: big\nsquare_size_ft: 5\nterrain: |\n  {}\nlegend:\n  \"#\": {{ type: wall, move_cost: null, blocks_los: true }}\n  \".\": {{ type: floor, move_cost: 1 }}\n  \"C\": {{ type: pillar, move_cost: null, cover: true }}\n",
            rows.join("\n  ")
        );
        parse_map("big.yaml", &text).expect("the test map parses")
    }

    #[test]
    fn a_big_map_memoizes_the_same_cover_as_computed_directly() {
        let map = big_field();
        assert!(map.len() > MAX_TABLE_SQUARES);
        let cache = MapCache::new(&map);
        assert!(cache.ranged.is_empty() && cache.big.is_some());
        let pos = |i: usize| map.pos_of(i % map.len());
        // Twice over the same pairs: the second pass reads the memo.
        for _ in 0..2 {
            for i in 0..3000 {
                let (a, t) = (pos(i * 37 + 11), pos(i * 101 + 5));
                for mode in [CoverMode::Ranged, CoverMode::Melee] {
                    let direct = cover(&map, a, Size::Medium, t, Size::Medium, mode, |_| 0);
                    assert_eq!(cache.terrain_cover(&map, a, t, mode), direct, "{a:?} {t:?}");
                }
                assert_eq!(cache.corner_scores(&map, a, t), corner_scores(&map, a, t));
            }
        }
    }
}
