//! The terrain-only cost field toward a goal square, the table every greedy walk reads
//! ([`MapCache::field_to`](crate::tables::MapCache::field_to)): for each anchor and each
//! parity of the diagonals made so far (« CRB — Movement: Diagonals », 5-10-5), the cheapest
//! cost in squares of a walk from there to the goal, the terrain alone counted (difficult
//! terrain, climbing, the corner rule), indexed `2 × square + parity`, `u32::MAX` = no way.
//!
//! A reverse Dial's algorithm over the per-map [`Footing`] table: a state settled at cost `c`
//! prices each step into it from its eight neighbours from the neighbour's own footing. A
//! field keeps only distances — no path, no predecessor — so the order in which states of one
//! cost are settled changes nothing, and the buckets need no sorting; nor does a fill build
//! a per-fill anchor table or stamp its states. That makes it several times cheaper per
//! state than the general [`CostField`](crate::grid::CostField) fill (around creatures,
//! with links and a deterministic settling order), which stays the reference the tests
//! compare it with on every goal of a set of maps and footprint sizes.
//!
//! Owns the fill and its bucket scratch; the footings are the map's (`grid::footings`).

// The general fill's ring size: more buckets than the dearest step costs, so that pending
// costs span fewer values than there are buckets and a bucket only ever holds one cost.
use crate::grid::{BUCKETS, Footing, STEPS};

/// The reusable scratch of terrain-field fills: the ring of buckets, grown once.
#[derive(Debug, Default)]
pub struct TerrainFill {
    buckets: Vec<Vec<u32>>,
}

impl TerrainFill {
    /// Fills `out` (`2 × footings.len()` states) with the terrain-only cost from every anchor
    /// of a board of `cols` columns to the anchor `goal` (a square index, `None` off the
    /// board: then no way from anywhere), for the footprint size whose table `footings` is.
    pub fn fill(
        &mut self,
        cols: usize,
        footings: &[Footing],
        goal: Option<usize>,
        out: &mut [u32],
    ) {
        let len = footings.len();
        let states = out.len().min(2 * len);
        let out = &mut out[..states];
        out.fill(u32::MAX);
        let Some(goal) = goal.filter(|&g| 2 * g + 1 < states) else {
            return;
        };
        if self.buckets.is_empty() {
            self.buckets.resize_with(BUCKETS, Vec::new);
        }
        // Per direction of `STEPS`: the index offset of the step, and whether it is diagonal.
        let offsets = STEPS.map(|(dr, dc)| dr as isize * cols as isize + dc as isize);
        let diagonal = STEPS.map(|(dr, dc)| dr != 0 && dc != 0);
        for parity in 0..2 {
            out[2 * goal + parity] = 0;
            self.buckets[0].push((2 * goal + parity) as u32);
        }
        let mut pending = 2usize;
        let mut cost = 0u32;
        while pending > 0 {
            let bucket = cost as usize % BUCKETS;
            while let Some(at_state) = self.buckets[bucket].pop() {
                pending -= 1;
                let at_state = at_state as usize;
                // A state pushed again at a lower cost is settled there already.
                if out[at_state] != cost {
                    continue;
                }
                let at = at_state / 2;
                if !footings[at].placeable() {
                    continue;
                }
                let at_odd = at_state % 2 == 1;
                for d in 0..STEPS.len() {
                    // `from` steps in direction `d` onto `at`. Off the board's rows its index
                    // falls outside the table; off its columns it wraps onto the other edge,
                    // whose step in direction `d` leaves the board: refused by its footing.
                    let from = at.wrapping_add_signed(-offsets[d]);
                    let Some(footing) = footings.get(from) else {
                        continue;
                    };
                    if !footing.placeable() {
                        continue;
                    }
                    let from_odd = at_odd ^ diagonal[d];
                    let Some(step) = footing.step(d, from_odd) else {
                        continue;
                    };
                    let through = cost + step;
                    let from_state = 2 * from + usize::from(from_odd);
                    if through < out[from_state] {
                        out[from_state] = through;
                        self.buckets[through as usize % BUCKETS].push(from_state as u32);
                        pending += 1;
                    }
                }
            }
            cost += 1;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::{Board, Pos};
    use crate::grid::{CostField, footings};
    use crate::map::{Map, parse_map};
    use crate::size::Size;

    const SIZES: [Size; 5] = [
        Size::Medium,
        Size::Large,
        Size::Huge,
        Size::Gargantuan,
        Size::Colossal,
    ];

    /// The general fill's field toward `goal`: the reference.
    fn reference(map: &Map, foot: &[Footing], goal: Pos, size: Size) -> Vec<u32> {
        let mut out = vec![0; 2 * map.len()];
        CostField::default().fill_costs_to_on(map, foot, goal, size, |_| false, &mut out);
        out
    }

    /// Every `step`-th goal square of `map`, for each size: the same field as the general fill.
    fn same_fields(map: &Map, step: usize) {
        let mut fill = TerrainFill::default();
        let mut out = vec![7; 2 * map.len()];
        for size in SIZES {
            let foot = footings(map, size);
            for g in (0..map.len()).step_by(step) {
                let goal = map.pos_of(g);
                fill.fill(map.cols() as usize, &foot, Some(g), &mut out);
                assert_eq!(
                    out,
                    reference(map, &foot, goal, size),
                    "{size:?} toward {goal:?}"
                );
            }
        }
    }

    /// A map of `rows` × `cols` with walls, pillars, difficult terrain of several costs and
    /// hills, laid by a fixed rule so that every kind of step and climb appears.
    fn varied(rows: usize, cols: usize) -> Map {
        let cell = |r: usize, c: usize| (r * 31 + c * 17 + r * c * 7) % 23;
        let terrain: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| match cell(r, c) {
                        0 | 1 => '#',
                        2 => 'C',
                        3 | 4 => 'T',
                        5 => 'M',
                        6 => 'X',
                        _ => '.',
                    })
                    .collect()
            })
            .collect();
        let elevation: Vec<String> = (0..rows)
            .map(|r| {
                (0..cols)
                    .map(|c| match (r / 3 + c / 4 + (r * c) % 5) % 7 {
                        0..=2 => '.',
                        k => char::from(b'0' + (k as u8 - 2) * 2),
                    })
                    .collect()
            })
            .collect();
        let text = format!(
            "name: varied\nsquare_size_ft: 5\nterrain: |\n  {}\nelevation: |\n  {}\nlegend:\n  \
             \"#\": {{ type: wall, move_cost: null, blocks_los: true }}\n  \
             \".\": {{ type: floor, move_cost: 1 }}\n  \
             \"C\": {{ type: pillar, move_cost: null, cover: true }}\n  \
             \"T\": {{ type: rubble, move_cost: 2 }}\n  \
             \"M\": {{ type: mud, move_cost: 3 }}\n  \
             \"X\": {{ type: bramble, move_cost: 4 }}\n",
            terrain.join("\n  "),
            elevation.join("\n  ")
        );
        parse_map("varied.yaml", &text).expect("the test map parses")
    }

    #[test]
    fn the_fields_of_the_shipped_maps_are_the_general_fills() {
        for (name, text) in [
            (
                "sample_arena",
                include_str!("../../../data/maps/sample_arena.yaml"),
            ),
            ("crypt", include_str!("../../../data/maps/crypt.yaml")),
            (
                "two_rooms",
                include_str!("../../../data/maps/two_rooms.yaml"),
            ),
        ] {
            let map = parse_map(name, text).expect("a shipped map parses");
            same_fields(&map, 1);
        }
        let field = include_str!("../../../bench/maps/field_30.yaml");
        same_fields(
            &parse_map("field_30", field).expect("the bench map parses"),
            7,
        );
    }

    #[test]
    fn the_fields_of_varied_terrain_and_hills_are_the_general_fills() {
        same_fields(&varied(19, 23), 1);
        same_fields(&varied(1, 9), 1);
        same_fields(&varied(9, 1), 1);
    }

    #[test]
    fn a_goal_off_the_board_or_on_a_wall_leaves_no_way() {
        let map = varied(6, 7);
        let foot = footings(&map, Size::Medium);
        let mut fill = TerrainFill::default();
        let mut out = vec![0; 2 * map.len()];
        fill.fill(7, &foot, None, &mut out);
        assert!(out.iter().all(|&c| c == u32::MAX));
        let wall = (0..map.len()).find(|&i| !map.passable(map.pos_of(i)));
        let wall = wall.expect("the varied map has a wall");
        fill.fill(7, &foot, Some(wall), &mut out);
        let reached: Vec<usize> = (0..out.len()).filter(|&s| out[s] != u32::MAX).collect();
        assert_eq!(
            reached,
            [2 * wall, 2 * wall + 1],
            "only the goal itself, at 0"
        );
    }
}
