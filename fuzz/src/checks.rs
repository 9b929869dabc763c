//! The promises the targets assert, beyond « no panic »:
//!
//! - a refusal is at least one problem, each naming the file as it was given
//!   ([`refusal_names`]);
//! - an accepted encounter plays: a source that compiles plays one fight whose tally holds
//!   together for its shape (`Tally::check`) and its round cap (`Tally::check_rounds`), the
//!   checks a coordinator applies to every worker's answer ([`plays_briefly`]);
//! - a tally that passes `Tally::check` merges with checked arithmetic, never a wrap
//!   ([`merges_checked`]).

use pf1e_engine::error::DataErrors;
use pf1e_engine::tally::Tally;
use pf1e_sweep::play::play_runs;
use pf1e_sweep::source::ScenarioSource;

/// Round cap of the fights the targets play: enough to act, short enough for many execs/s.
pub const FUZZ_ROUND_CAP: u32 = 4;

/// Asserts that `errors` is a refusal of the file labelled `label`: not empty, and every
/// problem names that file.
pub fn refusal_names(label: &str, errors: &DataErrors) {
    assert!(!errors.is_empty(), "a refusal without a problem");
    for e in errors.iter() {
        assert_eq!(e.file, label, "a problem naming another file: {e}");
        assert!(!e.to_string().is_empty());
    }
}

/// Compiles `source` with its round cap lowered to [`FUZZ_ROUND_CAP`]; when it compiles,
/// plays run 0 and asserts that its tally is one fight that holds together. A refusal must
/// list at least one problem.
pub fn plays_briefly(source: &ScenarioSource) {
    let mut source = source.clone();
    source.options.round_cap = source.options.round_cap.clamp(1, FUZZ_ROUND_CAP);
    let scenario = match source.compile() {
        Ok(scenario) => scenario,
        Err(errors) => {
            assert!(!errors.is_empty(), "a refusal without a problem");
            return;
        }
    };
    let tally = play_runs(&scenario, 1, 0..1);
    assert_eq!(tally.fights, 1);
    let (sides, units) = (scenario.sides().len(), scenario.units().len());
    if let Err(e) = tally.check(sides, units) {
        panic!("the engine's own tally does not hold together: {e}\n{tally:?}");
    }
    if let Err(e) = tally.check_rounds(source.options.round_cap) {
        panic!("the engine's own tally breaks its round cap: {e}\n{tally:?}");
    }
}

/// For a tally that holds together: merged into an empty tally of its shape it is itself,
/// and merged with itself it either doubles or is refused (an overflow), never wraps.
pub fn merges_checked(tally: &Tally) {
    let (sides, units) = (tally.wins.len(), tally.units.len());
    if tally.check(sides, units).is_err() {
        return;
    }
    let mut total = Tally::empty(sides, units);
    total.merge(tally).expect("merging into an empty tally");
    assert_eq!(&total, tally);
    if total.merge(tally).is_ok() {
        assert_eq!(Some(total.fights), tally.fights.checked_mul(2));
    }
}
