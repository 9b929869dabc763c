//! Rendering a finished sweep: the French text report (a line per cell in axis
//! order, a 2-D table of the first side's win % for two axes, the best and worst cells, cells
//! whose 3σ band excludes the sweep's overall rate marked « * »), and the same numbers as JSON
//! and CSV in a stable order. Pure: integer tallies in, text out; floats only at rendering.

use std::fmt::Write as _;

use pf1e_engine::tally::Tally;
use serde_json::json;

use crate::band::{Band, three_sigma};
use crate::cells::Cell;
use crate::sweep_spec::{AxisKind, SweepSpec};
use crate::table::{Align, Column, Row, render};
use crate::target_band::{BAND_STEP, TargetBand};

/// A finished sweep: every cell in axis order with its merged tally.
#[derive(Clone, Debug)]
pub struct SweepResults<'a> {
    pub spec: &'a SweepSpec,
    /// The map's title as shown.
    pub map: String,
    /// Side names in the order of each tally's `wins` (the map's deployment order).
    pub sides: Vec<String>,
    pub cells: Vec<(Cell, Tally)>,
    /// `--target-band`: each cell stopped at its own first checkpoint within it (`runs` is then
    /// a maximum); the text gains a « Combats » column and a line saying so.
    pub target_band: Option<TargetBand>,
}

/// The numbers of one cell.
struct CellFigures {
    labels: Vec<String>,
    fights: u64,
    wins: Vec<u64>,
    bands: Vec<Option<Band>>,
    draws: u64,
    mean_rounds: Option<f64>,
    /// The first side's band excludes the sweep's overall rate.
    outside: bool,
}

impl SweepResults<'_> {
    /// The first side's win rate over every fight of the sweep.
    fn overall(&self) -> Option<f64> {
        let wins: u64 = self
            .cells
            .iter()
            .map(|(_, t)| t.wins.first().copied().unwrap_or(0))
            .sum();
        let fights: u64 = self.cells.iter().map(|(_, t)| t.fights).sum();
        (fights > 0).then(|| wins as f64 / fights as f64)
    }

    fn figures(&self) -> Vec<CellFigures> {
        let overall = self.overall();
        self.cells
            .iter()
            .map(|(cell, t)| {
                let bands: Vec<Option<Band>> =
                    t.wins.iter().map(|&w| three_sigma(w, t.fights)).collect();
                let outside = match (bands.first().copied().flatten(), overall) {
                    (Some(b), Some(o)) => o < b.low || o > b.high,
                    _ => false,
                };
                CellFigures {
                    labels: crate::cells::labels(self.spec, cell),
                    fights: t.fights,
                    wins: t.wins.clone(),
                    bands,
                    draws: t.draws,
                    mean_rounds: (t.fights > 0).then(|| t.rounds_sum as f64 / t.fights as f64),
                    outside,
                }
            })
            .collect()
    }
}

fn pct(rate: f64) -> String {
    format!("{:.1} %", rate * 100.0)
}

fn band_text(band: Option<Band>) -> String {
    band.map_or_else(
        || "—".to_string(),
        |b| {
            format!(
                "{} [{:.1} – {:.1}]",
                pct(b.rate),
                b.low * 100.0,
                b.high * 100.0
            )
        },
    )
}

fn rate_of(f: &CellFigures) -> Option<f64> {
    f.bands.first().copied().flatten().map(|b| b.rate)
}

/// The French text report, newline-terminated: the header, one line per cell, the overall
/// rate, the table of two axes (when there are exactly two), the best and worst cells.
pub fn render_sweep_text(r: &SweepResults) -> String {
    let spec = r.spec;
    let figs = r.figures();
    let mut out = String::new();
    let _ = writeln!(out, "=== Balayage : {} ===", spec.name);
    let _ = writeln!(out, "Carte : {}", r.map);
    let _ = writeln!(
        out,
        "{} cellule(s) × {} combat(s) (seed {}, plafond {} rounds) ; le combat i de chaque cellule utilise la seed {} + i (nombres aléatoires communs)",
        figs.len(),
        spec.runs,
        spec.seed,
        spec.round_cap,
        spec.seed
    );
    if let Some(target) = r.target_band {
        let _ = writeln!(
            out,
            "Arrêt par cellule à la première tranche de {BAND_STEP} combats (dans l'ordre des seeds) où la bande 3σ de chaque camp est ≤ ±{target} {}, au plus {} combats : colonne Combats",
            target.unit(),
            spec.runs
        );
    }
    out.push('\n');
    cell_lines(&mut out, r, &figs);
    let first = r.sides.first().map_or("", String::as_str);
    if let Some(o) = r.overall() {
        out.push('\n');
        let _ = writeln!(out, "Taux global de victoire {first} : {}", pct(o));
        let _ = writeln!(
            out,
            "* : la bande 3σ de la cellule exclut le taux global de {first}."
        );
    }
    if spec.axes.len() == 2 {
        two_axes(&mut out, spec, &figs, first);
    }
    best_and_worst(&mut out, &figs, first);
    out
}

/// One line per cell: its options, each side's win % with its band, draws, mean rounds, and
/// « * » when the first side's band excludes the overall rate.
fn cell_lines(out: &mut String, r: &SweepResults, figs: &[CellFigures]) {
    let spec = r.spec;
    let mut headers: Vec<String> = vec!["#".to_string()];
    headers.extend(spec.axes.iter().map(|a| a.name.clone()));
    let counted = r.target_band.is_some();
    if counted {
        headers.push("Combats".to_string());
    }
    headers.extend(r.sides.iter().map(|s| format!("Victoires {s}")));
    headers.extend([
        "Nuls".to_string(),
        "Rounds moyens".to_string(),
        "Écart".to_string(),
    ]);
    let columns: Vec<Column> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| Column {
            header: h,
            align: if i == 0 || i > spec.axes.len() {
                Align::Right
            } else {
                Align::Left
            },
        })
        .collect();
    let rows: Vec<Row> = figs
        .iter()
        .enumerate()
        .map(|(i, f)| {
            let mut cells = vec![(i + 1).to_string()];
            cells.extend(f.labels.iter().cloned());
            if counted {
                cells.push(f.fights.to_string());
            }
            cells.extend(f.bands.iter().map(|&b| band_text(b)));
            cells.push(if f.fights == 0 {
                "—".to_string()
            } else {
                pct(f.draws as f64 / f.fights as f64)
            });
            cells.push(
                f.mean_rounds
                    .map_or_else(|| "—".to_string(), |m| format!("{m:.1}")),
            );
            cells.push(if f.outside {
                "*".to_string()
            } else {
                String::new()
            });
            Row::Cells(cells)
        })
        .collect();
    // An unmarked cell leaves the last column empty: no trailing spaces.
    for line in render(&columns, &rows).lines() {
        out.push_str(line.trim_end());
        out.push('\n');
    }
}

/// The first side's win % with the first axis as rows and the second as columns.
fn two_axes(out: &mut String, spec: &SweepSpec, figs: &[CellFigures], first: &str) {
    out.push('\n');
    let _ = writeln!(
        out,
        "Victoires {first} : {} (lignes) × {} (colonnes)",
        spec.axes[0].name, spec.axes[1].name
    );
    let cols = spec.axes[1].labels();
    let mut headers = vec![spec.axes[0].name.clone()];
    headers.extend(cols.iter().cloned());
    let columns: Vec<Column> = headers
        .iter()
        .enumerate()
        .map(|(i, h)| Column {
            header: h,
            align: if i == 0 { Align::Left } else { Align::Right },
        })
        .collect();
    let rows: Vec<Row> = spec.axes[0]
        .labels()
        .into_iter()
        .enumerate()
        .map(|(i, label)| {
            let mut cells = vec![label];
            for f in &figs[i * cols.len()..(i + 1) * cols.len()] {
                let mark = if f.outside { "*" } else { "" };
                cells.push(
                    rate_of(f).map_or_else(|| "—".to_string(), |x| format!("{mark}{}", pct(x))),
                );
            }
            Row::Cells(cells)
        })
        .collect();
    out.push_str(&render(&columns, &rows));
}

/// The cells with the first side's highest and lowest win rate (ties: the first in axis
/// order).
fn best_and_worst(out: &mut String, figs: &[CellFigures], first: &str) {
    let rated: Vec<(usize, f64)> = figs
        .iter()
        .enumerate()
        .filter_map(|(i, f)| Some((i, rate_of(f)?)))
        .collect();
    let best = rated
        .iter()
        .fold(None::<(usize, f64)>, |acc, &(i, x)| match acc {
            Some((_, y)) if y >= x => acc,
            _ => Some((i, x)),
        });
    let worst = rated
        .iter()
        .fold(None::<(usize, f64)>, |acc, &(i, x)| match acc {
            Some((_, y)) if y <= x => acc,
            _ => Some((i, x)),
        });
    if let (Some((b, bx)), Some((w, wx))) = (best, worst) {
        out.push('\n');
        let _ = writeln!(
            out,
            "Meilleure cellule pour {first} : n° {} ({}) — {}",
            b + 1,
            figs[b].labels.join(", "),
            pct(bx)
        );
        let _ = writeln!(
            out,
            "Pire cellule pour {first} : n° {} ({}) — {}",
            w + 1,
            figs[w].labels.join(", "),
            pct(wx)
        );
    }
}

fn kind_name(kind: &AxisKind) -> &'static str {
    match kind {
        AxisKind::Placements(_) => "placements",
        AxisKind::Tactics(_) => "tactics",
        AxisKind::Roster(_) => "roster",
        AxisKind::Map(_) => "map",
    }
}

/// The same numbers as pretty-printed JSON (newline-terminated), cells in axis order.
pub fn render_sweep_json(r: &SweepResults) -> String {
    let spec = r.spec;
    let figs = r.figures();
    let axes: Vec<_> = spec
        .axes
        .iter()
        .map(|a| json!({ "name": a.name, "kind": kind_name(&a.kind), "side": a.side, "options": a.labels() }))
        .collect();
    let cells: Vec<_> = figs
        .iter()
        .zip(&r.cells)
        .enumerate()
        .map(|(i, (f, (_, tally)))| {
            let sides: Vec<_> = r
                .sides
                .iter()
                .zip(&f.wins)
                .zip(&f.bands)
                .map(|((s, w), b)| {
                    json!({ "side": s, "wins": w, "rate": b.map(|b| b.rate), "low": b.map(|b| b.low), "high": b.map(|b| b.high) })
                })
                .collect();
            let mut cell = json!({
                "cell": i + 1,
                "options": f.labels,
                "fights": f.fights,
                "sides": sides,
                "draws": f.draws,
                "mean_rounds": f.mean_rounds,
                "outside_overall": f.outside,
            });
            if let Some(target) = r.target_band {
                cell["band_met"] = json!(target.holds(tally));
            }
            cell
        })
        .collect();
    let doc = json!({
        "name": spec.name,
        "map": r.map,
        "runs": spec.runs,
        "seed": spec.seed,
        "round_cap": spec.round_cap,
        "simple_monster_death": spec.simple_monster_death,
        "sides": r.sides,
        "axes": axes,
        "overall_rate": r.overall(),
        "cells": cells,
    });
    let mut doc = doc;
    if let Some(target) = r.target_band {
        doc["target_band"] = json!({
            "target_points": target.points(),
            "target_ten_thousandths": target.ten_thousandths(),
            "step": BAND_STEP,
        });
    }
    let mut text = serde_json::to_string_pretty(&doc).expect("a JSON value always serialises");
    text.push('\n');
    text
}

/// One CSV field, quoted when it must be (RFC 4180).
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", text.replace('"', "\"\""))
    } else {
        text.to_string()
    }
}

fn opt(value: Option<f64>) -> String {
    value.map_or_else(String::new, |v| format!("{v:.6}"))
}

/// The same numbers as CSV (a header line, then one line per cell in axis order).
pub fn render_sweep_csv(r: &SweepResults) -> String {
    let figs = r.figures();
    let mut header: Vec<String> = vec!["cell".to_string()];
    header.extend(r.spec.axes.iter().map(|a| a.name.clone()));
    header.push("fights".to_string());
    for s in &r.sides {
        for what in ["wins", "rate", "low", "high"] {
            header.push(format!("{s}_{what}"));
        }
    }
    header.extend(["draws", "mean_rounds", "outside_overall"].map(String::from));
    let mut out = String::new();
    let line = |fields: Vec<String>, out: &mut String| {
        let fields: Vec<String> = fields.iter().map(|f| csv_field(f)).collect();
        out.push_str(&fields.join(","));
        out.push('\n');
    };
    line(header, &mut out);
    for (i, f) in figs.iter().enumerate() {
        let mut fields = vec![(i + 1).to_string()];
        fields.extend(f.labels.iter().cloned());
        fields.push(f.fights.to_string());
        for (w, b) in f.wins.iter().zip(&f.bands) {
            fields.push(w.to_string());
            fields.push(opt(b.map(|b| b.rate)));
            fields.push(opt(b.map(|b| b.low)));
            fields.push(opt(b.map(|b| b.high)));
        }
        fields.push(f.draws.to_string());
        fields.push(opt(f.mean_rounds));
        fields.push(f.outside.to_string());
        line(fields, &mut out);
    }
    out
}

#[cfg(test)]
#[path = "sweep_report_tests.rs"]
mod tests;
