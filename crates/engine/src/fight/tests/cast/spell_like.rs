//! « Bestiary — Spell-Like Abilities »: a `spell_like` entry's spells cast as spells — no
//! slot, no component, the entry's caster level, DC 10 + the spell's level + Charisma
//! modifier —, each with its uses (at will, N a day; constant ones recorded only), and the
//! default policy choosing among them as among spells.

use serde_json::json;

use super::super::hex::{foe, fresh};
use super::super::support::*;
use super::{cast_in, with_spells};
use crate::fight::{CastTarget, UnitId};
use crate::model::Combatant;
use crate::rng::ScriptedDice;

/// An imp-like outsider (Cha 14: +2) with spell-like abilities at caster level 6.
fn fiend() -> Combatant {
    creature(
        "fiend",
        json!({
            "level": 3, "abilities": { "cha_score": 14 },
            "features": ["Spell-Like Abilities (detect magic constant; invisibility at will; cause fear 1/day)"],
            "specials": [{ "rule": "spell_like", "caster_level": 6, "spells": [
                { "spell": "detect magic", "uses": "constant" },
                { "spell": "invisibility", "uses": "at will", "self_only": true },
                { "spell": "cause fear", "uses": "1/day" }
            ] }]
        }),
    )
}

#[test]
fn spell_like_abilities_cast_as_spells_with_their_uses_and_charisma_dc() {
    let s = with_spells(scenario(
        room(&["AA.B"]),
        vec![
            ("a", vec![fiend(), foe("friend", 10, 0)]),
            ("b", vec![foe("orc", 10, 0)]),
        ],
        1,
    ));
    let fear = cast_in(&s, "cause fear", CastTarget::Unit(UnitId::of(2)));
    let invisible_friend = cast_in(&s, "invisibility", CastTarget::Unit(UnitId::of(1)));
    let invisible = cast_in(&s, "invisibility", CastTarget::Caster);
    let detect = cast_in(&s, "detect magic", CastTarget::Caster);
    fresh(&s, |fight, sink| {
        fight.round = 1;
        // Cause fear: DC 10 + 1 + Cha +2 = 13, no component check; once a day.
        let mut dice = ScriptedDice::new([(20, 4), (4, 3)]);
        assert!(fight.cast(0, fear, &mut dice, sink).ok);
        assert_eq!(
            sink.0[0].message,
            "casts cause fear (spell-like 1) on orc: Will DC 13 d20=4+0=4 fails: frightened"
        );
        assert_eq!(fight.cast(0, fear, &mut dice, sink).reason, "no_uses_left");
        // Self only; at will.
        assert_eq!(
            fight.cast(0, invisible_friend, &mut dice, sink).reason,
            "invalid_target"
        );
        assert!(fight.cast(0, invisible, &mut dice, sink).ok);
        assert!(fight.cast(0, invisible, &mut dice, sink).ok);
        assert!(
            sink.0[1]
                .message
                .starts_with("casts invisibility (spell-like 2)"),
            "{}",
            sink.0[1].message
        );
        // A constant ability is recorded, never cast.
        assert_eq!(
            fight.cast(0, detect, &mut dice, sink).reason,
            "unknown_spell"
        );
        // The entry's caster level.
        let caster = fight.info[0].caster.as_deref().unwrap();
        assert_eq!(
            (caster.sla_level, caster.level, caster.sla.len()),
            (6, 6, 2)
        );
    });
}
