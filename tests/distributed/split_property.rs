//! The determinism contract behind distributed runs: any split of a run range into shards, in
//! any order, merges to the tally of playing the range serially (property test on the real
//! engine and the quick-start encounter).

use std::sync::OnceLock;

use pf1e_engine::map::parse_map;
use pf1e_engine::model::parse_combatant;
use pf1e_engine::play::run_range;
use pf1e_engine::rng::Seed;
use pf1e_engine::scenario::{FightOptions, Scenario, SideSpec};
use pf1e_engine::tally::Tally;
use proptest::prelude::*;

use super::harness::{ARENA, GOBLIN, ORC};
use crate::util::root;

const RUNS: u64 = 48;
const SEED: u64 = 77;

fn scenario() -> &'static Scenario {
    static SCENARIO: OnceLock<Scenario> = OnceLock::new();
    SCENARIO.get_or_init(|| {
        let read = |p: &str| std::fs::read_to_string(root().join(p)).unwrap();
        let map = parse_map(ARENA, &read(ARENA)).unwrap();
        let goblin = parse_combatant(GOBLIN, &read(GOBLIN)).unwrap();
        let orc = parse_combatant(ORC, &read(ORC)).unwrap();
        let sides = vec![
            SideSpec {
                name: "players".into(),
                combatants: vec![goblin.clone(), goblin.clone(), goblin],
            },
            SideSpec {
                name: "monsters".into(),
                combatants: vec![orc.clone(), orc],
            },
        ];
        Scenario::new(map, ARENA, sides, FightOptions::default()).unwrap()
    })
}

fn serial() -> &'static Tally {
    static SERIAL: OnceLock<Tally> = OnceLock::new();
    SERIAL.get_or_init(|| run_range(scenario(), Seed(SEED), 0..RUNS))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    #[test]
    fn any_split_of_a_run_range_merges_to_the_serial_tally(
        cuts in proptest::collection::btree_set(1..RUNS, 0..12),
        rotation in 0usize..13,
    ) {
        let mut bounds = vec![0];
        bounds.extend(cuts);
        bounds.push(RUNS);
        let mut shards: Vec<_> = bounds.windows(2).map(|w| w[0]..w[1]).collect();
        // Completion order does not matter either.
        let n = shards.len();
        shards.rotate_left(rotation % n);
        shards.reverse();
        let s = scenario();
        let mut merged = Tally::empty(s.sides().len(), s.units().len());
        for shard in shards {
            merged.merge(&run_range(s, Seed(SEED), shard)).unwrap();
        }
        prop_assert_eq!(&merged, serial());
    }
}
