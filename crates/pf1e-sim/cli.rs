//! The command line of `pf1e-sim` (clap derive): one subcommand per job.

use std::path::PathBuf;

use clap::{Parser, Subcommand};

#[derive(Debug, Parser)]
#[command(
    name = "pf1e-sim",
    version,
    about = "Deterministic Pathfinder 1e encounter balance simulator",
    long_about = "Plays a Pathfinder 1e encounter (a YAML grid map and JSON stat blocks) many \
                  times with a deterministic rules engine and reports the balance in French."
)]
pub struct Cli {
    #[command(subcommand)]
    pub command: Command,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Check map (YAML) and combatant (JSON) files; print one summary line per valid file
    /// and every error of every invalid one. Exit 0 when all are valid, 2 otherwise.
    Validate {
        /// Files to check: maps (.yaml/.yml) and combatants (.json); other extensions are
        /// told apart by content.
        #[arg(required = true, value_name = "FILE")]
        files: Vec<PathBuf>,
    },
}
