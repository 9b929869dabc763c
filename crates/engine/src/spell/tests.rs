//! Whole-file tests: the fixtures (copies of SRD spells from data/spells/) parse into the right
//! values, every file of data/spells/ parses, the catalogue keys, orders and refuses
//! duplicates, and metamagic-baked names point at the base spell and the feat.

use super::vocab::{
    AreaOrigin, CastingTime, Component, SaveOutcome, School, SpellClass, SpellDescriptor,
    Subschool, TargetKind,
};
use super::*;
use crate::area::Shape;
use crate::model::CreatureType;
use crate::rules::effect::{
    Amount, CreatureSlot, Dice, Duration, Effect, Energy, Metamagic, Recipient, TimeUnit,
};
use crate::rules::{Condition, Descriptor, Save};

pub(super) const FIREBALL: &str = include_str!("fixtures/fireball.json");
pub(super) const MAGIC_MISSILE: &str = include_str!("fixtures/magic_missile.json");
pub(super) const CURE_LIGHT_WOUNDS: &str = include_str!("fixtures/cure_light_wounds.json");
pub(super) const HOLD_PERSON: &str = include_str!("fixtures/hold_person.json");
pub(super) const CAUSE_FEAR: &str = include_str!("fixtures/cause_fear.json");
pub(super) const SUMMON_MONSTER_I: &str = include_str!("fixtures/summon_monster_i.json");

pub(super) const FIXTURES: [(&str, &str); 6] = [
    ("fireball.json", FIREBALL),
    ("magic_missile.json", MAGIC_MISSILE),
    ("cure_light_wounds.json", CURE_LIGHT_WOUNDS),
    ("hold_person.json", HOLD_PERSON),
    ("cause_fear.json", CAUSE_FEAR),
    ("summon_monster_i.json", SUMMON_MONSTER_I),
];

fn spell(label: &str, text: &str) -> Spell {
    parse_spell(label, text).unwrap_or_else(|e| panic!("{e}"))
}

fn only_effect(s: &Spell) -> &Effect {
    match s.effects() {
        [one] => &one.effect,
        other => panic!("{} has {} effects", s.name(), other.len()),
    }
}

#[test]
fn fireball_is_a_20ft_spread_of_fire_capped_at_10d6() {
    let s = spell("fireball.json", FIREBALL);
    assert_eq!(s.name(), "Fireball");
    assert_eq!(s.school(), School::Evocation);
    assert!(s.descriptors().contains(SpellDescriptor::Fire));
    assert_eq!(s.level_for(SpellClass::SorcererWizard), Some(3));
    assert_eq!(s.level_for(SpellClass::Cleric), None);
    assert_eq!(s.casting_time(), CastingTime::Standard);
    assert_eq!(s.range(), Range::Long);
    assert_eq!(s.range().feet_at(5), 600);
    let area = s.area().unwrap();
    assert_eq!(
        (area.shape, area.size_ft, area.origin),
        (Shape::Spread, 20, AreaOrigin::Point)
    );
    assert_eq!(area.template(5).squares, 4);
    let save = s.save().unwrap();
    assert_eq!(
        (save.save, save.on_success),
        (Save::Reflex, SaveOutcome::Half)
    );
    assert!(s.spell_resistance() && s.target().is_none() && s.attack().is_none());
    let Effect::Damage { amount, types } = only_effect(&s) else {
        panic!("fireball deals damage")
    };
    assert_eq!(amount.max_value(15), 60);
    assert_eq!(
        types.iter().map(|t| t.to_string()).collect::<Vec<_>>(),
        ["fire"]
    );
    assert!(s.save_descriptors().contains(Descriptor::Fire));
    assert!(s.save_descriptors().contains(Descriptor::Spell));
}

#[test]
fn magic_missile_repeats_1d4_plus_1_per_missile() {
    let s = spell("magic_missile.json", MAGIC_MISSILE);
    let missiles = s.projectiles();
    assert_eq!([1, 3, 9].map(|cl| missiles.min_value(cl)), [1, 2, 5]);
    assert!(s.save().is_none());
    assert_eq!(s.target().unwrap().count, Amount::fixed(1));
    let Effect::Damage { amount, .. } = only_effect(&s) else {
        panic!("magic missile deals damage")
    };
    assert_eq!(*amount, Amount::formula(Dice { count: 1, sides: 4 }, 1));
}

#[test]
fn cure_light_wounds_heals_1d8_plus_level_up_to_5() {
    let s = spell("cure_light_wounds.json", CURE_LIGHT_WOUNDS);
    assert_eq!(s.subschool(), Some(Subschool::Healing));
    assert_eq!(s.level_for(SpellClass::Ranger), Some(2));
    assert!(s.save().unwrap().harmless);
    let Effect::Heal { amount, energy } = only_effect(&s) else {
        panic!("cure light wounds heals")
    };
    assert_eq!(*energy, Energy::Positive);
    assert_eq!((amount.min_value(3), amount.max_value(3)), (4, 11));
    assert_eq!(amount.max_value(9), 13);
    let mut dice = crate::rng::ScriptedDice::new([]);
    let maximized = Metamagic {
        maximize: true,
        ..Metamagic::NONE
    };
    assert_eq!(amount.roll(9, &mut dice, maximized), 13);
}

#[test]
fn hold_person_paralyzes_a_humanoid_that_saves_each_round() {
    let s = spell("hold_person.json", HOLD_PERSON);
    assert!(s.dismissible());
    let target = s.target().unwrap();
    assert_eq!(target.kind, TargetKind::Creature);
    assert!(
        target
            .filter
            .creature_types
            .contains(CreatureType::Humanoid)
    );
    assert!(!target.filter.creature_types.contains(CreatureType::Animal));
    let Effect::Condition {
        condition,
        duration,
        save_ends,
    } = only_effect(&s)
    else {
        panic!("hold person gives a condition")
    };
    assert_eq!((*condition, *save_ends), (Condition::Paralyzed, true));
    assert_eq!(
        *duration,
        s.duration(),
        "the effect inherits the spell's duration"
    );
    assert!(s.save_descriptors().contains(Descriptor::Enchantment));
    assert!(s.save_descriptors().contains(Descriptor::MindAffecting));
}

#[test]
fn cause_fear_frightens_or_shakes_for_a_round_on_a_save() {
    let s = spell("cause_fear.json", CAUSE_FEAR);
    assert_eq!(s.save().unwrap().on_success, SaveOutcome::Partial);
    assert_eq!(s.target().unwrap().filter.max_hd, Some(5));
    assert!(s.target().unwrap().filter.living);
    let [shaken] = s.on_save() else {
        panic!("one on_save effect")
    };
    assert_eq!(shaken.to, Recipient::Target);
    let one_round = Duration::Timed {
        unit: TimeUnit::Rounds,
        amount: Amount::fixed(1),
    };
    assert_eq!(
        shaken.effect,
        Effect::Condition {
            condition: Condition::Shaken,
            duration: one_round,
            save_ends: false
        }
    );
    assert!(s.save_descriptors().contains(Descriptor::Fear));
}

#[test]
fn summon_monster_keeps_the_creature_path_as_written() {
    let s = spell("summon_monster_i.json", SUMMON_MONSTER_I);
    assert_eq!(s.casting_time(), CastingTime::OneRound);
    assert!(s.components().contains(Component::FocusOrDivineFocus));
    let Effect::Summon {
        creature, count, ..
    } = only_effect(&s)
    else {
        panic!("summon monster summons")
    };
    assert_eq!(*creature, CreatureSlot(0));
    assert_eq!(s.summon_path(*creature), Some("../monsters/dire_rat.json"));
    assert_eq!(s.summons(), ["../monsters/dire_rat.json"]);
    assert_eq!(*count, Amount::fixed(1));
}

/// Every spell file of the repository parses (the folder may not exist yet).
#[test]
fn every_spell_in_data_parses() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../data/spells");
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return;
    };
    let mut paths: Vec<_> = entries
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    paths.sort();
    let texts: Vec<(String, String)> = (paths.iter())
        .map(|p| {
            let label = p.file_name().unwrap().to_string_lossy().into_owned();
            (label, std::fs::read_to_string(p).unwrap())
        })
        .collect();
    let catalogue = Catalogue::build(texts.iter().map(|(l, t)| (l.as_str(), t.as_str())))
        .unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(catalogue.len(), paths.len());
    for (label, _) in &texts {
        let stem = label.trim_end_matches(".json");
        let named = catalogue
            .iter()
            .any(|(_, s)| file_stem_of(s.name()) == stem);
        assert!(
            named,
            "{label}: the file name is not the spell name in snake_case"
        );
    }
}

/// « cure_light_wounds » for « Cure Light Wounds », « bulls_strength » for « Bull's
/// Strength », « blindness_deafness » for « Blindness/Deafness ».
fn file_stem_of(name: &str) -> String {
    let mut out = String::new();
    for c in name.to_lowercase().chars() {
        if c.is_alphanumeric() {
            out.push(c);
        } else if (c == ' ' || c == '/' || c == '-') && !out.ends_with('_') {
            out.push('_');
        }
    }
    out
}

fn fixtures() -> Catalogue {
    Catalogue::build(FIXTURES).unwrap_or_else(|e| panic!("{e}"))
}

#[test]
fn catalogue_is_keyed_by_lowercased_name_in_name_order() {
    let c = fixtures();
    let names: Vec<&str> = c.iter().map(|(_, s)| s.name()).collect();
    assert_eq!(
        names,
        [
            "Cause Fear",
            "Cure Light Wounds",
            "Fireball",
            "Hold Person",
            "Magic Missile",
            "Summon Monster I"
        ]
    );
    assert_eq!(c.get("FIREBALL").map(Spell::name), Some("Fireball"));
    assert_eq!(
        c.get(" magic missile ").map(Spell::name),
        Some("Magic Missile")
    );
    let id = c.id("hold person").unwrap();
    assert_eq!(c.spell(id).name(), "Hold Person");
    assert!(c.get("fire ball").is_none());
    assert_eq!(c.closest("firebal"), Some("Fireball"));
    let mut reversed = FIXTURES;
    reversed.reverse();
    let again = Catalogue::build(reversed).unwrap();
    assert_eq!(
        again.id("hold person"),
        Some(id),
        "ids follow names, not file order"
    );
}

#[test]
fn catalogue_refuses_a_name_given_twice_naming_both_files() {
    let copy = FIREBALL.replace("\"Fireball\"", "\"FIREBALL\"");
    let e =
        Catalogue::build([("fireball.json", FIREBALL), ("copy.json", copy.as_str())]).unwrap_err();
    assert_eq!(
        e.to_string(),
        "copy.json: name: duplicate spell `FIREBALL`: fireball.json already names `Fireball`"
    );
}

#[test]
fn catalogue_reports_the_problems_of_every_file() {
    let bad_school = FIREBALL.replace("\"evocation\"", "\"evokation\"");
    let bad_level = HOLD_PERSON.replace("\"cleric\": 2", "\"cleric\": 12");
    let e = Catalogue::build([
        ("fireball.json", bad_school.as_str()),
        ("hold_person.json", bad_level.as_str()),
    ])
    .unwrap_err();
    let lines: Vec<String> = e.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        lines,
        [
            "fireball.json: school: unknown school `evokation` (did you mean `evocation`?)",
            "hold_person.json: levels.cleric: must be between 0 and 9, got 12",
        ]
    );
}

#[test]
fn metamagic_names_point_at_the_base_spell_and_the_feat() {
    let c = fixtures();
    let fireball = c.id("fireball").unwrap();
    assert_eq!(
        c.lookup("Maximized Fireball"),
        Lookup::Metamagic {
            base: fireball,
            feats: vec![MetamagicFeat::Maximize]
        }
    );
    assert_eq!(
        c.id_for_name("maximized fireball").unwrap_err(),
        "`maximized fireball` is a metamagic version of `fireball`: list `fireball` and give the Maximize Spell feat"
    );
    assert_eq!(
        c.id_for_name("quickened empowered magic missile")
            .unwrap_err(),
        "`quickened empowered magic missile` is a metamagic version of `magic missile`: list `magic missile` and give the Quicken Spell, Empower Spell feats"
    );
    for (name, feat) in [
        ("extended hold person", MetamagicFeat::Extend),
        ("stilled cause fear", MetamagicFeat::Still),
        ("silent fireball", MetamagicFeat::Silent),
        ("heightened hold person", MetamagicFeat::Heighten),
        ("widened fireball", MetamagicFeat::Widen),
        ("empowered cure light wounds", MetamagicFeat::Empower),
    ] {
        let Lookup::Metamagic { feats, .. } = c.lookup(name) else {
            panic!("{name}")
        };
        assert_eq!(feats, [feat], "{name}");
    }
    assert_eq!(c.id_for_name("Fireball"), Ok(fireball));
}

#[test]
fn an_unknown_spell_suggests_the_closest() {
    let c = fixtures();
    assert_eq!(
        c.id_for_name("magic misile").unwrap_err(),
        "unknown spell `magic misile` (did you mean `magic missile`?)"
    );
    assert_eq!(
        c.lookup("maximized firebal"),
        Lookup::Unknown {
            closest: Some("Fireball")
        }
    );
    assert_eq!(
        Catalogue::default().id_for_name("fireball").unwrap_err(),
        "unknown spell `fireball`"
    );
}

/// « silent image » is a spell of its own, not a silent « image ».
#[test]
fn an_exact_name_wins_over_a_metamagic_reading() {
    let silent_image = FIREBALL.replace("\"Fireball\"", "\"Silent Image\"");
    let image = FIREBALL.replace("\"Fireball\"", "\"Image\"");
    let c = Catalogue::build([
        ("a.json", silent_image.as_str()),
        ("b.json", image.as_str()),
    ])
    .unwrap();
    assert_eq!(
        c.lookup("silent image"),
        Lookup::Spell(c.id("silent image").unwrap())
    );
}
