//! Tests of the sweep page: self-contained (no URL, no script), one `<title>` per heatmap
//! square, every text escaped, the same bytes for the same input.

use pf1e_engine::board::Pos;
use pf1e_engine::map::parse_map;
use pf1e_engine::tally::Tally;

use super::*;
use crate::cells::cells;
use crate::sweep_spec::{SweepSpec, parse_sweep};

const SPEC: &str = "
name: Essai <b>&\"
map: m.yaml
sides: { players: [g.json], \"<script>\": [o.json] }
runs: 100
seed: 7
axes:
  - name: depart
    placements: { side: players, options: { ouest: { zone: A }, \"a<b\": { cells: [[1, 1]] } } }
  - name: tactique
    tactics: { side: \"<script>\", options: [default, kite, focus_weakest] }
";

const MAP: &str = "
name: \"Arène <i>\"
terrain: |
  ######
  #..T.#
  #.C..#
  ######
legend:
  \"#\": { type: wall, move_cost: null, blocks_los: true }
  \".\": { type: floor, move_cost: 1 }
  \"T\": { type: rubble, move_cost: 2 }
  \"C\": { type: pillar, move_cost: null, cover: true }
zones: |
  ......
  .A..B.
  ......
  ......
deployment:
  players: A
  \"<script>\": B
";

fn tally(wins: [u64; 2], draws: u64) -> Tally {
    let mut t = Tally::empty(2, 2);
    t.fights = wins[0] + wins[1] + draws;
    t.wins = wins.to_vec();
    t.draws = draws;
    t.rounds_sum = 3 * t.fights;
    t
}

fn results(spec: &SweepSpec) -> SweepResults<'_> {
    let tallies = (0..6u64).map(|i| tally([10 * i, 100 - 10 * i - 1], 1));
    SweepResults {
        spec,
        map: "Arène <i>".to_string(),
        sides: vec!["players".to_string(), "<script>".to_string()],
        cells: cells(spec).into_iter().zip(tallies).collect(),
        target_band: None,
    }
}

fn page() -> String {
    let spec = parse_sweep("s.yaml", SPEC).unwrap();
    let map = parse_map("m.yaml", MAP).unwrap();
    let drawings = [
        MapDrawing {
            caption: "depart = ouest (players)".to_string(),
            map: &map,
            start: vec![Pos::new(1, 1)],
        },
        MapDrawing {
            caption: "depart = a<b (players)".to_string(),
            map: &map,
            start: vec![Pos::new(1, 1)],
        },
    ];
    render_sweep_html(&results(&spec), &drawings)
}

#[test]
fn the_page_is_self_contained() {
    let html = page();
    assert!(html.starts_with("<!DOCTYPE html>\n"), "{html}");
    assert!(html.ends_with("</html>\n"));
    for banned in ["http://", "https://", "<script", "src=", "href=", "url("] {
        assert!(!html.contains(banned), "{banned} in {html}");
    }
    assert!(html.contains("<style>") && html.contains("<svg "));
    assert_eq!(
        html.matches("<svg ").count(),
        html.matches("</svg>").count()
    );
}

#[test]
fn every_heatmap_square_has_a_title_with_its_band() {
    let html = page();
    let squares: Vec<&str> = html
        .split("<rect class=\"rect\"")
        .skip(1)
        .map(|s| s.split("</rect>").next().unwrap())
        .collect();
    // Two axes: one pair, 2 × 3 squares.
    assert_eq!(squares.len(), 6);
    for s in &squares {
        assert_eq!(s.matches("<title>").count(), 1, "{s}");
        assert!(
            s.contains("(bande 3σ)") && s.contains(" combats</title>"),
            "{s}"
        );
    }
    assert!(squares[0].contains("depart = ouest, tactique = default"));
    assert!(squares[0].contains("0.0 % [0.0 – 0.0]"), "{}", squares[0]);
    assert!(squares[5].contains("50 victoires, 1 nul sur 100 combats"));
    // One table line per cell.
    assert_eq!(html.matches("<tr><td>").count(), 6);
}

#[test]
fn every_text_is_escaped() {
    let html = page();
    assert!(html.contains("<h1>Balayage : Essai &lt;b&gt;&amp;&quot;</h1>"));
    assert!(html.contains("Victoires &lt;script&gt; (bande 3σ)"));
    assert!(html.contains("a&lt;b"));
    assert!(html.contains("Arène &lt;i&gt;"));
    assert!(!html.contains("<b>") && !html.contains("<i>") && !html.contains("a<b"));
}

#[test]
fn the_map_is_drawn_once_per_drawing_with_its_start() {
    let html = page();
    assert_eq!(html.matches("<figcaption>depart = ").count(), 2);
    assert_eq!(html.matches("<circle ").count(), 2);
    assert!(html.contains("[1, 3] rubble (terrain difficile ×2)"));
    assert!(html.contains("[2, 2] pillar (abri +4)"));
    assert!(html.contains("[0, 0] wall</title>"));
    assert!(html.contains(", zone B</title>"));
}

#[test]
fn the_same_input_renders_the_same_bytes() {
    assert_eq!(page(), page());
}

#[test]
fn one_axis_draws_one_row_heatmap() {
    let spec = parse_sweep(
        "s.yaml",
        "name: x\nmap: m.yaml\nsides: { a: [g.json], b: [o.json] }\nruns: 1\naxes:\n  - name: t\n    tactics: { side: a, options: [default, kite] }\n",
    )
    .unwrap();
    let r = SweepResults {
        spec: &spec,
        map: "m".to_string(),
        sides: vec!["a".to_string(), "b".to_string()],
        cells: cells(&spec)
            .into_iter()
            .zip([tally([1, 0], 0), tally([0, 1], 0)])
            .collect(),
        target_band: None,
    };
    let html = render_sweep_html(&r, &[]);
    assert_eq!(html.matches("<rect class=\"rect\"").count(), 2);
    assert!(!html.contains("<circle"));
}

#[test]
fn the_heatmap_colours_span_the_observed_rates_and_the_legend_says_so() {
    let html = page();
    let fills: Vec<&str> = html
        .split("<rect class=\"rect\"")
        .skip(1)
        .map(|s| {
            s.split("fill=\"")
                .nth(1)
                .unwrap()
                .split('"')
                .next()
                .unwrap()
        })
        .collect();
    // Rates 0 %, 10 %, …, 50 %: the lowest is red, the highest green, the middle between.
    assert_eq!(fills[0], "hsl(0,70%,60%)");
    assert_eq!(fills[5], "hsl(120,70%,60%)");
    assert_eq!(fills[2], "hsl(48,70%,60%)");
    assert!(html.contains(">0.0 %</text>"), "{html}");
    assert!(html.contains(">50.0 % (victoires players, du plus bas au plus haut observé)</text>"));
}

#[test]
fn close_rates_get_distinct_colours() {
    let low = Scale::observed([0.93, 0.988]).unwrap();
    assert_eq!(low.colour(Some(0.93)), "hsl(0,70%,60%)");
    assert_eq!(low.colour(Some(0.988)), "hsl(120,70%,60%)");
    let flat = Scale::observed([0.5, 0.5]).unwrap();
    assert_eq!(flat.colour(Some(0.5)), "hsl(60,70%,60%)");
    assert_eq!(flat.colour(None), "#ccc");
    assert_eq!(Scale::observed([]), None);
}
