//! The spells of one encounter: the [`Catalogue`] its combatants cast from, each combatant's
//! spells resolved against it ([`CasterSpells`]: ids, the level each has on the caster's list,
//! its prepared copies), and the creatures its summon spells bring. Built once per scenario
//! from validated inputs; fights only read it. Owns the name resolution and its errors
//! (« fireblal » → did you mean `fireball`; « maximized fireball » → list `fireball` and give
//! the Maximize Spell feat; a spell not on the caster's list) — never how a spell is cast.

use crate::error::{DataError, DataErrors};
use crate::model::special::{SlaUses, Special};
use crate::model::{Casting, Combatant};
use crate::rules::effect::{CreatureSlot, Effect};
use crate::spell::vocab::SpellClass;
use crate::spell::{Catalogue, SpellId};
use crate::vocab::Vocabulary;

/// A spell a combatant can cast, with its level on the combatant's class list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownSpell {
    pub id: SpellId,
    pub level: u8,
}

/// One spell of a `spell_like` entry, resolved (« Bestiary — Spell-Like Abilities »): its
/// level is the spell's on the sorcerer/wizard list, else the cleric's, else its lowest.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct KnownSla {
    pub spell: KnownSpell,
    pub uses: SlaUses,
    pub self_only: bool,
}

/// A combatant's spells, resolved.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct CasterSpells {
    /// In the order of the file's `spells`.
    pub known: Vec<KnownSpell>,
    /// Its spell-like abilities, in the order of its `spell_like` entry; the caster level
    /// is the entry's.
    pub spell_like: Vec<KnownSla>,
    pub sla_level: u8,
    /// Prepared copies per spell (a prepared caster whose file lists them); empty: its slots
    /// serve any of its spells of their level or lower (flexible preparation).
    pub prepared: Vec<(SpellId, u32)>,
}

/// A creature a summon spell brings, read from the combatant document its path names.
#[derive(Clone, Debug)]
pub struct Summoned {
    pub spell: SpellId,
    pub slot: CreatureSlot,
    pub combatant: Combatant,
}

/// The catalogue and the summoned creatures of one encounter.
#[derive(Clone, Debug, Default)]
pub struct Spellbook {
    catalogue: Catalogue,
    creatures: Vec<Summoned>,
}

impl Spellbook {
    /// A spellbook of `catalogue` whose summon spells bring `creatures`, each given with the
    /// label of the document it was read from: a spell's summon path, joined to the spell's
    /// own label ([`Catalogue::summon_label`]), must name one of them. Creatures no spell names
    /// are ignored. A summon spell whose creature is missing is an error only when a combatant
    /// knows it (see [`Spellbook::caster_spells`]).
    pub fn new(catalogue: Catalogue, creatures: &[(String, Combatant)]) -> Spellbook {
        let mut found = Vec::new();
        for (id, spell) in catalogue.iter() {
            for (slot, path) in spell.summons().iter().enumerate() {
                let label = catalogue.summon_label(id, path);
                if let Some((_, c)) = creatures.iter().find(|(l, _)| *l == label) {
                    found.push(Summoned {
                        spell: id,
                        slot: CreatureSlot(slot as u8),
                        combatant: c.clone(),
                    });
                }
            }
        }
        Spellbook {
            catalogue,
            creatures: found,
        }
    }

    pub fn catalogue(&self) -> &Catalogue {
        &self.catalogue
    }

    /// The creature summon effect `slot` of spell `spell` brings.
    pub fn creature(&self, spell: SpellId, slot: CreatureSlot) -> Option<&Combatant> {
        (self.creatures.iter())
            .find(|s| s.spell == spell && s.slot == slot)
            .map(|s| &s.combatant)
    }

    /// Every summoned creature, in catalogue order.
    pub fn creatures(&self) -> &[Summoned] {
        &self.creatures
    }

    /// `c`'s spells resolved against the catalogue: each name must be a spell of it (a
    /// misspelt name gets a did-you-mean, a metamagic-baked one says which base spell and feat
    /// to list) on `c`'s spell list, and each summon spell must have its creature. Every
    /// problem is reported, with `c`'s file and the field (`spells[3]`, `prepared.sleep`).
    pub fn caster_spells(&self, c: &Combatant) -> Result<CasterSpells, Vec<DataError>> {
        let mut out = CasterSpells::default();
        let mut errors = Vec::new();
        let file = c.file();
        for (i, name) in c.spells().iter().enumerate() {
            let field = format!("spells[{i}]");
            let id = match self.catalogue.id_for_name(name) {
                Ok(id) => id,
                Err(message) => {
                    errors.push(DataError::new(file, field, message));
                    continue;
                }
            };
            let spell = self.catalogue.spell(id);
            let list = c.spell_list();
            let Some(level) = list.and_then(|l| spell.level_for(l)) else {
                let lists: Vec<String> = spell
                    .levels()
                    .iter()
                    .map(|(k, l)| format!("{k} {l}"))
                    .collect();
                errors.push(DataError::new(
                    file,
                    field,
                    format!(
                        "`{}` is not on the {} list (it is: {})",
                        spell.name(),
                        list.map_or("caster's", |l| l.name()),
                        lists.join(", ")
                    ),
                ));
                continue;
            };
            for effect in spell.effects().iter().chain(spell.on_save()) {
                if let Effect::Summon { creature, .. } = &effect.effect
                    && self.creature(id, *creature).is_none()
                {
                    let path = spell.summon_path(*creature).unwrap_or_default();
                    errors.push(DataError::new(
                        file,
                        field.clone(),
                        format!(
                            "`{}` summons {}, which was not loaded with it",
                            spell.name(),
                            self.catalogue.summon_label(id, path)
                        ),
                    ));
                }
            }
            out.known.push(KnownSpell { id, level });
        }
        self.spell_likes(c, &mut out, &mut errors);
        if c.casting() == Some(Casting::Prepared) {
            for (name, count) in c.prepared() {
                if let Some(k) =
                    (self.catalogue.id(name)).and_then(|id| out.known.iter().find(|k| k.id == id))
                {
                    out.prepared.push((k.id, *count));
                }
            }
        }
        if errors.is_empty() {
            Ok(out)
        } else {
            Err(errors)
        }
    }
}

impl Spellbook {
    /// `c`'s spell-like abilities resolved into `out`: each name must be a catalogue spell
    /// (on no list in particular); problems go to `errors` with their field.
    fn spell_likes(&self, c: &Combatant, out: &mut CasterSpells, errors: &mut Vec<DataError>) {
        for (i, e) in c.specials().iter().enumerate() {
            let Special::SpellLike { caster_level } = e.special else {
                continue;
            };
            out.sla_level = caster_level;
            for (j, sla) in e.spell_like.iter().enumerate() {
                let id = match self.catalogue.id_for_name(&sla.spell) {
                    Ok(id) => id,
                    Err(message) => {
                        let field = format!("specials[{i}].spells[{j}].spell");
                        errors.push(DataError::new(c.file(), field, message));
                        continue;
                    }
                };
                out.spell_like.push(KnownSla {
                    spell: KnownSpell {
                        id,
                        level: sla_level(self.catalogue.spell(id)),
                    },
                    uses: sla.uses,
                    self_only: sla.self_only,
                });
            }
        }
    }
}

/// The level of a spell used as a spell-like ability: its sorcerer/wizard level, else its
/// cleric level, else its lowest.
pub fn sla_level(spell: &crate::spell::Spell) -> u8 {
    (spell.level_for(SpellClass::SorcererWizard))
        .or_else(|| spell.level_for(SpellClass::Cleric))
        .or_else(|| spell.levels().iter().map(|(_, l)| l).min())
        .unwrap_or(0)
}

/// Resolves the spells of every combatant of `combatants` (a file repeated for identical
/// combatants is reported once).
pub fn resolve_all<'c>(
    book: &Spellbook,
    combatants: impl IntoIterator<Item = &'c Combatant>,
) -> Result<Vec<CasterSpells>, DataErrors> {
    let mut out = Vec::new();
    let mut errors: Vec<DataError> = Vec::new();
    let mut reported: Vec<&str> = Vec::new();
    for c in combatants {
        match book.caster_spells(c) {
            Ok(spells) => out.push(spells),
            Err(e) => {
                if !reported.contains(&c.file()) {
                    reported.push(c.file());
                    errors.extend(e);
                }
                out.push(CasterSpells::default());
            }
        }
    }
    if errors.is_empty() {
        Ok(out)
    } else {
        Err(DataErrors(errors))
    }
}

#[cfg(test)]
mod tests {
    use std::path::{Path, PathBuf};

    use super::*;
    use crate::model::parse_combatant;
    use crate::spell::join_label;

    fn data() -> PathBuf {
        Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data")
    }

    /// Every spell file of data/spells, labelled `data/spells/NAME.json`.
    fn data_catalogue() -> Catalogue {
        let mut docs: Vec<(String, String)> = std::fs::read_dir(data().join("spells"))
            .expect("data/spells exists")
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|x| x == "json"))
            .map(|p| {
                let label = format!("data/spells/{}", p.file_name().unwrap().to_string_lossy());
                (label, std::fs::read_to_string(&p).unwrap())
            })
            .collect();
        docs.sort();
        Catalogue::build(docs.iter().map(|(l, t)| (l.as_str(), t.as_str()))).unwrap()
    }

    fn combatant(label: &str) -> Combatant {
        let text = std::fs::read_to_string(data().join(label.trim_start_matches("data/"))).unwrap();
        parse_combatant(label, &text).unwrap()
    }

    fn caster(spells: &str) -> Combatant {
        let text = format!(
            r#"{{"name": "Test", "abilities": {{"str_score": 10, "dex_score": 10, "con_score": 10,
            "int_score": 16, "wis_score": 10, "cha_score": 10}}, "hp_max": 10,
            "ac": {{"total": 10, "touch": 10, "flat_footed": 10}}, "bab": 0, "initiative_mod": 0,
            "saves": {{"fort": 0, "ref": 0, "will": 0}}, "casting_ability": "int",
            "spell_list": "sorcerer_wizard", "casting": "prepared", "spells": [{spells}]}}"#
        );
        parse_combatant("test.json", &text).unwrap()
    }

    #[test]
    fn every_caster_of_data_resolves_against_data_spells() {
        let book = Spellbook::new(data_catalogue(), &[]);
        for file in [
            "data/monsters/drow_noble.json",
            "data/monsters/lich.json",
            "data/pcs/hesper.json",
            "data/pcs/ivo.json",
            "data/pcs/maelis.json",
            "data/pcs/sera.json",
        ] {
            let c = combatant(file);
            let spells = book
                .caster_spells(&c)
                .unwrap_or_else(|e| panic!("{file}: {e:?}"));
            assert_eq!(spells.known.len(), c.spells().len(), "{file}");
        }
        let lich = book
            .caster_spells(&combatant("data/monsters/lich.json"))
            .unwrap();
        let fireball = book.catalogue().id("fireball").unwrap();
        assert!(lich.known.contains(&KnownSpell {
            id: fireball,
            level: 3
        }));
    }

    #[test]
    fn unknown_baked_and_off_list_spells_name_the_file_and_field() {
        let book = Spellbook::new(data_catalogue(), &[]);
        let e = book
            .caster_spells(&caster(
                r#""fireblal", "maximized fireball", "cure light wounds""#,
            ))
            .unwrap_err();
        let got: Vec<(String, String)> = e
            .iter()
            .map(|e| (e.field.clone(), e.message.clone()))
            .collect();
        assert_eq!(got.len(), 3, "{got:?}");
        assert_eq!(got[0].0, "spells[0]");
        assert!(got[0].1.contains("did you mean `fireball`"), "{}", got[0].1);
        assert_eq!(got[1].0, "spells[1]");
        assert!(got[1].1.contains("Maximize Spell"), "{}", got[1].1);
        assert_eq!(got[2].0, "spells[2]");
        assert!(
            got[2].1.contains("not on the sorcerer_wizard list") && got[2].1.contains("cleric 1"),
            "{}",
            got[2].1
        );
        assert!(e.iter().all(|e| e.file == "test.json"));
    }

    #[test]
    fn a_summon_spell_needs_its_creature() {
        let catalogue = data_catalogue();
        let summon = catalogue.id("summon monster i").unwrap();
        let rat_label = catalogue.summon_label(summon, "../monsters/dire_rat.json");
        assert_eq!(rat_label, "data/monsters/dire_rat.json");
        let c = caster(r#""summon monster i""#);
        let without = Spellbook::new(catalogue.clone(), &[]);
        let e = without.caster_spells(&c).unwrap_err();
        assert!(
            e[0].message.contains("data/monsters/dire_rat.json"),
            "{}",
            e[0].message
        );
        let rat = combatant("data/monsters/dire_rat.json");
        let with = Spellbook::new(catalogue, &[(rat_label, rat)]);
        assert!(with.caster_spells(&c).is_ok());
        let slot = CreatureSlot(0);
        assert_eq!(
            with.creature(summon, slot).map(Combatant::name),
            Some("Dire Rat")
        );
    }

    #[test]
    fn summon_labels_fold_dots() {
        assert_eq!(
            join_label("data/spells/x.json", "../monsters/a.json"),
            "data/monsters/a.json"
        );
        assert_eq!(join_label("x.json", "../m/a.json"), "../m/a.json");
        assert_eq!(join_label("s/x.json", "./a.json"), "s/a.json");
        assert_eq!(join_label("a\\b\\x.json", "..\\m\\c.json"), "a/m/c.json");
    }
}
