//! [`ScenarioSource`]: one encounter as the text it is made of — the map document, each
//! distinct combatant document once (first-use order), the sides (name, members as indices into
//! the documents, tactic, optional start squares), the fight options, and the spell files its
//! combatants cast from. The binary fills one from files once (`run`), a sweep expands one per
//! cell, and a worker gets one from the wire; all of them [`compile`](ScenarioSource::compile)
//! it here, in one way, and name it by one [`content_hash`](ScenarioSource::content_hash). It
//! never opens a path: labels are only names.
//!
//! The creatures summon spells bring are combatant documents of the source that no side
//! names, labelled as the spell's summon path joined to the spell file's label
//! (`Catalogue::summon_label`), which is how the engine finds them. Which spell files and
//! creatures an encounter needs is decided when it is read (`crate::spells`), not here.
//!
//! Growing it means a new field here, in `compile`, in `content_hash`, in the wire mapping and
//! in its file form (`source_record`, what run slices carry); every user then gets it.

use pf1e_engine::board::Pos;
use pf1e_engine::error::{DataError, DataErrors};
use pf1e_engine::map::{Map, parse_map};
use pf1e_engine::model::{Combatant, parse_combatant};
use pf1e_engine::scenario::{FightOptions, MAX_UNITS, Scenario, SideSpec, Tactic};
use pf1e_engine::spell::Catalogue;
use pf1e_engine::spellbook::Spellbook;
use serde::{Deserialize, Serialize};

use crate::hash::{ContentHash, Hasher};

/// The file label of problems with the source's own structure (a member index out of range, a
/// round cap of 0), as opposed to problems inside one of its documents.
pub const SOURCE_LABEL: &str = "scenario";

/// A text and the name it goes by in reports and errors (the path as the user wrote it).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Document {
    pub label: String,
    pub text: String,
}

impl Document {
    pub fn new(label: impl Into<String>, text: impl Into<String>) -> Self {
        Document {
            label: label.into(),
            text: text.into(),
        }
    }

    /// The document read as a map; errors name its label.
    pub fn parse_map(&self) -> Result<Map, DataErrors> {
        parse_map(&self.label, &self.text)
    }

    /// The document read as a combatant; errors name its label.
    pub fn parse_combatant(&self) -> Result<Combatant, DataErrors> {
        parse_combatant(&self.label, &self.text)
    }
}

/// One side of a source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SideSource {
    /// The side's name, as in the map's deployment.
    pub name: String,
    /// Its combatants in order, as indices into [`ScenarioSource::combatants`] (a document
    /// repeated for identical combatants).
    pub members: Vec<usize>,
    pub tactic: Tactic,
    /// Squares to start on instead of the side's map zone (a sweep's `placements` axis).
    pub start: Option<Vec<Pos>>,
}

/// An encounter as text, ready to compile or to send.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScenarioSource {
    pub map: Document,
    /// Each distinct combatant document once, in first-use order; the creatures summon spells
    /// bring are among them, members of no side.
    pub combatants: Vec<Document>,
    pub sides: Vec<SideSource>,
    pub options: FightOptions,
    /// The spell files the combatants name (only those), labelled as read: a summon's
    /// creature is found by joining its path to this label.
    pub spells: Vec<Document>,
}

impl ScenarioSource {
    /// A source on `map` with no side yet.
    pub fn new(map: Document, options: FightOptions) -> Self {
        ScenarioSource {
            map,
            combatants: Vec::new(),
            sides: Vec::new(),
            options,
            spells: Vec::new(),
        }
    }

    /// The index of the combatant document labelled `label`, if it is there.
    pub fn combatant_index(&self, label: &str) -> Option<usize> {
        self.combatants.iter().position(|d| d.label == label)
    }

    /// The index of `document` among the combatants, added at the end unless a document of
    /// the same label is already there (each distinct file once, first-use order).
    pub fn add_combatant(&mut self, document: Document) -> usize {
        match self.combatant_index(&document.label) {
            Some(index) => index,
            None => {
                self.combatants.push(document);
                self.combatants.len() - 1
            }
        }
    }

    /// The engine's scenario: the map, then each combatant document and each spell file (every
    /// problem of every document is reported, each naming its label, with line:column for
    /// syntax), then the sides deployed on the map — on their start squares when given — with
    /// their tactics, then every combatant's spells resolved against the spell files (an
    /// unknown or off-list spell, or a summon whose creature is not among the documents, names
    /// the combatant's file and field).
    pub fn compile(&self) -> Result<Scenario, DataErrors> {
        let mut errors = Vec::new();
        let map = keep(self.map.parse_map(), &mut errors);
        let combatants: Vec<Option<Combatant>> = self
            .combatants
            .iter()
            .map(|d| keep(d.parse_combatant(), &mut errors))
            .collect();
        let catalogue = keep(
            Catalogue::build(
                self.spells
                    .iter()
                    .map(|d| (d.label.as_str(), d.text.as_str())),
            ),
            &mut errors,
        );
        let sides = self.side_specs(&combatants, &mut errors);
        if self.options.round_cap == 0 {
            errors.push(DataError::new(
                SOURCE_LABEL,
                "options.round_cap",
                "the round cap must be at least 1",
            ));
        }
        let Some(map) = map.filter(|_| errors.is_empty()) else {
            return Err(DataErrors(errors));
        };
        let start = self.sides.iter().map(|s| s.start.clone()).collect();
        let label = &self.map.label;
        let mut scenario = Scenario::with_start_squares(map, label, sides, start, self.options)?;
        for side in &self.sides {
            scenario
                .set_tactic(side.name.as_str(), side.tactic)
                .map_err(|e| DataError::new(label, "deployment", e.to_string()))?;
        }
        let book = spellbook(catalogue.unwrap_or_default(), &combatants);
        scenario.with_spellbook(book)
    }

    /// Each side with its parsed combatants; a member index out of range is reported. More
    /// members than an encounter holds ([`MAX_UNITS`]) is one error, found before any member
    /// is copied: a request's member list costs what its length says, never a combatant each.
    fn side_specs(
        &self,
        combatants: &[Option<Combatant>],
        errors: &mut Vec<DataError>,
    ) -> Vec<SideSpec> {
        let total = self
            .sides
            .iter()
            .fold(0usize, |n, side| n.saturating_add(side.members.len()));
        if total > MAX_UNITS {
            errors.push(DataError::new(
                SOURCE_LABEL,
                "sides",
                format!("{total} members; an encounter holds at most {MAX_UNITS} combatants"),
            ));
            return Vec::new();
        }
        let mut sides = Vec::with_capacity(self.sides.len());
        for (s, side) in self.sides.iter().enumerate() {
            let mut members = Vec::with_capacity(side.members.len());
            for (m, &index) in side.members.iter().enumerate() {
                match combatants.get(index) {
                    Some(Some(c)) => members.push(c.clone()),
                    // Its document's own errors are already listed.
                    Some(None) => {}
                    None => errors.push(DataError::new(
                        SOURCE_LABEL,
                        format!("sides[{s}].members[{m}]"),
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
        sides
    }

    /// The hash of everything the source holds: labels and texts of its documents (map,
    /// combatants, spell files), sides (names, members, tactics, start squares) and options.
    /// Equal hashes compile to equal scenarios; a worker keys its compiled scenarios by it, and
    /// job ids and cache keys start from it. Every field is named (no `..`), so a new one
    /// cannot be left out.
    pub fn content_hash(&self) -> ContentHash {
        let ScenarioSource {
            map,
            combatants,
            sides,
            options,
            spells,
        } = self;
        let mut h = Hasher::new("pf1e-scenario-v4");
        h.text(&map.label).text(&map.text);
        h.count(combatants.len());
        for document in combatants {
            h.text(&document.label).text(&document.text);
        }
        h.count(sides.len());
        for side in sides {
            let SideSource {
                name,
                members,
                tactic,
                start,
            } = side;
            h.text(name).count(members.len());
            for &m in members {
                h.count(m);
            }
            h.text(tactic.name());
            match start {
                None => h.bool(false),
                Some(squares) => {
                    h.bool(true).count(squares.len());
                    for q in squares {
                        h.u64(u64::from(q.row)).u64(u64::from(q.col));
                    }
                    &mut h
                }
            };
        }
        let FightOptions {
            round_cap,
            simple_monster_death,
        } = *options;
        h.u64(u64::from(round_cap)).bool(simple_monster_death);
        h.count(spells.len());
        for document in spells {
            h.text(&document.label).text(&document.text);
        }
        h.finish()
    }
}

/// The spellbook of `catalogue`, whose summon spells find their creatures among the parsed
/// combatant documents by label (those no spell names are ignored). Without spells, the empty
/// spellbook: nothing to clone.
fn spellbook(catalogue: Catalogue, combatants: &[Option<Combatant>]) -> Spellbook {
    if catalogue.is_empty() {
        return Spellbook::default();
    }
    let creatures: Vec<(String, Combatant)> = combatants
        .iter()
        .flatten()
        .map(|c| (c.file().to_string(), c.clone()))
        .collect();
    Spellbook::new(catalogue, &creatures)
}

/// The value of `result`, or `None` with its errors added to `errors`.
fn keep<T>(result: Result<T, DataErrors>, errors: &mut Vec<DataError>) -> Option<T> {
    result.map_err(|e| errors.extend(e.0)).ok()
}

#[cfg(test)]
#[path = "source_tests.rs"]
mod tests;
