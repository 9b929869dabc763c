//! Hiding and tumbling (« CRB — Stealth », « Perception », « Acrobatics »; the reference spec,
//! « Stealth », « Acrobatics — Tumbling »): Stealth needs cover or concealment and beats each
//! observer's Perception on its own; a hidden attacker is an invisible one for its target and
//! cannot be attacked by those it hides from, until it attacks or stands in the open; a tumbler
//! rolls Acrobatics against each threatening enemy's CMD (+2 per enemy already avoided) and
//! provokes only on a failure, at half speed.

use serde_json::{Value, json};

use super::super::support::*;
use super::*;
use crate::fight::Action;

/// A hero with Stealth +10 (and `patch`) and a foe with a sword and Dex 14 (AC 14, touch 12,
/// flat-footed 12), on `row`.
fn hiding(row: &str, patch: Value, hero: Decide, script: &[(u32, u32)]) -> Played {
    let h = creature_over(
        "hero",
        json!({ "skills": { "stealth": { "total": 10 } }, "attacks": [sword(0)] }),
        patch,
    );
    let foe = creature(
        "foe",
        json!({
            "abilities": { "dex_score": 14 },
            "ac": { "total": 14, "touch": 12, "flat_footed": 12 },
            "attacks": [sword(0)]
        }),
    );
    let s = scenario(
        map(&[&row.replace(['A', 'B'], ".")], &[&row.replace('C', ".")]),
        vec![("a", vec![h]), ("b", vec![foe])],
        1,
    );
    let mut rolls = d20s(&[20, 10]);
    rolls.extend_from_slice(script);
    play_with(&s, &Script::new().unit(0, hero).others_default(), &rolls)
}

fn hides(_: &View<'_>, _: UnitId, plan: &mut Plan) {
    plan.push(Action::Hide);
}

/// « CRB — Stealth »: no hiding from an observer who sees the hero directly; behind a pillar
/// (cover), Stealth against the foe's Perception, −2 for 20 ft.
#[test]
fn hide_needs_cover_or_concealment() {
    let p = hiding("AB", json!({}), hides, &d20s(&[2]));
    assert_eq!(p.said_by("hero"), ["hide refused: no_cover_or_concealment"]);
    let p = hiding("A.C.B", json!({}), hides, &d20s(&[10, 15]));
    assert_eq!(
        p.said_by("hero"),
        [
            "hides: Stealth d20=10+10=20",
            "foe Perception d20=15-2=13 -> does not notice it"
        ]
    );
    // A tie notices.
    let p = hiding("A.C.B", json!({}), hides, &d20s(&[3, 15]));
    assert_eq!(
        p.said_by("hero")[1],
        "foe Perception d20=15-2=13 -> notices it"
    );
}

/// « CRB — Stealth »: a blurred hero (concealment) hides from the foe beside it; its attack
/// then treats the foe as flat-footed (AC 12, not 14) at +2, as an invisible attacker's
/// would, and reveals it.
#[test]
fn hidden_attacker_denies_dex() {
    fn hides_and_strikes(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Hide);
        plan.push(Action::Attack { target: unit(1) });
    }
    let blurred = json!({ "conditions": ["blurred"] });
    let p = hiding(
        "AB",
        blurred,
        hides_and_strikes,
        &[(20, 10), (20, 5), (20, 10), (6, 3), (20, 2)],
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=10+0=10",
        "- | - | hero starts blurred",
        "1 | hero | hides: Stealth d20=10+10=20",
        "1 | hero | foe Perception d20=5+0=5 -> does not notice it",
        "1 | hero | no longer hidden (attacks)",
        "1 | hero | sword vs foe d20=10+2=12 AC 12 -> HIT 3 dmg (foe hp 20 -> 17)",
        "1 | foe | sword vs hero d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

/// « CRB — Stealth »: those a creature hides from cannot attack it — the foe's full attack
/// on the hidden hero never comes.
#[test]
fn a_hidden_creature_cannot_be_attacked_by_those_it_hides_from() {
    let blurred = json!({ "conditions": ["blurred"] });
    let p = hiding("AB", blurred, hides, &d20s(&[10, 5]));
    assert_eq!(p.said_by("foe"), Vec::<&str>::new());
}

/// « CRB — Stealth »: walking out from behind the pillar, into the foe's plain view, reveals
/// the hero.
#[test]
fn moving_into_the_open_reveals() {
    fn hides_then_walks(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Hide);
        plan.push(Action::Move { target: unit(1) });
    }
    let h = creature("hero", json!({ "skills": { "stealth": { "total": 10 } } }));
    let s = scenario(
        map(&["..C..", "....."], &["A...B", "....."]),
        vec![("a", vec![h]), ("b", vec![creature("foe", json!({}))])],
        1,
    );
    let p = play_with(
        &s,
        &Script::new().unit(0, hides_then_walks),
        &d20s(&[20, 10, 10, 5]),
    );
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: foe d20=10+0=10",
        "1 | hero | hides: Stealth d20=10+10=20",
        "1 | hero | foe Perception d20=5-2=3 -> does not notice it",
        "1 | hero | move (0,0)->(1,1)->(1,2)->(1,3)",
        "1 | hero | no longer hidden from foe (seen)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

/// A tumbler (Acrobatics +6: 3 ranks, class skill) passing two guards (sword +0, CMD 11) on
/// its way to a target: `hero` decides its move.
fn past_two_guards(hero: Decide, script: &[u32]) -> Played {
    let tumbler = creature(
        "hero",
        json!({
            "skills": { "acrobatics": { "ranks": 3, "class_skill": true } },
            "attacks": [sword(0)]
        }),
    );
    let guard = || creature("guard", json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&["A....", ".BB.B"]),
        vec![
            ("a", vec![tumbler]),
            ("b", vec![guard(), guard(), creature("target", json!({}))]),
        ],
        1,
    );
    let mut rolls = vec![20, 1, 1, 1];
    rolls.extend_from_slice(script);
    play_with(&s, &Script::new().unit(0, hero), &d20s(&rolls))
}

fn tumbles(_: &View<'_>, _: UnitId, plan: &mut Plan) {
    plan.push(Action::Tumble {
        target: unit(3),
        fast: false,
    });
}

/// « CRB — Acrobatics »: at half speed (3 squares), the tumbler beats each guard's CMD —
/// the second at +2 — and neither strikes; walking the same way provokes both.
#[test]
fn tumble_avoids_the_attack_of_opportunity() {
    let p = past_two_guards(tumbles, &[10, 10]);
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: guard d20=1+0=1",
        "- | - | initiative: guard-2 d20=1+0=1",
        "- | - | initiative: target d20=1+0=1",
        "1 | hero | tumble (0,0)->(0,1)->(0,2)->(0,3)",
        "1 | hero | tumbles past guard: Acrobatics d20=10+6=16 vs CMD 11 -> avoids its attack of opportunity",
        "1 | hero | tumbles past guard-2: Acrobatics d20=10+6=16 vs CMD 11+2 -> avoids its attack of opportunity",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    fn walks(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Move { target: unit(3) });
    }
    let p = past_two_guards(walks, &[2, 2]);
    assert_eq!(p.count("AoO: sword vs hero"), 2);
}

/// « CRB — Acrobatics »: « If you fail this check, you provoke an attack of opportunity » —
/// from that guard only; the move goes on.
#[test]
fn failed_tumble_provokes() {
    let p = past_two_guards(tumbles, &[10, 3, 2]);
    assert_eq!(
        p.render()[5..8],
        [
            "1 | hero | tumbles past guard: Acrobatics d20=10+6=16 vs CMD 11 -> avoids its attack of opportunity",
            "1 | hero | tumbles past guard-2: Acrobatics d20=3+6=9 vs CMD 11+2 -> fails",
            "1 | guard-2 | AoO: sword vs hero d20=2+0=2 AC 10 -> MISS",
        ]
    );
    assert_eq!(p.positions[0], crate::board::Pos::new(0, 3));
}
