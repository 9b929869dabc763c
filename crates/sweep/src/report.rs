//! The balance report: its header ([`ReportHeader`], what a report says about the encounter
//! besides the tally) and the French text rendering, in the shape of seed 000 « Démarrage
//! rapide ». A report is a pure function of (header, merged [`Tally`]): the local `run`, a
//! coordinator and a later `merge` all render through here, so equal tallies give equal bytes.
//!
//! Formatting is deterministic: one decimal everywhere (Rust's `{:.1}`, no locale), floats only
//! from [`Figures`]. Text owns French words and layout; it never computes a statistic.

use std::fmt::Write as _;
use std::path::Path;

use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;
use serde::{Deserialize, Serialize};

use crate::figures::{Figures, ShapeMismatch};
use crate::table::{self, Align, Column, Row};

/// What a report says about the encounter and the job, besides the tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportHeader {
    /// The map's `name`, or its file stem when the map is unnamed.
    pub map: String,
    /// Sides in the scenario's order (the map's deployment order), as the tally's `wins`.
    pub sides: Vec<SideHeader>,
    /// Combatants in the scenario's order, as the tally's `units`.
    pub units: Vec<UnitHeader>,
    /// Runs the job asked for.
    pub runs: u64,
    pub seed: u64,
    pub round_cap: u32,
}

/// A side and how many combatants it fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideHeader {
    pub name: String,
    pub combatants: usize,
}

/// A combatant's unique id and the name of its side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitHeader {
    pub id: String,
    pub side: String,
}

impl ReportHeader {
    /// The header of a job of `runs` runs from `seed` on `scenario`.
    pub fn for_scenario(scenario: &Scenario, runs: u64, seed: u64) -> ReportHeader {
        let sides: Vec<SideHeader> = scenario
            .sides()
            .iter()
            .enumerate()
            .map(|(i, name)| SideHeader {
                name: name.clone(),
                combatants: scenario.side_size(i),
            })
            .collect();
        let units = scenario
            .units()
            .iter()
            .map(|u| UnitHeader {
                id: u.id.clone(),
                side: scenario.sides()[u.side].clone(),
            })
            .collect();
        ReportHeader {
            map: map_title(scenario.map().name(), scenario.map_label()),
            sides,
            units,
            runs,
            seed,
            round_cap: scenario.options().round_cap,
        }
    }

    /// The empty tally of this encounter (the identity of merging).
    pub fn empty_tally(&self) -> Tally {
        Tally::empty(self.sides.len(), self.units.len())
    }

    /// Whether `tally` has one win counter per side and one unit per combatant.
    pub fn check(&self, tally: &Tally) -> Result<(), ShapeMismatch> {
        if tally.wins.len() == self.sides.len() && tally.units.len() == self.units.len() {
            return Ok(());
        }
        Err(ShapeMismatch {
            header_sides: self.sides.len(),
            header_units: self.units.len(),
            tally_sides: tally.wins.len(),
            tally_units: tally.units.len(),
        })
    }
}

/// The map's title: its `name` when it has a non-blank one, else the stem of its file name
/// (`arenas/cave.yaml` → `cave`), else the label as given.
pub fn map_title(name: Option<&str>, label: &str) -> String {
    if let Some(name) = name.filter(|n| !n.trim().is_empty()) {
        return name.to_string();
    }
    Path::new(label)
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .unwrap_or(label)
        .to_string()
}

/// The French text report, newline-terminated.
pub fn render_text(header: &ReportHeader, tally: &Tally) -> Result<String, ShapeMismatch> {
    let figures = Figures::compute(header, tally)?;
    let mut out = String::new();
    out.push_str("=== Rapport d'équilibrage ===\n");
    let _ = writeln!(out, "Carte : {}", header.map);
    for side in &header.sides {
        let _ = writeln!(
            out,
            "{} : {}",
            side.name,
            plural(side.combatants as u64, "combatant", "combatants")
        );
    }
    let _ = writeln!(
        out,
        "{} (seed {}, plafond {})",
        plural(figures.fights, "combat simulé", "combats simulés"),
        header.seed,
        plural(u64::from(header.round_cap), "round", "rounds")
    );
    out.push('\n');
    for (side, f) in header.sides.iter().zip(&figures.sides) {
        let _ = write!(
            out,
            "Victoires {} : {} ({})",
            side.name,
            pct(f.rate),
            f.wins
        );
        if let Some(band) = f.band {
            let _ = write!(
                out,
                " — bande 3σ : [{}, {}]",
                pct(Some(band.low)),
                pct(Some(band.high))
            );
        }
        out.push('\n');
    }
    let _ = writeln!(out, "Nuls : {} ({})", pct(figures.draw_rate), figures.draws);
    let _ = writeln!(out, "Rounds moyens : {}", decimal(figures.mean_rounds));
    if !header.units.is_empty() {
        out.push('\n');
        out.push_str("Attrition moyenne par combattant :\n");
        out.push_str(&attrition_table(header, &figures));
    }
    Ok(out)
}

/// Per combatant: mean hits, crits, damage dealt and taken, healing per fight; % of fights
/// downed and killed.
fn attrition_table(header: &ReportHeader, figures: &Figures) -> String {
    let column = |header, align| Column { header, align };
    let columns = [
        column("Combattant", Align::Left),
        column("Camp", Align::Left),
        column("Touches", Align::Right),
        column("Critiques", Align::Right),
        column("Dégâts infligés", Align::Right),
        column("Dégâts subis", Align::Right),
        column("Soins prodigués", Align::Right),
        column("À terre", Align::Right),
        column("Tués", Align::Right),
    ];
    let rows: Vec<Row> = header
        .units
        .iter()
        .zip(&figures.units)
        .map(|(unit, f)| {
            Row::Cells(vec![
                unit.id.clone(),
                unit.side.clone(),
                decimal(f.hits),
                decimal(f.crits),
                decimal(f.damage_dealt),
                decimal(f.damage_taken),
                decimal(f.healing_done),
                pct(f.downed_rate),
                pct(f.killed_rate),
            ])
        })
        .collect();
    table::render(&columns, &rows)
}

/// `n singular` for 0 and 1 (the French rule), `n plural` otherwise.
fn plural(n: u64, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n < 2 { singular } else { plural })
}

/// One decimal, or « — » when undefined.
fn decimal(value: Option<f64>) -> String {
    value.map_or_else(|| "—".to_string(), |v| format!("{v:.1}"))
}

/// A proportion as a percentage with one decimal (`0.962` → `96.2%`), or « — ».
fn pct(rate: Option<f64>) -> String {
    rate.map_or_else(|| "—".to_string(), |r| format!("{:.1}%", r * 100.0))
}

#[cfg(test)]
#[path = "report_tests.rs"]
pub(crate) mod tests;
