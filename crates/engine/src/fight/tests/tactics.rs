//! Rule tests of the tactic presets (the sweeps' `tactics` axis): each test plays a
//! tiny scripted-dice fight in which one preset makes its distinctive choice, and pins the
//! lines; then the names, the per-side setting, and whole fights of every pairing of presets
//! on the sample arena.

use crate::rng::{RunIndex, Seed};
use serde_json::{Value, json};

use crate::model::Combatant;
use crate::scenario::{NoSuchSide, Scenario, Tactic};

use super::support::*;
use crate::fight::{Plan, Policy, UnitId, View};
use crate::play::{run_range, transcript};
use crate::policy::SidePolicies;

/// Units listed do nothing on their turns (attacks of opportunity are the engine's: they still
/// take them); every other unit plays its side's tactic, as in [`crate::play::run_range`].
#[derive(Clone)]
struct Idle(&'static [usize]);

impl Policy for Idle {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if !self.0.contains(&me.index()) {
            SidePolicies.decide(view, me, plan);
        }
    }
}

fn hero(patch: Value) -> Combatant {
    creature_over("hero", json!({ "attacks": [sword(0)] }), patch)
}

fn archer(patch: Value) -> Combatant {
    creature_over("archer", json!({ "attacks": [bow(0, 30)] }), patch)
}

fn foe(name: &str, patch: Value) -> Combatant {
    creature_over(name, json!({ "attacks": [sword(0)] }), patch)
}

/// `s` with side `a` playing `tactic`.
fn side_a(s: Scenario, tactic: Tactic) -> Scenario {
    s.with_tactic("a", tactic).unwrap()
}

/// What `actor` said in a 1-round fight of `s` where units `idle` idle.
fn said(s: &Scenario, idle: &'static [usize], script: &[u32], actor: &str) -> Vec<String> {
    let p = play_with(s, &Idle(idle), &d20s(script));
    p.said_by(actor).iter().map(|l| l.to_string()).collect()
}

#[test]
fn tactic_names_parse_and_an_unknown_name_lists_the_valid_ones() {
    for t in Tactic::ALL {
        assert_eq!(t.name().parse::<Tactic>(), Ok(t));
        assert_eq!(t.to_string(), t.name());
    }
    assert_eq!(Tactic::default(), Tactic::Default);
    let e = "focus_weakets".parse::<Tactic>().unwrap_err();
    assert_eq!(e.closest, "focus_weakest");
    assert_eq!(
        e.to_string(),
        "unknown tactic `focus_weakets` (did you mean `focus_weakest`?); the tactics are: \
         default, focus_weakest, focus_nearest, hold_and_shoot, kite"
    );
    assert_eq!("Kite".parse::<Tactic>().unwrap_err().closest, "kite");
    assert_eq!("hold".parse::<Tactic>().unwrap_err().closest, "kite");
}

#[test]
fn each_side_gets_its_tactic_by_index_or_name() {
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![hero(json!({}))]),
            ("b", vec![foe("foe", json!({}))]),
        ],
        1,
    );
    assert_eq!(s.tactics(), [Tactic::Default, Tactic::Default]);
    let mut s = s.with_tactic("b", Tactic::Kite).unwrap();
    s.set_tactic(0, Tactic::HoldAndShoot).unwrap();
    assert_eq!(
        (s.tactic(0), s.tactic(1)),
        (Tactic::HoldAndShoot, Tactic::Kite)
    );
    let e = s.set_tactic("bb", Tactic::Kite).unwrap_err();
    assert_eq!(
        e.to_string(),
        "no side `bb` in this encounter (did you mean `b`?); the sides are: a, b"
    );
    assert!(matches!(e, NoSuchSide::Name { .. }));
    assert_eq!(
        s.set_tactic(2, Tactic::Kite).unwrap_err(),
        NoSuchSide::Index { index: 2, count: 2 }
    );
    assert_eq!(s.tactics(), [Tactic::HoldAndShoot, Tactic::Kite]);
}

/// The hero stands between `tough` (20 hp, adjacent) and `weak` (4 hp, 10 ft away).
#[test]
fn focus_weakest_steps_past_the_nearest_enemy_to_strike_the_lowest_hp() {
    let fight = |tactic: Tactic, weak_hp: i32| {
        let s = scenario(
            room(&["BA.B"]),
            vec![
                ("a", vec![hero(json!({}))]),
                (
                    "b",
                    vec![
                        creature("tough", json!({})),
                        creature("weak", json!({ "hp_max": weak_hp })),
                    ],
                ),
            ],
            1,
        );
        said(&side_a(s, tactic), &[1, 2], &[20, 1, 1, 2], "hero")
    };
    let at_tough = ["sword vs tough d20=2+0=2 AC 10 -> MISS"];
    assert_eq!(fight(Tactic::Default, 4), at_tough);
    assert_eq!(fight(Tactic::FocusNearest, 4), at_tough);
    assert_eq!(
        fight(Tactic::FocusWeakest, 4),
        [
            "5-foot step (0,1)->(0,2)",
            "sword vs weak d20=2+0=2 AC 10 -> MISS"
        ]
    );
    // Equal hit points: the nearest.
    assert_eq!(fight(Tactic::FocusWeakest, 20), at_tough);
}

#[test]
fn focus_nearest_is_the_default_policy() {
    let s = quick_start();
    let nearest = quick_start().with_tactic(0, Tactic::FocusNearest).unwrap();
    let nearest = nearest.with_tactic(1, Tactic::FocusNearest).unwrap();
    for run in 0..20 {
        assert_eq!(
            transcript(&s, Seed(5), RunIndex(run)),
            transcript(&nearest, Seed(5), RunIndex(run)),
            "run {run}"
        );
    }
    assert_eq!(
        run_range(&s, Seed(5), 0..200),
        run_range(&nearest, Seed(5), 0..200)
    );
}

/// An archer (range 50 ft) and a foe 55 ft, then 60 ft away: a 5-foot step gives a shot, then
/// nothing does — it holds where the default policy walks up.
#[test]
fn hold_and_shoot_archer_steps_for_a_shot_or_holds() {
    let fight = |tactic: Tactic, zones: &str, script: &[u32]| {
        let s = scenario(
            room(&[zones]),
            vec![
                ("a", vec![archer(json!({ "attacks": [bow(0, 5)] }))]),
                ("b", vec![foe("foe", json!({}))]),
            ],
            1,
        );
        said(&side_a(s, tactic), &[1], script, "archer")
    };
    let at_55 = "A..........B";
    let at_60 = "A...........B";
    assert_eq!(
        fight(Tactic::HoldAndShoot, at_55, &[20, 1, 2]),
        [
            "5-foot step (0,0)->(0,1)",
            "bow vs foe d20=2-18=-16 AC 10 -> MISS"
        ]
    );
    assert!(fight(Tactic::HoldAndShoot, at_60, &[20, 1]).is_empty());
    assert_eq!(
        fight(Tactic::Default, at_60, &[20, 1, 2]),
        [
            "move (0,0)->(0,1)->(0,2)",
            "bow vs foe d20=2-18=-16 AC 10 -> MISS"
        ]
    );
}

/// A swordsman 20 ft from a foe: the default policy charges; hold_and_shoot waits, lets the
/// foe charge in, then full attacks.
#[test]
fn hold_and_shoot_melee_waits_for_an_enemy_within_reach() {
    let s = |tactic: Tactic| {
        let s = scenario(
            room(&["A...B"]),
            vec![
                ("a", vec![hero(json!({}))]),
                ("b", vec![foe("foe", json!({}))]),
            ],
            2,
        );
        side_a(s, tactic)
    };
    let p = play_with(
        &s(Tactic::HoldAndShoot),
        &SidePolicies,
        &d20s(&[20, 1, 2, 2, 2]),
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | foe | charge (0,4)->(0,3)->(0,2)->(0,1)",
        "1 | foe | sword vs hero d20=2+2=4 AC 10 -> MISS",
        "2 | hero | sword vs foe d20=2+0=2 AC 8 -> MISS",
        "2 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    let p = play_with(
        &s(Tactic::Default),
        &SidePolicies,
        &d20s(&[20, 1, 2, 2, 2, 2]),
    );
    assert_eq!(p.said_by("hero")[0], "charge (0,0)->(0,1)->(0,2)->(0,3)");
}

/// An archer next to a swordsman: the default policy shoots from the threatened square and
/// provokes; kite first steps to the first square out of reach — skipping the two neighbours
/// the foe still threatens — and shoots from there.
#[test]
fn kite_steps_out_of_reach_then_shoots() {
    let fight = |tactic: Tactic, script: &[u32]| {
        let s = scenario(
            room(&["....", "BA..", "...."]),
            vec![
                ("a", vec![archer(json!({}))]),
                ("b", vec![foe("foe", json!({}))]),
            ],
            1,
        );
        said(&side_a(s, tactic), &[1], script, "archer")
    };
    assert_eq!(
        fight(Tactic::Kite, &[20, 1, 2]),
        [
            "5-foot step (1,1)->(0,2)",
            "bow vs foe d20=2+0=2 AC 10 -> MISS"
        ]
    );
    let s = scenario(
        room(&["....", "BA..", "...."]),
        vec![
            ("a", vec![archer(json!({}))]),
            ("b", vec![foe("foe", json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Idle(&[1]), &d20s(&[20, 1, 2, 2]));
    assert_eq!(
        p.render()[2..4],
        [
            "1 | foe | AoO: sword vs archer d20=2+0=2 AC 10 -> MISS",
            "1 | archer | bow vs foe d20=2+0=2 AC 10 -> MISS",
        ]
    );
    // Without a ranged weapon, kite is the default policy.
    let s = scenario(
        room(&["A..B"]),
        vec![
            ("a", vec![hero(json!({}))]),
            ("b", vec![foe("foe", json!({}))]),
        ],
        1,
    );
    let kite = said(&side_a(s, Tactic::Kite), &[1], &[20, 1, 2], "hero");
    assert_eq!(kite[0], "charge (0,0)->(0,1)->(0,2)");
}

/// A foe with 10 ft of reach threatens every square a 5-foot step reaches: kite withdraws
/// (the first square provokes nothing) instead of shooting from where it stands.
#[test]
fn kite_withdraws_when_no_step_leaves_every_reach() {
    let lasher = || {
        let whip = json!({
            "name": "lash", "kind": "melee", "attack_bonus": 0, "reach_ft": 10,
            "damage": [{ "formula": "1d4", "types": ["slashing"] }]
        });
        creature("lasher", json!({ "attacks": [whip] }))
    };
    let s = scenario(
        room(&["BA.........."]),
        vec![("a", vec![archer(json!({}))]), ("b", vec![lasher()])],
        1,
    );
    let p = play_with(&side_a(s, Tactic::Kite), &Idle(&[1]), &d20s(&[20, 1, 2]));
    p.assert_log(&[
        "- | - | initiative: archer d20=20+0=20",
        "- | - | initiative: lasher d20=1+0=1",
        "1 | archer | withdraw (0,1)->(0,2)->(0,3)->(0,4)->(0,5)->(0,6)->(0,7)->(0,8)->(0,9)->(0,10)->(0,11)",
        "1 | lasher | AoO: lash vs archer d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

/// 3 goblins vs 2 orcs on the sample arena, 200 runs for every pair of presets: every fight
/// ends within the round cap, with a winner or a draw, and the tally adds up.
#[test]
fn every_pair_of_tactics_ends_sample_arena_fights_within_the_round_cap() {
    let cap = u64::from(quick_start().options().round_cap);
    for players in Tactic::ALL {
        for monsters in Tactic::ALL {
            let s = quick_start()
                .with_tactic("players", players)
                .unwrap()
                .with_tactic("monsters", monsters)
                .unwrap();
            let t = run_range(&s, Seed(1), 0..200);
            let pair = format!("{players} vs {monsters}");
            eprintln!(
                "{pair:32} players {:3} monsters {:3} draws {:3} mean rounds {:.1}",
                t.wins[0],
                t.wins[1],
                t.draws,
                t.rounds_sum as f64 / 200.0
            );
            assert_eq!(t.fights, 200, "{pair}");
            assert_eq!(t.wins.iter().sum::<u64>() + t.draws, 200, "{pair}");
            assert!(t.rounds_sum <= cap * 200, "{pair}");
            let last = transcript(&s, Seed(1), RunIndex(0))
                .pop()
                .expect("a fight logs")
                .message;
            assert!(last.starts_with("battle over: "), "{pair}: {last}");
        }
    }
}
