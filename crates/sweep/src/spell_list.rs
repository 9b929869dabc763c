//! The spell catalogue as `pf1e-sim spells` and `validate` print it: one [`SpellSummary`] per
//! spell file (what its file says, in the words of `spell_words`), rendered as text — one
//! block per spell, wrapped at [`TEXT_WIDTH`] columns by display width — or as a JSON array of
//! objects with stable keys, and the one-line summary `validate` prints. English, like every
//! diagnostic. Reads no file and decides no rule: whether an effect is modelled is the file's
//! `effects` list being non-empty.

use pf1e_engine::de::from_json;
use pf1e_engine::error::DataErrors;
use pf1e_engine::spell::{SpellFile, parse_spell};
use serde::Serialize;
use serde::ser::{SerializeMap, Serializer};

use crate::spell_words;
use crate::spells::SpellLibrary;
use crate::table::width;

/// Width the text listing is wrapped at.
pub const TEXT_WIDTH: usize = 100;

/// Indent of a spell's lines after its name in the text listing.
const INDENT: &str = "    ";

/// Indent of a wrapped line's continuation in the text listing.
const CONTINUATION: &str = "      ";

/// A spell's level on each class list, in file order; serialized as an object.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Levels(pub Vec<(String, u8)>);

impl Serialize for Levels {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(self.0.len()))?;
        for (class, level) in &self.0 {
            map.serialize_entry(class, level)?;
        }
        map.end()
    }
}

/// The save of a spell as its file states it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SaveSummary {
    #[serde(rename = "type")]
    pub kind: String,
    pub on_success: String,
    pub harmless: bool,
}

/// What the catalogue listing says of one spell. The JSON keys are the field names.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SpellSummary {
    pub name: String,
    /// The file's label.
    pub file: String,
    pub levels: Levels,
    pub school: String,
    pub subschool: Option<String>,
    pub descriptors: Vec<String>,
    pub casting_time: String,
    pub components: Vec<String>,
    /// `long`, `touch`, `30 ft`…
    pub range: String,
    /// `1 creature`, `you`, `1 creature/level (living)`…
    pub target: Option<String>,
    /// `20-ft spread (point)`…
    pub area: Option<String>,
    /// `ranged_touch` or `melee_touch`.
    pub attack: Option<String>,
    /// How many projectiles or rays, when more than one can be.
    pub projectiles: Option<String>,
    /// `instantaneous`, `1 round/level`…
    pub duration: String,
    pub dismissible: bool,
    pub save: Option<SaveSummary>,
    pub spell_resistance: bool,
    /// The kinds of the modelled effects (`damage`, `condition`…), on a failed save first,
    /// then on a successful partial save, each once.
    pub effects: Vec<String>,
    /// False when the file models no combat effect (`effects: []`).
    pub modelled: bool,
}

impl SpellSummary {
    /// The summary of a valid spell file (its text as written).
    fn of(label: &str, file: &SpellFile) -> SpellSummary {
        let mut effects: Vec<String> = Vec::new();
        for e in file.effects.iter().chain(&file.on_save) {
            if !effects.contains(&e.kind) {
                effects.push(e.kind.clone());
            }
        }
        SpellSummary {
            name: file.name.clone(),
            file: label.to_string(),
            levels: Levels(
                (file.levels.iter())
                    .map(|(class, &level)| (class.to_string(), level.clamp(0, 9) as u8))
                    .collect(),
            ),
            school: file.school.clone(),
            subschool: file.subschool.clone(),
            descriptors: file.descriptors.clone(),
            casting_time: file.casting_time.clone(),
            components: file.components.clone(),
            range: spell_words::range(&file.range),
            target: file.target.as_ref().map(spell_words::target),
            area: file.area.as_ref().map(spell_words::area),
            attack: file.attack.clone(),
            projectiles: (file.projectiles.as_ref()).map(|p| spell_words::amount(p, None)),
            duration: spell_words::duration(&file.duration),
            dismissible: file.dismissible == Some(true),
            save: file.save.as_ref().map(|s| SaveSummary {
                kind: s.kind.clone(),
                on_success: s.on_success.clone(),
                harmless: s.harmless == Some(true),
            }),
            spell_resistance: file.spell_resistance,
            modelled: !file.effects.is_empty(),
            effects,
        }
    }

    /// Validates the spell file `text` (labelled `label`) and summarises it; every problem of
    /// the file otherwise.
    pub fn parse(label: &str, text: &str) -> Result<SpellSummary, DataErrors> {
        parse_spell(label, text)?;
        let file: SpellFile = from_json(label, text)?;
        Ok(SpellSummary::of(label, &file))
    }

    /// `evocation (subschool) [fire, …]`.
    pub fn school_words(&self) -> String {
        let mut out = self.school.clone();
        if let Some(sub) = &self.subschool {
            out.push_str(&format!(" ({sub})"));
        }
        if !self.descriptors.is_empty() {
            out.push_str(&format!(" [{}]", self.descriptors.join(", ")));
        }
        out
    }

    /// `sorcerer_wizard 3, magus 3`.
    pub fn level_words(&self) -> String {
        self.level_list().join(", ")
    }

    /// `["sorcerer_wizard 3", "magus 3"]`.
    fn level_list(&self) -> Vec<String> {
        (self.levels.0.iter())
            .map(|(class, level)| format!("{class} {level}"))
            .collect()
    }

    /// How it is cast and what it does, in order: casting time, components, range, target,
    /// area, attack, projectiles, duration, save, SR, effects.
    pub fn details(&self) -> Vec<String> {
        let mut out = vec![
            self.casting_time.replace('_', " "),
            self.components.join(", "),
            format!("range {}", self.range),
        ];
        out.extend(self.target.as_ref().map(|t| format!("target {t}")));
        out.extend(self.area.as_ref().map(|a| format!("area {a}")));
        out.extend(self.attack.as_ref().map(|a| a.replace('_', " ")));
        out.extend(
            self.projectiles
                .as_ref()
                .map(|p| format!("projectiles {p}")),
        );
        let dismissible = if self.dismissible { " (D)" } else { "" };
        out.push(format!("duration {}{dismissible}", self.duration));
        out.push(self.save_words());
        out.push(format!(
            "SR {}",
            if self.spell_resistance { "yes" } else { "no" }
        ));
        out.push(self.effect_words());
        out
    }

    /// `Ref half`, `Will negates (harmless)`, `no save`.
    fn save_words(&self) -> String {
        match &self.save {
            None => "no save".to_string(),
            Some(s) => {
                let kind = match s.kind.as_str() {
                    "fort" => "Fort",
                    "ref" => "Ref",
                    "will" => "Will",
                    other => other,
                };
                let harmless = if s.harmless { " (harmless)" } else { "" };
                format!("{kind} {}{harmless}", s.on_success)
            }
        }
    }

    /// `effects: damage, condition`, or `no combat effect modelled`.
    fn effect_words(&self) -> String {
        if self.modelled {
            format!("effects: {}", self.effects.join(", "))
        } else {
            "no combat effect modelled".to_string()
        }
    }

    /// `validate`'s line: `Fireball (evocation [fire]; sorcerer_wizard 3, magus 3), standard,
    /// V, S, M, range long, …`.
    pub fn line(&self) -> String {
        format!(
            "{} ({}; {}), {}",
            self.name,
            self.school_words(),
            self.level_words(),
            self.details().join(", ")
        )
    }
}

/// The summary of every spell of `library`, in name order.
pub fn summaries(library: &SpellLibrary) -> Vec<SpellSummary> {
    let catalogue = library.catalogue();
    catalogue
        .iter()
        .map(|(id, _)| {
            let document = library.document(id);
            let file: SpellFile = from_json(&document.label, &document.text)
                .expect("a file of the catalogue parsed once already");
            SpellSummary::of(&document.label, &file)
        })
        .collect()
}

/// The text listing: a count line naming `folder`, then one block per spell — `Name — school`,
/// its levels, then its details, each line wrapped at [`TEXT_WIDTH`] columns.
pub fn render_text(folder: &str, spells: &[SpellSummary]) -> String {
    let modelled = spells.iter().filter(|s| s.modelled).count();
    let mut out = format!(
        "{} spell(s) in {folder}: {modelled} with a modelled combat effect, {} without\n",
        spells.len(),
        spells.len() - modelled
    );
    for spell in spells {
        out.push('\n');
        let heading = format!("{} — {}", spell.name, spell.school_words());
        wrap_into(&mut out, &[heading], "", "");
        wrap_into(&mut out, &spell.level_list(), ", ", INDENT);
        wrap_into(&mut out, &spell.details(), "; ", INDENT);
    }
    out
}

/// The JSON listing: an array of [`SpellSummary`] objects, pretty-printed, newline-terminated.
pub fn render_json(spells: &[SpellSummary]) -> String {
    let mut out = serde_json::to_string_pretty(spells).expect("summaries serialize");
    out.push('\n');
    out
}

/// Appends `items` joined by `sep` (`", "`, `"; "`) to `out`, the first line starting with
/// `first` and the others with [`CONTINUATION`]. Lines break between items so none is wider
/// than [`TEXT_WIDTH`]; an item too wide for a line of its own breaks at its spaces.
fn wrap_into(out: &mut String, items: &[String], sep: &str, first: &str) {
    let glue = sep.trim_end();
    let mut line = first.to_string();
    let mut empty = true;
    for (i, item) in items.iter().enumerate() {
        let piece = if i + 1 < items.len() {
            format!("{item}{glue}")
        } else {
            item.clone()
        };
        let fits = |line: &str, text: &str| width(line) + 1 + width(text) <= TEXT_WIDTH;
        if !empty && !fits(&line, &piece) {
            out.push_str(&line);
            out.push('\n');
            line = CONTINUATION.to_string();
            empty = true;
        }
        let words: Vec<&str> = if fits(&line, &piece) {
            vec![piece.as_str()]
        } else {
            piece.split(' ').collect()
        };
        for word in words {
            if !empty && !fits(&line, word) {
                out.push_str(&line);
                out.push('\n');
                line = CONTINUATION.to_string();
                empty = true;
            }
            if !empty {
                line.push(' ');
            }
            line.push_str(word);
            empty = false;
        }
    }
    out.push_str(&line);
    out.push('\n');
}

#[cfg(test)]
#[path = "spell_list_tests.rs"]
mod tests;
