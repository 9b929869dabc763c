//! [`SourceRecord`]: a [`ScenarioSource`] as JSON, for the files that carry one — a `run`
//! slice holds its job's source so that `merge` can draw `run`'s page and replay any fight of
//! the job without the job's files (README « Batch clusters »). Every field of the source has
//! its field here (the tactic by its name, start squares as `[row, col]`), so a record turns
//! back into the very source it was made from, with the same content hash.

use pf1e_engine::board::Pos;
use pf1e_engine::scenario::{FightOptions, Tactic, UnknownTactic};
use serde::{Deserialize, Serialize};

use crate::source::{Document, ScenarioSource, SideSource};

/// A scenario source as a file writes it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SourceRecord {
    pub map: Document,
    pub combatants: Vec<Document>,
    pub sides: Vec<SideRecord>,
    pub round_cap: u32,
    pub simple_monster_death: bool,
    pub spells: Vec<Document>,
}

/// One side of a [`SourceRecord`].
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SideRecord {
    pub name: String,
    pub members: Vec<usize>,
    /// [`Tactic::name`].
    pub tactic: String,
    /// `[row, col]` squares, or `null` for the side's map zone.
    pub start: Option<Vec<[u16; 2]>>,
}

impl From<&ScenarioSource> for SourceRecord {
    fn from(source: &ScenarioSource) -> Self {
        let ScenarioSource {
            map,
            combatants,
            sides,
            options,
            spells,
        } = source;
        let side = |s: &SideSource| SideRecord {
            name: s.name.clone(),
            members: s.members.clone(),
            tactic: s.tactic.name().to_string(),
            start: (s.start.as_ref()).map(|q| q.iter().map(|p| [p.row, p.col]).collect()),
        };
        SourceRecord {
            map: map.clone(),
            combatants: combatants.clone(),
            sides: sides.iter().map(side).collect(),
            round_cap: options.round_cap,
            simple_monster_death: options.simple_monster_death,
            spells: spells.clone(),
        }
    }
}

impl SourceRecord {
    /// The source this record was made from; an unknown tactic name otherwise.
    pub fn to_source(&self) -> Result<ScenarioSource, UnknownTactic> {
        let options = FightOptions {
            round_cap: self.round_cap,
            simple_monster_death: self.simple_monster_death,
        };
        let mut source = ScenarioSource::new(self.map.clone(), options);
        source.combatants = self.combatants.clone();
        source.spells = self.spells.clone();
        for side in &self.sides {
            source.sides.push(SideSource {
                name: side.name.clone(),
                members: side.members.clone(),
                tactic: side.tactic.parse::<Tactic>()?,
                start: (side.start.as_ref())
                    .map(|q| q.iter().map(|&[row, col]| Pos::new(row, col)).collect()),
            });
        }
        Ok(source)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_source_survives_its_record_with_its_hash() {
        let mut s = ScenarioSource::new(Document::new("m.yaml", "x"), FightOptions::default());
        s.add_combatant(Document::new("g.json", "{}"));
        s.sides = vec![
            SideSource {
                name: "players".into(),
                members: vec![0, 0],
                tactic: Tactic::Kite,
                start: Some(vec![Pos::new(3, 8)]),
            },
            SideSource {
                name: "monsters".into(),
                members: vec![0],
                tactic: Tactic::Default,
                start: None,
            },
        ];
        s.options.simple_monster_death = true;
        s.spells = vec![Document::new("spells/bless.json", "{}")];
        let json = serde_json::to_string(&SourceRecord::from(&s)).unwrap();
        let back: SourceRecord = serde_json::from_str(&json).unwrap();
        let back = back.to_source().unwrap();
        assert_eq!(back, s);
        assert_eq!(back.content_hash(), s.content_hash());
        let bad = json.replacen("\"kite\"", "\"kiet\"", 1);
        let bad: SourceRecord = serde_json::from_str(&bad).unwrap();
        assert!(bad.to_source().is_err());
    }
}
