//! The spell queries of the view, for policies: what can be cast, whether a cast is legal,
//! who an area catches, DCs and save bonuses, spell resistance odds, expected damage in closed
//! form, immunities, active effects, held charges and pending casts.

use serde_json::json;

use crate::area::Intersection;
use crate::fight::{Fight, Keep, Scratch, View, prepare};
use crate::rng::ScriptedDice;

use super::super::support::*;
use super::*;

/// Wizard (unit 0) with magic missile, fireball, hold person and sleep; an orc 6 squares
/// away (unit 1, Ref +0, Will +1, SR 12) and an undead below it (unit 2).
fn setup() -> Scenario {
    let w = wizard(
        5,
        &["magic missile", "fireball", "hold person", "sleep"],
        json!({"1": 2, "3": 1}),
        json!({"feats": ["Maximize Spell"]}),
    );
    let orc = creature(
        "orc",
        json!({"hp_max": 30, "saves": {"fort": 3, "ref": 0, "will": 1}, "spell_resistance": 12}),
    );
    let undead = creature(
        "undead",
        json!({"creature_type": "undead", "abilities": {"con_score": null}}),
    );
    with_spells(scenario(
        room(&["A.....B.", "......B."]),
        vec![("a", vec![w]), ("b", vec![orc, undead])],
        5,
    ))
}

fn id(name: &str) -> crate::spell::SpellId {
    catalogue().id(name).unwrap()
}

#[test]
fn the_view_answers_a_casting_policys_questions() {
    let s = setup();
    let info = prepare(&s);
    let mut fight = Fight::new(&s, &info);
    fight.reset();
    fight.round = 1;
    let (me, orc, undead) = (UnitId::new(0), UnitId::new(1), UnitId::new(2));
    {
        let view = View::new(&fight);
        let castable: Vec<(String, u8, Option<u8>)> = view
            .castable(me)
            .map(|c| (view.spell(c.spell).name().to_string(), c.level, c.slot))
            .collect();
        assert_eq!(
            castable,
            [
                ("Magic Missile".to_string(), 1, Some(1)),
                ("Fireball".to_string(), 3, Some(3)),
                ("Hold Person".to_string(), 3, Some(3)),
                ("Sleep".to_string(), 1, Some(1)),
            ]
        );
        assert_eq!(view.free_slots(me)[1], 2);
        assert!(
            view.metamagic_feats(me)
                .has(crate::fight::MetamagicKind::Maximize)
        );
        // Legal or not, as aimed.
        assert_eq!(view.check_cast(me, cast("magic missile", on(1))), Ok(()));
        assert_eq!(
            view.check_cast(me, cast("hold person", on(2))),
            Err("invalid_target")
        );
        // A fireball at the orc's corner catches both.
        let mut caught = Vec::new();
        let ball = cast("fireball", CastTarget::Point(Intersection::new(1, 6)));
        view.area_catches(me, ball, &mut caught);
        assert_eq!(caught, [orc, undead]);
        // DC 10 + 3 + Int 3 = 16; the orc's Will +1.
        assert_eq!(view.save_dc(me, id("hold person")), Some(16));
        assert_eq!(view.spell_save_bonus(me, id("hold person"), orc), Some(1));
        // SR 12 against d20 + 5: beaten on 7 or more, 70 %.
        assert_eq!(
            view.spell_resistance_odds(me, id("magic missile"), orc),
            Some(70)
        );
        assert_eq!(
            view.spell_resistance_odds(me, id("magic missile"), undead),
            None
        );
        // Magic missile at CL 5: 3 missiles of 1d4+1 (3.5): 10.5, × 70 % SR = 7.35.
        let mm = view.expected_damage_x100(me, id("magic missile"), orc, Metamagics::NONE);
        assert_eq!(mm, 735);
        let max = Metamagics::NONE.with(crate::fight::MetamagicKind::Maximize);
        assert_eq!(
            view.expected_damage_x100(me, id("magic missile"), undead, max),
            1500
        );
        // Fireball 5d6 (17.5) on the orc: SR 70 %, Ref +0 vs DC 16: fails 75 % (full), saves
        // 25 % (half): 17.5 × (0.75 + 0.125) × 0.7 = 10.72 (integer hundredths, rounded down).
        let fb = view.expected_damage_x100(me, id("fireball"), orc, Metamagics::NONE);
        assert_eq!(fb, 1071);
        assert!(view.immune_to(undead, id("sleep")));
        assert!(!view.immune_to(orc, id("sleep")));
        assert_eq!(view.held_charge(me), None);
        assert_eq!(view.pending_cast(me), None);
    }
    // A one-round cast is pending; a buff shows on its bearer.
    let mut dice = ScriptedDice::new([]);
    let mut sink = Keep::default();
    let sleep = cast("sleep", CastTarget::Point(Intersection::new(1, 6)));
    fight.act(0, sleep, &mut Scratch::default(), &mut dice, &mut sink);
    let view = View::new(&fight);
    assert_eq!(view.pending_cast(me), Some(id("sleep")));
    assert_eq!(view.free_slots(me)[1], 1);
    assert_eq!(view.active_effects(orc).count(), 0);
}
