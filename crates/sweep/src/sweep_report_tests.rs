//! Tests of the sweep reports: exact bytes of the text, JSON and CSV renderings of synthetic
//! tallies (no fight is played here).

use pf1e_engine::tally::Tally;

use super::*;
use crate::cells::cells;
use crate::sweep_spec::parse_sweep;

const SPEC: &str = "
name: Essai
map: m.yaml
sides: { players: [g.json], monsters: [o.json] }
runs: 100
seed: 7
axes:
  - name: depart
    placements: { side: players, options: { ouest: { zone: A }, centre: { cells: [[3, 8]] } } }
  - name: tactique
    tactics: { side: monsters, options: [default, kite] }
";

fn tally(wins: [u64; 2], draws: u64, rounds_sum: u64) -> Tally {
    let mut t = Tally::empty(2, 2);
    t.fights = wins[0] + wins[1] + draws;
    t.wins = wins.to_vec();
    t.draws = draws;
    t.rounds_sum = rounds_sum;
    t
}

fn results(spec: &SweepSpec) -> SweepResults<'_> {
    let tallies = [
        tally([50, 50], 0, 500),
        tally([60, 38], 2, 420),
        tally([90, 10], 0, 300),
        tally([50, 49], 1, 610),
    ];
    SweepResults {
        spec,
        map: "Arène".to_string(),
        sides: vec!["players".to_string(), "monsters".to_string()],
        cells: cells(spec).into_iter().zip(tallies).collect(),
        target_band: None,
    }
}

#[test]
fn text_report_bytes() {
    let spec = parse_sweep("s.yaml", SPEC).unwrap();
    let got = render_sweep_text(&results(&spec));
    // Overall 250/400 = 62.5 %: only cell 3's band [81.0, 99.0] excludes it. Ties for the
    // worst cell (1 and 4 at 50 %) go to the first in axis order.
    let want = concat!(
        "=== Balayage : Essai ===\n",
        "Carte : Arène\n",
        "4 cellule(s) × 100 combat(s) (seed 7, plafond 100 rounds) ; le combat i de chaque cellule utilise la seed 7 + i (nombres aléatoires communs)\n",
        "\n",
        "#  depart  tactique     Victoires players    Victoires monsters   Nuls  Rounds moyens  Écart\n",
        "-  ------  --------  --------------------  --------------------  -----  -------------  -----\n",
        "1  ouest   default   50.0 % [35.0 – 65.0]  50.0 % [35.0 – 65.0]  0.0 %            5.0\n",
        "2  ouest   kite      60.0 % [45.3 – 74.7]  38.0 % [23.4 – 52.6]  2.0 %            4.2\n",
        "3  centre  default   90.0 % [81.0 – 99.0]   10.0 % [1.0 – 19.0]  0.0 %            3.0      *\n",
        "4  centre  kite      50.0 % [35.0 – 65.0]  49.0 % [34.0 – 64.0]  1.0 %            6.1\n",
        "\n",
        "Taux global de victoire players : 62.5 %\n",
        "* : la bande 3σ de la cellule exclut le taux global de players.\n",
        "\n",
        "Victoires players : depart (lignes) × tactique (colonnes)\n",
        "depart  default    kite\n",
        "------  -------  ------\n",
        "ouest    50.0 %  60.0 %\n",
        "centre  *90.0 %  50.0 %\n",
        "\n",
        "Meilleure cellule pour players : n° 3 (centre, default) — 90.0 %\n",
        "Pire cellule pour players : n° 1 (ouest, default) — 50.0 %\n",
    );
    assert_eq!(got, want);
}

#[test]
fn csv_report_bytes() {
    let spec = parse_sweep("s.yaml", SPEC).unwrap();
    let got = render_sweep_csv(&results(&spec));
    let want = concat!(
        "cell,depart,tactique,fights,players_wins,players_rate,players_low,players_high,monsters_wins,monsters_rate,monsters_low,monsters_high,draws,mean_rounds,outside_overall\n",
        "1,ouest,default,100,50,0.500000,0.350000,0.650000,50,0.500000,0.350000,0.650000,0,5.000000,false\n",
        "2,ouest,kite,100,60,0.600000,0.453031,0.746969,38,0.380000,0.234384,0.525616,2,4.200000,false\n",
        "3,centre,default,100,90,0.900000,0.810000,0.990000,10,0.100000,0.010000,0.190000,0,3.000000,true\n",
        "4,centre,kite,100,50,0.500000,0.350000,0.650000,49,0.490000,0.340030,0.639970,1,6.100000,false\n",
    );
    assert_eq!(got, want);
}

#[test]
fn json_report_has_the_same_numbers_in_axis_order() {
    let spec = parse_sweep("s.yaml", SPEC).unwrap();
    let got = render_sweep_json(&results(&spec));
    let v: serde_json::Value = serde_json::from_str(&got).unwrap();
    assert_eq!(v["overall_rate"], serde_json::json!(0.625));
    let cells = v["cells"].as_array().unwrap();
    assert_eq!(cells.len(), 4);
    assert_eq!(cells[1]["options"], serde_json::json!(["ouest", "kite"]));
    assert_eq!(cells[1]["sides"][0]["wins"], 60);
    assert_eq!(cells[1]["sides"][0]["rate"], serde_json::json!(0.6));
    assert_eq!(cells[2]["outside_overall"], true);
    assert_eq!(cells[1]["outside_overall"], false);
    assert_eq!(cells[3]["mean_rounds"], serde_json::json!(6.1));
    assert_eq!(v["axes"][1]["kind"], "tactics");
    assert_eq!(got, render_sweep_json(&results(&spec)));
}

#[test]
fn csv_fields_with_commas_are_quoted() {
    assert_eq!(csv_field("a,b"), "\"a,b\"");
    assert_eq!(csv_field("dit \"x\""), "\"dit \"\"x\"\"\"");
    assert_eq!(csv_field("ouest"), "ouest");
}
