//! pf1e-engine: the Pathfinder 1e rules. Pure, synchronous and deterministic: no threads, no
//! clock, no file or network I/O — it parses the text it is handed and plays fights from a
//! [`rng::Roller`].

pub mod board;
pub mod dice;
pub mod rng;
pub mod size;
pub mod de;
pub mod deploy;
pub mod error;
pub mod grid;
pub mod los;
pub mod map;
pub mod model;
