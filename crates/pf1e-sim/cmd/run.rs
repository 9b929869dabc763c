//! `pf1e-sim run`: reads the map and the sides' combatant files once, deploys the encounter,
//! plays the runs in shards on local threads and prints the report (the reference spec
//! « Utilisation de la CLI »). Every error of every input file is printed (one line each, like
//! `validate`) before exiting 2; deployment errors (unknown or missing side, zone too small)
//! exit 2 too. With `--shard K/N` it plays one slice instead (see `slices`).
//!
//! The output is a function of (files, runs, seed, round cap, options) only: the thread count
//! and shard size change how the work is cut, never a byte of the report.

use std::path::Path;

use anyhow::Context as _;
use pf1e_engine::tally::Tally;
use pf1e_sweep::executor::{default_threads, execute_in_seed_order};
use pf1e_sweep::output::render_run;
use pf1e_sweep::pick::{Pick, picked_run};
use pf1e_sweep::play::{fight_log, first_fight, play_runs};
use pf1e_sweep::run_html::render_run_html;
use pf1e_sweep::sweep_html::MapDrawing;

use crate::cli::RunArgs;
use crate::coordinator::progress::Progress;
use crate::exit_codes::DATA_ERROR;
use crate::load::{PreparedRun, prepare_run};
use crate::out_file::{check_destination, write_output};
use crate::output::print;

pub fn run(args: &RunArgs) -> anyhow::Result<u8> {
    let job = match prepare_run(args, args.shard_runs, args.target_band) {
        Ok(job) => job,
        Err(code) => return Ok(code),
    };
    if let Some(slice) = args.shard {
        return super::slices::run_slice(args, slice, &job);
    }
    if let Some(n) = args.transcript_run.filter(|&n| n >= args.runs) {
        say!(
            "error: --transcript-run {n}: the job has runs 0 to {} (--runs {})",
            args.runs - 1,
            args.runs
        );
        return Ok(DATA_ERROR);
    }
    if let Some(out) = &args.html
        && let Err(why) = check_destination(out)
    {
        say!("error: --html {}: {why}", out.display());
        return Ok(DATA_ERROR);
    }
    let first_fight = args
        .transcript
        .then(|| first_fight(&job.scenario, args.seed));
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
    if let Some(out) = &args.html {
        write_page(args, &job, &tally, out)?;
    }
    let chosen = args.transcript_run.or_else(|| {
        let pick = args.transcript_pick?;
        let run = picked_run(pick.into(), &tally);
        if run.is_none() {
            say!(
                "pf1e-sim: no fight of this job was {}: no transcript",
                Pick::from(pick).words()
            );
        }
        run
    });
    let logged = first_fight.or_else(|| {
        let run = chosen?;
        say!(
            "pf1e-sim: the transcript is run {run} (the fight of --seed {} --runs 1 --transcript)",
            args.seed.wrapping_add(run)
        );
        Some(fight_log(&job.scenario, args.seed, run))
    });
    let report = render_run(args.format.into(), &job.header, &tally, logged.as_deref())?;
    print(&report, "the report")
}

/// Writes the run's HTML page (atomically, `out_file`).
fn write_page(args: &RunArgs, job: &PreparedRun, tally: &Tally, out: &Path) -> anyhow::Result<()> {
    let scenario = &job.scenario;
    let drawing = MapDrawing {
        caption: "déploiement (une marque par combattant)".to_string(),
        map: scenario.map(),
        start: scenario.units().iter().map(|u| u.anchor).collect(),
    };
    let page = render_run_html(&job.header, tally, Some(&drawing), &command(args))?;
    write_output(out, page.as_bytes())
        .with_context(|| format!("cannot write the page {}", out.display()))
}

/// The command line that plays this job again (the options that change the report).
fn command(args: &RunArgs) -> String {
    let mut words = vec![
        "pf1e-sim run --map".to_string(),
        args.map.display().to_string(),
    ];
    for side in &args.sides.sides {
        words.push(format!("--side {}", side.name));
        words.extend(side.files.iter().map(|f| f.display().to_string()));
    }
    words.push(format!(
        "--runs {} --seed {} --round-cap {}",
        args.runs, args.seed, args.round_cap
    ));
    if args.simple_monster_death {
        words.push("--simple-monster-death".to_string());
    }
    if let Some(dir) = &args.spells {
        words.push(format!("--spells {}", dir.display()));
    }
    words.join(" ")
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
        assert!(!args.transcript && !args.simple_monster_death);
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
