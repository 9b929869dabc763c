//! Tests of the merge checks over parsed slice files: complete sets merge to the whole job in
//! any order, identical duplicates count once, and every bad set is refused with its reason.

use std::ops::Range;

use pf1e_engine::tally::Tally;

use super::*;
use crate::hash::ContentHash;
use crate::header::{SideHeader, UnitHeader};
use crate::shard::ShardPlan;
use crate::slice::{CellSlice, SliceIndex, cell_slice_ranges, range_pair, slice_ranges};
use crate::source::{Document, ScenarioSource};
use crate::source_record::SourceRecord;
use pf1e_engine::scenario::FightOptions;

const RUNS: u64 = 230;

fn header() -> ReportHeader {
    ReportHeader {
        map: "m".into(),
        sides: vec![
            SideHeader {
                name: "a".into(),
                combatants: 1,
            },
            SideHeader {
                name: "b".into(),
                combatants: 0,
            },
        ],
        units: vec![UnitHeader {
            id: "x".into(),
            side: "a".into(),
        }],
        runs: RUNS,
        seed: 1,
        round_cap: 100,
        encounter: None,
        target_band: None,
    }
}

/// A stand-in for playing runs: a pure function of the run index (and of `cell`).
fn played(runs: &[Range<u64>], cell: u64) -> Tally {
    let mut t = Tally::empty(2, 1);
    for run in runs.iter().flat_map(Clone::clone) {
        let x = (run + 31 * cell).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
        t.add_plain_fight(run, Some((x % 2) as usize), 1 + (x % 7) as u32);
        t.units[0].hits += x % 3;
    }
    t
}

fn run_slice(k: u64, n: u64, job: u8) -> (String, SliceFile) {
    let plan = ShardPlan::new(RUNS, 20).unwrap();
    let ranges = slice_ranges(&plan, SliceIndex { k, n });
    let file = SliceFile::new(
        "0.1.0",
        &ContentHash([job; 32]),
        SliceIndex { k, n },
        20,
        Played::Run {
            runs: ranges.iter().map(range_pair).collect(),
            header: header(),
            tally: played(&ranges, 0),
            replay: replay("pf1e-sim run"),
        },
    );
    (format!("slice-{k}-{n}.json"), file)
}

/// What the run slices of these tests carry, with the command line `command`.
fn replay(command: &str) -> RunReplay {
    let source = ScenarioSource::new(Document::new("m.yaml", "x"), FightOptions::default());
    RunReplay {
        command: command.into(),
        source: SourceRecord::from(&source),
    }
}

fn whole() -> Tally {
    played(std::slice::from_ref(&(0..RUNS)), 0)
}

fn merged_run(files: &[(String, SliceFile)]) -> Tally {
    match merge_slices(files) {
        Ok(Merged::Run { tally, .. }) => tally,
        other => panic!("{other:?}"),
    }
}

fn errors(files: &[(String, SliceFile)]) -> Vec<String> {
    merge_slices(files)
        .unwrap_err()
        .iter()
        .map(ToString::to_string)
        .collect()
}

#[test]
fn complete_slices_merge_to_the_whole_job_in_any_order() {
    for n in [1, 3, 7, 20] {
        let files: Vec<_> = (1..=n).map(|k| run_slice(k, n, 1)).collect();
        assert_eq!(merged_run(&files), whole(), "N = {n}");
        let mut shuffled: Vec<_> = files.iter().rev().cloned().collect();
        shuffled.push(files[0].clone());
        assert_eq!(
            merged_run(&shuffled),
            whole(),
            "N = {n}, shuffled, duplicate"
        );
    }
}

#[test]
fn missing_slices_are_named() {
    let files = vec![run_slice(1, 3, 1), run_slice(2, 3, 1)];
    assert_eq!(errors(&files), ["missing slices: 3/3"]);
    let mixed = vec![run_slice(1, 2, 1), run_slice(1, 3, 1)];
    let e = errors(&mixed);
    assert!(e[0].starts_with("overlapping slices: runs 0..20"), "{e:?}");
    let sparse = vec![run_slice(1, 2, 1), run_slice(2, 4, 1)];
    assert_eq!(
        errors(&sparse),
        ["missing runs: the slices cover 180 runs of 230"]
    );
}

#[test]
fn overlapping_slices_name_both_files() {
    let files: Vec<_> = (1..=3)
        .map(|k| run_slice(k, 3, 1))
        .chain([run_slice(1, 7, 1)])
        .collect();
    let e = errors(&files);
    assert_eq!(
        e[0],
        "overlapping slices: runs 0..20 are in both slice-1-3.json (slice 1/3) and slice-1-7.json (slice 1/7)"
    );
}

#[test]
fn a_slice_of_another_job_is_refused() {
    let files = vec![run_slice(1, 2, 1), run_slice(2, 2, 9)];
    assert_eq!(
        errors(&files),
        [
            "slice-2-2.json is a slice of another job than slice-1-2.json (different files, options or pf1e-sim version)"
        ]
    );
    let mut other_engine = run_slice(2, 2, 1);
    other_engine.1.engine = "0.2.0".into();
    assert_eq!(errors(&[run_slice(1, 2, 1), other_engine]).len(), 1);
    // Same job hash, another command line for the page: not the same job.
    let mut other_command = run_slice(2, 2, 1);
    if let Played::Run { replay: r, .. } = &mut other_command.1.played {
        *r = replay("pf1e-sim run --spells elsewhere");
    }
    assert_eq!(errors(&[run_slice(1, 2, 1), other_command]).len(), 1);
}

#[test]
fn a_slice_twice_with_different_contents_is_refused() {
    let (name, mut file) = run_slice(2, 2, 1);
    if let Played::Run { tally, .. } = &mut file.played {
        tally.rounds_sum += 1;
    }
    let files = vec![
        run_slice(1, 2, 1),
        run_slice(2, 2, 1),
        (format!("x-{name}"), file),
    ];
    assert_eq!(
        errors(&files),
        ["slice 2/2 is given twice with different contents: slice-2-2.json and x-slice-2-2.json"]
    );
}

#[test]
fn a_tally_that_does_not_hold_together_is_refused() {
    let (name, mut file) = run_slice(2, 2, 1);
    if let Played::Run { tally, .. } = &mut file.played {
        tally.draws += 1;
        tally.wins[0] -= 1;
        tally.units[0].crits = tally.units[0].hits + 1;
    }
    let e = errors(&[run_slice(1, 2, 1), (name, file)]);
    assert!(
        e[0].starts_with("slice-2-2.json: the tally does not hold together"),
        "{e:?}"
    );
}

#[test]
fn draws_of_2_pow_64_minus_1_or_more_wins_than_fights_are_refused() {
    let forged = |edit: fn(&mut Tally)| {
        let (name, mut file) = run_slice(2, 2, 1);
        if let Played::Run { tally, .. } = &mut file.played {
            edit(tally);
        }
        // Sealed again: a forger who recomputes the checksum still meets the tally checks.
        let text = file.to_json();
        (name.clone(), SliceFile::parse(&name, &text).unwrap())
    };
    let wrapping = forged(|t| t.draws = u64::MAX);
    let e = errors(&[run_slice(1, 2, 1), wrapping]);
    assert!(
        e[0].starts_with("slice-2-2.json: the tally does not hold together")
            && e[0].contains("more than 2^64"),
        "{e:?}"
    );
    let too_many_wins = forged(|t| t.wins[0] = t.fights * 5);
    let e = errors(&[run_slice(1, 2, 1), too_many_wins]);
    assert!(
        e[0].starts_with("slice-2-2.json: the tally does not hold together"),
        "{e:?}"
    );
}

#[test]
fn sweep_slices_merge_cell_by_cell() {
    let plan = ShardPlan::new(50, 20).unwrap();
    let cells = 4;
    let file = |k: u64, n: u64| {
        let slice = SliceIndex { k, n };
        let parts: Vec<CellSlice> = (0..cells)
            .filter_map(|cell| {
                let ranges = cell_slice_ranges(&plan, cell, slice);
                (!ranges.is_empty()).then(|| CellSlice {
                    cell,
                    runs: ranges.iter().map(range_pair).collect(),
                    tally: played(&ranges, cell),
                })
            })
            .collect();
        let played = Played::Sweep {
            sweep_file: "s.yaml".into(),
            runs_per_cell: 50,
            cells: parts,
        };
        let file = SliceFile::new("0.1.0", &ContentHash([3; 32]), slice, 20, played);
        (format!("s-{k}.json"), file)
    };
    for n in [1, 2, 5, 13] {
        let files: Vec<_> = (1..=n).map(|k| file(k, n)).collect();
        match merge_slices(&files) {
            Ok(Merged::Sweep {
                sweep_file,
                tallies,
                ..
            }) => {
                assert_eq!(sweep_file, "s.yaml");
                let want: BTreeMap<u64, Tally> = (0..cells)
                    .map(|c| (c, played(std::slice::from_ref(&(0..50)), c)))
                    .collect();
                assert_eq!(tallies, want, "N = {n}");
            }
            other => panic!("N = {n}: {other:?}"),
        }
    }
    let e = errors(&[file(2, 3), file(3, 3)]);
    assert_eq!(e, ["missing slices: 1/3"]);
}
