//! The balance report in French text, in the shape of the reference spec « Démarrage
//! rapide ». A report is a pure function of (header, merged [`Tally`]): the local `run`, a
//! coordinator and a later `merge` all render through here, so equal tallies give equal bytes.
//!
//! Formatting is deterministic: one decimal everywhere (Rust's `{:.1}`, no locale), floats only
//! from [`Figures`]. Text owns French words and layout; it never computes a statistic. The
//! « Soins prodigués » column reads the tally's `healing_done`, which nothing writes yet: it
//! shows 0.0 until healing exists.

use std::fmt::Write as _;

use pf1e_engine::tally::Tally;

use crate::difficulty::Encounter;
use crate::figures::Figures;
use crate::header::{ReportHeader, ShapeMismatch};
pub(crate) use crate::numbers::{decimal, pct, plural};
use crate::synthesis::synthesis;
use crate::table::{self, Align, Column, Row};
use crate::target_band::stop_line;
use crate::warnings::warnings;

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
            plural(side.combatants as u64, "combattant", "combattants")
        );
    }
    let _ = writeln!(
        out,
        "{} (seed {}, plafond {})",
        plural(figures.fights, "combat simulé", "combats simulés"),
        header.seed,
        plural(u64::from(header.round_cap), "round", "rounds")
    );
    if let Some(target) = header.target_band {
        out.push_str(&stop_line(target, &header.side_names(), tally));
        out.push('\n');
    }
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
    if let Some(line) = difficulty_line(header, &figures) {
        out.push_str(&line);
        out.push('\n');
    }
    for line in warnings(header, tally, &figures) {
        out.push_str(&line);
        out.push('\n');
    }
    if !header.units.is_empty() {
        out.push('\n');
        out.push_str("Attrition moyenne par combattant :\n");
        out.push_str(&attrition_table(header, &figures));
    }
    let sentences = synthesis(header, tally, &figures);
    if !sentences.is_empty() {
        out.push_str("\nSynthèse :\n");
        for line in sentences {
            out.push_str(&line);
            out.push('\n');
        }
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

/// The report's line, « Difficulté CRB : difficile (FP 5 contre NMG 3) — victoire simulée
/// 62.0% », the rate being the party side's; `None` when the header has no encounter.
pub fn difficulty_line(header: &ReportHeader, figures: &Figures) -> Option<String> {
    let encounter = header.encounter.as_ref()?;
    let d = Encounter::difficulty(encounter);
    let rate = figures.sides.get(encounter.party_side).and_then(|s| s.rate);
    Some(format!(
        "Difficulté CRB : {} (FP {} contre NMG {}) — victoire simulée {}",
        d.label,
        d.cr,
        d.apl,
        pct(rate)
    ))
}

#[cfg(test)]
#[path = "report_tests.rs"]
pub(crate) mod tests;
