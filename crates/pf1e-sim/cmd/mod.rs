//! One module per subcommand.

pub mod bench;
pub mod run;
pub mod validate;
