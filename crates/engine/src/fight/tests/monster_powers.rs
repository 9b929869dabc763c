//! Rule tests of the monsters' last abilities (issue « Special abilities of monsters and
//! classes »): « Bleeding Touch », « Touch of Chaos », « Grave Touch », « Life Sight »,
//! « Power over Undead », « Berserk » (`fight::class::touch`, `fight::class::undead`):
//! scripted dice, exact log lines, and the default policy's choices.

use serde_json::json;

use crate::fight::{Action, Fight, GRAVE_TOUCHED};
use crate::model::Combatant;
use crate::model::special::TouchKind;
use crate::rng::ScriptedDice;
use crate::rules::Condition;

use super::hex::{foe, fresh};
use super::support::*;

/// A level-`level` cleric-wizard with 2 uses of each touch power (BAB +1: touch +1).
fn toucher(level: i64) -> Combatant {
    creature(
        "toucher",
        json!({
            "level": level,
            "features": ["Bleeding Touch", "Touch of Chaos", "Grave Touch"],
            "resources": { "bleeding": 2, "chaos": 2, "grave": 2 },
            "specials": [
                { "rule": "bleeding_touch", "resource": "bleeding", "amount": level },
                { "rule": "touch_of_chaos", "resource": "chaos" },
                { "rule": "grave_touch", "resource": "grave", "amount": level }
            ]
        }),
    )
}

fn undead(name: &str, hd: i64, will: i32) -> Combatant {
    creature(
        name,
        json!({
            "level": hd, "creature_type": "undead",
            "abilities": { "con_score": null },
            "immunities": ["mind_affecting", "bleed"],
            "saves": { "fort": 0, "ref": 0, "will": will },
            "attacks": [melee("claw", 0, "1", &["slashing"])]
        }),
    )
}

#[test]
fn bleeding_touch_deals_1d6_at_the_start_of_half_the_cleric_level_turns() {
    let s = scenario(
        room(&["AB.", "..B"]),
        vec![
            ("a", vec![toucher(4)]),
            ("b", vec![foe("ogre", 30, 0), undead("zombie", 2, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        let mut dice = ScriptedDice::new([(20, 15), (6, 4), (6, 6)]);
        assert!(fight.touch_reaches(0, TouchKind::Bleeding, 1));
        // Undead are not living: bleeding touch does not reach them.
        assert!(!fight.touch_reaches(0, TouchKind::Bleeding, 2));
        assert!(
            fight
                .touch_power((0, 1), TouchKind::Bleeding, &mut dice, sink)
                .ok
        );
        assert_eq!(
            sink.0[0].message,
            "bleeding touch vs ogre: melee touch d20=15+1=16 vs AC 10 -> HIT -> 1d6 at the \
             start of its next 2 turn(s) (1 left)"
        );
        fight.bleeding_touch_turn(1, &mut dice, sink);
        fight.bleeding_touch_turn(1, &mut dice, sink);
        assert_eq!(
            sink.0[1].message,
            "bleeding touch: 1d6=4: hp 30 -> 26 (1 more)"
        );
        assert_eq!(
            sink.0[2].message,
            "bleeding touch: 1d6=6: hp 26 -> 20 (0 more)"
        );
        assert_eq!(fight.units[1].class.touch_bleed, 0);
        // A miss spends the use too; none is left after it.
        let mut miss = ScriptedDice::new([(20, 1)]);
        assert!(
            fight
                .touch_power((0, 1), TouchKind::Bleeding, &mut miss, sink)
                .ok
        );
        assert!(
            sink.0[3].message.ends_with("-> MISS (0 left)"),
            "{}",
            sink.0[3].message
        );
        assert!(!fight.touch_reaches(0, TouchKind::Bleeding, 1));
    });
}

#[test]
fn touch_of_chaos_makes_the_target_roll_two_d20s_through_the_next_round() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![toucher(3)]), ("b", vec![foe("ogre", 30, 0)])],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        let mut dice = ScriptedDice::new([(20, 12)]);
        assert!(
            fight
                .touch_power((0, 1), TouchKind::Chaos, &mut dice, sink)
                .ok
        );
        assert_eq!(
            sink.0[0].message,
            "touch of chaos vs ogre: melee touch d20=12+1=13 vs AC 10 -> HIT -> worse of two \
             d20s until the end of the next round (1 left)"
        );
        assert!(fight.unlucky(1));
        let mut two = ScriptedDice::new([(20, 17), (20, 5)]);
        assert_eq!(fight.attack_d20(1, &mut two), 5);
        fight.round = 2;
        assert!(fight.unlucky(1));
        fight.round = 3;
        assert!(!fight.unlucky(1));
    });
}

#[test]
fn grave_touch_shakes_then_frightens_a_shaken_creature_of_fewer_hit_dice() {
    let s = scenario(
        room(&["AB", ".B"]),
        vec![
            ("a", vec![toucher(6)]),
            ("b", vec![foe("ogre", 30, 0), undead("ghoul", 2, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        let mut dice = ScriptedDice::new([(20, 10), (20, 10)]);
        assert!(
            !fight.touch_reaches(0, TouchKind::Grave, 2),
            "undead are not living"
        );
        assert!(
            fight
                .touch_power((0, 1), TouchKind::Grave, &mut dice, sink)
                .ok
        );
        assert_eq!(
            sink.0[0].message,
            "grave touch vs ogre: melee touch d20=10+1=11 vs AC 10 -> HIT -> shaken for 3 \
             rounds (1 left)"
        );
        assert!(fight.units[1].conds.has(Condition::Shaken));
        assert!(
            fight
                .touch_power((0, 1), TouchKind::Grave, &mut dice, sink)
                .ok
        );
        assert_eq!(
            sink.0[1].message,
            "grave touch vs ogre: melee touch d20=10+1=11 vs AC 10 -> HIT -> frightened for 1 \
             round (0 left)"
        );
        assert!(fight.units[1].conds.has(Condition::Frightened));
    });
}

#[test]
fn the_default_policy_spreads_its_touch_powers_where_they_do_something() {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![toucher(2)]), ("b", vec![foe("ogre", 30, 0)])],
        1,
    );
    let words = |_: &crate::fight::View<'_>, a: Action| match a {
        Action::TouchPower { kind, target } => format!("{} u{}", kind.name(), target.index()),
        a => a.kind().to_string(),
    };
    // Two uses of each: touch of chaos first (ties in order).
    assert_eq!(decide_with(&s, 0, |_| {}, words), ["touch of chaos u1"]);
    // One use of chaos left: grave touch (2 left) first.
    let spent = |f: &mut Fight| f.units[0].class.touches_left[TouchKind::Chaos as usize] = 1;
    assert_eq!(decide_with(&s, 0, spent, words), ["grave touch u1"]);
    // On a target already afraid and unlucky: bleeding touch.
    let afraid = |f: &mut Fight| {
        f.units[1].conds.add(Condition::Shaken, 3);
        f.units[1].class.misfortune_until = 3;
    };
    assert_eq!(decide_with(&s, 0, afraid, words), ["bleeding touch u1"]);
    // Grave touch once a target.
    let graved = |f: &mut Fight| {
        f.units[1].class.hex_marks |= GRAVE_TOUCHED;
        f.units[0].class.touches_left[TouchKind::Chaos as usize] = 0;
        f.units[0].class.touches_left[TouchKind::Bleeding as usize] = 0;
    };
    let plan = decide_with(&s, 0, graved, words);
    assert!(plan.iter().all(|a| !a.contains("touch")), "{plan:?}");
}

/// A level-11 necromancer: life sight 10 ft (2 rounds), power over undead (Will DC 18, 11
/// HD, 2 uses).
fn necromancer() -> Combatant {
    creature(
        "necromancer",
        json!({
            "level": 11,
            "features": ["Life Sight", "Power over Undead (Will DC 18)"],
            "resources": { "command": 2 },
            "specials": [
                { "rule": "life_sight", "range_ft": 10, "amount": 2 },
                { "rule": "power_over_undead", "resource": "command", "dc": 18, "amount": 11 }
            ]
        }),
    )
}

#[test]
fn power_over_undead_takes_undead_foes_of_its_hit_dice_out_of_the_fight() {
    let s = scenario(
        room(&["A.B.......", "..B.......", ".........B"]),
        vec![
            ("a", vec![necromancer()]),
            (
                "b",
                vec![
                    undead("zombie", 2, 0),
                    undead("wight", 10, 0),
                    undead("far", 1, 0),
                ],
            ),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        assert!(fight.can_command_undead(0));
        // The zombie fails, the wight's 10 HD no longer fit the pool, the far one is beyond
        // 30 ft.
        let mut dice = ScriptedDice::new([(20, 5)]);
        assert!(fight.command_undead(0, &mut dice, sink).ok);
        assert_eq!(sink.0[0].message, "commands undead (Will DC 18, 1 left)");
        assert_eq!(
            sink.0[1].message,
            "command undead vs zombie: Will DC 18 d20=5+0=5 fails -> under its control, leaves \
             the fight"
        );
        assert_eq!(sink.0.len(), 2);
        assert!(fight.units[1].absent && !fight.units[2].absent && !fight.units[3].absent);
        // Against the wight alone, a save.
        let mut dice = ScriptedDice::new([(20, 18)]);
        assert!(fight.command_undead(0, &mut dice, sink).ok);
        assert_eq!(
            sink.0[3].message,
            "command undead vs wight: Will DC 18 d20=18+0=18 saves"
        );
        assert!(!fight.can_command_undead(0), "no use left");
    });
    // With no undead foe it never acts.
    let living = scenario(
        room(&["AB"]),
        vec![("a", vec![necromancer()]), ("b", vec![foe("ogre", 30, 0)])],
        1,
    );
    fresh(&living, |fight, _| assert!(!fight.can_command_undead(0)));
}

#[test]
fn life_sight_sees_an_invisible_living_foe_within_10_feet() {
    let s = scenario(
        room(&["AB.B"]),
        vec![
            ("a", vec![necromancer()]),
            ("b", vec![foe("ogre", 30, 0), foe("orc", 30, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        fight.units[1].conds.add(Condition::Invisible, 10);
        fight.units[2].conds.add(Condition::Invisible, 10);
        assert_eq!(fight.miss_chance(0, 1), 50);
        fight.life_sight_turn(0, sink);
        assert_eq!(
            sink.0[0].message,
            "life sight on: sees ogre (1 rounds left)"
        );
        // Within 10 ft: no miss chance; the orc, 15 ft away, stays unseen.
        assert_eq!(fight.miss_chance(0, 1), 0);
        assert_eq!(fight.miss_chance(0, 2), 50);
        // Until the end of the round.
        fight.round = 2;
        assert_eq!(fight.miss_chance(0, 1), 50);
    });
}

/// A flesh golem-like brute that goes berserk, and its ally.
fn golem() -> Combatant {
    creature(
        "golem",
        json!({
            "creature_type": "construct", "abilities": { "con_score": null, "int_score": null },
            "features": ["Berserk"], "specials": [{ "rule": "berserk" }],
            "attacks": [melee("slam", 5, "1d8", &["bludgeoning"])]
        }),
    )
}

#[test]
fn berserk_is_a_cumulative_1_percent_a_round_then_everyone_is_its_enemy() {
    let s = scenario(
        room(&["AA.B"]),
        vec![
            ("a", vec![golem(), foe("master", 30, 0)]),
            ("b", vec![foe("ogre", 30, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        assert!(!fight.enemies(0, 1));
        // 1 %: a 2 fails; 2 %: a 2 succeeds.
        let mut dice = ScriptedDice::new([(100, 2), (100, 2)]);
        fight.berserk_turn(0, &mut dice, sink);
        assert!(!fight.units[0].class.berserk && sink.0.is_empty());
        fight.berserk_turn(0, &mut dice, sink);
        assert_eq!(
            sink.0[0].message,
            "berserk 2% d100=2 -> goes berserk: attacks the nearest creature"
        );
        assert!(fight.enemies(0, 1) && fight.enemies(1, 0) && fight.enemies(0, 2));
        assert!(!fight.enemies(0, 0), "never its own enemy");
        assert!(!fight.enemies(1, 1));
        // Its master and the ogre stay on their sides.
        assert!(fight.enemies(1, 2));
        // The nearest creature is its master, 5 ft away.
        assert_eq!(fight.nearest_enemy(0), Some(1));
    });
}
