//! `pf1e-sim bench`: how fast the engine plays an encounter. Loads the scenario like `run`,
//! plays a warm-up (it fills the scenario's lazy tables), then times `--runs` fights on
//! `--threads` threads (default 1: the figure is per core) and prints fights per second. The
//! clock is read here only, around the whole batch: it never reaches a fight or a report.

use std::num::NonZeroUsize;
use std::time::Instant;

use pf1e_sweep::executor::play_all;
use pf1e_sweep::play::play_runs;

use crate::cli::BenchArgs;
use crate::load::prepare_run;
use crate::output::print;

/// Fights played before the clock starts.
const WARM_UP: u64 = 1000;

pub fn run(bench: &BenchArgs) -> anyhow::Result<u8> {
    let args = &bench.encounter;
    let job = match prepare_run(args, bench.shard_runs, None) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    let scenario = &job.scenario;
    let threads = bench.threads.unwrap_or(NonZeroUsize::MIN);
    play_runs(scenario, args.seed, 0..WARM_UP.min(args.runs));
    let start = Instant::now();
    let tally = play_all(&job.plan, threads, &job.header.empty_tally(), |runs| {
        play_runs(scenario, args.seed, runs)
    })?;
    let seconds = start.elapsed().as_secs_f64();
    let per_second = tally.fights as f64 / seconds.max(1e-9);
    let per_core = per_second / threads.get() as f64;
    let line = format!(
        "bench: {} fights in {seconds:.3} s on {} thread{} = {per_second:.0} fights/s ({per_core:.0} per thread); {} combatants, {:.1} rounds per fight",
        tally.fights,
        threads,
        if threads.get() == 1 { "" } else { "s" },
        scenario.units().len(),
        tally.rounds_sum as f64 / tally.fights.max(1) as f64,
    );
    print(&(line + "\n"), "the measurement")
}
