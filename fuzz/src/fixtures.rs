//! Shipped files the targets put beside a fuzzed one to make a playable encounter: the
//! quick start's map and creatures.

/// `data/maps/sample_arena.yaml`: sides `players` and `monsters`.
pub const ARENA: &str = include_str!("../../data/maps/sample_arena.yaml");
/// `data/monsters/goblin.json`.
pub const GOBLIN: &str = include_str!("../../data/monsters/goblin.json");
/// `data/monsters/orc.json`.
pub const ORC: &str = include_str!("../../data/monsters/orc.json");
