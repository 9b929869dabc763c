//! Spell JSON (`parse_spell`): a refusal names the file; an accepted spell reads the same
//! twice.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_engine::spell::parse_spell;
use pf1e_fuzz::checks::refusal_names;

const LABEL: &str = "spells/fuzz.json";

fuzz_target!(|text: &str| {
    match parse_spell(LABEL, text) {
        Ok(spell) => {
            let again = parse_spell(LABEL, text).expect("accepted once, accepted again");
            assert_eq!(format!("{spell:?}"), format!("{again:?}"));
        }
        Err(errors) => refusal_names(LABEL, &errors),
    }
});
