//! The cast action (« CRB — Cast a Spell »; the reference spec, « Temps d'incantation »,
//! « Incantation »): its slot of the turn, the spell slot it spends, its DC, and every refusal
//! — given before anything is spent, with its reason in the transcript.

use serde_json::json;

use crate::area::Intersection;
use crate::fight::{Action, CastTarget, Metamagics};
use crate::spell::vocab::CastingTime;

use super::super::support::*;
use super::*;

/// A wizard (unit 0) and a 40-hp target (unit 1) `gap` squares apart, for `rounds` rounds.
fn duel_at(gap: usize, w: Combatant, rounds: u32) -> Scenario {
    let row = format!("A{}B", ".".repeat(gap));
    let target = creature("target", json!({"hp_max": 40}));
    with_spells(scenario(
        room(&[&row]),
        vec![("a", vec![w]), ("b", vec![target])],
        rounds,
    ))
}

fn plays(s: &Scenario, actions: &[Action], script: &[(u32, u32)]) -> Played {
    let mut rolls = d20s(&[20, 1]);
    rolls.extend_from_slice(script);
    play_with(s, &Plans::new().fixed(0, actions).idle(&[1]), &rolls)
}

/// « CRB — Magic Missile »: one missile, plus one per two caster levels beyond 1st, at most
/// five; no attack roll, each missile its own 1d4+1.
#[test]
fn magic_missile_never_misses_and_fires_1_2_5_missiles_at_cl_1_3_9() {
    for (cl, missiles) in [(1usize, 1usize), (3, 2), (9, 5)] {
        let w = wizard(cl as u32, &["magic missile"], json!({"1": 1}), json!({}));
        let s = duel_at(4, w, 1);
        let p = plays(&s, &[cast("magic missile", on(1))], &vec![(4, 3); missiles]);
        let parts: Vec<String> = (0..missiles)
            .map(|k| {
                let (a, b) = (40 - 4 * k, 36 - 4 * k);
                let hash = if missiles > 1 {
                    format!("#{} ", k + 1)
                } else {
                    String::new()
                };
                format!("{hash}1d4+1=4 force: 4 dmg (target hp {a} -> {b})")
            })
            .collect();
        let line = format!(
            "casts magic missile (sorcerer_wizard 1, slot 1) on target: {}",
            parts.join("; ")
        );
        assert_eq!(p.said_by("wizard"), [line.as_str()], "CL {cl}");
        assert_eq!(p.tally.units[0].damage_dealt, 4 * missiles as u64);
        assert_eq!(p.tally.units[0].hits, 0, "no attack roll, no hit counted");
    }
}

/// « Incantation »: a spell takes the lowest free slot of its level or any higher one; with
/// none left the cast is refused before anything is rolled.
#[test]
fn a_spell_takes_the_lowest_free_slot_then_is_refused_without_one() {
    let w = wizard(3, &["magic missile"], json!({"1": 0, "2": 1}), json!({}));
    let s = duel_at(4, w, 2);
    let p = plays(&s, &[cast("magic missile", on(1))], &[(4, 1), (4, 2)]);
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts magic missile (sorcerer_wizard 1, slot 2) on target: #1 1d4+1=2 force: 2 dmg (target hp 40 -> 38); #2 1d4+1=3 force: 3 dmg (target hp 38 -> 35)",
            "cast refused: no_slot",
        ]
    );
}

/// Cantrips (level 0) are cast at will: no slot is named or spent.
#[test]
fn cantrips_are_cast_at_will() {
    let w = wizard(1, &["acid splash"], json!({}), json!({"attacks": []}));
    let s = duel_at(2, w, 3);
    let touch = |n| [(20, n), (3, 2)];
    let mut script = Vec::new();
    for n in [15, 16, 17] {
        script.extend(touch(n));
    }
    let p = plays(&s, &[cast("acid splash", on(1))], &script);
    let said = p.said_by("wizard");
    assert_eq!(said.len(), 3);
    assert!(
        said.iter().all(|l| l.starts_with("casts acid splash (sorcerer_wizard 0) on target: ranged touch")),
        "{said:?}"
    );
}

/// « Incantation »: a prepared caster that lists its prepared copies spends one per cast.
#[test]
fn a_prepared_caster_spends_its_prepared_copies() {
    let w = wizard(
        1,
        &["magic missile", "ray of enfeeblement"],
        json!({"1": 3}),
        json!({"casting": "prepared", "prepared": {"magic missile": 1}}),
    );
    let s = duel_at(4, w, 2);
    let p = plays(&s, &[cast("magic missile", on(1))], &[(4, 4)]);
    assert_eq!(p.said_by("wizard")[1], "cast refused: not_prepared");
}

/// Every refusal names its reason; nothing is spent or rolled.
#[test]
fn refusals_name_their_reason_and_spend_nothing() {
    let w = wizard(
        1,
        &["shocking grasp", "hold person", "magic missile"],
        json!({"1": 1, "2": 1}),
        json!({}),
    );
    let s = duel_at(4, w, 1);
    let wrong_time = match cast("magic missile", on(1)) {
        Action::Cast {
            spell,
            target,
            metamagic,
            defensively,
            ..
        } => Action::Cast {
            spell,
            target,
            time: CastingTime::Swift,
            metamagic,
            defensively,
        },
        other => other,
    };
    let cases: [(Action, &str); 6] = [
        (cast("fireball", on(1)), "unknown_spell"),
        (cast("shocking grasp", on(1)), "out_of_range"),
        (cast("magic missile", on(7)), "invalid_target"),
        (
            cast("magic missile", CastTarget::Point(Intersection::new(0, 2))),
            "invalid_target",
        ),
        (
            cast_with(
                "magic missile",
                on(1),
                Metamagics::NONE.with(crate::fight::MetamagicKind::Empower),
                false,
            ),
            "invalid_metamagic",
        ),
        (wrong_time, "cast_time"),
    ];
    for (action, reason) in cases {
        let p = plays(&s, &[action], &[]);
        assert_eq!(
            p.said_by("wizard"),
            [format!("cast refused: {reason}")],
            "{action:?}"
        );
    }
}

/// « CRB — Line of Effect »: no spell through a wall; hold person needs a humanoid.
#[test]
fn no_line_of_effect_and_a_filtered_target_are_refused() {
    let w = wizard(
        3,
        &["magic missile", "hold person"],
        json!({"1": 1, "3": 1}),
        json!({}),
    );
    let target = creature("target", json!({"hp_max": 40}));
    let s = with_spells(scenario(
        map(&["..#..", "..#.."], &["A...B", "....."]),
        vec![("a", vec![w.clone()]), ("b", vec![target])],
        1,
    ));
    let p = plays(&s, &[cast("magic missile", on(1))], &[]);
    assert_eq!(p.said_by("wizard"), ["cast refused: no_line_of_effect"]);
    let beast = creature("beast", json!({"creature_type": "animal"}));
    let s = with_spells(scenario(
        room(&["A..B"]),
        vec![("a", vec![w]), ("b", vec![beast])],
        1,
    ));
    let p = plays(&s, &[cast("hold person", on(1))], &[]);
    assert_eq!(p.said_by("wizard"), ["cast refused: invalid_target"]);
}

/// « CRB — Saving Throw »: DC 10 + the spell's level + the casting ability modifier + Spell
/// Focus and Greater Spell Focus of its school.
#[test]
fn the_dc_counts_level_ability_and_spell_focus() {
    let w = wizard(
        5,
        &["hold person"],
        json!({"3": 1}),
        json!({"feats": ["Spell Focus (enchantment)", "Greater Spell Focus (enchantment)"]}),
    );
    let s = duel_at(2, w, 1);
    let p = plays(&s, &[cast("hold person", on(1))], &[(20, 19)]);
    assert!(
        p.said_by("wizard")[0].contains("Will DC 18 d20=19+0=19 saves"),
        "{:?}",
        p.said_by("wizard")
    );
}
