//! Tests of the JSON report: exact bytes (key order), values, round trip.

use pf1e_engine::fight::TranscriptLine;
use pf1e_engine::tally::Tally;

use super::*;
use crate::header::{SideHeader, UnitHeader};

fn small_header() -> ReportHeader {
    ReportHeader {
        map: "Arène".into(),
        sides: vec![
            SideHeader {
                name: "players".into(),
                combatants: 1,
            },
            SideHeader {
                name: "monsters".into(),
                combatants: 1,
            },
        ],
        units: vec![
            UnitHeader {
                id: "élémentaire".into(),
                side: "players".into(),
            },
            UnitHeader {
                id: "orc".into(),
                side: "monsters".into(),
            },
        ],
        runs: 4,
        seed: 7,
        round_cap: 100,
        encounter: None,
        target_band: None,
    }
}

fn small_tally() -> Tally {
    let mut t = Tally::empty(2, 2);
    t.fights = 4;
    t.wins = vec![4, 0];
    t.rounds_sum = 10;
    t.rounds_sq_sum = 30;
    t.units[0].hits = 6;
    t.units[0].crits = 1;
    t.units[0].damage_dealt = 30;
    t.units[1].damage_taken = 30;
    t.units[1].downed = 4;
    t.units[1].killed = 3;
    t.units[0].turns = 4;
    t.units[1].turns = 4;
    t
}

#[test]
fn json_keys_come_in_declared_order_to_the_byte() {
    let text = render_json(&small_header(), &small_tally(), None).unwrap();
    let expected = r#"{
  "format_version": 1,
  "map": "Arène",
  "runs": 4,
  "seed": 7,
  "round_cap": 100,
  "fights": 4,
  "sides": [
    {
      "name": "players",
      "combatants": 1,
      "wins": 4,
      "win_rate": 1.0,
      "band_3sigma": {
        "sigma": 0.0,
        "low": 1.0,
        "high": 1.0
      }
    },
    {
      "name": "monsters",
      "combatants": 1,
      "wins": 0,
      "win_rate": 0.0,
      "band_3sigma": {
        "sigma": 0.0,
        "low": 0.0,
        "high": 0.0
      }
    }
  ],
  "draws": 0,
  "draw_rate": 0.0,
  "mean_rounds": 2.5,
  "units": [
    {
      "id": "élémentaire",
      "side": "players",
      "mean_hits": 1.5,
      "mean_crits": 0.25,
      "mean_damage_dealt": 7.5,
      "mean_damage_taken": 0.0,
      "mean_healing_done": 0.0,
      "downed_rate": 0.0,
      "killed_rate": 0.0
    },
    {
      "id": "orc",
      "side": "monsters",
      "mean_hits": 0.0,
      "mean_crits": 0.0,
      "mean_damage_dealt": 0.0,
      "mean_damage_taken": 7.5,
      "mean_healing_done": 0.0,
      "downed_rate": 1.0,
      "killed_rate": 0.75
    }
  ],
  "synthesis": [
    "players l'emporte nettement : 100.0% des combats (bande 3σ [100.0%, 100.0%]).",
    "Qui décide : élémentaire inflige le plus de dégâts (7.5 par combat) ; orc est le plus souvent à terre (100.0% des combats).",
    "Les combats durent 2.5 rounds en moyenne ; 0.0% se décident en 3 rounds ou moins."
  ],
  "tally": {
    "fights": 4,
    "wins": [
      4,
      0
    ],
    "draws": 0,
    "capped": 0,
    "rounds_sum": 10,
    "rounds_sq_sum": 30,
    "units": [
      {
        "hits": 6,
        "crits": 1,
        "damage_dealt": 30,
        "damage_taken": 0,
        "healing_done": 0,
        "downed": 0,
        "killed": 0,
        "turns": 4
      },
      {
        "hits": 0,
        "crits": 0,
        "damage_dealt": 0,
        "damage_taken": 30,
        "healing_done": 0,
        "downed": 4,
        "killed": 3,
        "turns": 4
      }
    ],
    "rounds_hist": [
"#;
    assert!(text.starts_with(expected), "got:\n{text}");
    assert!(text.ends_with("    }\n  }\n}\n"), "got:\n{text}");
}

#[test]
fn json_carries_the_text_report_numbers() {
    let header = crate::report::tests::header();
    let tally = crate::report::tests::tally();
    let report = JsonReport::new(&header, &tally, None).unwrap();
    assert_eq!(report.fights, 1000);
    assert_eq!(report.sides[0].win_rate, Some(0.962));
    let band = report.sides[0].band_3sigma.unwrap();
    assert_eq!(
        format!("{:.1} {:.1}", band.low * 100.0, band.high * 100.0),
        "94.4 98.0"
    );
    assert_eq!(report.draw_rate, Some(0.002));
    assert_eq!(report.mean_rounds, Some(6.6));
    assert_eq!(report.units[2].id, "élémentaire");
    assert_eq!(report.units[3].killed_rate, Some(1.0));
    let wins: u64 = report.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + report.draws, report.runs);
}

#[test]
fn json_round_trips_to_the_same_header_and_tally() {
    let header = crate::report::tests::header();
    let tally = crate::report::tests::tally();
    let text = render_json(&header, &tally, None).unwrap();
    let back = JsonReport::parse(&text).unwrap();
    assert_eq!(back.header(), header);
    assert_eq!(back.tally, tally);
    assert_eq!(back.to_pretty(), text);
}

#[test]
fn no_fight_gives_nulls_and_the_transcript_only_when_asked() {
    let text = render_json(&small_header(), &Tally::empty(2, 2), None).unwrap();
    assert!(text.contains("\"win_rate\": null,\n      \"band_3sigma\": null"));
    assert!(text.contains("\"mean_rounds\": null"));
    assert!(!text.contains("transcript"));
    let lines = [
        TranscriptLine {
            round: None,
            actor: None,
            message: "initiative: orc d20=19+0=19".into(),
        },
        TranscriptLine {
            round: Some(1),
            actor: Some("orc".into()),
            message: "move".into(),
        },
    ];
    let text = render_json(&small_header(), &small_tally(), Some(&lines)).unwrap();
    let value: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert_eq!(value["transcript"][0]["round"], serde_json::Value::Null);
    assert_eq!(value["transcript"][1]["actor"], "orc");
    assert!(text.ends_with("  ]\n}\n"));
}
