//! pf1e-engine: the Pathfinder 1e rules. Pure, synchronous and deterministic: no threads, no
//! clock, no file or network I/O — it parses the text it is handed and plays fights from a
//! [`rng::Roller`].

pub mod area;
#[cfg(test)]
pub(crate) mod ascii_board;
pub mod board;
pub(crate) mod crossings;
pub mod de;
pub mod deploy;
pub mod dice;
pub mod error;
pub(crate) mod field_store;
pub mod fight;
pub mod grid;
pub mod los;
pub mod map;
pub mod model;
pub(crate) mod pair_cache;
pub mod play;
pub mod policy;
pub mod rng;
pub mod rules;
pub mod scenario;
pub mod size;
pub mod spell;
pub mod spellbook;
pub(crate) mod tables;
pub mod tally;
pub(crate) mod terrain_field;
pub mod vocab;
