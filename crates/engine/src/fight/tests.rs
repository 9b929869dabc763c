//! Fight tests: scripted-dice transcripts of single rules, and whole fights.

use super::test_support::quick_start;
use super::*;

#[test]
fn quick_start_plays() {
    let s = quick_start();
    let t = run_range(&s, Seed(1), 0..1000);
    eprintln!("{t:?}");
    for line in transcript(&s, Seed(1), RunIndex(0)) {
        eprintln!("{:?} {:?} {}", line.round, line.actor, line.message);
    }
    assert_eq!(t.fights, 1000);
}
