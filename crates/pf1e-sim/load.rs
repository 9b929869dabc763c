//! Reading input files for the engine and the job machinery, which never touch the file system
//! themselves: the text plus the path as the user wrote it (used in every error message), and
//! the job of a command line built from them once — `run`'s scenario source with the spell
//! files its casters name, planned and compiled ([`prepare_run`]), or a sweep and every file
//! it names ([`load_sweep`]). Everything else (the coordinator, slices, bench) starts from
//! these. Spell catalogue folders are read here too ([`read_spell_folder`], [`load_library`]):
//! every `*.json` of the folder through the bounded reader in file-name order, and only when
//! some combatant names spells — a fight of non-casters never needs one.

use std::path::{Path, PathBuf};

use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::model::Combatant;
use pf1e_engine::scenario::{FightOptions, Scenario};
use pf1e_sweep::header::ReportHeader;
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::source::{Document, ScenarioSource, SideSource};
use pf1e_sweep::spells::{SpellLibrary, first_caster};
use pf1e_sweep::sweep_job::SweepJob;
use pf1e_sweep::target_band::{BAND_STEP, TargetBand};

use crate::cli::EncounterArgs;
use crate::input::{MAX_INPUT_BYTES, read_bounded};
use crate::output::report_data_errors;

/// What kind of input a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Map,
    Combatant,
    Spell,
}

/// The file's text (at most [`MAX_INPUT_BYTES`]), or a one-line error naming it.
pub fn read_text(path: &Path) -> Result<String, DataError> {
    let label = path.display().to_string();
    let fail = |message: String| DataError::new(&label, "", message);
    let bytes = read_bounded(path, MAX_INPUT_BYTES).map_err(|e| fail(e.to_string()))?;
    String::from_utf8(bytes).map_err(|e| {
        let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        fail("is not valid UTF-8 text".to_string()).at(line, column)
    })
}

/// Tells maps, combatants and spells apart: by extension (`.yaml`/`.yml` map, `.json` JSON),
/// else by content (a JSON object starts with `{`); a JSON file is a spell file when its
/// folder is named `spells` or when it is an object with a top-level `school` (a field only
/// spell files have), a combatant otherwise.
pub fn kind_of(path: &Path, text: &str) -> FileKind {
    let json = match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("yaml" | "yml") => false,
        Some("json") => true,
        _ => text.trim_start().starts_with('{'),
    };
    if !json {
        return FileKind::Map;
    }
    let in_spells = (path.parent().and_then(Path::file_name)).is_some_and(|f| f == "spells");
    let has_school = || {
        serde_json::from_str::<serde_json::Map<String, serde_json::Value>>(text)
            .is_ok_and(|object| object.contains_key("school"))
    };
    if in_spells || has_school() {
        FileKind::Spell
    } else {
        FileKind::Combatant
    }
}

/// The file at `path` as a document labelled with the path as given.
pub fn read_document(path: &Path) -> Result<Document, DataError> {
    Ok(Document::new(path.display().to_string(), read_text(path)?))
}

/// The scenario source of `run`'s command line: the map, each distinct combatant file once
/// (first-use order), the sides and the options, every file read once; when a combatant names
/// spells, the spell files they name from the catalogue (`--spells`, default
/// [`DEFAULT_SPELLS`]) and the creatures those summon. When a file cannot be read, every
/// file's problems are returned in order (read errors, and the parse errors of the files that
/// could be read), as [`ScenarioSource::compile`] lists them; a catalogue's problems are
/// returned alone.
pub fn run_source(args: &EncounterArgs) -> Result<ScenarioSource, Vec<DataError>> {
    let map = read_document(&args.map);
    let mut paths: Vec<&PathBuf> = Vec::new();
    for path in args.sides.sides.iter().flat_map(|s| &s.files) {
        if !paths.contains(&path) {
            paths.push(path);
        }
    }
    let documents: Vec<Result<Document, DataError>> =
        paths.iter().map(|p| read_document(p)).collect();
    let (Ok(map), true) = (&map, documents.iter().all(Result::is_ok)) else {
        let mut errors = Vec::new();
        let mut add = |read: &Result<Document, DataError>,
                       parse: fn(&Document) -> Option<DataErrors>| {
            match read {
                Err(e) => errors.push(e.clone()),
                Ok(d) => errors.extend(parse(d).into_iter().flat_map(|e| e.0)),
            }
        };
        add(&map, |d| d.parse_map().err());
        for document in &documents {
            add(document, |d| d.parse_combatant().err());
        }
        return Err(errors);
    };
    let options = FightOptions {
        round_cap: args.round_cap,
        simple_monster_death: args.simple_monster_death,
    };
    let mut source = ScenarioSource::new(map.clone(), options);
    source.combatants = documents.into_iter().flatten().collect();
    for side in &args.sides.sides {
        source.sides.push(SideSource {
            name: side.name.clone(),
            members: side
                .files
                .iter()
                .filter_map(|f| paths.iter().position(|p| *p == f))
                .collect(),
            tactic: Default::default(),
            start: None,
        });
    }
    attach_spells(&mut source, args)?;
    Ok(source)
}

/// Adds the spell files `source`'s combatants name (and the creatures they summon) from
/// `run`'s catalogue; nothing when no combatant names spells. Combatants that do not parse are
/// left to `compile`, unless the catalogue has problems too: then both are returned, the
/// combatants' first.
fn attach_spells(source: &mut ScenarioSource, args: &EncounterArgs) -> Result<(), Vec<DataError>> {
    let mut errors = Vec::new();
    let mut combatants = Vec::new();
    for document in &source.combatants {
        match document.parse_combatant() {
            Ok(c) => combatants.push(c),
            Err(e) => errors.extend(e.0),
        }
    }
    if first_caster(&combatants).is_none() {
        return Ok(());
    }
    let folder = args.spells.as_deref().unwrap_or(Path::new(DEFAULT_SPELLS));
    let hint = "give the catalogue folder with --spells DIR";
    match load_library(folder, &combatants, hint) {
        Ok(library) => {
            library.attach(source);
            Ok(())
        }
        Err(more) => {
            errors.extend(more);
            Err(errors)
        }
    }
}

/// A `run` job read, compiled and planned: what `run`, its slices, `bench` and the coordinator
/// play.
pub struct PreparedRun {
    /// The files as read, once.
    pub source: ScenarioSource,
    pub scenario: Scenario,
    pub plan: ShardPlan,
    pub header: ReportHeader,
}

/// Reads and compiles `run`'s job and plans it in shards of `shard_runs` — of
/// [`BAND_STEP`] with a target band, whose checkpoints they are; on a data error prints every
/// problem (one line each) and returns the exit code.
pub fn prepare_run(
    args: &EncounterArgs,
    shard_runs: u64,
    target_band: Option<TargetBand>,
) -> Result<PreparedRun, u8> {
    let source = run_source(args).map_err(|errors| report_data_errors(&errors))?;
    let scenario = source.compile().map_err(|e| report_data_errors(&e.0))?;
    let shard_runs = target_band.map_or(shard_runs, |_| BAND_STEP);
    let plan = ShardPlan::new(args.runs, shard_runs).map_err(|e| {
        say!("error: {e}");
        crate::exit_codes::DATA_ERROR
    })?;
    let mut header = ReportHeader::for_scenario(&scenario, args.runs, args.seed);
    header.target_band = target_band;
    Ok(PreparedRun {
        source,
        scenario,
        plan,
        header,
    })
}

/// Reads the sweep file `file` and every file it names (paths relative to its folder: maps,
/// combatants and, when a combatant names spells, the spell catalogue folder), checks
/// everything and builds every cell; on a data error prints every problem and returns the exit
/// code.
pub fn load_sweep(file: &Path) -> Result<SweepJob, u8> {
    let sweep = read_document(file).map_err(|e| report_data_errors(&[e]))?;
    let base = file.parent().unwrap_or(Path::new(""));
    let mut read = |path: &str| read_document(&base.join(path));
    let hint = format!(
        "set `spells:` in {}, a folder relative to it",
        file.display()
    );
    let mut read_spells = |folder: &str, combatants: &[Combatant]| {
        load_library(&base.join(folder), combatants, &hint)
    };
    SweepJob::load_with_spells(sweep, &mut read, &mut read_spells)
        .map_err(|errors| report_data_errors(&errors))
}

/// The catalogue of `run`, `bench`, `spells` and `validate` without `--spells`, relative to
/// the current folder.
pub const DEFAULT_SPELLS: &str = "data/spells";

/// Most files a catalogue folder may hold (a catalogue numbers its spells on 16 bits).
const MAX_SPELL_FILES: usize = u16::MAX as usize;

/// Every `*.json` file of `folder` as a document labelled with the folder as given joined to
/// the file name, in file-name order; `None` when `folder` does not exist. Problems of every
/// file are returned together.
pub fn read_spell_folder(folder: &Path) -> Result<Option<Vec<Document>>, Vec<DataError>> {
    let label = folder.display().to_string();
    let fail = |message: String| vec![DataError::new(&label, "", message)];
    let entries = match std::fs::read_dir(folder) {
        Ok(entries) => entries,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(_) if folder.is_file() => return Err(fail("is a file, not a folder".to_string())),
        Err(e) => return Err(fail(format!("cannot list the folder: {e}"))),
    };
    let mut paths = Vec::new();
    for entry in entries {
        let entry = entry.map_err(|e| fail(format!("cannot list the folder: {e}")))?;
        let path = entry.path();
        let json = path
            .extension()
            .is_some_and(|x| x.eq_ignore_ascii_case("json"));
        if json && !path.is_dir() {
            paths.push(path);
        }
        if paths.len() > MAX_SPELL_FILES {
            return Err(fail(format!(
                "holds more than {MAX_SPELL_FILES} spell files"
            )));
        }
    }
    paths.sort();
    let mut documents = Vec::with_capacity(paths.len());
    let mut errors = Vec::new();
    for path in paths {
        match read_document(&path) {
            Ok(document) => documents.push(document),
            Err(e) => errors.push(e),
        }
    }
    if errors.is_empty() {
        Ok(Some(documents))
    } else {
        Err(errors)
    }
}

/// The catalogue at `folder` for `combatants`: every spell file parsed, the creatures their
/// summon spells bring read, and every combatant's spells checked (unknown names with the
/// closest spell, spells off a caster's list). When the folder does not exist, one line naming
/// the first caster's file, the folder and `hint` (how to give another folder).
pub fn load_library(
    folder: &Path,
    combatants: &[Combatant],
    hint: &str,
) -> Result<SpellLibrary, Vec<DataError>> {
    let Some(documents) = read_spell_folder(folder)? else {
        let file = first_caster(combatants).map_or("", Combatant::file);
        return Err(vec![DataError::new(
            file,
            "spells",
            format!(
                "names spells, but there is no spell catalogue folder {} ({hint})",
                folder.display()
            ),
        )]);
    };
    let mut library = SpellLibrary::build(documents)?;
    library.read_creatures(combatants, &mut |label| read_document(Path::new(label)))?;
    library.check(combatants)?;
    Ok(library)
}
