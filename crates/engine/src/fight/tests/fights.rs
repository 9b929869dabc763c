//! Whole fights with seeded dice: a symmetric matchup (basic rules, and with conditions, feats and sneak attack on both
//! sides) stays inside the 3σ band of 50 %, runs tally the same however they are split, and
//! every fight ends within the round cap.

use serde_json::json;

use crate::model::{Combatant, parse_combatant};
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::scenario::Scenario;
use crate::tally::Tally;

use super::support::*;
use crate::play::run_range;
use crate::policy::DefaultPolicy;

const GOBLIN: &str = include_str!("../../../../../data/monsters/goblin.json");
const ORC: &str = include_str!("../../../../../data/monsters/orc.json");

/// Two identical fighters a side on zones mirrored left–right, sides listed in `deployment`
/// order.
fn mirrored(deployment: &[(&str, char)]) -> Scenario {
    mirrored_with(deployment, json!({}))
}

/// [`mirrored`] with `patch` over the fighter.
pub(super) fn mirrored_with(deployment: &[(&str, char)], patch: serde_json::Value) -> Scenario {
    let fighter = creature_over(
        "fighter",
        json!({
            "ac": { "total": 15, "touch": 11, "flat_footed": 14 },
            "attacks": [melee("longsword", 5, "1d8+3", &["slashing"])]
        }),
        patch,
    );
    let floor = [".........."; 4];
    let zones = ["A........B", "A........B", "..........", ".........."];
    let m = map_with(&floor, &zones, None, deployment);
    scenario(
        m,
        vec![
            ("a", vec![fighter.clone(), fighter.clone()]),
            ("b", vec![fighter.clone(), fighter]),
        ],
        100,
    )
}

/// The rule: p = wins of the first side / (wins of both sides) — draws are excluded from n —
/// and |p − 1/2| ≤ 3σ with σ = √(0.25 / n), the closed form at p = 1/2. Initiative ties go to
/// list order, so the first side has a small, genuine edge (≈ +0.5 % here), well inside the band.
#[test]
fn symmetric_matchup_stays_inside_the_3_sigma_band_of_50_percent() {
    for deployment in [[("a", 'A'), ("b", 'B')], [("b", 'B'), ("a", 'A')]] {
        assert_inside_the_band(mirrored(&deployment));
    }
}

/// The same with conditions, feats and sneak attack on both sides — Power Attack chosen by the policy, Blind-Fight,
/// sneak attack when flanking, a 20 % miss chance, a fear penalty that ends after 2 rounds, a
/// deflection bonus: whatever the rules add, mirrored sides stay inside the band.
#[test]
fn symmetric_matchup_with_phase_1_rules_stays_inside_the_3_sigma_band() {
    let patch = json!({
        "level": 3, "bab": 3,
        "feats": ["Power Attack", "Blind-Fight"],
        "features": ["Sneak Attack +2d6"],
        "conditions": ["blurred", { "name": "shaken", "rounds": 2 }],
        "modifiers": [{ "stat": "ac", "type": "deflection", "value": 1 }]
    });
    for deployment in [[("a", 'A'), ("b", 'B')], [("b", 'B'), ("a", 'A')]] {
        assert_inside_the_band(mirrored_with(&deployment, patch.clone()));
    }
}

/// The same with special abilities on both sides (Bestiary — Universal Monster Rules):
/// ferocity, fast healing, and natural attacks that trip (bite), poison with Strength damage
/// (claws) and bleed (gore) — whatever they add, mirrored sides stay inside the band.
#[test]
fn symmetric_matchup_with_special_abilities_stays_inside_the_3_sigma_band() {
    let natural = |name: &str, formula: &str, count: u32| {
        json!({
            "name": name, "kind": "melee", "attack_bonus": 4, "natural": true, "count": count,
            "damage": [{ "formula": formula, "types": ["piercing"] }]
        })
    };
    let patch = json!({
        "attacks": [natural("bite", "1d6+1", 1), natural("claw", "1d4", 2), natural("gore", "1d4", 1)],
        "features": ["Ferocity", "Fast Healing 1", "Trip", "Poison", "Bleed"],
        "specials": [
            { "rule": "ferocity" },
            { "rule": "fast_healing", "amount": 1 },
            { "rule": "trip", "attack": "bite" },
            { "rule": "poison", "attack": "claw", "dc": 12, "ability": "str",
              "damage": "1d2", "frequency": 4, "cure": 1 },
            { "rule": "bleed", "attack": "gore", "amount": 1 }
        ]
    });
    for deployment in [[("a", 'A'), ("b", 'B')], [("b", 'B'), ("a", 'A')]] {
        assert_inside_the_band(mirrored_with(&deployment, patch.clone()));
    }
}

/// 2000 seeded fights of `s`: the first side's share of decided fights is within 3σ of 1/2.
pub(super) fn assert_inside_the_band(s: Scenario) {
    let t = run_range(&s, Seed(1), 0..2000);
    assert_eq!(t.fights, 2000);
    let n = (t.wins[0] + t.wins[1]) as f64;
    assert!(n >= 1900.0, "too many draws: {t:?}");
    let p = t.wins[0] as f64 / n;
    let sigma = (0.25 / n).sqrt();
    assert!(
        (p - 0.5).abs() <= 3.0 * sigma,
        "first side {} wins {:.2} % of {n} decided fights; band ±{:.2} %",
        s.sides()[0],
        100.0 * p,
        300.0 * sigma
    );
}

#[test]
fn run_range_equals_the_merge_of_any_split() {
    let s = quick_start();
    let n = 70;
    let whole = run_range(&s, Seed(7), 0..n);
    assert_eq!(whole.fights, n);
    for pieces in [1, 2, 7] {
        let mut merged = Tally::empty(s.sides().len(), s.units().len());
        let bounds: Vec<u64> = (0..=pieces).map(|k| k * n / pieces).collect();
        for w in bounds.windows(2) {
            merged.merge(&run_range(&s, Seed(7), w[0]..w[1])).unwrap();
        }
        assert_eq!(merged, whole, "{pieces} pieces");
    }
    // Uneven pieces too.
    let mut merged = run_range(&s, Seed(7), 0..1);
    for range in [1..30, 30..31, 31..n] {
        merged.merge(&run_range(&s, Seed(7), range)).unwrap();
    }
    assert_eq!(merged, whole);
}

/// Combatants exercising every basic rule family (attacks, criticals, reach, ranged, DR,
/// resistance, nonlethal, movement).
fn roster() -> Vec<Combatant> {
    let natural = |name: &str, formula: &str, count: u32| {
        json!({ "name": name, "kind": "melee", "attack_bonus": 3, "natural": true, "count": count,
                "damage": [{ "formula": formula, "types": ["slashing"] }] })
    };
    vec![
        parse_combatant("goblin", GOBLIN).unwrap(),
        parse_combatant("orc", ORC).unwrap(),
        creature(
            "archer",
            json!({ "hp_max": 8, "bab": 6, "attacks": [bow(6, 30)], "feats": ["Precise Shot"] }),
        ),
        creature(
            "spearman",
            json!({ "attacks": [
                { "name": "longspear", "kind": "melee", "attack_bonus": 3, "reach_weapon": true,
                  "damage": [{ "formula": "1d8", "types": ["piercing"] }] },
                melee("dagger", 2, "1d4", &["piercing"])
            ], "feats": ["Combat Reflexes"], "abilities": { "dex_score": 14 } }),
        ),
        creature(
            "ogre",
            json!({ "size": "Large", "hp_max": 30, "speed_land_ft": 40,
                    "attacks": [natural("slam", "2d6+4", 1)] }),
        ),
        creature(
            "skeleton",
            json!({ "creature_type": "undead", "abilities": { "con_score": null },
                    "dr": { "amount": 5, "bypass": "bludgeoning" }, "immunities": ["cold"],
                    "attacks": [natural("claw", "1d4+1", 2)] }),
        ),
        creature(
            "sapper",
            json!({ "attacks": [melee("sap", 2, "1d6", &["bludgeoning", "nonlethal"])] }),
        ),
        creature(
            "rat",
            json!({ "size": "Tiny", "hp_max": 4, "attacks": [natural("bite", "1d3", 1)] }),
        ),
        creature("statue", json!({ "speed_land_ft": 0 })),
    ]
}

fn battlefield() -> crate::map::Map {
    map_with(
        &[
            "############",
            "#...T......#",
            "#..C...#...#",
            "#...T..#.p.#",
            "#..........#",
            "#..........#",
            "############",
        ],
        &[
            "............",
            ".AAA....BBB.",
            ".AAA....BBB.",
            ".AAA....BBB.",
            "............",
            "............",
            "............",
        ],
        Some(&[
            "000000000000",
            "000000000000",
            "000000000000",
            "000000000000",
            "000001100000",
            "000001100000",
            "000000000000",
        ]),
        &[("a", 'A'), ("b", 'B')],
    )
}

#[test]
fn a_fight_always_ends_within_the_round_cap() {
    const CAP: u32 = 25;
    let roster = roster();
    let mut sides = Vec::new();
    for (i, a) in roster.iter().enumerate() {
        for b in &roster[i..] {
            sides.push((vec![a.clone()], vec![b.clone()]));
        }
    }
    sides.push((roster[..3].to_vec(), roster[3..6].to_vec()));
    sides.push((roster[4..7].to_vec(), roster[6..].to_vec()));
    for (a, b) in sides {
        let names = format!(
            "{:?} vs {:?}",
            a.iter().map(|c| c.name()).collect::<Vec<_>>(),
            b.iter().map(|c| c.name()).collect::<Vec<_>>()
        );
        let s = scenario(battlefield(), vec![("a", a), ("b", b)], CAP);
        for run in 0..12 {
            let p = play_dice(
                &s,
                &DefaultPolicy,
                &mut SeededDice::for_run(Seed(3), RunIndex(run)),
            );
            assert!(
                p.outcome.rounds <= CAP,
                "{names}, run {run}: {:?}",
                p.outcome
            );
            let last = &p.lines.last().expect("a fight logs").message;
            assert!(
                last.starts_with("battle over: "),
                "{names}, run {run}: {last}"
            );
            assert_eq!(p.tally.fights, 1);
            if p.outcome.winner.is_none() && p.outcome.rounds < CAP {
                assert!(last.contains("no side left standing"), "{names}: {last}");
            }
        }
        let t = run_range(&s, Seed(3), 0..12);
        assert_eq!(t.fights, t.wins.iter().sum::<u64>() + t.draws, "{names}");
        assert!(t.rounds_sum <= u64::from(CAP) * t.fights, "{names}");
    }
    // Two statues never finish: the cap ends it, a draw.
    let statue = roster.last().unwrap().clone();
    let s = scenario(
        battlefield(),
        vec![("a", vec![statue.clone()]), ("b", vec![statue])],
        CAP,
    );
    let t = run_range(&s, Seed(3), 0..5);
    assert_eq!((t.draws, t.rounds_sum), (5, 5 * u64::from(CAP)));
}

/// A worker's cancellable batch (`play::run_range_until`) tallies exactly what the plain batch
/// does when nothing stops it — the per-run record of endings included.
#[test]
fn a_batch_that_may_be_stopped_tallies_as_the_plain_one() {
    let s = super::support::quick_start();
    let stop = std::sync::atomic::AtomicBool::new(false);
    let seed = crate::rng::Seed(3);
    let plain = crate::play::run_range(&s, seed, 10..250);
    let stoppable = crate::play::run_range_until(&s, seed, 10..250, &stop);
    assert_eq!(stoppable.as_ref(), Some(&plain));
}
