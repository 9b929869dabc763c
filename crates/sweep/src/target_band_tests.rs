//! The stop rule of precision-driven jobs, pinned in integers.

use super::*;

fn band(text: &str) -> TargetBand {
    text.parse().unwrap()
}

fn tally(wins: &[u64], draws: u64) -> Tally {
    let mut t = Tally::empty(wins.len(), 0);
    t.wins = wins.to_vec();
    t.draws = draws;
    t.fights = wins.iter().sum::<u64>() + draws;
    t
}

#[test]
fn targets_are_decimal_points_held_exactly() {
    assert_eq!(band("0.5").ten_thousandths(), 5000);
    assert_eq!(band("1").ten_thousandths(), 10_000);
    assert_eq!(band(".25").ten_thousandths(), 2500);
    assert_eq!(band("0.0001").ten_thousandths(), 1);
    assert_eq!(band("100").ten_thousandths(), 1_000_000);
    for shown in ["0.5", "1", "0.25", "2.125", "100"] {
        assert_eq!(band(shown).to_string(), shown);
    }
    for bad in [
        "0", "0.0", "", ".", "-1", "1e-2", "0.00001", "100.01", "1000", "abc", "0,5",
    ] {
        let e = bad.parse::<TargetBand>().unwrap_err();
        assert!(e.to_string().contains("percentage points"), "{bad}: {e}");
    }
}

/// 9·10¹²·w(n−w) ≤ t²·n³, checked against hand-made cases on both sides of the edge.
#[test]
fn within_is_three_sigma_in_points_decided_in_integers() {
    // p = 0.5, n = 90 000: σ = √(0.25/90000) = 1/600, 3σ = 0.5 point exactly.
    assert!(band("0.5").within(45_000, 90_000));
    assert!(!band("0.4999").within(45_000, 90_000));
    // One fight fewer: the band is a hair wider than 0.5.
    assert!(!band("0.5").within(44_999, 89_999));
    // p = 0.1, n = 3600: 3σ = 3·√(0.09/3600) = 0.015 = 1.5 points exactly.
    assert!(band("1.5").within(360, 3600));
    assert!(!band("1.4999").within(360, 3600));
    // A side that always or never wins has no width.
    assert!(band("0.0001").within(0, 7));
    assert!(band("0.0001").within(7, 7));
    // No fight, or more wins than fights: never within.
    assert!(!band("100").within(0, 0));
    assert!(!band("100").within(8, 7));
}

#[test]
fn within_never_overflows_at_the_edges_of_u64() {
    let n = u64::MAX;
    assert!(band("0.0001").within(n / 2, n));
    assert!(band("100").within(1, n));
    assert!(!band("0.0001").within(1, 2));
    assert_eq!(mul_wide(u128::MAX, u128::MAX), (u128::MAX - 1, 1));
    assert_eq!(mul_wide(1 << 64, 1 << 64), (1, 0));
}

#[test]
fn every_side_must_be_within_the_target() {
    // 500 / 490 / 10 of 1000: the two close sides are ±4.7 points wide, the rare one ±0.9.
    let t = tally(&[500, 490], 10);
    assert!(band("4.75").holds(&t));
    assert!(!band("4.7").holds(&t));
    assert!(!band("1").holds(&tally(&[0, 0], 0)));
}

#[test]
fn seed_order_merges_in_order_and_stops_at_the_first_checkpoint_that_holds() {
    // Shards of 1000 fights; side 0 wins half. The prefix holds ±2 points from 6 shards on
    // (3σ at 6000 fights: 300·√(0.25/6000) = 1.94), not at 5 (2.12).
    let shard = tally(&[500, 500], 0);
    let target = Some(band("2"));
    for order in [
        [0, 1, 2, 3, 4, 5, 6, 7],
        [7, 6, 5, 4, 3, 2, 1, 0],
        [1, 0, 3, 2, 7, 5, 6, 4],
    ] {
        let mut seed = SeedOrder::new(target, 10, Tally::empty(2, 0));
        let mut stopped = None;
        for (k, &i) in order.iter().enumerate() {
            if seed.add(i, &shard).unwrap() && stopped.is_none() {
                stopped = Some(k);
            }
        }
        assert!(seed.finished());
        assert_eq!(seed.total().fights, 6000, "{order:?}");
        assert!(stopped.is_some());
    }
    // Without a target it completes when every shard is in, each counted once.
    let mut all = SeedOrder::new(None, 3, Tally::empty(2, 0));
    assert!(!all.add(2, &shard).unwrap());
    assert!(!all.add(2, &shard).unwrap());
    assert!(!all.add(0, &shard).unwrap());
    assert!(all.add(1, &shard).unwrap());
    assert_eq!(all.into_total().fights, 3000);
}

#[test]
fn the_stop_line_says_where_and_why() {
    let sides = ["players".to_string(), "monsters".to_string()];
    let t = tally(&[6000, 6000], 0);
    assert_eq!(
        stop_line(band("1.5"), &sides, &t),
        "Arrêt à 12 000 combats : bande 3σ ≤ ±1.5 point pour chaque camp"
    );
    let t = tally(&[600, 400], 0);
    assert_eq!(
        stop_line(band("0.5"), &sides, &t),
        "Arrêt au maximum de 1 000 combats (--runs) : bande 3σ de ±4.65 points pour players, au-delà de ±0.5"
    );
    assert_eq!(grouped(999), "999");
    assert_eq!(grouped(1_234_567), "1 234 567");
}
