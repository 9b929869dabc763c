//! `pf1e-sim run`: reads the map and the sides' combatant files once, deploys the encounter,
//! plays the runs in shards on local threads and prints the report (the reference spec
//! « Utilisation de la CLI »). Every error of every input file is printed (one line each, like
//! `validate`) before exiting 2; deployment errors (unknown or missing side, zone too small)
//! exit 2 too. With `--shard K/N` it plays one slice instead (see `slices`).
//!
//! The output is a function of (files, runs, seed, round cap, options) only: the thread count
//! and shard size change how the work is cut, never a byte of the report.

use anyhow::Context as _;
use pf1e_sweep::executor::{default_threads, execute_in_seed_order};
use pf1e_sweep::play::play_runs;

use crate::cli::RunArgs;
use crate::coordinator::progress::Progress;
use crate::load::prepare_run;
use crate::run_outputs::{RunJob, RunOutputs, command};

pub fn run(args: &RunArgs) -> anyhow::Result<u8> {
    let job = match prepare_run(args, args.shard_runs, args.target_band) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    if let Some(slice) = args.shard {
        return super::slices::run_slice(args, slice, &job);
    }
    let outputs = RunOutputs::of(args);
    if let Err(code) = outputs.check(args.runs) {
        return Ok(code);
    }
    let threads = args.threads.unwrap_or_else(default_threads);
    let progress = Progress::new(args.runs, 0, false);
    progress.note("local threads");
    let play = |runs| play_runs(&job.scenario, args.seed, runs);
    let tally = execute_in_seed_order(
        &job.plan,
        threads,
        &job.header.empty_tally(),
        job.header.target_band,
        play,
        |shard| progress.advance(shard.fights),
    )
    .context("the engine returned a tally of another shape")?;
    progress.finish();
    let command = command(args);
    let job = RunJob {
        scenario: &job.scenario,
        header: &job.header,
        command: &command,
    };
    outputs.finish(job, &tally)
}

#[cfg(test)]
mod tests {
    use clap::Parser;

    use crate::cli::{Cli, Command, Format, SideArg};

    fn parse(args: &[&str]) -> Result<crate::cli::RunArgs, clap::Error> {
        let mut argv = vec!["pf1e-sim", "run"];
        argv.extend_from_slice(args);
        match Cli::try_parse_from(argv)?.command {
            Command::Run(args) => Ok(args),
            other => panic!("parsed as {other:?}"),
        }
    }

    #[test]
    fn each_side_keeps_its_name_and_files() {
        let args = parse(&[
            "--map", "m.yaml", "--side", "players", "g.json", "g.json", "--side", "monsters",
            "o.json", "--runs", "5",
        ])
        .unwrap();
        let side = |name: &str, files: &[&str]| SideArg {
            name: name.to_string(),
            files: files.iter().map(Into::into).collect(),
        };
        assert_eq!(
            args.sides.sides,
            [
                side("players", &["g.json", "g.json"]),
                side("monsters", &["o.json"])
            ]
        );
        assert_eq!((args.runs, args.seed, args.round_cap), (5, 1, 100));
        assert_eq!(
            (args.shard_runs, args.threads, args.format),
            (1000, None, Format::Text)
        );
        assert!(!args.transcripts.transcript && !args.simple_monster_death);
    }

    #[test]
    fn a_side_needs_a_name_and_a_file_and_counts_are_at_least_one() {
        assert!(parse(&["--map", "m.yaml", "--side", "players"]).is_err());
        for flag in ["--runs", "--round-cap", "--threads", "--shard-runs"] {
            let e = parse(&["--map", "m.yaml", flag, "0"]).unwrap_err();
            assert!(e.to_string().contains("must be at least 1"), "{flag}: {e}");
        }
        let e = parse(&["--map", "m.yaml", "--round-cap", "5000000000"]).unwrap_err();
        assert!(e.to_string().contains("must be at most"), "{e}");
        let args = parse(&["--map", "m.yaml", "--threads", "3", "--format", "json"]).unwrap();
        assert_eq!(args.threads.map(|t| t.get()), Some(3));
        assert_eq!(args.format, Format::Json);
    }
}
