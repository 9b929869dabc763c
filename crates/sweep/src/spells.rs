//! [`SpellLibrary`]: a spell catalogue folder as read — every spell file of it in one
//! [`Catalogue`], and the combatant documents of the creatures its summon spells bring — and
//! what one encounter takes from it ([`SpellLibrary::attach`]): only the spell files its
//! combatants name, and the creatures of those spells, so a source (and the wire message, and
//! the content hash) carries no more than the fight can use. [`SpellLibrary::check`] resolves
//! combatants against the whole catalogue, so a misspelt name gets the closest spell of the
//! folder, not of the encounter.
//!
//! Never opens a path: the caller lists the folder and reads the creature files (a summon's
//! path joined to its spell file's label, `Catalogue::summon_label`) through a closure.

use std::collections::{BTreeMap, BTreeSet};

use pf1e_engine::error::DataError;
use pf1e_engine::model::Combatant;
use pf1e_engine::spell::{Catalogue, SpellId};
use pf1e_engine::spellbook::{CasterSpells, Spellbook, resolve_all};

use crate::source::{Document, ScenarioSource};

/// A summoned creature's file as read, with the combatant it parses to.
#[derive(Clone, Debug)]
struct Creature {
    document: Document,
    combatant: Combatant,
}

/// The spell files of one folder, parsed, and the creatures read for their summon spells.
#[derive(Clone, Debug)]
pub struct SpellLibrary {
    catalogue: Catalogue,
    /// Each spell's document, by [`SpellId`] index.
    documents: Vec<Document>,
    /// Creatures read so far, by label.
    creatures: BTreeMap<String, Creature>,
}

/// A creature file a summon spell names.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SummonFile {
    /// The label of the spell file that names it.
    pub spell: String,
    /// The path as the spell file writes it (`../monsters/dire_rat.json`).
    pub path: String,
    /// The path joined to the spell file's label: the creature document's label, and the
    /// path the caller reads.
    pub label: String,
}

/// The first combatant of `combatants` that names spells (its own or spell-like abilities),
/// if any: an encounter needs a
/// catalogue only then.
pub fn first_caster<'c>(
    combatants: impl IntoIterator<Item = &'c Combatant>,
) -> Option<&'c Combatant> {
    combatants
        .into_iter()
        .find(|c| c.spell_names().next().is_some())
}

impl SpellLibrary {
    /// Parses every spell file of a folder; every problem of every file is returned (line and
    /// column for syntax), and each name given by two files.
    pub fn build(documents: Vec<Document>) -> Result<SpellLibrary, Vec<DataError>> {
        let catalogue = Catalogue::build(
            documents
                .iter()
                .map(|d| (d.label.as_str(), d.text.as_str())),
        )
        .map_err(|e| e.0)?;
        let mut by_label: BTreeMap<String, Document> = documents
            .into_iter()
            .map(|d| (d.label.clone(), d))
            .collect();
        let documents = catalogue
            .iter()
            .map(|(id, _)| {
                by_label
                    .remove(catalogue.label(id))
                    .expect("every spell of the catalogue comes from one of the documents")
            })
            .collect();
        Ok(SpellLibrary {
            catalogue,
            documents,
            creatures: BTreeMap::new(),
        })
    }

    /// Every spell of the folder, in name order.
    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The file of spell `id`.
    pub fn document(&self, id: SpellId) -> &Document {
        &self.documents[id.index()]
    }

    /// The spells `combatants` name that the catalogue has, in name order. Names it lacks are
    /// left to [`SpellLibrary::check`].
    pub fn named<'c>(
        &self,
        combatants: impl IntoIterator<Item = &'c Combatant>,
    ) -> BTreeSet<SpellId> {
        combatants
            .into_iter()
            .flat_map(|c| c.spell_names())
            .filter_map(|name| self.catalogue.id_for_name(name).ok())
            .collect()
    }

    /// The creature files the summon spells of `spells` bring, each once, in spell order.
    pub fn summon_files(&self, spells: &BTreeSet<SpellId>) -> Vec<SummonFile> {
        let mut out: Vec<SummonFile> = Vec::new();
        for &id in spells {
            for path in self.catalogue.spell(id).summons() {
                let label = self.catalogue.summon_label(id, path);
                if out.iter().all(|s| s.label != label) {
                    out.push(SummonFile {
                        spell: self.catalogue.label(id).to_string(),
                        path: path.clone(),
                        label,
                    });
                }
            }
        }
        out
    }

    /// Reads, through `read` (a label is a path to open), each creature that the summon spells
    /// named by `combatants` bring and that is not read yet; each must be a valid combatant
    /// file. Every problem is returned, each unreadable or invalid creature with a line naming
    /// the spell file and the path it writes.
    pub fn read_creatures<'c>(
        &mut self,
        combatants: impl IntoIterator<Item = &'c Combatant>,
        read: &mut dyn FnMut(&str) -> Result<Document, DataError>,
    ) -> Result<(), Vec<DataError>> {
        let mut errors = Vec::new();
        let named = self.named(combatants);
        for summon in self.summon_files(&named) {
            if self.creatures.contains_key(&summon.label) {
                continue;
            }
            let context = |problem: &str| {
                DataError::new(
                    &summon.spell,
                    "effects",
                    format!(
                        "the summoned creature `{}` ({}) {problem}",
                        summon.path, summon.label
                    ),
                )
            };
            let document = match read(&summon.label) {
                Ok(document) => document,
                Err(e) => {
                    errors.push(context(&format!("cannot be read: {}", e.message)));
                    continue;
                }
            };
            match document.parse_combatant() {
                Ok(combatant) => {
                    self.creatures.insert(
                        summon.label.clone(),
                        Creature {
                            document,
                            combatant,
                        },
                    );
                }
                Err(e) => {
                    errors.push(context("is not a valid combatant file:"));
                    errors.extend(e.0);
                }
            }
        }
        if errors.is_empty() {
            Ok(())
        } else {
            Err(errors)
        }
    }

    /// Every problem of `combatants`' spells against the whole catalogue and the creatures
    /// read: unknown names (with the closest spell of the folder), metamagic-baked names,
    /// spells off a caster's list, summon spells whose creature was not read. Each problem
    /// names the combatant's file and field; a file repeated is reported once.
    pub fn check<'c>(
        &self,
        combatants: impl IntoIterator<Item = &'c Combatant>,
    ) -> Result<(), Vec<DataError>> {
        resolve_all(&self.spellbook(), combatants)
            .map(|_| ())
            .map_err(|e| e.0)
    }

    /// `c`'s spells resolved against the whole catalogue (`validate` reports each problem).
    pub fn resolve(&self, c: &Combatant) -> Result<CasterSpells, Vec<DataError>> {
        self.spellbook().caster_spells(c)
    }

    /// The whole catalogue with the creatures read so far.
    fn spellbook(&self) -> Spellbook {
        let creatures: Vec<(String, Combatant)> = (self.creatures.iter())
            .map(|(label, c)| (label.clone(), c.combatant.clone()))
            .collect();
        Spellbook::new(self.catalogue.clone(), &creatures)
    }

    /// Adds to `source` the spell files its combatants name, in name order, and the creatures
    /// those spells summon (documents of no side, after the others). Combatant documents that
    /// do not parse are skipped: `compile` reports them.
    pub fn attach(&self, source: &mut ScenarioSource) {
        let combatants: Vec<Combatant> = (source.combatants.iter())
            .filter_map(|d| d.parse_combatant().ok())
            .collect();
        let named = self.named(&combatants);
        for summon in self.summon_files(&named) {
            if let Some(creature) = self.creatures.get(&summon.label) {
                source.add_combatant(creature.document.clone());
            }
        }
        source.spells = named.iter().map(|&id| self.document(id).clone()).collect();
    }
}

#[cfg(test)]
#[path = "spells_tests.rs"]
mod tests;
