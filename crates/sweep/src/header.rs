//! What a report says about the encounter and the job besides the tally: [`ReportHeader`]
//! (map title, sides, combatants, runs, seed, round cap), built from a compiled scenario, and
//! [`ShapeMismatch`] when a tally does not fit it. Shared by every renderer (text, JSON) and by
//! the tally files of slices; it computes no statistic and formats no text.

use std::path::Path;

use pf1e_engine::scenario::Scenario;
use pf1e_engine::tally::Tally;
use serde::{Deserialize, Serialize};

use crate::difficulty::Encounter;
use crate::target_band::TargetBand;
use thiserror::Error;

/// What a report says about the encounter and the job, besides the tally.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ReportHeader {
    /// The map's `name`, or its file stem when the map is unnamed.
    pub map: String,
    /// Sides in the scenario's order (the map's deployment order), as the tally's `wins`.
    pub sides: Vec<SideHeader>,
    /// Combatants in the scenario's order, as the tally's `units`.
    pub units: Vec<UnitHeader>,
    /// Runs the job asked for.
    pub runs: u64,
    pub seed: u64,
    pub round_cap: u32,
    /// What the CRB difficulty estimate needs (`difficulty`), when the data allows it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encounter: Option<Encounter>,
    /// `--target-band`: `runs` is then a maximum and the tally may hold fewer fights
    /// ([`crate::target_band`]); the report says where the job stopped.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub target_band: Option<TargetBand>,
}

/// A side and how many combatants it fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SideHeader {
    pub name: String,
    pub combatants: usize,
}

/// A combatant's unique id and the name of its side.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct UnitHeader {
    pub id: String,
    pub side: String,
}

impl ReportHeader {
    /// The header of a job of `runs` runs from `seed` on `scenario`.
    pub fn for_scenario(scenario: &Scenario, runs: u64, seed: u64) -> ReportHeader {
        let sides: Vec<SideHeader> = scenario
            .sides()
            .iter()
            .enumerate()
            .map(|(i, name)| SideHeader {
                name: name.clone(),
                combatants: scenario.side_size(i),
            })
            .collect();
        let units = scenario
            .units()
            .iter()
            .map(|u| UnitHeader {
                id: u.id.clone(),
                side: scenario.sides()[u.side].clone(),
            })
            .collect();
        ReportHeader {
            map: map_title(scenario.map().name(), scenario.map_label()),
            sides,
            units,
            runs,
            seed,
            round_cap: scenario.options().round_cap,
            encounter: Encounter::of(scenario),
            target_band: None,
        }
    }

    /// The side names, in the tally's order.
    pub fn side_names(&self) -> Vec<String> {
        self.sides.iter().map(|s| s.name.clone()).collect()
    }

    /// The empty tally of this encounter (the identity of merging).
    pub fn empty_tally(&self) -> Tally {
        Tally::empty(self.sides.len(), self.units.len())
    }

    /// Whether `tally` has one win counter per side and one unit per combatant.
    pub fn check(&self, tally: &Tally) -> Result<(), ShapeMismatch> {
        if tally.wins.len() == self.sides.len() && tally.units.len() == self.units.len() {
            return Ok(());
        }
        Err(ShapeMismatch {
            header_sides: self.sides.len(),
            header_units: self.units.len(),
            tally_sides: tally.wins.len(),
            tally_units: tally.units.len(),
        })
    }
}

/// The map's title: its `name` when it has a non-blank one, else the stem of its file name
/// (`arenas/cave.yaml` → `cave`), else the label as given.
pub fn map_title(name: Option<&str>, label: &str) -> String {
    if let Some(name) = name.filter(|n| !n.trim().is_empty()) {
        return name.to_string();
    }
    Path::new(label)
        .file_stem()
        .and_then(|s| s.to_str())
        .filter(|s| !s.is_empty())
        .unwrap_or(label)
        .to_string()
}

/// A header and a tally that do not describe the same encounter.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "the tally does not match the report header: {tally_sides} sides and {tally_units} combatants in the tally, {header_sides} sides and {header_units} combatants in the header"
)]
pub struct ShapeMismatch {
    pub header_sides: usize,
    pub header_units: usize,
    pub tally_sides: usize,
    pub tally_units: usize,
}

#[cfg(test)]
mod tests {
    use pf1e_engine::map::parse_map;
    use pf1e_engine::model::parse_combatant;
    use pf1e_engine::scenario::{FightOptions, SideSpec};

    use super::*;

    #[test]
    fn map_title_is_the_name_or_the_file_stem() {
        assert_eq!(map_title(Some("Arène"), "maps/a.yaml"), "Arène");
        assert_eq!(map_title(None, "maps/cave.yaml"), "cave");
        assert_eq!(map_title(Some("  "), "cave.yml"), "cave");
        assert_eq!(map_title(None, "<request>"), "<request>");
    }

    #[test]
    fn header_follows_the_scenario_order() {
        let map = parse_map(
            "arena.yaml",
            include_str!("../../../data/maps/sample_arena.yaml"),
        )
        .unwrap();
        let goblin = parse_combatant(
            "goblin.json",
            include_str!("../../../data/monsters/goblin.json"),
        )
        .unwrap();
        let orc =
            parse_combatant("orc.json", include_str!("../../../data/monsters/orc.json")).unwrap();
        // Given monsters first: the scenario (and so the report) follows the map's deployment.
        let sides = vec![
            SideSpec {
                name: "monsters".into(),
                combatants: vec![orc],
            },
            SideSpec {
                name: "players".into(),
                combatants: vec![goblin.clone(), goblin],
            },
        ];
        let options = FightOptions {
            round_cap: 40,
            simple_monster_death: false,
        };
        let scenario = Scenario::new(map, "arena.yaml", sides, options).unwrap();
        let h = ReportHeader::for_scenario(&scenario, 500, 9);
        assert_eq!(h.map, "Arène d'essai");
        let sides: Vec<(&str, usize)> = h
            .sides
            .iter()
            .map(|s| (s.name.as_str(), s.combatants))
            .collect();
        assert_eq!(sides, [("players", 2), ("monsters", 1)]);
        let units: Vec<(&str, &str)> = h
            .units
            .iter()
            .map(|u| (u.id.as_str(), u.side.as_str()))
            .collect();
        assert_eq!(
            units,
            [
                ("goblin", "players"),
                ("goblin-2", "players"),
                ("orc", "monsters")
            ]
        );
        assert_eq!((h.runs, h.seed, h.round_cap), (500, 9, 40));
        assert_eq!(h.empty_tally(), Tally::empty(2, 3));
    }
}
