//! Map YAML (`parse_map`): a refusal names the file; an accepted map reads the same twice and
//! plays: one goblin per side of its deployment, one short fight whose tally holds together.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_engine::map::parse_map;
use pf1e_engine::scenario::FightOptions;
use pf1e_fuzz::checks::{plays_briefly, refusal_names};
use pf1e_fuzz::fixtures::{GOBLIN, side_of_one};
use pf1e_sweep::source::{Document, ScenarioSource};

const LABEL: &str = "fuzz.yaml";

fuzz_target!(|text: &str| {
    let map = match parse_map(LABEL, text) {
        Ok(map) => map,
        Err(errors) => return refusal_names(LABEL, &errors),
    };
    let again = parse_map(LABEL, text).expect("a map accepted once is accepted again");
    assert_eq!(map, again);
    let mut source = ScenarioSource::new(Document::new(LABEL, text), FightOptions::default());
    let goblin = source.add_combatant(Document::new("goblin.json", GOBLIN));
    source.sides = (map.deployment().iter().take(4))
        .map(|(name, _)| side_of_one(name, goblin))
        .collect();
    plays_briefly(&source);
});
