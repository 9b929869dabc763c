//! The HTML page of a finished sweep (`pf1e-sim sweep --html OUT.html`): one
//! self-contained file — inline CSS and inline SVG, no script, no external URL — holding the
//! sweep's parameters, a heatmap of the first side's win rate for every pair of axes (each
//! square's 3σ band and counts in its SVG `<title>`, shown on hover), the cell table, and the
//! map drawn once per placement option with that option's start squares highlighted.
//!
//! Pure and deterministic: tallies and maps in, text out (no clock); every text that comes from
//! a file (names, labels, paths) is escaped.

use std::fmt::Write as _;

use pf1e_engine::board::{Board, Pos};
use pf1e_engine::map::Map;

use crate::band::{Band, three_sigma};
use crate::cells::labels;
use crate::numbers::plural;
use crate::sweep_report::SweepResults;

/// One map drawing: the map a placement option plays on and the squares it starts from.
#[derive(Clone, Debug)]
pub struct MapDrawing<'a> {
    /// What is drawn, e.g. « depart_players = ouest (players) ».
    pub caption: String,
    pub map: &'a Map,
    /// The start squares highlighted (empty: the map alone).
    pub start: Vec<Pos>,
}

/// Escapes `text` for HTML element content and attribute values.
pub fn escape(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&#39;"),
            c => out.push(c),
        }
    }
    out
}

pub(crate) const STYLE: &str = "body{font-family:sans-serif;margin:1.5em;color:#222;background:#fff}\
h1{font-size:1.4em}h2{font-size:1.15em;margin-top:1.6em}\
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #bbb;padding:.2em .5em;text-align:right}\
th{background:#eee}td.l,th.l{text-align:left}dl{display:grid;grid-template-columns:max-content auto;gap:.2em 1em}\
dt{font-weight:bold}dd{margin:0}figure{display:inline-block;margin:.5em 1.5em .5em 0;vertical-align:top}\
svg text{font-family:sans-serif}.rect:hover{stroke:#000;stroke-width:2}";

/// The colour scale of one heatmap: red at the lowest win rate observed among its squares,
/// through yellow, to green at the highest, so close rates (93 % and 98.8 %) still look apart.
/// The legend under the heatmap prints both ends, so a colour is never read as an absolute
/// rate; squares without fights are grey.
#[derive(Clone, Copy, Debug, PartialEq)]
struct Scale {
    low: f64,
    high: f64,
}

impl Scale {
    /// The range of `rates` (the squares with fights); `None` when there is none.
    fn observed(rates: impl IntoIterator<Item = f64>) -> Option<Scale> {
        rates.into_iter().fold(None, |scale, r| {
            let r = r.clamp(0.0, 1.0);
            Some(match scale {
                None => Scale { low: r, high: r },
                Some(Scale { low, high }) => Scale {
                    low: low.min(r),
                    high: high.max(r),
                },
            })
        })
    }

    /// Where `rate` sits in the scale, from 0 (lowest) to 1 (highest); ½ when every square
    /// has the same rate.
    fn position(&self, rate: f64) -> f64 {
        let spread = self.high - self.low;
        if spread <= 0.0 {
            0.5
        } else {
            ((rate - self.low) / spread).clamp(0.0, 1.0)
        }
    }

    fn colour(&self, rate: Option<f64>) -> String {
        match rate {
            Some(r) => hue(self.position(r)),
            None => "#ccc".to_string(),
        }
    }
}

/// Red (0) through yellow to green (1).
fn hue(position: f64) -> String {
    format!("hsl({:.0},70%,60%)", position.clamp(0.0, 1.0) * 120.0)
}

fn pct(rate: f64) -> String {
    format!("{:.1} %", rate * 100.0)
}

fn band_text(b: Option<Band>) -> String {
    b.map_or_else(
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

/// The whole page, newline-terminated.
pub fn render_sweep_html(r: &SweepResults, maps: &[MapDrawing]) -> String {
    let spec = r.spec;
    let first = r.sides.first().map_or("", String::as_str);
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta charset=\"utf-8\">\n");
    let _ = writeln!(out, "<title>Balayage : {}</title>", escape(&spec.name));
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(out, "<h1>Balayage : {}</h1>", escape(&spec.name));
    out.push_str("<dl>\n");
    let mut param = |k: &str, v: String| {
        let _ = writeln!(out, "<dt>{}</dt><dd>{}</dd>", escape(k), escape(&v));
    };
    param("Carte", r.map.clone());
    for (name, files) in &spec.sides {
        param(&format!("Camp {name}"), files.join(", "));
    }
    param("Combats par cellule", spec.runs.to_string());
    param(
        "Seed",
        format!(
            "{} (le combat i de chaque cellule utilise la seed {} + i)",
            spec.seed, spec.seed
        ),
    );
    param("Plafond de rounds", spec.round_cap.to_string());
    param(
        "Mort simplifiée des monstres",
        if spec.simple_monster_death {
            "oui"
        } else {
            "non"
        }
        .to_string(),
    );
    for a in &spec.axes {
        let side = a
            .side
            .as_deref()
            .map(|s| format!(" ({s})"))
            .unwrap_or_default();
        param(&format!("Axe {}{side}", a.name), a.labels().join(", "));
    }
    param("Cellules", r.cells.len().to_string());
    out.push_str("</dl>\n");

    heatmaps(&mut out, r, first);
    cell_table(&mut out, r);
    if !maps.is_empty() {
        out.push_str("<h2>Carte et placements</h2>\n");
        for m in maps {
            draw_map(&mut out, m);
        }
    }
    out.push_str("</body>\n</html>\n");
    out
}

/// Wins of the first side and fights, summed over the cells with option `a` on axis `i` and
/// option `b` on axis `j` (`j` = `None`: axis `i` alone).
fn aggregate(r: &SweepResults, i: usize, a: usize, j: Option<(usize, usize)>) -> (u64, u64, u64) {
    let mut wins = 0;
    let mut fights = 0;
    let mut draws = 0;
    for (cell, t) in &r.cells {
        if cell[i] != a || j.is_some_and(|(j, b)| cell[j] != b) {
            continue;
        }
        wins += t.wins.first().copied().unwrap_or(0);
        fights += t.fights;
        draws += t.draws;
    }
    (wins, fights, draws)
}

const SQ: usize = 96;
const LABEL_W: usize = 140;
const HEAD_H: usize = 40;

fn heatmaps(out: &mut String, r: &SweepResults, first: &str) {
    let axes = &r.spec.axes;
    let mut pairs: Vec<(usize, Option<usize>)> = Vec::new();
    for i in 0..axes.len() {
        for j in i + 1..axes.len() {
            pairs.push((i, Some(j)));
        }
    }
    if axes.len() == 1 {
        pairs.push((0, None));
    }
    if pairs.is_empty() {
        return;
    }
    let _ = writeln!(
        out,
        "<h2>Victoires {} par paire d'axes</h2>\n<p>Taux de victoire de {} (les autres axes confondus) ; survoler une case montre sa bande 3σ et ses effectifs. Les couleurs vont du plus bas au plus haut taux observé dans chaque carte (bornes sous la carte) : comparer les nombres, pas les couleurs, d'une carte à l'autre.</p>",
        escape(first),
        escape(first)
    );
    for (i, j) in pairs {
        heatmap(out, r, first, i, j);
    }
}

/// The heatmap of axis `i` (rows) against axis `j` (columns; `None`: axis `i` alone).
fn heatmap(out: &mut String, r: &SweepResults, first: &str, i: usize, j: Option<usize>) {
    let axes = &r.spec.axes;
    let rows = axes[i].labels();
    let cols = j.map_or_else(|| vec![String::new()], |j| axes[j].labels());
    let width = (LABEL_W + cols.len() * SQ + 10).max(LABEL_W + 11 * 12 + 400);
    let height = HEAD_H + rows.len() * SQ + 50;
    let caption = match j {
        Some(j) => format!("{} (lignes) × {} (colonnes)", axes[i].name, axes[j].name),
        None => axes[i].name.clone(),
    };
    let _ = writeln!(
        out,
        "<figure><figcaption>{}</figcaption>\n<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\">",
        escape(&caption)
    );
    for (c, label) in cols.iter().enumerate() {
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"12\">{}</text>",
            LABEL_W + c * SQ + SQ / 2,
            HEAD_H - 10,
            escape(label)
        );
    }
    let squares: Vec<Vec<(u64, u64, u64)>> = (0..rows.len())
        .map(|a| {
            (0..cols.len())
                .map(|b| aggregate(r, i, a, j.map(|j| (j, b))))
                .collect()
        })
        .collect();
    let scale = Scale::observed(
        squares
            .iter()
            .flatten()
            .filter_map(|&(wins, fights, _)| three_sigma(wins, fights).map(|b| b.rate)),
    );
    for (a, row_label) in rows.iter().enumerate() {
        let y = HEAD_H + a * SQ;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"12\">{}</text>",
            LABEL_W - 6,
            y + SQ / 2 + 4,
            escape(row_label)
        );
        for (b, col_label) in cols.iter().enumerate() {
            let (wins, fights, draws) = squares[a][b];
            let band = three_sigma(wins, fights);
            let x = LABEL_W + b * SQ;
            let what = match j {
                Some(j) => format!(
                    "{} = {}, {} = {}",
                    axes[i].name, row_label, axes[j].name, col_label
                ),
                None => format!("{} = {}", axes[i].name, row_label),
            };
            let tip = format!(
                "{what} — victoires {first} : {} (bande 3σ) ; {}, {} sur {}",
                band_text(band),
                plural(wins, "victoire", "victoires"),
                plural(draws, "nul", "nuls"),
                plural(fights, "combat", "combats"),
            );
            let fill = scale.map_or_else(|| "#ccc".to_string(), |s| s.colour(band.map(|b| b.rate)));
            let _ = writeln!(
                out,
                "<rect class=\"rect\" x=\"{x}\" y=\"{y}\" width=\"{SQ}\" height=\"{SQ}\" fill=\"{fill}\" stroke=\"#fff\"><title>{}</title></rect>",
                escape(&tip)
            );
            let _ = writeln!(
                out,
                "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"13\" pointer-events=\"none\">{}</text>",
                x + SQ / 2,
                y + SQ / 2 + 5,
                band.map_or_else(|| "—".to_string(), |b| format!("{:.1}%", b.rate * 100.0))
            );
        }
    }
    if let Some(scale) = scale {
        legend(out, HEAD_H + rows.len() * SQ + 12, first, scale);
    }
    out.push_str("</svg></figure>\n");
}

/// The legend under a heatmap, at height `ly`: a gradient bar from the lowest observed rate
/// (left, printed) to the highest (right, printed).
fn legend(out: &mut String, ly: usize, first: &str, scale: Scale) {
    for k in 0..=10 {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{ly}\" width=\"12\" height=\"12\" fill=\"{}\"/>",
            LABEL_W + k * 12,
            hue(k as f64 / 10.0)
        );
    }
    let _ = writeln!(
        out,
        "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"11\">{}</text><text x=\"{}\" y=\"{}\" font-size=\"11\">{} (victoires {}, du plus bas au plus haut observé)</text>",
        LABEL_W - 4,
        ly + 10,
        escape(&pct(scale.low)),
        LABEL_W + 11 * 12 + 4,
        ly + 10,
        escape(&pct(scale.high)),
        escape(first)
    );
}

fn cell_table(out: &mut String, r: &SweepResults) {
    out.push_str("<h2>Cellules</h2>\n<table>\n<tr><th>#</th>");
    for a in &r.spec.axes {
        let _ = write!(out, "<th class=\"l\">{}</th>", escape(&a.name));
    }
    for s in &r.sides {
        let _ = write!(out, "<th>Victoires {} (bande 3σ)</th>", escape(s));
    }
    out.push_str("<th>Nuls</th><th>Rounds moyens</th><th>Combats</th></tr>\n");
    for (n, (cell, t)) in r.cells.iter().enumerate() {
        let _ = write!(out, "<tr><td>{}</td>", n + 1);
        for label in labels(r.spec, cell) {
            let _ = write!(out, "<td class=\"l\">{}</td>", escape(&label));
        }
        for &w in &t.wins {
            let _ = write!(
                out,
                "<td>{}</td>",
                escape(&band_text(three_sigma(w, t.fights)))
            );
        }
        let draws = if t.fights == 0 {
            "—".to_string()
        } else {
            pct(t.draws as f64 / t.fights as f64)
        };
        let rounds = if t.fights == 0 {
            "—".to_string()
        } else {
            format!("{:.1}", t.rounds_sum as f64 / t.fights as f64)
        };
        let _ = writeln!(
            out,
            "<td>{}</td><td>{rounds}</td><td>{}</td></tr>",
            escape(&draws),
            t.fights
        );
    }
    out.push_str("</table>\n");
}

const MAP_SQ: usize = 20;

/// Zone tints, by the letter's position in the map's zone letters.
const ZONE_TINTS: [&str; 6] = [
    "#9ecae1", "#fcbba1", "#c7e9c0", "#dadaeb", "#fdd0a2", "#d9d9d9",
];

pub(crate) fn draw_map(out: &mut String, m: &MapDrawing) {
    let map = m.map;
    let (rows, cols) = (usize::from(map.rows()), usize::from(map.cols()));
    let height = rows * MAP_SQ;
    // Room for the legend under a narrow map.
    let width = (cols * MAP_SQ).max(5 * 110);
    let letters = map.zone_letters();
    let _ = writeln!(
        out,
        "<figure><figcaption>{}</figcaption>\n<svg width=\"{width}\" height=\"{}\" viewBox=\"0 0 {width} {}\" role=\"img\">",
        escape(&m.caption),
        height + 40,
        height + 40
    );
    for r in 0..rows {
        for c in 0..cols {
            let at = Pos::new(r as u16, c as u16);
            let t = map.terrain_at(at);
            let (fill, what) = match map.move_cost(at) {
                None if t.cover_bonus > 0 => {
                    ("#8c6d46", format!("{} (abri +{})", t.kind, t.cover_bonus))
                }
                None => ("#444", t.kind.clone()),
                Some(cost) if cost > 1 => {
                    ("#c9b27c", format!("{} (terrain difficile ×{cost})", t.kind))
                }
                Some(_) if t.cover_bonus > 0 => {
                    ("#d8c8a8", format!("{} (abri +{})", t.kind, t.cover_bonus))
                }
                Some(_) => ("#f7f7f7", t.kind.clone()),
            };
            let zone = map.zone_at(at);
            let fill = match zone.and_then(|z| letters.iter().position(|&l| l == z)) {
                Some(k) if map.move_cost(at).is_some() => ZONE_TINTS[k % ZONE_TINTS.len()],
                _ => fill,
            };
            let mut tip = format!("[{r}, {c}] {what}");
            if let Some(z) = zone {
                let _ = write!(tip, ", zone {z}");
            }
            let _ = writeln!(
                out,
                "<rect x=\"{}\" y=\"{}\" width=\"{MAP_SQ}\" height=\"{MAP_SQ}\" fill=\"{fill}\" stroke=\"#bbb\" stroke-width=\"0.5\"><title>{}</title></rect>",
                c * MAP_SQ,
                r * MAP_SQ,
                escape(&tip)
            );
            if map.move_cost(at).is_some_and(|cost| cost > 1) {
                let _ = writeln!(
                    out,
                    "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"10\" fill=\"#7a5c1e\" pointer-events=\"none\">{}</text>",
                    c * MAP_SQ + MAP_SQ / 2,
                    r * MAP_SQ + MAP_SQ / 2 + 4,
                    escape(&t.symbol.to_string())
                );
            }
        }
    }
    for (k, q) in m.start.iter().enumerate() {
        let _ = writeln!(
            out,
            "<circle cx=\"{}\" cy=\"{}\" r=\"{}\" fill=\"#e6550d\" stroke=\"#000\"><title>départ {} : [{}, {}]</title></circle>",
            usize::from(q.col) * MAP_SQ + MAP_SQ / 2,
            usize::from(q.row) * MAP_SQ + MAP_SQ / 2,
            MAP_SQ / 2 - 3,
            k + 1,
            q.row,
            q.col
        );
    }
    let legend = [
        ("#444", "mur"),
        ("#8c6d46", "abri"),
        ("#c9b27c", "terrain difficile"),
        ("#9ecae1", "zone"),
        ("#e6550d", "départ"),
    ];
    for (k, (fill, name)) in legend.iter().enumerate() {
        let x = k * 110;
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"12\" height=\"12\" fill=\"{fill}\"/><text x=\"{}\" y=\"{}\" font-size=\"11\">{name}</text>",
            height + 14,
            x + 16,
            height + 24
        );
    }
    out.push_str("</svg></figure>\n");
}

#[cfg(test)]
#[path = "sweep_html_tests.rs"]
mod tests;
