//! Every spell file of data/spells parses (the catalogue) and casts: from a caster of its
//! first class list at the caster level that list first reaches its level, on a suitable
//! target — an ally for what does not harm it, an enemy otherwise, a dying enemy for spells
//! that want one, the enemy's corner for a point of origin, a free square for a teleport —
//! the cast is accepted and logs « casts » (or « begins casting », then « finishes casting »
//! for a spell of one round).

use serde_json::json;

use crate::area::Intersection;
use crate::fight::{Fight, Keep, Scratch, prepare};
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::rules::effect::Effect;
use crate::spell::Range;
use crate::spell::Spell;
use crate::spell::vocab::{AreaOrigin, TargetKind};
use crate::vocab::Vocabulary;

use super::super::support::*;
use super::*;

/// The caster level at which a list first casts spells of `level` (full casters: 2L − 1).
fn caster_level(level: u8) -> u32 {
    (2 * u32::from(level)).saturating_sub(1).max(1)
}

/// What to cast `spell` at: caster 0, ally 1, enemy 2 (adjacent to both).
fn target_for(fight: &Fight, spell: &Spell) -> CastTarget {
    if spell.effects().iter().any(|d| d.effect == Effect::Teleport) {
        return CastTarget::Point(Intersection::new(5, 5));
    }
    if let Some(area) = spell.area() {
        return match (area.shape, area.origin) {
            (crate::area::Shape::Cone | crate::area::Shape::Line, _) => on(2),
            (_, AreaOrigin::Caster) => CastTarget::Caster,
            (_, AreaOrigin::Target) => on(2),
            (_, AreaOrigin::Point) => CastTarget::Point(Intersection::new(2, 3)),
        };
    }
    let Some(target) = spell.target() else {
        return CastTarget::Caster;
    };
    if target.kind == TargetKind::OnlySelf || spell.range() == Range::Personal {
        return CastTarget::Caster;
    }
    if target.filter.dying || target.filter.stable_dying {
        return on(2);
    }
    if target.filter.willing || fight.willing(0, 1, spell) {
        on(1)
    } else {
        on(2)
    }
}

#[test]
fn every_spell_file_parses_and_casts() {
    let catalogue = catalogue();
    assert!(catalogue.len() >= 120, "{} spells", catalogue.len());
    for (n, (id, spell)) in catalogue.iter().enumerate() {
        let (list, level) = spell.levels().iter().next().expect("a level line");
        let name = spell.name().to_lowercase();
        let cl = caster_level(level);
        let slots = json!({ level.to_string(): 2 });
        let caster = super::caster(
            "caster",
            list.name(),
            cl,
            &[&name],
            slots,
            json!({"hp_max": 30}),
        );
        let filter = spell.target().map(|t| t.filter).unwrap_or_default();
        let enemy = creature("enemy", json!({"hp_max": 30}));
        let s = with_spells(scenario(
            room(&[
                "........", ".AA.....", "..B.....", "........", "........", "........",
            ]),
            vec![
                ("a", vec![caster, creature("ally", json!({"hp_max": 30}))]),
                ("b", vec![enemy]),
            ],
            10,
        ));
        let info = prepare(&s);
        let mut fight = Fight::new(&s, &info);
        fight.reset();
        fight.round = 1;
        if filter.dying || filter.stable_dying {
            fight.units[2].hp = -2;
            fight.units[2].stable = filter.stable_dying;
        }
        let target = target_for(&fight, spell);
        let action = cast(&name, target);
        let mut dice = SeededDice::for_run(Seed(1), RunIndex(n as u64));
        let mut sink = Keep::default();
        let mut scratch = Scratch::default();
        let result = fight.act(0, action, &mut scratch, &mut dice, &mut sink);
        assert!(result.ok, "{name}: refused ({})", result.reason);
        fight.start_casting_turn(0, &mut dice, &mut sink);
        let said: Vec<&str> = sink.0.iter().map(|l| l.message.as_str()).collect();
        let cast_line = |verb: &str| {
            said.iter()
                .any(|l| l.starts_with(&format!("{verb} {name} (")))
        };
        let lost = said.iter().any(|l| l.contains("fizzles"));
        assert!(
            cast_line("casts") || cast_line("finishes casting") || lost,
            "{name} ({id:?}): {said:?}"
        );
    }
}
