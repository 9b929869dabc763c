//! Saving throws and skill checks of units in a fight (the reference spec, « Jets de sauvegarde »,
//! « Compétences »; CRB « Saving Throws », « Skill Checks »): stat block bonus plus the typed
//! modifiers that hold, natural 1/20 on saves only, class skill +3 only with ranks.

use serde_json::{Value, json};

use super::support::*;
use crate::fight::state::Fight;
use crate::model::Skill;
use crate::rng::ScriptedDice;
use crate::rules::{Context, Descriptor, Save};

/// Plays nothing: builds the fight of one creature (`patch` over the plain base) and hands it
/// to `check` after the reset (start conditions applied).
fn with_unit(patch: Value, check: impl FnOnce(&Fight)) {
    let s = scenario(
        room(&["AA.", "AAB"]),
        vec![
            ("a", vec![creature("hero", patch)]),
            ("b", vec![creature("dummy", json!({}))]),
        ],
        1,
    );
    with_fight(&s, check);
}

#[test]
fn saving_throw_natural_1_fails_natural_20_succeeds() {
    with_unit(
        json!({ "saves": { "fort": 5, "ref": 0, "will": -3 } }),
        |f| {
            let ctx = Context::default();
            let mut dice = ScriptedDice::new(d20s(&[1, 20, 10, 9]));
            let r = f.saving_throw(0, Save::Fort, 1, &ctx, &mut dice);
            assert!(
                !r.success && r.total == 6,
                "natural 1 fails even at 6 vs DC 1"
            );
            let r = f.saving_throw(0, Save::Will, 30, &ctx, &mut dice);
            assert!(
                r.success && r.total == 17,
                "natural 20 succeeds even at 17 vs DC 30"
            );
            assert!(f.saving_throw(0, Save::Fort, 15, &ctx, &mut dice).success);
            assert!(!f.saving_throw(0, Save::Fort, 15, &ctx, &mut dice).success);
        },
    );
}

#[test]
fn saves_take_condition_and_descriptor_modifiers() {
    let patch = json!({
        "saves": { "fort": 2, "ref": 2, "will": 2 },
        "conditions": ["shaken"],
        "modifiers": [
            { "stat": "saves", "type": "morale", "value": 2, "when": "fear" },
            { "stat": "will", "type": "resistance", "value": 1 },
            { "stat": "saves", "type": "resistance", "value": 2, "when": "attacker_is_evil" }
        ]
    });
    with_unit(patch, |f| {
        let plain = Context::default();
        assert_eq!(f.save_bonus(0, Save::Fort, &plain), 0, "shaken −2");
        assert_eq!(
            f.save_bonus(0, Save::Will, &plain),
            1,
            "shaken −2, resistance +1"
        );
        let mut fear = Context::default();
        fear.descriptors.insert(Descriptor::Fear);
        assert_eq!(f.save_bonus(0, Save::Reflex, &fear), 2, "+2 morale vs fear");
        let evil = Context {
            source: Some(crate::model::Alignment::ChaoticEvil),
            ..Context::default()
        };
        assert_eq!(
            f.save_bonus(0, Save::Will, &evil),
            2,
            "resistance +1 and +2 don't stack: +2 against an evil source"
        );
    });
}

#[test]
fn skill_check_has_no_automatic_result_and_class_bonus_needs_ranks() {
    let patch = json!({
        "abilities": { "dex_score": 14, "wis_score": 12 },
        "skills": {
            "stealth": { "ranks": 2, "class_skill": true },
            "perception": { "ranks": 0, "class_skill": true },
            "climb": { "total": 9 }
        }
    });
    with_unit(patch, |f| {
        assert_eq!(f.skill_bonus(0, Skill::Stealth), 2 + 3 + 2);
        assert_eq!(
            f.skill_bonus(0, Skill::Perception),
            1,
            "class skill without ranks: no +3"
        );
        assert_eq!(
            f.skill_bonus(0, Skill::Climb),
            9,
            "a written total is used as is"
        );
        assert_eq!(
            f.skill_bonus(0, Skill::Swim),
            0,
            "untrained: the ability modifier"
        );
        let mut dice = ScriptedDice::new(d20s(&[20, 1]));
        let c = f.skill_check(0, Skill::Stealth, 0, &mut dice);
        assert_eq!((c.roll, c.total), (20, 27));
        let c = f.skill_check(0, Skill::Stealth, 10, &mut dice);
        assert_eq!((c.roll, c.total), (1, 18), "a natural 1 is just 1");
    });
}

#[test]
fn dex_skills_take_the_blinded_penalty_others_do_not() {
    let patch = json!({
        "conditions": ["blinded"],
        "skills": { "stealth": { "ranks": 1 }, "perception": { "ranks": 1 } }
    });
    with_unit(patch, |f| {
        assert_eq!(f.skill_bonus(0, Skill::Stealth), 1 - 4);
        assert_eq!(f.skill_bonus(0, Skill::Perception), 1);
    });
}

#[test]
fn size_modifies_cmb_and_cmd_only() {
    // « CRB — Combat Maneuvers »: a Large creature, BAB +4, Str 18 (+4), Dex 12 (+1):
    // CMB 4 + 4 + 1 = 9, CMD 10 + 4 + 4 + 1 + 1 = 20; its attack bonus and AC stay as written.
    let ogre = json!({
        "size": "Large", "bab": 4,
        "abilities": { "str_score": 18, "dex_score": 12 },
        "attacks": [sword(7)]
    });
    with_unit(ogre.clone(), |f| {
        assert_eq!((f.cmb(0), f.cmd(0, 1)), (9, 20));
        assert_eq!(
            f.info[0].weapons[0].bonus, 7,
            "no size modifier on the attack"
        );
        assert_eq!(f.info[0].ac_total, 10, "nor on AC");
    });
    // Tiny: Dex for CMB, size −2. BAB +1, Str 6 (−2), Dex 16 (+3): CMB 1 + 3 − 2 = 2,
    // CMD 10 + 1 − 2 + 3 − 2 = 10.
    let imp = json!({ "size": "Tiny", "abilities": { "str_score": 6, "dex_score": 16 } });
    with_unit(imp, |f| assert_eq!((f.cmb(0), f.cmd(0, 1)), (2, 10)));
    // Written values win; conditions still count: grappled −2 CMB, flat-footed loses Dex.
    let written = json!({
        "cmb": 12, "cmd": 25, "abilities": { "dex_score": 14 },
        "conditions": ["grappled", "flat_footed"]
    });
    with_unit(written, |f| {
        assert_eq!((f.cmb(0), f.cmd(0, 1)), (10, 25 - 2))
    });
}

#[test]
fn speed_modifiers_change_the_move() {
    // +30 ft enhancement (haste-like) on a 30 ft creature: 12 squares a move; exhausted
    // halves that.
    let fast = json!({ "modifiers": [{ "stat": "speed_ft", "type": "enhancement", "value": 30 }] });
    with_unit(fast, |f| assert_eq!(f.move_squares(0), 12));
    let tired = json!({
        "conditions": ["exhausted"],
        "modifiers": [{ "stat": "speed_ft", "type": "enhancement", "value": 30 }]
    });
    with_unit(tired, |f| assert_eq!(f.move_squares(0), 6));
}
