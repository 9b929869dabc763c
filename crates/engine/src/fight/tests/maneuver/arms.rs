//! Weapons in a fight (« CRB — Thrown Weapons », « Ammunition », Table 8-2 « Draw or sheathe
//! a weapon », « Pick up an item »): limited ammunition, thrown weapons landing in the target's
//! square and picked up again, drawing and sheathing.

use serde_json::json;

use super::super::support::*;
use super::*;
use crate::board::Pos;
use crate::fight::WeaponState;

/// A javelin: ranged +1, 1d6 piercing, range 30 ft, thrown, `count` carried.
fn javelins(count: u32) -> Value {
    json!({
        "name": "javelin", "kind": "ranged", "attack_bonus": 1, "range_increment_ft": 30,
        "damage": [{ "formula": "1d6", "types": ["piercing"] }], "thrown": true, "ammo": count
    })
}

/// A target every d20 below 20 misses.
fn wall() -> Combatant {
    foe(json!({ "ac": { "total": 30, "touch": 30, "flat_footed": 30 } }))
}

#[test]
fn thrown_weapons_run_out() {
    let thrower = hero(json!({ "attacks": [javelins(2)] }));
    let s = pair(&["A...B"], thrower, wall(), 3);
    let throw = Action::Attack { target: FOE };
    let turns = Turns::new().of(0, &[&[throw], &[throw], &[throw]]);
    let p = play_turns(&s, &turns, &d20s(&[5, 6]));
    assert_eq!(
        p.said_by("hero"),
        [
            "javelin vs foe d20=5+1=6 AC 30 -> MISS",
            "javelin vs foe d20=6+1=7 AC 30 -> MISS",
            "javelin: last one thrown",
        ],
        "nothing left to throw in round 3"
    );
    with_fight_mut(&s, |f| {
        let mut dice = crate::rng::ScriptedDice::new(d20s(&[5]));
        let mut scratch = crate::fight::Scratch::default();
        f.act(0, throw, &mut scratch, &mut dice, &mut crate::fight::NoLog);
        let view = View::new(f);
        assert_eq!(view.ammo_left(UnitId::new(0), 0), Some(1));
        assert_eq!(
            view.weapons_on_ground(UnitId::new(0)).collect::<Vec<_>>(),
            [(0, Pos::new(0, 4))]
        );
        assert_eq!(view.weapon_state(UnitId::new(0), 0), WeaponState::Ready);
    });
}

/// A thrown weapon lands in its target's square; a move action picks it up from next to it
/// (« Pick up an item »), and it is thrown again.
#[test]
fn a_thrown_weapon_is_picked_up_again() {
    let thrower = hero(json!({ "attacks": [javelins(1)] }));
    let s = pair(&["AB"], thrower, wall(), 2);
    let throw = Action::Attack { target: FOE };
    let turns = Turns::new().of(0, &[&[throw], &[Action::PickUp { attack: 0 }, throw]]);
    let p = play_turns(&s, &turns, &d20s(&[5, 7]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | javelin vs foe d20=5+1=6 AC 30 -> MISS",
        "1 | hero | javelin: last one thrown",
        "2 | hero | picks up javelin at (0,1)",
        "2 | hero | javelin vs foe d20=7+1=8 AC 30 -> MISS",
        "2 | hero | javelin: last one thrown",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    // Nothing within reach: refused, and nothing provokes.
    let s = pair(
        &["AB"],
        hero(json!({})),
        foe(json!({ "attacks": [sword(0)] })),
        1,
    );
    let p = once(&s, Action::PickUp { attack: 0 }, &[]);
    assert_eq!(p.said_by("hero"), ["pick_up refused: nothing_to_pick_up"]);
}

/// « CRB — Ammunition »: the shots are counted; out of arrows, the archer's weapon choice
/// turns to its sword (the default policy steps in and strikes).
#[test]
fn ammunition_runs_out_and_the_archer_turns_to_its_sword() {
    let bow = json!({
        "name": "short bow", "kind": "ranged", "attack_bonus": 4, "range_increment_ft": 60,
        "damage": [{ "formula": "1d4", "types": ["piercing"] }], "crit_mult": 3, "ammo": 1
    });
    let archer = hero(json!({ "attacks": [bow, sword(3)] }));
    let s = pair(&["A.B"], archer, wall(), 2);
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 5, 6]));
    assert_eq!(
        p.said_by("hero"),
        [
            "short bow vs foe d20=5+4=9 AC 30 -> MISS",
            "short bow: out of ammunition",
            "5-foot step (0,0)->(0,1)",
            "sword vs foe d20=6+3=9 AC 30 -> MISS",
        ]
    );
    with_fight_mut(&s, |f| {
        f.units[0].arms.spend(0);
        let view = View::new(f);
        assert!(
            !view.has_ranged(UnitId::new(0)),
            "no arrow left: it cannot shoot"
        );
        assert_eq!(view.weapon_state(UnitId::new(0), 0), WeaponState::OutOfAmmo);
        assert_eq!(
            view.ammo_left(UnitId::new(0), 1),
            None,
            "the sword counts nothing"
        );
    });
}

/// « CRB — Table 8-2 »: sheathing a weapon is a move action that provokes, drawing one a move
/// action that does not; a sheathed weapon does not strike.
#[test]
fn a_sheathed_weapon_is_drawn_with_a_move_action() {
    let s = pair(
        &["AB"],
        hero(json!({})),
        foe(json!({ "attacks": [sword(0)] })),
        2,
    );
    let hit = Action::Attack { target: FOE };
    let turns = Turns::new().of(
        0,
        &[
            &[Action::Sheathe { attack: 0 }, hit],
            &[Action::Draw { attack: 0 }, hit, Action::Draw { attack: 0 }],
        ],
    );
    let p = play_turns(&s, &turns, &d20s(&[2, 4]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | foe | AoO: sword vs hero d20=2+0=2 AC 10 -> MISS",
        "1 | hero | sheathes sword",
        "2 | hero | draw dropped: downgraded:action_economy",
        "2 | hero | draws sword",
        "2 | hero | sword vs foe d20=4+3=7 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    let p = play_turns(
        &pair(&["AB"], hero(json!({})), foe(json!({})), 1),
        &Turns::new().of(0, &[&[Action::Draw { attack: 0 }]]),
        &[],
    );
    assert_eq!(p.said_by("hero"), ["draw refused: not_sheathed"]);
}
