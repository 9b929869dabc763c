//! The command line of `pf1e-sim` (clap derive): one subcommand per job.

use std::num::NonZeroUsize;
use std::path::PathBuf;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, Subcommand, ValueEnum};

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
    /// Play an encounter many times and print the balance report (French). Exit 0 when the
    /// report is printed, 2 on a usage or data error (invalid file, unknown or missing side,
    /// zone too small).
    Run(RunArgs),
    /// Measure the engine: play the encounter on one thread (unless --threads says otherwise)
    /// after a warm-up and print fights per second. Same options as `run`; --runs defaults
    /// to 1000 there, so give a larger count (e.g. --runs 200000).
    Bench(RunArgs),
}

/// `pf1e-sim run`: the seed's CLI plus threads, shard size and output format.
#[derive(Debug, Args)]
pub struct RunArgs {
    /// The map (YAML).
    #[arg(long, value_name = "MAP")]
    pub map: PathBuf,
    #[command(flatten)]
    pub sides: SideArgs,
    /// Fights to play (≥ 1).
    #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
    pub runs: u64,
    /// Seed of the job: run i rolls from seed + i.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Rounds after which an undecided fight is a draw (≥ 1).
    #[arg(long, default_value_t = 100, value_parser = round_cap)]
    pub round_cap: u32,
    /// Print the first fight as a table before the report.
    #[arg(long)]
    pub transcript: bool,
    /// Monsters die at 0 hp instead of −Con (PCs are never affected).
    #[arg(long)]
    pub simple_monster_death: bool,
    /// Threads to play on (≥ 1; default: every core). The report does not depend on it.
    #[arg(long, value_parser = threads)]
    pub threads: Option<NonZeroUsize>,
    /// Fights per shard (≥ 1). The report does not depend on it.
    #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
    pub shard_runs: u64,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// One `--side NAME FILE...` occurrence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideArg {
    pub name: String,
    pub files: Vec<PathBuf>,
}

/// Every `--side`, in command-line order. clap's derive flattens the values of a repeated
/// multi-value option (`Vec<Vec<T>>` needs its unstable-v5 feature), so this one argument is
/// declared and read by hand, occurrence by occurrence.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SideArgs {
    pub sides: Vec<SideArg>,
}

const SIDE: &str = "side";

impl Args for SideArgs {
    fn augment_args(cmd: clap::Command) -> clap::Command {
        cmd.arg(
            Arg::new(SIDE)
                .long(SIDE)
                .value_names(["NAME", "FILE"])
                .num_args(2..)
                .action(ArgAction::Append)
                .value_parser(clap::value_parser!(String))
                .help(
                    "A side: its name as in the map's deployment, then one or more combatant \
                     files (JSON). Repeat for each side; repeat a file for identical combatants",
                ),
        )
    }

    fn augment_args_for_update(cmd: clap::Command) -> clap::Command {
        Self::augment_args(cmd)
    }
}

impl FromArgMatches for SideArgs {
    fn from_arg_matches(matches: &ArgMatches) -> Result<Self, clap::Error> {
        Self::from_arg_matches_mut(&mut matches.clone())
    }

    fn from_arg_matches_mut(matches: &mut ArgMatches) -> Result<Self, clap::Error> {
        let sides = matches
            .remove_occurrences::<String>(SIDE)
            .map(|occurrences| {
                occurrences
                    .filter_map(|values| {
                        let mut values = values.into_iter();
                        let name = values.next()?;
                        Some(SideArg {
                            name,
                            files: values.map(PathBuf::from).collect(),
                        })
                    })
                    .collect()
            })
            .unwrap_or_default();
        Ok(SideArgs { sides })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// How `run` prints its report.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Format {
    /// The French text report.
    Text,
    /// The same numbers plus the raw tally, as pretty-printed JSON.
    Json,
}

/// A count that must be at least 1.
fn at_least_one(text: &str) -> Result<u64, String> {
    match text.parse::<u64>() {
        Ok(0) => Err("must be at least 1".to_string()),
        Ok(n) => Ok(n),
        Err(_) => Err("expected a whole number ≥ 1".to_string()),
    }
}

fn round_cap(text: &str) -> Result<u32, String> {
    let n = at_least_one(text)?;
    u32::try_from(n).map_err(|_| format!("must be at most {}", u32::MAX))
}

fn threads(text: &str) -> Result<NonZeroUsize, String> {
    let n = usize::try_from(at_least_one(text)?).map_err(|_| "too many threads".to_string())?;
    NonZeroUsize::new(n).ok_or_else(|| "must be at least 1".to_string())
}
