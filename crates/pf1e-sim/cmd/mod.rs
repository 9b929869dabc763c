//! One module per subcommand (plus `slices` and `sweep_cache`, which `run`, `sweep` and
//! `merge` use, and `validate_spells`, `validate`'s checks of spells). Nothing outside `cmd/`
//! imports it but `main`.

pub mod bench;
pub mod coordinator;
pub mod merge;
pub mod run;
pub mod slices;
pub mod spells;
pub mod sweep;
pub mod sweep_cache;
pub mod validate;
mod validate_spells;
pub mod worker;
