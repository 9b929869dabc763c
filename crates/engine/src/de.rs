//! Reading JSON and YAML text into the unvalidated `*File` types with errors users can act on:
//! the field path (`serde_path_to_error`), the line and column, and for a misspelt field or
//! value the closest known one (« unknown field `atack_bonus` (did you mean `attack_bonus`?) »).
//! Also [`OrderedMap`], a mapping that keeps the file's key order and rejects duplicate keys.

use std::fmt;
use std::marker::PhantomData;

use serde::Deserialize;
use serde::de::{DeserializeOwned, MapAccess, Visitor};

use crate::error::DataError;

/// Parses JSON text into `T`; `file` names the source in errors.
pub fn from_json<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    let mut de = serde_json::Deserializer::from_str(text);
    let value: T = serde_path_to_error::deserialize(&mut de).map_err(|e| {
        let (line, column) = (e.inner().line(), e.inner().column());
        convert(
            file,
            &render_path(e.path()),
            &e.inner().to_string(),
            Some((line, column)),
        )
    })?;
    de.end()
        .map_err(|e| convert(file, "", &e.to_string(), Some((e.line(), e.column()))))?;
    Ok(value)
}

/// Parses YAML text into `T`; `file` names the source in errors.
pub fn from_yaml<T: DeserializeOwned>(file: &str, text: &str) -> Result<T, DataError> {
    let de = serde_yaml::Deserializer::from_str(text);
    serde_path_to_error::deserialize(de).map_err(|e| {
        let location = e.inner().location().map(|l| (l.line(), l.column()));
        // serde_yaml prefixes its messages with its own rendering of the path: drop it.
        let message = e.inner().to_string();
        let prefix = format!("{}: ", e.path());
        let message = message.strip_prefix(&prefix).unwrap_or(&message);
        convert(file, &render_path(e.path()), message, location)
    })
}

/// Renders a serde path in our field notation (see [`field_key`]).
fn render_path(path: &serde_path_to_error::Path) -> String {
    use serde_path_to_error::Segment;
    let mut out = String::new();
    for segment in path.iter() {
        match segment {
            Segment::Seq { index } => out.push_str(&format!("[{index}]")),
            Segment::Map { key } => out = field_key(&out, key),
            Segment::Enum { variant } => out = field_key(&out, variant),
            Segment::Unknown => {}
        }
    }
    out
}

/// The path of `key` inside `parent`: `parent.key` for plain names, `parent["#"]` for keys
/// that are not (legend symbols, side names with spaces), so a path is never ambiguous.
pub fn field_key(parent: &str, key: &str) -> String {
    let plain = !key.is_empty()
        && key
            .chars()
            .all(|c| c.is_alphanumeric() || c == '_' || c == '-');
    match (plain, parent.is_empty()) {
        (true, true) => key.to_string(),
        (true, false) => format!("{parent}.{key}"),
        (false, _) => format!(
            "{parent}[{}]",
            serde_json::to_string(key).unwrap_or_default()
        ),
    }
}

/// Turns a serde message into a [`DataError`]: drops the parser's own path prefix and
/// « at line N column M » suffix (they go into fields), names a missing field in the path, and
/// adds a did-you-mean to unknown fields and variants.
fn convert(file: &str, path: &str, raw: &str, location: Option<(usize, usize)>) -> DataError {
    let mut path = path.to_string();
    let mut message = raw.to_string();
    if let Some((line, column)) = location {
        let suffix = format!(" at line {line} column {column}");
        if let Some(stripped) = message.strip_suffix(&suffix) {
            message = stripped.to_string();
        }
    }
    // serde_yaml names the enclosing mapping, not the unknown key: strip any `a.b: ` prefix.
    if let Some(i) = message.find(": unknown ") {
        message = message[i + 2..].to_string();
    }
    if let Some(name) = quoted_after(&message, "missing field ") {
        path = field_key(&path, &name);
        message = "missing required field".to_string();
    }
    for what in ["unknown field ", "unknown variant "] {
        if message.starts_with(what) {
            message = suggest(&message, what);
        }
    }
    message = shorten_quoted_value(&message);
    let mut error = DataError::new(file, path, message);
    if let Some((line, column)) = location {
        error = error.at(line, column);
    }
    error
}

/// Longest excerpt of a wrong string value quoted in an error.
const EXCERPT_CHARS: usize = 60;

/// serde quotes a wrong string value whole (« invalid type: string "…" »: all of /etc/passwd
/// when a sweep names it as its map): keep its first [`EXCERPT_CHARS`] characters.
fn shorten_quoted_value(message: &str) -> String {
    for lead in ["invalid type: string \"", "invalid value: string \""] {
        let Some(rest) = message.strip_prefix(lead) else {
            continue;
        };
        let end = rest.rfind("\", expected").unwrap_or(rest.len());
        let value = &rest[..end];
        if value.chars().count() > EXCERPT_CHARS {
            let excerpt: String = value.chars().take(EXCERPT_CHARS).collect();
            return format!("{lead}{excerpt}…{}", &rest[end..]);
        }
    }
    message.to_string()
}

/// The first `` `quoted` `` word after `lead` in `message`.
fn quoted_after(message: &str, lead: &str) -> Option<String> {
    let rest = message.strip_prefix(lead)?;
    let rest = rest.strip_prefix('`')?;
    Some(rest[..rest.find('`')?].to_string())
}

/// Rewrites « unknown field `x`, expected one of `a`, `b` » as
/// « unknown field `x` (did you mean `a`?) ».
fn suggest(message: &str, what: &str) -> String {
    let Some(unknown) = quoted_after(message, what) else {
        return message.to_string();
    };
    let after = &message[what.len() + unknown.len() + 2..];
    let known: Vec<&str> = after.split('`').skip(1).step_by(2).collect();
    match closest(&unknown, known.iter().copied()) {
        Some(best) => format!("{what}`{unknown}` (did you mean `{best}`?)"),
        None => format!("{what}`{unknown}` (this place takes no fields)"),
    }
}

/// The candidate closest to `word` by Damerau–Levenshtein distance (ties: the first listed).
pub fn closest<'a>(word: &str, candidates: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    let word = word.to_ascii_lowercase();
    candidates
        .into_iter()
        .map(|c| {
            (
                strsim::damerau_levenshtein(&word, &c.to_ascii_lowercase()),
                c,
            )
        })
        .min_by_key(|&(distance, _)| distance)
        .map(|(_, c)| c)
}

/// A string-keyed mapping that keeps the file's order and refuses duplicate keys (YAML and
/// JSON parsers otherwise keep the last one silently, which loses data).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OrderedMap<V>(pub Vec<(String, V)>);

impl<V> Default for OrderedMap<V> {
    fn default() -> Self {
        Self(Vec::new())
    }
}

impl<V> OrderedMap<V> {
    pub fn iter(&self) -> impl Iterator<Item = (&str, &V)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v))
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    pub fn get(&self, key: &str) -> Option<&V> {
        self.0.iter().find(|(k, _)| k == key).map(|(_, v)| v)
    }
}

impl<'de, V: Deserialize<'de>> Deserialize<'de> for OrderedMap<V> {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct MapVisitor<V>(PhantomData<V>);

        impl<'de, V: Deserialize<'de>> Visitor<'de> for MapVisitor<V> {
            type Value = OrderedMap<V>;

            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                f.write_str("a mapping")
            }

            fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Self::Value, A::Error> {
                let mut entries: Vec<(String, V)> = Vec::new();
                while let Some(key) = map.next_key::<String>()? {
                    if entries.iter().any(|(k, _)| *k == key) {
                        return Err(serde::de::Error::custom(format!("duplicate key `{key}`")));
                    }
                    let value = map.next_value()?;
                    entries.push((key, value));
                }
                Ok(OrderedMap(entries))
            }
        }

        deserializer.deserialize_map(MapVisitor(PhantomData))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Attack {
        name: String,
        attack_bonus: i32,
        #[serde(default)]
        kind: Option<Kind>,
    }

    #[derive(Debug, Deserialize)]
    #[serde(rename_all = "lowercase")]
    enum Kind {
        Melee,
        Ranged,
    }

    #[derive(Debug, Deserialize)]
    #[serde(deny_unknown_fields)]
    #[allow(dead_code)]
    struct Holder {
        attacks: Vec<Attack>,
        #[serde(default)]
        legend: OrderedMap<u8>,
    }

    #[test]
    fn unknown_json_field_suggests_the_closest() {
        let text = "{\"attacks\": [{\"name\": \"x\", \"atack_bonus\": 2}]}";
        let e = from_json::<Holder>("orc.json", text).unwrap_err();
        assert_eq!(e.field, "attacks[0].atack_bonus");
        assert_eq!(
            e.message,
            "unknown field `atack_bonus` (did you mean `attack_bonus`?)"
        );
        assert_eq!(
            e.to_string(),
            "orc.json:1:40: attacks[0].atack_bonus: unknown field `atack_bonus` (did you mean `attack_bonus`?)"
        );
    }

    #[test]
    fn unknown_variant_suggests_the_closest() {
        let text = "attacks:\n  - name: x\n    attack_bonus: 1\n    kind: mele\n";
        let e = from_yaml::<Holder>("m.yaml", text).unwrap_err();
        assert_eq!(e.field, "attacks[0].kind");
        assert_eq!(e.message, "unknown variant `mele` (did you mean `melee`?)");
        assert_eq!(e.location.map(|l| l.line), Some(4));
    }

    #[test]
    fn json_syntax_error_has_line_and_column() {
        let e = from_json::<Holder>("a.json", "{\n  \"attacks\": [,]\n}").unwrap_err();
        assert_eq!(
            e.location,
            Some(crate::error::Location {
                line: 2,
                column: 15
            })
        );
        let trailing = from_json::<Holder>("a.json", "{\"attacks\": []} x").unwrap_err();
        assert_eq!(trailing.location.map(|l| l.column), Some(17));
    }

    #[test]
    fn missing_field_is_named_in_the_path() {
        let e = from_json::<Holder>("a.json", "{\"attacks\": [{\"name\": \"x\"}]}").unwrap_err();
        assert_eq!(e.field, "attacks[0].attack_bonus");
        assert_eq!(e.message, "missing required field");
    }

    #[test]
    fn a_wrong_string_value_is_quoted_as_a_short_excerpt() {
        let line = "root:x:0:0:root:/root:/bin/bash";
        let text = format!("{}\n", [line; 40].join("\n"));
        let e = from_yaml::<Holder>("/etc/passwd", &text).unwrap_err();
        let excerpt: String = [line; 3].join(" ").chars().take(EXCERPT_CHARS).collect();
        assert_eq!(
            e.message,
            format!("invalid type: string \"{excerpt}…\", expected struct Holder")
        );
    }

    #[test]
    fn ordered_map_keeps_order_and_rejects_duplicates() {
        let ok: Holder = from_yaml("m.yaml", "attacks: []\nlegend: {b: 1, a: 2}\n").unwrap();
        assert_eq!(
            ok.legend.0,
            vec![("b".to_string(), 1), ("a".to_string(), 2)]
        );
        let e =
            from_yaml::<Holder>("m.yaml", "attacks: []\nlegend:\n  a: 1\n  a: 2\n").unwrap_err();
        assert!(e.message.contains("duplicate key `a`"), "{e}");
        assert_eq!(e.field, "legend");
    }

    #[test]
    fn closest_prefers_small_edits() {
        let names = ["hp_max", "bab", "initiative_mod"];
        assert_eq!(closest("hpmax", names), Some("hp_max"));
        assert_eq!(closest("initiative", names), Some("initiative_mod"));
    }
}
