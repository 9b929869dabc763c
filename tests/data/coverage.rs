//! Coverage of the shipped data set (data/monsters, data/pcs, data/README.md): every combatant
//! file parses, and each rule family the engine must exercise has at least one file that uses
//! it — sizes, natural and reach attacks, flyers, the four undead, constructs, damage reduction
//! bypasses, spell resistance, energy resistances and immunities, ranged, splash and firearm
//! attacks, casters, the challenge-rating span and the party of eight PCs. A test failing here
//! means a data file was removed or changed: restore the rule it covered.

use std::path::{Path, PathBuf};

use pf1e_engine::model::{
    AttackKind, Bypass, ChallengeRating, Combatant, CreatureType, DamageType, Role, parse_combatant,
};
use pf1e_engine::size::Size;

/// The `.json` files of `data/<dir>`, sorted.
fn json_files(dir: &str) -> Vec<PathBuf> {
    let root = crate::util::root().join("data").join(dir);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&root)
        .unwrap_or_else(|e| panic!("read {}: {e}", root.display()))
        .map(|entry| entry.expect("a directory entry").path())
        .filter(|path| path.extension().and_then(|e| e.to_str()) == Some("json"))
        .collect();
    files.sort();
    files
}

fn file_name(path: &Path) -> String {
    path.file_name()
        .and_then(|n| n.to_str())
        .expect("a UTF-8 file name")
        .to_string()
}

/// Every combatant of `data/<dir>` as (file name, combatant); panics naming the file when one
/// does not parse.
fn load(dir: &str) -> Vec<(String, Combatant)> {
    json_files(dir)
        .iter()
        .map(|path| {
            let name = file_name(path);
            let text = std::fs::read_to_string(path).expect("a readable data file");
            let combatant = parse_combatant(&name, &text)
                .unwrap_or_else(|e| panic!("data/{dir}/{name} does not parse:\n{e}"));
            (name, combatant)
        })
        .collect()
}

fn monsters() -> Vec<(String, Combatant)> {
    load("monsters")
}

fn pcs() -> Vec<(String, Combatant)> {
    load("pcs")
}

fn everyone() -> Vec<(String, Combatant)> {
    let mut all = monsters();
    all.extend(pcs());
    all
}

/// Asserts at least one combatant satisfies `rule`; the message names the rule family.
fn assert_some(
    family: &str,
    combatants: &[(String, Combatant)],
    rule: impl Fn(&Combatant) -> bool,
) {
    let found: Vec<&str> = combatants
        .iter()
        .filter(|(_, c)| rule(c))
        .map(|(name, _)| name.as_str())
        .collect();
    assert!(
        !found.is_empty(),
        "no data file covers {family} (looked at {} files)",
        combatants.len()
    );
}

fn source_names(c: &Combatant, word: &str) -> bool {
    c.source()
        .is_some_and(|s| s.to_lowercase().contains(&word.to_lowercase()))
}

fn bypass_needs(c: &Combatant, damage_type: DamageType) -> bool {
    c.dr().is_some_and(|dr| match dr.bypass {
        Bypass::All(types) | Bypass::Any(types) => types.contains(damage_type),
        Bypass::Nothing => false,
    })
}

fn cr(text: &str) -> ChallengeRating {
    text.parse().expect("a challenge rating")
}

#[test]
fn every_combatant_file_parses() {
    let all = everyone();
    assert!(all.len() >= 26 + 8, "only {} combatant files", all.len());
}

#[test]
fn at_least_24_bestiary_creatures_besides_goblin_and_orc() {
    let bestiary: Vec<String> = monsters()
        .into_iter()
        .filter(|(name, c)| {
            name != "goblin.json" && name != "orc.json" && source_names(c, "Bestiary >")
        })
        .map(|(name, _)| name)
        .collect();
    assert!(
        bestiary.len() >= 24,
        "{} Bestiary files: {bestiary:?}",
        bestiary.len()
    );
    for (name, c) in monsters() {
        assert_eq!(c.role(), Role::Monster, "{name}: role");
    }
}

#[test]
fn every_size_from_tiny_to_huge() {
    let all = everyone();
    for size in [
        Size::Tiny,
        Size::Small,
        Size::Medium,
        Size::Large,
        Size::Huge,
    ] {
        assert_some(&format!("size {size}"), &all, |c| c.size() == size);
    }
}

#[test]
fn secondary_natural_attacks() {
    assert_some("secondary natural attacks", &monsters(), |c| {
        c.attacks().iter().any(|a| a.natural() && a.secondary())
    });
}

#[test]
fn natural_reach_of_ten_feet_or_more() {
    assert_some("natural reach >= 10 ft", &monsters(), |c| {
        c.attacks()
            .iter()
            .any(|a| a.natural() && a.reach_ft().is_some_and(|r| r >= 10))
    });
}

#[test]
fn reach_weapon() {
    // A monster and a PC each wield one (the ring: 10 ft, not adjacent), so the engine's
    // reach-weapon rules run on both sides of an encounter.
    let wields_one = |c: &Combatant| {
        c.attacks()
            .iter()
            .any(|a| a.reach_weapon() && a.kind() == AttackKind::Melee)
    };
    assert_some("a monster with a reach weapon", &monsters(), wields_one);
    assert_some("a PC with a reach weapon", &pcs(), wields_one);
}

#[test]
fn flyers() {
    assert_some("a flyer", &monsters(), |c| c.speed_fly_ft().is_some());
}

#[test]
fn skeleton_zombie_ghoul_and_lich_are_undead() {
    let all = monsters();
    for word in ["Skeleton", "Zombie", "Ghoul", "Lich"] {
        assert_some(&format!("the {word} (by source)"), &all, |c| {
            source_names(c, word) && c.creature_type() == CreatureType::Undead
        });
    }
}

#[test]
fn lich_is_the_seed_stat_block() {
    let (name, lich) = monsters()
        .into_iter()
        .find(|(_, c)| source_names(c, "Lich"))
        .expect("a lich");
    assert_eq!(lich.cr(), Some(cr("12")), "{name}: cr");
    let dr = lich.dr().expect("the lich has damage reduction");
    assert_eq!(
        (dr.amount, dr.bypass),
        (15, "bludgeoning and magic".parse().unwrap()),
        "{name}: dr"
    );
    let touch = lich
        .attacks()
        .iter()
        .find(|a| a.kind() == AttackKind::Touch)
        .expect("a touch attack");
    assert!(
        touch.name().contains("paralyzing touch")
            && touch.damage_bonus() == 5
            && touch.damage()[0].types().contains(DamageType::Negative),
        "{name}: the paralyzing touch deals 1d8+5 negative energy"
    );
    let immune = lich.immunities();
    assert!(immune.to_damage(DamageType::Cold) && immune.to_damage(DamageType::Electricity));
    for feature in ["Fear Aura", "Paralyzing Touch"] {
        assert!(
            lich.features().iter().any(|f| f.starts_with(feature)),
            "{name}: feature {feature}"
        );
    }
    assert!(
        lich.spell_slots().iter().sum::<u32>() > 0,
        "{name}: spell slots"
    );
    assert_eq!(
        lich.casting_ability().map(|a| a.ability()),
        Some(pf1e_engine::model::Ability::Int),
        "{name}: casting ability"
    );
}

#[test]
fn construct() {
    assert_some("a construct", &monsters(), |c| {
        c.creature_type() == CreatureType::Construct
    });
}

#[test]
fn damage_reduction_bypassed_by_magic_silver_and_cold_iron() {
    let all = monsters();
    for (word, damage_type) in [
        ("magic", DamageType::Magic),
        ("silver", DamageType::Silver),
        ("cold iron", DamageType::ColdIron),
    ] {
        assert_some(&format!("DR x/{word}"), &all, |c| {
            bypass_needs(c, damage_type)
        });
    }
}

#[test]
fn spell_resistance() {
    assert_some("spell resistance", &monsters(), |c| {
        c.spell_resistance() > 0
    });
}

#[test]
fn energy_resistance_and_immunities() {
    let all = monsters();
    assert_some("an energy resistance", &all, |c| {
        !c.resistances().is_empty()
    });
    assert_some("an immunity", &all, |c| !c.immunities().is_empty());
}

#[test]
fn ranged_attacks_with_range_increments() {
    let all = everyone();
    assert_some("a ranged attack", &all, |c| {
        c.attacks()
            .iter()
            .any(|a| a.kind() == AttackKind::Ranged && a.range_increment_ft().is_some())
    });
    // Both archers (a bow) and throwers (javelins, rocks, spears) among the monsters.
    for word in ["bow", "javelin"] {
        assert_some(&format!("a ranged {word}"), &monsters(), |c| {
            c.attacks()
                .iter()
                .any(|a| a.is_ranged() && a.name().contains(word))
        });
    }
}

#[test]
fn splash_weapon() {
    assert_some("a thrown splash weapon", &pcs(), |c| {
        c.attacks().iter().any(|a| {
            a.kind() == AttackKind::Ranged
                && a.range_increment_ft() == Some(10)
                && a.splash()
                    .is_some_and(|s| s.damage_type == DamageType::Fire)
        })
    });
}

#[test]
fn firearm() {
    assert_some("a firearm", &pcs(), |c| {
        c.attacks()
            .iter()
            .any(|a| a.firearm() && a.kind() == AttackKind::Ranged)
    });
}

#[test]
fn casters_with_slots() {
    let caster = |c: &Combatant| {
        c.spell_slots().iter().sum::<u32>() > 0
            && !c.spells().is_empty()
            && c.casting_ability().is_some()
    };
    assert_some("a monster caster with slots", &monsters(), caster);
    assert_some("a PC caster with slots", &pcs(), caster);
    assert_some(
        "an NPC spellcaster (a classed humanoid)",
        &monsters(),
        |c| caster(c) && c.creature_type() == CreatureType::Humanoid,
    );
}

#[test]
fn challenge_ratings_span_quarter_to_twelve() {
    let ratings: Vec<ChallengeRating> = monsters().iter().filter_map(|(_, c)| c.cr()).collect();
    let (low, high) = (
        ratings.iter().min().expect("monsters with a CR"),
        ratings.iter().max().expect("monsters with a CR"),
    );
    assert!(*low <= cr("1/4"), "lowest CR is {low}");
    assert!(*high >= cr("12"), "highest CR is {high}");
}

#[test]
fn a_party_of_eight_pcs_from_level_one_to_five() {
    let party = pcs();
    for (name, c) in &party {
        assert_eq!(c.role(), Role::Pc, "{name}: role");
        assert!((1..=5).contains(&c.level()), "{name}: level {}", c.level());
    }
    let heroes: Vec<u32> = party
        .iter()
        .filter(|(_, c)| c.creature_type() != CreatureType::Animal)
        .map(|(_, c)| c.level())
        .collect();
    assert!(heroes.len() >= 8, "{} PCs", heroes.len());
    assert!(
        heroes.contains(&1) && heroes.contains(&5),
        "levels {heroes:?}"
    );
    for resource in ["channel_energy", "grit", "arcane_pool", "hexes"] {
        assert_some(&format!("resource {resource}"), &party, |c| {
            c.resource(resource).is_some_and(|n| n > 0)
        });
    }
    assert_some("carried items", &party, |c| !c.carried_items().is_empty());
    assert_some("skills with ranks", &party, |c| {
        c.skills().iter().any(|(_, s)| s.ranks > 0 && s.class_skill)
    });
}

#[test]
fn data_readme_names_every_file() {
    let data = crate::util::root().join("data");
    let readme = std::fs::read_to_string(data.join("README.md")).expect("data/README.md exists");
    let mut missing = Vec::new();
    for dir in ["maps", "monsters", "pcs"] {
        let mut files: Vec<PathBuf> = std::fs::read_dir(data.join(dir))
            .unwrap_or_else(|e| panic!("read data/{dir}: {e}"))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.is_file())
            .collect();
        files.sort();
        for path in files {
            let name = file_name(&path);
            if !readme.contains(&name) {
                missing.push(format!("data/{dir}/{name}"));
            }
        }
    }
    assert!(
        missing.is_empty(),
        "data/README.md does not mention {missing:?}"
    );
}
