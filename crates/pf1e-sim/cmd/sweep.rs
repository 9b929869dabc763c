//! `pf1e-sim sweep FILE`: a positioning-matrix sweep (issue 5). Reads the sweep file, its map
//! and every combatant file it names (paths relative to the sweep file), validates everything
//! and builds every cell's scenario before any fight, then plays each cell on local threads
//! and prints the matrix (French text, JSON or CSV). `--html OUT.html` also writes the matrix
//! as one self-contained page (written atomically: a temp file beside it, then a rename);
//! `--cache DIR` keeps each cell's tally under a hash of its content and reuses it.
//!
//! Run i of every cell rolls from seed + i (common random numbers across cells). The output
//! depends on the files only: the thread count changes how the work is cut, never a byte.

use std::collections::BTreeMap;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use anyhow::Context as _;
use pf1e_engine::de::field_key;
use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::map::{Map, parse_map};
use pf1e_engine::model::{Combatant, parse_combatant};
use pf1e_engine::play::run_range;
use pf1e_engine::rng::Seed;
use pf1e_engine::scenario::{FightOptions, Scenario, SideSpec};
use pf1e_engine::tally::Tally;
use pf1e_sweep::cells::{cells, labels, maps as all_maps, resolve_placement, setup};
use pf1e_sweep::executor::{default_threads, run_local};
use pf1e_sweep::report::map_title;
use pf1e_sweep::shard::ShardPlan;
use pf1e_sweep::sweep_html::{MapDrawing, render_sweep_html};
use pf1e_sweep::sweep_report::{
    SweepResults, render_sweep_csv, render_sweep_json, render_sweep_text,
};
use pf1e_sweep::sweep_spec::{AxisKind, SweepSpec, check_against_map, parse_sweep};

use crate::cli::{SweepArgs, SweepFormat};
use crate::exit_codes::{DATA_ERROR, SUCCESS};
use crate::load::read_text;
use crate::rpc::pb;

use super::sweep_cache as cache;

/// Fights per shard: the output does not depend on it.
pub(crate) const SHARD_RUNS: u64 = 500;

pub fn run(args: &SweepArgs) -> anyhow::Result<u8> {
    let loaded = match load_or_report(&args.file) {
        Ok(loaded) => loaded,
        Err(code) => return Ok(code),
    };
    let threads = args.threads.unwrap_or_else(default_threads);
    let plan = ShardPlan::new(loaded.spec.runs, SHARD_RUNS).context("planning the runs")?;
    if let Some(slice) = args.shard {
        return super::batch::sweep_slice(args, slice, &loaded, &plan, threads);
    }
    let cache = match &args.cache {
        Some(dir) => Some(
            cache::Cache::open(dir)
                .with_context(|| format!("cannot open the cache folder {}", dir.display()))?,
        ),
        None => None,
    };
    let mut results = Vec::with_capacity(loaded.cells.len());
    for (cell, scenario) in &loaded.cells {
        let empty = Tally::empty(scenario.sides().len(), scenario.units().len());
        let key = cache.as_ref().map(|_| cell_key(&loaded, cell));
        let cached = match (&cache, &key) {
            (Some(c), Some(k)) => c.get(k, &empty),
            _ => None,
        };
        let tally = match cached {
            Some(tally) => tally,
            None => {
                let tally = run_local(&plan, threads, &empty, |runs| {
                    run_range(scenario, Seed(loaded.spec.seed), runs)
                })
                .context("the engine returned a tally of another shape")?;
                if let (Some(c), Some(k)) = (&cache, &key) {
                    c.put(k, &tally).with_context(|| {
                        format!("cannot write to the cache folder {}", c.dir().display())
                    })?;
                }
                tally
            }
        };
        results.push((cell.clone(), tally));
    }
    finish(&loaded, results, args)
}

/// Reads and checks the sweep file; on a data error prints every problem and returns the exit
/// code.
pub(crate) fn load_or_report(file: &Path) -> Result<Loaded, u8> {
    load(file).map_err(|errors| {
        for e in &errors {
            eprintln!("error: {e}");
        }
        DATA_ERROR
    })
}

/// Writes the page if `--html` asks for it and prints the matrix of `results` (one tally per
/// cell, in `loaded.cells` order) in the chosen format. `sweep` and `coordinator … sweep` both
/// end here, so they print the same bytes.
pub(crate) fn finish(
    loaded: &Loaded,
    results: Vec<(Vec<usize>, Tally)>,
    args: &SweepArgs,
) -> anyhow::Result<u8> {
    let results = SweepResults {
        spec: &loaded.spec,
        map: loaded.map_title.clone(),
        sides: loaded.sides.clone(),
        cells: results,
    };
    if let Some(out) = &args.html {
        let page = render_sweep_html(&results, &drawings(loaded));
        write_atomic(out, page.as_bytes())
            .with_context(|| format!("cannot write the page {}", out.display()))?;
    }
    print(&match args.format {
        SweepFormat::Text => render_sweep_text(&results),
        SweepFormat::Json => render_sweep_json(&results),
        SweepFormat::Csv => render_sweep_csv(&results),
    })
}

/// The wire scenario of `cell` (for `coordinator … sweep`): the texts read by [`load`], each
/// side's members, tactic and start squares, labelled as [`build_cell`] labels them, so a
/// worker compiles the very scenario `sweep` plays.
pub(crate) fn wire_cell(loaded: &Loaded, cell: &[usize]) -> anyhow::Result<pb::Scenario> {
    let spec = &loaded.spec;
    let setup = setup(spec, cell);
    let resolve = |p: &str| loaded.base.join(p);
    let document = |path: &PathBuf| -> anyhow::Result<pb::Document> {
        let text = loaded
            .texts
            .get(path)
            .with_context(|| format!("internal error: {} was not read", path.display()))?;
        Ok(pb::Document {
            label: path.display().to_string(),
            text: text.clone(),
        })
    };
    let map_path = resolve(&setup.map);
    let map = &loaded.maps[&map_path];
    let mut paths: Vec<PathBuf> = Vec::new();
    let mut combatants = Vec::new();
    let mut sides = Vec::new();
    for side in &setup.sides {
        let mut members = Vec::with_capacity(side.files.len());
        for f in &side.files {
            let path = resolve(f);
            let index = match paths.iter().position(|p| *p == path) {
                Some(i) => i,
                None => {
                    combatants.push(document(&path)?);
                    paths.push(path);
                    paths.len() - 1
                }
            };
            members.push(u32::try_from(index).context("too many combatant files")?);
        }
        let start = match &side.placement {
            Some(p) => Some(pb::StartSquares {
                squares: resolve_placement(map, p)
                    .map_err(|m| anyhow::anyhow!("{}: {m}", map_path.display()))?
                    .iter()
                    .map(|q| pb::Square {
                        row: u32::from(q.row),
                        col: u32::from(q.col),
                    })
                    .collect(),
            }),
            None => None,
        };
        sides.push(pb::Side {
            name: side.name.clone(),
            members,
            tactic: side.tactic.name().to_string(),
            start,
        });
    }
    Ok(pb::Scenario {
        map: Some(document(&map_path)?),
        combatants,
        sides,
        options: Some(pb::FightOptions {
            round_cap: spec.round_cap,
            simple_monster_death: spec.simple_monster_death,
        }),
    })
}

/// The cache key of `cell`: everything that decides its tally — the texts of its map and
/// combatant files, each side's name, tactic and start squares, runs, seed, round cap and
/// options (the rules fingerprint and engine version are added by [`cache::KeyBuilder`]).
pub(crate) fn cell_key(loaded: &Loaded, cell: &[usize]) -> String {
    let spec = &loaded.spec;
    let setup = setup(spec, cell);
    let resolve = |p: &str| loaded.base.join(p);
    let map_path = resolve(&setup.map);
    let text = |p: &PathBuf| loaded.texts.get(p).map_or(&[][..], |t| t.as_bytes());
    let mut k = cache::KeyBuilder::new();
    k.field(text(&map_path));
    k.field(&(setup.sides.len() as u64).to_le_bytes());
    for side in &setup.sides {
        k.field(side.name.as_bytes());
        k.field(side.tactic.name().as_bytes());
        let start = match &side.placement {
            Some(p) => resolve_placement(&loaded.maps[&map_path], p)
                .map(|squares| {
                    squares
                        .iter()
                        .map(|q| format!("{},{};", q.row, q.col))
                        .collect::<String>()
                })
                .unwrap_or_default(),
            None => "map zone".to_string(),
        };
        k.field(start.as_bytes());
        k.field(&(side.files.len() as u64).to_le_bytes());
        for f in &side.files {
            k.field(text(&resolve(f)));
        }
    }
    k.field(&spec.runs.to_le_bytes());
    k.field(&spec.seed.to_le_bytes());
    k.field(&spec.round_cap.to_le_bytes());
    k.field(&[u8::from(spec.simple_monster_death)]);
    k.finish()
}

/// The maps of the page: the sweep's map once per option of each `placements` axis, that
/// option's start squares highlighted; the map alone when no axis places a side.
fn drawings(loaded: &Loaded) -> Vec<MapDrawing<'_>> {
    let map = &loaded.maps[&loaded.main_map];
    let mut out = Vec::new();
    for axis in &loaded.spec.axes {
        let AxisKind::Placements(options) = &axis.kind else {
            continue;
        };
        let side = axis.side.as_deref().unwrap_or("");
        for (name, placement) in options {
            out.push(MapDrawing {
                caption: format!("{} = {name} ({side})", axis.name),
                map,
                start: resolve_placement(map, placement).unwrap_or_default(),
            });
        }
    }
    if out.is_empty() {
        out.push(MapDrawing {
            caption: loaded.map_title.clone(),
            map,
            start: Vec::new(),
        });
    }
    out
}

/// Writes `bytes` to `path` atomically: a temporary file in the same folder, then a rename
/// over `path`, so a reader never sees a half-written file.
pub(crate) fn write_atomic(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut tmp = tempfile::NamedTempFile::new_in(dir)?;
    tmp.write_all(bytes)?;
    tmp.as_file().sync_all()?;
    tmp.persist(path).map_err(|e| e.error)?;
    Ok(())
}

/// Writes the output to stdout; a reader that went away (`| head`) is not a failure.
fn print(text: &str) -> anyhow::Result<u8> {
    let mut out = std::io::stdout().lock();
    match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
        Ok(()) => Ok(SUCCESS),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(SUCCESS),
        Err(e) => Err(e).context("cannot write the sweep to stdout"),
    }
}

/// A validated sweep, every cell's scenario built.
pub(crate) struct Loaded {
    pub(crate) spec: SweepSpec,
    map_title: String,
    /// Side names in the scenarios' order.
    sides: Vec<String>,
    pub(crate) cells: Vec<(Vec<usize>, Scenario)>,
    /// Every map of the sweep, by resolved path.
    maps: BTreeMap<PathBuf, Map>,
    /// The resolved path of the sweep's `map`.
    main_map: PathBuf,
    /// The folder the sweep's paths are relative to.
    base: PathBuf,
    /// The text of every map and combatant file read, by resolved path (for cache keys).
    texts: BTreeMap<PathBuf, String>,
}

/// Reads and checks everything; returns every problem found, one line each.
fn load(file: &Path) -> Result<Loaded, Vec<DataError>> {
    let label = file.display().to_string();
    let text = read_text(file).map_err(|e| vec![e])?;
    let spec = parse_sweep(&label, &text).map_err(|e| e.0)?;
    let base = file.parent().unwrap_or(Path::new(""));
    let resolve = |p: &str| base.join(p);

    let mut errors: Vec<DataError> = Vec::new();
    let mut texts: BTreeMap<PathBuf, String> = BTreeMap::new();
    let mut maps: BTreeMap<PathBuf, Option<Map>> = BTreeMap::new();
    for path in all_maps(&spec) {
        let path = resolve(path);
        if maps.contains_key(&path) {
            continue;
        }
        let map_label = path.display().to_string();
        let parsed = read_text(&path).map_err(DataErrors::from).and_then(|text| {
            let map = parse_map(&map_label, &text);
            texts.insert(path.clone(), text);
            map
        });
        let map = match parsed {
            Ok(map) => Some(map),
            Err(e) => {
                errors.extend(e.0);
                None
            }
        };
        maps.insert(path, map);
    }
    let mut combatants: BTreeMap<PathBuf, Option<Combatant>> = BTreeMap::new();
    let rosters = spec.axes.iter().flat_map(|a| match &a.kind {
        AxisKind::Roster(o) => o.iter().flat_map(|(_, f)| f).collect(),
        _ => Vec::new(),
    });
    for path in spec.sides.iter().flat_map(|(_, f)| f).chain(rosters) {
        let path = resolve(path);
        if combatants.contains_key(&path) {
            continue;
        }
        let label = path.display().to_string();
        let parsed = read_text(&path).map_err(DataErrors::from).and_then(|text| {
            let combatant = parse_combatant(&label, &text);
            texts.insert(path.clone(), text);
            combatant
        });
        let combatant = match parsed {
            Ok(c) => Some(c),
            Err(e) => {
                errors.extend(e.0);
                None
            }
        };
        combatants.insert(path, combatant);
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let maps: BTreeMap<PathBuf, Map> = maps
        .into_iter()
        .filter_map(|(path, map)| Some((path, map?)))
        .collect();
    check_maps(&spec, &label, &maps, &resolve)?;

    let options = FightOptions {
        round_cap: spec.round_cap,
        simple_monster_death: spec.simple_monster_death,
    };
    let mut built = Vec::new();
    for cell in cells(&spec) {
        match build_cell(&spec, &cell, &maps, &combatants, &resolve, options) {
            Ok(scenario) => built.push((cell, scenario)),
            Err(e) => {
                let name = labels(&spec, &cell).join(", ");
                errors.extend(e.0.into_iter().map(|mut e| {
                    e.message = format!("in cell ({name}) of {label}: {}", e.message);
                    e
                }));
            }
        }
    }
    if !errors.is_empty() {
        return Err(errors);
    }
    let sides = built
        .first()
        .map(|(_, s)| s.sides().to_vec())
        .unwrap_or_default();
    let main_map = resolve(&spec.map);
    let title = map_title(
        maps.get(&main_map).and_then(Map::name),
        &main_map.display().to_string(),
    );
    Ok(Loaded {
        map_title: title,
        spec,
        sides,
        cells: built,
        maps,
        main_map,
        base: base.to_path_buf(),
        texts,
    })
}

/// Checks the sweep against each of its maps (naming the map when there are several), and
/// that every map deploys the same sides in the same order, so every cell's tally lines up.
fn check_maps(
    spec: &SweepSpec,
    label: &str,
    maps: &BTreeMap<PathBuf, Map>,
    resolve: &dyn Fn(&str) -> PathBuf,
) -> Result<(), Vec<DataError>> {
    let mut errors = Vec::new();
    let main = resolve(&spec.map);
    let sides_of =
        |m: &Map| -> Vec<String> { m.deployment().iter().map(|(s, _)| s.clone()).collect() };
    for (path, map) in maps {
        if let Err(e) = check_against_map(spec, label, map) {
            errors.extend(e.0.into_iter().map(|mut e| {
                if maps.len() > 1 {
                    e.message = format!("{} (map {})", e.message, path.display());
                }
                e
            }));
        }
        if path != &main && sides_of(map) != sides_of(&maps[&main]) {
            let field = map_option_field(spec, path, resolve);
            errors.push(DataError::new(
                label,
                field,
                format!(
                    "{} deploys sides ({}) but {} deploys ({}): the maps of a sweep must deploy the same sides in the same order",
                    path.display(),
                    sides_of(map).join(", "),
                    main.display(),
                    sides_of(&maps[&main]).join(", ")
                ),
            ));
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        Err(errors)
    }
}

/// The field of the first `map` axis option naming `path`.
fn map_option_field(spec: &SweepSpec, path: &Path, resolve: &dyn Fn(&str) -> PathBuf) -> String {
    for (i, axis) in spec.axes.iter().enumerate() {
        if let AxisKind::Map(options) = &axis.kind {
            if let Some((name, _)) = options.iter().find(|(_, p)| resolve(p) == path) {
                return field_key(&format!("axes[{i}].map.options"), name);
            }
        }
    }
    "map".to_string()
}

/// The scenario of one cell: its sides' combatants, starting squares and tactics.
fn build_cell(
    spec: &SweepSpec,
    cell: &[usize],
    maps: &BTreeMap<PathBuf, Map>,
    combatants: &BTreeMap<PathBuf, Option<Combatant>>,
    resolve: &dyn Fn(&str) -> PathBuf,
    options: FightOptions,
) -> Result<Scenario, DataErrors> {
    let setup = setup(spec, cell);
    let map_path = resolve(&setup.map);
    let map = &maps[&map_path];
    let map_label = &map_path.display().to_string();
    let mut sides = Vec::new();
    let mut start = Vec::new();
    for side in &setup.sides {
        sides.push(SideSpec {
            name: side.name.clone(),
            combatants: side
                .files
                .iter()
                .filter_map(|f| combatants.get(&resolve(f)).cloned().flatten())
                .collect(),
        });
        start.push(match &side.placement {
            Some(p) => Some(
                resolve_placement(map, p)
                    .map_err(|m| DataError::new(map_label, "deployment", m))?,
            ),
            None => None,
        });
    }
    let mut scenario = Scenario::with_start_squares(map.clone(), map_label, sides, start, options)?;
    for side in &setup.sides {
        scenario
            .set_tactic(&side.name, side.tactic)
            .map_err(|e| DataError::new(map_label, "deployment", e.to_string()))?;
    }
    Ok(scenario)
}
