//! `pf1e-sim sweep FILE`: a positioning-matrix sweep. Reads the sweep file, its maps and every
//! combatant file it names once (paths relative to the sweep file), validates everything and
//! builds every cell's scenario before any fight, then plays each cell on local threads and
//! prints the matrix (French text, JSON or CSV). `--html OUT.html` also writes the matrix as
//! one self-contained page (written atomically); `--cache DIR` keeps each cell's tally under a
//! hash of its content and reuses it; `--shard K/N` plays one slice instead (see `slices`).
//!
//! Run i of every cell rolls from seed + i (common random numbers across cells). The output
//! depends on the files only: the thread count changes how the work is cut, never a byte.

use anyhow::Context as _;
use pf1e_engine::tally::Tally;
use pf1e_sweep::executor::{default_threads, execute_in_seed_order};
use pf1e_sweep::play::play_runs;
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::sweep_job::SHARD_RUNS;
use pf1e_sweep::target_band::BAND_STEP;

use super::sweep_cache::Cache;
use crate::cli::SweepArgs;
use crate::coordinator::progress::Progress;
use crate::load::load_sweep;
use crate::output::print_sweep;
use crate::rpc::BUILD;

pub fn run(args: &SweepArgs) -> anyhow::Result<u8> {
    let job = match load_sweep(&args.file) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    let threads = args.threads.unwrap_or_else(default_threads);
    let shard_runs = args.target_band.map_or(SHARD_RUNS, |_| BAND_STEP);
    let plan = ShardPlan::new(job.spec.runs, shard_runs).context("planning the runs")?;
    if let Some(slice) = args.shard {
        return super::slices::sweep_slice(args, slice, &job, &plan, threads);
    }
    let cache = match &args.cache {
        Some(dir) => Some(
            Cache::open(dir)
                .with_context(|| format!("cannot open the cache folder {}", dir.display()))?,
        ),
        None => None,
    };
    let mut tallies = Vec::with_capacity(job.cells.len());
    let total = job.spec.runs.saturating_mul(job.cells.len() as u64);
    let progress = Progress::new(total, 0, false);
    progress.note("local threads");
    for (index, cell) in job.cells.iter().enumerate() {
        let scenario = &cell.scenario;
        let (sides, units) = (scenario.sides().len(), scenario.units().len());
        let key = cache
            .as_ref()
            .map(|_| job.cell_key(index, BUILD, args.target_band));
        let cached = match (&cache, &key) {
            (Some(c), Some(k)) => c.get(k, sides, units),
            _ => None,
        };
        let tally = match cached {
            Some(tally) => {
                progress.advance(job.spec.runs);
                tally
            }
            None => {
                let empty = Tally::empty(sides, units);
                let play = |runs| play_runs(scenario, job.spec.seed, runs);
                let tally = execute_in_seed_order(
                    &plan,
                    threads,
                    &empty,
                    args.target_band,
                    play,
                    |shard| progress.advance(shard.fights),
                )
                .context("the engine returned a tally of another shape")?;
                if let (Some(c), Some(k)) = (&cache, &key) {
                    c.put(k, &tally).with_context(|| {
                        format!("cannot write to the cache folder {}", c.dir().display())
                    })?;
                }
                tally
            }
        };
        tallies.push(tally);
    }
    progress.finish();
    print_sweep(
        &job,
        tallies,
        args.format.into(),
        args.html.as_deref(),
        args.target_band,
    )
}
