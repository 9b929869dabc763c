//! When spells happen (« CRB — Casting Time », « Summon Monster »): a spell of one round's
//! casting time goes off at the start of the caster's next turn, unless a wound breaks the
//! caster's concentration or the caster can no longer act; summoned creatures act right after
//! their summoner and vanish when the spell ends.

use serde_json::json;

use super::super::support::*;
use super::*;

/// « CRB — Summon Monster I »: one round to cast; the dire rat appears next to the caster at
/// the start of its next turn, acts right after it in the initiative order, for 1 round per
/// caster level, then vanishes; its hits count for its summoner.
#[test]
fn a_summoned_creature_acts_after_its_summoner_and_vanishes() {
    let c = cleric(1, &["summon monster i"], json!({"1": 1}), json!({}));
    let foe = creature("foe", json!({"hp_max": 40}));
    let s = with_spells(scenario(
        room(&["A.B..."]),
        vec![("a", vec![c]), ("b", vec![foe])],
        3,
    ));
    let policy = Rounds::new()
        .at(0, 1, &[cast("summon monster i", CastTarget::Caster)])
        .always(
            2,
            &[Action::Attack {
                target: UnitId::new(1),
            }],
        );
    let mut rolls = d20s(&[20, 10, 18]);
    rolls.push((4, 2));
    let p = play_with(&s, &policy, &rolls);
    p.assert_log(&[
        "- | - | initiative: cleric d20=20+0=20",
        "- | - | initiative: foe d20=10+0=10",
        "1 | cleric | begins casting summon monster i (cleric 1, slot 1)",
        "2 | cleric | finishes casting summon monster i (cleric 1, slot 1): summons cleric-dire_rat at (0,1)",
        "2 | cleric-dire_rat | bite vs foe d20=18+1=19 AC 10 -> HIT 2 dmg (foe hp 40 -> 38)",
        "3 | cleric-dire_rat | vanishes",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
    assert_eq!(p.tally.units.len(), 2, "summons are not rows of the report");
    assert_eq!(
        (p.tally.units[0].hits, p.tally.units[0].damage_dealt),
        (1, 2)
    );
}

/// « CRB — Casting Time »: a wound between the casting and its effect calls for concentration
/// (DC 10 + damage + level); a caster that can no longer act loses the spell.
#[test]
fn a_one_round_cast_is_lost_to_a_wound_or_a_fall() {
    let w = wizard(1, &["sleep"], json!({"1": 1}), json!({"hp_max": 12}));
    let archer = creature("archer", json!({"level": 1, "attacks": [bow(5, 60)]}));
    let ally = creature("ally", json!({}));
    let s = with_spells(scenario(
        room(&["A...B", "A...."]),
        vec![("a", vec![w, ally]), ("b", vec![archer])],
        2,
    ));
    let policy = Rounds::new()
        .at(
            0,
            1,
            &[cast(
                "sleep",
                CastTarget::Point(crate::area::Intersection::new(0, 4)),
            )],
        )
        .always(
            2,
            &[Action::Attack {
                target: UnitId::new(0),
            }],
        );
    let mut rolls = d20s(&[20, 2, 1, 15]);
    rolls.push((6, 4));
    rolls.extend(d20s(&[5, 10]));
    rolls.push((6, 1));
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(
        p.said_by("wizard"),
        [
            "begins casting sleep (sorcerer_wizard 1, slot 1)",
            "concentration (wounded for 4) DC 15 d20=5+4=9 -> fails: sleep fizzles",
        ]
    );
    let mut rolls = d20s(&[20, 2, 1, 20, 10]);
    rolls.push((6, 6));
    rolls.extend(d20s(&[10, 1]));
    let p = play_with(&s, &policy, &rolls);
    assert_eq!(p.said_by("wizard")[1], "sleep fizzles (cannot act)");
}
