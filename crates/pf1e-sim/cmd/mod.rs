//! One module per subcommand.

pub mod validate;
