//! Tests of the executor with a stand-in for the engine: the total does not depend on threads,
//! shard sizes or completion order; every shard reaches the callback once, on the calling
//! thread; the first error stops the job.

use std::sync::Mutex;

use super::*;

/// A stand-in for the engine: a pure function of the run index, like a real fight.
fn fake_fight(run: u64) -> Tally {
    let mut t = Tally::empty(2, 3);
    let x = run.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 40;
    t.fights = 1;
    match x % 5 {
        0 => t.draws = 1,
        1 | 2 => t.wins[0] = 1,
        _ => t.wins[1] = 1,
    }
    let rounds = 1 + x % 9;
    t.rounds_sum = rounds;
    t.rounds_sq_sum = rounds * rounds;
    t.units[(x % 3) as usize].hits = x % 4;
    t.units[0].damage_dealt = x % 11;
    t.units[2].killed = u64::from(x % 7 == 0);
    t
}

fn fake_shard(range: Range<u64>) -> Tally {
    let mut t = Tally::empty(2, 3);
    for run in range {
        t.merge(&fake_fight(run)).unwrap();
    }
    t
}

fn threads(n: usize) -> NonZeroUsize {
    NonZeroUsize::new(n).unwrap()
}

#[test]
fn result_is_the_same_for_every_thread_count_and_shard_size() {
    let empty = Tally::empty(2, 3);
    let serial = fake_shard(0..500);
    assert_eq!(serial.fights, 500);
    for shard_runs in [1, 7, 64, 500, 1000] {
        let plan = ShardPlan::new(500, shard_runs).unwrap();
        for n in [1, 2, 7] {
            let got = play_all(&plan, threads(n), &empty, fake_shard).unwrap();
            assert_eq!(got, serial, "{n} threads, shards of {shard_runs}");
        }
    }
}

#[test]
fn every_shard_reaches_the_callback_once_on_the_calling_thread() {
    let ranges: Vec<Range<u64>> = vec![40..90, 0..10, 300..301, 10..40, 90..300];
    let caller = std::thread::current().id();
    for n in [1, 2, 7] {
        let mut seen: Vec<(u64, Tally)> = Vec::new();
        let total = execute(
            &ranges[..],
            threads(n),
            &Tally::empty(2, 3),
            |runs| {
                // Finish out of order: later shards sleep less.
                std::thread::sleep(std::time::Duration::from_millis(5 - runs.start % 5));
                fake_shard(runs)
            },
            |index, tally| {
                assert_eq!(std::thread::current().id(), caller);
                seen.push((index, tally.clone()));
                Ok::<(), TallyError>(())
            },
        )
        .unwrap();
        assert_eq!(total, fake_shard(0..301), "{n} threads");
        seen.sort_by_key(|(index, _)| *index);
        let indices: Vec<u64> = seen.iter().map(|(i, _)| *i).collect();
        assert_eq!(indices, [0, 1, 2, 3, 4], "{n} threads");
        for (index, tally) in &seen {
            assert_eq!(*tally, fake_shard(ranges[*index as usize].clone()));
        }
    }
}

#[test]
fn every_run_is_played_exactly_once() {
    let plan = ShardPlan::new(1000, 3).unwrap();
    let played = Mutex::new(vec![0u8; 1000]);
    let got = play_all(&plan, threads(4), &Tally::empty(1, 0), |range| {
        let mut seen = played.lock().unwrap();
        for run in range.clone() {
            seen[run as usize] += 1;
        }
        let mut t = Tally::empty(1, 0);
        t.fights = range.end - range.start;
        t
    })
    .unwrap();
    assert_eq!(got.fights, 1000);
    assert!(played.into_inner().unwrap().iter().all(|&n| n == 1));
}

#[test]
fn a_misshapen_shard_tally_stops_the_job() {
    let plan = ShardPlan::new(10, 2).unwrap();
    let e = play_all(&plan, threads(2), &Tally::empty(2, 3), |_| {
        Tally::empty(3, 3)
    })
    .unwrap_err();
    assert!(
        matches!(
            e,
            TallyError::Shape {
                sides_a: 2,
                sides_b: 3,
                ..
            }
        ),
        "{e}"
    );
}

/// A callback's own error, beside the executor's.
#[derive(Debug, PartialEq)]
enum Stop {
    Tally(TallyError),
    JournalFull,
}

impl From<TallyError> for Stop {
    fn from(e: TallyError) -> Self {
        Stop::Tally(e)
    }
}

#[test]
fn a_callback_error_stops_the_threads_and_is_returned() {
    let plan = ShardPlan::new(10_000, 1).unwrap();
    let played = AtomicU64::new(0);
    let mut calls = 0;
    let e = execute(
        &plan,
        threads(2),
        &Tally::empty(1, 0),
        |runs| {
            played.fetch_add(1, Ordering::Relaxed);
            std::thread::sleep(std::time::Duration::from_millis(1));
            let mut t = Tally::empty(1, 0);
            t.fights = runs.end - runs.start;
            t
        },
        |_, _| {
            calls += 1;
            if calls == 3 {
                Err(Stop::JournalFull)
            } else {
                Ok(())
            }
        },
    )
    .unwrap_err();
    assert_eq!(e, Stop::JournalFull);
    assert_eq!(calls, 3);
    // Each thread finishes at most the shard it holds, and a few may be queued unseen.
    assert!(played.load(Ordering::Relaxed) < 1000, "{played:?}");
}

#[test]
fn no_shard_gives_the_empty_tally() {
    let none: [Range<u64>; 0] = [];
    let got = play_all(&none[..], threads(3), &Tally::empty(2, 1), |_| {
        unreachable!("no shard to play")
    })
    .unwrap();
    assert_eq!(got, Tally::empty(2, 1));
}

#[test]
fn a_target_band_stops_at_the_same_checkpoint_for_every_thread_count() {
    let empty = Tally::empty(2, 3);
    let plan = ShardPlan::new(50_000, 1000).unwrap();
    let target: TargetBand = "3".parse().unwrap();
    let one =
        execute_in_seed_order(&plan, threads(1), &empty, Some(target), fake_shard, |_| {}).unwrap();
    assert!(target.holds(&one));
    assert!(one.fights < 50_000 && one.fights % 1000 == 0);
    // The first checkpoint that holds: one shard less does not.
    assert!(!target.holds(&fake_shard(0..one.fights - 1000)));
    assert_eq!(one, fake_shard(0..one.fights));
    for n in [2, 7] {
        let got =
            execute_in_seed_order(&plan, threads(n), &empty, Some(target), fake_shard, |_| {})
                .unwrap();
        assert_eq!(got, one, "{n} threads");
    }
    let all = execute_in_seed_order(&plan, threads(2), &empty, None, fake_shard, |_| {}).unwrap();
    assert_eq!(all, fake_shard(0..50_000));
}
