//! The default policy's casting (`policy::casting`): what a caster chooses from a fight as it
//! stands — a cure for an ally near dropping (after an approach when it must), a burst that
//! catches two enemies and no friend, a save-or-lose spell on the most dangerous enemy with a
//! poor save, a buff before contact, a cantrip when nothing beats it, no slot wasted on an
//! immune creature or on spell resistance it cannot beat, a safe step or a defensive casting
//! where an enemy threatens, and its weapons when no spell is worth more.

use serde_json::{Value, json};

use crate::fight::{Action, CastTarget, Fight, View};

use super::super::support::*;
use super::*;

/// What unit `me` asks for on round 1 of `s`, after `setup` changed the fight, in words:
/// `cast NAME at TARGET` (`at self`, `at u2`, `at (r,c)`; `defensively` when so), or the
/// action's kind.
fn decide(s: &Scenario, me: usize, setup: impl FnOnce(&mut Fight)) -> Vec<String> {
    decide_with(s, me, setup, words)
}

fn words(view: &View<'_>, a: Action) -> String {
    match a {
        Action::Cast {
            spell,
            target,
            defensively,
            ..
        } => {
            let at = match target {
                CastTarget::Caster => "self".to_string(),
                CastTarget::Unit(u) => format!("u{}", u.index()),
                CastTarget::Point(p) => format!("({},{})", p.row, p.col),
            };
            let how = if defensively { " defensively" } else { "" };
            format!("cast {} at {at}{how}", view.spell(spell).name())
        }
        Action::Approach { target, within_ft } => {
            format!("approach u{} within {within_ft}", target.index())
        }
        other => other.kind().to_string(),
    }
}

/// A fighter: 30 hp, AC 16, a +6 greatsword (2d6+4).
fn fighter(name: &str, patch: Value) -> Combatant {
    creature_over(
        name,
        json!({
            "hp_max": 30, "bab": 5, "ac": {"total": 16, "touch": 10, "flat_footed": 16},
            "attacks": [melee("greatsword", 6, "2d6+4", &["slashing"])],
        }),
        patch,
    )
}

/// Goes down to `hp`.
fn hurt(f: &mut Fight, u: usize, hp: i32) {
    f.units[u].hp = hp;
}

#[test]
fn a_cleric_heals_an_ally_near_dropping() {
    let c = cleric(
        3,
        &["cure light wounds", "bless"],
        json!({"1": 2}),
        json!({"attacks": [sword(2)]}),
    );
    let s = with_spells(scenario(
        room(&["AA........B"]),
        vec![
            ("a", vec![c, fighter("ally", json!({}))]),
            ("b", vec![fighter("ogre", json!({}))]),
        ],
        5,
    ));
    assert_eq!(
        decide(&s, 0, |f| hurt(f, 1, 4)),
        ["cast Cure Light Wounds at u1"]
    );
    // Hurt but above half its hit points: no cure, no bless worth its slot (2 × +1 attack
    // over 3 rounds); the cleric walks to the ogre.
    assert_eq!(decide(&s, 0, |f| hurt(f, 1, 20)), ["move", "attack"]);
}

#[test]
fn a_cleric_walks_to_touch_a_dying_ally() {
    let c = cleric(3, &["cure light wounds"], json!({"1": 2}), json!({}));
    let s = with_spells(scenario(
        room(&["A....A....B"]),
        vec![
            ("a", vec![c, fighter("ally", json!({}))]),
            ("b", vec![fighter("ogre", json!({}))]),
        ],
        5,
    ));
    assert_eq!(
        decide(&s, 0, |f| hurt(f, 1, -3)),
        ["approach u1 within 5", "cast Cure Light Wounds at u1"]
    );
}

/// A wizard (Int 16, CL 5) with fireball and magic missile at the west end; orcs at the east.
fn blaster(patch: Value) -> Combatant {
    wizard(
        5,
        &["magic missile", "fireball"],
        json!({"1": 2, "3": 1}),
        patch,
    )
}

#[test]
fn a_burst_goes_where_it_catches_two_enemies_and_no_friend() {
    let orc = || fighter("orc", json!({"hp_max": 12}));
    let s = with_spells(scenario(
        room(&["A.........BB"]),
        vec![("a", vec![blaster(json!({}))]), ("b", vec![orc(), orc()])],
        5,
    ));
    let plan = decide(&s, 0, |_| {});
    assert_eq!(plan.len(), 1);
    assert!(plan[0].starts_with("cast Fireball at"), "{plan:?}");
    // A friend fighting beside them: no fireball, a magic missile instead.
    let s = with_spells(scenario(
        room(&["A........ABB"]),
        vec![
            ("a", vec![blaster(json!({})), fighter("friend", json!({}))]),
            ("b", vec![orc(), orc()]),
        ],
        5,
    ));
    let plan = decide(&s, 0, |_| {});
    assert_eq!(plan, ["cast Magic Missile at u2"]);
}

#[test]
fn a_lone_enemy_gets_a_single_target_spell_not_a_burst() {
    let s = with_spells(scenario(
        room(&["A.........B"]),
        vec![
            ("a", vec![blaster(json!({}))]),
            ("b", vec![fighter("orc", json!({}))]),
        ],
        5,
    ));
    assert_eq!(decide(&s, 0, |_| {}), ["cast Magic Missile at u1"]);
}

#[test]
fn hold_person_goes_to_the_most_dangerous_enemy_with_a_poor_save() {
    let w = wizard(5, &["hold person"], json!({"3": 1}), json!({}));
    let brute = fighter(
        "brute",
        json!({"saves": {"will": -1}, "attacks": [melee("maul", 10, "2d6+8", &["bludgeoning"])]}),
    );
    let sage = fighter("sage", json!({"saves": {"will": 9}}));
    let weak = fighter(
        "weakling",
        json!({"saves": {"will": -1}, "attacks": [melee("dagger", 1, "1d4", &["piercing"])]}),
    );
    let s = with_spells(scenario(
        room(&["A.......BBB", "A.........."]),
        vec![
            ("a", vec![w, fighter("friend", json!({}))]),
            ("b", vec![sage, brute, weak]),
        ],
        5,
    ));
    assert_eq!(decide(&s, 0, |_| {}), ["cast Hold Person at u3"]);
}

#[test]
fn no_slot_goes_to_a_creature_immune_to_the_spell() {
    // Sleep and hold person against undead: mind-affecting, they are immune; the magic
    // missile is cast instead.
    let w = wizard(
        5,
        &["sleep", "hold person", "magic missile"],
        json!({"1": 2, "3": 1}),
        json!({}),
    );
    let undead = || {
        fighter(
            "skeleton",
            json!({"creature_type": "undead", "abilities": {"con_score": null}, "hp_max": 6}),
        )
    };
    let s = with_spells(scenario(
        room(&["A.........BB"]),
        vec![("a", vec![w]), ("b", vec![undead(), undead()])],
        5,
    ));
    assert_eq!(decide(&s, 0, |_| {}), ["cast Magic Missile at u1"]);
}

#[test]
fn spell_resistance_it_cannot_beat_turns_it_to_a_spell_without() {
    // SR 30 against d20 + 5: only a natural 20 (5 %) lets magic missile through; acid splash
    // (conjuration, no SR) does better.
    let w = wizard(
        5,
        &["acid splash", "magic missile"],
        json!({"0": 3, "1": 2}),
        json!({}),
    );
    let s = with_spells(scenario(
        room(&["A......B"]),
        vec![
            ("a", vec![w]),
            ("b", vec![fighter("golem", json!({"spell_resistance": 30}))]),
        ],
        5,
    ));
    assert_eq!(decide(&s, 0, |_| {}), ["cast Acid Splash at u1"]);
}

#[test]
fn a_buff_before_contact_and_the_weapon_once_engaged() {
    let c = cleric(
        3,
        &["shield of faith"],
        json!({"1": 2}),
        json!({"bab": 2, "attacks": [melee("morningstar", 8, "1d8+3", &["bludgeoning"])]}),
    );
    // Too far to charge: the shield before the fight comes to the cleric.
    let far = with_spells(scenario(
        room(&["A..................B"]),
        vec![
            ("a", vec![c.clone()]),
            ("b", vec![fighter("orc", json!({}))]),
        ],
        5,
    ));
    assert_eq!(decide(&far, 0, |_| {}), ["cast Shield of Faith at u0"]);
    let near = with_spells(scenario(
        room(&["AB"]),
        vec![("a", vec![c]), ("b", vec![fighter("orc", json!({}))])],
        5,
    ));
    assert_eq!(decide(&near, 0, |_| {}), ["full_attack"]);
}

#[test]
fn a_cantrip_when_nothing_is_better() {
    let w = wizard(
        1,
        &["ray of frost"],
        json!({"0": 3}),
        json!({"attacks": [melee("quarterstaff", 0, "1d6", &["bludgeoning"])]}),
    );
    // 25 ft away: within close range at caster level 1.
    let s = with_spells(scenario(
        room(&["A....B"]),
        vec![
            ("a", vec![w.clone()]),
            ("b", vec![fighter("orc", json!({}))]),
        ],
        5,
    ));
    assert_eq!(decide(&s, 0, |_| {}), ["cast Ray of Frost at u1"]);
    // 30 ft away: a move brings it within range.
    let s = with_spells(scenario(
        room(&["A.....B"]),
        vec![("a", vec![w]), ("b", vec![fighter("orc", json!({}))])],
        5,
    ));
    assert_eq!(
        decide(&s, 0, |_| {}),
        ["approach u1 within 25", "cast Ray of Frost at u1"]
    );
}

#[test]
fn a_threatened_caster_steps_away_before_casting() {
    let s = with_spells(scenario(
        room(&["...", ".AB", "..."]),
        vec![
            ("a", vec![blaster(json!({}))]),
            ("b", vec![fighter("orc", json!({}))]),
        ],
        5,
    ));
    assert_eq!(
        decide(&s, 0, |_| {}),
        ["5foot_step", "cast Magic Missile at u1"]
    );
}

#[test]
fn a_boxed_in_caster_casts_defensively_when_the_check_is_likely() {
    // Walls all round but for the orc's square: no safe step. Concentration d20 + 5 + 3 + 4
    // (Combat Casting) against DC 15 + 2: 80 %.
    let w = blaster(json!({"feats": ["Combat Casting"]}));
    let map = map(&["#####", "#..##", "#####"], &[".....", ".AB..", "....."]);
    let s = with_spells(scenario(
        map,
        vec![("a", vec![w]), ("b", vec![fighter("orc", json!({}))])],
        5,
    ));
    assert_eq!(
        decide(&s, 0, |_| {}),
        ["cast Magic Missile at u1 defensively"]
    );
}

#[test]
fn a_caster_out_of_useful_spells_uses_its_weapon() {
    let w = wizard(
        5,
        &["magic missile"],
        json!({"1": 0}),
        json!({"attacks": [bow(4, 100)]}),
    );
    let s = with_spells(scenario(
        room(&["A.....B"]),
        vec![("a", vec![w]), ("b", vec![fighter("orc", json!({}))])],
        5,
    ));
    assert_eq!(decide(&s, 0, |_| {}), ["full_attack"]);
}
