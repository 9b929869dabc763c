//! Shipped files the targets put beside a fuzzed one to make a playable encounter: the
//! quick start's map and goblin, and a side of one of them.

use pf1e_sweep::source::SideSource;

/// `data/maps/sample_arena.yaml`: sides `players` and `monsters`.
pub const ARENA: &str = include_str!("../../data/maps/sample_arena.yaml");
/// `data/monsters/goblin.json`.
pub const GOBLIN: &str = include_str!("../../data/monsters/goblin.json");

/// Side `name` of the one combatant document number `member`, default tactic, map zone.
pub fn side_of_one(name: &str, member: usize) -> SideSource {
    SideSource {
        name: name.to_string(),
        members: vec![member],
        tactic: Default::default(),
        start: None,
    }
}
