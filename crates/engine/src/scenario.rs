//! [`Scenario`]: one encounter compiled once — the validated map, the combatants deployed on it
//! with their unique ids, the fight options, the [`Tactic`] each side fights with — plus the
//! per-map tables every fight of the scenario reads. Built from validated inputs only; a fight
//! never mutates it, so threads share one `Scenario` by reference.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::board::Pos;
use crate::de::closest;
use crate::deploy::{SideRequest, deploy_at};
use crate::error::DataErrors;
use crate::map::Map;
use crate::model::Combatant;
use crate::spellbook::{CasterSpells, Spellbook, resolve_all};
use crate::tables::MapCache;

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
    /// The reference spec, « Mort simplifiée des monstres »: monsters (role `monster`) die at
    /// 0 hp; PCs never.
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

/// How one side fights: the built-in policies of the fight engine (the sweeps' `tactics`
/// axis). Each is documented with its policy in `policy::tactics`; names are the snake_case
/// words of [`Tactic::name`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tactic {
    /// The reference spec's default_policy: against the nearest enemy, full attack, else
    /// charge, else 5-foot step and full attack, else move and attack.
    #[default]
    Default,
    /// The default policy against the active enemy with the lowest current hit points.
    FocusWeakest,
    /// The default policy under an explicit name (it already targets the nearest enemy).
    FocusNearest,
    /// Never move toward the enemy: shoot (ranged) or wait until an enemy comes within reach
    /// (melee).
    HoldAndShoot,
    /// Ranged combatants keep out of every enemy's reach and shoot; the others play default.
    Kite,
}

impl Tactic {
    /// Every tactic, in the order they are listed to users.
    pub const ALL: [Tactic; 5] = [
        Tactic::Default,
        Tactic::FocusWeakest,
        Tactic::FocusNearest,
        Tactic::HoldAndShoot,
        Tactic::Kite,
    ];

    /// The name users write (`focus_weakest`).
    pub fn name(self) -> &'static str {
        match self {
            Tactic::Default => "default",
            Tactic::FocusWeakest => "focus_weakest",
            Tactic::FocusNearest => "focus_nearest",
            Tactic::HoldAndShoot => "hold_and_shoot",
            Tactic::Kite => "kite",
        }
    }
}

impl fmt::Display for Tactic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// The valid tactic names, comma-separated, for messages.
fn tactic_names() -> String {
    Tactic::ALL.map(Tactic::name).join(", ")
}

/// A tactic name that is none of [`Tactic::ALL`].
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error(
    "unknown tactic `{name}` (did you mean `{closest}`?); the tactics are: {}",
    tactic_names()
)]
pub struct UnknownTactic {
    /// The name as given.
    pub name: String,
    /// The valid name closest to it.
    pub closest: &'static str,
}

impl FromStr for Tactic {
    type Err = UnknownTactic;

    /// Exact names only (`focus_weakest`, not `Focus-Weakest`): sweep files must say one thing.
    fn from_str(name: &str) -> Result<Self, Self::Err> {
        if let Some(t) = Tactic::ALL.into_iter().find(|t| t.name() == name) {
            return Ok(t);
        }
        let best = closest(name, Tactic::ALL.map(Tactic::name)).unwrap_or("default");
        Err(UnknownTactic {
            name: name.to_string(),
            closest: best,
        })
    }
}

/// A side of a scenario named by its index in [`Scenario::sides`] or by its name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SideRef<'a> {
    Index(usize),
    Name(&'a str),
}

impl From<usize> for SideRef<'_> {
    fn from(index: usize) -> Self {
        SideRef::Index(index)
    }
}

impl<'a> From<&'a str> for SideRef<'a> {
    fn from(name: &'a str) -> Self {
        SideRef::Name(name)
    }
}

impl<'a> From<&'a String> for SideRef<'a> {
    fn from(name: &'a String) -> Self {
        SideRef::Name(name)
    }
}

/// A [`SideRef`] that names no side of the scenario.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum NoSuchSide {
    #[error(
        "no side `{name}` in this encounter (did you mean `{closest}`?); the sides are: {sides}"
    )]
    Name {
        name: String,
        closest: String,
        /// Every side name, comma-separated.
        sides: String,
    },
    #[error("no side number {index}: this encounter has {count} sides, numbered from 0")]
    Index { index: usize, count: usize },
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
    /// Its spells, resolved against the scenario's spellbook (empty for a non-caster and
    /// until [`Scenario::with_spellbook`]).
    pub spells: CasterSpells,
}

/// A compiled encounter.
#[derive(Debug)]
pub struct Scenario {
    map: Map,
    map_label: String,
    sides: Vec<String>,
    units: Vec<UnitSpec>,
    options: FightOptions,
    /// The tactic of each side, in side order.
    tactics: Vec<Tactic>,
    /// The spells its combatants cast and the creatures they summon.
    spellbook: Spellbook,
    /// Lazily filled per-map tables shared by every fight (cover, cost fields).
    cache: MapCache,
}

impl Scenario {
    /// Deploys `sides` on `map` (the reference spec, « Règles de construction d'une
    /// rencontre »); `map_label` names the map file in errors.
    pub fn new(
        map: Map,
        map_label: &str,
        sides: Vec<SideSpec>,
        options: FightOptions,
    ) -> Result<Scenario, DataErrors> {
        Self::with_start_squares(map, map_label, sides, Vec::new(), options)
    }

    /// [`Scenario::new`], except that `sides[i]` starts on the squares `start[i]` when it is
    /// `Some` instead of its map zone (the sweeps' `placements` axis): its members take the
    /// first of those squares, in the order given, that can anchor their footprint. `start`
    /// may be shorter than `sides` (the rest deploy in their zones).
    pub fn with_start_squares(
        map: Map,
        map_label: &str,
        sides: Vec<SideSpec>,
        start: Vec<Option<Vec<Pos>>>,
        options: FightOptions,
    ) -> Result<Scenario, DataErrors> {
        let start: Vec<Option<&[Pos]>> = start.iter().map(|s| s.as_deref()).collect();
        let requests: Vec<SideRequest> = sides
            .iter()
            .map(|s| SideRequest {
                name: &s.name,
                members: s.combatants.iter().map(|c| (c.name(), c.size())).collect(),
            })
            .collect();
        let placements = deploy_at(&map, map_label, &requests, &start)?;
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
                    spells: CasterSpells::default(),
                }
            })
            .collect();
        Ok(Scenario {
            spellbook: Spellbook::default(),
            cache: MapCache::new(&map),
            tactics: vec![Tactic::Default; side_names.len()],
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

    /// The tactic of side `side` ([`Tactic::Default`] unless set).
    pub fn tactic(&self, side: usize) -> Tactic {
        self.tactics[side]
    }

    /// The tactic of every side, in side order.
    pub fn tactics(&self) -> &[Tactic] {
        &self.tactics
    }

    /// The index of `side` in [`Scenario::sides`].
    pub fn side_index<'a>(&self, side: impl Into<SideRef<'a>>) -> Result<usize, NoSuchSide> {
        match side.into() {
            SideRef::Index(index) if index < self.sides.len() => Ok(index),
            SideRef::Index(index) => Err(NoSuchSide::Index {
                index,
                count: self.sides.len(),
            }),
            SideRef::Name(name) => {
                self.sides
                    .iter()
                    .position(|s| s == name)
                    .ok_or_else(|| NoSuchSide::Name {
                        name: name.to_string(),
                        closest: closest(name, self.sides.iter().map(String::as_str))
                            .unwrap_or_default()
                            .to_string(),
                        sides: self.sides.join(", "),
                    })
            }
        }
    }

    /// Makes side `side` (index or name) fight with `tactic`.
    pub fn set_tactic<'a>(
        &mut self,
        side: impl Into<SideRef<'a>>,
        tactic: Tactic,
    ) -> Result<(), NoSuchSide> {
        let index = self.side_index(side)?;
        self.tactics[index] = tactic;
        Ok(())
    }

    /// Builder form of [`Scenario::set_tactic`]:
    /// `Scenario::new(…)?.with_tactic("monsters", Tactic::Kite)?`.
    pub fn with_tactic<'a>(
        mut self,
        side: impl Into<SideRef<'a>>,
        tactic: Tactic,
    ) -> Result<Scenario, NoSuchSide> {
        self.set_tactic(side, tactic)?;
        Ok(self)
    }

    /// Gives the scenario the spells its combatants cast: resolves every combatant's spells
    /// against `book` (unknown names, metamagic-baked names, spells off the caster's list and
    /// summon spells without their creature are errors naming the combatant's file).
    pub fn with_spellbook(mut self, book: Spellbook) -> Result<Scenario, DataErrors> {
        let resolved = resolve_all(&book, self.units.iter().map(|u| &u.combatant))?;
        for (unit, spells) in self.units.iter_mut().zip(resolved) {
            unit.spells = spells;
        }
        self.spellbook = book;
        Ok(self)
    }

    /// The spells of this encounter (empty unless [`Scenario::with_spellbook`] gave them).
    pub fn spellbook(&self) -> &Spellbook {
        &self.spellbook
    }

    /// Number of combatants of side `side`.
    pub fn side_size(&self, side: usize) -> usize {
        self.units.iter().filter(|u| u.side == side).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::map::parse_map;
    use crate::model::parse_combatant;

    #[test]
    fn with_start_squares_places_a_side_on_the_given_squares() {
        let arena = include_str!("../../../data/maps/sample_arena.yaml");
        let goblin =
            parse_combatant("goblin", include_str!("../../../data/monsters/goblin.json")).unwrap();
        let orc = parse_combatant("orc", include_str!("../../../data/monsters/orc.json")).unwrap();
        let sides = || {
            vec![
                SideSpec {
                    name: "monsters".into(),
                    combatants: vec![orc.clone()],
                },
                SideSpec {
                    name: "players".into(),
                    combatants: vec![goblin.clone(), goblin.clone()],
                },
            ]
        };
        let map = || parse_map("arena", arena).unwrap();
        let start = vec![None, Some(vec![Pos::new(4, 8), Pos::new(3, 8)])];
        let s =
            Scenario::with_start_squares(map(), "arena", sides(), start, FightOptions::default())
                .unwrap();
        let got: Vec<(&str, Pos)> = s
            .units()
            .iter()
            .map(|u| (u.id.as_str(), u.anchor))
            .collect();
        assert_eq!(
            got,
            [
                ("goblin", Pos::new(4, 8)),
                ("goblin-2", Pos::new(3, 8)),
                ("orc", Pos::new(1, 15))
            ]
        );
        let plain = Scenario::new(map(), "arena", sides(), FightOptions::default()).unwrap();
        let none =
            Scenario::with_start_squares(map(), "arena", sides(), vec![], FightOptions::default())
                .unwrap();
        let anchors = |s: &Scenario| s.units().iter().map(|u| u.anchor).collect::<Vec<_>>();
        assert_eq!(anchors(&plain), anchors(&none));
    }
}
