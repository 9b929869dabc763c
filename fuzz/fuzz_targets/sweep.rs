//! Sweep spec YAML (`parse_sweep`): a refusal names the file; an accepted spec keeps its
//! documented bounds — at least one fight per cell, every axis with an option, at most
//! `MAX_CELLS` cells — and its matrix enumerates exactly that many cells.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_fuzz::checks::refusal_names;
use pf1e_sweep::cells::cells;
use pf1e_sweep::sweep_spec::{MAX_CELLS, parse_sweep};

const LABEL: &str = "fuzz.yaml";

fuzz_target!(|text: &str| {
    let spec = match parse_sweep(LABEL, text) {
        Ok(spec) => spec,
        Err(errors) => return refusal_names(LABEL, &errors),
    };
    assert!(spec.runs >= 1, "a sweep of 0 runs per cell");
    assert!(spec.axes.iter().all(|a| !a.is_empty()), "an empty axis");
    let product = spec.axes.iter().map(|a| a.len() as u64).product::<u64>();
    assert!(product <= MAX_CELLS, "{product} cells");
    assert_eq!(cells(&spec).len() as u64, product);
});
