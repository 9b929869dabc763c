//! Rule tests of witch hexes (« APG — Witch — Hexes »: slumber, healing): tiny fights with
//! scripted dice that pin the exact log lines, and the default policy's choices.

use serde_json::json;

use crate::fight::{Action, Fight, Keep, UnitId, prepare};
use crate::model::{Combatant, HexKind};
use crate::rules::Condition;

use super::support::*;

/// A level-2 witch (Int 18, caster level 2) with slumber (Will DC 15) and healing.
fn witch() -> Combatant {
    creature(
        "witch",
        json!({
            "level": 2, "caster_level": 2,
            "abilities": { "int_score": 18 },
            "features": ["Hex (slumber, Will DC 15)", "Hex (healing)"],
            "specials": [
                { "rule": "hex", "hex": "slumber", "dc": 15, "feature": "Hex (slumber, Will DC 15)" },
                { "rule": "hex", "hex": "healing", "feature": "Hex (healing)" }
            ]
        }),
    )
}

/// A foe of `hp` hit points and Will `will` with a +0 club for 1.
pub(super) fn foe(name: &str, hp: i32, will: i32) -> Combatant {
    creature(
        name,
        json!({
            "hp_max": hp, "saves": { "fort": 0, "ref": 0, "will": will },
            "attacks": [melee("club", 0, "1", &["bludgeoning"])]
        }),
    )
}

/// A fresh fight of `s` handed to `check`, with a transcript sink.
pub(super) fn fresh(s: &crate::scenario::Scenario, check: impl FnOnce(&mut Fight, &mut Keep)) {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    fight.reset();
    check(&mut fight, &mut Keep::default());
}

/// The witch on side a, `foes` on side b, on `rows`.
fn hexing(
    rows: &[&str],
    allies: Vec<Combatant>,
    foes: Vec<Combatant>,
) -> crate::scenario::Scenario {
    let mut a = vec![witch()];
    a.extend(allies);
    scenario(room(rows), vec![("a", a), ("b", foes)], 1)
}

fn hex_of(a: Action) -> String {
    match a {
        Action::Hex { kind, target } => format!("{kind} u{}", target.index()),
        other => other.kind().to_string(),
    }
}

#[test]
fn slumber_hex_puts_a_failed_save_asleep_for_the_witch_level_and_never_twice() {
    let s = hexing(&["A..B"], vec![], vec![foe("ogre", 30, 0)]);
    fresh(&s, |fight, sink| {
        let mut dice = crate::rng::ScriptedDice::new([(20, 14)]);
        assert!(fight.hex((0, 1), HexKind::Slumber, &mut dice, sink).ok);
        assert_eq!(
            sink.0[0].message,
            "slumber hex vs ogre: Will DC 15 d20=14+0=14 fails -> asleep for 2 rounds"
        );
        assert!(fight.units[1].conds.has(Condition::Asleep));
        // « A creature cannot be the target of this hex again for 1 day »: once a fight.
        let again = fight.hex((0, 1), HexKind::Slumber, &mut dice, sink);
        assert_eq!((again.ok, again.reason), (false, "hex_not_possible"));
    });
    let slumber = Action::Hex {
        kind: HexKind::Slumber,
        target: UnitId::new(1),
    };
    assert_eq!(slumber.cost().slot, crate::fight::Slot::Standard);
}

#[test]
fn slumber_hex_negated_by_a_will_save_still_marks_the_target() {
    let s = hexing(&["A..B"], vec![], vec![foe("ogre", 30, 0)]);
    fresh(&s, |fight, sink| {
        let mut dice = crate::rng::ScriptedDice::new([(20, 15)]);
        assert!(fight.hex((0, 1), HexKind::Slumber, &mut dice, sink).ok);
        assert_eq!(
            sink.0[0].message,
            "slumber hex vs ogre: Will DC 15 d20=15+0=15 saves"
        );
        assert!(!fight.units[1].conds.has(Condition::Asleep));
        assert!(!fight.can_hex(0, HexKind::Slumber, 1));
    });
}

#[test]
fn slumber_hex_reaches_30_feet_and_spares_the_immune() {
    // 35 ft away: out of range.
    let far = hexing(&["A......B"], vec![], vec![foe("far", 30, 0)]);
    fresh(&far, |fight, _| {
        assert!(!fight.can_hex(0, HexKind::Slumber, 1))
    });
    let undead = creature_over(
        "skeleton",
        json!({ "creature_type": "undead", "abilities": { "con_score": null } }),
        json!({ "immunities": ["mind_affecting", "sleep"] }),
    );
    let near = hexing(&["A.....B"], vec![], vec![undead]);
    fresh(&near, |fight, sink| {
        let mut dice = crate::rng::ScriptedDice::new(Vec::<(u32, u32)>::new());
        assert!(fight.hex((0, 1), HexKind::Slumber, &mut dice, sink).ok);
        assert_eq!(sink.0[0].message, "slumber hex: skeleton is immune");
    });
}

#[test]
fn slumber_hex_sleeper_wakes_when_hurt() {
    let s = hexing(&["AB"], vec![], vec![foe("ogre", 30, 0)]);
    fresh(&s, |fight, sink| {
        let mut dice = crate::rng::ScriptedDice::new([(20, 1)]);
        assert!(fight.hex((0, 1), HexKind::Slumber, &mut dice, sink).ok);
        assert!(fight.units[1].conds.has(Condition::Asleep));
        // « This hex ends immediately if the creature takes damage. »
        let types = [crate::vocab::DamageType::Piercing].into_iter().collect();
        fight.hurt(0, 1, 3, types);
        assert!(!fight.units[1].conds.has(Condition::Asleep));
    });
}

#[test]
fn healing_hex_cures_1d8_plus_caster_level_once_per_creature() {
    let s = hexing(
        &["AA..B"],
        vec![creature("ally", json!({}))],
        vec![foe("ogre", 30, 0)],
    );
    fresh(&s, |fight, sink| {
        fight.units[1].hp = -2;
        let mut dice = crate::rng::ScriptedDice::new([(8, 6)]);
        assert!(fight.hex((0, 1), HexKind::Healing, &mut dice, sink).ok);
        assert_eq!(
            sink.0[0].message,
            "healing hex on ally: 1d8+2=8 -> hp -2 -> 6"
        );
        let again = fight.hex((0, 1), HexKind::Healing, &mut dice, sink);
        assert_eq!((again.ok, again.reason), (false, "hex_not_possible"));
        // The witch may touch herself; the foe is no ally.
        assert!(fight.can_hex(0, HexKind::Healing, 0));
        assert!(!fight.can_hex(0, HexKind::Healing, 2));
    });
}

#[test]
fn hex_policy_heals_a_hurt_ally_in_touch_else_slumbers_the_strongest_likely_to_fail() {
    let foes = vec![
        foe("small", 10, 0),
        foe("big", 50, 0),
        foe("stubborn", 90, 5),
    ];
    let s = hexing(&["AA..BBB"], vec![creature("ally", json!({}))], foes);
    // The ally at 10 of 20: the healing hex.
    let healed = decide_with(&s, 0, |f| f.units[1].hp = 10, |_, a| hex_of(a));
    assert_eq!(healed, ["healing u1"]);
    // Nobody hurt: slumber on the biggest enemy whose Will save is not too good: « big »
    // (+0 vs DC 15: 30 %), not « stubborn » (+5: 55 %).
    let slept = decide_with(&s, 0, |_| {}, |_, a| hex_of(a));
    assert_eq!(slept, ["slumber u3"]);
}

/// A witch who knows evil eye (Will DC 15) and cackle.
fn eyeing_witch() -> Combatant {
    creature(
        "witch",
        json!({
            "level": 2, "abilities": { "int_score": 18 },
            "specials": [
                { "rule": "hex", "hex": "evil_eye", "dc": 15 },
                { "rule": "hex", "hex": "cackle" }
            ]
        }),
    )
}

#[test]
fn evil_eye_hex_gives_minus_2_attack_for_3_plus_int_rounds_1_on_a_save_and_cackle_extends() {
    let s = scenario(
        room(&["A..B", "...B"]),
        vec![
            ("a", vec![eyeing_witch()]),
            ("b", vec![foe("ogre", 30, 0), foe("orc", 30, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        let mut dice = crate::rng::ScriptedDice::new([(20, 3), (20, 15)]);
        assert!(fight.hex((0, 1), HexKind::EvilEye, &mut dice, sink).ok);
        assert!(fight.hex((0, 2), HexKind::EvilEye, &mut dice, sink).ok);
        assert_eq!(
            sink.0[0].message,
            "evil eye hex vs ogre: Will DC 15 d20=3+0=3 fails -> -2 attack for 7 rounds"
        );
        assert_eq!(
            sink.0[1].message,
            "evil eye hex vs orc: Will DC 15 d20=15+0=15 saves -> -2 attack for 1 rounds"
        );
        assert_eq!(fight.units[1].class.evil_eye_until, 8);
        assert_eq!(fight.units[2].class.evil_eye_until, 2);
        let club = fight
            .attack_numbers(1, 0, 0, Default::default(), false)
            .unwrap();
        assert_eq!(club.bonus, -2);
        // « Cackle »: a move action, each of her evil eyes within 30 ft. one round more.
        let cackle = Action::Hex {
            kind: HexKind::Cackle,
            target: UnitId::new(0),
        };
        assert_eq!(cackle.cost().slot, crate::fight::Slot::Move);
        assert!(fight.hex((0, 0), HexKind::Cackle, &mut dice, sink).ok);
        assert_eq!(sink.0[2].message, "cackle: 2 hexes last a round more");
        assert_eq!(fight.units[2].class.evil_eye_until, 3);
        fight.round = 3;
        let club = fight
            .attack_numbers(2, 0, 0, Default::default(), false)
            .unwrap();
        assert_eq!(club.bonus, 0);
    });
}

/// A witch of `level` who knows misfortune (Will DC 15) and cackle.
fn unlucky_witch(level: i64) -> Combatant {
    creature(
        "witch",
        json!({
            "level": level,
            "specials": [
                { "rule": "hex", "hex": "misfortune", "dc": 15 },
                { "rule": "hex", "hex": "cackle" }
            ]
        }),
    )
}

#[test]
fn misfortune_hex_makes_a_failed_save_roll_twice_and_take_the_worse_once_a_fight() {
    let s = scenario(
        room(&["A..B", "...B"]),
        vec![
            ("a", vec![unlucky_witch(2)]),
            ("b", vec![foe("ogre", 30, 0), foe("orc", 30, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        let mut dice = crate::rng::ScriptedDice::new([(20, 3), (20, 15)]);
        assert!(fight.hex((0, 1), HexKind::Misfortune, &mut dice, sink).ok);
        assert!(fight.hex((0, 2), HexKind::Misfortune, &mut dice, sink).ok);
        assert_eq!(
            sink.0[0].message,
            "misfortune hex vs ogre: Will DC 15 d20=3+0=3 fails -> rolls twice, takes the worse"
        );
        assert_eq!(
            sink.0[1].message,
            "misfortune hex vs orc: Will DC 15 d20=15+0=15 saves"
        );
        // 1 round at 2nd level: until the start of round 2.
        assert_eq!(fight.units[1].class.misfortune_until, 2);
        assert_eq!(fight.units[2].class.misfortune_until, 0);
        assert!(fight.unlucky(1) && !fight.unlucky(2));
        // « Roll twice and take the worse »: 18 then 4 is a 4, on an attack roll and a save.
        let mut two = crate::rng::ScriptedDice::new([(20, 18), (20, 4)]);
        assert_eq!(fight.attack_d20(1, &mut two), 4);
        let mut two = crate::rng::ScriptedDice::new([(20, 18), (20, 4)]);
        let save = fight.save_roll(1, 5, 10, &mut two);
        assert_eq!((save.roll, save.total, save.success), (4, 9, false));
        // The lucky orc rolls once.
        let mut one = crate::rng::ScriptedDice::new([(20, 18)]);
        assert_eq!(fight.attack_d20(2, &mut one), 18);
        // A target once a fight, saved or not.
        assert!(!fight.can_hex(0, HexKind::Misfortune, 1));
        assert!(!fight.can_hex(0, HexKind::Misfortune, 2));
        // Cackle extends it a round.
        assert!(fight.hex((0, 0), HexKind::Cackle, &mut dice, sink).ok);
        assert_eq!(sink.0[2].message, "cackle: 1 hexes last a round more");
        assert_eq!(fight.units[1].class.misfortune_until, 3);
        fight.round = 3;
        assert!(!fight.unlucky(1));
    });
}

#[test]
fn misfortune_hex_lasts_2_rounds_from_8th_level_and_the_policy_uses_it() {
    let s = scenario(
        room(&["A..B"]),
        vec![
            ("a", vec![unlucky_witch(8)]),
            ("b", vec![foe("ogre", 30, 0)]),
        ],
        1,
    );
    fresh(&s, |fight, sink| {
        fight.round = 1;
        let mut dice = crate::rng::ScriptedDice::new([(20, 3)]);
        assert!(fight.hex((0, 1), HexKind::Misfortune, &mut dice, sink).ok);
        assert_eq!(fight.units[1].class.misfortune_until, 3);
    });
    let chosen = decide_with(&s, 0, |_| {}, |_, a| hex_of(a));
    assert_eq!(chosen, ["misfortune u1"]);
}
