//! Whole-file tests: the reference spec's goblin and the SRD orc parse with the right values,
//! defaults are applied, and a file with several problems reports them all.

use super::*;
use crate::size::Size;

/// The reference spec, « Monstre (JSON) » (lines 157–192), verbatim.
pub(super) const GOBLIN: &str = r#"{
  "name": "Goblin",
  "level": 1,
  "size": "Small",
  "cr": "1/3",
  "xp": 135,
  "source": "Bestiary > Goblin",
  "abilities": {
    "str_score": 11, "dex_score": 15, "con_score": 12,
    "int_score": 10, "wis_score": 9, "cha_score": 6
  },
  "hp_max": 6,
  "ac": { "total": 16, "touch": 13, "flat_footed": 14 },
  "bab": 1,
  "initiative_mod": 6,
  "speed_land_ft": 30,
  "saves": { "fort": 3, "ref": 2, "will": -1 },
  "attacks": [
    {
      "name": "short sword",
      "kind": "melee",
      "attack_bonus": 2,
      "damage": [{ "formula": "1d4", "types": ["slashing"] }],
      "crit_range": 19,
      "crit_mult": 2
    },
    {
      "name": "short bow",
      "kind": "ranged",
      "attack_bonus": 4,
      "damage": [{ "formula": "1d4", "types": ["piercing"] }],
      "crit_mult": 3,
      "range_increment_ft": 60
    }
  ]
}"#;

/// SRD « Orc » (Bestiary): CR 1/3, CE Medium humanoid (orc).
pub(super) const ORC: &str = r#"{
  "name": "Orc",
  "role": "monster",
  "level": 1,
  "size": "Medium",
  "creature_type": "humanoid",
  "subtypes": ["orc"],
  "alignment": "CE",
  "cr": "1/3",
  "xp": 135,
  "source": "Bestiary > Orc",
  "abilities": {
    "str_score": 17, "dex_score": 11, "con_score": 12,
    "int_score": 7, "wis_score": 8, "cha_score": 6
  },
  "hp_max": 6,
  "ac": { "total": 13, "touch": 10, "flat_footed": 13 },
  "bab": 1,
  "initiative_mod": 0,
  "cmb": 4,
  "cmd": 14,
  "speed_land_ft": 30,
  "saves": { "fort": 3, "ref": 0, "will": -1 },
  "attacks": [
    {
      "name": "falchion",
      "kind": "melee",
      "attack_bonus": 5,
      "damage": [{ "formula": "2d4", "types": ["slashing"] }],
      "damage_bonus": 4,
      "crit_range": 18,
      "crit_mult": 2,
      "two_handed": true
    },
    {
      "name": "javelin",
      "kind": "ranged",
      "attack_bonus": 1,
      "damage": [{ "formula": "1d6", "types": ["piercing"] }],
      "damage_bonus": 3,
      "crit_mult": 2,
      "range_increment_ft": 30
    }
  ],
  "features": ["Ferocity", "Light Sensitivity", "Darkvision 60 ft."],
  "feats": ["Weapon Focus (falchion)"],
  "skills": { "intimidate": { "ranks": 1, "class_skill": true, "total": 2 } },
  "carried_items": ["javelin", "javelin"]
}"#;

pub(super) fn parse(text: &str) -> Result<Combatant, DataErrors> {
    parse_combatant("test.json", text)
}

/// Replaces the first `from` in `text` by `to`, failing loudly when it is not there.
pub(super) fn edit(text: &str, from: &str, to: &str) -> String {
    assert!(text.contains(from), "`{from}` not in the fixture");
    text.replacen(from, to, 1)
}

#[test]
fn reference_spec_goblin_parses_with_its_values() {
    let g = parse(GOBLIN).unwrap();
    assert_eq!(g.name(), "Goblin");
    assert_eq!((g.level(), g.caster_level(), g.size()), (1, 1, Size::Small));
    assert_eq!(g.cr().map(|cr| cr.to_string()).as_deref(), Some("1/3"));
    assert_eq!((g.xp(), g.source()), (Some(135), Some("Bestiary > Goblin")));
    assert_eq!(g.abilities().score(Ability::Dex), Some(15));
    assert_eq!(g.abilities().modifier(Ability::Dex), 2);
    assert_eq!(g.abilities().modifier(Ability::Wis), -1);
    assert_eq!(g.hp_max(), 6);
    let ac = g.ac();
    assert_eq!((ac.total, ac.touch, ac.flat_footed), (16, 13, 14));
    assert_eq!((g.bab(), g.initiative_mod(), g.speed_land_ft()), (1, 6, 30));
    let s = g.saves();
    assert_eq!((s.fort, s.reflex, s.will), (3, 2, -1));
    let [sword, bow] = g.attacks() else {
        panic!("two attacks")
    };
    assert_eq!(
        (sword.name(), sword.kind(), sword.attack_bonus()),
        ("short sword", AttackKind::Melee, 2)
    );
    assert_eq!(sword.damage()[0].formula().to_string(), "1d4");
    assert_eq!(
        sword.damage()[0].types().iter().collect::<Vec<_>>(),
        [DamageType::Slashing]
    );
    assert_eq!((sword.threat_range_start(), sword.crit_mult()), (19, 2));
    assert!(sword.threatens(19) && !sword.threatens(18));
    assert_eq!(
        (sword.range_increment_ft(), sword.is_ranged()),
        (None, false)
    );
    assert_eq!(
        (bow.kind(), bow.crit_mult(), bow.range_increment_ft()),
        (AttackKind::Ranged, 3, Some(60))
    );
    assert_eq!(bow.threat_range_start(), 20);
    assert!(bow.is_ranged());
}

#[test]
fn defaults_fill_every_optional_field() {
    let g = parse(GOBLIN).unwrap();
    assert_eq!(g.role(), Role::Monster);
    assert!(!g.is_pc());
    assert_eq!(g.creature_type(), CreatureType::Humanoid);
    assert_eq!(g.alignment(), Alignment::Neutral);
    assert!(g.subtypes().is_empty() && g.features().is_empty() && g.carried_items().is_empty());
    assert_eq!(
        (g.cmb(), g.cmd(), g.speed_fly_ft(), g.dr()),
        (None, None, None, None)
    );
    assert_eq!((g.spell_resistance(), g.armor_spell_failure()), (0, 0));
    assert!(g.immunities().is_empty() && g.resistances().is_empty());
    assert_eq!((g.spell_slots(), g.casting_ability()), ([0; 10], None));
    assert!(g.aware());
    assert!(g.start_conditions().is_empty() && g.modifiers().is_empty());
    assert_eq!(g.bleed(), 0);
    assert!(
        g.feats_in_stat_block(),
        "SRD stat blocks include their static feats"
    );
    let sword = &g.attacks()[0];
    assert_eq!(
        (sword.damage_bonus(), sword.count(), sword.reach_ft()),
        (0, 1, None)
    );
    assert!(!sword.natural() && !sword.secondary() && !sword.firearm() && !sword.two_handed());
    assert!(!sword.reach_weapon() && sword.splash().is_none());
    assert_eq!(g.natural_reach_ft(), 5);
}

#[test]
fn srd_orc_parses_with_its_values() {
    let o = parse(ORC).unwrap();
    assert_eq!(
        (o.alignment(), o.subtypes()),
        (Alignment::ChaoticEvil, &["orc".to_string()][..])
    );
    let ac = o.ac();
    assert_eq!((ac.total, ac.touch, ac.flat_footed), (13, 10, 13));
    assert_eq!(
        (o.hp_max(), o.initiative_mod(), o.speed_land_ft()),
        (6, 0, 30)
    );
    let s = o.saves();
    assert_eq!((s.fort, s.reflex, s.will), (3, 0, -1));
    assert_eq!((o.cmb(), o.cmd()), (Some(4), Some(14)));
    let [falchion, javelin] = o.attacks() else {
        panic!("two attacks")
    };
    assert_eq!((falchion.attack_bonus(), falchion.damage_bonus()), (5, 4));
    assert_eq!(falchion.damage()[0].formula().to_string(), "2d4");
    assert_eq!(
        (falchion.threat_range_start(), falchion.crit_mult()),
        (18, 2)
    );
    assert!(falchion.two_handed());
    assert_eq!((javelin.attack_bonus(), javelin.damage_bonus()), (1, 3));
    assert_eq!(javelin.damage()[0].formula().to_string(), "1d6");
    assert_eq!(
        (javelin.crit_mult(), javelin.range_increment_ft()),
        (2, Some(30))
    );
    assert_eq!(o.feats(), ["Weapon Focus (falchion)"]);
    let intimidate = o.skill(Skill::Intimidate).unwrap();
    assert_eq!(
        intimidate.bonus(o.abilities().modifier(Skill::Intimidate.key_ability())),
        2
    );
    assert_eq!(o.carried_items().len(), 2, "carried items may repeat");
}

#[test]
fn pc_role_and_caster_fields() {
    let pc = edit(
        GOBLIN,
        r#""level": 1,"#,
        r#""level": 3, "role": "pc", "caster_level": 2,"#,
    );
    let pc = edit(
        &pc,
        r#""hp_max": 6,"#,
        r#""hp_max": 6, "spells": ["Bless"], "spell_slots": {"0": 3, "1": 2}, "casting_ability": "wis",
           "spell_list": "cleric", "casting": "prepared", "prepared": {"bless": 2},
           "included_bonuses": [{"stat": "ac", "type": "armor", "value": 4}],
           "armor_spell_failure": 20, "resources": {"channel_energy": 5}, "aware": false,
           "creature_type": "magical beast", "alignment": "LG", "speed_fly_ft": 60,"#,
    );
    let c = parse(&pc).unwrap();
    assert!(c.is_pc());
    assert_eq!((c.level(), c.caster_level()), (3, 2));
    assert_eq!(c.spell_slots()[..3], [3, 2, 0]);
    assert_eq!(c.casting_ability(), Some(CastingAbility::Wis));
    assert_eq!(
        (c.spell_list(), c.casting()),
        (
            Some(crate::vocab::SpellClass::Cleric),
            Some(crate::model::Casting::Prepared)
        )
    );
    assert_eq!(c.prepared(), [("bless".to_string(), 2)]);
    assert_eq!(c.included_bonuses().len(), 1);
    assert_eq!(
        (c.armor_spell_failure(), c.resource("channel_energy")),
        (20, Some(5))
    );
    assert_eq!(
        (c.creature_type(), c.alignment()),
        (CreatureType::MagicalBeast, Alignment::LawfulGood)
    );
    assert_eq!((c.aware(), c.speed_fly_ft()), (false, Some(60)));
}

#[test]
fn challenge_ratings_accept_fractions_numbers_and_digit_strings() {
    for (written, shown) in [
        (r#""1/8""#, "1/8"),
        ("5", "5"),
        (r#""30""#, "30"),
        ("1", "1"),
    ] {
        let c = parse(&edit(GOBLIN, r#""1/3""#, written)).unwrap();
        assert_eq!(c.cr().unwrap().to_string(), shown);
    }
    let third: ChallengeRating = "1/3".parse().unwrap();
    let half: ChallengeRating = "1/2".parse().unwrap();
    assert!(third < half && half < ChallengeRating::whole(1).unwrap());
    assert_eq!((third.num(), third.den()), (1, 3));
}

#[test]
fn ability_modifier_floors_and_nonability_is_zero() {
    assert_eq!(ability_modifier(Some(10)), 0);
    assert_eq!(ability_modifier(Some(11)), 0);
    assert_eq!(ability_modifier(Some(9)), -1);
    assert_eq!(ability_modifier(Some(1)), -5);
    assert_eq!(ability_modifier(Some(18)), 4);
    assert_eq!(ability_modifier(None), 0);
}

#[test]
fn dr_resistances_immunities_and_skills_are_typed() {
    let text = edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        r#""hp_max": 6, "dr": {"amount": 5, "bypass": "bludgeoning and magic"},
           "resistances": {"fire": 10, "negative": 5},
           "immunities": ["mind_affecting", "cold", "nonlethal"],
           "skills": {"stealth": {"ranks": 1, "class_skill": true, "armor_penalty": -1, "misc": 4}},"#,
    );
    let c = parse(&text).unwrap();
    let dr = c.dr().unwrap();
    assert_eq!(dr.to_string(), "5/bludgeoning and magic");
    assert_eq!(
        (
            c.resistance(DamageType::Fire),
            c.resistance(DamageType::Acid)
        ),
        (10, 0)
    );
    let imm = c.immunities();
    assert!(imm.to_effect(EffectTag::MindAffecting) && imm.to_damage(DamageType::Cold));
    assert!(imm.to_damage(DamageType::Nonlethal) && !imm.to_effect(EffectTag::Sleep));
    // 1 rank + 3 class + Dex 2 − 1 armor + 4 misc.
    assert_eq!(c.skill(Skill::Stealth).unwrap().bonus(2), 9);
}

#[test]
fn clones_share_one_allocation() {
    let c = parse(ORC).unwrap();
    let d = c.clone();
    assert!(std::sync::Arc::ptr_eq(&c.0, &d.0));
    assert_eq!(c, d);
}

#[test]
fn try_from_labels_errors_unnamed() {
    let raw: CombatantFile =
        crate::de::from_json("x", &edit(GOBLIN, r#""hp_max": 6"#, r#""hp_max": 0"#)).unwrap();
    let e = Combatant::try_from(raw).unwrap_err();
    assert_eq!(e.0[0].file, UNNAMED);
}

#[test]
fn three_problems_are_all_reported() {
    let text = edit(GOBLIN, r#""hp_max": 6"#, r#""hp_max": 0"#);
    let text = edit(&text, r#""crit_range": 19"#, r#""crit_range": 21"#);
    let text = edit(&text, r#""speed_land_ft": 30"#, r#""speed_land_ft": 32"#);
    let e = parse(&text).unwrap_err();
    let fields: Vec<&str> = e.iter().map(|e| e.field.as_str()).collect();
    assert_eq!(
        fields,
        ["hp_max", "speed_land_ft", "attacks[0].crit_range"],
        "{e}"
    );
    assert!(e.iter().all(|e| e.file == "test.json"));
}

#[test]
fn start_conditions_parse_as_names_and_timed_objects() {
    use crate::rules::{Condition, ConditionSet, StartCondition};
    let c = parse(&edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        r#""hp_max": 6, "conditions": ["prone", {"name": "shaken", "rounds": 3},
            {"name": "bleeding", "amount": 2}, {"name": "fatigued"}],"#,
    ))
    .unwrap();
    let permanent = |condition| StartCondition {
        condition,
        rounds: ConditionSet::PERMANENT,
    };
    assert_eq!(
        c.start_conditions(),
        [
            permanent(Condition::Prone),
            StartCondition {
                condition: Condition::Shaken,
                rounds: 3
            },
            permanent(Condition::Bleeding),
            permanent(Condition::Fatigued),
        ]
    );
    assert_eq!(c.bleed(), 2);
    let bare = parse(&edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        r#""hp_max": 6, "conditions": ["bleeding"],"#,
    ))
    .unwrap();
    assert_eq!(
        bare.bleed(),
        1,
        "bleeding without an amount bleeds 1 a round"
    );
}

#[test]
fn modifiers_parse_with_type_and_when() {
    use crate::rules::{BonusType, Descriptor, Modifier, Stat, When};
    let c = parse(&edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        r#""hp_max": 6, "modifiers": [
            {"stat": "will", "type": "morale", "value": 2, "when": "fear"},
            {"stat": "ac", "value": -1},
            {"stat": "attack", "type": "morale", "value": 2, "when": "while_raging"},
            {"stat": "attack", "type": "competence", "value": 1, "when": "weapon:Short Sword"}
        ],"#,
    ))
    .unwrap();
    assert_eq!(
        c.modifiers(),
        [
            Modifier::when(
                Stat::Will,
                BonusType::Morale,
                2,
                When::Descriptor(Descriptor::Fear)
            ),
            Modifier::always(Stat::Ac, BonusType::Untyped, -1),
            Modifier::when(
                Stat::Attack,
                BonusType::Morale,
                2,
                When::Unknown("while_raging".into())
            ),
            Modifier::when(
                Stat::Attack,
                BonusType::Competence,
                1,
                When::Weapon("short sword".into())
            ),
        ]
    );
}

#[test]
fn feats_in_stat_block_can_be_turned_off() {
    let c = parse(&edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        r#""hp_max": 6, "feats_in_stat_block": false,"#,
    ))
    .unwrap();
    assert!(!c.feats_in_stat_block());
}
