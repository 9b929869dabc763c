//! A sweep read once: [`SweepJob::load_with_spells`] parses the sweep file, reads every map and
//! combatant file it names through the caller's reader (each distinct file once) and, when a
//! combatant names spells, the sweep's spell catalogue folder, checks everything, and expands
//! the matrix into one [`ScenarioSource`] per cell (with the spell files its combatants name),
//! compiled before any fight. `sweep`, its slices and cache, `merge` and the coordinator all
//! start from here, so a cell is the same scenario everywhere and its source is the very one a
//! worker receives.
//!
//! It never opens a path: the readers resolve paths as written in the sweep file (the binary
//! joins them to the sweep file's folder) and return each file's text under its label.

use std::collections::{BTreeMap, BTreeSet};
use std::path::PathBuf;

use pf1e_engine::de::field_key;
use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::map::Map;
use pf1e_engine::model::Combatant;
use pf1e_engine::scenario::{FightOptions, Scenario};
use pf1e_engine::tally::Tally;

use crate::cells::{Cell, CellSetup, cells, labels, maps as all_maps, setup};
use crate::hash::{ContentHash, Hasher};
use crate::header::map_title;
use crate::ids::RulesBuild;
use crate::placement::placement_squares;
use crate::slice::sweep_job_hash;
use crate::source::{Document, ScenarioSource, SideSource};
use crate::spells::{SpellLibrary, first_caster};
use crate::sweep_html::{MapDrawing, render_sweep_html};
use crate::sweep_report::SweepResults;
use crate::sweep_spec::{AxisKind, SweepSpec, check_against_map, parse_sweep};
use crate::target_band::TargetBand;

/// Runs per shard of a sweep's cells (locally, in slices, and by default on workers). The
/// output does not depend on it; the job hash of a sweep's slices does.
pub const SHARD_RUNS: u64 = 500;

/// Reads a file named in a sweep file (path as written there): its text under its label, or a
/// one-line error naming it. Two paths naming the same file must give the same label.
pub type ReadFile<'a> = dyn FnMut(&str) -> Result<Document, DataError> + 'a;

/// Reads a sweep's spell catalogue folder (path as written in the sweep file, or
/// [`crate::sweep_spec::DEFAULT_SPELLS`]) with the creatures its summon spells bring for the
/// given combatants, and checks those combatants' spells against it; every problem otherwise,
/// one line each (a missing folder names the first caster's file and the `spells:` key).
pub type ReadSpells<'a> =
    dyn FnMut(&str, &[Combatant]) -> Result<SpellLibrary, Vec<DataError>> + 'a;

/// One cell of a sweep: its option indices, its source and the scenario compiled from it.
#[derive(Debug)]
pub struct SweepCell {
    pub cell: Cell,
    pub source: ScenarioSource,
    pub scenario: Scenario,
}

/// A validated sweep, every cell's scenario built.
#[derive(Debug)]
pub struct SweepJob {
    /// The sweep file as given (its text is part of the slices' job hash).
    pub file: Document,
    pub spec: SweepSpec,
    /// The title of the sweep's map as reports show it.
    pub map_title: String,
    /// Side names in the scenarios' order (every map deploys the same sides in that order).
    pub sides: Vec<String>,
    /// Every cell, in axis order.
    pub cells: Vec<SweepCell>,
    /// The sweep's `map`, parsed (for the page's drawings).
    main_map: Map,
}

/// The files of a sweep, read and checked once.
#[derive(Default)]
struct Files {
    /// Label of each path as written.
    labels: BTreeMap<String, String>,
    /// Each distinct file (by label) read without error.
    documents: BTreeMap<String, Document>,
    /// Each distinct map file that parsed, by label.
    maps: BTreeMap<String, Map>,
    /// Each distinct combatant file that parsed, by label.
    combatants: BTreeMap<String, Combatant>,
}

impl Files {
    /// Reads `path` unless a file of the same label was read; `parse` checks it. Problems go
    /// to `errors`.
    fn read(
        &mut self,
        path: &str,
        read: &mut ReadFile<'_>,
        seen: &mut BTreeSet<String>,
        errors: &mut Vec<DataError>,
        parse: impl FnOnce(&Document) -> Result<Parsed, DataErrors>,
    ) {
        if self.labels.contains_key(path) {
            return;
        }
        let document = read(path);
        let label = match &document {
            Ok(d) => d.label.clone(),
            Err(e) => e.file.clone(),
        };
        self.labels.insert(path.to_string(), label.clone());
        if !seen.insert(label.clone()) {
            return;
        }
        match document {
            Err(e) => errors.push(e),
            Ok(document) => {
                match parse(&document) {
                    Ok(Parsed::Map(map)) => {
                        self.maps.insert(label.clone(), *map);
                    }
                    Ok(Parsed::Combatant(c)) => {
                        self.combatants.insert(label.clone(), c);
                    }
                    Err(e) => errors.extend(e.0),
                }
                self.documents.insert(label, document);
            }
        }
    }

    fn label(&self, path: &str) -> &str {
        &self.labels[path]
    }

    fn document(&self, path: &str) -> &Document {
        &self.documents[self.label(path)]
    }

    fn map(&self, path: &str) -> &Map {
        &self.maps[self.label(path)]
    }
}

/// A file of a sweep, parsed.
enum Parsed {
    Map(Box<Map>),
    Combatant(Combatant),
}

impl SweepJob {
    /// [`SweepJob::load_with_spells`] for a sweep whose combatants name no spells: a caster
    /// is an error naming its file and the sweep's `spells:` key.
    pub fn load(file: Document, read: &mut ReadFile<'_>) -> Result<SweepJob, Vec<DataError>> {
        let mut no_catalogue = |folder: &str, combatants: &[Combatant]| {
            let file = first_caster(combatants).map_or("", |c| c.file());
            Err(vec![DataError::new(
                file,
                "spells",
                format!("names spells, but no spell catalogue is read here (`spells: {folder}`)"),
            )])
        };
        Self::load_with_spells(file, read, &mut no_catalogue)
    }

    /// Reads and checks everything; returns every problem found, one line each: the sweep
    /// file's, then every map's and combatant file's, then the maps against the sweep, then
    /// the spell catalogue's and the combatants' spells (when one names spells: `read_spells`
    /// reads the catalogue folder), then each cell's (placement, deployment) prefixed with the
    /// cell's options.
    pub fn load_with_spells(
        file: Document,
        read: &mut ReadFile<'_>,
        read_spells: &mut ReadSpells<'_>,
    ) -> Result<SweepJob, Vec<DataError>> {
        let spec = parse_sweep(&file.label, &file.text).map_err(|e| e.0)?;
        let files = read_files(&spec, read)?;
        check_maps(&spec, &file.label, &files)?;
        let combatants: Vec<Combatant> = files.combatants.values().cloned().collect();
        let library = match first_caster(&combatants) {
            Some(_) => Some(read_spells(spec.spells_folder(), &combatants)?),
            None => None,
        };
        let options = FightOptions {
            round_cap: spec.round_cap,
            simple_monster_death: spec.simple_monster_death,
        };
        let mut errors = Vec::new();
        let mut built = Vec::new();
        for cell in cells(&spec) {
            let compiled = cell_source(&files, &setup(&spec, &cell), options)
                .map_err(DataErrors::from)
                .and_then(|mut source| {
                    if let Some(library) = &library {
                        library.attach(&mut source);
                    }
                    Ok((source.compile()?, source))
                });
            match compiled {
                Ok((scenario, source)) => built.push(SweepCell {
                    cell,
                    source,
                    scenario,
                }),
                Err(e) => {
                    let name = labels(&spec, &cell).join(", ");
                    errors.extend(e.0.into_iter().map(|mut e| {
                        e.message = format!("in cell ({name}) of {}: {}", file.label, e.message);
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
            .map(|c| c.scenario.sides().to_vec())
            .unwrap_or_default();
        let main_map = files.map(&spec.map).clone();
        let title = map_title(main_map.name(), files.label(&spec.map));
        Ok(SweepJob {
            file,
            spec,
            map_title: title,
            sides,
            cells: built,
            main_map,
        })
    }

    /// The matrix of `tallies` (one per cell, in cell order), ready to render; each cell
    /// stopped at its own checkpoint when `target_band` is given.
    pub fn results(
        &self,
        tallies: Vec<Tally>,
        target_band: Option<TargetBand>,
    ) -> SweepResults<'_> {
        SweepResults {
            spec: &self.spec,
            map: self.map_title.clone(),
            sides: self.sides.clone(),
            cells: self
                .cells
                .iter()
                .map(|c| c.cell.clone())
                .zip(tallies)
                .collect(),
            target_band,
        }
    }

    /// The HTML page of `results` (`--html`), with the map drawn once per placement option.
    pub fn page(&self, results: &SweepResults) -> String {
        render_sweep_html(results, &self.drawings())
    }

    /// The maps of the page: the sweep's map once per option of each `placements` axis, that
    /// option's start squares highlighted; the map alone when no axis places a side.
    fn drawings(&self) -> Vec<MapDrawing<'_>> {
        let map = &self.main_map;
        let mut out = Vec::new();
        for axis in &self.spec.axes {
            let AxisKind::Placements(options) = &axis.kind else {
                continue;
            };
            let side = axis.side.as_deref().unwrap_or("");
            for (name, placement) in options {
                out.push(MapDrawing {
                    caption: format!("{} = {name} ({side})", axis.name),
                    map,
                    start: placement_squares(map, placement).unwrap_or_default(),
                });
            }
        }
        if out.is_empty() {
            out.push(MapDrawing {
                caption: self.map_title.clone(),
                map,
                start: Vec::new(),
            });
        }
        out
    }

    /// The job hash of this sweep's slices when each cell is planned in shards of `shard_runs`
    /// ([`sweep_job_hash`]): slices played before a file of the sweep changed are refused.
    pub fn slices_hash(&self, build: RulesBuild, shard_runs: u64) -> ContentHash {
        let sources: Vec<ContentHash> =
            self.cells.iter().map(|c| c.source.content_hash()).collect();
        sweep_job_hash(build, &self.file.text, shard_runs, sources.iter())
    }

    /// The key of cell `index`'s tally in a cache: everything that decides it — the cell's
    /// source (files, sides, tactics, start squares, options), the sweep's runs and seed, the
    /// rules build and the target band, if any.
    pub fn cell_key(
        &self,
        index: usize,
        build: RulesBuild,
        target_band: Option<TargetBand>,
    ) -> ContentHash {
        let mut h = Hasher::new("pf1e-sweep-cell-v2");
        build.hash_into(&mut h);
        h.hash(&self.cells[index].source.content_hash())
            .u64(self.spec.runs)
            .u64(self.spec.seed);
        // A precision-driven cell's tally stops early: another key (the keys of full cells
        // are unchanged).
        if let Some(target) = target_band {
            h.u64(u64::from(target.ten_thousandths()));
        }
        h.finish()
    }
}

/// Reads every map (the sweep's, then its `map` axes') and every combatant file (the sides',
/// then the rosters'), each distinct file once; returns every problem of every file.
fn read_files(spec: &SweepSpec, read: &mut ReadFile<'_>) -> Result<Files, Vec<DataError>> {
    let mut files = Files::default();
    let mut errors = Vec::new();
    let mut seen = BTreeSet::new();
    for path in all_maps(spec) {
        files.read(path, read, &mut seen, &mut errors, |d| {
            d.parse_map().map(|m| Parsed::Map(Box::new(m)))
        });
    }
    let mut seen = BTreeSet::new();
    let rosters = spec.axes.iter().flat_map(|a| match &a.kind {
        AxisKind::Roster(o) => o.iter().flat_map(|(_, f)| f).collect(),
        _ => Vec::new(),
    });
    for path in spec.sides.iter().flat_map(|(_, f)| f).chain(rosters) {
        files.read(path, read, &mut seen, &mut errors, |d| {
            d.parse_combatant().map(Parsed::Combatant)
        });
    }
    if errors.is_empty() {
        Ok(files)
    } else {
        Err(errors)
    }
}

/// Checks the sweep against each of its maps (naming the map when there are several), and
/// that every map deploys the same sides in the same order, so every cell's tally lines up.
/// Maps are taken in path order.
fn check_maps(spec: &SweepSpec, label: &str, files: &Files) -> Result<(), Vec<DataError>> {
    let mut errors = Vec::new();
    let main = files.label(&spec.map);
    let by_path: BTreeMap<PathBuf, (&str, &Map)> = files
        .maps
        .iter()
        .map(|(l, m)| (PathBuf::from(l), (l.as_str(), m)))
        .collect();
    let sides_of =
        |m: &Map| -> Vec<String> { m.deployment().iter().map(|(s, _)| s.clone()).collect() };
    let main_sides = sides_of(&files.maps[main]);
    for (map_label, map) in by_path.values() {
        if let Err(e) = check_against_map(spec, label, map) {
            errors.extend(e.0.into_iter().map(|mut e| {
                if by_path.len() > 1 {
                    e.message = format!("{} (map {map_label})", e.message);
                }
                e
            }));
        }
        if *map_label != main && sides_of(map) != main_sides {
            errors.push(DataError::new(
                label,
                map_option_field(spec, files, map_label),
                format!(
                    "{map_label} deploys sides ({}) but {main} deploys ({}): the maps of a sweep must deploy the same sides in the same order",
                    sides_of(map).join(", "),
                    main_sides.join(", ")
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

/// The field of the first `map` axis option naming the map labelled `map_label`.
fn map_option_field(spec: &SweepSpec, files: &Files, map_label: &str) -> String {
    for (i, axis) in spec.axes.iter().enumerate() {
        if let AxisKind::Map(options) = &axis.kind {
            if let Some((name, _)) = options.iter().find(|(_, p)| files.label(p) == map_label) {
                return field_key(&format!("axes[{i}].map.options"), name);
            }
        }
    }
    "map".to_string()
}

/// The source of one cell: its map, each side's combatant documents (each distinct file once,
/// first-use order), tactic and start squares.
fn cell_source(
    files: &Files,
    setup: &CellSetup,
    options: FightOptions,
) -> Result<ScenarioSource, DataError> {
    let map = files.map(&setup.map);
    let mut source = ScenarioSource::new(files.document(&setup.map).clone(), options);
    for side in &setup.sides {
        let members = side
            .files
            .iter()
            .map(|f| source.add_combatant(files.document(f).clone()))
            .collect();
        let start = match &side.placement {
            Some(p) => Some(
                placement_squares(map, p)
                    .map_err(|m| DataError::new(&source.map.label, "deployment", m))?,
            ),
            None => None,
        };
        source.sides.push(SideSource {
            name: side.name.clone(),
            members,
            tactic: side.tactic,
            start,
        });
    }
    Ok(source)
}

#[cfg(test)]
#[path = "sweep_job_tests.rs"]
mod tests;
