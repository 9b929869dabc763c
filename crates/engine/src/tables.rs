//! Per-scenario tables, filled lazily and shared by every fight and thread of a scenario: the
//! terrain cover between two squares (for 1×1 creatures, the common case: a table of every
//! pair on maps up to [`MAX_TABLE_SQUARES`], a bounded lossy memo above) and terrain-only
//! movement cost fields toward a goal square (every one kept on maps up to
//! [`MAX_FIELD_TABLE_SQUARES`], at most [`FIELD_BUDGET_BYTES`] of them above: [`FieldStore`]),
//! and what the terrain says of a 1×1 charger's straight line between two squares (maps up to
//! [`MAX_CHARGE_TABLE_SQUARES`]).
//! Each entry is a pure function of the map, so who
//! fills it first never changes a result (determinism contract); atomics and `OnceLock` make
//! the sharing safe without locks on the hot path.

use std::ops::Deref;
use std::sync::atomic::{AtomicU8, AtomicU32, Ordering};
use std::sync::{Arc, OnceLock};

use crate::board::{Board, Pos};
use crate::field_store::FieldStore;
use crate::grid::{Footing, footings};
use crate::los::{Cover, CoverMode, corner_scores, cover};
use crate::map::Map;
use crate::pair_cache::PairCache;
use crate::size::Size;
use crate::terrain_field::TerrainFill;

/// Boards above this many squares get a bounded memo ([`PairCache`]) instead of a table of
/// every pair of squares (it would hold 6 n² bytes).
const MAX_TABLE_SQUARES: usize = 4096;
const UNKNOWN: u8 = u8::MAX;

/// Maps up to this many squares keep every terrain field they fill, lock-free: one footprint
/// side's fields toward every square hold 8 n² bytes, 32 MiB at this size (a 45×45 map).
const MAX_FIELD_TABLE_SQUARES: usize = 2048;

/// Above [`MAX_FIELD_TABLE_SQUARES`], the terrain fields resident at once take at most this
/// many bytes (a field is 8 bytes a square: 115 KB on 120×120, so 580 of them there); the
/// least recently asked one makes room.
const FIELD_BUDGET_BYTES: usize = 64 << 20;

/// Maps up to this many squares keep the terrain of every charge line a 1×1 creature was
/// asked to run (one byte a pair: 1 MiB at this size, a 32×32 map).
const MAX_CHARGE_TABLE_SQUARES: usize = 1024;

/// A charge line whose terrain blocks it, in [`MapCache::charge_terrain`]'s table.
const LINE_BLOCKED: u8 = u8::MAX - 1;

thread_local! {
    /// The scratch of the terrain-only fills of [`MapCache::field_to`], one per thread.
    static FILL_SCRATCH: std::cell::RefCell<TerrainFill> = std::cell::RefCell::new(TerrainFill::default());
}

#[cfg(test)]
thread_local! {
    /// This thread is filling a terrain field ([`filling`]).
    static FILLING: std::cell::Cell<bool> = const { std::cell::Cell::new(false) };
}

/// This thread is filling a terrain field for a goal square no fight asked before
/// ([`MapCache::field_to`]): the field's table and the growth of the fill's scratch are the
/// only allocations a warm fight may make (`fight::tests::allocations` leaves them out).
#[cfg(test)]
pub(crate) fn filling() -> bool {
    FILLING.with(std::cell::Cell::get)
}

/// Runs the fill `f` of a terrain field, marked as such for the engine's tests ([`filling`]).
#[inline]
fn as_fill<T>(f: impl FnOnce() -> T) -> T {
    #[cfg(test)]
    FILLING.with(|on| on.set(true));
    let out = f();
    #[cfg(test)]
    FILLING.with(|on| on.set(false));
    out
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
    /// Terrain-only cost fields toward each goal square, per footprint side 1–6 (empty on
    /// maps above [`MAX_FIELD_TABLE_SQUARES`]).
    fields: [Vec<OnceLock<Box<[u32]>>>; 6],
    /// Above [`MAX_FIELD_TABLE_SQUARES`]: the fields resident, bounded.
    store: Option<FieldStore>,
    /// What the terrain says of each anchor, per footprint side 1–6 ([`footings`]).
    footings: [OnceLock<Box<[Footing]>>; 6],
    /// Above [`MAX_TABLE_SQUARES`] (and below 65,536 squares, where a pair's key fits 32
    /// bits): the ranged cover, the melee cover and the corner scores, memoized lossily.
    big: Option<Box<[PairCache; 3]>>,
    /// Terrain-only fields filled so far (each allocates its table once).
    fields_filled: AtomicU32,
    /// The terrain of a 1×1 charger's line between two squares ([`MapCache::charge_terrain`]):
    /// its cost in squares, [`LINE_BLOCKED`], or `UNKNOWN` until asked (empty on maps above
    /// [`MAX_CHARGE_TABLE_SQUARES`]).
    charge_lines: Vec<AtomicU8>,
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
        Self::with_field_budget(map, FIELD_BUDGET_BYTES)
    }

    /// [`MapCache::new`] whose big-map terrain fields take at most `field_bytes` at once.
    fn with_field_budget(map: &Map, field_bytes: usize) -> Self {
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
            fields: std::array::from_fn(|_| {
                let goals = if squares <= MAX_FIELD_TABLE_SQUARES {
                    squares
                } else {
                    0
                };
                (0..goals).map(|_| OnceLock::new()).collect()
            }),
            store: (squares > MAX_FIELD_TABLE_SQUARES)
                .then(|| FieldStore::new(squares, field_bytes / (8 * squares.max(1)))),
            footings: std::array::from_fn(|_| OnceLock::new()),
            big,
            fields_filled: AtomicU32::new(0),
            charge_lines: unknown(if squares <= MAX_CHARGE_TABLE_SQUARES {
                squares * squares
            } else {
                0
            }),
        }
    }

    /// The map is small enough to keep every charge line ([`MapCache::charge_terrain`]).
    #[inline]
    pub fn keeps_charge_lines(&self) -> bool {
        !self.charge_lines.is_empty()
    }

    /// What the terrain says of the straight line a 1×1 creature would charge along from `a`
    /// to `b` (« CRB — Charge »): `Some(cost)` in squares when every step of it is open ground
    /// a charge may cross, `None` when the terrain blocks it. `compute` answers a pair the
    /// table does not know (it is a pure function of the map: kept once known; a cost too big
    /// for a byte is computed every time).
    #[inline]
    pub fn charge_terrain(
        &self,
        map: &Map,
        a: Pos,
        b: Pos,
        compute: impl FnOnce() -> Option<u32>,
    ) -> Option<u32> {
        let Some(slot) = self
            .charge_lines
            .get(map.index(a) * self.squares + map.index(b))
        else {
            return compute();
        };
        match slot.load(Ordering::Relaxed) {
            UNKNOWN => {}
            LINE_BLOCKED => return None,
            cost => return Some(u32::from(cost)),
        }
        let line = compute();
        match line {
            None => slot.store(LINE_BLOCKED, Ordering::Relaxed),
            Some(cost) if cost < u32::from(LINE_BLOCKED) => {
                slot.store(cost as u8, Ordering::Relaxed)
            }
            Some(_) => {}
        }
        line
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

    /// How many terrain-only fields ([`MapCache::field_to`]) have been filled (each fill,
    /// [`filling`], is what a warm fight may allocate).
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
    /// Kept for every later fight of the scenario on a small map; on a big one, for as long
    /// as the bounded store keeps it (a field evicted and asked again is filled again: the
    /// same numbers).
    pub fn field_to(&self, map: &Map, goal: Pos, size: Size) -> Field<'_> {
        let side = usize::from(size.footprint()).clamp(1, 6);
        let Some(store) = &self.store else {
            return Field::Kept(self.fields[side - 1][map.index(goal)].get_or_init(|| {
                as_fill(|| {
                    let mut out = vec![u32::MAX; 2 * map.len()].into_boxed_slice();
                    self.fill_field(map, goal, size, &mut out);
                    out
                })
            }));
        };
        let mut reserved = match store.get_or_reserve(side, map.index(goal)) {
            Ok(field) => return Field::Shared(field),
            Err(reserved) => reserved,
        };
        let field = as_fill(|| {
            let mut field = match reserved.buffer.take() {
                Some(buffer) => buffer,
                None => (0..2 * map.len()).map(|_| u32::MAX).collect(),
            };
            let out = Arc::get_mut(&mut field).expect("a recycled field buffer is unshared");
            self.fill_field(map, goal, size, out);
            field
        });
        Field::Shared(store.put(side, map.index(goal), reserved, field))
    }

    /// Fills `out` with the terrain-only field toward `goal` for `size`.
    fn fill_field(&self, map: &Map, goal: Pos, size: Size, out: &mut [u32]) {
        self.fields_filled.fetch_add(1, Ordering::Relaxed);
        // The fill's scratch is the thread's, reused: a new goal allocates its table only.
        let footings = self.footings(map, size);
        let goal = map.contains(goal).then(|| map.index(goal));
        FILL_SCRATCH.with_borrow_mut(|fill| fill.fill(map.cols().into(), footings, goal, out));
    }
}

/// A terrain field from [`MapCache::field_to`]: kept for the scenario's life (small maps) or
/// shared with the bounded store (big maps), read as a slice.
pub enum Field<'a> {
    Kept(&'a [u32]),
    Shared(Arc<[u32]>),
}

impl Deref for Field<'_> {
    type Target = [u32];

    #[inline]
    fn deref(&self) -> &[u32] {
        match self {
            Field::Kept(field) => field,
            Field::Shared(field) => field,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::CostField;
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

    /// A small floor map of `rows` × `cols` squares.
    fn floor(rows: usize, cols: usize) -> Map {
        let row = ".".repeat(cols);
        let text = format!(
            "name: floor\nsquare_size_ft: 5\nterrain: |\n  {}\nlegend:\n  \".\": {{ type: floor, move_cost: 1 }}\n",
            vec![row; rows].join("\n  ")
        );
        parse_map("floor.yaml", &text).expect("the test map parses")
    }

    /// The charge-line table asks each pair once, keeps a blocked line as blocked, and asks
    /// again every time for a cost too big for a byte; above its size a map asks every time.
    #[test]
    fn charge_terrain_keeps_each_line_once_known() {
        let map = floor(4, 5);
        let cache = MapCache::new(&map);
        let asked = &std::cell::Cell::new(0);
        let ask = |answer: Option<u32>| {
            move || {
                asked.set(asked.get() + 1);
                answer
            }
        };
        let (a, b, c) = (Pos::new(0, 0), Pos::new(3, 4), Pos::new(2, 1));
        assert_eq!(cache.charge_terrain(&map, a, b, ask(Some(4))), Some(4));
        assert_eq!(cache.charge_terrain(&map, a, b, ask(Some(9))), Some(4));
        assert_eq!(cache.charge_terrain(&map, a, c, ask(None)), None);
        assert_eq!(cache.charge_terrain(&map, a, c, ask(Some(1))), None);
        assert_eq!(asked.get(), 2);
        assert_eq!(cache.charge_terrain(&map, b, a, ask(Some(300))), Some(300));
        assert_eq!(cache.charge_terrain(&map, b, a, ask(Some(300))), Some(300));
        assert_eq!(asked.get(), 4);
        let big = floor(33, 32);
        let cache = MapCache::new(&big);
        assert_eq!(cache.charge_terrain(&big, a, b, ask(Some(4))), Some(4));
        assert_eq!(cache.charge_terrain(&big, a, b, ask(Some(4))), Some(4));
        assert_eq!(asked.get(), 6);
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

    /// The field toward `goal` for `size` filled afresh, for comparison.
    fn direct_field(map: &Map, goal: Pos, size: Size) -> Vec<u32> {
        let mut out = vec![u32::MAX; 2 * map.len()];
        let footings = footings(map, size);
        CostField::default().fill_costs_to_on(map, &footings, goal, size, |_| false, &mut out);
        out
    }

    #[test]
    fn a_big_map_keeps_a_bounded_number_of_terrain_fields_with_the_same_numbers() {
        let map = big_field();
        assert!(map.len() > MAX_FIELD_TABLE_SQUARES);
        // Room for 8 fields of this map.
        let cache = MapCache::with_field_budget(&map, 8 * 8 * map.len());
        let store = cache.store.as_ref().expect("a big map has a bounded store");
        assert_eq!(store.capacity(), 8);
        let goals: Vec<Pos> = (0..40)
            .map(|i| map.pos_of((i * 613 + 17) % map.len()))
            .collect();
        // Three rounds over 40 goals and two sizes: every field is evicted and filled again,
        // and reads the same numbers as a fresh fill; one is held across the evictions.
        let held = cache.field_to(&map, goals[0], Size::Medium);
        let held_direct = direct_field(&map, goals[0], Size::Medium);
        for _ in 0..3 {
            for &g in &goals {
                for size in [Size::Medium, Size::Large] {
                    assert_eq!(
                        *cache.field_to(&map, g, size),
                        direct_field(&map, g, size)[..]
                    );
                    assert!(store.resident() <= 8);
                }
            }
        }
        assert_eq!(
            *held,
            held_direct[..],
            "a field read while evicted keeps its numbers"
        );
        assert!(
            cache.fields_filled() > 200,
            "the store evicts: {}",
            cache.fields_filled()
        );
    }

    #[test]
    fn threads_sharing_a_bounded_store_read_the_fields_a_fresh_fill_gives() {
        let map = big_field();
        let cache = MapCache::with_field_budget(&map, 4 * 8 * map.len());
        let goals: Vec<Pos> = (0..12)
            .map(|i| map.pos_of((i * 389 + 3) % map.len()))
            .collect();
        let direct: Vec<Vec<u32>> = goals
            .iter()
            .map(|&g| direct_field(&map, g, Size::Medium))
            .collect();
        std::thread::scope(|scope| {
            for t in 0..2 {
                let (cache, map, goals, direct) = (&cache, &map, &goals, &direct);
                scope.spawn(move || {
                    for k in 0..60 {
                        let i = (k * (t + 5)) % goals.len();
                        assert_eq!(*cache.field_to(map, goals[i], Size::Medium), direct[i][..]);
                    }
                });
            }
        });
        assert!(cache.store.as_ref().is_some_and(|s| s.resident() <= 4));
    }
}
