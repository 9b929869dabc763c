//! The HTML page of a `run` (`pf1e-sim run --html OUT.html`): one self-contained file — inline
//! CSS and inline SVG, no script, no external URL — like the sweep page: the job and the
//! command that reproduces it, the win rates with their 3σ bands as a chart, the CRB
//! difficulty, the warnings and the synthesis, the rounds histogram, the attrition table with
//! bars, each combatant's hit points left at the end, and the map with the deployment drawn.
//!
//! Pure and deterministic: (header, tally, map drawing, command) in, text out; every text that
//! comes from a file is escaped. Floats only from [`Figures`], formatted with one decimal.

use std::fmt::Write as _;

use pf1e_engine::tally::{HP_BUCKETS, ROUND_BUCKETS, Tally};

use crate::figures::Figures;
use crate::header::{ReportHeader, ShapeMismatch};
use crate::numbers::pct;
use crate::report::difficulty_line;
use crate::sweep_html::{MapDrawing, STYLE, draw_map, escape};
use crate::synthesis::synthesis;
use crate::target_band::stop_line;
use crate::warnings::warnings;

/// Width of the charts' drawing area, in pixels.
const CHART_W: usize = 420;
const LABEL_W: usize = 140;
const BAR_H: usize = 22;
/// Colours of the hit-point buckets, dead to nearly full.
const HP_COLOURS: [&str; HP_BUCKETS] = [
    "#444", "#d7301f", "#fc8d59", "#fdcc8a", "#a1d99b", "#31a354",
];
/// French names of the hit-point buckets.
const HP_NAMES: [&str; HP_BUCKETS] = ["mort", "≤ 0 pv", "1–25 %", "26–50 %", "51–75 %", "76–100 %"];

/// The whole page, newline-terminated. `command` is the command line that reproduces the run.
pub fn render_run_html(
    header: &ReportHeader,
    tally: &Tally,
    map: Option<&MapDrawing>,
    command: &str,
) -> Result<String, ShapeMismatch> {
    let f = Figures::compute(header, tally)?;
    let mut out = String::new();
    out.push_str("<!DOCTYPE html>\n<html lang=\"fr\">\n<head>\n<meta charset=\"utf-8\"/>\n");
    let _ = writeln!(
        out,
        "<title>Rapport d'équilibrage : {}</title>",
        escape(&header.map)
    );
    let _ = writeln!(out, "<style>{STYLE}</style>\n</head>\n<body>");
    let _ = writeln!(
        out,
        "<h1>Rapport d'équilibrage : {}</h1>",
        escape(&header.map)
    );
    let _ = writeln!(
        out,
        "<p>{} combats, seed {} (le combat i utilise la seed {} + i), plafond de {} rounds.</p>\n<p>Pour le reproduire : <code>{}</code></p>",
        f.fights,
        header.seed,
        header.seed,
        header.round_cap,
        escape(command)
    );
    // A precision-driven job (`--target-band`): where it stopped and why, as in the text report.
    if let Some(target) = header.target_band {
        let line = stop_line(target, &header.side_names(), tally);
        let _ = writeln!(out, "<p>{}</p>", escape(&line));
    }
    win_chart(&mut out, header, &f);
    let lines = difficulty_line(header, &f)
        .into_iter()
        .chain(warnings(header, tally, &f));
    for line in lines {
        let _ = writeln!(out, "<p>{}</p>", escape(&line));
    }
    rounds_chart(&mut out, tally);
    attrition(&mut out, header, &f);
    hp_chart(&mut out, header, tally);
    let sentences = synthesis(header, tally, &f);
    if !sentences.is_empty() {
        out.push_str("<h2>Synthèse</h2>\n");
        for s in sentences {
            let _ = writeln!(out, "<p>{}</p>", escape(&s));
        }
    }
    if let Some(m) = map {
        out.push_str("<h2>Carte et déploiement</h2>\n");
        draw_map(&mut out, m);
    }
    out.push_str("</body>\n</html>\n");
    Ok(out)
}

/// Opens an SVG chart of `rows` bars.
fn open_svg(out: &mut String, rows: usize) -> usize {
    let width = LABEL_W + CHART_W + 160;
    let height = rows * BAR_H + 30;
    let _ = writeln!(
        out,
        "<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\">"
    );
    height
}

fn x_of(rate: f64) -> usize {
    LABEL_W + (rate.clamp(0.0, 1.0) * CHART_W as f64).round() as usize
}

/// One bar of the win chart: its label, its rate and its 3σ band (low, high).
type WinRow = (String, Option<f64>, Option<(f64, f64)>);

/// Win rates (and draws) as bars with the 3σ band drawn over each.
fn win_chart(out: &mut String, header: &ReportHeader, f: &Figures) {
    out.push_str("<h2>Victoires (bande 3σ)</h2>\n");
    let height = open_svg(out, header.sides.len() + 1);
    let mut rows: Vec<WinRow> = (header.sides.iter())
        .zip(&f.sides)
        .map(|(s, sf)| (s.name.clone(), sf.rate, sf.band.map(|b| (b.low, b.high))))
        .collect();
    rows.push(("Nuls".to_string(), f.draw_rate, None));
    for (k, (name, rate, band)) in rows.iter().enumerate() {
        let y = 10 + k * BAR_H;
        let rate_x = x_of(rate.unwrap_or(0.0));
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"12\">{}</text><rect x=\"{LABEL_W}\" y=\"{y}\" width=\"{}\" height=\"{}\" fill=\"#6baed6\"><title>{} : {}</title></rect>",
            LABEL_W - 6,
            y + 15,
            escape(name),
            rate_x - LABEL_W,
            BAR_H - 6,
            escape(name),
            pct(*rate)
        );
        if let Some((low, high)) = band {
            let _ = writeln!(
                out,
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"#000\" stroke-width=\"2\"><title>bande 3σ [{}, {}]</title></line>",
                x_of(*low),
                y + 8,
                x_of(*high),
                y + 8,
                pct(Some(*low)),
                pct(Some(*high))
            );
        }
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" font-size=\"12\">{}</text>",
            LABEL_W + CHART_W + 8,
            y + 15,
            pct(*rate)
        );
    }
    let _ = writeln!(
        out,
        "<line x1=\"{}\" y1=\"0\" x2=\"{}\" y2=\"{height}\" stroke=\"#999\" stroke-dasharray=\"4 3\"><title>50 %</title></line>\n</svg>",
        x_of(0.5),
        x_of(0.5)
    );
}

/// Fights per length in rounds, one column per bucket.
fn rounds_chart(out: &mut String, tally: &Tally) {
    out.push_str("<h2>Durée des combats (rounds)</h2>\n");
    let most = tally.rounds_hist.iter().copied().max().unwrap_or(0).max(1);
    let (col_w, chart_h) = (18, 120);
    let width = ROUND_BUCKETS * col_w + 20;
    let height = chart_h + 30;
    let _ = writeln!(
        out,
        "<svg width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" role=\"img\">"
    );
    for (r, &count) in tally.rounds_hist.iter().enumerate() {
        let h = (count as f64 / most as f64 * chart_h as f64).round() as usize;
        let x = 10 + r * col_w;
        let label = if r + 1 == ROUND_BUCKETS {
            format!("{r}+")
        } else {
            r.to_string()
        };
        let _ = writeln!(
            out,
            "<rect x=\"{x}\" y=\"{}\" width=\"{}\" height=\"{h}\" fill=\"#9e9ac8\"><title>{label} rounds : {count} combats</title></rect><text x=\"{}\" y=\"{}\" text-anchor=\"middle\" font-size=\"9\">{label}</text>",
            chart_h - h,
            col_w - 2,
            x + col_w / 2,
            chart_h + 14
        );
    }
    out.push_str("</svg>\n");
}

/// The attrition table, with a bar for the damage dealt and one for the downed rate.
fn attrition(out: &mut String, header: &ReportHeader, f: &Figures) {
    out.push_str("<h2>Attrition moyenne par combattant</h2>\n<table>\n<tr><th class=\"l\">Combattant</th><th class=\"l\">Camp</th><th>Touches</th><th>Critiques</th><th>Dégâts infligés</th><th>Dégâts subis</th><th>Soins prodigués</th><th>À terre</th><th>Tués</th></tr>\n");
    let most = (f.units.iter())
        .filter_map(|u| u.damage_dealt)
        .fold(0.0_f64, f64::max)
        .max(1e-9);
    let num = |v: Option<f64>| v.map_or_else(|| "—".to_string(), |v| format!("{v:.1}"));
    let bar = |share: f64, colour: &str| {
        format!(
            "<svg width=\"60\" height=\"10\"><rect width=\"{}\" height=\"10\" fill=\"{colour}\"/></svg>",
            (share.clamp(0.0, 1.0) * 60.0).round()
        )
    };
    for (unit, u) in header.units.iter().zip(&f.units) {
        let _ = writeln!(
            out,
            "<tr><td class=\"l\">{}</td><td class=\"l\">{}</td><td>{}</td><td>{}</td><td>{} {}</td><td>{}</td><td>{}</td><td>{} {}</td><td>{}</td></tr>",
            escape(&unit.id),
            escape(&unit.side),
            num(u.hits),
            num(u.crits),
            num(u.damage_dealt),
            bar(u.damage_dealt.unwrap_or(0.0) / most, "#fd8d3c"),
            num(u.damage_taken),
            num(u.healing_done),
            pct(u.downed_rate),
            bar(u.downed_rate.unwrap_or(0.0), "#969696"),
            pct(u.killed_rate)
        );
    }
    out.push_str("</table>\n");
}

/// Per combatant, a stacked bar of the fights by hit points left at the end.
fn hp_chart(out: &mut String, header: &ReportHeader, tally: &Tally) {
    out.push_str("<h2>Points de vie restants à la fin</h2>\n");
    let fights = tally.fights.max(1) as f64;
    open_svg(out, header.units.len() + 1);
    for (i, unit) in header.units.iter().enumerate() {
        let y = 10 + i * BAR_H;
        let _ = writeln!(
            out,
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\" font-size=\"12\">{}</text>",
            LABEL_W - 6,
            y + 15,
            escape(&unit.id)
        );
        let mut x = LABEL_W as f64;
        for (b, &count) in tally.hp_left[i * HP_BUCKETS..(i + 1) * HP_BUCKETS]
            .iter()
            .enumerate()
        {
            let w = count as f64 / fights * CHART_W as f64;
            let _ = writeln!(
                out,
                "<rect x=\"{x:.1}\" y=\"{y}\" width=\"{w:.1}\" height=\"{}\" fill=\"{}\"><title>{} : {} — {count} combats</title></rect>",
                BAR_H - 6,
                HP_COLOURS[b],
                escape(&unit.id),
                HP_NAMES[b]
            );
            x += w;
        }
    }
    let ly = 10 + header.units.len() * BAR_H;
    for (b, name) in HP_NAMES.iter().enumerate() {
        let _ = writeln!(
            out,
            "<rect x=\"{}\" y=\"{ly}\" width=\"10\" height=\"10\" fill=\"{}\"/><text x=\"{}\" y=\"{}\" font-size=\"11\">{name}</text>",
            LABEL_W + b * 80,
            HP_COLOURS[b],
            LABEL_W + b * 80 + 14,
            ly + 10
        );
    }
    out.push_str("</svg>\n");
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::{header, tally};

    /// Tags balance (a small well-formedness check: every element closed, in order).
    pub(crate) fn assert_well_formed(page: &str) {
        let mut open: Vec<String> = Vec::new();
        let mut rest = page;
        while let Some(start) = rest.find('<') {
            let end = rest[start..].find('>').expect("a closed tag") + start;
            let tag = &rest[start + 1..end];
            rest = &rest[end + 1..];
            if tag.starts_with('!') || tag.ends_with('/') {
                continue;
            }
            if let Some(name) = tag.strip_prefix('/') {
                assert_eq!(open.pop().as_deref(), Some(name), "unbalanced </{name}>");
            } else {
                open.push(tag.split_whitespace().next().unwrap().to_string());
            }
        }
        assert!(open.is_empty(), "left open: {open:?}");
    }

    #[test]
    fn the_page_is_self_contained_well_formed_and_deterministic() {
        let mut t = tally();
        t.rounds_hist[5] = 1000;
        t.hp_left[5] = 1000;
        let page = render_run_html(&header(), &t, None, "pf1e-sim run --map <m>").unwrap();
        for banned in ["http://", "https://", "<script", "src=", "href=", "url("] {
            assert!(!page.contains(banned), "{banned}");
        }
        assert_well_formed(&page);
        assert!(page.contains("<code>pf1e-sim run --map &lt;m&gt;</code>"));
        assert!(page.contains("<title>bande 3σ [94.4%, 98.0%]</title>"));
        assert!(page.contains("<title>5 rounds : 1000 combats</title>"));
        assert!(page.contains("<title>goblin : 76–100 % — 1000 combats</title>"));
        assert!(page.contains("<h2>Synthèse</h2>"));
        assert_eq!(
            page,
            render_run_html(&header(), &t, None, "pf1e-sim run --map <m>").unwrap()
        );
        assert!(
            !page.contains("Arrêt"),
            "no stop line without --target-band"
        );
    }

    #[test]
    fn a_precision_driven_page_says_where_the_job_stopped() {
        let mut h = header();
        h.target_band = Some("5".parse().unwrap());
        let t = tally();
        let page = render_run_html(&h, &t, None, "pf1e-sim run --map m").unwrap();
        let line = stop_line(h.target_band.unwrap(), &h.side_names(), &t);
        assert!(line.starts_with("Arrêt"), "{line}");
        assert!(
            page.contains(&format!("<p>{}</p>", escape(&line))),
            "{page}"
        );
        assert_well_formed(&page);
    }
}
