//! The grapple and its states (« CRB — Grapple », « Grappled », « Pinned »; the reference spec,
//! « Manœuvres de combat »): start, pull, maintain at +5 with move, damage, pin and tie up,
//! release, escape by CMB or Escape Artist, the end of an unmaintained hold, and the free
//! attempt of a monster's grab.

use serde_json::json;

use super::super::support::*;
use super::*;
use crate::fight::NoLog;
use crate::rules::Condition;
use crate::rules::maneuver::{Direction, EscapeBy, GrappleAction};

const HERO: UnitId = UnitId::new(0);

fn grapple(action: GrappleAction) -> Action {
    with_option(Maneuver::Grapple, ManeuverOption::Grapple(action))
}

/// The hero with Improved Grapple (CMB +5 +2), `patch` merged over it.
fn grappler(patch: Value) -> Combatant {
    creature_over(
        "hero",
        json!({ "cmb": 5, "feats": ["Improved Grapple"], "attacks": [sword(3)] }),
        patch,
    )
}

#[test]
fn grapple_makes_both_creatures_grappled() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 1);
    let p = once(&s, on_foe(Maneuver::Grapple), &[10]);
    assert_eq!(
        p.said_by("hero"),
        [
            "grapple vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
            "hero grapples foe"
        ]
    );
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        for u in [0, 1] {
            assert!(f.units[u].conds.has(Condition::Grappled), "unit {u}");
        }
        let view = View::new(f);
        assert_eq!(
            (view.grappling(HERO), view.grappled_by(FOE)),
            (Some(FOE), Some(HERO))
        );
        assert_eq!(
            view.maneuver_legal(FOE, HERO, Maneuver::Grapple, ManeuverOption::Default),
            Err("grappled")
        );
    });
}

/// « If you successfully grapple a creature that is not adjacent to you, move that creature
/// to an adjacent open space (if no space is available, your grapple fails) ».
#[test]
fn grapple_pulls_a_target_at_reach_next_to_the_grappler() {
    let ogre = grappler(json!({ "size": "Large" }));
    let s = pair(&["AA.B", "AA.."], ogre, foe(json!({})), 1);
    let p = once(&s, on_foe(Maneuver::Grapple), &[10]);
    assert_eq!(
        p.said_by("hero")[1..],
        ["foe is pulled (0,3)->(0,2)", "hero grapples foe"]
    );
}

/// « you get a +5 circumstance bonus on grapple checks made against the same target in
/// subsequent rounds »; « Pin: You can give your opponent the pinned condition [...] you still
/// only have the grappled condition, but you lose your Dexterity bonus to AC ». Pinned is not
/// helpless (« CRB — Pinned »): denied its Dexterity bonus, −4 AC, and it may only try to
/// break free.
#[test]
fn grapple_pin_pins_the_target_and_denies_its_dexterity() {
    let s = pair(
        &["AB"],
        grappler(json!({})),
        foe(json!({ "attacks": [sword(0)] })),
        3,
    );
    let hit = Action::Attack { target: HERO };
    let turns = Turns::new()
        .of(
            0,
            &[&[on_foe(Maneuver::Grapple)], &[grapple(GrappleAction::Pin)]],
        )
        .of(1, &[&[], &[hit], &[Action::Escape { by: EscapeBy::Cmb }]]);
    let p = play_turns(&s, &turns, &[(20, 10), (20, 10), (20, 2)]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=1+0=1",
        "1 | hero | grapple vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
        "1 | hero | hero grapples foe",
        "2 | hero | grapple vs foe: d20=10+12=22 vs CMD 15 -> SUCCESS",
        "2 | hero | hero pins foe",
        "2 | foe | attack dropped: downgraded:cant_attack",
        "3 | foe | escape (CMB) vs hero: d20=2+1=3 vs DC 11 -> FAILED",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        let ac_before = f.stat_mod(
            1,
            crate::rules::Stat::Ac,
            Some(crate::rules::AcKind::Total),
            &Default::default(),
        );
        attempt(
            f,
            Maneuver::Grapple,
            ManeuverOption::Grapple(GrappleAction::Pin),
            &[10],
        );
        let (hero, foe) = (&f.units[0].conds, &f.units[1].conds);
        assert!(foe.has(Condition::Pinned) && !foe.has(Condition::Grappled));
        assert!(
            !f.has_flag(1, crate::rules::flag::HELPLESS),
            "pinned is not helpless"
        );
        assert!(
            f.denied_dex(0, 1, true),
            "the pinned foe loses its Dex bonus"
        );
        assert!(hero.has(Condition::Grappled) && hero.has(Condition::FlatFooted));
        let ac_after = f.stat_mod(
            1,
            crate::rules::Stat::Ac,
            Some(crate::rules::AcKind::Total),
            &Default::default(),
        );
        assert_eq!(ac_after - ac_before, -2, "grappled −2 becomes pinned −4");
        // A plain hold next round lets the pin go.
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        assert!(
            f.units[1].conds.has(Condition::Grappled) && !f.units[1].conds.has(Condition::Pinned)
        );
        assert!(!f.units[0].conds.has(Condition::FlatFooted));
    });
}

/// « If you are grappled, you can attempt to break free [...] by making a combat maneuver check
/// (DC equal to your opponent's CMD [...]) »; the grappled −2 does not count on it.
#[test]
fn escape_grapple_by_cmb() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({ "cmb": 8 })), 2);
    let turns = Turns::new()
        .of(0, &[&[on_foe(Maneuver::Grapple)]])
        .of(1, &[&[Action::Escape { by: EscapeBy::Cmb }]]);
    let p = play_turns(&s, &turns, &d20s(&[10, 3]));
    assert_eq!(
        p.render()[4..6],
        [
            "1 | foe | escape (CMB) vs hero: d20=3+8=11 vs DC 11 -> SUCCESS",
            "1 | hero | grapple of foe ends (escaped)",
        ]
    );
}

/// « [...] or Escape Artist check (with a DC equal to your opponent's CMD) »: a skill check,
/// no automatic result (a natural 1 still adds up); grappled, it takes −4 (Dexterity).
#[test]
fn escape_grapple_by_escape_artist() {
    let artist = foe(json!({ "skills": { "escape_artist": { "ranks": 5, "class_skill": true } } }));
    let s = pair(&["AB"], grappler(json!({})), artist, 2);
    let turns = Turns::new().of(0, &[&[on_foe(Maneuver::Grapple)]]).of(
        1,
        &[&[Action::Escape {
            by: EscapeBy::EscapeArtist,
        }]],
    );
    let p = play_turns(&s, &turns, &d20s(&[10, 7]));
    assert_eq!(
        p.said_by("foe"),
        ["escape (Escape Artist) vs hero: d20=7+4=11 vs DC 11 -> SUCCESS"]
    );
    let nimble = foe(json!({ "skills": { "escape_artist": { "total": 30 } } }));
    let s = pair(&["AB"], grappler(json!({})), nimble, 2);
    let p = play_turns(&s, &turns, &d20s(&[10, 1]));
    assert_eq!(
        p.said_by("foe"),
        ["escape (Escape Artist) vs hero: d20=1+26=27 vs DC 11 -> SUCCESS"]
    );
    // The view's chance: 11 − 4 = DC… 7 or better of 20: 70 %, and 100 % for the nimble one.
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        let view = View::new(f);
        assert_eq!(view.escape_chance(FOE, EscapeBy::EscapeArtist), Some(100));
        assert_eq!(
            view.escape_chance(FOE, EscapeBy::Cmb),
            Some(55),
            "CMB 1 + 2 − 2 vs 11: 10–20"
        );
    });
}

/// « Tie Up »: rope; « This works like a pin effect, but the DC to escape the bonds is equal to
/// 20 + your Combat Maneuver Bonus »; the ropes need no check to hold, and against bonds a
/// natural 20 does not succeed.
#[test]
fn tie_up_needs_a_rope_and_holds_without_a_grappler() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 1);
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        let r = f.maneuver_legal(
            0,
            1,
            Maneuver::Grapple,
            ManeuverOption::Grapple(GrappleAction::TieUp),
        );
        assert_eq!(r, Err("no_rope"));
    });
    let roper = grappler(json!({ "carried_items": ["silk rope (50 ft.)"] }));
    let s = pair(&["AB"], roper, foe(json!({ "cmb": 0 })), 1);
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        attempt(
            f,
            Maneuver::Grapple,
            ManeuverOption::Grapple(GrappleAction::Pin),
            &[10],
        );
        let said = attempt(
            f,
            Maneuver::Grapple,
            ManeuverOption::Grapple(GrappleAction::TieUp),
            &[10],
        );
        assert_eq!(
            said,
            [
                "grapple vs foe: d20=10+12=22 vs CMD 15 -> SUCCESS",
                "hero pins foe",
                "hero ties up foe (escape DC 25)",
            ]
        );
        assert!(f.units[1].conds.has(Condition::Pinned));
        assert!(
            !f.units[0].conds.has(Condition::Grappled),
            "the grappler is free"
        );
        assert_eq!(View::new(f).bonds_dc(FOE), Some(25));
        assert_eq!(
            View::new(f).escape_chance(FOE, EscapeBy::Cmb),
            Some(0),
            "20 + 0 < 25"
        );
        let mut sink = Keep::default();
        let mut dice = ScriptedDice::new(d20s(&[20]));
        f.escape(1, EscapeBy::Cmb, &mut dice, &mut sink);
        assert_eq!(
            sink.0[0].message,
            "escape (CMB) vs bonds: d20=20+0=20 vs DC 25 -> FAILED"
        );
        assert!(f.units[1].conds.has(Condition::Pinned));
    });
}

/// « If you do not release the grapple, you must continue to make a check each round, as a
/// standard action, to maintain the hold »: a hold not maintained during the grappler's turn
/// ends at the start of its next turn.
#[test]
fn an_unmaintained_grapple_ends_at_the_grapplers_next_turn() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 3);
    let p = once(&s, on_foe(Maneuver::Grapple), &[10]);
    assert_eq!(
        p.said_by("hero")[2..],
        ["grapple of foe ends (not maintained)"]
    );
    assert_eq!(
        p.render()[4],
        "3 | hero | grapple of foe ends (not maintained)"
    );
}

#[test]
fn release_is_a_free_action() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 2);
    let hit = Action::Attack { target: FOE };
    let p = play_turns(
        &s,
        &Turns::new().of(0, &[&[on_foe(Maneuver::Grapple)], &[Action::Release, hit]]),
        &d20s(&[10, 5]),
    );
    assert_eq!(
        p.said_by("hero")[2..],
        [
            "grapple of foe ends (released)",
            "sword vs foe d20=5+3=8 AC 10 -> MISS"
        ]
    );
}

/// « Damage: You can inflict damage to your target equal to your unarmed strike, a natural
/// attack, or an attack made with armor spikes or a light or one-handed weapon ».
#[test]
fn grapple_damage_deals_an_unarmed_strike_or_a_one_handed_weapon() {
    let s = pair(
        &["AB"],
        grappler(json!({ "attacks": [] })),
        foe(json!({})),
        1,
    );
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        let mut dice = ScriptedDice::new([(20, 10), (3, 2)]);
        let mut sink = Keep::default();
        let attempt = Attempt {
            option: ManeuverOption::Grapple(GrappleAction::Damage),
            ..Attempt::ACTION
        };
        f.perform_maneuver(0, 1, Maneuver::Grapple, attempt, &mut dice, &mut sink);
        assert_eq!(
            sink.0[1].message,
            "grapple damage: 0 dmg +2 nonlethal (foe hp 20 -> 20)"
        );
    });
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 1);
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        let mut dice = ScriptedDice::new([(20, 10), (6, 4)]);
        let mut sink = Keep::default();
        let attempt = Attempt {
            option: ManeuverOption::Grapple(GrappleAction::Damage),
            ..Attempt::ACTION
        };
        f.perform_maneuver(0, 1, Maneuver::Grapple, attempt, &mut dice, &mut sink);
        assert_eq!(sink.0[1].message, "grapple damage: 4 dmg (foe hp 20 -> 16)");
    });
}

/// « Move: You can move both yourself and your target up to half your speed ».
#[test]
fn grapple_move_moves_both_up_to_half_speed() {
    let s = pair(&[".AB..."], grappler(json!({})), foe(json!({})), 2);
    let p = play_turns(
        &s,
        &Turns::new().of(
            0,
            &[
                &[on_foe(Maneuver::Grapple)],
                &[grapple(GrappleAction::Move(Direction::East))],
            ],
        ),
        &d20s(&[10, 10]),
    );
    assert_eq!(
        p.said_by("hero")[3],
        "hero moves (0,1)->(0,4) with foe (0,2)->(0,5)"
    );
    assert_eq!(
        p.positions,
        [crate::board::Pos::new(0, 4), crate::board::Pos::new(0, 5)]
    );
}

#[test]
fn a_failed_maintain_check_ends_the_grapple() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 1);
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        let said = attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[1]);
        assert_eq!(said[1], "grapple of foe ends (the hold is broken)");
        assert!(f.units.iter().all(|u| !u.conds.has(Condition::Grappled)));
    });
}

/// One grapple per creature: a second grappler cannot join (simplified), and a grappled
/// creature can use no weapon that needs two hands.
#[test]
fn grappled_creatures_cannot_use_two_handed_weapons_or_be_grappled_twice() {
    let greatsword = json!({
        "name": "greatsword", "kind": "melee", "attack_bonus": 5, "two_handed": true,
        "damage": [{ "formula": "2d6", "types": ["slashing"] }]
    });
    let armed = foe(json!({ "attacks": [greatsword, melee("dagger", 2, "1d4", &["piercing"])] }));
    let other = creature("other", json!({ "cmb": 5 }));
    let s = scenario(
        room(&["AB", "A."]),
        vec![("a", vec![grappler(json!({})), other]), ("b", vec![armed])],
        1,
    );
    with_fight_mut(&s, |f| {
        assert_eq!(f.weapon_for(2, 0), Some(0), "the greatsword, before");
        let mut dice = ScriptedDice::new(d20s(&[10]));
        let attempt = Attempt::ACTION;
        f.perform_maneuver(0, 2, Maneuver::Grapple, attempt, &mut dice, &mut NoLog);
        assert_eq!(f.weapon_for(2, 0), Some(1), "the dagger while grappled");
        assert_eq!(
            f.maneuver_legal(1, 2, Maneuver::Grapple, ManeuverOption::Default),
            Err("already_grappled")
        );
    });
}

/// The entry point monster riders use: a grab is a free grapple attempt at +4 that provokes
/// nothing (« Grab »), and its +4 counts when the hold is maintained.
#[test]
fn a_monster_grab_grapples_without_provoking() {
    let s = pair(
        &["AB"],
        hero(json!({})),
        foe(json!({ "attacks": [sword(0)] })),
        1,
    );
    with_fight_mut(&s, |f| {
        let mut dice = ScriptedDice::new(d20s(&[10, 10]));
        let mut sink = Keep::default();
        f.perform_maneuver(
            0,
            1,
            Maneuver::Grapple,
            Attempt::rider(4),
            &mut dice,
            &mut sink,
        );
        f.perform_maneuver(
            0,
            1,
            Maneuver::Grapple,
            Attempt::ACTION,
            &mut dice,
            &mut sink,
        );
        let said: Vec<&str> = sink.0.iter().map(|l| l.message.as_str()).collect();
        assert_eq!(
            said,
            [
                "grapple vs foe: d20=10+9=19 vs CMD 15 -> SUCCESS",
                "hero grapples foe",
                "grapple vs foe: d20=10+14=24 vs CMD 15 -> SUCCESS",
            ],
            "no attack of opportunity; maintained at +5 +4 (CMB 5 − 2 + 2)"
        );
    });
}

#[test]
fn a_grapple_ends_when_the_grappler_is_down() {
    let s = pair(&["AB"], grappler(json!({})), foe(json!({})), 1);
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Grapple, ManeuverOption::Default, &[10]);
        f.apply_damage(0, 25, 0);
        let mut sink = Keep::default();
        f.grapple_turn_start(1, &mut sink);
        assert_eq!(
            sink.0[0].message,
            "grapple of foe ends (the grappler is down)"
        );
        assert!(!f.units[1].conds.has(Condition::Grappled));
    });
}
