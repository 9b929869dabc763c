//! Rule tests of special abilities (Bestiary — Universal Monster Rules « Regeneration »,
//! « Fast Healing », « Ferocity », « Grab », « Trip »): tiny fights with scripted dice that pin
//! the exact log lines, with the troll, orc and wolf of `data/monsters/`.

use serde_json::json;

use crate::fight::{Action, UnitId};
use crate::model::{Combatant, parse_combatant};
use crate::play::run_range;
use crate::rng::Seed;
use crate::tally::Tally;

use super::support::*;

fn troll() -> Combatant {
    parse_combatant(
        "troll",
        include_str!("../../../../../data/monsters/troll.json"),
    )
    .unwrap()
}

fn orc() -> Combatant {
    parse_combatant("orc", include_str!("../../../../../data/monsters/orc.json")).unwrap()
}

fn wolf() -> Combatant {
    parse_combatant(
        "wolf",
        include_str!("../../../../../data/monsters/wolf.json"),
    )
    .unwrap()
}

/// A hero whose `weapon` always deals `damage` of `types` (a flat formula: no die rolled).
fn hero(name: &str, damage: u32, types: &[&str]) -> Combatant {
    let formula = damage.to_string();
    creature(
        name,
        json!({ "attacks": [melee("club", 0, &formula, types)] }),
    )
}

/// An idle creature nobody can hit, keeping its side in the fight.
fn buddy() -> Combatant {
    creature(
        "buddy",
        json!({ "ac": { "total": 50, "touch": 50, "flat_footed": 50 } }),
    )
}

/// Heroes `a` at (0,0) and (1,0) against the troll (anchored at (0,1), 2×2) and an idle buddy
/// at (1,3); the troll and the buddy idle, every hero attacks the troll each turn.
/// Initiative: the heroes 20 and 19, the troll 1 (+2), the buddy 1.
fn against_troll(heroes: Vec<Combatant>, rounds: u32, script: &[(u32, u32)]) -> Played {
    let n = heroes.len();
    let s = scenario(
        room(&["ABB.", "ABBB"]),
        vec![("a", heroes), ("b", vec![troll(), buddy()])],
        rounds,
    );
    let troll_id = UnitId::new(n);
    let mut plans = Plans::new().idle(&[n, n + 1]);
    for h in 0..n {
        plans = plans.fixed(h, &[Action::Attack { target: troll_id }]);
    }
    let mut rolls: Vec<(u32, u32)> = (0..n).map(|h| (20, 20 - h as u32)).collect();
    rolls.extend([(20, 1), (20, 1)]);
    rolls.extend_from_slice(script);
    play_with(&s, &plans, &rolls)
}

#[test]
fn regeneration_keeps_the_troll_alive_against_swords() {
    // 100 slashing: the troll falls far below −23 (its Con) and does not die; it regenerates 5
    // at the start of each of its turns and rolls to stabilize as usual, never dying of it.
    let p = against_troll(
        vec![hero("hero", 100, &["slashing"])],
        2,
        &[(20, 19), (20, 1), (20, 19)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: troll d20=1+2=3",
        "- | - | initiative: buddy d20=1+0=1",
        "1 | hero | club vs troll d20=19+0=19 AC 16 -> HIT 100 dmg (troll hp 63 -> -37, dying)",
        "1 | troll | regeneration 5: hp -37 -> -32",
        "1 | troll | stabilize d20=1+6-32=-25 DC 10 -> fails, hp -32 -> -33",
        "2 | troll | regeneration 5: hp -33 -> -28",
        "2 | troll | stabilize d20=19+6-28=-3 DC 10 -> fails, hp -28 -> -29",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    assert_eq!((p.tally.units[1].downed, p.tally.units[1].killed), (1, 0));
    assert_eq!(p.tally.units[1].healing_done, 10);
}

#[test]
fn regeneration_stops_after_fire_and_the_troll_dies() {
    // One point of fire first: the next blow that takes it to −Con or below kills it.
    let p = against_troll(
        vec![
            hero("torch", 1, &["fire"]),
            hero("hero", 100, &["slashing"]),
        ],
        1,
        &[(20, 19), (20, 19)],
    );
    p.assert_log(&[
        "- | - | initiative: torch d20=20+0=20",
        "- | - | initiative: hero d20=19+0=19",
        "- | - | initiative: troll d20=1+2=3",
        "- | - | initiative: buddy d20=1+0=1",
        "1 | torch | club vs troll d20=19+0=19 AC 16 -> HIT 1 dmg (troll hp 63 -> 62)",
        "1 | hero | club vs troll d20=19+0=19 AC 16 -> HIT 100 dmg (troll hp 62 -> -38, dead)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    assert_eq!(p.tally.units[2].killed, 1);
    // Fire alone kills as well.
    let p = against_troll(vec![hero("torch", 100, &["fire"])], 1, &[(20, 19)]);
    assert_eq!(
        p.said_by("torch"),
        ["club vs troll d20=19+0=19 AC 16 -> HIT 100 dmg (troll hp 63 -> -37, dead)"]
    );
}

#[test]
fn regeneration_does_not_heal_through_the_round_after_fire() {
    let p = against_troll(
        vec![hero("torch", 10, &["fire"])],
        3,
        &[(20, 19), (20, 2), (20, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: torch d20=20+0=20",
        "- | - | initiative: troll d20=1+2=3",
        "- | - | initiative: buddy d20=1+0=1",
        "1 | torch | club vs troll d20=19+0=19 AC 16 -> HIT 10 dmg (troll hp 63 -> 53)",
        "1 | troll | regeneration stopped this round (hp 53)",
        "2 | torch | club vs troll d20=2+0=2 AC 16 -> MISS",
        "2 | troll | regeneration stopped this round (hp 53)",
        "3 | torch | club vs troll d20=2+0=2 AC 16 -> MISS",
        "3 | troll | regeneration 5: hp 53 -> 58",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

/// Four strong sword fighters (with a flaming edge when `fire`) against the troll of
/// `data/monsters/troll.json`, default policy on both sides.
fn troll_hunt(fire: bool) -> Tally {
    let mut damage = vec![json!({ "formula": "3d6", "types": ["slashing"] })];
    if fire {
        damage.push(json!({ "formula": "1d6", "types": ["fire"] }));
    }
    let fighter = creature(
        "fighter",
        json!({
            "hp_max": 80, "bab": 6,
            "ac": { "total": 20, "touch": 12, "flat_footed": 18 },
            "attacks": [{ "name": "sword", "kind": "melee", "attack_bonus": 12,
                          "damage": damage, "damage_bonus": 30 }]
        }),
    );
    let s = scenario(
        room(&["AA..BB", "AA..BB", "......"]),
        vec![("a", vec![fighter; 4]), ("b", vec![troll()])],
        20,
    );
    run_range(&s, Seed(1), 0..200)
}

#[test]
fn a_troll_is_never_killed_by_swords_alone_and_dies_to_fire() {
    let swords = troll_hunt(false);
    assert_eq!(swords.units[4].killed, 0);
    assert!(swords.units[4].downed > 150, "{:?}", swords.units[4]);
    let fire = troll_hunt(true);
    assert!(fire.units[4].killed > 20, "{:?}", fire.units[4]);
}

#[test]
fn fast_healing_heals_at_negative_hit_points_and_stops_at_death() {
    let imp = creature(
        "imp",
        json!({ "hp_max": 10, "specials": [{ "rule": "fast_healing", "amount": 2 }] }),
    );
    let s = scenario(
        room(&["AB", ".B"]),
        vec![
            ("a", vec![hero("hero", 12, &["slashing"])]),
            ("b", vec![imp, buddy()]),
        ],
        2,
    );
    let plans = Plans::new().idle(&[1, 2]).fixed(
        0,
        &[Action::Attack {
            target: UnitId::new(1),
        }],
    );
    let p = play_with(
        &s,
        &plans,
        &[(20, 20), (20, 1), (20, 1), (20, 15), (20, 15)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: imp d20=1+0=1",
        "- | - | initiative: buddy d20=1+0=1",
        "1 | hero | club vs imp d20=15+0=15 AC 10 -> HIT 12 dmg (imp hp 10 -> -2, dying)",
        "1 | imp | fast healing 2: hp -2 -> 0",
        "2 | hero | club vs imp d20=15+0=15 AC 10 -> HIT 12 dmg (imp hp 0 -> -12, dead)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn ferocity_keeps_the_orc_fighting_staggered_below_zero_until_minus_con() {
    // The orc of data/monsters/orc.json: Con 12.
    let p = duel(
        hero("hero", 8, &["slashing"]),
        orc(),
        2,
        &[(20, 15), (20, 15)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: orc d20=1+0=1",
        "1 | hero | club vs orc d20=15+0=15 AC 13 -> HIT 8 dmg (orc hp 6 -> -2, staggered)",
        "1 | orc | loses 1 hp (ferocity): hp -2 -> -3",
        "2 | hero | club vs orc d20=15+0=15 AC 13 -> HIT 8 dmg (orc hp -3 -> -11, staggered)",
        "2 | orc | loses 1 hp (ferocity): hp -11 -> -12, dead",
        "- | - | battle over: a win in 2 rounds",
    ]);
    assert_eq!((p.tally.units[1].downed, p.tally.units[1].killed), (1, 1));
}

#[test]
fn ferocity_lets_the_orc_attack_below_zero_without_a_hit_point_cost() {
    // Below 0 the orc still acts (staggered: one move or standard action) and its attack
    // costs no hit point (only a disabled creature at exactly 0 strains).
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![hero("hero", 8, &["slashing"])]),
            ("b", vec![orc()]),
        ],
        1,
    );
    let p = play(&s, &[(20, 20), (20, 1), (20, 15), (20, 5), (4, 1), (4, 1)]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: orc d20=1+0=1",
        "1 | hero | club vs orc d20=15+0=15 AC 13 -> HIT 8 dmg (orc hp 6 -> -2, staggered)",
        "1 | orc | loses 1 hp (ferocity): hp -2 -> -3",
        "1 | orc | falchion vs hero d20=5+5=10 AC 10 -> HIT 6 dmg (hero hp 20 -> 14)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn trip_on_a_bite_hit_is_a_free_trip_without_backlash() {
    let duel_wolf = |cmd: i64, script: &[(u32, u32)]| {
        let victim = creature("victim", json!({ "cmd": cmd }));
        let s = scenario(
            room(&["AB"]),
            vec![("a", vec![wolf()]), ("b", vec![victim])],
            1,
        );
        play_with(&s, &Plans::new().idle(&[1]), script)
    };
    let p = duel_wolf(11, &[(20, 20), (20, 1), (20, 15), (6, 3), (20, 15)]);
    p.assert_log(&[
        "- | - | initiative: wolf d20=20+2=22",
        "- | - | initiative: victim d20=1+0=1",
        "1 | wolf | bite vs victim d20=15+2=17 AC 10 -> HIT 4 dmg (victim hp 20 -> 16)",
        "1 | wolf | trip vs victim: d20=15+2=17 vs CMD 11 -> SUCCESS",
        "1 | wolf | victim is knocked prone",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // Failing by 10 or more does not trip the wolf (« not tripped in return »).
    let p = duel_wolf(30, &[(20, 20), (20, 1), (20, 15), (6, 3), (20, 2)]);
    assert_eq!(
        p.said_by("wolf"),
        [
            "bite vs victim d20=15+2=17 AC 10 -> HIT 4 dmg (victim hp 20 -> 16)",
            "trip vs victim: d20=2+2=4 vs CMD 30 -> FAILED",
        ]
    );
}

#[test]
fn grab_on_a_hit_is_a_free_grapple_at_plus_4() {
    let grabber = creature(
        "grabber",
        json!({
            "cmb": 2,
            "attacks": [melee("bite", 2, "1d6", &["piercing"]) ],
            "features": ["Grab (bite)"],
            "specials": [{ "rule": "grab", "attack": "bite" }]
        }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![
            ("a", vec![grabber]),
            ("b", vec![creature("victim", json!({ "cmd": 15 }))]),
        ],
        1,
    );
    let p = play_with(
        &s,
        &Plans::new().idle(&[1]),
        &[(20, 20), (20, 1), (20, 15), (6, 3), (20, 10)],
    );
    // The grab's check: d20 + CMB 2 + 4.
    p.assert_log(&[
        "- | - | initiative: grabber d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | grabber | bite vs victim d20=15+2=17 AC 10 -> HIT 3 dmg (victim hp 20 -> 17)",
        "1 | grabber | grapple vs victim: d20=10+6=16 vs CMD 15 -> SUCCESS",
        "1 | grabber | grabber grapples victim",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn a_material_or_alignment_bypass_is_carried_by_the_weapon_tags() {
    // Regeneration stopped by good (a devil's): a good-aligned blade's slashing hit kills at
    // −Con, a plain blade's does not.
    let fiend = || {
        creature(
            "fiend",
            json!({ "hp_max": 10,
                    "specials": [{ "rule": "regeneration", "amount": 5, "bypass": ["good"] }] }),
        )
    };
    let holy = duel(
        hero("hero", 30, &["slashing", "good"]),
        fiend(),
        1,
        &[(20, 15)],
    );
    assert_eq!(
        holy.said_by("hero"),
        ["club vs fiend d20=15+0=15 AC 10 -> HIT 30 dmg (fiend hp 10 -> -20, dead)"]
    );
    let plain = duel(hero("hero", 30, &["slashing"]), fiend(), 1, &[(20, 15)]);
    assert_eq!(
        plain.said_by("hero"),
        ["club vs fiend d20=15+0=15 AC 10 -> HIT 30 dmg (fiend hp 10 -> -20, dying)"]
    );
}

#[test]
fn grab_works_only_against_a_creature_of_its_size_or_smaller() {
    let grabber = creature(
        "grabber",
        json!({
            "size": "Small",
            "attacks": [melee("bite", 2, "1d6", &["piercing"])],
            "specials": [{ "rule": "grab", "attack": "bite" }]
        }),
    );
    let p = duel(
        grabber,
        creature("victim", json!({})),
        1,
        &[(20, 15), (6, 3)],
    );
    assert_eq!(
        p.said_by("grabber"),
        [
            "bite vs victim d20=15+2=17 AC 10 -> HIT 3 dmg (victim hp 20 -> 17)",
            "grab: victim is too large"
        ]
    );
}

fn monster(file: &str, text: &str) -> Combatant {
    parse_combatant(file, text).unwrap()
}

fn ghoul() -> Combatant {
    monster(
        "ghoul",
        include_str!("../../../../../data/monsters/ghoul.json"),
    )
}

#[test]
fn paralysis_on_a_failed_fortitude_save_for_the_rolled_rounds() {
    // The ghoul of data/monsters/ghoul.json: bite and claws « plus paralysis », DC 13,
    // 1d4+1 rounds. Paralyzed, the victim is helpless: AC 10 − 5, +4 on melee attacks.
    let p = duel(
        ghoul(),
        creature("victim", json!({ "hp_max": 40 })),
        1,
        &[(20, 15), (6, 3), (20, 5), (4, 2), (20, 1), (20, 1)],
    );
    p.assert_log(&[
        "- | - | initiative: ghoul d20=20+2=22",
        "- | - | initiative: victim d20=1+0=1",
        "1 | ghoul | bite vs victim d20=15+3=18 AC 10 -> HIT 4 dmg (victim hp 40 -> 36)",
        "1 | ghoul | paralysis vs victim: Fort DC 13 d20=5+0=5 fails -> paralyzed for 3 rounds",
        "1 | ghoul | claw vs victim d20=1+7=8 AC 5 -> MISS",
        "1 | ghoul | claw vs victim d20=1+7=8 AC 5 -> MISS",
        "1 | victim | paralyzed: loses its turn",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    // A save at the DC resists it; an elf is immune (no save rolled).
    let p = duel(
        ghoul(),
        creature(
            "victim",
            json!({ "hp_max": 40, "saves": { "fort": 3, "ref": 0, "will": 0 } }),
        ),
        1,
        &[(20, 15), (6, 3), (20, 10), (20, 1), (20, 1)],
    );
    assert_eq!(
        p.said_by("ghoul")[1],
        "paralysis vs victim: Fort DC 13 d20=10+3=13 saves"
    );
    let elf = creature("victim", json!({ "hp_max": 40, "subtypes": ["elf"] }));
    let p = duel(ghoul(), elf, 1, &[(20, 15), (6, 3), (20, 1), (20, 1)]);
    assert_eq!(p.said_by("ghoul")[1], "paralysis: victim is immune");
}

/// A creature with one bite `+2 1d4` carrying the `specials` entry `rider`.
fn biter(rider: serde_json::Value) -> Combatant {
    let mut entry = rider;
    entry["attack"] = json!("bite");
    creature(
        "biter",
        json!({ "attacks": [melee("bite", 2, "1d4", &["piercing"])], "specials": [entry] }),
    )
}

#[test]
fn paralysis_ends_after_its_rounds_and_a_permanent_one_lasts_the_fight() {
    let once = biter(json!({ "rule": "paralysis", "dc": 13, "duration": "1" }));
    let p = duel(
        once,
        creature("victim", json!({})),
        2,
        &[(20, 15), (4, 2), (20, 5), (20, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: biter d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | biter | bite vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 20 -> 18)",
        "1 | biter | paralysis vs victim: Fort DC 13 d20=5+0=5 fails -> paralyzed for 1 rounds",
        "1 | victim | paralyzed: loses its turn",
        "1 | victim | paralyzed ends",
        "2 | biter | bite vs victim d20=2+2=4 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    // The lich's paralyzing touch: « permanently paralyzed ».
    let touch = biter(json!({ "rule": "paralysis", "dc": 18, "duration": "permanent" }));
    let p = duel(
        touch,
        creature("victim", json!({})),
        1,
        &[(20, 15), (4, 2), (20, 5)],
    );
    assert_eq!(
        p.said_by("biter")[1],
        "paralysis vs victim: Fort DC 18 d20=5+0=5 fails -> paralyzed for the rest of the fight"
    );
    assert_eq!(p.said_by("victim"), ["paralyzed: loses its turn"]);
}

#[test]
fn poison_deals_ability_damage_each_round_until_a_save_cures_it() {
    // The imp's sting (data/monsters/imp.json) on a plain biter: Fort DC 13, 1d2 Dex,
    // 1/round for 3 rounds, cure 1 save. Dex 10 − 3 = 7: −2 AC.
    let stinger = biter(json!({ "rule": "poison", "dc": 13, "ability": "dex",
                                "damage": "1d2", "frequency": 3, "cure": 1 }));
    let p = duel(
        stinger,
        creature("victim", json!({})),
        2,
        &[
            (20, 15),
            (4, 2),
            (20, 5),
            (2, 2),
            (20, 5),
            (2, 1),
            (20, 2),
            (20, 15),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: biter d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | biter | bite vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 20 -> 18)",
        "1 | biter | poison vs victim: Fort DC 13 d20=5+0=5 fails -> 2 dex damage",
        "1 | victim | poison: Fort DC 13 d20=5+0=5 fails -> 1 dex damage",
        "2 | biter | bite vs victim d20=2+2=4 AC 8 -> MISS",
        "2 | victim | poison: Fort DC 13 d20=15+0=15 saves -> cured",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn poison_strength_damage_lowers_melee_attack_and_ends_after_its_frequency() {
    // 2 Str damage (Str 10 → 8: −1 melee attack and damage) for 2 rounds in all; a creature
    // immune to poison is spared.
    let stinger = || {
        biter(json!({ "rule": "poison", "dc": 13, "ability": "str",
                      "damage": "2", "frequency": 2, "cure": 1 }))
    };
    let victim = creature(
        "victim",
        json!({ "attacks": [melee("club", 0, "1d6", &["bludgeoning"])] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![stinger()]), ("b", vec![victim])],
        1,
    );
    let p = play(
        &s,
        &[
            (20, 20),
            (20, 1),
            (20, 15),
            (4, 2),
            (20, 5),
            (20, 5),
            (20, 15),
            (6, 4),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: biter d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | biter | bite vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 20 -> 18)",
        "1 | biter | poison vs victim: Fort DC 13 d20=5+0=5 fails -> 2 str damage",
        "1 | victim | poison: Fort DC 13 d20=5+0=5 fails -> 2 str damage, the poison ends",
        "1 | victim | club vs biter d20=15-2=13 AC 10 -> HIT 2 dmg (biter hp 20 -> 18)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    let immune = creature("victim", json!({ "immunities": ["poison"] }));
    let p = duel(stinger(), immune, 1, &[(20, 15), (4, 2)]);
    assert_eq!(p.said_by("biter")[1], "poison: victim is immune");
}

#[test]
fn bleed_on_a_hit_bleeds_at_the_start_of_each_turn_the_larger_bleed_counting() {
    let bleeder = biter(json!({ "rule": "bleed", "amount": 2 }));
    let p = duel(
        bleeder,
        creature("victim", json!({})),
        2,
        &[(20, 15), (4, 2), (20, 15), (4, 3)],
    );
    // A second bleed of the same amount does not stack.
    p.assert_log(&[
        "- | - | initiative: biter d20=20+0=20",
        "- | - | initiative: victim d20=1+0=1",
        "1 | biter | bite vs victim d20=15+2=17 AC 10 -> HIT 2 dmg (victim hp 20 -> 18)",
        "1 | biter | bleed: victim bleeds 2 a round",
        "1 | victim | bleeds 2: hp 18 -> 16",
        "2 | biter | bite vs victim d20=15+2=17 AC 10 -> HIT 3 dmg (victim hp 16 -> 13)",
        "2 | biter | bleed: victim bleeds 2 a round",
        "2 | victim | bleeds 2: hp 13 -> 11",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    let p = duel(
        biter(json!({ "rule": "bleed", "amount": 2 })),
        creature("victim", json!({ "immunities": ["bleed"] })),
        1,
        &[(20, 15), (4, 2)],
    );
    assert_eq!(p.said_by("biter")[1], "bleed: victim is immune");
}
