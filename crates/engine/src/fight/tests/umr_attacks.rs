//! Rule tests of the attack-shaped Universal Monster Rules (Bestiary — « Rend », « Pounce »,
//! « Rake », « Powerful Charge », « Energy Drain », « Disease », hydra « Hydra Traits » and
//! « Regenerate Head », « Rock Throwing », « Rock Catching », « All-Around Vision », the
//! zombie's « Staggered »): tiny fights with scripted dice, with fixture creatures and the
//! monsters of `data/monsters/`.

use serde_json::{Value, json};

use crate::fight::{Action, UnitId};
use crate::model::{Combatant, FeatureUse, parse_combatant};
use crate::rules::Condition;

use super::support::*;

fn monster(file: &str, text: &str) -> Combatant {
    parse_combatant(file, text).unwrap()
}

fn target(u: usize) -> UnitId {
    UnitId::new(u)
}

/// A victim with `hp` hit points and AC 10 that never acts.
fn victim(hp: i32) -> Combatant {
    creature("victim", json!({ "hp_max": hp, "level": 5 }))
}

/// A natural attack `name` of flat damage `damage` (no die), `count` swings.
fn natural(name: &str, damage: &str, count: u32, types: &[&str]) -> Value {
    json!({ "name": name, "kind": "melee", "attack_bonus": 0, "natural": true, "count": count,
            "damage": [{ "formula": damage, "types": types }] })
}

#[test]
fn rend_deals_its_damage_once_when_both_claws_hit_one_target() {
    let ripper = creature(
        "ripper",
        json!({ "attacks": [natural("claw", "1", 2, &["slashing"])],
                "specials": [{ "rule": "rend", "attack": "claw", "damage": "1d6+7" }] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![ripper]), ("b", vec![victim(40)])],
        2,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::FullAttack { target: target(1) }]);
    // Round 1: both claws hit, rend 1d6=3 +7; round 2: one claw misses, no rend.
    let p = play_with(
        &s,
        &plans,
        &[
            (20, 20),
            (20, 1),
            (20, 15),
            (20, 15),
            (6, 3),
            (20, 15),
            (20, 2),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: ripper d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | ripper | claw vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 40 -> 39)",
        "1 | ripper | claw vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 39 -> 38)",
        "1 | ripper | rend 1d6+7=10 vs victim: 10 dmg (victim hp 38 -> 28)",
        "2 | ripper | claw vs victim d20=15+0=15 AC 10 -> HIT 1 dmg (victim hp 28 -> 27)",
        "2 | ripper | claw vs victim d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn rend_of_the_troll_file_is_two_claws_1d6_plus_7() {
    let troll = monster(
        "troll",
        include_str!("../../../../../data/monsters/troll.json"),
    );
    let rend = troll.specials().iter().find_map(|e| match e.special {
        crate::model::Special::Rend { attack, damage } => Some((attack, damage.to_string())),
        _ => None,
    });
    assert_eq!(rend, Some((1, "1d6+7".to_string())));
    assert!(
        troll
            .feature_uses()
            .all(|(line, u)| u != FeatureUse::Unmodelled || line == "Scent"),
        "{:?}",
        troll.feature_uses().collect::<Vec<_>>()
    );
}

/// A charger with `specials` and two claws (flat 1) plus `more` attacks, 3 squares from an
/// idle victim.
fn charge_fight(specials: Value, more: &[Value], script: &[(u32, u32)]) -> Played {
    let mut attacks = vec![natural("claw", "1", 2, &["slashing"])];
    attacks.extend_from_slice(more);
    let charger = creature(
        "cat",
        json!({ "attacks": attacks, "specials": specials, "bab": 6 }),
    );
    let s = scenario(
        room(&["A...B"]),
        vec![("a", vec![charger]), ("b", vec![victim(40)])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Charge { target: target(1) }]);
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, &plans, &rolls)
}

#[test]
fn pounce_makes_a_full_attack_at_plus_2_after_a_charge() {
    let p = charge_fight(json!([{ "rule": "pounce" }]), &[], &[(20, 15), (20, 15)]);
    assert_eq!(
        p.said_by("cat")[1..],
        [
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 40 -> 39)",
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 39 -> 38)",
        ],
        "{:?}",
        p.render()
    );
    // Without pounce: one attack.
    let p = charge_fight(json!([]), &[], &[(20, 15)]);
    assert_eq!(p.count("claw vs victim"), 1, "{:?}", p.render());
}

#[test]
fn powerful_charge_replaces_the_charging_attack_s_damage() {
    let specials = json!([{ "rule": "powerful_charge", "attack": "claw", "damage": "2d6+4" }]);
    let p = charge_fight(specials, &[], &[(20, 15), (6, 2), (6, 3)]);
    assert_eq!(
        p.said_by("cat")[1..],
        ["claw vs victim d20=15+2=17 AC 10 -> HIT 9 dmg (victim hp 40 -> 31)"],
        "{:?}",
        p.render()
    );
}

#[test]
fn rake_attacks_come_with_a_pounce_and_never_as_ordinary_attacks() {
    let rake = natural("rake", "2", 2, &["slashing"]);
    let specials = json!([{ "rule": "pounce" }, { "rule": "rake", "attack": "rake" }]);
    let p = charge_fight(
        specials,
        std::slice::from_ref(&rake),
        &[(20, 15), (20, 15), (20, 15), (20, 15)],
    );
    let said = p.said_by("cat");
    assert_eq!(
        said[1..],
        [
            "rake vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 40 -> 38)",
            "rake vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 38 -> 36)",
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 36 -> 35)",
            "claw vs victim d20=15+2=17 AC 10 -> HIT 1 dmg (victim hp 35 -> 34)",
        ],
        "{:?}",
        p.render()
    );
    // A full attack on a foe it does not hold: the claws only.
    let cat = creature(
        "cat",
        json!({ "attacks": [natural("claw", "1", 2, &["slashing"]), rake],
                "specials": [{ "rule": "rake", "attack": "rake" }] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![cat]), ("b", vec![victim(40)])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::FullAttack { target: target(1) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1), (20, 15), (20, 15)]);
    assert_eq!(p.count("rake vs"), 0);
    assert_eq!(p.count("claw vs"), 2);
}

#[test]
fn energy_drain_bestows_negative_levels_minus_5_hp_and_minus_1_on_attacks() {
    let wight = creature(
        "wight",
        json!({ "attacks": [natural("slam", "1", 1, &["bludgeoning"])],
                "specials": [{ "rule": "energy_drain", "attack": "slam", "amount": 1 }] }),
    );
    let hero = creature(
        "hero",
        json!({ "hp_max": 30, "level": 3, "attacks": [melee("club", 0, "1", &["bludgeoning"])] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![wight]), ("b", vec![hero])],
        1,
    );
    let plans = Plans::new()
        .fixed(0, &[Action::Attack { target: target(1) }])
        .fixed(1, &[Action::Attack { target: target(0) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1), (20, 15), (20, 15)]);
    p.assert_log(&[
        "- | - | initiative: wight d20=20+0=20",
        "- | - | initiative: hero d20=1+0=1",
        "1 | wight | slam vs hero d20=15+0=15 AC 10 -> HIT 1 dmg (hero hp 30 -> 29)",
        "1 | wight | energy drain vs hero: 1 negative levels (1 in all, hp 24)",
        // The wight's 5 temporary hit points take the blow.
        "1 | hero | club vs wight d20=15-1=14 AC 10 -> HIT 0 dmg (wight hp 20 -> 20)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn energy_drain_slays_at_as_many_negative_levels_as_hit_dice() {
    let wight = creature(
        "wight",
        json!({ "attacks": [natural("slam", "1", 1, &["bludgeoning"])],
                "specials": [{ "rule": "energy_drain", "attack": "slam", "amount": 2 }] }),
    );
    let hero = creature("hero", json!({ "hp_max": 30, "level": 2 }));
    let p = duel(wight, hero, 1, &[(20, 15)]);
    assert_eq!(
        p.said_by("wight")[1],
        "energy drain vs hero: 2 negative levels (2 in all, hp 19), slain"
    );
    assert_eq!(p.tally.units[1].killed, 1);
}

#[test]
fn disease_is_recorded_without_effect_in_a_fight() {
    for (file, text) in [
        (
            "dire_rat",
            include_str!("../../../../../data/monsters/dire_rat.json"),
        ),
        (
            "ghoul",
            include_str!("../../../../../data/monsters/ghoul.json"),
        ),
    ] {
        let c = monster(file, text);
        let disease = c.feature_uses().find(|(l, _)| l.starts_with("Disease"));
        assert_eq!(
            disease.map(|(_, u)| u),
            Some(FeatureUse::Special(crate::model::SpecialRule::Disease)),
            "{file}"
        );
    }
}

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
    let s = scenario(
        room(&["ABBB", ".BBB", ".BBB"]),
        vec![("a", vec![torch]), ("b", vec![one_head])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Attack { target: target(1) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1), (20, 15)]);
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
    let s = scenario(
        room(&["ABBB", ".BBB", ".BBB"]),
        vec![("a", vec![club]), ("b", vec![seven])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Attack { target: target(1) }]);
    let p = play_with(&s, &plans, &[(20, 20), (20, 1), (20, 15)]);
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
    let s = scenario(
        room(&["A...B"]),
        vec![("a", vec![archer]), ("b", vec![victim(60)])],
        3,
    );
    let plans = Plans::new()
        .idle(&[1])
        .fixed(0, &[Action::Attack { target: target(1) }]);
    let p = play_with(
        &s,
        &plans,
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
