//! Spell arithmetic against closed forms over many seeded fights, and the determinism contract
//! with casters on both sides: any split of the runs merges to the same tally.

use serde_json::json;

use crate::area::Intersection;
use crate::fight::{Plan, Policy, UnitId, View};
use crate::model::parse_combatant;
use crate::play::{play_logged_with, run_range_with};
use crate::policy::DefaultPolicy;
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::scenario::FightOptions;
use crate::tally::Tally;

use super::super::support::*;
use super::*;

/// A test policy that casts: the first spell it can cast now with a modelled effect — on
/// itself when the spell does not harm it, else on the nearest enemy (at its corner for a
/// point of origin) — then the default policy for the rest of the turn.
#[derive(Clone, Copy, Default)]
struct CastFirst;

impl CastFirst {
    fn pick(view: &View<'_>, me: UnitId) -> Option<crate::fight::Action> {
        let enemy = view.nearest_enemy(me)?;
        let at = view.position(enemy);
        for c in view.castable(me) {
            let spell = view.spell(c.spell);
            if spell.has_no_effect() || view.has_effect_of(me, c.spell) {
                continue;
            }
            let targets = [
                CastTarget::Unit(enemy),
                CastTarget::Point(Intersection::new(at.row, at.col)),
                CastTarget::Caster,
            ];
            for target in targets {
                let action = view.cast_action(c.spell, target, Metamagics::NONE, false);
                if view.check_cast(me, action).is_ok() {
                    return Some(action);
                }
            }
        }
        None
    }
}

impl Policy for CastFirst {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if let Some(action) = Self::pick(view, me) {
            plan.push(action);
        }
        DefaultPolicy.decide(view, me, plan);
    }
}

fn data(path: &str) -> Combatant {
    let file = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("../../data")
        .join(path);
    parse_combatant(path, &std::fs::read_to_string(file).unwrap()).unwrap()
}

/// Casters on both sides (Maelis and Sera with Torvald and Quill against the drow noble and
/// two orcs, on the sample arena): they cast, and run_range over any split merges to the
/// whole.
#[test]
fn fights_with_casters_on_both_sides_merge_the_same_over_any_split() {
    let arena = crate::map::parse_map(
        "arena",
        include_str!("../../../../../../data/maps/sample_arena.yaml"),
    )
    .unwrap();
    let s = with_spells(scenario_with(
        arena,
        vec![
            (
                "players",
                vec![
                    data("pcs/maelis.json"),
                    data("pcs/sera.json"),
                    data("pcs/torvald.json"),
                    data("pcs/quill.json"),
                ],
            ),
            (
                "monsters",
                vec![
                    data("monsters/drow_noble.json"),
                    data("monsters/orc.json"),
                    data("monsters/orc.json"),
                ],
            ),
        ],
        FightOptions::default(),
    ));
    let (_, lines, _) = play_logged_with(
        &s,
        &mut SeededDice::for_run(Seed(3), RunIndex(0)),
        &mut CastFirst,
    );
    let casters: Vec<&str> = lines
        .iter()
        .filter(|l| l.message.starts_with("casts "))
        .filter_map(|l| l.actor.as_deref())
        .collect();
    for who in ["maelis", "sera", "drow_noble"] {
        assert!(casters.contains(&who), "{who} casts: {casters:?}");
    }
    let n = 40;
    let whole = run_range_with(&s, Seed(3), 0..n, &mut CastFirst);
    assert_eq!(whole.fights, n);
    for pieces in [2, 7] {
        let mut merged = Tally::empty(s.sides().len(), s.units().len());
        let bounds: Vec<u64> = (0..=pieces).map(|k| k * n / pieces).collect();
        for w in bounds.windows(2) {
            merged
                .merge(&run_range_with(&s, Seed(3), w[0]..w[1], &mut CastFirst))
                .unwrap();
        }
        assert_eq!(merged, whole, "{pieces} pieces");
    }
}

/// « CRB — Fireball »: one 5d6 roll for the area, each of four 12-hp creatures (Ref +0 against
/// DC 16: it fails on 1–15) killed when its share reaches 12 — all of it on a failed save,
/// half on a success. The mean number killed per fight over 3000 fights stays within 3σ of the
/// exact expectation (the creatures share the roll: the variance counts it).
#[test]
fn a_fireballs_kill_rate_matches_the_dice_and_save_arithmetic() {
    let w = wizard(5, &["fireball"], json!({"3": 1}), json!({}));
    let mook = || {
        creature(
            "mook",
            json!({"hp_max": 12, "abilities": {"con_score": 10}}),
        )
    };
    let s = with_spells(scenario_with(
        room(&["A..........", "...........", "........BB.", "........BB."]),
        vec![("a", vec![w]), ("b", vec![mook(), mook(), mook(), mook()])],
        FightOptions {
            round_cap: 1,
            simple_monster_death: true,
        },
    ));
    let ball = cast("fireball", CastTarget::Point(Intersection::new(3, 9)));
    let mut policy = Plans::new().fixed(0, &[ball]).idle(&[1, 2, 3, 4]);
    let n = 3000u64;
    let tally = run_range_with(&s, Seed(11), 0..n, &mut policy);
    let killed: u64 = tally.units[1..].iter().map(|u| u.killed).sum();
    // Exact: over the 7776 outcomes of 5d6.
    let mut ways = [0u64; 31];
    for a in 1..=6 {
        for b in 1..=6 {
            for c in 1..=6 {
                for d in 1..=6 {
                    for e in 1..=6 {
                        ways[a + b + c + d + e] += 1;
                    }
                }
            }
        }
    }
    let (mut mean, mut square) = (0.0, 0.0);
    for (total, &w) in ways.iter().enumerate() {
        let p_total = w as f64 / 7776.0;
        let fail = if total >= 12 { 0.75 } else { 0.0 };
        let save = if total / 2 >= 12 { 0.25 } else { 0.0 };
        let p = fail + save;
        let (m, v) = (4.0 * p, 4.0 * p * (1.0 - p));
        mean += p_total * m;
        square += p_total * (v + m * m);
    }
    let sigma = ((square - mean * mean) / n as f64).sqrt();
    let observed = killed as f64 / n as f64;
    assert!(
        (observed - mean).abs() <= 3.0 * sigma,
        "observed {observed:.4} killed per fight, expected {mean:.4} ± {:.4}",
        3.0 * sigma
    );
}
