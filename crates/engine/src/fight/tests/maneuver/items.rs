//! Disarm, sunder, steal and dirty trick (« CRB — Disarm », « Sunder », « Smashing an Object »,
//! « Broken »; APG « Steal », « Dirty Trick »).

use serde_json::json;

use super::super::support::*;
use super::*;
use crate::board::Pos;
use crate::fight::WeaponState;
use crate::rules::maneuver::Trick;

/// A longsword: +3, 1d8 slashing, 19–20 (an object of hardness 10 and 5 hit points).
fn longsword() -> Value {
    json!({
        "name": "longsword", "kind": "melee", "attack_bonus": 3, "crit_range": 19,
        "damage": [{ "formula": "1d8", "types": ["slashing"] }]
    })
}

fn dagger() -> Value {
    melee("dagger", 2, "1d4", &["piercing", "slashing"])
}

#[test]
fn disarm_drops_the_weapon_in_the_square() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Disarm"] })),
        foe(json!({ "attacks": [longsword(), dagger()] })),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Disarm), &[10]);
    assert_eq!(
        p.said_by("hero"),
        [
            "disarm vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
            "foe drops longsword at (0,1)"
        ]
    );
}

/// What the disarmed foe does next: its weapon choice skips the dropped longsword for the
/// dagger; a move action picks the longsword up again (« Pick up an item » provokes), and it
/// strikes with it.
#[test]
fn a_dropped_weapon_is_skipped_then_picked_up_with_a_move_action_that_provokes() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Disarm"] })),
        foe(json!({ "attacks": [longsword(), dagger()] })),
        2,
    );
    let turns = Turns::new().of(0, &[&[on_foe(Maneuver::Disarm)]]).of(
        1,
        &[
            &[Action::Attack {
                target: UnitId::new(0),
            }],
            &[
                Action::PickUp { attack: 0 },
                Action::Attack {
                    target: UnitId::new(0),
                },
            ],
        ],
    );
    let p = play_turns(&s, &turns, &[(20, 10), (20, 2), (20, 2), (20, 3)]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | disarm vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
        "1 | hero | foe drops longsword at (0,1)",
        "1 | foe | dagger vs hero d20=2+2=4 AC 10 -> MISS",
        "2 | hero | AoO: sword vs foe d20=2+3=5 AC 10 -> MISS",
        "2 | foe | picks up longsword at (0,1)",
        "2 | foe | longsword vs hero d20=3+3=6 AC 10 -> MISS",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn disarm_failed_by_ten_drops_the_attackers_weapon() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Disarm"] })),
        foe(json!({ "cmd": 20, "attacks": [longsword()] })),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Disarm), &[3]);
    assert_eq!(
        p.said_by("hero")[1],
        "hero drops sword at (0,0) (failed by 10 or more)"
    );
}

/// « If your attack exceeds the CMD of the target by 10 or more, the target drops the items
/// it is carrying in both hands ».
#[test]
fn disarm_by_ten_drops_both_weapons() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Disarm"] })),
        foe(json!({ "attacks": [longsword(), dagger()] })),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Disarm), &[18]);
    assert_eq!(
        p.said_by("hero")[1..],
        ["foe drops longsword at (0,1)", "foe drops dagger at (0,1)"]
    );
}

/// « Attempting to disarm a foe while unarmed imposes a −4 penalty »; « If you successfully
/// disarm your opponent without using a weapon, you may automatically pick up the item ».
#[test]
fn an_unarmed_disarm_takes_the_weapon() {
    let s = pair(
        &["AB"],
        hero(json!({ "attacks": [], "feats": ["Improved Disarm"] })),
        foe(json!({ "attacks": [longsword()] })),
        1,
    );
    with_fight_mut(&s, |f| {
        let said = attempt(f, Maneuver::Disarm, ManeuverOption::Default, &[12]);
        assert_eq!(
            said,
            [
                "disarm vs foe: d20=12+3=15 vs CMD 15 -> SUCCESS",
                "hero takes foe's longsword (unarmed disarm)"
            ]
        );
        let view = View::new(f);
        assert_eq!(view.weapon_state(FOE, 0), WeaponState::Gone);
        assert!(view.weapons_on_ground(FOE).next().is_none());
    });
}

/// « CRB — Sunder »: the damage beyond the hardness comes off the item's hit points; at half
/// it is broken, at none destroyed (a longsword: hardness 10, 5 hit points).
#[test]
fn sunder_breaks_then_destroys() {
    let maul = json!({
        "name": "warhammer", "kind": "melee", "attack_bonus": 3, "damage_bonus": 5,
        "damage": [{ "formula": "1d8", "types": ["bludgeoning"] }]
    });
    let s = pair(
        &["AB"],
        hero(json!({ "attacks": [maul], "feats": ["Improved Sunder"] })),
        foe(json!({ "attacks": [longsword(), dagger()] })),
        2,
    );
    let sunder = on_foe(Maneuver::Sunder);
    let turns = Turns::new().of(0, &[&[sunder], &[sunder]]);
    let p = play_turns(&s, &turns, &[(20, 10), (8, 8), (20, 10), (8, 8)]);
    assert_eq!(
        p.said_by("hero"),
        [
            "sunder vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
            "foe's longsword: 13 dmg - hardness 10 = 3 (2/5 hp, broken)",
            "sunder vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
            "foe's longsword: 13 dmg - hardness 10 = 3 (0/5 hp, destroyed)",
        ]
    );
}

/// « CRB — Broken »: −2 on attack and damage rolls, a critical hit only on a natural 20 and
/// only ×2; the reference spec's repair_weapon (a move action) mends it.
#[test]
fn a_broken_weapon_strikes_at_minus_two_and_threatens_only_on_twenty_until_repaired() {
    let maul = json!({
        "name": "warhammer", "kind": "melee", "attack_bonus": 3, "damage_bonus": 5,
        "damage": [{ "formula": "1d8", "types": ["bludgeoning"] }]
    });
    let s = pair(
        &["AB"],
        hero(
            json!({ "attacks": [maul], "feats": ["Improved Sunder"], "ac": { "total": 30, "touch": 30, "flat_footed": 30 } }),
        ),
        foe(json!({ "attacks": [longsword()] })),
        2,
    );
    let hit = Action::Attack {
        target: UnitId::new(0),
    };
    let turns = Turns::new()
        .of(0, &[&[on_foe(Maneuver::Sunder)]])
        .of(1, &[&[hit], &[Action::Repair { attack: 0 }, hit]]);
    let p = play_turns(&s, &turns, &[(20, 10), (8, 8), (20, 19), (20, 19)]);
    assert_eq!(
        p.said_by("foe"),
        [
            "longsword vs hero d20=19+1=20 AC 30 -> MISS",
            "repairs longsword",
            "longsword vs hero d20=19+3=22 AC 30 -> MISS",
        ],
        "broken: +3 − 2; mended: +3"
    );
    // Broken, a 19 does not threaten; whole again it does (19–20).
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Sunder"], "attacks": [sword(3)] })),
        foe(json!({ "attacks": [longsword()] })),
        1,
    );
    with_fight_mut(&s, |f| {
        let stats = f.object_stats(1, 0);
        f.units[1].arms.damage(0, stats, 3);
        assert_eq!((f.threat_start(1, 0), f.crit_mult(1, 0)), (20, 2));
        f.units[1].arms.repair(0);
        assert_eq!(f.threat_start(1, 0), 19);
    });
}

/// APG « Steal »: one of the target's carried items, gone for the fight.
#[test]
fn steal_takes_a_carried_item() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Steal"] })),
        foe(json!({ "carried_items": ["potion of cure light wounds", "scroll of sleep"] })),
        1,
    );
    with_fight_mut(&s, |f| {
        let said = attempt(f, Maneuver::Steal, ManeuverOption::Default, &[9]);
        assert_eq!(
            said[1],
            "hero steals potion of cure light wounds from foe (gone for the fight)"
        );
        let left: Vec<&str> = View::new(f).carried_items_left(FOE).collect();
        assert_eq!(left, ["scroll of sleep"]);
    });
    let s = pair(&["AB"], hero(json!({})), foe(json!({})), 1);
    let p = once(&s, on_foe(Maneuver::Steal), &[]);
    assert_eq!(p.said_by("hero"), ["steal refused: nothing_to_steal"]);
}

/// APG « Dirty Trick »: « The penalty lasts for 1 round. For every 5 by which your attack
/// exceeds your target's CMD, the penalty lasts 1 additional round ».
#[test]
fn dirty_trick_blinds_for_one_round_plus_one_per_five() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Dirty Trick"] })),
        foe(json!({})),
        3,
    );
    let blind = with_option(Maneuver::DirtyTrick, ManeuverOption::Trick(Trick::Blinded));
    let p = once(&s, blind, &[18]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | dirty_trick vs foe: d20=18+7=25 vs CMD 15 -> SUCCESS",
        "1 | hero | foe is blinded for 3 round(s)",
        "3 | foe | blinded ends",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
    // The default trick dazzles, for 1 round.
    let p = once(&s, on_foe(Maneuver::DirtyTrick), &[10]);
    assert_eq!(p.said_by("foe"), ["dazzled ends"]);
    assert_eq!(p.said_by("hero")[1], "foe is dazzled for 1 round(s)");
}

/// The view's weapon questions after a disarm: the longsword lies on the ground.
#[test]
fn the_view_tells_where_a_dropped_weapon_lies() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Disarm"] })),
        foe(json!({ "attacks": [longsword()] })),
        1,
    );
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Disarm, ManeuverOption::Default, &[10]);
        let view = View::new(f);
        assert_eq!(view.weapon_state(FOE, 0), WeaponState::OnTheGround);
        assert_eq!(
            view.weapons_on_ground(FOE).collect::<Vec<_>>(),
            [(0, Pos::new(0, 1))]
        );
        assert_eq!(
            view.weapon_for(FOE, UnitId::new(0)),
            None,
            "nothing else to strike with"
        );
    });
}
