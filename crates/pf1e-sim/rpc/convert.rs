//! Conversions between the wire types ([`pb`]) and the engine's: tallies both ways, a wire
//! scenario compiled into an engine [`Scenario`] (the worker's only way to get one: it parses
//! the texts it is sent and never opens a path), and the content hashes that name scenarios,
//! jobs and tally values. Hashes use an explicit length-prefixed encoding, never prost's, so
//! they stay stable across library versions.

use pf1e_engine::board::Pos;
use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::map::parse_map;
use pf1e_engine::model::parse_combatant;
use pf1e_engine::scenario::{FightOptions, Scenario, SideSpec, Tactic};
use pf1e_engine::tally::{Tally, UnitTally};
use sha2::{Digest as _, Sha256};

use super::pb;
use super::{ContentHash, JobId};

/// The wire form of a tally.
pub fn tally_to_pb(tally: &Tally) -> pb::Tally {
    pb::Tally {
        fights: tally.fights,
        wins: tally.wins.clone(),
        draws: tally.draws,
        rounds_sum: tally.rounds_sum,
        rounds_sq_sum: tally.rounds_sq_sum,
        units: tally
            .units
            .iter()
            .map(|u| pb::UnitTally {
                hits: u.hits,
                crits: u.crits,
                damage_dealt: u.damage_dealt,
                damage_taken: u.damage_taken,
                healing_done: u.healing_done,
                downed: u.downed,
                killed: u.killed,
            })
            .collect(),
    }
}

/// The engine form of a wire tally (every field is an integer: nothing to validate here; the
/// coordinator checks the shape against its scenario).
pub fn tally_from_pb(tally: &pb::Tally) -> Tally {
    Tally {
        fights: tally.fights,
        wins: tally.wins.clone(),
        draws: tally.draws,
        rounds_sum: tally.rounds_sum,
        rounds_sq_sum: tally.rounds_sq_sum,
        units: tally
            .units
            .iter()
            .map(|u| UnitTally {
                hits: u.hits,
                crits: u.crits,
                damage_dealt: u.damage_dealt,
                damage_taken: u.damage_taken,
                healing_done: u.healing_done,
                downed: u.downed,
                killed: u.killed,
            })
            .collect(),
    }
}

/// Compiles a wire scenario exactly as `pf1e-sim run` (or `sweep`, for one cell) compiles the
/// user's files: the map, each combatant document, then the sides deployed on the map (on
/// their start squares when given) with their tactics. Every problem is returned, each naming
/// the document's label.
pub fn compile_scenario(scenario: &pb::Scenario) -> Result<Scenario, DataErrors> {
    let mut errors: Vec<DataError> = Vec::new();
    let Some(map_doc) = &scenario.map else {
        return Err(DataError::new("request", "scenario.map", "no map in the request").into());
    };
    let map = match parse_map(&map_doc.label, &map_doc.text) {
        Ok(map) => Some(map),
        Err(e) => {
            errors.extend(e.0);
            None
        }
    };
    let combatants: Vec<_> = scenario
        .combatants
        .iter()
        .map(|doc| match parse_combatant(&doc.label, &doc.text) {
            Ok(c) => Some(c),
            Err(e) => {
                errors.extend(e.0);
                None
            }
        })
        .collect();
    let mut sides = Vec::with_capacity(scenario.sides.len());
    let mut start = Vec::with_capacity(scenario.sides.len());
    let mut tactics = Vec::with_capacity(scenario.sides.len());
    for (s, side) in scenario.sides.iter().enumerate() {
        if !side.tactic.is_empty() {
            match side.tactic.parse::<Tactic>() {
                Ok(t) => tactics.push((side.name.clone(), t)),
                Err(e) => errors.push(DataError::new(
                    "request",
                    format!("scenario.sides[{s}].tactic"),
                    e.to_string(),
                )),
            }
        }
        let mut squares = None;
        if let Some(given) = &side.start {
            let mut list = Vec::with_capacity(given.squares.len());
            for (q, square) in given.squares.iter().enumerate() {
                match (u16::try_from(square.row), u16::try_from(square.col)) {
                    (Ok(row), Ok(col)) => list.push(Pos::new(row, col)),
                    _ => errors.push(DataError::new(
                        "request",
                        format!("scenario.sides[{s}].start.squares[{q}]"),
                        "square out of range",
                    )),
                }
            }
            squares = Some(list);
        }
        start.push(squares);
        let mut members = Vec::with_capacity(side.members.len());
        for (m, &index) in side.members.iter().enumerate() {
            match combatants.get(index as usize) {
                Some(Some(c)) => members.push(c.clone()),
                Some(None) => {}
                None => errors.push(DataError::new(
                    "request",
                    format!("scenario.sides[{s}].members[{m}]"),
                    format!(
                        "combatant index {index} is out of range ({} documents)",
                        combatants.len()
                    ),
                )),
            }
        }
        sides.push(SideSpec {
            name: side.name.clone(),
            combatants: members,
        });
    }
    let options = scenario.options.unwrap_or_default();
    if options.round_cap == 0 {
        errors.push(DataError::new(
            "request",
            "scenario.options.round_cap",
            "the round cap must be at least 1",
        ));
    }
    let Some(map) = map else {
        return Err(DataErrors(errors));
    };
    if !errors.is_empty() {
        return Err(DataErrors(errors));
    }
    let options = FightOptions {
        round_cap: options.round_cap,
        simple_monster_death: options.simple_monster_death,
    };
    let mut compiled = Scenario::with_start_squares(map, &map_doc.label, sides, start, options)?;
    for (side, tactic) in tactics {
        compiled
            .set_tactic(side.as_str(), tactic)
            .map_err(|e| DataError::new(&map_doc.label, "deployment", e.to_string()))?;
    }
    Ok(compiled)
}

/// A SHA-256 over explicitly framed fields.
struct Framer(Sha256);

impl Framer {
    fn new(domain: &str) -> Self {
        let mut framer = Framer(Sha256::new());
        framer.text(domain);
        framer
    }

    fn u64(&mut self, value: u64) {
        self.0.update(value.to_le_bytes());
    }

    fn text(&mut self, text: &str) {
        self.u64(text.len() as u64);
        self.0.update(text.as_bytes());
    }

    fn finish(self) -> ContentHash {
        ContentHash(self.0.finalize().into())
    }
}

/// The content hash of a wire scenario: its documents (labels and texts), sides (with their
/// tactics and start squares) and options.
/// A worker keys its compiled-scenario cache by it.
pub fn scenario_hash(scenario: &pb::Scenario) -> ContentHash {
    let mut h = Framer::new("pf1e-scenario-v2");
    let empty = pb::Document::default();
    let map = scenario.map.as_ref().unwrap_or(&empty);
    h.text(&map.label);
    h.text(&map.text);
    h.u64(scenario.combatants.len() as u64);
    for doc in &scenario.combatants {
        h.text(&doc.label);
        h.text(&doc.text);
    }
    h.u64(scenario.sides.len() as u64);
    for side in &scenario.sides {
        h.text(&side.name);
        h.u64(side.members.len() as u64);
        for &m in &side.members {
            h.u64(u64::from(m));
        }
        h.text(&side.tactic);
        match &side.start {
            None => h.u64(0),
            Some(start) => {
                h.u64(1);
                h.u64(start.squares.len() as u64);
                for q in &start.squares {
                    h.u64(u64::from(q.row));
                    h.u64(u64::from(q.col));
                }
            }
        }
    }
    let options = scenario.options.unwrap_or_default();
    h.u64(u64::from(options.round_cap));
    h.u64(u64::from(options.simple_monster_death));
    h.finish()
}

/// The id of a job: what its report depends on (scenario content, seed, run count).
pub fn job_id(scenario: &ContentHash, seed: u64, runs: u64) -> JobId {
    let mut h = Framer::new("pf1e-job-v1");
    h.0.update(scenario.0);
    h.u64(seed);
    h.u64(runs);
    JobId(h.finish().to_string())
}

/// The digest of a tally's value: two answers for one shard are equal iff their digests are.
pub fn tally_digest(tally: &Tally) -> ContentHash {
    let mut h = Framer::new("pf1e-tally-v1");
    for v in [
        tally.fights,
        tally.draws,
        tally.rounds_sum,
        tally.rounds_sq_sum,
    ] {
        h.u64(v);
    }
    h.u64(tally.wins.len() as u64);
    for &w in &tally.wins {
        h.u64(w);
    }
    h.u64(tally.units.len() as u64);
    for u in &tally.units {
        for v in [
            u.hits,
            u.crits,
            u.damage_dealt,
            u.damage_taken,
            u.healing_done,
            u.downed,
            u.killed,
        ] {
            h.u64(v);
        }
    }
    h.finish()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Tally {
        let mut t = Tally::empty(2, 2);
        t.fights = 9;
        t.wins = vec![4, 3];
        t.draws = 2;
        t.rounds_sum = 40;
        t.rounds_sq_sum = 200;
        t.units[1].hits = 7;
        t.units[1].killed = 1;
        t.units[0].healing_done = 3;
        t
    }

    #[test]
    fn tallies_survive_the_wire() {
        let t = sample();
        assert_eq!(tally_from_pb(&tally_to_pb(&t)), t);
    }

    #[test]
    fn digests_tell_tallies_apart() {
        let t = sample();
        let mut u = sample();
        assert_eq!(tally_digest(&t), tally_digest(&u));
        u.units[1].hits += 1;
        assert_ne!(tally_digest(&t), tally_digest(&u));
    }

    #[test]
    fn scenario_hash_depends_on_every_field() {
        let base = pb::Scenario {
            map: Some(pb::Document {
                label: "m.yaml".into(),
                text: "x".into(),
            }),
            combatants: vec![pb::Document {
                label: "g.json".into(),
                text: "{}".into(),
            }],
            sides: vec![pb::Side {
                name: "players".into(),
                members: vec![0, 0],
                ..Default::default()
            }],
            options: Some(pb::FightOptions {
                round_cap: 100,
                simple_monster_death: false,
            }),
        };
        let h = scenario_hash(&base);
        let mut other = base.clone();
        other.sides[0].members.push(0);
        assert_ne!(scenario_hash(&other), h);
        let mut other = base.clone();
        other.sides[0].tactic = "kite".into();
        assert_ne!(scenario_hash(&other), h);
        let mut other = base.clone();
        other.sides[0].start = Some(pb::StartSquares::default());
        assert_ne!(scenario_hash(&other), h);
        let mut with_square = other.clone();
        with_square.sides[0].start = Some(pb::StartSquares {
            squares: vec![pb::Square { row: 1, col: 2 }],
        });
        assert_ne!(scenario_hash(&with_square), scenario_hash(&other));
        let mut other = base.clone();
        other.options.as_mut().unwrap().simple_monster_death = true;
        assert_ne!(scenario_hash(&other), h);
        assert_eq!(scenario_hash(&base.clone()), h);
        assert_ne!(job_id(&h, 1, 10), job_id(&h, 2, 10));
    }

    #[test]
    fn a_request_without_a_map_or_with_a_bad_index_is_refused() {
        let e = compile_scenario(&pb::Scenario::default()).unwrap_err();
        assert!(e.to_string().contains("no map"), "{e}");
        let bad = pb::Scenario {
            map: Some(pb::Document {
                label: "m.yaml".into(),
                text: "not: [a map".into(),
            }),
            sides: vec![pb::Side {
                name: "players".into(),
                members: vec![3],
                ..Default::default()
            }],
            ..Default::default()
        };
        let e = compile_scenario(&bad).unwrap_err();
        assert!(e.to_string().contains("out of range"), "{e}");
    }

    #[test]
    fn sides_start_on_their_squares_with_their_tactics() {
        let doc = |label: &str, text: &str| pb::Document {
            label: label.into(),
            text: text.into(),
        };
        let wire = pb::Scenario {
            map: Some(doc(
                "arena.yaml",
                include_str!("../../../data/maps/sample_arena_markers.yaml"),
            )),
            combatants: vec![
                doc(
                    "goblin.json",
                    include_str!("../../../data/monsters/goblin.json"),
                ),
                doc("orc.json", include_str!("../../../data/monsters/orc.json")),
            ],
            sides: vec![
                pb::Side {
                    name: "players".into(),
                    members: vec![0, 0],
                    tactic: String::new(),
                    start: Some(pb::StartSquares {
                        squares: vec![pb::Square { row: 3, col: 8 }, pb::Square { row: 4, col: 8 }],
                    }),
                },
                pb::Side {
                    name: "monsters".into(),
                    members: vec![1],
                    tactic: "hold_and_shoot".into(),
                    start: None,
                },
            ],
            options: Some(pb::FightOptions {
                round_cap: 100,
                simple_monster_death: false,
            }),
        };
        let s = compile_scenario(&wire).expect("compiles");
        let players = s.side_index("players").unwrap();
        let monsters = s.side_index("monsters").unwrap();
        assert_eq!(s.tactic(players), Tactic::Default);
        assert_eq!(s.tactic(monsters), Tactic::HoldAndShoot);
        let anchors: Vec<Pos> = s
            .units()
            .iter()
            .filter(|u| u.side == players)
            .map(|u| u.anchor)
            .collect();
        assert_eq!(anchors, vec![Pos::new(3, 8), Pos::new(4, 8)]);

        let mut bad = wire.clone();
        bad.sides[1].tactic = "charge".into();
        let e = compile_scenario(&bad).unwrap_err();
        assert!(e.to_string().contains("unknown tactic"), "{e}");
    }
}
