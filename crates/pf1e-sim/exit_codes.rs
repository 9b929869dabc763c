//! Exit codes of `pf1e-sim`, named (« nextest exit_codes » habit). Scripts may rely on them.

use std::process::ExitCode;

/// The command did what was asked (`validate`: every file is valid).
pub const SUCCESS: u8 = 0;
/// A runtime failure outside the user's data (an output that cannot be written…).
pub const RUNTIME_FAILURE: u8 = 1;
/// A usage or data error: bad arguments, an unreadable or invalid file. clap uses 2 too.
pub const DATA_ERROR: u8 = 2;

pub fn code(value: u8) -> ExitCode {
    ExitCode::from(value)
}
