//! The command line of `pf1e-sim` (clap derive): one subcommand per job.

use std::ffi::OsString;
use std::net::SocketAddr;
use std::num::NonZeroUsize;
use std::path::PathBuf;
use std::time::Duration;

use clap::{Arg, ArgAction, ArgMatches, Args, FromArgMatches, Parser, Subcommand, ValueEnum};
use pf1e_sweep::output::{RunFormat, SweepFormat as SweepOutput};
use pf1e_sweep::pick::Pick;
use pf1e_sweep::target_band::TargetBand;

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
    /// Check map (YAML), combatant and spell (JSON) files; print one summary line per valid
    /// file and every error of every invalid one; a combatant's spells are checked against the
    /// spell catalogue (warnings). Exit 0 when all are valid, 2 otherwise.
    Validate(ValidateArgs),
    /// Play an encounter many times and print the balance report (French). Exit 0 when the
    /// report is printed, 2 on a usage or data error (invalid file, unknown or missing side,
    /// zone too small).
    Run(RunArgs),
    /// Play a positioning-matrix sweep (a YAML sweep file: an encounter and axes of starting
    /// placements, tactics, rosters and maps) and print each cell's win rates (French text,
    /// JSON or CSV); run i of every cell rolls from seed + i. Exit 0 when the matrix is printed, 2 when the sweep or one of its files is invalid.
    Sweep(SweepArgs),
    /// Measure the engine: play the encounter on one thread (unless --threads says otherwise)
    /// after a warm-up and print fights per second. Takes `run`'s encounter options only (no
    /// report, transcript or slice options); --runs defaults to 1000, so give a larger count
    /// (e.g. --runs 200000).
    Bench(BenchArgs),
    /// Serve shards to coordinators over gRPC (see README « Distributed runs »). Prints its address
    /// on stderr; stops on SIGTERM/SIGINT after the running shards (within --grace-period).
    Worker(WorkerArgs),
    /// Play a `run` job (or a `sweep`) on workers and print exactly what `pf1e-sim run` (or
    /// `sweep`) prints. Exit 0 when
    /// the report is printed, 2 on a usage or data error, 1 when the job cannot finish (no
    /// worker left without --local-fallback, a shard failing every attempt, two workers
    /// disagreeing).
    Coordinator(CoordinatorArgs),
    /// List the spell catalogue in name order: levels by class, school, casting time, range,
    /// target or area, duration, save, spell resistance and the modelled effects. Exit 0, or 2
    /// when the folder is missing or a spell file is invalid.
    Spells(SpellsArgs),
    /// Join the tally files of `run` or `sweep --shard K/N --tally-out FILE` (see README
    /// « Batch clusters ») and print exactly what `run` or `sweep` prints. Exit 0 when the
    /// report is printed, 2 when a file is unreadable or of another job, or slices are missing
    /// or overlap.
    Merge(MergeArgs),
}

/// `pf1e-sim validate`.
#[derive(Debug, Args)]
pub struct ValidateArgs {
    /// Files to check: maps (.yaml/.yml), combatants and spells (.json: a file in a folder
    /// named `spells`, or a JSON object with a top-level `school`, is a spell file); other
    /// extensions are told apart by content.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// The spell catalogue the combatants' spells are checked against [default: data/spells,
    /// when it exists]
    #[arg(long, value_name = "DIR")]
    pub spells: Option<PathBuf>,
}

/// `pf1e-sim spells`.
#[derive(Debug, Args)]
pub struct SpellsArgs {
    /// The spell catalogue folder (every *.json in it is a spell file).
    #[arg(long, value_name = "DIR", default_value = "data/spells")]
    pub spells: PathBuf,
    /// Output format: one block per spell, or a JSON array.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
}

/// `pf1e-sim worker`.
#[derive(Debug, Args)]
pub struct WorkerArgs {
    /// Address to listen on; port 0 picks a free port (printed on stderr).
    #[arg(long, default_value = "0.0.0.0:50051", value_name = "ADDR")]
    pub listen: SocketAddr,
    /// Shards played at once (≥ 1; default: every core).
    #[arg(long, value_parser = threads)]
    pub threads: Option<NonZeroUsize>,
    /// Require this shared token (a file holding it) from coordinators.
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
    /// Serve TLS with this certificate chain (PEM); needs --tls-key.
    #[arg(long, value_name = "FILE", requires = "tls_key")]
    pub tls_cert: Option<PathBuf>,
    /// The TLS private key (PEM); needs --tls-cert.
    #[arg(long, value_name = "FILE", requires = "tls_cert")]
    pub tls_key: Option<PathBuf>,
    /// Also serve grpc.health.v1 alone, in plain text, here (for Kubernetes gRPC probes,
    /// which cannot speak TLS).
    #[arg(long, value_name = "ADDR")]
    pub health_listen: Option<SocketAddr>,
    /// Longest wait for running shards after SIGTERM/SIGINT (e.g. 20s, 500ms).
    #[arg(long, default_value = "20s", value_parser = duration, value_name = "DURATION")]
    pub grace_period: Duration,
    /// Largest run count of one shard accepted.
    #[arg(long, default_value_t = crate::rpc::DEFAULT_MAX_SHARD_RUNS, value_parser = at_least_one)]
    pub max_shard_runs: u64,
    /// Largest request accepted, in MiB.
    #[arg(long, default_value_t = crate::rpc::DEFAULT_MAX_REQUEST_MIB, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub max_request_mib: u32,
}

/// `pf1e-sim coordinator [OPTIONS] run <run's arguments>`.
#[derive(Debug, Args)]
pub struct CoordinatorArgs {
    /// A worker: [http://|https://]HOST[:PORT] (port 50051 by default). Repeat for more; a
    /// host name resolving to several addresses gives one worker per address. Workers listed
    /// in PF1E_SIM_WORKERS (comma-separated) are added.
    #[arg(long = "worker", value_name = "URL")]
    pub workers: Vec<String>,
    /// Fights per shard (≥ 1; default: run's --shard-runs). The report does not depend on it.
    #[arg(long, value_parser = at_least_one)]
    pub shard_runs: Option<u64>,
    /// Send this shared token (a file holding it) to the workers.
    #[arg(long, value_name = "FILE")]
    pub token_file: Option<PathBuf>,
    /// Trust this CA (PEM) for https:// workers.
    #[arg(long, value_name = "FILE")]
    pub tls_ca: Option<PathBuf>,
    /// Record merged shards here; rerunning the same command with it plays only what is missing.
    #[arg(long, value_name = "FILE")]
    pub journal: Option<PathBuf>,
    /// When no worker is left (or none answers), finish the job on this machine's threads.
    #[arg(long)]
    pub local_fallback: bool,
    /// No progress bar (it is hidden anyway when stderr is not a terminal).
    #[arg(long, short)]
    pub quiet: bool,
    /// Play every shard on two workers and fail loudly if their tallies differ.
    #[arg(long)]
    pub verify: bool,
    /// Deadline of one shard on a worker (e.g. 120s, 2m); then it is played elsewhere.
    #[arg(long, default_value = "120s", value_parser = duration, value_name = "DURATION")]
    pub shard_timeout: Duration,
    /// Deadline to reach a worker and get its Info.
    #[arg(long, default_value = "5s", value_parser = duration, value_name = "DURATION")]
    pub connect_timeout: Duration,
    /// Failed attempts (engine errors, deadlines) after which a shard fails the job; a worker
    /// lost mid-shard does not count.
    #[arg(long, default_value_t = 3, value_parser = clap::value_parser!(u32).range(1..=100))]
    pub max_attempts: u32,
    #[command(subcommand)]
    pub job: CoordinatorJob,
}

/// What a coordinator plays.
#[derive(Debug, Subcommand)]
pub enum CoordinatorJob {
    /// The job of `pf1e-sim run`, with the same arguments (--threads is used only by
    /// --local-fallback); --html and the transcripts are written here, from the same scenario.
    Run(RunArgs),
    /// The job of `pf1e-sim sweep FILE`, with the same arguments; prints the same bytes. Each
    /// cell's runs are sharded in seed ranges (--threads is used only by --local-fallback;
    /// --html works as in `sweep`; --cache is refused).
    Sweep(SweepArgs),
}

/// The encounter of `run` and `bench`: the files, the runs, the seed and the fight options.
#[derive(Debug, Args)]
pub struct EncounterArgs {
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
    /// Monsters die at 0 hp instead of −Con (PCs are never affected).
    #[arg(long)]
    pub simple_monster_death: bool,
    /// The spell catalogue folder (every *.json in it is a spell file), read only when a
    /// combatant names spells [default: data/spells]
    #[arg(long, value_name = "DIR")]
    pub spells: Option<PathBuf>,
}

/// `pf1e-sim run`: the reference spec's CLI plus threads, shard size and output format.
#[derive(Debug, Args)]
pub struct RunArgs {
    #[command(flatten)]
    pub encounter: EncounterArgs,
    #[command(flatten)]
    pub transcripts: TranscriptArgs,
    /// Threads to play on (≥ 1; default: every core). The report does not depend on it.
    #[arg(long, value_parser = threads)]
    pub threads: Option<NonZeroUsize>,
    /// Fights per shard (≥ 1). The report does not depend on it.
    #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
    pub shard_runs: u64,
    /// Precision-driven job: --runs becomes the maximum, and the job stops at the first
    /// checkpoint (every 1000 fights, in seed order) where every side's 3σ half-width is at
    /// most PCT percentage points (e.g. 0.5). Shards are then 1000 fights whatever
    /// --shard-runs says, so the stopping point is the same on any threads or workers. Not
    /// with --shard: slices are refused.
    #[arg(long, value_name = "PCT", conflicts_with = "shard")]
    pub target_band: Option<TargetBand>,
    /// Report format.
    #[arg(long, value_enum, default_value_t = Format::Text)]
    pub format: Format,
    /// Also write the report as one self-contained HTML page (charts, attrition, hit points
    /// left, the map with the deployment, the command that reproduces it).
    #[arg(long, value_name = "OUT.html", conflicts_with = "shard")]
    pub html: Option<PathBuf>,
    /// Batch clusters: play only slice K of N (1-based; slice K holds the shards k with
    /// k mod N = K − 1) and write its tally to --tally-out instead of printing a report.
    /// `auto` takes K (and N) from JOB_COMPLETION_INDEX or SLURM_ARRAY_TASK_ID /
    /// SLURM_ARRAY_TASK_COUNT; `auto/N` fixes N. Join the files with `pf1e-sim merge`.
    #[arg(long, value_name = "K/N", value_parser = shard_slice, requires = "tally_out", conflicts_with_all = ["transcript", "transcript_run", "transcript_pick"])]
    pub shard: Option<ShardSlice>,
    /// Where --shard writes its slice's tally (JSON, written atomically).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub tally_out: Option<PathBuf>,
}

/// Which fight of a `run` job is printed before its report (`run`, `coordinator … run`, and
/// `merge` of a run's slices).
#[derive(Debug, Args)]
pub struct TranscriptArgs {
    /// Print the first fight as a table before the report.
    #[arg(long)]
    pub transcript: bool,
    /// Print run N of the job (0-based, below --runs) before the report: the fight of
    /// `--seed S+N --runs 1 --transcript`.
    #[arg(long, value_name = "N", conflicts_with_all = ["transcript", "transcript_pick"])]
    pub transcript_run: Option<u64>,
    /// Print the first run that ends so (seen from the first side), or the longest fight,
    /// before the report; found from the tally, without a second pass over the fights.
    #[arg(long, value_enum, value_name = "WHICH", conflicts_with = "transcript")]
    pub transcript_pick: Option<PickArg>,
}

/// `run`'s arguments read as its encounter's (`args.map`, `args.seed`, …).
impl std::ops::Deref for RunArgs {
    type Target = EncounterArgs;

    fn deref(&self) -> &EncounterArgs {
        &self.encounter
    }
}

/// `pf1e-sim bench`: the encounter of `run` and how to cut it, nothing about a report.
#[derive(Debug, Args)]
pub struct BenchArgs {
    #[command(flatten)]
    pub encounter: EncounterArgs,
    /// Threads to play on (≥ 1) [default: 1, so the figure is per core]
    #[arg(long, value_parser = threads)]
    pub threads: Option<NonZeroUsize>,
    /// Fights per shard (≥ 1).
    #[arg(long, default_value_t = 1000, value_parser = at_least_one)]
    pub shard_runs: u64,
}

/// `--shard K/N`: K and N, either of which may come from the environment (`auto`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShardSlice {
    /// 1-based slice index, or `None` for `auto`.
    pub k: Option<u64>,
    /// Slice count, or `None` when `auto` without `/N`.
    pub n: Option<u64>,
}

fn shard_slice(text: &str) -> Result<ShardSlice, String> {
    let (k, n) = match text.split_once('/') {
        Some((k, n)) => (k, Some(n)),
        None => (text, None),
    };
    let n = n
        .map(|n| at_least_one(n).map_err(|e| format!("N {e}")))
        .transpose()?;
    if k == "auto" {
        return Ok(ShardSlice { k: None, n });
    }
    let Some(n) = n else {
        return Err("expected K/N (e.g. 2/7), auto or auto/N".to_string());
    };
    let k = at_least_one(k).map_err(|e| format!("K {e}"))?;
    if k > n {
        return Err(format!("K must be at most N (got {k}/{n})"));
    }
    Ok(ShardSlice {
        k: Some(k),
        n: Some(n),
    })
}

/// `pf1e-sim merge`.
#[derive(Debug, Args)]
pub struct MergeArgs {
    /// Tally files written by `run` or `sweep --shard K/N --tally-out FILE` (every slice of
    /// one job). A sweep's files are reread from the sweep file's path, as given to `sweep`.
    #[arg(required = true, value_name = "FILE")]
    pub files: Vec<PathBuf>,
    /// Output format (csv for sweeps only).
    #[arg(long, value_enum, default_value_t = SweepFormat::Text)]
    pub format: SweepFormat,
    /// Also write the HTML page: `sweep`'s, or `run`'s for a run's slices (from the scenario
    /// the slices carry).
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    // For a run's slices only: replayed from the scenario the slices carry.
    #[command(flatten)]
    pub transcripts: TranscriptArgs,
}

/// `pf1e-sim sweep`.
#[derive(Debug, Args)]
pub struct SweepArgs {
    /// The sweep file (YAML); the paths inside are relative to it.
    #[arg(value_name = "FILE")]
    pub file: PathBuf,
    /// Threads to play on (≥ 1; default: every core). The output does not depend on it.
    #[arg(long, value_parser = threads)]
    pub threads: Option<NonZeroUsize>,
    /// Output format.
    #[arg(long, value_enum, default_value_t = SweepFormat::Text)]
    pub format: SweepFormat,
    /// Also write the matrix as one self-contained HTML page (heatmaps, cell table, map).
    #[arg(long, value_name = "OUT.html")]
    pub html: Option<PathBuf>,
    /// Keep each finished cell's tally in this folder and reuse it on the next run.
    #[arg(long, value_name = "DIR")]
    pub cache: Option<PathBuf>,
    /// Precision-driven cells: the sweep's runs become each cell's maximum, and each cell
    /// stops on its own at the first checkpoint (every 1000 fights, in seed order) where
    /// every side's 3σ half-width is at most PCT percentage points. Not with --shard.
    #[arg(long, value_name = "PCT", conflicts_with = "shard")]
    pub target_band: Option<TargetBand>,
    /// Batch clusters: play only slice K of N of the cells × shards (as `run --shard`) and
    /// write its tallies to --tally-out instead of printing; `pf1e-sim merge` joins them.
    #[arg(long, value_name = "K/N", value_parser = shard_slice, requires = "tally_out", conflicts_with_all = ["html", "cache"])]
    pub shard: Option<ShardSlice>,
    /// Where --shard writes its slice's tallies (JSON, written atomically).
    #[arg(long, value_name = "FILE", requires = "shard")]
    pub tally_out: Option<PathBuf>,
}

/// How `sweep` prints its matrix.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum SweepFormat {
    /// The French text report.
    Text,
    /// The same numbers as pretty-printed JSON.
    Json,
    /// The same numbers as CSV, one line per cell.
    Csv,
}

impl From<SweepFormat> for SweepOutput {
    fn from(format: SweepFormat) -> Self {
        match format {
            SweepFormat::Text => SweepOutput::Text,
            SweepFormat::Json => SweepOutput::Json,
            SweepFormat::Csv => SweepOutput::Csv,
        }
    }
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
                .value_parser(clap::value_parser!(OsString))
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
        // Files are paths, any bytes (as `validate` takes them); a side name is text.
        let mut sides = Vec::new();
        for values in matches
            .remove_occurrences::<OsString>(SIDE)
            .into_iter()
            .flatten()
        {
            let mut values = values.into_iter();
            let Some(name) = values.next() else { continue };
            let name = name.into_string().map_err(|name| {
                clap::Error::raw(
                    clap::error::ErrorKind::InvalidUtf8,
                    format!("the side name {name:?} is not UTF-8 text\n"),
                )
            })?;
            sides.push(SideArg {
                name,
                files: values.map(PathBuf::from).collect(),
            });
        }
        Ok(SideArgs { sides })
    }

    fn update_from_arg_matches(&mut self, matches: &ArgMatches) -> Result<(), clap::Error> {
        *self = Self::from_arg_matches(matches)?;
        Ok(())
    }
}

/// `--transcript-pick`: which fight to replay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum PickArg {
    /// The first run the first side lost (another side won).
    Loss,
    /// The first run the first side won.
    Win,
    /// The first draw.
    Draw,
    /// The longest fight (the first among equals).
    Longest,
}

impl From<PickArg> for Pick {
    fn from(pick: PickArg) -> Self {
        match pick {
            PickArg::Loss => Pick::Loss,
            PickArg::Win => Pick::Win,
            PickArg::Draw => Pick::Draw,
            PickArg::Longest => Pick::Longest,
        }
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

impl From<Format> for RunFormat {
    fn from(format: Format) -> Self {
        match format {
            Format::Text => RunFormat::Text,
            Format::Json => RunFormat::Json,
        }
    }
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

/// A thread count: at least 1, at most [`THREADS_PER_CORE`] × the cores, but never less than
/// [`MIN_THREAD_CAP`] (a one-core container still plays a test's 7 threads) nor more than
/// [`MAX_THREADS`], so a typo such as `--threads 100000` is a usage error, not a failed spawn.
fn threads(text: &str) -> Result<NonZeroUsize, String> {
    let cores = std::thread::available_parallelism().map_or(1, NonZeroUsize::get);
    let max = cores
        .saturating_mul(THREADS_PER_CORE)
        .clamp(MIN_THREAD_CAP, MAX_THREADS);
    let n = at_least_one(text)?;
    if n > max as u64 {
        return Err(format!(
            "at most {max} threads here ({THREADS_PER_CORE} per core on the {cores} cores of \
             this machine, never below {MIN_THREAD_CAP} nor above {MAX_THREADS})"
        ));
    }
    NonZeroUsize::new(n as usize).ok_or_else(|| "must be at least 1".to_string())
}

/// Threads allowed per core (`--threads`).
const THREADS_PER_CORE: usize = 4;
/// The cap of `--threads` on a machine of few cores.
const MIN_THREAD_CAP: usize = 16;
/// Most threads `--threads` allows on any machine.
const MAX_THREADS: usize = 1024;

/// A duration: a whole number with a unit, `ms`, `s` or `m` (a bare number is seconds).
fn duration(text: &str) -> Result<Duration, String> {
    let text = text.trim();
    let split = text
        .find(|c: char| !c.is_ascii_digit())
        .unwrap_or(text.len());
    let (number, unit) = text.split_at(split);
    let n: u64 = number
        .parse()
        .map_err(|_| "expected a duration such as 500ms, 20s or 2m".to_string())?;
    let d = match unit.trim() {
        "ms" => Duration::from_millis(n),
        "" | "s" => Duration::from_secs(n),
        "m" => Duration::from_secs(n.saturating_mul(60)),
        other => return Err(format!("unknown unit `{other}`: use ms, s or m")),
    };
    if d.is_zero() {
        return Err("must be longer than zero".to_string());
    }
    Ok(d)
}
