//! The manoeuvre check against its closed form over many seeded rolls, and the view's answers
//! to a manoeuvring policy.

use serde_json::json;

use super::super::support::*;
use super::*;
use crate::fight::NoLog;
use crate::rng::{RunIndex, Seed, SeededDice};

/// d20 + 5 against CMD 15 succeeds on 10–20: 55 %; d20 + 30 against 15 fails only on a
/// natural 1: 95 %. 4000 checks each stay within 3σ of those rates, and the view says so.
#[test]
fn the_trip_success_rate_matches_the_closed_form() {
    for (cmb, percent) in [(5, 55u32), (30, 95)] {
        let s = pair(&["AB"], hero(json!({ "cmb": cmb })), foe(json!({})), 1);
        with_fight_mut(&s, |f| {
            assert_eq!(
                View::new(f).maneuver_chance(
                    UnitId::new(0),
                    FOE,
                    Maneuver::Trip,
                    ManeuverOption::Default
                ),
                Some(percent as u8)
            );
            let n = 4000u64;
            let wins = (0..n)
                .filter(|&i| {
                    let mut dice = SeededDice::for_run(Seed(7), RunIndex(i));
                    let roll =
                        f.maneuver_check(0, 1, Maneuver::Trip, 0, true, &mut dice, &mut NoLog);
                    roll.is_some_and(|r| r.success)
                })
                .count() as f64;
            let p = f64::from(percent) / 100.0;
            let sigma = (p * (1.0 - p) / n as f64).sqrt();
            let observed = wins / n as f64;
            assert!(
                (observed - p).abs() <= 3.0 * sigma,
                "{observed} against {p} ± {}",
                3.0 * sigma
            );
        });
    }
}

/// What a policy asks before a manoeuvre: legal or why not, the chance, whether it provokes.
#[test]
fn the_view_answers_a_manoeuvring_policys_questions() {
    let s = pair(
        &["AB."],
        hero(json!({ "feats": ["Improved Disarm"] })),
        foe(json!({ "attacks": [sword(0)], "feats": ["Improved Trip"] })),
        1,
    );
    with_fight(&s, |f| {
        let view = View::new(f);
        let me = UnitId::new(0);
        let chance = |kind| view.maneuver_chance(me, FOE, kind, ManeuverOption::Default);
        assert_eq!(
            chance(Maneuver::Trip),
            Some(45),
            "CMB 5 against CMD 15 + 2 (Improved Trip): 12–20"
        );
        assert_eq!(chance(Maneuver::Disarm), Some(65), "+2 Improved Disarm");
        assert_eq!(chance(Maneuver::Steal), None, "nothing to steal");
        assert!(view.maneuver_provokes(me, FOE, Maneuver::Trip));
        assert!(
            !view.maneuver_provokes(me, FOE, Maneuver::Disarm),
            "Improved Disarm"
        );
        assert_eq!(
            view.maneuver_legal(me, FOE, Maneuver::Overrun, ManeuverOption::Default),
            Ok(())
        );
        assert_eq!(
            view.maneuver_legal(me, FOE, Maneuver::Trip, ManeuverOption::Item(0)),
            Err("invalid_option")
        );
        assert_eq!(view.ammo_left(me, 0), None);
        assert_eq!(view.grappling(me), None);
        assert_eq!(
            view.escape_chance(FOE, crate::rules::maneuver::EscapeBy::Best),
            None
        );
    });
}
