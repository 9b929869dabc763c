//! `pf1e-sim run`: loads the map and the sides' combatant files, deploys the encounter, plays
//! the runs in shards on local threads and prints the report (seed 000 « Utilisation de la
//! CLI »). Every error of every input file is printed (one line each, like `validate`) before
//! exiting 2; deployment errors (unknown or missing side, zone too small) exit 2 too.
//!
//! The output is a function of (files, runs, seed, round cap, options) only: the thread count
//! and shard size change how the work is cut, never a byte of the report.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::PathBuf;

use anyhow::Context as _;
use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::fight::TranscriptLine;
use pf1e_engine::map::parse_map;
use pf1e_engine::model::{Combatant, parse_combatant};
use pf1e_engine::play::{run_range, transcript};
use pf1e_engine::rng::{RunIndex, Seed};
use pf1e_engine::scenario::{FightOptions, Scenario, SideSpec};
use pf1e_engine::tally::Tally;
use pf1e_sweep::executor::{default_threads, run_local};
use pf1e_sweep::json::render_json;
use pf1e_sweep::report::{ReportHeader, render_text};
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::transcript::render_transcript;

use crate::cli::{Format, RunArgs};
use crate::exit_codes::{DATA_ERROR, SUCCESS};
use crate::load::read_text;

pub fn run(args: &RunArgs) -> anyhow::Result<u8> {
    let (scenario, plan) = match prepare(args, args.shard_runs) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let header = ReportHeader::for_scenario(&scenario, args.runs, args.seed);
    if let Some(slice) = args.shard {
        return super::batch::run_slice(args, slice, &scenario, &plan, header);
    }
    let first_fight = args
        .transcript
        .then(|| transcript(&scenario, Seed(args.seed), RunIndex(0)));
    let threads = args.threads.unwrap_or_else(default_threads);
    let tally = run_local(&plan, threads, &header.empty_tally(), |runs| {
        run_range(&scenario, Seed(args.seed), runs)
    })
    .context("the engine returned a tally of another shape")?;

    print(&render_output(
        args.format,
        &header,
        &tally,
        first_fight.as_deref(),
    )?)
}

/// What `run` prints for a merged tally: the transcript of the first fight if asked, then the
/// report, in `format`. The coordinator prints through here too, so both print the same bytes.
pub(crate) fn render_output(
    format: Format,
    header: &ReportHeader,
    tally: &Tally,
    first_fight: Option<&[TranscriptLine]>,
) -> anyhow::Result<String> {
    Ok(match format {
        Format::Text => {
            let mut text = String::new();
            if let Some(lines) = first_fight {
                text.push_str(&render_transcript(lines));
                text.push('\n');
            }
            text.push_str(&render_text(header, tally)?);
            text
        }
        Format::Json => render_json(header, tally, first_fight)?,
    })
}

/// Loads the scenario (every error of every file printed, one line each) and plans its shards;
/// `Err` carries the exit code. Shared by `run`, `bench` and the coordinator.
pub(crate) fn prepare(args: &RunArgs, shard_runs: u64) -> Result<(Scenario, ShardPlan), u8> {
    let scenario = load_scenario(args).map_err(|errors| {
        for e in &errors {
            eprintln!("error: {e}");
        }
        DATA_ERROR
    })?;
    let plan = ShardPlan::new(args.runs, shard_runs).map_err(|e| {
        eprintln!("error: {e}");
        DATA_ERROR
    })?;
    Ok((scenario, plan))
}

/// Writes the report to stdout; a reader that went away (`| head`) is not a failure.
pub(crate) fn print(text: &str) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(SUCCESS),
        Err(e) => Err(e).context("cannot write the report to stdout"),
    }
}

/// Reads and validates the map and every combatant file (each distinct path once), then
/// deploys the sides. Returns every problem found in every file, or the deployment's.
pub(crate) fn load_scenario(args: &RunArgs) -> Result<Scenario, Vec<DataError>> {
    let mut errors: Vec<DataError> = Vec::new();
    let map_label = args.map.display().to_string();
    let map = match read_text(&args.map)
        .map_err(DataErrors::from)
        .and_then(|text| parse_map(&map_label, &text))
    {
        Ok(map) => Some(map),
        Err(e) => {
            errors.extend(e.0);
            None
        }
    };

    let mut combatants: BTreeMap<PathBuf, Option<Combatant>> = BTreeMap::new();
    for side in &args.sides.sides {
        for path in &side.files {
            if combatants.contains_key(path) {
                continue;
            }
            let label = path.display().to_string();
            let parsed = read_text(path)
                .map_err(DataErrors::from)
                .and_then(|text| parse_combatant(&label, &text));
            let combatant = match parsed {
                Ok(c) => Some(c),
                Err(e) => {
                    errors.extend(e.0);
                    None
                }
            };
            combatants.insert(path.clone(), combatant);
        }
    }
    let Some(map) = map else {
        return Err(errors);
    };
    if !errors.is_empty() {
        return Err(errors);
    }

    let sides: Vec<SideSpec> = args
        .sides
        .sides
        .iter()
        .map(|side| SideSpec {
            name: side.name.clone(),
            combatants: side
                .files
                .iter()
                .filter_map(|path| combatants.get(path).cloned().flatten())
                .collect(),
        })
        .collect();
    let options = FightOptions {
        round_cap: args.round_cap,
        simple_monster_death: args.simple_monster_death,
    };
    Scenario::new(map, &map_label, sides, options).map_err(|e| e.0)
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
