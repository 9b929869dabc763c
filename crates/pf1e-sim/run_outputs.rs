//! What a `run` job prints once its tally is known: the page (`--html`), the one fight replayed
//! (`--transcript`, `--transcript-run N`, `--transcript-pick WHICH`) and the report. `run`,
//! `coordinator … run` and `merge` of a run's slices all end here, so the three write the same
//! page and print the same bytes; each checks its options with [`RunOutputs::check`] before any
//! fight is played. A fight is replayed on this machine from the job's scenario: run *i* rolls
//! from seed + *i*, so it is the fight the tally counted, wherever that was played.

use std::path::Path;

use anyhow::Context as _;
use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;
use pf1e_sweep::header::ReportHeader;
use pf1e_sweep::output::{RunFormat, render_run};
use pf1e_sweep::pick::{Pick, picked_run};
use pf1e_sweep::play::{fight_log, first_fight};
use pf1e_sweep::run_html::render_run_html;
use pf1e_sweep::sweep_html::MapDrawing;

use crate::cli::{RunArgs, TranscriptArgs};
use crate::exit_codes::DATA_ERROR;
use crate::out_file::{check_destination, write_output};
use crate::output::print;

/// Which fight is printed before the report.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replay {
    None,
    /// `--transcript`: run 0.
    First,
    /// `--transcript-run N`.
    Run(u64),
    /// `--transcript-pick WHICH`, found in the tally's first-runs record.
    Pick(Pick),
}

impl Replay {
    /// The replay the three options ask for (clap lets at most one through).
    pub fn of(args: &TranscriptArgs) -> Replay {
        if args.transcript {
            Replay::First
        } else if let Some(n) = args.transcript_run {
            Replay::Run(n)
        } else if let Some(pick) = args.transcript_pick {
            Replay::Pick(pick.into())
        } else {
            Replay::None
        }
    }
}

/// The outputs of a `run` job.
#[derive(Clone, Copy, Debug)]
pub struct RunOutputs<'a> {
    pub format: RunFormat,
    pub html: Option<&'a Path>,
    pub replay: Replay,
}

/// The job the outputs describe: its compiled scenario, report header and the command line
/// that plays it again ([`command`]).
#[derive(Clone, Copy)]
pub struct RunJob<'a> {
    pub scenario: &'a Scenario,
    pub header: &'a ReportHeader,
    pub command: &'a str,
}

impl<'a> RunOutputs<'a> {
    /// The outputs `run`'s command line asks for.
    pub fn of(args: &'a RunArgs) -> RunOutputs<'a> {
        RunOutputs {
            format: args.format.into(),
            html: args.html.as_deref(),
            replay: Replay::of(&args.transcripts),
        }
    }

    /// Checks, before any fight is played, that the run to replay is one of the job's `runs`
    /// and that the page can be written; otherwise prints why and returns the exit code.
    pub fn check(&self, runs: u64) -> Result<(), u8> {
        if let Replay::Run(n) = self.replay
            && n >= runs
        {
            say!(
                "error: --transcript-run {n}: the job has runs 0 to {} (--runs {runs})",
                runs - 1
            );
            return Err(DATA_ERROR);
        }
        if let Some(out) = self.html
            && let Err(why) = check_destination(out)
        {
            say!("error: --html {}: {why}", out.display());
            return Err(DATA_ERROR);
        }
        Ok(())
    }

    /// Writes the page, replays the fight asked for and prints the report of `tally`.
    pub fn finish(&self, job: RunJob, tally: &Tally) -> anyhow::Result<u8> {
        if let Some(out) = self.html {
            write_page(job, tally, out)?;
        }
        let seed = job.header.seed;
        let run = match self.replay {
            Replay::None | Replay::First => None,
            Replay::Run(n) => Some(n),
            Replay::Pick(pick) => {
                let run = picked_run(pick, tally);
                if run.is_none() {
                    say!(
                        "pf1e-sim: no fight of this job was {}: no transcript",
                        pick.words()
                    );
                }
                run
            }
        };
        let logged = if self.replay == Replay::First {
            Some(first_fight(job.scenario, seed))
        } else {
            run.map(|run| {
                say!(
                    "pf1e-sim: the transcript is run {run} (the fight of --seed {} --runs 1 --transcript)",
                    seed.wrapping_add(run)
                );
                fight_log(job.scenario, seed, run)
            })
        };
        let report = render_run(self.format, job.header, tally, logged.as_deref())?;
        print(&report, "the report")
    }
}

/// Writes the run's HTML page (atomically, `out_file`).
fn write_page(job: RunJob, tally: &Tally, out: &Path) -> anyhow::Result<()> {
    let drawing = MapDrawing {
        caption: "déploiement (une marque par combattant)".to_string(),
        map: job.scenario.map(),
        start: job.scenario.units().iter().map(|u| u.anchor).collect(),
    };
    let page = render_run_html(job.header, tally, Some(&drawing), job.command)?;
    write_output(out, page.as_bytes())
        .with_context(|| format!("cannot write the page {}", out.display()))
}

/// The command line that plays this job again (the options that change the report), as the
/// page shows it; run slices carry it so that `merge` writes the same page.
pub fn command(args: &RunArgs) -> String {
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
    if let Some(target) = args.target_band {
        words.push(format!("--target-band {target}"));
    }
    if let Some(dir) = &args.spells {
        words.push(format!("--spells {}", dir.display()));
    }
    words.join(" ")
}
