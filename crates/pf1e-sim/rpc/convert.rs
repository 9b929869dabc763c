//! Plain field mappings between the wire types ([`pb`]) and the sweep crate's: a scenario
//! source both ways, spell files included (a worker gets its scenario only this way: it
//! compiles the texts it is sent and never opens a path) and tallies both ways. Compiling and hashing are the source's own
//! (`ScenarioSource::compile`, `content_hash`), so a worker plays and names exactly what the
//! coordinator sent. A wire message that no source can represent (no map, an unknown tactic, a
//! square past the grid's range) is refused here, each problem naming its field.

use pf1e_engine::board::Pos;
use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::scenario::{FightOptions, Tactic};
use pf1e_engine::tally::{FirstRuns, Longest, Tally, UnitTally};
use pf1e_sweep::source::{Document, ScenarioSource, SideSource};

use super::pb;

/// The file label of problems with a wire message.
const REQUEST: &str = "request";

/// The wire form of a source. The default tactic travels as an empty string.
pub fn source_to_pb(source: &ScenarioSource) -> pb::Scenario {
    let ScenarioSource {
        map,
        combatants,
        sides,
        options,
        spells,
    } = source;
    let document = |d: &Document| pb::Document {
        label: d.label.clone(),
        text: d.text.clone(),
    };
    let side = |s: &SideSource| {
        let SideSource {
            name,
            members,
            tactic,
            start,
        } = s;
        pb::Side {
            name: name.clone(),
            members: members
                .iter()
                .map(|&m| u32::try_from(m).unwrap_or(u32::MAX))
                .collect(),
            tactic: match tactic {
                Tactic::Default => String::new(),
                other => other.name().to_string(),
            },
            start: start.as_ref().map(|squares| pb::StartSquares {
                squares: squares
                    .iter()
                    .map(|q| pb::Square {
                        row: u32::from(q.row),
                        col: u32::from(q.col),
                    })
                    .collect(),
            }),
        }
    };
    let FightOptions {
        round_cap,
        simple_monster_death,
    } = *options;
    pb::Scenario {
        map: Some(document(map)),
        combatants: combatants.iter().map(document).collect(),
        sides: sides.iter().map(side).collect(),
        options: Some(pb::FightOptions {
            round_cap,
            simple_monster_death,
        }),
        spells: spells.iter().map(document).collect(),
    }
}

/// The source a wire scenario describes; every problem it has, each naming its field. Member
/// indices and the round cap are checked by `compile`, like those of any source.
pub fn source_from_pb(scenario: &pb::Scenario) -> Result<ScenarioSource, DataErrors> {
    let mut errors = Vec::new();
    let document = |d: &pb::Document| Document::new(d.label.clone(), d.text.clone());
    let map = scenario.map.as_ref().map(document);
    if map.is_none() {
        errors.push(DataError::new(
            REQUEST,
            "scenario.map",
            "no map in the request",
        ));
    }
    let sides = scenario
        .sides
        .iter()
        .enumerate()
        .map(|(s, side)| side_from_pb(s, side, &mut errors))
        .collect();
    let options = scenario.options.unwrap_or_default();
    let source = ScenarioSource {
        map: map.unwrap_or_else(|| Document::new("", "")),
        combatants: scenario.combatants.iter().map(document).collect(),
        sides,
        options: FightOptions {
            round_cap: options.round_cap,
            simple_monster_death: options.simple_monster_death,
        },
        spells: scenario.spells.iter().map(document).collect(),
    };
    if errors.is_empty() {
        Ok(source)
    } else {
        Err(DataErrors(errors))
    }
}

/// Side number `s`; an unknown tactic or a square out of range goes to `errors`.
fn side_from_pb(s: usize, side: &pb::Side, errors: &mut Vec<DataError>) -> SideSource {
    let tactic = if side.tactic.is_empty() {
        Tactic::Default
    } else {
        side.tactic.parse::<Tactic>().unwrap_or_else(|e| {
            errors.push(DataError::new(
                REQUEST,
                format!("scenario.sides[{s}].tactic"),
                e.to_string(),
            ));
            Tactic::Default
        })
    };
    let start = side.start.as_ref().map(|given| {
        let mut squares = Vec::with_capacity(given.squares.len());
        for (q, square) in given.squares.iter().enumerate() {
            match (u16::try_from(square.row), u16::try_from(square.col)) {
                (Ok(row), Ok(col)) => squares.push(Pos::new(row, col)),
                _ => errors.push(DataError::new(
                    REQUEST,
                    format!("scenario.sides[{s}].start.squares[{q}]"),
                    "square out of range",
                )),
            }
        }
        squares
    });
    SideSource {
        name: side.name.clone(),
        members: side
            .members
            .iter()
            .map(|&m| usize::try_from(m).unwrap_or(usize::MAX))
            .collect(),
        tactic,
        start,
    }
}

/// The wire form of a tally. Every counter is named (no `..`), so a new one cannot be left out.
pub fn tally_to_pb(tally: &Tally) -> pb::Tally {
    let Tally {
        fights,
        wins,
        draws,
        capped,
        rounds_sum,
        rounds_sq_sum,
        units,
        rounds_hist,
        first_down,
        survivors,
        hp_left,
        firsts,
    } = tally;
    let unit = |u: &UnitTally| {
        let UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
            turns,
        } = *u;
        pb::UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
            turns,
        }
    };
    let FirstRuns { win, draw, longest } = firsts;
    pb::Tally {
        fights: *fights,
        wins: wins.clone(),
        draws: *draws,
        capped: *capped,
        rounds_sum: *rounds_sum,
        rounds_sq_sum: *rounds_sq_sum,
        units: units.iter().map(unit).collect(),
        rounds_hist: rounds_hist.clone(),
        first_down: first_down.clone(),
        survivors: survivors.clone(),
        hp_left: hp_left.clone(),
        firsts: Some(pb::FirstRuns {
            win: win.iter().map(|&run| pb::FirstRun { run }).collect(),
            draw: Some(pb::FirstRun { run: *draw }),
            longest_run: longest.map(|l| l.run),
            longest_rounds: longest.map_or(0, |l| l.rounds),
        }),
    }
}

/// The engine form of a wire tally. Nothing is validated here: the coordinator checks every
/// answer (`Tally::check`) against its scenario before merging it.
pub fn tally_from_pb(tally: &pb::Tally) -> Tally {
    let pb::Tally {
        fights,
        wins,
        draws,
        capped,
        rounds_sum,
        rounds_sq_sum,
        units,
        rounds_hist,
        first_down,
        survivors,
        hp_left,
        firsts,
    } = tally;
    let unit = |u: &pb::UnitTally| {
        let pb::UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
            turns,
        } = *u;
        UnitTally {
            hits,
            crits,
            damage_dealt,
            damage_taken,
            healing_done,
            downed,
            killed,
            turns,
        }
    };
    let firsts = firsts
        .as_ref()
        .map_or_else(FirstRuns::default, |f| FirstRuns {
            win: f.win.iter().map(|w| w.run).collect(),
            draw: f.draw.and_then(|d| d.run),
            longest: f.longest_run.map(|run| Longest {
                run,
                rounds: f.longest_rounds,
            }),
        });
    Tally {
        fights: *fights,
        wins: wins.clone(),
        draws: *draws,
        capped: *capped,
        rounds_sum: *rounds_sum,
        rounds_sq_sum: *rounds_sq_sum,
        units: units.iter().map(unit).collect(),
        rounds_hist: rounds_hist.clone(),
        first_down: first_down.clone(),
        survivors: survivors.clone(),
        hp_left: hp_left.clone(),
        firsts,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Tally {
        let mut t = Tally::empty(2, 2);
        t.fights = 9;
        t.wins = vec![4, 3];
        t.draws = 2;
        t.capped = 1;
        t.rounds_sum = 40;
        t.rounds_sq_sum = 200;
        t.units[1].hits = 7;
        t.units[1].killed = 1;
        t.units[0].healing_done = 3;
        t.units[0].turns = 11;
        t.rounds_hist[4] = 9;
        t.first_down[2] = 5;
        t.survivors[3] = 9;
        t.hp_left[8] = 1;
        t.firsts.win = vec![Some(3), None];
        t.firsts.draw = Some(8);
        t.firsts.longest = Some(Longest { run: 2, rounds: 4 });
        t
    }

    #[test]
    fn tallies_survive_the_wire() {
        let t = sample();
        assert_eq!(tally_from_pb(&tally_to_pb(&t)), t);
    }

    fn source() -> ScenarioSource {
        let mut s = ScenarioSource::new(Document::new("m.yaml", "x"), FightOptions::default());
        s.add_combatant(Document::new("g.json", "{}"));
        s.add_combatant(Document::new("o.json", "{}"));
        s.sides = vec![
            SideSource {
                name: "players".into(),
                members: vec![0, 0],
                tactic: Tactic::Default,
                start: Some(vec![Pos::new(3, 8), Pos::new(4, 8)]),
            },
            SideSource {
                name: "monsters".into(),
                members: vec![1],
                tactic: Tactic::HoldAndShoot,
                start: None,
            },
        ];
        s.options.simple_monster_death = true;
        s.spells = vec![Document::new("spells/bless.json", "{}")];
        s
    }

    #[test]
    fn a_source_survives_the_wire_with_its_hash() {
        let s = source();
        let wire = source_to_pb(&s);
        assert_eq!(wire.sides[0].tactic, "");
        assert_eq!(wire.sides[1].tactic, "hold_and_shoot");
        assert_eq!(wire.spells[0].label, "spells/bless.json");
        let back = source_from_pb(&wire).unwrap();
        assert_eq!(back, s);
        assert_eq!(back.content_hash(), s.content_hash());
    }

    #[test]
    fn a_request_without_a_map_or_with_an_unknown_tactic_is_refused() {
        let e = source_from_pb(&pb::Scenario::default()).unwrap_err();
        assert!(e.to_string().contains("no map"), "{e}");
        let mut wire = source_to_pb(&source());
        wire.sides[1].tactic = "charge".into();
        wire.sides[0].start.as_mut().unwrap().squares[1].row = 70_000;
        let e = source_from_pb(&wire).unwrap_err();
        let lines: Vec<String> = e.iter().map(ToString::to_string).collect();
        assert_eq!(lines.len(), 2, "{lines:#?}");
        assert!(
            lines[0]
                .starts_with("request: scenario.sides[0].start.squares[1]: square out of range"),
            "{lines:#?}"
        );
        assert!(
            lines[1].starts_with("request: scenario.sides[1].tactic: unknown tactic `charge`"),
            "{lines:#?}"
        );
    }

    #[test]
    fn a_bad_member_index_from_the_wire_is_refused_when_compiled() {
        let mut wire = source_to_pb(&source());
        wire.sides[0].members.push(3);
        let e = source_from_pb(&wire).unwrap().compile().unwrap_err();
        assert!(
            e.to_string()
                .contains("sides[0].members[2]: combatant index 3 is out of range (2 documents)"),
            "{e}"
        );
    }
}
