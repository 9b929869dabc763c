//! Areas on the grid (« CRB — Aiming a Spell — Area »): one roll for every creature caught,
//! each saving on its own; bursts stopped by walls; cones and lines from the caster; friends
//! caught too; areas for allies only; a pool of Hit Dice.

use serde_json::json;

use crate::area::{AreaSquares, Shape};
use crate::area::{Intersection, Origin, Template, covered};

use super::super::support::*;
use super::*;

/// Units 1.. of `p` that the wizard's log names at the start of a line, in order.
fn named(p: &Played, caster: &str, names: &[&str]) -> Vec<String> {
    (p.said_by(caster).iter().skip(1))
        .filter_map(|l| names.iter().find(|n| l.starts_with(&format!("{n} "))))
        .map(|n| n.to_string())
        .collect()
}

/// « CRB — Fireball »: friends in the area are caught too; one damage roll for all.
#[test]
fn a_fireball_catches_friends_with_one_roll() {
    let w = wizard(5, &["fireball"], json!({"3": 1}), json!({}));
    let friend = creature("friend", json!({"hp_max": 30}));
    let foe = creature("foe", json!({"hp_max": 30}));
    let s = with_spells(scenario(
        room(&["A.....", "....AB", "......"]),
        vec![("a", vec![w, friend]), ("b", vec![foe])],
        1,
    ));
    let mut rolls = d20s(&[20, 2, 1]);
    rolls.extend([(6, 2); 5]);
    rolls.extend(d20s(&[5, 5]));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(
                0,
                &[cast("fireball", CastTarget::Point(Intersection::new(1, 5)))],
            )
            .idle(&[1, 2]),
        &rolls,
    );
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts fireball (sorcerer_wizard 3, slot 3) at (1,5): 5d6=10 fire",
            "friend Ref DC 16 d20=5+0=5 fails: 10 dmg (friend hp 30 -> 20)",
            "foe Ref DC 16 d20=5+0=5 fails: 10 dmg (foe hp 30 -> 20)",
        ]
    );
    assert_eq!(p.tally.units[0].damage_dealt, 10, "damage to enemies only");
}

/// « CRB — Burst »: no effect around corners — a creature behind a wall is not caught.
#[test]
fn a_wall_cuts_a_burst() {
    let burst = test_spell(
        "Test Burst",
        r#""range": "long", "duration": "instantaneous",
        "area": {"shape": "burst", "size_ft": 20, "origin": "point"},
        "save": {"type": "ref", "on_success": "half"},
        "effects": [{"kind": "damage", "amount": "2d6", "types": ["fire"]}]"#,
    );
    let zones = [
        "........", "........", "...B.B..", "........", "........", "........", "A.......",
    ];
    let play_on = |terrain: &[&str], saves: &[u32]| {
        let w = wizard(1, &["test burst"], json!({"1": 1}), json!({}));
        let foes = vec![creature("front", json!({})), creature("behind", json!({}))];
        let s = scenario(map(terrain, &zones), vec![("a", vec![w]), ("b", foes)], 1)
            .with_spellbook(book_with(&[("test/burst.json", burst.clone())]))
            .unwrap();
        let point = CastTarget::Point(Intersection::new(2, 2));
        let mut rolls = d20s(&[20, 2, 1]);
        rolls.extend([(6, 3), (6, 4)]);
        rolls.extend(d20s(saves));
        play_with(
            &s,
            &Plans::new()
                .fixed(0, &[cast_in(&s, "test burst", point)])
                .idle(&[1, 2]),
            &rolls,
        )
    };
    let open = ["........"; 7];
    let p = play_on(&open, &[1, 1]);
    assert_eq!(p.said_by("wizard").len(), 3, "both caught in the open");
    let walled = [
        "........", "....#...", "....#...", "....#...", "........", "........", "........",
    ];
    let p = play_on(&walled, &[1]);
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts test burst (sorcerer_wizard 1, slot 1) at (2,2): 2d6=7 fire",
            "front Ref DC 14 d20=1+0=1 fails: 7 dmg (front hp 20 -> 13)",
        ]
    );
}

/// « CRB — Sleep »: a pool of 4 Hit Dice takes the weakest creatures first and skips one whose
/// Hit Dice exceed what is left (sleep takes a round to cast: it goes off at the start of the
/// caster's next turn).
#[test]
fn the_hd_pool_takes_the_weakest_first() {
    let w = wizard(1, &["sleep"], json!({"1": 1}), json!({}));
    let hd = |name: &str, level: u32| creature(name, json!({"level": level}));
    let s = with_spells(scenario(
        room(&["A.......", "........", "...BB...", "...BB..."]),
        vec![
            ("a", vec![w]),
            (
                "b",
                vec![hd("two", 2), hd("three", 3), hd("one", 1), hd("single", 1)],
            ),
        ],
        2,
    ));
    let point = CastTarget::Point(Intersection::new(3, 4));
    let mut rolls = d20s(&[20, 5, 4, 3, 2]);
    rolls.extend(d20s(&[1, 1, 1]));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("sleep", point)])
            .idle(&[1, 2, 3, 4]),
        &rolls,
    );
    let said = p.said_by("wizard");
    assert_eq!(said[0], "begins casting sleep (sorcerer_wizard 1, slot 1)");
    assert_eq!(
        said[1],
        "finishes casting sleep (sorcerer_wizard 1, slot 1) at (3,4)"
    );
    assert_eq!(
        named(&p, "wizard", &["two", "three", "one", "single"]),
        ["one", "single", "two"],
        "{said:?}"
    );
    assert!(said[2].ends_with("fails: asleep"), "{said:?}");
}

/// « CRB — Cone »: a quarter circle from the caster's facing corner; « Line »: the squares its
/// segment crosses, stopped by a wall. The creatures caught are those whose squares the
/// template covers.
#[test]
fn cone_and_line_catch_the_creatures_on_their_squares() {
    let w = wizard(
        5,
        &["burning hands", "lightning bolt"],
        json!({"1": 1, "3": 1}),
        json!({}),
    );
    let c = |n: &str| creature(n, json!({"hp_max": 40}));
    let zones = [
        "....B.....",
        "..........",
        "AB.B.....B",
        "..........",
        "B.........",
    ];
    let s = with_spells(scenario(
        room(&zones),
        vec![
            ("a", vec![w]),
            ("b", vec![c("up"), c("near"), c("mid"), c("far"), c("down")]),
        ],
        1,
    ));
    let names = ["up", "near", "mid", "far", "down"];
    let template = |shape, feet| Template::from_feet(shape, feet, 5);
    let origin = Origin::Creature {
        anchor: crate::board::Pos::new(2, 0),
        size: crate::size::Size::Medium,
    };
    let expected = |shape, feet, aim| {
        let mut squares = AreaSquares::new();
        covered(
            s.map(),
            template(shape, feet),
            origin,
            Some(crate::area::Aim::Square(aim)),
            &mut squares,
        );
        let units = s.units();
        let caught: Vec<String> = (1..units.len())
            .filter(|&i| squares.caught(units[i].anchor, units[i].combatant.size()))
            .map(|i| units[i].id.clone())
            .collect();
        caught
    };
    let at = crate::board::Pos::new;
    let cone = expected(Shape::Cone, 15, at(2, 3));
    assert_eq!(cone, ["near", "mid"], "the cone's template");
    let line = expected(Shape::Line, 120, at(2, 9));
    assert_eq!(line, ["near", "mid", "far"], "the line's template");
    let mut rolls = d20s(&[20, 5, 4, 3, 2, 1]);
    rolls.extend([(4, 2); 5]);
    rolls.extend(d20s(&[1, 1]));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("burning hands", on(3))])
            .idle(&[1, 2, 3, 4, 5]),
        &rolls,
    );
    assert_eq!(named(&p, "wizard", &names), cone);
    let mut rolls = d20s(&[20, 5, 4, 3, 2, 1]);
    rolls.extend([(6, 1); 5]);
    rolls.extend(d20s(&[1, 1, 1]));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("lightning bolt", on(4))])
            .idle(&[1, 2, 3, 4, 5]),
        &rolls,
    );
    assert_eq!(named(&p, "wizard", &names), line);
}

/// « CRB — Bless »: a burst centred on the caster that affects only its side.
#[test]
fn bless_affects_the_casters_side_only() {
    let c = cleric(1, &["bless"], json!({"1": 1}), json!({}));
    let s = with_spells(scenario(
        room(&["AA.B"]),
        vec![
            ("a", vec![c, creature("ally", json!({}))]),
            ("b", vec![creature("foe", json!({}))]),
        ],
        1,
    ));
    let p = play_with(
        &s,
        &Plans::new()
            .fixed(0, &[cast("bless", CastTarget::Caster)])
            .idle(&[1, 2]),
        &d20s(&[20, 2, 1]),
    );
    assert_eq!(
        p.said_by("cleric"),
        [
            "casts bless (cleric 1, slot 1)",
            "cleric +1 morale attack, +1 morale saves (fear)",
            "ally +1 morale attack, +1 morale saves (fear)",
        ]
    );
}
