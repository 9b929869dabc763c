//! Rule tests of the Universal Monster Rules that move, sense or change a body (Bestiary —
//! hydra « Hydra Traits » and « Regenerate Head », « Trample », « Rock Throwing », « Rock
//! Catching », « All-Around Vision », « Scent », the zombie's « Staggered », the drow's
//! poison), and the default policy's trample and pounce: tiny fights with scripted dice.

use serde_json::{Value, json};

use crate::fight::Action;
use crate::model::{Combatant, FeatureUse, parse_combatant};
use crate::rules::Condition;

use super::support::*;
use super::umr_attacks::{fixed_duel, monster, natural, target, victim};

fn hydra() -> Combatant {
    monster(
        "hydra",
        include_str!("../../../../../data/monsters/hydra.json"),
    )
}

#[test]
fn hydra_heads_a_slashing_hit_of_its_hd_severs_a_head_and_two_grow_back() {
    // The hydra (5 HD, five bites) against a hero whose axe always deals 5 slashing.
    let axe = creature(
        "hero",
        json!({ "hp_max": 200, "attacks": [melee("axe", 10, "5", &["slashing"])] }),
    );
    let s = scenario(
        room(&["ABBB", ".BBB", ".BBB"]),
        vec![("a", vec![axe]), ("b", vec![hydra()])],
        3,
    );
    let plans = Plans::new()
        .fixed(0, &[Action::Attack { target: target(1) }])
        .fixed(1, &[Action::FullAttack { target: target(0) }]);
    // Round 1: the axe hits, a head falls, 1d4=2: two heads in round 3. The hydra bites
    // once per head: 4, 4, then 6; the axe misses in rounds 2 and 3.
    let mut rolls = vec![(20, 20), (20, 1), (20, 15), (4, 2)];
    rolls.extend([(20, 2); 16]);
    let p = play_with(&s, &plans, &rolls);
    let bites = |round: u32, n: usize| {
        vec![format!("{round} | hydra | bite vs hero d20=2+6=8 AC 10 -> MISS"); n]
    };
    let mut expected: Vec<String> = [
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: hydra d20=1+1=2",
        "1 | hero | axe vs hydra d20=15+10=25 AC 15 -> HIT 5 dmg (hydra hp 47 -> 42)",
        "1 | hero | severs a head of hydra: 4 heads left, 2 growing back in round 3",
        "1 | hydra | fast healing 5: hp 42 -> 47",
    ]
    .map(String::from)
    .to_vec();
    expected.extend(bites(1, 4));
    expected.push("2 | hero | axe vs hydra d20=2+10=12 AC 15 -> MISS".into());
    expected.extend(bites(2, 4));
    expected.push("3 | hero | axe vs hydra d20=2+10=12 AC 15 -> MISS".into());
    expected.push("3 | hydra | regenerate head: 2 heads grow back (6 heads)".into());
    expected.extend(bites(3, 6));
    expected.push("- | - | battle over: draw after 3 rounds (round cap)".into());
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    p.assert_log(&expected);
}

#[test]
fn hydra_heads_seared_by_fire_do_not_grow_and_the_last_one_kills() {
    let torch = creature(
        "hero",
        json!({ "hp_max": 200, "attacks": [{ "name": "axe", "kind": "melee", "attack_bonus": 10,
            "damage": [{ "formula": "5", "types": ["slashing"] },
                       { "formula": "1", "types": ["fire"] }] }] }),
    );
    let mut h =
        serde_json::from_str::<Value>(include_str!("../../../../../data/monsters/hydra.json"))
            .unwrap();
    h["attacks"][0]["count"] = json!(1);
    h["hp_max"] = json!(400);
    h["specials"] = json!([{ "rule": "hydra_heads", "attack": "bite", "amount": 5 }]);
    let one_head = parse_combatant("hydra", &h.to_string()).unwrap();
    let hit = |target| Action::Attack { target };
    let p = fixed_duel(
        (torch, one_head),
        &["ABBB", ".BBB", ".BBB"],
        1,
        hit,
        &[(20, 20), (20, 1), (20, 15)],
    );
    assert_eq!(
        p.said_by("hero")[1],
        "severs a head of hydra (seared): 0 heads left, dead"
    );
    assert_eq!(p.tally.units[1].killed, 1);
}

/// A Large thrower of rocks (ranged +0, flat 6) against `catcher`, 4 squares away.
fn rock_fight(catcher: Combatant, script: &[(u32, u32)]) -> Played {
    let thrower = creature(
        "giant",
        json!({ "size": "Large", "attacks": [{ "name": "rock", "kind": "ranged",
            "attack_bonus": 0, "range_increment_ft": 120,
            "damage": [{ "formula": "6", "types": ["bludgeoning"] }] }],
            "specials": [{ "rule": "rock_throwing", "attack": "rock" }] }),
    );
    let s = scenario(
        room(&["AA....B", "AA....."]),
        vec![("a", vec![thrower]), ("b", vec![catcher])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Attack { target: target(1) }]);
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, &plans, &rolls)
}

#[test]
fn rock_catching_a_reflex_save_dc_15_catches_a_small_rock() {
    let catcher = |ref_save: i32| {
        creature(
            "catcher",
            json!({ "saves": { "fort": 0, "ref": ref_save, "will": 0 },
                    "specials": [{ "rule": "rock_catching" }] }),
        )
    };
    let p = rock_fight(catcher(5), &[(20, 15), (20, 10)]);
    assert_eq!(
        p.render()[2..4],
        [
            "1 | catcher | rock catching: Ref DC 15 d20=10+5=15 -> caught",
            "1 | giant | rock vs catcher d20=15+0=15 AC 10 -> HIT -> CAUGHT",
        ]
    );
    let p = rock_fight(catcher(0), &[(20, 15), (20, 10)]);
    assert_eq!(
        p.render()[2..4],
        [
            "1 | catcher | rock catching: Ref DC 15 d20=10+0=10 -> fails",
            "1 | giant | rock vs catcher d20=15+0=15 AC 10 -> HIT 6 dmg (catcher hp 20 -> 14)",
        ]
    );
}

#[test]
fn rock_throwing_of_the_hill_giant_reaches_five_increments() {
    let giant = monster(
        "hill_giant",
        include_str!("../../../../../data/monsters/hill_giant.json"),
    );
    let s = scenario(
        room(&["AA.", "AAB"]),
        vec![("a", vec![giant]), ("b", vec![victim(10)])],
        1,
    );
    with_fight(&s, |f| {
        let rock = (f.info[0].weapons.iter()).find(|w| !w.melee).unwrap();
        assert_eq!((rock.increment_ft, rock.max_range_ft), (120, 600));
        assert!(f.info[0].traits.specials.umr.rock_catching);
    });
}

#[test]
fn all_around_vision_cannot_be_flanked() {
    let ally = || {
        creature(
            "ally",
            json!({ "attacks": [melee("club", 0, "1", &["bludgeoning"])] }),
        )
    };
    let flanked = |specials: Value| {
        let middle = creature("middle", json!({ "specials": specials }));
        let s = scenario(
            room(&["ABA"]),
            vec![("a", vec![ally(), ally()]), ("b", vec![middle])],
            1,
        );
        let mut out = false;
        with_fight(&s, |f| out = f.flanked(0, 2));
        out
    };
    assert!(flanked(json!([])));
    assert!(!flanked(json!([{ "rule": "all_around_vision" }])));
}

#[test]
fn staggered_zombie_starts_every_fight_staggered() {
    let zombie = monster(
        "zombie_human",
        include_str!("../../../../../data/monsters/zombie_human.json"),
    );
    assert!(
        zombie
            .start_conditions()
            .iter()
            .any(|c| c.condition == Condition::Staggered)
    );
    assert!(
        zombie
            .feature_uses()
            .all(|(_, u)| u != FeatureUse::Unmodelled)
    );
}

fn elephant() -> Combatant {
    monster(
        "elephant",
        include_str!("../../../../../data/monsters/elephant.json"),
    )
}

/// The elephant (Huge, 3×3) three squares from two heroes standing one above the other, open
/// ground beyond them.
fn trample_field() -> crate::scenario::Scenario {
    let hero = || creature("hero", json!({ "hp_max": 40 }));
    scenario(
        room(&["AAA.B....", "AAA.B....", "AAA......"]),
        vec![("a", vec![elephant()]), ("b", vec![hero(), hero()])],
        1,
    )
}

#[test]
fn trample_moves_over_smaller_foes_each_saving_for_half() {
    let s = trample_field();
    let plans = Plans::new()
        .idle(&[1, 2])
        .fixed(0, &[Action::Trample { target: target(1) }]);
    // hero fails its Reflex save (2d8=4+4, +15); hero-2 saves on a natural 20 (2d8=5+5,
    // +15, halved).
    let p = play_with(
        &s,
        &plans,
        &[
            (20, 20),
            (20, 1),
            (20, 1),
            (20, 2),
            (8, 4),
            (8, 4),
            (20, 20),
            (8, 5),
            (8, 5),
        ],
    );
    let said = p.said_by("elephant");
    assert_eq!(
        said,
        [
            "tramples (0,0)->(0,5)",
            "trample vs hero: Ref DC 25 d20=2+0=2 fails, 2d8+15=23: 23 dmg (hero hp 40 -> 17)",
            "trample vs hero-2: Ref DC 25 d20=20+0=20 saves, half, 2d8+15=25: 12 dmg \
             (hero-2 hp 40 -> 28)",
        ],
        "{:#?}",
        p.render()
    );
    assert_eq!(p.positions[0], crate::board::Pos::new(0, 5));
}

#[test]
fn trample_is_stopped_by_a_foe_its_size_and_refused() {
    let s = scenario(
        room(&["AAA.BBB..", "AAA.BBB..", "AAA.BBB.."]),
        vec![("a", vec![elephant()]), ("b", vec![elephant()])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Trample { target: target(1) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1)]);
    assert_eq!(p.count("tramples"), 0, "{:#?}", p.render());
}

#[test]
fn trample_is_the_default_policy_s_choice_over_two_foes() {
    let words = |_: &crate::fight::View<'_>, a: Action| a.kind().to_string();
    let s = trample_field();
    assert_eq!(decide_with(&s, 0, |_| {}, words), ["trample"]);
    // A lone foe in reach: the full attack.
    let hero = creature("hero", json!({ "hp_max": 40 }));
    let s = scenario(
        room(&["AAAB", "AAA.", "AAA."]),
        vec![("a", vec![elephant()]), ("b", vec![hero])],
        1,
    );
    let plan = decide_with(&s, 0, |_| {}, words);
    assert!(!plan.contains(&"trample".to_string()), "{plan:?}");
}

#[test]
fn pounce_makes_the_default_policy_charge_rather_than_walk_in_for_one_attack() {
    // A cat with two claws and a sling, six squares from its foe: closing beats shooting;
    // without pounce it walks into reach and strikes once, with pounce it charges.
    let words = |_: &crate::fight::View<'_>, a: Action| a.kind().to_string();
    let cat = |specials: Value| {
        let sling = json!({ "name": "sling", "kind": "ranged", "attack_bonus": 0,
            "range_increment_ft": 50, "damage": [{ "formula": "1", "types": ["bludgeoning"] }] });
        creature(
            "cat",
            json!({ "attacks": [natural("claw", "1d6", 2, &["slashing"]), sling],
                    "specials": specials }),
        )
    };
    let field = |c: Combatant| {
        scenario(
            room(&["A.....B"]),
            vec![("a", vec![c]), ("b", vec![victim(40)])],
            1,
        )
    };
    let pounces = decide_with(&field(cat(json!([{ "rule": "pounce" }]))), 0, |_| {}, words);
    assert_eq!(pounces, ["charge"]);
    let plain = decide_with(&field(cat(json!([]))), 0, |_| {}, words);
    assert_eq!(plain, ["approach", "attack"]);
}

#[test]
fn hydra_heads_set_its_fast_healing_at_least_the_file_s_minimum() {
    // Seven heads: fast healing 7 (the file's 5 is the minimum).
    let club = creature(
        "hero",
        json!({ "hp_max": 200, "attacks": [melee("club", 10, "10", &["bludgeoning"])] }),
    );
    let mut h =
        serde_json::from_str::<Value>(include_str!("../../../../../data/monsters/hydra.json"))
            .unwrap();
    h["attacks"][0]["count"] = json!(7);
    let seven = parse_combatant("hydra", &h.to_string()).unwrap();
    let hit = |target| Action::Attack { target };
    let p = fixed_duel(
        (club, seven),
        &["ABBB", ".BBB", ".BBB"],
        1,
        hit,
        &[(20, 20), (20, 1), (20, 15)],
    );
    assert_eq!(p.said_by("hydra"), ["fast healing 7: hp 37 -> 44"]);
}

#[test]
fn knockout_poison_of_the_drow_noble_puts_a_failed_save_unconscious_while_doses_last() {
    let drow = monster(
        "drow_noble",
        include_str!("../../../../../data/monsters/drow_noble.json"),
    );
    let entry = drow.specials().iter().find_map(|e| match e.special {
        crate::model::Special::KnockoutPoison { dc, amount, .. } => Some((dc, amount)),
        _ => None,
    });
    assert_eq!(entry, Some((13, 4)));
    assert!(
        drow.feature_uses()
            .any(|(l, u)| l.starts_with("Drow Poison") && u != FeatureUse::Unmodelled)
    );
    // A fixture archer with two doses: a failed save, a success, then no dose left.
    let archer = creature(
        "archer",
        json!({ "attacks": [bow(10, 30)],
                "specials": [{ "rule": "knockout_poison", "attack": "bow", "dc": 13,
                               "duration": "10", "amount": 2 }] }),
    );
    let shoot = |target| Action::Attack { target };
    let p = fixed_duel(
        (archer, victim(60)),
        &["A...B"],
        3,
        shoot,
        &[
            (20, 20),
            (20, 1),
            (20, 15),
            (6, 1),
            (20, 2),
            (20, 15),
            (6, 1),
            (20, 19),
            (20, 15),
            (6, 1),
        ],
    );
    let poison: Vec<&str> = (p.said_by("archer").into_iter())
        .filter(|l| l.starts_with("knockout"))
        .collect();
    assert_eq!(
        poison,
        [
            "knockout poison vs victim: Fort DC 13 d20=2+0=2 fails -> unconscious for 10 rounds \
             (1 doses left)",
            "knockout poison vs victim: Fort DC 13 d20=19+0=19 saves (0 doses left)",
        ],
        "{:#?}",
        p.render()
    );
}

/// A blurred hero (Stealth +10) hiding next to a foe, with `features` for the foe; the foe
/// plays the default policy.
fn hidden_next_to(features: Value, script: &[(u32, u32)]) -> Played {
    let hero = creature(
        "hero",
        json!({ "skills": { "stealth": { "total": 10 } }, "attacks": [sword(0)],
                "conditions": ["blurred"] }),
    );
    let foe = creature(
        "foe",
        json!({ "attacks": [sword(0)], "features": features }),
    );
    let s = scenario(room(&["AB"]), vec![("a", vec![hero]), ("b", vec![foe])], 1);
    let plans = Plans::new().fixed(0, &[Action::Hide]);
    let mut rolls = vec![(20, 20), (20, 10)];
    rolls.extend_from_slice(script);
    play_with(&s, &plans, &rolls)
}

#[test]
fn scent_pinpoints_a_hidden_creature_within_5_feet() {
    // Without scent the foe cannot attack the hero it does not notice.
    let p = hidden_next_to(json!([]), &[(20, 10), (20, 5)]);
    assert_eq!(p.said_by("foe"), Vec::<&str>::new(), "{:#?}", p.render());
    // With scent it smells the hero next to it and strikes (the blur's 20 % still counts).
    let p = hidden_next_to(
        json!(["Scent"]),
        &[(20, 10), (20, 5), (20, 15), (100, 50), (6, 4)],
    );
    assert_eq!(
        p.said_by("foe"),
        [
            "sword vs hero d20=15+0=15 AC 10 -> HIT (concealment 20% d100=50) 4 dmg (hero hp 20 -> 16)"
        ],
        "{:#?}",
        p.render()
    );
}
