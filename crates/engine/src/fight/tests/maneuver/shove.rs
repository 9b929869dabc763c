//! Trip, bull rush, overrun, reposition and drag (« CRB — Trip », « Bull Rush », « Overrun »;
//! APG « Reposition », « Drag »), with what every manoeuvre shares: the check against CMD with
//! natural 1 and 20, the target's attack of opportunity and its damage as a penalty, the
//! Improved feats, the size limit.

use serde_json::json;

use super::super::support::*;
use super::*;
use crate::rules::Condition;
use crate::rules::maneuver::Direction;

const START: [&str; 2] = [
    "- | - | initiative: hero d20=20+0=20",
    "- | - | initiative: foe d20=1+0=1",
];
const END1: &str = "- | - | battle over: draw after 1 rounds (round cap)";

fn log(lines: &[&str], end: &str) -> Vec<String> {
    START
        .iter()
        .chain(lines)
        .chain(std::iter::once(&end))
        .map(|s| s.to_string())
        .collect()
}

fn assert_lines(p: &Played, lines: &[&str], end: &str) {
    let expected = log(lines, end);
    let expected: Vec<&str> = expected.iter().map(String::as_str).collect();
    p.assert_log(&expected);
}

#[test]
fn trip_knocks_the_target_prone() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Trip"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Trip), &[10]);
    assert_lines(
        &p,
        &[
            "1 | hero | trip vs foe: d20=10+7=17 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is knocked prone",
        ],
        END1,
    );
}

#[test]
fn trip_failed_by_ten_knocks_the_attacker_prone() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Trip"] })),
        foe(json!({ "cmd": 20 })),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Trip), &[3]);
    assert_lines(
        &p,
        &[
            "1 | hero | trip vs foe: d20=3+7=10 vs CMD 20 -> FAILED",
            "1 | hero | hero falls prone (failed by 10 or more)",
        ],
        END1,
    );
    // Failing by 9 is only a failure.
    let p = once(&s, on_foe(Maneuver::Trip), &[4]);
    assert_eq!(p.count("falls prone"), 0);
}

/// « CRB — Combat Maneuvers »: without the Improved feat the target strikes first, and « If
/// you are hit by the target, you take the damage normally and apply that amount as a penalty
/// to the attack roll to perform the maneuver ».
#[test]
fn a_maneuver_provokes_and_the_damage_is_a_penalty_on_the_check() {
    let s = pair(
        &["AB"],
        hero(json!({})),
        foe(json!({ "attacks": [sword(0)] })),
        1,
    );
    let p = play_turns(
        &s,
        &Turns::new().of(0, &[&[on_foe(Maneuver::Trip)]]),
        &[(20, 15), (6, 4), (20, 15)],
    );
    assert_lines(
        &p,
        &[
            "1 | foe | AoO: sword vs hero d20=15+0=15 AC 10 -> HIT 4 dmg (hero hp 20 -> 16)",
            "1 | hero | trip vs foe: d20=15+5-4=16 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is knocked prone",
        ],
        END1,
    );
}

#[test]
fn improved_trip_provokes_no_attack_of_opportunity() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Trip"] })),
        foe(json!({ "attacks": [sword(0)] })),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Trip), &[8]);
    assert_lines(
        &p,
        &[
            "1 | hero | trip vs foe: d20=8+7=15 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is knocked prone",
        ],
        END1,
    );
}

/// The reference spec: « si l'AoO fait passer l'attaquant sous 0 pv, la manœuvre est perdue ».
#[test]
fn a_maneuver_is_lost_when_its_attack_of_opportunity_drops_the_attacker() {
    let s = pair(
        &["AB"],
        hero(json!({ "hp_max": 3 })),
        foe(json!({ "attacks": [sword(0)] })),
        1,
    );
    let p = play_turns(
        &s,
        &Turns::new().of(0, &[&[on_foe(Maneuver::Trip)]]),
        &[(20, 15), (6, 6)],
    );
    assert_eq!(
        p.said_by("hero"),
        ["trip vs foe: lost"],
        "no check is rolled:\n{}",
        p.render().join("\n")
    );
}

#[test]
fn natural_one_always_fails_a_maneuver() {
    let s = pair(
        &["AB"],
        hero(json!({ "cmb": 30, "feats": ["Improved Trip"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Trip), &[1]);
    assert_lines(
        &p,
        &["1 | hero | trip vs foe: d20=1+32=33 vs CMD 15 -> FAILED"],
        END1,
    );
}

#[test]
fn natural_twenty_always_succeeds_at_a_maneuver() {
    let s = pair(
        &["AB"],
        hero(json!({ "cmb": -10, "feats": ["Improved Trip"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Trip), &[20]);
    assert_lines(
        &p,
        &[
            "1 | hero | trip vs foe: d20=20-8=12 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is knocked prone",
        ],
        END1,
    );
}

/// « CRB — Combat Maneuvers »: « If your target is immobilized, unconscious, or otherwise
/// incapacitated, your maneuver automatically succeeds »: no die is rolled.
#[test]
fn a_maneuver_on_a_helpless_target_succeeds_without_a_roll() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Trip"] })),
        foe(json!({ "cmd": 40, "conditions": ["paralyzed"] })),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Trip), &[]);
    assert!(
        p.render().contains(
            &"1 | hero | trip vs foe: d20=20+7=27 vs CMD 35 (helpless: automatic) -> SUCCESS"
                .to_string()
        ),
        "{}",
        p.render().join("\n")
    );
}

/// « CRB — Trip »: « You can only trip an opponent who is no more than one size category
/// larger than you »: refused with no roll and no attack of opportunity; Large is fine.
#[test]
fn size_limit_refuses_a_trip_on_a_much_larger_target() {
    let huge = foe(json!({ "size": "Huge", "attacks": [sword(0)] }));
    let s = pair(&["A...", ".BBB", ".BBB", ".BBB"], hero(json!({})), huge, 1);
    let p = once(&s, on_foe(Maneuver::Trip), &[]);
    assert_eq!(p.said_by("hero"), ["trip refused: too_large"]);
    let large = foe(json!({ "size": "Large" }));
    let s = pair(&["A..", ".BB", ".BB"], hero(json!({})), large, 1);
    with_fight(&s, |f| {
        let view = View::new(f);
        assert_eq!(
            view.maneuver_legal(UnitId::new(0), FOE, Maneuver::Trip, ManeuverOption::Default),
            Ok(())
        );
        assert_eq!(
            view.maneuver_legal(
                UnitId::new(0),
                FOE,
                Maneuver::Disarm,
                ManeuverOption::Default
            ),
            Err("nothing_to_disarm"),
            "no size limit on a disarm; the foe holds nothing"
        );
    });
}

#[test]
fn a_maneuver_out_of_reach_is_refused() {
    let s = pair(&["A.B"], hero(json!({})), foe(json!({})), 1);
    let p = once(&s, on_foe(Maneuver::Trip), &[]);
    assert_eq!(p.said_by("hero"), ["trip refused: out_of_reach"]);
}

#[test]
fn bull_rush_pushes_five_feet_plus_five_per_five() {
    let s = pair(
        &["AB...."],
        hero(json!({ "feats": ["Improved Bull Rush"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::BullRush), &[18]);
    assert_lines(
        &p,
        &[
            "1 | hero | bull_rush vs foe: d20=18+7=25 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is moved (0,1)->(0,4)",
        ],
        END1,
    );
    // A natural 20 under the CMD pushes 5 feet only.
    let s = pair(
        &["AB...."],
        hero(json!({ "cmb": -20, "feats": ["Improved Bull Rush"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::BullRush), &[20]);
    assert_eq!(p.positions[1], crate::board::Pos::new(0, 2));
}

#[test]
fn bull_rush_stops_at_the_first_blocked_square() {
    let m = map(&["...#"], &["AB.."]);
    let s = scenario(
        m,
        vec![
            ("a", vec![hero(json!({ "feats": ["Improved Bull Rush"] }))]),
            ("b", vec![foe(json!({}))]),
        ],
        1,
    );
    let p = once(&s, on_foe(Maneuver::BullRush), &[18]);
    assert_eq!(p.said_by("hero")[1], "foe is moved (0,1)->(0,2)");
    // Against a wall at once: it cannot be moved.
    let m = map(&["..#"], &["AB."]);
    let s = scenario(
        m,
        vec![
            ("a", vec![hero(json!({ "feats": ["Improved Bull Rush"] }))]),
            ("b", vec![foe(json!({}))]),
        ],
        1,
    );
    let p = once(&s, on_foe(Maneuver::BullRush), &[18]);
    assert_eq!(p.said_by("hero")[1], "foe cannot be moved (blocked)");
}

/// « CRB — Overrun »: through the target's space; by 5 or more it is knocked prone.
#[test]
fn overrun_moves_through_the_target_and_fells_it_by_five_or_more() {
    let s = pair(
        &["AB."],
        hero(json!({ "feats": ["Improved Overrun"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Overrun), &[13]);
    assert_lines(
        &p,
        &[
            "1 | hero | overrun vs foe: d20=13+7=20 vs CMD 15 -> SUCCESS",
            "1 | hero | hero moves through foe (0,0)->(0,2)",
            "1 | hero | foe is knocked prone",
        ],
        END1,
    );
    let p = once(&s, on_foe(Maneuver::Overrun), &[12]);
    assert_eq!(
        p.said_by("hero")[1..],
        ["hero moves through foe (0,0)->(0,2)"],
        "by 4: no fall"
    );
    let p = once(&s, on_foe(Maneuver::Overrun), &[5]);
    assert_eq!(
        p.positions[0],
        crate::board::Pos::new(0, 0),
        "a failure stops in front"
    );
    // No room beyond: refused before any roll.
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Overrun"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Overrun), &[]);
    assert_eq!(p.said_by("hero"), ["overrun refused: no_room_beyond"]);
}

/// APG « Reposition »: 5 feet plus 5 per 5 in the chosen direction, « The target must remain
/// within your reach at all times during this movement, except for the final 5 feet ».
#[test]
fn reposition_moves_the_target_within_reach_but_for_the_last_five_feet() {
    let s = pair(
        &["...", "AB.", "...", "..."],
        hero(json!({ "feats": ["Improved Reposition"] })),
        foe(json!({})),
        1,
    );
    let south = with_option(
        Maneuver::Reposition,
        ManeuverOption::Toward(Direction::South),
    );
    let p = once(&s, south, &[18]);
    assert_lines(
        &p,
        &[
            "1 | hero | reposition vs foe: d20=18+7=25 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is moved (1,1)->(3,1)",
        ],
        END1,
    );
}

/// APG « Drag »: « both you and your target are moved 5 feet back, with your enemy occupying
/// your original space », 5 feet more per 5.
#[test]
fn drag_pulls_the_target_after_the_attacker() {
    let s = pair(
        &["...AB"],
        hero(json!({ "feats": ["Improved Drag"] })),
        foe(json!({})),
        1,
    );
    let p = once(&s, on_foe(Maneuver::Drag), &[13]);
    assert_lines(
        &p,
        &[
            "1 | hero | drag vs foe: d20=13+7=20 vs CMD 15 -> SUCCESS",
            "1 | hero | hero steps back (0,3)->(0,1)",
            "1 | hero | foe is moved (0,4)->(0,2)",
        ],
        END1,
    );
}

/// « Greater Trip »: « Whenever you successfully trip an opponent, that opponent provokes
/// attacks of opportunity ».
#[test]
fn greater_trip_makes_the_fallen_target_provoke() {
    let tripper = hero(json!({ "feats": ["Improved Trip", "Greater Trip"] }));
    let ally = creature("ally", json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["AB", "A."]),
        vec![("a", vec![tripper, ally]), ("b", vec![foe(json!({}))])],
        1,
    );
    let trip = Action::Maneuver {
        kind: Maneuver::Trip,
        target: UnitId::new(2),
        option: ManeuverOption::Default,
    };
    let p = play_turns(
        &s,
        &Turns::new().of(0, &[&[trip]]),
        &[(20, 10), (20, 2), (20, 2)],
    );
    let lines = p.render();
    let tail: Vec<&str> = lines[3..6].iter().map(String::as_str).collect();
    assert_eq!(
        tail,
        [
            "1 | hero | trip vs foe: d20=10+9=19 vs CMD 15 -> SUCCESS",
            "1 | hero | foe is knocked prone",
            "1 | hero | AoO: sword vs foe d20=2+3=5 AC 6 -> MISS",
        ]
    );
    assert_eq!(p.count("AoO"), 2, "the tripper and its ally");
    assert_eq!(
        p.said_by("ally"),
        ["AoO: sword vs foe d20=2+0=2 AC 6 -> MISS"]
    );
}

#[test]
fn prone_lasts_until_the_target_stands_up() {
    let s = pair(
        &["AB"],
        hero(json!({ "feats": ["Improved Trip"] })),
        foe(json!({})),
        1,
    );
    with_fight_mut(&s, |f| {
        attempt(f, Maneuver::Trip, ManeuverOption::Default, &[15]);
        assert!(f.units[1].conds.has(Condition::Prone));
        assert_eq!(
            f.units[1].conds.rounds(Condition::Prone),
            0,
            "permanent until it stands"
        );
    });
}
