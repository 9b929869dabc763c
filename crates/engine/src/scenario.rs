//! [`Scenario`]: one encounter compiled once — the validated map, the combatants deployed on it
//! with their unique ids, the fight options — plus the per-map tables every fight of the
//! scenario reads. Built from validated inputs only; a fight never mutates it, so threads share
//! one `Scenario` by reference.

use crate::board::Pos;
use crate::deploy::{SideRequest, deploy};
use crate::error::DataErrors;
use crate::fight::tables::MapCache;
use crate::map::Map;
use crate::model::Combatant;

/// Largest number of combatants in one encounter (ids and per-fight tables use `u8`).
pub const MAX_UNITS: usize = 250;

/// One side as given by the user: its name and its combatants in order.
#[derive(Clone, Debug)]
pub struct SideSpec {
    pub name: String,
    pub combatants: Vec<Combatant>,
}

/// How fights are played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FightOptions {
    /// Rounds after which an undecided fight is a draw (≥ 1).
    pub round_cap: u32,
    /// Seed 000 « Mort simplifiée des monstres »: monsters (role `monster`) die at 0 hp; PCs never.
    pub simple_monster_death: bool,
}

impl Default for FightOptions {
    fn default() -> Self {
        Self {
            round_cap: 100,
            simple_monster_death: false,
        }
    }
}

/// A deployed combatant.
#[derive(Clone, Debug)]
pub struct UnitSpec {
    /// Encounter-wide unique id (`goblin-2`).
    pub id: String,
    /// Index of its side in [`Scenario::sides`].
    pub side: usize,
    pub combatant: Combatant,
    /// Starting square (top-left of its footprint).
    pub anchor: Pos,
}

/// A compiled encounter.
#[derive(Debug)]
pub struct Scenario {
    map: Map,
    map_label: String,
    sides: Vec<String>,
    units: Vec<UnitSpec>,
    options: FightOptions,
    /// Lazily filled per-map tables shared by every fight (cover, cost fields).
    cache: MapCache,
}

impl Scenario {
    /// Deploys `sides` on `map` (seed 000 « Règles de construction d'une rencontre »);
    /// `map_label` names the map file in errors.
    pub fn new(
        map: Map,
        map_label: &str,
        sides: Vec<SideSpec>,
        options: FightOptions,
    ) -> Result<Scenario, DataErrors> {
        let requests: Vec<SideRequest> = sides
            .iter()
            .map(|s| SideRequest {
                name: &s.name,
                members: s.combatants.iter().map(|c| (c.name(), c.size())).collect(),
            })
            .collect();
        let placements = deploy(&map, map_label, &requests)?;
        let total: usize = placements.len();
        if total > MAX_UNITS {
            return Err(crate::error::DataError::new(
                map_label,
                "deployment",
                format!("{total} combatants; an encounter holds at most {MAX_UNITS}"),
            )
            .into());
        }
        let side_names: Vec<String> = map.deployment().iter().map(|(s, _)| s.clone()).collect();
        let units = placements
            .into_iter()
            .map(|p| {
                let side = sides
                    .iter()
                    .find(|s| s.name == side_names[p.side])
                    .expect("deploy only places given sides");
                UnitSpec {
                    id: p.id,
                    side: p.side,
                    combatant: side.combatants[p.member].clone(),
                    anchor: p.anchor,
                }
            })
            .collect();
        Ok(Scenario {
            cache: MapCache::new(&map),
            map,
            map_label: map_label.to_string(),
            sides: side_names,
            units,
            options: FightOptions {
                round_cap: options.round_cap.max(1),
                ..options
            },
        })
    }

    pub fn map(&self) -> &Map {
        &self.map
    }

    pub fn map_label(&self) -> &str {
        &self.map_label
    }

    /// Side names, in the map's deployment order.
    pub fn sides(&self) -> &[String] {
        &self.sides
    }

    /// Combatants in deployment order.
    pub fn units(&self) -> &[UnitSpec] {
        &self.units
    }

    pub(crate) fn cache(&self) -> &MapCache {
        &self.cache
    }

    pub fn options(&self) -> FightOptions {
        self.options
    }

    /// Number of combatants of side `side`.
    pub fn side_size(&self, side: usize) -> usize {
        self.units.iter().filter(|u| u.side == side).count()
    }
}
