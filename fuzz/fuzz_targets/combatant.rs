//! Combatant JSON (`parse_combatant`): a refusal names the file; an accepted combatant reads
//! the same twice and plays one short fight against a goblin on the quick start's arena, whose
//! tally holds together.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_engine::model::parse_combatant;
use pf1e_engine::scenario::FightOptions;
use pf1e_fuzz::checks::{plays_briefly, refusal_names};
use pf1e_fuzz::fixtures::{ARENA, GOBLIN, side_of_one};
use pf1e_sweep::source::{Document, ScenarioSource};

const LABEL: &str = "fuzz.json";

fuzz_target!(|text: &str| {
    let combatant = match parse_combatant(LABEL, text) {
        Ok(c) => c,
        Err(errors) => return refusal_names(LABEL, &errors),
    };
    let again = parse_combatant(LABEL, text).expect("accepted once, accepted again");
    assert_eq!(format!("{combatant:?}"), format!("{again:?}"));
    let mut source = ScenarioSource::new(
        Document::new("sample_arena.yaml", ARENA),
        FightOptions::default(),
    );
    let fuzzed = source.add_combatant(Document::new(LABEL, text));
    let goblin = source.add_combatant(Document::new("goblin.json", GOBLIN));
    source.sides = vec![
        side_of_one("players", fuzzed),
        side_of_one("monsters", goblin),
    ];
    plays_briefly(&source);
});
