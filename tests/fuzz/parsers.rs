//! Every parser of outside input takes arbitrary bytes and mutated real files without
//! panicking (issue « Hardening », « Keep it fixed »): maps, combatant and spell files, sweep
//! specs, slice files and journal lines. Each property runs a bounded number of cases in the
//! normal test run; a failure prints the input that broke it. The structure-aware mutations
//! start from the shipped files (the seed corpus) and cut, repeat, splice in structural
//! characters and swap numbers for extreme ones, so that most cases get past the syntax to
//! the validators.

use std::sync::OnceLock;

use pf1e_engine::map::parse_map;
use pf1e_engine::model::parse_combatant;
use pf1e_engine::spell::parse_spell;
use pf1e_sweep::journal::JournalEntry;
use pf1e_sweep::slice::SliceFile;
use pf1e_sweep::sweep_spec::parse_sweep;
use proptest::prelude::*;

use crate::util::{root, small_run};

/// Cases per property: enough to walk the validators, small enough for the suite's budget.
const CASES: u32 = 256;

fn read(path: &str) -> String {
    std::fs::read_to_string(root().join(path)).unwrap()
}

/// A slice file as `run --shard 1/2 --tally-out` writes it (the seed of the slice mutations).
fn slice_text() -> &'static str {
    static TEXT: OnceLock<String> = OnceLock::new();
    TEXT.get_or_init(|| {
        let dir = tempfile::tempdir().unwrap();
        let out = dir.path().join("slice.json");
        let result = small_run(&[
            "--runs",
            "20",
            "--shard",
            "1/2",
            "--tally-out",
            out.to_str().unwrap(),
        ]);
        assert!(result.status.success(), "{result:?}");
        std::fs::read_to_string(out).unwrap()
    })
}

/// One edit of a text: cut a range, repeat a range, insert structural characters, or turn a
/// run of digits into an extreme number.
#[derive(Clone, Debug)]
enum Edit {
    Cut(usize, usize),
    Repeat(usize, usize),
    Insert(usize, String),
    Extreme(usize, &'static str),
}

fn edit() -> impl Strategy<Value = Edit> {
    let structural = prop::collection::vec(
        prop::sample::select(vec![
            "{", "}", "[", "]", ":", ",", "\"", "-", "\n", " ", "#", "|", "0", "9", "null", "~",
            "é", "\u{0}", "\u{1b}",
        ]),
        1..4,
    )
    .prop_map(|parts| parts.concat());
    prop_oneof![
        (any::<usize>(), 1usize..40).prop_map(|(at, n)| Edit::Cut(at, n)),
        (any::<usize>(), 1usize..80).prop_map(|(at, n)| Edit::Repeat(at, n)),
        (any::<usize>(), structural).prop_map(|(at, s)| Edit::Insert(at, s)),
        (
            any::<usize>(),
            prop::sample::select(vec![
                "18446744073709551615",
                "-9223372036854775809",
                "1e309",
                "0",
                "-1",
                "4294967296",
            ])
        )
            .prop_map(|(at, n)| Edit::Extreme(at, n)),
    ]
}

/// `text` with `edits` applied (positions taken modulo the length, on character boundaries).
fn mutate(text: &str, edits: &[Edit]) -> String {
    let mut s = text.to_string();
    let boundary = |s: &str, at: usize| {
        let mut i = at % (s.len() + 1);
        while !s.is_char_boundary(i) {
            i -= 1;
        }
        i
    };
    for e in edits {
        match e {
            Edit::Cut(at, n) => {
                let a = boundary(&s, *at);
                let b = boundary(&s, a.saturating_add(*n).min(s.len()));
                s.replace_range(a..b.max(a), "");
            }
            Edit::Repeat(at, n) => {
                let a = boundary(&s, *at);
                let b = boundary(&s, a.saturating_add(*n).min(s.len()));
                let piece = s[a..b.max(a)].to_string();
                s.insert_str(b.max(a), &piece);
            }
            Edit::Insert(at, piece) => {
                let a = boundary(&s, *at);
                s.insert_str(a, piece);
            }
            Edit::Extreme(at, number) => {
                let a = boundary(&s, *at);
                if let Some(start) = s[a..].find(|c: char| c.is_ascii_digit()).map(|k| a + k) {
                    let end = s[start..]
                        .find(|c: char| !c.is_ascii_digit())
                        .map_or(s.len(), |k| start + k);
                    s.replace_range(start..end, number);
                }
            }
        }
    }
    s
}

fn edits() -> impl Strategy<Value = Vec<Edit>> {
    prop::collection::vec(edit(), 1..6)
}

fn bytes() -> impl Strategy<Value = String> {
    prop::collection::vec(any::<u8>(), 0..512)
        .prop_map(|b| String::from_utf8_lossy(&b).into_owned())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: CASES, ..ProptestConfig::default() })]

    #[test]
    fn map_parser_never_panics(e in edits(), junk in bytes()) {
        let seed = read("data/maps/sample_arena.yaml");
        let _ = parse_map("m.yaml", &mutate(&seed, &e));
        let _ = parse_map("m.yaml", &junk);
    }

    #[test]
    fn combatant_parser_never_panics(e in edits(), junk in bytes(), pick in 0usize..4) {
        let files = ["data/monsters/troll.json", "data/pcs/sera.json",
            "data/monsters/lich.json", "data/pcs/dalca.json"];
        let seed = read(files[pick]);
        let _ = parse_combatant("c.json", &mutate(&seed, &e));
        let _ = parse_combatant("c.json", &junk);
    }

    #[test]
    fn spell_parser_never_panics(e in edits(), junk in bytes(), pick in 0usize..3) {
        let files = ["data/spells/fireball.json", "data/spells/black_tentacles.json",
            "data/spells/bless.json"];
        let seed = read(files[pick]);
        let _ = parse_spell("s.json", &mutate(&seed, &e));
        let _ = parse_spell("s.json", &junk);
    }

    #[test]
    fn sweep_parser_never_panics(e in edits(), junk in bytes()) {
        let seed = read("data/sweeps/arena.yaml");
        let _ = parse_sweep("w.yaml", &mutate(&seed, &e));
        let _ = parse_sweep("w.yaml", &junk);
    }

    #[test]
    fn slice_parser_never_panics(e in edits(), junk in bytes()) {
        let _ = SliceFile::parse("s.json", &mutate(slice_text(), &e));
        let _ = SliceFile::parse("s.json", &junk);
    }

    #[test]
    fn journal_line_parser_never_panics(junk in bytes()) {
        let _ = JournalEntry::parse(&junk);
    }
}
