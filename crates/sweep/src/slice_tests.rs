//! Tests of slices: which shards a slice holds (runs and sweep cells), and what reading one file
//! checks (magic, version, ranges against tallies, header fit).

use crate::header::{SideHeader, UnitHeader};
use crate::source::{Document, ScenarioSource};
use crate::source_record::SourceRecord;
use pf1e_engine::scenario::FightOptions;

use super::*;

const BUILD: RulesBuild = RulesBuild {
    rules_hash: "rules",
    engine_version: "0.1.0",
};

fn slice(k: u64, n: u64) -> SliceIndex {
    SliceIndex::new(k, n).unwrap()
}

#[test]
fn slices_interleave_shards_and_cover_them_once() {
    let plan = ShardPlan::new(10, 2).unwrap();
    assert_eq!(slice_ranges(&plan, slice(1, 2)), [0..2, 4..6, 8..10]);
    assert_eq!(slice_ranges(&plan, slice(2, 2)), [2..4, 6..8]);
    assert_eq!(slice_ranges(&plan, slice(7, 7)), Vec::<Range<u64>>::new());
    assert_eq!(
        slice_ranges(&plan, slice(1, 1)),
        plan.shards().collect::<Vec<_>>()
    );
}

#[test]
fn a_sweep_numbers_its_shards_across_cells() {
    // 3 shards per cell: cell 1 holds global shards 3, 4, 5.
    let plan = ShardPlan::new(30, 10).unwrap();
    let one = |r: Range<u64>| vec![r];
    assert_eq!(cell_slice_ranges(&plan, 1, slice(4, 4)), one(0..10));
    assert_eq!(cell_slice_ranges(&plan, 1, slice(1, 4)), one(10..20));
    assert_eq!(cell_slice_ranges(&plan, 1, slice(2, 4)), one(20..30));
    assert_eq!(
        cell_slice_ranges(&plan, 1, slice(3, 4)),
        Vec::<Range<u64>>::new()
    );
    for n in 1..=8 {
        for cells in [1u64, 2, 5] {
            for cell in 0..cells {
                let mut held = vec![0; 3];
                for k in 1..=n {
                    for r in cell_slice_ranges(&plan, cell, slice(k, n)) {
                        let s = (r.start / 10) as usize;
                        held[s] += 1;
                        let g = cell * 3 + s as u64;
                        assert_eq!(g % n, k - 1, "cell {cell}, shard {s}, slice {k}/{n}");
                    }
                }
                assert_eq!(held, [1, 1, 1], "cell {cell} of {cells}, N = {n}");
            }
        }
    }
}

#[test]
fn a_slice_index_is_one_based_and_at_most_n() {
    assert_eq!(slice(3, 3), SliceIndex { k: 3, n: 3 });
    assert!(SliceIndex::new(0, 3).is_err());
    assert!(SliceIndex::new(4, 3).is_err());
    assert!(SliceIndex::new(1, 0).is_err());
}

fn header(runs: u64) -> ReportHeader {
    ReportHeader {
        map: "m".into(),
        sides: vec![SideHeader {
            name: "a".into(),
            combatants: 1,
        }],
        units: vec![UnitHeader {
            id: "x".into(),
            side: "a".into(),
        }],
        runs,
        seed: 1,
        round_cap: 100,
        encounter: None,
        target_band: None,
    }
}

fn source() -> ScenarioSource {
    ScenarioSource::new(Document::new("m.yaml", "x"), FightOptions::default())
}

fn replay() -> RunReplay {
    RunReplay {
        command: "c".into(),
        source: SourceRecord::from(&source()),
    }
}

fn tally(fights: u64) -> Tally {
    let mut t = Tally::empty(1, 1);
    for run in 0..fights {
        t.add_plain_fight(run, Some(0), 1);
    }
    t
}

fn run_file() -> SliceFile {
    let job = run_job_hash(BUILD, &source().content_hash(), 30, 1, 10, &header(30), "c");
    SliceFile::new(
        "0.1.0",
        &job,
        slice(1, 2),
        10,
        Played::Run {
            runs: vec![[0, 10], [20, 30]],
            header: header(30),
            tally: tally(20),
            replay: replay(),
        },
    )
}

#[test]
fn a_file_round_trips_with_its_kind_tag() {
    let file = run_file();
    let text = file.to_json();
    assert!(text.contains("\"kind\": \"run\""), "{text}");
    assert!(text.ends_with("}\n"));
    assert_eq!(SliceFile::parse("a.json", &text), Ok(file));
    let sweep = SliceFile::new(
        "0.1.0",
        &ContentHash([1; 32]),
        slice(2, 2),
        10,
        Played::Sweep {
            sweep_file: "s.yaml".into(),
            runs_per_cell: 30,
            cells: vec![CellSlice {
                cell: 3,
                runs: vec![[10, 20]],
                tally: tally(10),
            }],
        },
    );
    let text = sweep.to_json();
    assert!(text.contains("\"kind\": \"sweep\""), "{text}");
    assert!(
        !text.contains("header"),
        "a sweep slice carries only its own fields"
    );
    assert_eq!(SliceFile::parse("b.json", &text), Ok(sweep));
}

#[test]
fn version_4_and_foreign_files_are_refused_with_a_reason() {
    let text = run_file().to_json();
    let old = text.replacen("\"version\": 5", "\"version\": 4", 1);
    let e = SliceFile::parse("old.json", &old).unwrap_err().to_string();
    assert_eq!(
        e,
        "old.json: tally file version 4 (this pf1e-sim reads version 5): play the slice again with this pf1e-sim"
    );
    let e = SliceFile::parse("cut.json", &text[..text.len() / 2]).unwrap_err();
    assert!(
        e.to_string()
            .starts_with("cut.json: not a pf1e-sim tally file (corrupted or truncated?)"),
        "{e}"
    );
    let other = text.replacen(MAGIC, "something else", 1);
    assert_eq!(
        SliceFile::parse("x.json", &other).unwrap_err().to_string(),
        "x.json: not a pf1e-sim tally file"
    );
    let unknown = text.replacen("\"kind\": \"run\"", "\"kind\": \"bench\"", 1);
    assert!(matches!(
        SliceFile::parse("k.json", &unknown),
        Err(SliceError::Unparsable { .. })
    ));
}

#[test]
fn a_file_whose_tallies_do_not_match_its_runs_is_corrupted() {
    let mut file = run_file();
    file.played = Played::Run {
        runs: vec![[0, 10], [20, 31]],
        header: header(30),
        tally: tally(21),
        replay: replay(),
    };
    let e = SliceFile::parse("c.json", &file.to_json()).unwrap_err();
    assert_eq!(
        e.to_string(),
        "c.json: the tallies do not match the runs they cover (corrupted?)"
    );
    let mut file = run_file();
    file.played = Played::Run {
        runs: vec![[0, 10], [20, 30]],
        header: header(30),
        tally: tally(19),
        replay: replay(),
    };
    assert!(matches!(
        SliceFile::parse("c.json", &file.to_json()),
        Err(SliceError::Corrupted { .. })
    ));
    let mut file = run_file();
    file.played = Played::Run {
        runs: vec![[0, 10], [20, 30]],
        header: header(30),
        tally: Tally {
            wins: vec![20, 0],
            ..tally(20)
        },
        replay: replay(),
    };
    assert!(matches!(
        SliceFile::parse("c.json", &file.to_json()),
        Err(SliceError::DoesNotFit { .. })
    ));
    let mut file = run_file();
    file.slice = 3;
    assert!(matches!(
        SliceFile::parse("c.json", &file.to_json()),
        Err(SliceError::OutOfRange { k: 3, n: 2, .. })
    ));
}

#[test]
fn job_hashes_cover_the_build_and_the_plan() {
    let source = ContentHash([7; 32]);
    let head = header(30);
    let h = run_job_hash(BUILD, &source, 30, 1, 10, &head, "c");
    assert_ne!(run_job_hash(BUILD, &source, 30, 1, 5, &head, "c"), h);
    assert_ne!(run_job_hash(BUILD, &source, 30, 2, 10, &head, "c"), h);
    let renamed = ReportHeader {
        map: "another map".into(),
        ..header(30)
    };
    assert_ne!(run_job_hash(BUILD, &source, 30, 1, 10, &renamed, "c"), h);
    let mut relabelled = header(30);
    relabelled.units[0].id = "y".into();
    assert_ne!(run_job_hash(BUILD, &source, 30, 1, 10, &relabelled, "c"), h);
    let other = RulesBuild {
        rules_hash: "other",
        ..BUILD
    };
    assert_ne!(run_job_hash(other, &source, 30, 1, 10, &head, "c"), h);
    assert_ne!(run_job_hash(BUILD, &source, 30, 1, 10, &head, "d"), h);
    let cells = [ContentHash([1; 32]), ContentHash([2; 32])];
    let s = sweep_job_hash(BUILD, "name: s", 500, cells.iter());
    assert_ne!(sweep_job_hash(BUILD, "name: t", 500, cells.iter()), s);
    assert_ne!(sweep_job_hash(BUILD, "name: s", 500, cells.iter().rev()), s);
}

#[test]
fn a_hand_edited_header_or_tally_fails_the_checksum() {
    let text = run_file().to_json();
    assert!(text.contains("\"checksum\": \""), "{text}");
    let edits = [
        text.replacen("\"map\": \"m\"", "\"map\": \"n\"", 1),
        text.replacen("\"id\": \"x\"", "\"id\": \"z\"", 1),
        text.replacen("\"draws\": 0", "\"draws\": 18446744073709551615", 1),
        text.replacen("\"hits\": 0", "\"hits\": 5", 1),
    ];
    for edited in edits {
        assert_ne!(edited, text);
        assert_eq!(
            SliceFile::parse("e.json", &edited).unwrap_err().to_string(),
            "e.json: the checksum does not match the contents (edited by hand or corrupted)"
        );
    }
    // Whitespace is not content: the pretty layout may change.
    let compact = serde_json::to_string(&run_file()).unwrap();
    assert_eq!(SliceFile::parse("c.json", &compact), Ok(run_file()));
}

#[test]
fn a_slice_with_more_rounds_than_its_cap_allows_does_not_fit() {
    let mut file = run_file();
    let mut t = tally(20);
    t.rounds_sum = 20 * 100 + 1;
    t.rounds_sq_sum = 20 * 100 * 100;
    file.played = Played::Run {
        runs: vec![[0, 10], [20, 30]],
        header: header(30),
        tally: t,
        replay: replay(),
    };
    assert!(matches!(
        SliceFile::parse("r.json", &file.to_json()),
        Err(SliceError::DoesNotFit { .. })
    ));
}

#[test]
fn a_run_slice_carries_the_source_and_command_of_its_job() {
    let file = run_file();
    assert!(file.replay_is_the_job(BUILD));
    let other = RulesBuild {
        rules_hash: "other",
        ..BUILD
    };
    assert!(!file.replay_is_the_job(other), "another build's slices");
    let mut edited = run_file();
    if let Played::Run { replay, .. } = &mut edited.played {
        replay.source.map.text.push('!');
    }
    assert!(
        !edited.replay_is_the_job(BUILD),
        "a source that is not the job's"
    );
    assert!(!file.same_job(&edited));
    let text = file.to_json();
    assert!(text.contains("\"command\": \"c\""), "{text}");
    assert!(text.contains("\"label\": \"m.yaml\""), "{text}");
}
