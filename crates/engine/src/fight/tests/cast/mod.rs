//! Spellcasting rule tests, one file per family: the cast action and its refusals
//! (`action`), the guards — concentration, attacks of opportunity, components (`guards`),
//! touch spells and rays (`delivery`), spell resistance and saves (`saves`), areas (`areas`),
//! lasting effects (`lasting`), summons and one-round casts (`timing`), metamagic
//! (`metamagic`), every spell file cast once (`catalogue`) and statistics (`odds`). Helpers
//! build casters from a plain stat block and scenarios that know `data/spells`.

mod action;
mod areas;
mod caster_features;
mod catalogue;
mod delivery;
mod guards;
mod lasting;
mod metamagic;
mod odds;
mod policy;
mod saves;
mod spell_like;
mod timing;
mod view;

use std::path::Path;
use std::sync::OnceLock;

use serde_json::{Value, json};

use crate::fight::{Action, CastTarget, Metamagics, Plan, Policy, UnitId, View};
use crate::model::{Combatant, parse_combatant};
use crate::scenario::Scenario;
use crate::spell::{Catalogue, join_label};
use crate::spellbook::Spellbook;

use super::support::creature_over;

/// The spell files of data/spells as (label `data/spells/NAME.json`, text).
fn data_docs() -> Vec<(String, String)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/spells");
    std::fs::read_dir(&dir)
        .expect("data/spells exists")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .map(|p| {
            let label = format!("data/spells/{}", p.file_name().unwrap().to_string_lossy());
            (label, std::fs::read_to_string(&p).unwrap())
        })
        .collect()
}

/// The catalogue of `docs`, whatever their order.
fn catalogue_of(mut docs: Vec<(String, String)>) -> Catalogue {
    docs.sort();
    Catalogue::build(docs.iter().map(|(l, t)| (l.as_str(), t.as_str()))).unwrap()
}

/// Every spell file of data/spells, parsed once.
pub fn catalogue() -> &'static Catalogue {
    static CATALOGUE: OnceLock<Catalogue> = OnceLock::new();
    CATALOGUE.get_or_init(|| catalogue_of(data_docs()))
}

/// The spellbook of data/spells with every creature its summon spells name.
pub fn book() -> Spellbook {
    book_of(catalogue())
}

/// A spell written for a test, as a spell file: `{name}`, 1st level on the sorcerer/wizard
/// list, standard action, V, instantaneous, SR yes, then `fields` (JSON members, the range
/// among them).
pub fn test_spell(name: &str, fields: &str) -> String {
    format!(
        r#"{{"name": "{name}", "source": "test", "school": "evocation",
        "levels": {{"sorcerer_wizard": 1}}, "casting_time": "standard", "components": ["V"],
        "spell_resistance": true, {fields}}}"#
    )
}

/// The spellbook of data/spells and the test spells `extra` (label, text).
pub fn book_with(extra: &[(&str, String)]) -> Spellbook {
    let mut docs = data_docs();
    docs.extend(extra.iter().map(|(l, t)| (l.to_string(), t.clone())));
    book_of(&catalogue_of(docs))
}

/// The cast action of spell `name` of `s`'s catalogue at `target`.
pub fn cast_in(s: &Scenario, name: &str, target: CastTarget) -> Action {
    let catalogue = s.spellbook().catalogue();
    let id = catalogue
        .id(name)
        .unwrap_or_else(|| panic!("no spell {name}"));
    Action::Cast {
        spell: id,
        target,
        time: catalogue.spell(id).casting_time(),
        metamagic: Metamagics::NONE,
        defensively: false,
    }
}

fn book_of(catalogue: &Catalogue) -> Spellbook {
    let mut creatures = Vec::new();
    for (id, spell) in catalogue.iter() {
        for path in spell.summons() {
            let label = join_label(catalogue.label(id), path);
            let file = Path::new(env!("CARGO_MANIFEST_DIR"))
                .join("../..")
                .join(&label);
            let text = std::fs::read_to_string(&file).unwrap();
            creatures.push((label.clone(), parse_combatant(&label, &text).unwrap()));
        }
    }
    Spellbook::new(catalogue.clone(), &creatures)
}

/// `s` with the spells of data/spells.
pub fn with_spells(s: Scenario) -> Scenario {
    s.with_spellbook(book()).unwrap_or_else(|e| panic!("{e}"))
}

/// A caster of `list` at caster level `cl` knowing `spells`, with `slots` (a JSON object of
/// level → count), casting ability score 16 (+3), spontaneous; `patch` merged over it.
pub fn caster(
    name: &str,
    list: &str,
    cl: u32,
    spells: &[&str],
    slots: Value,
    patch: Value,
) -> Combatant {
    let ability = match list {
        "cleric" | "druid" | "paladin" | "ranger" => "wis",
        "sorcerer_wizard" | "witch" | "magus" => "int",
        _ => "cha",
    };
    let score = format!("{ability}_score");
    let defaults = json!({
        "level": cl, "caster_level": cl, "spell_list": list, "casting": "spontaneous",
        "casting_ability": ability, "abilities": { score: 16 },
        "spell_slots": slots, "spells": spells,
    });
    creature_over(name, defaults, patch)
}

/// A sorcerer/wizard (Int 16) of caster level `cl`.
pub fn wizard(cl: u32, spells: &[&str], slots: Value, patch: Value) -> Combatant {
    caster("wizard", "sorcerer_wizard", cl, spells, slots, patch)
}

/// A cleric (Wis 16) of caster level `cl`.
pub fn cleric(cl: u32, spells: &[&str], slots: Value, patch: Value) -> Combatant {
    caster("cleric", "cleric", cl, spells, slots, patch)
}

/// The cast action of spell `name` at `target`, with `metamagic`, on the defensive or not.
pub fn cast_with(
    name: &str,
    target: CastTarget,
    metamagic: Metamagics,
    defensively: bool,
) -> Action {
    let id = catalogue()
        .id(name)
        .unwrap_or_else(|| panic!("no spell {name}"));
    Action::Cast {
        spell: id,
        target,
        time: catalogue().spell(id).casting_time(),
        metamagic,
        defensively,
    }
}

/// The plain cast action of spell `name` at `target`.
pub fn cast(name: &str, target: CastTarget) -> Action {
    cast_with(name, target, Metamagics::NONE, false)
}

/// Unit `i` as a cast target.
pub fn on(i: usize) -> CastTarget {
    CastTarget::Unit(UnitId::new(i))
}

/// A policy for casting tests: unit `u` plays its actions of round `r` when given, else the
/// actions given for every round, else nothing.
#[derive(Clone, Default)]
pub struct Rounds {
    plays: Vec<(usize, Option<u32>, Vec<Action>)>,
}

impl Rounds {
    pub fn new() -> Self {
        Self::default()
    }

    /// Unit `u` plays `actions` in round `round`.
    pub fn at(mut self, u: usize, round: u32, actions: &[Action]) -> Self {
        self.plays.push((u, Some(round), actions.to_vec()));
        self
    }

    /// Unit `u` plays `actions` in every round not given otherwise.
    pub fn always(mut self, u: usize, actions: &[Action]) -> Self {
        self.plays.push((u, None, actions.to_vec()));
        self
    }
}

impl Policy for Rounds {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        let round = view.round();
        let mine =
            |r: Option<u32>| (self.plays.iter()).find(|(u, at, _)| *u == me.index() && *at == r);
        if let Some((_, _, actions)) = mine(Some(round)).or_else(|| mine(None)) {
            actions.iter().for_each(|a| plan.push(*a));
        }
    }
}
