//! The default policy's weapon and tactical choices (`policy::closing`, `policy::tactical`):
//! what a creature asks for on round 1 of a fight as it stands — closing to melee when its
//! melee is worth more than its shots (the glaive fighter against the ogre), shooting on when
//! it is not, a 5-foot step and a full attack before a charge with several attacks, a trip
//! with a reach weapon and Combat Reflexes, a grapple on a caster, a disarm of a strong weapon
//! user, aid to a stronger ally, a step to flank, total defense when dropping is the
//! alternative and help may come, a readied attack against a charger, a tumble past a
//! threatening enemy.

use serde_json::{Value, json};

use crate::fight::{Action, Fight, UnitId, View, prepare};
use crate::model::{Combatant, parse_combatant};
use crate::policy::DefaultPolicy;
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::scenario::Scenario;

use super::cast::{cleric, with_spells};
use super::support::*;

/// What unit `me` asks for on round 1 of `s`, after `setup` changed the fight: the kinds of
/// its actions (`approach u1 within 5`, `5foot_step (r,c)`, `trip`…).
fn decide(s: &Scenario, me: usize, setup: impl FnOnce(&mut Fight)) -> Vec<String> {
    decide_with(s, me, setup, words)
}

fn words(_: &View<'_>, a: Action) -> String {
    match a {
        Action::Approach { target, within_ft } => {
            format!("approach u{} within {within_ft}", target.index())
        }
        Action::FiveFootStepTo { to } => format!("5foot_step ({},{})", to.row, to.col),
        Action::AidAnother { ally, .. } => format!("aid_another u{}", ally.index()),
        other => other.kind().to_string(),
    }
}

fn data(path: &str, text: &str) -> Combatant {
    parse_combatant(path, text).unwrap_or_else(|e| panic!("{e}"))
}

/// A javelin thrower: +1 javelins (1d6+3, `ammo` 4) and a +5 falchion (2d4+4).
fn thrower(name: &str, patch: Value) -> Combatant {
    creature_over(
        name,
        json!({
            "attacks": [
                melee("falchion", 5, "2d4+4", &["slashing"]),
                { "name": "javelin", "kind": "ranged", "attack_bonus": 1, "ammo": 4,
                  "damage": [{ "formula": "1d6+3", "types": ["piercing"] }],
                  "range_increment_ft": 30 }
            ],
        }),
        patch,
    )
}

fn one_on_one(row: &str, a: Combatant, b: Combatant) -> Scenario {
    scenario(room(&[row]), vec![("a", vec![a]), ("b", vec![b])], 5)
}

/// Issue « The default policy »: « a glaive fighter trades longbow shots with an ogre for 15
/// rounds instead of closing ». Torvald (glaive 1d10+8, longbow) 60 ft from the ogre moves in.
#[test]
fn the_glaive_fighter_closes_on_the_ogre_instead_of_shooting() {
    let torvald = data(
        "torvald.json",
        include_str!("../../../../../data/pcs/torvald.json"),
    );
    let ogre = data(
        "ogre.json",
        include_str!("../../../../../data/monsters/ogre.json"),
    );
    let s = scenario(
        room(&["A...........BB", "............BB"]),
        vec![("a", vec![torvald]), ("b", vec![ogre])],
        5,
    );
    let plan = decide(&s, 0, |_| {});
    assert!(
        plan == ["charge"] || plan == ["approach u1 within 10", "attack"],
        "{plan:?}"
    );
}

/// A thrower whose falchion is worth far more than its javelins closes to melee: within a
/// move, it walks into reach and swings.
#[test]
fn a_thrower_closes_to_melee_when_its_melee_is_worth_more() {
    let s = one_on_one(
        ".A....B",
        thrower("orc", json!({})),
        creature("foe", json!({})),
    );
    assert_eq!(decide(&s, 0, |_| {}), ["approach u1 within 5", "attack"]);
}

/// An archer with a dagger keeps shooting: its dagger is worth less than its bow.
#[test]
fn an_archer_keeps_shooting_when_its_bow_is_worth_more() {
    let archer = creature(
        "archer",
        json!({ "attacks": [melee("dagger", 0, "1d4", &["piercing"]), bow(6, 100)] }),
    );
    let s = one_on_one(".A....B", archer, creature("foe", json!({})));
    assert_eq!(decide(&s, 0, |_| {}), ["full_attack"]);
}

/// « CRB — Charge » gives one attack: a creature with two claws one step from its target
/// takes the 5-foot step and the full attack instead.
#[test]
fn several_attacks_step_and_full_attack_rather_than_charge() {
    let beast = creature(
        "beast",
        json!({ "attacks": [{ "name": "claw", "kind": "melee", "natural": true, "count": 2,
            "attack_bonus": 4, "damage": [{ "formula": "1d6", "types": ["slashing"] }] }] }),
    );
    let s = one_on_one("A.B....", beast, creature("foe", json!({})));
    assert_eq!(decide(&s, 0, |_| {}), ["5foot_step", "full_attack"]);
}

/// A reach weapon with Combat Reflexes trips a standing enemy 10 ft away, which cannot strike
/// back (so the trip does not provoke), when it trips it at least half the time.
#[test]
fn a_reach_fighter_with_combat_reflexes_trips() {
    let spear = |feats: Value| {
        creature(
            "spear",
            json!({ "bab": 5, "cmb": 9, "feats": feats, "attacks": [{
                "name": "longspear", "kind": "melee", "attack_bonus": 6, "reach_weapon": true,
                "damage": [{ "formula": "1d8+3", "types": ["piercing"] }] }] }),
        )
    };
    let foe = || creature("foe", json!({ "cmd": 12, "attacks": [sword(2)] }));
    let s = one_on_one("A.B....", spear(json!(["Combat Reflexes"])), foe());
    assert_eq!(decide(&s, 0, |_| {}), ["trip"]);
    let s = one_on_one("A.B....", spear(json!([])), foe());
    assert_eq!(decide(&s, 0, |_| {}), ["full_attack"]);
}

/// An adjacent caster with a slot left, that one swing would not drop, is grappled by a
/// wrestler who grapples it three times in four.
#[test]
fn a_wrestler_grapples_an_adjacent_caster() {
    let wrestler = creature(
        "wrestler",
        json!({ "cmb": 12, "feats": ["Improved Grapple"], "attacks": [sword(4)] }),
    );
    let priest = cleric(
        3,
        &["cure light wounds"],
        json!({"1": 2}),
        json!({ "cmd": 12, "hp_max": 30, "attacks": [sword(0)] }),
    );
    let s = with_spells(one_on_one("AB.....", wrestler, priest));
    assert_eq!(decide(&s, 0, |_| {}), ["grapple"]);
}

/// A strong weapon user — its greataxe hurts more than the disarmer's sword hurts it — is
/// disarmed by one who disarms it three times in five without provoking.
#[test]
fn a_duelist_disarms_a_strong_weapon_user() {
    let duelist = creature(
        "duelist",
        json!({ "cmb": 12, "feats": ["Improved Disarm"], "attacks": [sword(4)] }),
    );
    let brute = creature(
        "brute",
        json!({ "cmd": 12, "hp_max": 40,
            "attacks": [melee("greataxe", 8, "1d12+6", &["slashing"])] }),
    );
    let s = one_on_one("AB.....", duelist, brute);
    assert_eq!(decide(&s, 0, |_| {}), ["disarm"]);
}

/// A weak creature next to an enemy that a far stronger ally strikes aids the ally: +2 on a
/// greatsword swing is worth more than its own 1d2.
#[test]
fn a_weak_creature_aids_a_stronger_ally() {
    let weak = creature(
        "weak",
        json!({ "attacks": [melee("fist", 4, "1d2", &["bludgeoning"])] }),
    );
    let strong = creature(
        "strong",
        json!({ "attacks": [melee("greatsword", 8, "2d6+12", &["slashing"])] }),
    );
    let foe = creature(
        "foe",
        json!({ "hp_max": 60, "ac": { "total": 20, "touch": 10, "flat_footed": 20 } }),
    );
    let s = scenario(
        room(&["A.", "BA"]),
        vec![("a", vec![weak, strong]), ("b", vec![foe])],
        5,
    );
    assert_eq!(decide(&s, 0, |_| {}), ["aid_another u1"]);
}

/// Next to its target but not opposite its ally, a swordsman takes the 5-foot step that
/// flanks, then full attacks.
#[test]
fn a_swordsman_steps_to_flank() {
    let hero = creature("hero", json!({ "attacks": [sword(4)] }));
    let ally = creature("ally", json!({ "attacks": [sword(4)] }));
    let s = scenario(
        room(&["A..", ".BA", "..."]),
        vec![
            ("a", vec![hero, ally]),
            ("b", vec![creature("foe", json!({}))]),
        ],
        5,
    );
    // The hero at (0,0), the foe at (1,1), the ally at (1,2): from (1,0) the hero stands
    // opposite its ally.
    assert_eq!(decide(&s, 0, |_| {}), ["5foot_step (1,0)", "full_attack"]);
}

/// Wounded to a third of its hit points, facing a greataxe that would drop it, unable to
/// drop its enemy, and with a healer nearby, a fighter takes total defense; with no healer it
/// fights on.
#[test]
fn a_wounded_fighter_takes_total_defense_while_help_may_come() {
    let fighter = || creature("fighter", json!({ "hp_max": 30, "attacks": [sword(2)] }));
    let brute = || {
        creature(
            "brute",
            json!({ "hp_max": 40, "attacks": [melee("greataxe", 10, "1d12+6", &["slashing"])] }),
        )
    };
    let priest = cleric(3, &["cure light wounds"], json!({"1": 2}), json!({}));
    let hurt = |f: &mut Fight| f.units[0].hp = 5;
    let s = with_spells(scenario(
        room(&["AB.", "...", "..A"]),
        vec![("a", vec![fighter(), priest]), ("b", vec![brute()])],
        5,
    ));
    assert_eq!(decide(&s, 0, hurt), ["total_defense"]);
    let s = scenario(
        room(&["AB.", "...", "..."]),
        vec![("a", vec![fighter()]), ("b", vec![brute()])],
        5,
    );
    assert_eq!(decide(&s, 0, hurt), ["full_attack"]);
}

/// A slow creature with a longspear, out of reach of a melee-only enemy that can charge it,
/// readies an attack for when the enemy enters its reach.
#[test]
fn a_reach_creature_readies_against_a_charger() {
    let spear = creature(
        "spear",
        json!({ "speed_land_ft": 5, "attacks": [{
            "name": "longspear", "kind": "melee", "attack_bonus": 6, "reach_weapon": true,
            "damage": [{ "formula": "1d8+3", "types": ["piercing"] }] }] }),
    );
    let charger = creature("charger", json!({ "attacks": [sword(4)] }));
    let s = one_on_one("A.......B", spear, charger);
    assert_eq!(decide(&s, 0, |_| {}), ["ready"]);
}

/// Threatened by a longspear 10 ft away, its target across rubble (no 5-foot step into
/// difficult terrain), an acrobat who beats the spearman's DC nearly always tumbles toward
/// its target and attacks.
#[test]
fn an_acrobat_tumbles_past_a_threatening_enemy() {
    let acrobat = creature(
        "acrobat",
        json!({ "skills": { "acrobatics": { "total": 20 } }, "attacks": [sword(4)] }),
    );
    let target = creature("target", json!({}));
    let spearman = creature(
        "spearman",
        json!({ "cmd": 12, "attacks": [{
            "name": "longspear", "kind": "melee", "attack_bonus": 2, "reach_weapon": true,
            "damage": [{ "formula": "1d8", "types": ["piercing"] }] }] }),
    );
    let map = map_with_rubble();
    let s = scenario(
        map,
        vec![("a", vec![acrobat]), ("b", vec![target, spearman])],
        5,
    );
    assert_eq!(decide(&s, 0, |_| {}), ["tumble", "attack"]);
}

/// Rows 0–3: the acrobat at (1,1), rubble at column 2 of rows 0–2, its target at (1,3), the
/// spearman at (3,1).
fn map_with_rubble() -> crate::map::Map {
    map(
        &["..T..", "..T..", "..T..", ".....", "....."],
        &[".....", ".A.B.", ".....", ".B...", "....."],
    )
}

/// The wrestler's grapple on a caster is held on: its next turn pins the caster (« CRB —
/// Pinned »: no spell with somatic or material components), the one after deals damage.
#[test]
fn a_wrestler_holds_a_caster_and_pins_it() {
    let wrestler = creature(
        "wrestler",
        json!({ "cmb": 14, "feats": ["Improved Grapple"], "initiative_mod": 20,
            "attacks": [sword(4)] }),
    );
    let priest = cleric(
        3,
        &["cure light wounds"],
        json!({"1": 2}),
        json!({ "cmd": 10, "hp_max": 60, "attacks": [sword(0)] }),
    );
    let s = with_spells(one_on_one("AB.....", wrestler, priest));
    let mut dice = SeededDice::for_run(Seed(1), RunIndex(0));
    let p = play_dice(&s, &DefaultPolicy, &mut dice);
    let wrestler: Vec<&str> = p.said_by("wrestler");
    let first = |needle: &str| wrestler.iter().position(|l| l.contains(needle));
    let grapples = first("grapple").unwrap_or_else(|| panic!("{wrestler:#?}"));
    let pins = first("pin").unwrap_or_else(|| panic!("{wrestler:#?}"));
    assert!(grapples < pins, "{wrestler:#?}");
}

/// « CRB — Damage Reduction » in the numbers a policy weighs: a 1d6+4 sword (7.5 a hit)
/// against DR 5/magic keeps 2.5 a hit (10 of a 15 critical), nothing against DR 20/magic,
/// and all of itself against DR 5/slashing, which it overcomes.
#[test]
fn expected_damage_counts_damage_reduction() {
    let worth = |foe: Value| {
        let hero = creature(
            "hero",
            json!({ "attacks": [melee("sword", 30, "1d6+4", &["slashing"])] }),
        );
        let s = one_on_one("AB", hero, creature("foe", foe));
        let info = prepare(&s);
        let mut fight = Fight::new(&s, &info);
        fight.reset();
        let view = View::new(&fight);
        view.swing_damage_x100(UnitId::new(0), UnitId::new(1), 0, 0)
    };
    let dr = |amount: u32, bypass: &str| json!({ "dr": { "amount": amount, "bypass": bypass } });
    let plain = worth(json!({}));
    assert!(plain > 0);
    assert_eq!(worth(dr(5, "slashing")), plain);
    // DR 10 leaves only the criticals (5 of 15); DR 20 leaves nothing.
    assert!(worth(dr(10, "magic")) * 20 < plain);
    assert_eq!(worth(dr(20, "magic")), 0);
    // A hit loses two thirds; a critical (15) only a third.
    let reduced = worth(dr(5, "magic"));
    assert!(
        3 * reduced > plain && 2 * reduced < plain,
        "{reduced} vs {plain}"
    );
}

/// « CRB — Pick up an item »: a disarmed swordsman whose sword lies in its square picks it up
/// (it holds nothing else) and attacks; with a dagger still in hand and an enemy beside it, it
/// does not provoke to get its sword back.
#[test]
fn a_disarmed_creature_picks_up_its_weapon() {
    let armed = |attacks: Value| creature("hero", json!({ "attacks": attacks }));
    let foe = || creature("foe", json!({ "attacks": [sword(0)] }));
    let drop_sword = |f: &mut Fight| {
        let at = f.units[0].pos;
        assert!(f.drop_weapon(0, 0, at));
    };
    let s = one_on_one("AB.....", armed(json!([sword(4)])), foe());
    assert_eq!(decide(&s, 0, drop_sword), ["pick_up", "attack"]);
    let with_dagger = json!([sword(4), melee("dagger", 2, "1d4", &["piercing"])]);
    let s = one_on_one("AB.....", armed(with_dagger.clone()), foe());
    assert_eq!(decide(&s, 0, drop_sword), ["full_attack"]);
    // Out of every enemy's reach, it picks the sword up even with the dagger in hand.
    let s = one_on_one("A...B..", armed(with_dagger), foe());
    assert_eq!(decide(&s, 0, drop_sword), ["pick_up", "attack"]);
}
