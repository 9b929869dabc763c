//! The cells of a sweep: the cartesian product of its axes, in axis order (the first axis
//! varies slowest, the last fastest, like nested loops), and what each cell changes in the
//! encounter — a side's combatant files, its tactic, its starting placement (turned into
//! squares of the map by `placement::placement_squares`).
//!
//! Common random numbers: run i of every cell rolls from seed + i, so two cells differ only by
//! what their axes change, not by luck; differences between cells are sharper than with
//! independent seeds (the bands shown stay those of each cell alone, which is conservative).

use pf1e_engine::scenario::Tactic;

use crate::placement::Placement;
use crate::sweep_spec::{AxisKind, SweepSpec};

/// One cell: the chosen option index of every axis, in axis order.
pub type Cell = Vec<usize>;

/// Every cell of `spec`, first axis slowest.
pub fn cells(spec: &SweepSpec) -> Vec<Cell> {
    let sizes: Vec<usize> = spec.axes.iter().map(|a| a.len()).collect();
    enumerate(&sizes)
}

/// Every index vector below `sizes`, in lexicographic order (empty `sizes`: one empty cell).
pub fn enumerate(sizes: &[usize]) -> Vec<Cell> {
    let mut out: Vec<Cell> = vec![Vec::new()];
    for &n in sizes {
        out = out
            .into_iter()
            .flat_map(|prefix| {
                (0..n).map(move |i| {
                    let mut c = prefix.clone();
                    c.push(i);
                    c
                })
            })
            .collect();
    }
    out
}

/// The option names of `cell`, one per axis.
pub fn labels(spec: &SweepSpec, cell: &[usize]) -> Vec<String> {
    spec.axes
        .iter()
        .zip(cell)
        .map(|(a, &i)| a.labels()[i].clone())
        .collect()
}

/// What one cell plays: its map (path as written) and each side (in the sweep's side order)
/// with its files, tactic and starting placement (`None`: its map zone).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CellSetup {
    pub map: String,
    pub sides: Vec<SideSetup>,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSetup {
    pub name: String,
    /// Combatant paths as written in the sweep file.
    pub files: Vec<String>,
    pub tactic: Tactic,
    pub placement: Option<Placement>,
}

/// The setup of `cell`: the sweep's sides, then each axis applied in order (a later axis on
/// the same side and kind wins).
pub fn setup(spec: &SweepSpec, cell: &[usize]) -> CellSetup {
    let mut sides: Vec<SideSetup> = spec
        .sides
        .iter()
        .map(|(name, files)| SideSetup {
            name: name.clone(),
            files: files.clone(),
            tactic: Tactic::Default,
            placement: None,
        })
        .collect();
    let mut map = spec.map.clone();
    for (axis, &i) in spec.axes.iter().zip(cell) {
        if let AxisKind::Map(o) = &axis.kind {
            map.clone_from(&o[i].1);
            continue;
        }
        let Some(side) = sides
            .iter_mut()
            .find(|s| Some(&s.name) == axis.side.as_ref())
        else {
            continue;
        };
        match &axis.kind {
            AxisKind::Placements(o) => side.placement = Some(o[i].1.clone()),
            AxisKind::Tactics(o) => side.tactic = o[i],
            AxisKind::Roster(o) => side.files = o[i].1.clone(),
            AxisKind::Map(_) => {}
        }
    }
    CellSetup { map, sides }
}

/// Every map file a cell of `spec` can play on (paths as written, each once, in file order):
/// the sweep's `map`, then the options of its `map` axes.
pub fn maps(spec: &SweepSpec) -> Vec<&str> {
    let mut out = vec![spec.map.as_str()];
    for axis in &spec.axes {
        if let AxisKind::Map(o) = &axis.kind {
            for (_, path) in o {
                if !out.contains(&path.as_str()) {
                    out.push(path);
                }
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::sweep_spec::parse_sweep;

    const TWO_AXES: &str = "
name: t
map: m.yaml
sides: { players: [g.json, g.json], monsters: [o.json] }
runs: 10
axes:
  - name: depart
    placements:
      side: players
      options:
        ouest: { zone: A }
        centre: { cells: [[3, 8], [4, 8]] }
  - name: tactique
    tactics: { side: monsters, options: [default, kite, focus_weakest] }
  - name: equipe
    roster: { side: players, options: { deux: [g.json, g.json], un: [o.json] } }
";

    #[test]
    fn cells_are_the_cartesian_product_first_axis_slowest() {
        assert_eq!(
            enumerate(&[2, 3]),
            [
                vec![0, 0],
                vec![0, 1],
                vec![0, 2],
                vec![1, 0],
                vec![1, 1],
                vec![1, 2]
            ]
        );
        assert_eq!(enumerate(&[]), [Vec::<usize>::new()]);
        let spec = parse_sweep("s.yaml", TWO_AXES).unwrap();
        let all = cells(&spec);
        assert_eq!(all.len(), 12);
        assert_eq!(labels(&spec, &all[0]), ["ouest", "default", "deux"]);
        assert_eq!(labels(&spec, &all[11]), ["centre", "focus_weakest", "un"]);
    }

    #[test]
    fn a_cell_sets_placement_tactic_and_roster_of_its_sides() {
        let spec = parse_sweep("s.yaml", TWO_AXES).unwrap();
        let s = setup(&spec, &[1, 1, 1]);
        assert_eq!(s.sides[0].name, "players");
        assert_eq!(s.sides[0].files, ["o.json"]);
        assert_eq!(s.sides[0].tactic, Tactic::Default);
        assert!(matches!(s.sides[0].placement, Some(Placement::Cells(ref c)) if c.len() == 2));
        assert_eq!(s.sides[1].tactic, Tactic::Kite);
        assert_eq!(s.sides[1].placement, None);
        assert_eq!(s.sides[1].files, ["o.json"]);
        assert_eq!(s.map, "m.yaml");
    }

    #[test]
    fn a_map_axis_replaces_the_map_of_its_cells() {
        let text = TWO_AXES.replace(
            "axes:\n",
            "axes:\n  - name: carte\n    map: { options: { a: m.yaml, b: autre.yaml } }\n",
        );
        let spec = parse_sweep("s.yaml", &text).unwrap();
        assert_eq!(spec.axes[0].side, None);
        assert_eq!(maps(&spec), ["m.yaml", "autre.yaml"]);
        let all = cells(&spec);
        assert_eq!(all.len(), 24);
        assert_eq!(setup(&spec, &all[0]).map, "m.yaml");
        assert_eq!(setup(&spec, &all[12]).map, "autre.yaml");
        assert_eq!(labels(&spec, &all[12]), ["b", "ouest", "default", "deux"]);
    }
}
