//! The sweep file (« balayage de matrices de positionnement »): one encounter (a map, the
//! combatant files of each side and, for casters, the spell catalogue folder) plus axes of
//! alternatives — where a side starts
//! (`placements`), how it fights (`tactics`), who is in it (`roster`), on which map (`map`,
//! maps deploying the same sides). The matrix is the cartesian product of the axes
//! (the `cells` module).
//!
//! Two steps, both pure: [`parse_sweep`] reads the YAML and checks what the file alone can
//! tell (syntax with line:column, unknown fields and axis kinds with a did-you-mean, unknown
//! tactics, empty axes, duplicate names, sides named by axes, at most [`MAX_CELLS`] cells);
//! [`check_against_map`] checks what needs a map (unknown side, marker or zone, cells off the
//! map or impassable, too few squares). Paths stay as written: the binary resolves them
//! against the sweep file's folder.

use pf1e_engine::board::Pos;
use pf1e_engine::de::{OrderedMap, closest, field_key, from_yaml};
use pf1e_engine::error::{DataErrors, Problems};
use pf1e_engine::map::Map;
use pf1e_engine::scenario::Tactic;
use serde::Deserialize;

use crate::placement::{Placement, placement_squares};

/// The sweep file as written (unvalidated).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct SweepFile {
    name: String,
    map: String,
    sides: OrderedMap<Vec<String>>,
    runs: u64,
    #[serde(default = "one")]
    seed: u64,
    #[serde(default = "hundred")]
    round_cap: u32,
    #[serde(default)]
    simple_monster_death: bool,
    spells: Option<String>,
    axes: Vec<AxisFile>,
}

fn one() -> u64 {
    1
}

fn hundred() -> u32 {
    100
}

/// One axis as written: a name and exactly one kind.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct AxisFile {
    name: String,
    placements: Option<PlacementsFile>,
    tactics: Option<TacticsFile>,
    roster: Option<RosterFile>,
    map: Option<MapAxisFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct MapAxisFile {
    options: OrderedMap<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacementsFile {
    side: String,
    options: OrderedMap<PlacementFile>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct PlacementFile {
    zone: Option<char>,
    cells: Option<Vec<[u16; 2]>>,
    markers: Option<Vec<String>>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct TacticsFile {
    side: String,
    options: Vec<String>,
}

#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
struct RosterFile {
    side: String,
    options: OrderedMap<Vec<String>>,
}

/// What an axis varies.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AxisKind {
    /// Named starting placements of the axis' side.
    Placements(Vec<(String, Placement)>),
    /// Tactics of the axis' side (option names are the tactic names).
    Tactics(Vec<Tactic>),
    /// Named alternative combatant lists (paths as written) of the axis' side.
    Roster(Vec<(String, Vec<String>)>),
    /// Named alternative map files (paths as written), deploying the same sides in the same
    /// order; a map axis replaces the sweep's `map` in every cell.
    Map(Vec<(String, String)>),
}

/// One axis of the matrix.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Axis {
    pub name: String,
    /// The side it applies to (`None` for a `map` axis, which applies to all).
    pub side: Option<String>,
    pub kind: AxisKind,
}

impl Axis {
    /// The option names, in file order.
    pub fn labels(&self) -> Vec<String> {
        match &self.kind {
            AxisKind::Placements(o) => o.iter().map(|(n, _)| n.clone()).collect(),
            AxisKind::Tactics(o) => o.iter().map(|t| t.name().to_string()).collect(),
            AxisKind::Roster(o) => o.iter().map(|(n, _)| n.clone()).collect(),
            AxisKind::Map(o) => o.iter().map(|(n, _)| n.clone()).collect(),
        }
    }

    /// Number of options (≥ 1 once parsed).
    pub fn len(&self) -> usize {
        match &self.kind {
            AxisKind::Placements(o) => o.len(),
            AxisKind::Tactics(o) => o.len(),
            AxisKind::Roster(o) => o.len(),
            AxisKind::Map(o) => o.len(),
        }
    }

    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// A parsed sweep file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SweepSpec {
    pub name: String,
    /// The map path, as written (a `map` axis replaces it in every cell).
    pub map: String,
    /// Side name → combatant paths as written, in file order.
    pub sides: Vec<(String, Vec<String>)>,
    /// Fights per cell (≥ 1).
    pub runs: u64,
    /// Run i of every cell rolls from seed + i (common random numbers).
    pub seed: u64,
    pub round_cap: u32,
    pub simple_monster_death: bool,
    /// The spell catalogue folder (path as written), read only when a combatant names spells;
    /// `None`: [`DEFAULT_SPELLS`].
    pub spells: Option<String>,
    pub axes: Vec<Axis>,
}

impl SweepSpec {
    /// The spell catalogue folder, as written or the default.
    pub fn spells_folder(&self) -> &str {
        self.spells.as_deref().unwrap_or(DEFAULT_SPELLS)
    }
}

/// The spell catalogue folder of a sweep file without a `spells:` key, relative to the sweep
/// file: `data/sweeps/x.yaml` casts from `data/spells`, as its `../maps` and `../monsters`.
pub const DEFAULT_SPELLS: &str = "../spells";

/// Largest number of cells of one sweep.
pub const MAX_CELLS: u64 = 10_000;

/// Parses and checks a sweep file; `file` names it in errors.
pub fn parse_sweep(file: &str, text: &str) -> Result<SweepSpec, DataErrors> {
    let raw: SweepFile = from_yaml(file, text)?;
    let mut p = Problems::new(file);
    check_sides_and_counts(&raw, &mut p);
    let side_names: Vec<&str> = raw.sides.iter().map(|(n, _)| n).collect();
    let mut axes = Vec::new();
    let mut cells: u64 = 1;
    for (i, a) in raw.axes.into_iter().enumerate() {
        let at = format!("axes[{i}]");
        if axes.iter().any(|b: &Axis| b.name == a.name) {
            p.add(
                format!("{at}.name"),
                format!("axis `{}` is given twice", a.name),
            );
        }
        let Some(axis) = parse_axis(&at, a, &side_names, &mut p) else {
            continue;
        };
        cells = cells.saturating_mul(axis.len() as u64);
        axes.push(axis);
    }
    if cells > MAX_CELLS {
        p.add(
            "axes",
            format!("{cells} cells; a sweep holds at most {MAX_CELLS}"),
        );
    }
    p.finish(SweepSpec {
        name: raw.name,
        map: raw.map,
        sides: raw.sides.0,
        runs: raw.runs,
        seed: raw.seed,
        round_cap: raw.round_cap,
        simple_monster_death: raw.simple_monster_death,
        spells: raw.spells,
        axes,
    })
}

/// The sides (at least one, none empty), runs and round cap (at least 1), and at least one axis.
fn check_sides_and_counts(raw: &SweepFile, p: &mut Problems) {
    if raw.sides.is_empty() {
        p.add("sides", "no side: give each side's combatant files");
    }
    for (name, files) in raw.sides.iter() {
        if files.is_empty() {
            p.add(field_key("sides", name), "the side has no combatants");
        }
    }
    if raw.runs == 0 {
        p.add("runs", "must be at least 1");
    }
    if raw.round_cap == 0 {
        p.add("round_cap", "must be at least 1");
    }
    if raw.axes.is_empty() {
        p.add(
            "axes",
            "no axis: give at least one (placements, tactics or roster)",
        );
    }
}

/// Axis `a` (at field `at`): exactly one kind, its options, a known side, at least one option.
/// `None` when its kind cannot be told.
fn parse_axis(at: &str, a: AxisFile, side_names: &[&str], p: &mut Problems) -> Option<Axis> {
    let kinds = [
        a.placements.is_some(),
        a.tactics.is_some(),
        a.roster.is_some(),
        a.map.is_some(),
    ];
    if kinds.iter().filter(|&&k| k).count() != 1 {
        p.add(
            at,
            "give exactly one axis kind: placements, tactics, roster or map",
        );
        return None;
    }
    let (side, kind, path) = if let Some(pl) = a.placements {
        let path = format!("{at}.placements");
        let options = placement_options(&path, &pl, p);
        (Some(pl.side), AxisKind::Placements(options), path)
    } else if let Some(t) = a.tactics {
        let path = format!("{at}.tactics");
        let options = tactic_options(&path, &t, p);
        (Some(t.side), AxisKind::Tactics(options), path)
    } else if let Some(m) = a.map {
        (None, AxisKind::Map(m.options.0), format!("{at}.map"))
    } else {
        let r = a.roster.expect("one kind is set");
        let path = format!("{at}.roster");
        for (name, files) in r.options.iter() {
            if files.is_empty() {
                p.add(
                    field_key(&format!("{path}.options"), name),
                    "the roster has no combatants",
                );
            }
        }
        (Some(r.side), AxisKind::Roster(r.options.0), path)
    };
    if let Some(side) = side.as_deref().filter(|s| !side_names.contains(s)) {
        let hint = closest(side, side_names.iter().copied()).unwrap_or_default();
        p.add(
            format!("{path}.side"),
            format!(
                "unknown side `{side}` (did you mean `{hint}`?); the sides are: {}",
                side_names.join(", ")
            ),
        );
    }
    let axis = Axis {
        name: a.name,
        side,
        kind,
    };
    if axis.is_empty() {
        p.add(format!("{path}.options"), "the axis has no option");
    }
    Some(axis)
}

/// The options of a `placements` axis at `path`, each exactly one of zone, cells or markers.
fn placement_options(
    path: &str,
    pl: &PlacementsFile,
    p: &mut Problems,
) -> Vec<(String, Placement)> {
    let mut options = Vec::new();
    for (name, o) in pl.options.iter() {
        let here = field_key(&format!("{path}.options"), name);
        match (&o.zone, &o.cells, &o.markers) {
            (Some(z), None, None) => options.push((name.to_string(), Placement::Zone(*z))),
            (None, Some(c), None) => options.push((
                name.to_string(),
                Placement::Cells(c.iter().map(|&[r, c]| Pos::new(r, c)).collect()),
            )),
            (None, None, Some(m)) => {
                options.push((name.to_string(), Placement::Markers(m.clone())))
            }
            _ => p.add(here, "give exactly one of zone, cells or markers"),
        }
    }
    options
}

/// The options of a `tactics` axis at `path`: known tactics, each once.
fn tactic_options(path: &str, t: &TacticsFile, p: &mut Problems) -> Vec<Tactic> {
    let mut options = Vec::new();
    for (j, name) in t.options.iter().enumerate() {
        match name.parse::<Tactic>() {
            Ok(tactic) if options.contains(&tactic) => p.add(
                format!("{path}.options[{j}]"),
                format!("tactic `{name}` is given twice"),
            ),
            Ok(tactic) => options.push(tactic),
            Err(e) => p.add(format!("{path}.options[{j}]"), e.to_string()),
        }
    }
    options
}

/// Checks the sweep against its map: every side of the sweep in the map's deployment, every
/// placement option resolvable with at least as many squares as its side has combatants
/// (the largest roster option when a roster axis varies the same side). `file` is the sweep.
pub fn check_against_map(spec: &SweepSpec, file: &str, map: &Map) -> Result<(), DataErrors> {
    let mut p = Problems::new(file);
    let deployed: Vec<&str> = map.deployment().iter().map(|(s, _)| s.as_str()).collect();
    for (name, _) in &spec.sides {
        if !deployed.contains(&name.as_str()) {
            let hint = closest(name, deployed.iter().copied()).unwrap_or_default();
            p.add(
                field_key("sides", name),
                format!(
                    "side `{name}` is not in the map's deployment (did you mean `{hint}`?); the map's sides are: {}",
                    deployed.join(", ")
                ),
            );
        }
    }
    for name in &deployed {
        if !spec.sides.iter().any(|(s, _)| s == name) {
            p.add(
                "sides",
                format!("side `{name}` of the map's deployment is missing"),
            );
        }
    }
    for (i, axis) in spec.axes.iter().enumerate() {
        let (AxisKind::Placements(options), Some(side)) = (&axis.kind, &axis.side) else {
            continue;
        };
        let needed = side_size(spec, side);
        for (name, placement) in options {
            let at = field_key(&format!("axes[{i}].placements.options"), name);
            match placement_squares(map, placement) {
                Err(message) => p.add(at, message),
                Ok(squares) if distinct(&squares) < needed => p.add(
                    at,
                    format!(
                        "{} square(s) for side `{}`, which has {needed} combatants",
                        distinct(&squares),
                        side
                    ),
                ),
                Ok(_) => {}
            }
        }
    }
    p.finish(())
}

/// Number of different squares in `squares`.
fn distinct(squares: &[Pos]) -> usize {
    let mut sorted = squares.to_vec();
    sorted.sort_unstable();
    sorted.dedup();
    sorted.len()
}

/// The largest number of combatants side `side` can have in a cell.
fn side_size(spec: &SweepSpec, side: &str) -> usize {
    let base = spec
        .sides
        .iter()
        .find(|(s, _)| s == side)
        .map_or(0, |(_, f)| f.len());
    spec.axes
        .iter()
        .filter(|a| a.side.as_deref() == Some(side))
        .filter_map(|a| match &a.kind {
            AxisKind::Roster(o) => o.iter().map(|(_, f)| f.len()).max(),
            _ => None,
        })
        .max()
        .unwrap_or(base)
}

#[cfg(test)]
#[path = "sweep_spec_tests.rs"]
mod tests;
