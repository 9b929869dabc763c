//! Fight tests: scripted-dice transcripts of single rules, and whole fights.

use crate::map::parse_map;
use crate::model::parse_combatant;
use crate::scenario::{FightOptions, Scenario, SideSpec};

use super::*;

const GOBLIN: &str = include_str!("../../../../data/monsters/goblin.json");
const ORC: &str = include_str!("../../../../data/monsters/orc.json");
const ARENA: &str = include_str!("../../../../data/maps/sample_arena.yaml");

fn quick_start() -> Scenario {
    let map = parse_map("arena", ARENA).unwrap();
    let goblin = parse_combatant("goblin", GOBLIN).unwrap();
    let orc = parse_combatant("orc", ORC).unwrap();
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
    Scenario::new(map, "arena", sides, FightOptions::default()).unwrap()
}

#[test]
fn quick_start_plays() {
    let s = quick_start();
    let t = run_range(&s, 1, 0..1000);
    eprintln!("{t:?}");
    for line in transcript(&s, 1, 0) {
        eprintln!("{:?} {:?} {}", line.round, line.actor, line.message);
    }
    assert_eq!(t.fights, 1000);
}
