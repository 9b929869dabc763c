//! [`Catalogue`]: every spell of a set of spell files, keyed by lowercased name in a
//! `BTreeMap` (deterministic order), with [`SpellId`]s for the engine, case-insensitive
//! lookups, suggestions for misspelt names, and the answer for metamagic-baked names
//! (« maximized fireball » is `fireball` with Maximize Spell: combatant files list the base
//! spell and the feat). Reads no files: callers hand over `(label, text)` pairs.

use std::collections::BTreeMap;

use super::definition::Spell;
use super::parse_spell;
use crate::de::closest;
use crate::error::{DataError, DataErrors};

/// A spell of one [`Catalogue`]: an index in name order, `Copy`. Only meaningful with the
/// catalogue that issued it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SpellId(u16);

impl SpellId {
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

/// The metamagic feats whose adjective may prefix a spell name (« CRB — Metamagic Feats »,
/// « APG — Metamagic Feats »).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum MetamagicFeat {
    Empower,
    Enlarge,
    Extend,
    Heighten,
    Maximize,
    Quicken,
    Silent,
    Still,
    Widen,
    Bouncing,
    Dazing,
    Disruptive,
    Ectoplasmic,
    Focused,
    Intensified,
    Lingering,
    Merciful,
    Persistent,
    Reach,
    Selective,
    Sickening,
    Thundering,
}

impl MetamagicFeat {
    pub const ALL: &'static [MetamagicFeat] = &[
        MetamagicFeat::Empower,
        MetamagicFeat::Enlarge,
        MetamagicFeat::Extend,
        MetamagicFeat::Heighten,
        MetamagicFeat::Maximize,
        MetamagicFeat::Quicken,
        MetamagicFeat::Silent,
        MetamagicFeat::Still,
        MetamagicFeat::Widen,
        MetamagicFeat::Bouncing,
        MetamagicFeat::Dazing,
        MetamagicFeat::Disruptive,
        MetamagicFeat::Ectoplasmic,
        MetamagicFeat::Focused,
        MetamagicFeat::Intensified,
        MetamagicFeat::Lingering,
        MetamagicFeat::Merciful,
        MetamagicFeat::Persistent,
        MetamagicFeat::Reach,
        MetamagicFeat::Selective,
        MetamagicFeat::Sickening,
        MetamagicFeat::Thundering,
    ];

    /// The adjective, then the feat's name: « maximized », « Maximize Spell ».
    fn words(self) -> (&'static str, &'static str) {
        use MetamagicFeat::*;
        match self {
            Empower => ("empowered", "Empower Spell"),
            Enlarge => ("enlarged", "Enlarge Spell"),
            Extend => ("extended", "Extend Spell"),
            Heighten => ("heightened", "Heighten Spell"),
            Maximize => ("maximized", "Maximize Spell"),
            Quicken => ("quickened", "Quicken Spell"),
            Silent => ("silent", "Silent Spell"),
            Still => ("stilled", "Still Spell"),
            Widen => ("widened", "Widen Spell"),
            Bouncing => ("bouncing", "Bouncing Spell"),
            Dazing => ("dazing", "Dazing Spell"),
            Disruptive => ("disruptive", "Disruptive Spell"),
            Ectoplasmic => ("ectoplasmic", "Ectoplasmic Spell"),
            Focused => ("focused", "Focused Spell"),
            Intensified => ("intensified", "Intensified Spell"),
            Lingering => ("lingering", "Lingering Spell"),
            Merciful => ("merciful", "Merciful Spell"),
            Persistent => ("persistent", "Persistent Spell"),
            Reach => ("reach", "Reach Spell"),
            Selective => ("selective", "Selective Spell"),
            Sickening => ("sickening", "Sickening Spell"),
            Thundering => ("thundering", "Thundering Spell"),
        }
    }

    /// How a spell name prefixes it (« maximized »).
    pub fn adjective(self) -> &'static str {
        self.words().0
    }

    /// The feat as printed (« Maximize Spell »).
    pub fn feat(self) -> &'static str {
        self.words().1
    }
}

/// What a name stands for in a [`Catalogue`].
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Lookup<'c> {
    Spell(SpellId),
    /// A spell name prefixed by metamagic adjectives (« quickened magic missile »).
    Metamagic {
        base: SpellId,
        feats: Vec<MetamagicFeat>,
    },
    /// No such spell; the display name of the closest one, if any.
    Unknown {
        closest: Option<&'c str>,
    },
}

/// Every spell of a set of files. Ids, iteration and suggestions follow name order, whatever
/// the order of the files.
#[derive(Clone, Debug, Default)]
pub struct Catalogue {
    spells: Vec<Spell>,
    /// The label of each spell's file, by id.
    labels: Vec<String>,
    keys: BTreeMap<String, SpellId>,
}

/// The catalogue key of a name: trimmed, lowercase.
fn key(name: &str) -> String {
    name.trim().to_lowercase()
}

impl Catalogue {
    /// Parses every `(label, text)` document; reports every problem of every file, and each
    /// name given by two files (naming both).
    pub fn build<'a>(
        documents: impl IntoIterator<Item = (&'a str, &'a str)>,
    ) -> Result<Catalogue, DataErrors> {
        let mut found: BTreeMap<String, (Spell, &str)> = BTreeMap::new();
        let mut errors = Vec::new();
        for (label, text) in documents {
            let spell = match parse_spell(label, text) {
                Ok(spell) => spell,
                Err(e) => {
                    errors.extend(e.0);
                    continue;
                }
            };
            if let Some((first, first_label)) = found.get(&key(spell.name())) {
                errors.push(DataError::new(
                    label,
                    "name",
                    format!(
                        "duplicate spell `{}`: {first_label} already names `{}`",
                        spell.name(),
                        first.name()
                    ),
                ));
                continue;
            }
            found.insert(key(spell.name()), (spell, label));
        }
        if found.len() > usize::from(u16::MAX) {
            errors.push(DataError::new(
                "",
                "",
                format!("at most {} spells, got {}", u16::MAX, found.len()),
            ));
        }
        if !errors.is_empty() {
            return Err(DataErrors(errors));
        }
        let mut catalogue = Catalogue::default();
        for (i, (k, (spell, label))) in found.into_iter().enumerate() {
            catalogue.keys.insert(k, SpellId(i as u16));
            catalogue.spells.push(spell);
            catalogue.labels.push(label.to_string());
        }
        Ok(catalogue)
    }

    pub fn len(&self) -> usize {
        self.spells.len()
    }

    pub fn is_empty(&self) -> bool {
        self.spells.is_empty()
    }

    /// The spell of `id` (an id of this catalogue).
    pub fn spell(&self, id: SpellId) -> &Spell {
        &self.spells[id.index()]
    }

    /// The spell of `id`, or `None` when `id` is not one of this catalogue's.
    pub fn try_spell(&self, id: SpellId) -> Option<&Spell> {
        self.spells.get(id.index())
    }

    /// The label of the file the spell of `id` was read from.
    pub fn label(&self, id: SpellId) -> &str {
        &self.labels[id.index()]
    }

    /// The label of the combatant file a spell's summon `path` names: the path joined to the
    /// folder of the spell's own label, `.` and `..` folded: « data/spells/summon_monster_i.json »
    /// with « ../monsters/dire_rat.json » gives « data/monsters/dire_rat.json ». Pure text:
    /// nothing is opened, so callers match it against the labels of the documents they hold.
    pub fn summon_label(&self, id: SpellId, path: &str) -> String {
        join_label(self.label(id), path)
    }

    /// The id of the spell named `name`, case-insensitive.
    pub fn id(&self, name: &str) -> Option<SpellId> {
        self.keys.get(&key(name)).copied()
    }

    /// The spell named `name`, case-insensitive.
    pub fn get(&self, name: &str) -> Option<&Spell> {
        self.id(name).map(|id| self.spell(id))
    }

    /// Every spell in name order.
    pub fn iter(&self) -> impl Iterator<Item = (SpellId, &Spell)> {
        (self.spells.iter().enumerate()).map(|(i, s)| (SpellId(i as u16), s))
    }

    /// The display name of the spell whose name is closest to `name` (for « did you mean »).
    pub fn closest(&self, name: &str) -> Option<&str> {
        let best = closest(&key(name), self.keys.keys().map(String::as_str))?;
        self.get(best).map(Spell::name)
    }

    /// What `name` stands for: a spell, a spell with metamagic adjectives, or nothing. An
    /// exact name always wins (« silent image » is a spell, not a silent « image »).
    pub fn lookup(&self, name: &str) -> Lookup<'_> {
        let wanted = key(name);
        if let Some(id) = self.keys.get(&wanted) {
            return Lookup::Spell(*id);
        }
        let mut rest = wanted.as_str();
        let mut feats = Vec::new();
        while let Some((feat, after)) = strip_adjective(rest) {
            if !feats.contains(&feat) {
                feats.push(feat);
            }
            rest = after;
            if let Some(base) = self.keys.get(rest) {
                return Lookup::Metamagic { base: *base, feats };
            }
        }
        Lookup::Unknown {
            closest: self.closest(rest),
        }
    }

    /// The spell `name` stands for, or the message a combatant file's validator reports.
    pub fn id_for_name(&self, name: &str) -> Result<SpellId, String> {
        match self.lookup(name) {
            Lookup::Spell(id) => Ok(id),
            Lookup::Metamagic { base, feats } => {
                let feats: Vec<&str> = feats.iter().map(|f| f.feat()).collect();
                let base = key(self.spell(base).name());
                let (noun, list) = match feats.as_slice() {
                    [one] => ("feat", (*one).to_string()),
                    _ => ("feats", feats.join(", ")),
                };
                Err(format!(
                    "`{name}` is a metamagic version of `{base}`: list `{base}` and give the {list} {noun}"
                ))
            }
            Lookup::Unknown {
                closest: Some(best),
            } => Err(format!(
                "unknown spell `{name}` (did you mean `{}`?)",
                key(best)
            )),
            Lookup::Unknown { closest: None } => Err(format!("unknown spell `{name}`")),
        }
    }
}

/// `maximized fireball` → (Maximize, `fireball`).
fn strip_adjective(name: &str) -> Option<(MetamagicFeat, &str)> {
    MetamagicFeat::ALL.iter().find_map(|feat| {
        let rest = name.strip_prefix(feat.adjective())?.strip_prefix(' ')?;
        Some((*feat, rest.trim_start()))
    })
}

/// `path` relative to the folder of `label`, with `.` and `..` folded lexically; `/` and `\\`
/// both separate parts, the result uses `/`.
pub fn join_label(label: &str, path: &str) -> String {
    let mut parts: Vec<&str> = label.split(['/', '\\']).collect();
    parts.pop();
    for part in path.split(['/', '\\']) {
        match part {
            "" | "." => {}
            ".." if parts.last().is_some_and(|p| *p != ".." && !p.is_empty()) => {
                parts.pop();
            }
            other => parts.push(other),
        }
    }
    parts.join("/")
}
