//! Lasting effects (« CRB — Magic — Duration », « Combining Magical Effects »): buffs through
//! the one resolver, durations counted on the caster's turns, saves that end a condition,
//! mirror images, recurring damage, dispelling, sanctuary, retaliation, spell weapons,
//! temporary hit points and negative levels.

use serde_json::json;

use super::super::support::*;
use super::*;

/// « CRB — Stacking »: shield of faith's deflection adds to AC; mage armor's +4 armor adds
/// nothing over a stat block that already counts +6 armor (`included_bonuses`); bless's
/// morale bonus adds to attack.
#[test]
fn buffs_stack_through_the_resolver_over_included_bonuses() {
    let c = cleric(1, &["shield of faith", "bless"], json!({"1": 2}), json!({}));
    let w = wizard(1, &["mage armor"], json!({"1": 1}), json!({}));
    let ally = creature(
        "ally",
        json!({"ac": {"total": 16, "touch": 10, "flat_footed": 16},
               "included_bonuses": [{"stat": "ac", "type": "armor", "value": 6}],
               "attacks": [sword(2)]}),
    );
    let orc = creature("orc", json!({"hp_max": 40, "attacks": [sword(3)]}));
    let s = with_spells(scenario(
        room(&["...A..", "...AAB"]),
        vec![("a", vec![c, w, ally]), ("b", vec![orc])],
        2,
    ));
    let policy = Rounds::new()
        .at(0, 1, &[cast("shield of faith", on(2))])
        .at(0, 2, &[cast("bless", CastTarget::Caster)])
        .at(1, 1, &[cast("mage armor", on(2))])
        .at(
            2,
            2,
            &[Action::Attack {
                target: UnitId::new(3),
            }],
        )
        .always(
            3,
            &[Action::Attack {
                target: UnitId::new(2),
            }],
        );
    let mut rolls = d20s(&[20, 19, 2, 1, 10, 10]);
    rolls.push((6, 3));
    rolls.extend(d20s(&[10]));
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("orc")[0],
        "sword vs ally d20=10+3=13 AC 18 -> MISS"
    );
    assert_eq!(
        p.said_by("ally")[0],
        "sword vs orc d20=10+3=13 AC 10 -> HIT 3 dmg (orc hp 40 -> 37)"
    );
}

/// « CRB — Duration »: rounds count down at the end of the caster's turns, the turn it cast
/// on excepted: a 2-round boon cast in round 1 ends at the end of the caster's round-3 turn.
#[test]
fn durations_tick_on_the_casters_turn() {
    let boon = test_spell(
        "Test Boon",
        r#""range": "close", "target": {"kind": "creature"}, "save": null,
        "duration": {"rounds": 2},
        "effects": [{"kind": "modifier", "stat": "attack", "type": "luck", "amount": 2}]"#,
    );
    let w = wizard(1, &["test boon"], json!({"1": 1}), json!({}));
    let ally = creature("ally", json!({"attacks": [sword(0)]}));
    let foe = creature("foe", json!({"hp_max": 100}));
    let s = scenario(
        room(&["A.AB"]),
        vec![("a", vec![w, ally]), ("b", vec![foe])],
        3,
    )
    .with_spellbook(book_with(&[("test/boon.json", boon)]))
    .unwrap();
    let policy = Rounds::new()
        .at(0, 1, &[cast_in(&s, "test boon", on(1))])
        .always(
            1,
            &[Action::Attack {
                target: UnitId::new(2),
            }],
        );
    let mut rolls = d20s(&[20, 2, 1]);
    for _ in 0..3 {
        rolls.extend(d20s(&[2]));
    }
    let p = play_with(&s, &policy, &rolls);
    p.assert_log(&[
        "- | - | initiative: wizard d20=20+0=20",
        "- | - | initiative: ally d20=2+0=2",
        "- | - | initiative: foe d20=1+0=1",
        "1 | wizard | casts test boon (sorcerer_wizard 1, slot 1) on ally: +2 luck attack",
        "1 | ally | sword vs foe d20=2+2=4 AC 10 -> MISS",
        "2 | ally | sword vs foe d20=2+2=4 AC 10 -> MISS",
        "3 | wizard | test boon ends on ally",
        "3 | ally | sword vs foe d20=2+0=2 AC 10 -> MISS",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

/// « CRB — Hold Person »: paralyzed; the creature saves again at the end of each of its turns.
#[test]
fn hold_person_is_saved_against_each_round() {
    let w = wizard(3, &["hold person"], json!({"3": 1}), json!({}));
    let target = creature("target", json!({"attacks": [sword(0)]}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![w]), ("b", vec![target])],
        3,
    ));
    let policy = Rounds::new().at(0, 1, &[cast("hold person", on(1))]);
    let p = play_with(&s, &policy, &d20s(&[20, 1, 5, 8, 16]));
    p.assert_log(&[
        "- | - | initiative: wizard d20=20+0=20",
        "- | - | initiative: target d20=1+0=1",
        "1 | wizard | casts hold person (sorcerer_wizard 3, slot 3) on target: Will DC 16 d20=5+0=5 fails: paralyzed",
        "1 | target | paralyzed: loses its turn",
        "1 | target | Will DC 16 d20=8+0=8 against hold person: fails",
        "2 | target | paralyzed: loses its turn",
        "2 | target | Will DC 16 d20=16+0=16 against hold person: saves",
        "2 | wizard | hold person ends on target",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

/// « CRB — Mirror Image »: a hit picks among the images and the creature; an image hit is
/// destroyed; a miss by 5 or less destroys one too.
#[test]
fn mirror_images_take_hits_and_near_misses() {
    let w = wizard(3, &["mirror image"], json!({"2": 1}), json!({}));
    let archer = creature("archer", json!({"attacks": [bow(3, 60)]}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![w]), ("b", vec![archer])],
        3,
    ));
    let policy = Rounds::new()
        .at(0, 1, &[cast("mirror image", CastTarget::Caster)])
        .always(
            1,
            &[Action::Attack {
                target: UnitId::new(0),
            }],
        );
    let mut rolls = d20s(&[20, 1]);
    rolls.push((4, 1));
    rolls.extend([(20, 15), (3, 2), (20, 4), (20, 15), (6, 2)]);
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("wizard"),
        ["casts mirror image (sorcerer_wizard 2, slot 2): 2 images"]
    );
    assert_eq!(
        p.said_by("archer"),
        [
            "bow vs wizard d20=15+3=18 AC 10 -> HIT (mirror image d3=2: an image destroyed, 1 left)",
            "bow vs wizard d20=4+3=7 AC 10 -> MISS",
            "vs wizard: (near miss: destroyed, 0 left)",
            "bow vs wizard d20=15+3=18 AC 10 -> HIT 2 dmg (wizard hp 20 -> 18)",
        ]
    );
}

/// « CRB — Acid Arrow »: 2d4 now and 2d4 at the start of the target's turn for one more
/// round at caster level 3.
#[test]
fn acid_arrow_burns_again_on_the_targets_turn() {
    let w = wizard(3, &["acid arrow"], json!({"2": 1}), json!({}));
    let target = creature("target", json!({"hp_max": 30}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![w]), ("b", vec![target])],
        3,
    ));
    let policy = Rounds::new().at(0, 1, &[cast("acid arrow", on(1))]);
    let mut rolls = d20s(&[20, 1, 15]);
    rolls.extend([(4, 2), (4, 3), (4, 1), (4, 1)]);
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts acid arrow (sorcerer_wizard 2, slot 2) on target: ranged touch d20=15+1=16 vs AC 10 -> HIT: 2d4=5 acid: 5 dmg (target hp 30 -> 25), acid for 1 more round",
            "acid arrow ends on target",
        ]
    );
    assert_eq!(
        p.said_by("target"),
        ["acid arrow goes on: 2d4=2 acid, 2 dmg (target hp 25 -> 23)"]
    );
}

/// « CRB — Dispel Magic », targeted: d20 + caster level against 11 + the effect's caster
/// level, the highest caster level first; the first beaten ends.
#[test]
fn dispel_magic_ends_the_strongest_effect_it_beats() {
    let c = cleric(1, &["bless"], json!({"1": 1}), json!({}));
    let w = wizard(5, &["dispel magic"], json!({"3": 1}), json!({}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![c]), ("b", vec![w])],
        1,
    ));
    let policy = Rounds::new()
        .at(0, 1, &[cast("bless", CastTarget::Caster)])
        .at(1, 1, &[cast("dispel magic", on(0))]);
    let p = play_with(&s, &policy, &d20s(&[20, 1, 7]));
    assert_eq!(
        p.said_by("wizard"),
        [
            "casts dispel magic (sorcerer_wizard 3, slot 3) on cleric: dispel d20=7+5=12 vs DC 12 ends bless"
        ]
    );
}

/// « CRB — Sanctuary »: an enemy attacking the warded creature saves or is held back.
#[test]
fn sanctuary_holds_back_an_attacker_that_fails_its_save() {
    let c = cleric(1, &["sanctuary"], json!({"1": 1}), json!({}));
    let orc = creature("orc", json!({"attacks": [sword(3)]}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![c]), ("b", vec![orc])],
        1,
    ));
    let policy = Rounds::new()
        .at(0, 1, &[cast("sanctuary", CastTarget::Caster)])
        .at(
            1,
            1,
            &[
                Action::Move {
                    target: UnitId::new(0),
                },
                Action::Attack {
                    target: UnitId::new(0),
                },
            ],
        );
    let p = play_with(&s, &policy, &d20s(&[20, 1, 13]));
    assert_eq!(
        p.said_by("cleric"),
        ["casts sanctuary (cleric 1, slot 1): sanctuary"]
    );
    assert_eq!(
        p.said_by("orc")[1],
        "vs cleric: sanctuary Will DC 14 d20=13+0=13 fails: held back"
    );
}

/// « CRB — Fire Shield »: a melee hit without reach burns the attacker.
#[test]
fn fire_shield_burns_a_melee_attacker() {
    let w = wizard(7, &["fire shield"], json!({"4": 1}), json!({}));
    let orc = creature("orc", json!({"hp_max": 40, "attacks": [sword(3)]}));
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![w]), ("b", vec![orc])],
        1,
    ));
    let policy = Rounds::new()
        .at(0, 1, &[cast("fire shield", CastTarget::Caster)])
        .at(
            1,
            1,
            &[
                Action::Move {
                    target: UnitId::new(0),
                },
                Action::Attack {
                    target: UnitId::new(0),
                },
            ],
        );
    let mut rolls = d20s(&[20, 1, 15]);
    rolls.extend([(6, 4), (6, 5)]);
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("wizard")[1],
        "fire shield burns orc: 1d6+7=12 fire, 12 dmg (orc hp 40 -> 28)"
    );
}

/// « CRB — Spiritual Weapon »: at the start of each of the caster's turns the weapon attacks
/// the nearest enemy in range with BAB + Wis modifier.
#[test]
fn a_spiritual_weapon_attacks_on_the_casters_turns() {
    let c = cleric(3, &["spiritual weapon"], json!({"2": 1}), json!({}));
    let foe = creature("foe", json!({"hp_max": 40}));
    let s = with_spells(scenario(
        room(&["A.....B"]),
        vec![("a", vec![c]), ("b", vec![foe])],
        2,
    ));
    let policy = Rounds::new().at(0, 1, &[cast("spiritual weapon", on(1))]);
    let mut rolls = d20s(&[20, 1, 12]);
    rolls.push((8, 5));
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("cleric"),
        [
            "casts spiritual weapon (cleric 2, slot 2) on foe: a spell weapon",
            "spiritual weapon vs foe d20=12+4=16 AC 10 -> HIT 6 force: 6 dmg (foe hp 40 -> 34)",
        ]
    );
}

/// « CRB — False Life », « Temporary Hit Points »: lost first; « Enervation »: each negative
/// level costs −1 on attacks (the orc's +3 sword attacks at +1).
#[test]
fn temporary_hit_points_absorb_and_negative_levels_drain() {
    let w = wizard(
        7,
        &["false life", "enervation"],
        json!({"2": 1, "4": 1}),
        json!({}),
    );
    let orc = creature("orc", json!({"hp_max": 40, "attacks": [sword(3)]}));
    let s = with_spells(scenario(
        room(&["AB"]),
        vec![("a", vec![w]), ("b", vec![orc])],
        2,
    ));
    let policy = Rounds::new()
        .at(
            0,
            1,
            &[cast_with(
                "false life",
                CastTarget::Caster,
                Metamagics::NONE,
                true,
            )],
        )
        .at(
            0,
            2,
            &[cast_with("enervation", on(1), Metamagics::NONE, true)],
        )
        .always(
            1,
            &[Action::Attack {
                target: UnitId::new(0),
            }],
        );
    let mut rolls = d20s(&[20, 1, 20]);
    rolls.push((10, 3));
    rolls.extend([(20, 15), (6, 4)]);
    rolls.extend([(20, 20), (20, 15), (4, 2), (20, 10), (6, 5)]);
    let p = play_with(&s, &policy, &rolls);
    let said = p.said_by("wizard");
    assert_eq!(
        said[1], "casts false life (sorcerer_wizard 2, slot 2): 10 temporary hp",
        "{said:?}"
    );
    assert_eq!(
        p.said_by("orc")[0],
        "sword vs wizard d20=15+3=18 AC 10 -> HIT 0 dmg (wizard hp 20 -> 20)"
    );
    assert!(
        said[3].ends_with("ranged touch d20=15+1=16 vs AC 10 -> HIT: 2 negative levels"),
        "{said:?}"
    );
    assert_eq!(
        p.said_by("orc")[1],
        "sword vs wizard d20=10+1=11 AC 10 -> HIT 0 dmg (wizard hp 20 -> 20)",
        "the second hit (5) also meets what is left of the 10 temporary hit points"
    );
}

/// A condition from a spell ends with it, unless the creature had it already (then it keeps
/// its own).
#[test]
fn a_spell_condition_ends_with_the_spell_unless_the_creature_had_it() {
    let gloom = test_spell(
        "Test Gloom",
        r#""range": "close", "area": {"shape": "burst", "size_ft": 10, "origin": "point"},
        "save": null, "duration": {"rounds": 1},
        "effects": [{"kind": "condition", "condition": "shaken"}]"#,
    );
    let w = wizard(1, &["test gloom"], json!({"1": 1}), json!({"hp_max": 100}));
    let brave = creature("brave", json!({"attacks": [bow(0, 60)]}));
    let timid = creature(
        "timid",
        json!({"attacks": [bow(0, 60)], "conditions": ["shaken"]}),
    );
    let s = scenario(
        room(&["......", "A.BB..", "......"]),
        vec![("a", vec![w]), ("b", vec![brave, timid])],
        3,
    )
    .with_spellbook(book_with(&[("test/gloom.json", gloom)]))
    .unwrap();
    let point = CastTarget::Point(crate::area::Intersection::new(1, 3));
    let policy = Rounds::new()
        .at(0, 1, &[cast_in(&s, "test gloom", point)])
        .always(
            1,
            &[Action::Attack {
                target: UnitId::new(0),
            }],
        )
        .always(
            2,
            &[Action::Attack {
                target: UnitId::new(0),
            }],
        );
    let mut rolls = d20s(&[20, 2, 1]);
    rolls.extend(d20s(&[5, 5, 5, 5, 5, 5]));
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("wizard")[3..],
        ["test gloom ends on brave", "test gloom ends on timid"]
    );
    let attacks = |who: &str| -> Vec<String> {
        p.said_by(who)
            .iter()
            .filter(|l| l.starts_with("bow"))
            .map(|l| l.split(" AC").next().unwrap().to_string())
            .collect()
    };
    assert_eq!(
        attacks("brave"),
        [
            "bow vs wizard d20=5-2=3",
            "bow vs wizard d20=5+0=5",
            "bow vs wizard d20=5+0=5"
        ]
    );
    assert_eq!(
        attacks("timid"),
        [
            "bow vs wizard d20=5-2=3",
            "bow vs wizard d20=5-2=3",
            "bow vs wizard d20=5-2=3"
        ]
    );
}
