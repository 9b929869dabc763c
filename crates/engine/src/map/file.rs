//! The map YAML as written (the reference map format, « Format de carte (YAML) »), before
//! validation: `MapFile` only mirrors the text, field for field. Everything is checked in
//! `validate.rs`.

use serde::Deserialize;

use crate::de::OrderedMap;

/// Unvalidated map file. Only `terrain` is required.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct MapFile {
    #[serde(default)]
    pub name: Option<String>,
    #[serde(default)]
    pub square_size_ft: Option<i64>,
    pub terrain: String,
    #[serde(default)]
    pub legend: OrderedMap<LegendFile>,
    #[serde(default)]
    pub elevation: Option<String>,
    #[serde(default)]
    pub zones: Option<String>,
    #[serde(default)]
    pub markers: OrderedMap<Vec<i64>>,
    #[serde(default)]
    pub deployment: Option<OrderedMap<String>>,
}

/// One legend entry: what a terrain character means.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct LegendFile {
    #[serde(rename = "type")]
    pub kind: String,
    /// Integer > 0, or null/omitted for impassable terrain.
    #[serde(default)]
    pub move_cost: Option<i64>,
    #[serde(default)]
    pub blocks_los: bool,
    #[serde(default)]
    pub cover: bool,
    #[serde(default)]
    pub cover_bonus: Option<i64>,
}
