//! Rule tests of where attackers and targets stand (the reference spec, « Distance », « Touch AC et armes
//! à feu », « Ligne d'effet », « Couvert », « Flanquement », « Élévation », « Tirer dans une
//! mêlée »; CRB « Range », « Cover », « Flanking », Table 8-5, « Shooting or Throwing into a
//! Melee »). Each test plays a tiny fight with scripted dice and pins the attack line: its
//! d20 bonus and the AC it met.

use serde_json::{Value, json};

use crate::fight::{Action, UnitId};
use crate::model::Combatant;

use super::support::*;

fn shooter(attack: Value) -> Combatant {
    creature("archer", json!({ "attacks": [attack] }))
}

/// A target hard to hit (AC 30, touch 30) unless `patch` says otherwise.
fn target(patch: Value) -> Combatant {
    creature_over(
        "dummy",
        json!({ "ac": { "total": 30, "touch": 30, "flat_footed": 30 } }),
        patch,
    )
}

/// The archer at (0,0) and an idle target `squares` squares east, one round, the archer
/// first; `script` follows the two initiative rolls. Returns the archer's lines.
fn shot_at(attack: Value, squares: usize, dummy: Combatant, script: &[(u32, u32)]) -> Vec<String> {
    let row = format!("A{}B", ".".repeat(squares - 1));
    let s = scenario(
        room(&[row.as_str()]),
        vec![("a", vec![shooter(attack)]), ("b", vec![dummy])],
        1,
    );
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    let p = play_with(&s, &Plans::new().idle(&[1]), &rolls);
    p.said_by("archer").iter().map(|l| l.to_string()).collect()
}

fn miss(name: &str, bonus: &str, total: i32, ac: i32) -> String {
    format!("{name} vs dummy d20=10{bonus}={total} AC {ac} -> MISS")
}

#[test]
fn range_penalty_per_full_increment() {
    for (squares, bonus, total) in [
        (1, "+0", 10),
        (2, "+0", 10),
        (3, "-2", 8),
        (4, "-2", 8),
        (5, "-4", 6),
        (20, "-18", -8),
    ] {
        assert_eq!(
            shot_at(bow(0, 10), squares, target(json!({})), &[(20, 10)]),
            [miss("bow", bonus, total, 30)],
            "{} ft",
            5 * squares
        );
    }
}

#[test]
fn max_range_ten_increments_five_for_touch() {
    let ray = json!({
        "name": "ray", "kind": "touch", "attack_bonus": 0, "range_increment_ft": 5,
        "damage": [{ "formula": "1d6", "types": ["fire"] }]
    });
    let pistol = json!({
        "name": "pistol", "kind": "ranged", "attack_bonus": 0, "range_increment_ft": 5,
        "firearm": true, "damage": [{ "formula": "1d8", "types": ["piercing"] }]
    });
    let step = "5-foot step (0,0)->(0,1)".to_string();
    // A bow shoots at 10 increments (50 ft); at 55 ft it first steps into range.
    let d = || target(json!({}));
    assert_eq!(
        shot_at(bow(0, 5), 10, d(), &[(20, 10)]),
        [miss("bow", "-18", -8, 30)]
    );
    assert_eq!(
        shot_at(bow(0, 5), 11, d(), &[(20, 10)]),
        [step.clone(), miss("bow", "-18", -8, 30)]
    );
    // Touch and firearms: 5 increments (25 ft).
    for (attack, name) in [(ray, "ray"), (pistol, "pistol")] {
        assert_eq!(
            shot_at(attack.clone(), 5, d(), &[(20, 10)]),
            [miss(name, "-8", 2, 30)]
        );
        assert_eq!(
            shot_at(attack, 6, d(), &[(20, 10)]),
            [step.clone(), miss(name, "-8", 2, 30)]
        );
    }
}

#[test]
fn firearm_hits_touch_ac_in_first_increment_only() {
    let pistol = json!({
        "name": "pistol", "kind": "ranged", "attack_bonus": 0, "range_increment_ft": 20,
        "firearm": true, "damage": [{ "formula": "1d8", "types": ["piercing"] }]
    });
    let d = || target(json!({ "ac": { "total": 20, "touch": 12, "flat_footed": 20 } }));
    assert_eq!(
        shot_at(pistol.clone(), 4, d(), &[(20, 10)]),
        [miss("pistol", "+0", 10, 12)]
    );
    assert_eq!(
        shot_at(pistol, 5, d(), &[(20, 10)]),
        [miss("pistol", "-2", 8, 20)]
    );
    // An ordinary bow always meets the full AC.
    assert_eq!(
        shot_at(bow(0, 20), 4, d(), &[(20, 10)]),
        [miss("bow", "+0", 10, 20)]
    );
}

/// The archer's lines on a map drawn with `A` (archer), `B` (target) and terrain.
fn shot_on(drawing: &[&str], script: &[(u32, u32)]) -> Vec<String> {
    let terrain: Vec<String> = drawing.iter().map(|r| r.replace(['A', 'B'], ".")).collect();
    let zones: Vec<String> = drawing
        .iter()
        .map(|r| {
            r.chars()
                .map(|c| if "AB".contains(c) { c } else { '.' })
                .collect()
        })
        .collect();
    let terrain: Vec<&str> = terrain.iter().map(String::as_str).collect();
    let zones: Vec<&str> = zones.iter().map(String::as_str).collect();
    let s = scenario(
        map(&terrain, &zones),
        vec![
            ("a", vec![shooter(bow(0, 30))]),
            ("b", vec![target(json!({}))]),
        ],
        1,
    );
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    let p = play_with(&s, &Plans::new().idle(&[1]), &rolls);
    p.said_by("archer").iter().map(|l| l.to_string()).collect()
}

#[test]
fn no_attack_without_line_of_effect() {
    // Walled off: no shot, and no way around.
    assert_eq!(shot_on(&["A#B"], &[]), ["move (0,0) (no way forward)"]);
    // Behind a wall: the archer walks until it sees the target (grazing the wall: +4), then
    // shoots.
    assert_eq!(
        shot_on(&["A.#.B", "..#..", "....."], &[(20, 10)]),
        [
            "move (0,0)->(0,1)->(1,1)->(2,1)".to_string(),
            miss("bow", "+0", 10, 34)
        ]
    );
}

#[test]
fn terrain_cover_adds_to_ac() {
    for (obstacle, ac) in [('.', 30), ('p', 32), ('C', 34), ('I', 38), ('#', 34)] {
        let middle = format!("A.{obstacle}.B");
        assert_eq!(
            shot_on(&[".....", &middle, "....."], &[(20, 10)]),
            [miss("bow", "+0", 10, ac)],
            "obstacle {obstacle:?}"
        );
    }
}

#[test]
fn soft_cover_from_a_creature_for_ranged_only() {
    // An idle ally between the archer and its target: +4 against the arrow.
    let bystander = creature("bystander", json!({}));
    let s = scenario(
        room(&["A.A.B"]),
        vec![
            ("a", vec![shooter(bow(0, 30)), bystander.clone()]),
            ("b", vec![target(json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1, 10]));
    assert_eq!(p.said_by("archer"), [miss("bow", "+0", 10, 34)]);
    // The same creature between a reach weapon and its target gives no cover.
    let longspear = json!({
        "name": "longspear", "kind": "melee", "attack_bonus": 0, "reach_weapon": true,
        "damage": [{ "formula": "1d8", "types": ["piercing"] }], "crit_mult": 3
    });
    let s = scenario(
        room(&["AAB"]),
        vec![
            ("a", vec![shooter(longspear), bystander]),
            ("b", vec![target(json!({}))]),
        ],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1, 10]));
    assert_eq!(p.said_by("archer"), [miss("longspear", "+0", 10, 30)]);
}

/// A swordsman (0-based unit 0) attacks the target `B` with an idle ally `a` placed as drawn.
fn flank_line(drawing: &[&str], ally: Combatant) -> String {
    let zones: Vec<String> = drawing.iter().map(|r| r.replace('a', "A")).collect();
    let zones: Vec<&str> = zones.iter().map(String::as_str).collect();
    let hero = creature("hero", json!({ "attacks": [sword(0)] }));
    let s = scenario(
        room(&zones),
        vec![("a", vec![hero, ally]), ("b", vec![target(json!({}))])],
        1,
    );
    // The hero attacks from where it is drawn (the default policy would step to flank).
    let attack = [Action::Attack {
        target: UnitId::new(2),
    }];
    let plans = Plans::new().idle(&[1, 2]).fixed(0, &attack);
    let p = play_with(&s, &plans, &d20s(&[20, 1, 1, 10]));
    p.said_by("hero")[0].to_string()
}

#[test]
fn flanking_gives_2_only_from_opposite_ally() {
    let swordsman = || creature("ally", json!({ "attacks": [sword(0)] }));
    let flanked = "sword vs dummy d20=10+2=12 AC 30 -> MISS";
    let alone = "sword vs dummy d20=10+0=10 AC 30 -> MISS";
    assert_eq!(flank_line(&["...", "ABa", "..."], swordsman()), flanked);
    assert_eq!(flank_line(&["A..", ".B.", "..a"], swordsman()), flanked);
    // Not opposite: beside, or at a corner off the line through the target.
    assert_eq!(flank_line(&["...", "AB.", "a.."], swordsman()), alone);
    assert_eq!(flank_line(&["...", "AB.", "..a"], swordsman()), alone);
    // Opposite but threatening nothing: a bow, or a reach weapon's dead zone.
    let archer = creature("ally", json!({ "attacks": [bow(0, 30)] }));
    assert_eq!(flank_line(&["...", "ABa", "..."], archer), alone);
    let spear = creature(
        "ally",
        json!({ "attacks": [{
            "name": "longspear", "kind": "melee", "attack_bonus": 0, "reach_weapon": true,
            "damage": [{ "formula": "1d8", "types": ["piercing"] }]
        }] }),
    );
    assert_eq!(flank_line(&["...", "ABa", "..."], spear), alone);
}

#[test]
fn high_ground_gives_1_in_melee_only() {
    let duo = |terrain: &[&str], zones: &[&str], elevation: &[&str], hero: Value| {
        let m = map_with(terrain, zones, Some(elevation), &[("a", 'A'), ("b", 'B')]);
        let hero = creature("hero", json!({ "attacks": [hero] }));
        let foe = creature("foe", json!({ "attacks": [sword(0)] }));
        let s = scenario(m, vec![("a", vec![hero]), ("b", vec![foe])], 1);
        play(&s, &d20s(&[20, 1, 2, 2]))
    };
    // Melee from higher ground: +1; the one below gets nothing.
    let p = duo(&[".."], &["AB"], &["10"], sword(0));
    assert_eq!(p.said_by("hero"), ["sword vs foe d20=2+1=3 AC 10 -> MISS"]);
    assert_eq!(p.said_by("foe"), ["sword vs hero d20=2+0=2 AC 10 -> MISS"]);
    // A ranged attack from higher ground: nothing.
    let p = duo(&["..."], &["A.B"], &["100"], bow(0, 30));
    assert_eq!(p.said_by("hero"), ["bow vs foe d20=2+0=2 AC 10 -> MISS"]);
}

#[test]
fn shooting_into_melee_minus_4_unless_precise_shot() {
    let spear = json!({
        "name": "longspear", "kind": "melee", "attack_bonus": 0, "reach_weapon": true,
        "damage": [{ "formula": "1d8", "types": ["piercing"] }]
    });
    let shot = |row: &str, archer: Combatant, ally: Value| {
        let ally = creature("ally", json!({ "attacks": [ally] }));
        let s = scenario(
            room(&[row]),
            vec![("a", vec![archer, ally]), ("b", vec![target(json!({}))])],
            1,
        );
        let p = play_with(&s, &Plans::new().idle(&[1, 2]), &d20s(&[20, 1, 1, 10]));
        p.said_by("archer")[0].to_string()
    };
    let plain = || shooter(bow(0, 30));
    // An ally threatening the target from next to it: −4.
    assert_eq!(shot("A..BA", plain(), sword(0)), miss("bow", "-4", 6, 30));
    // Precise Shot negates it.
    let precise = creature(
        "archer",
        json!({ "attacks": [bow(0, 30)], "feats": ["Precise Shot"] }),
    );
    assert_eq!(shot("A..BA", precise, sword(0)), miss("bow", "+0", 10, 30));
    // An ally that threatens nothing, or one 10 ft away (« at least 10 feet away from the
    // nearest friendly character »), does not engage the target.
    assert_eq!(
        shot("A..BA", plain(), bow(0, 30)),
        miss("bow", "+0", 10, 30)
    );
    assert_eq!(shot("A..B.A", plain(), spear), miss("bow", "+0", 10, 30));
}
