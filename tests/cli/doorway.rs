//! Fights through a one-square doorway, run as a new user would (`data/maps/two_rooms.yaml`,
//! `data/maps/crypt.yaml`): downed creatures in the doorway are walked over, blocked
//! creatures go round or turn to another enemy, so the fights end before the round cap — the
//! lich beats four level-1 magi, and neither a party against the lich nor six orcs against a
//! party in the crypt draws more than 1 % of the time.

use pf1e_sweep::json::JsonReport;

use crate::util::{assert_exit, pf1e_sim, stdout};

const TWO_ROOMS: &str = "data/maps/two_rooms.yaml";
const CRYPT: &str = "data/maps/crypt.yaml";
const LICH: &str = "data/monsters/lich.json";
const ORC: &str = "data/monsters/orc.json";
const IVO: &str = "data/pcs/ivo.json";
const PARTY: [&str; 4] = [
    "data/pcs/torvald.json",
    "data/pcs/dalca.json",
    "data/pcs/rowan.json",
    "data/pcs/quill.json",
];

/// `run --format json` of `players` against `monsters` on `map`, 1000 fights from seed 1 (the
/// first fight's transcript included).
fn fights(map: &str, players: &[&str], monsters: &[&str]) -> JsonReport {
    let mut args = vec!["run", "--map", map, "--side", "players"];
    args.extend_from_slice(players);
    args.push("--side");
    args.push("monsters");
    args.extend_from_slice(monsters);
    args.extend_from_slice(&["--runs", "1000", "--format", "json", "--transcript"]);
    let out = pf1e_sim(&args);
    assert_exit(&out, 0);
    let text = stdout(&out);
    JsonReport::parse(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"))
}

/// At most 1 % draws, and nobody in the first fight tried to move with no way forward.
fn assert_ends(report: &JsonReport) {
    assert!(report.draws <= 10, "{} draws in 1000 fights", report.draws);
    let lines = report.transcript.as_deref().unwrap_or_default();
    assert!(!lines.is_empty());
    let idle: Vec<&str> = lines
        .iter()
        .map(|l| l.message.as_str())
        .filter(|m| m.contains("no way forward"))
        .collect();
    assert!(idle.is_empty(), "{idle:?}");
}

#[test]
fn the_lich_beats_four_level_1_magi_through_the_doorway() {
    let report = fights(TWO_ROOMS, &[IVO, IVO, IVO, IVO], &[LICH]);
    assert_ends(&report);
    assert!(report.sides[1].wins >= 990, "{:?}", report.sides);
}

#[test]
fn a_party_against_the_lich_through_the_doorway_ends_before_the_cap() {
    assert_ends(&fights(TWO_ROOMS, &PARTY, &[LICH]));
}

#[test]
fn six_orcs_against_a_party_in_the_crypt_end_before_the_cap() {
    assert_ends(&fights(CRYPT, &PARTY, &[ORC, ORC, ORC, ORC, ORC, ORC]));
}
