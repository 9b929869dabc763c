//! Sanity of the shipped stat blocks (data/monsters, data/pcs): where a number can be
//! recomputed from the rest of the file, recompute it and flag large mismatches, naming the
//! file and the field. A failure is usually a typo in the data: fix the data, and widen a
//! tolerance only by changing the rules written here.
//!
//! # Rules and tolerances
//!
//! Ability modifiers come from the file's scores (a nonability counts as +0); the size
//! modifiers from [`Size::attack_ac_modifier`] (attacks, AC) and [`Size::cmb_modifier`]
//! (CMB/CMD).
//!
//! 1. **Touch AC** = 10 + Dex mod + size modifier, plus deflection, dodge and similar bonuses
//!    the file cannot state. The touch AC may exceed that base by **0 to +2** (e.g. a ring of
//!    protection +2, Dodge, a dodge class feature). It may fall below it only when the file's
//!    `notes` mention a Dex cap (the words "max Dex"), as heavy armor caps Dex to AC.
//! 2. **Melee weapon attacks** (kind `melee`, not `natural`; touch and ranged attacks are not
//!    checked): base = BAB + Str mod + size modifier. With the feat Weapon Finesse the attack
//!    may use any ability between Str and Dex (a shield's armor check penalty lowers finesse
//!    attacks, so the Str line stays the floor). On top of the best base the attack may add:
//!    **+1** for a Weapon Focus feat naming the weapon (or a bare "Weapon Focus"), **+1** for
//!    a masterwork weapon (name contains "masterwork" or "mwk"), **+N** for an enhancement
//!    written "+N" at the start of the name. Nothing else: the attack never falls below the
//!    base. An attack named in the notes as `unchecked attack "NAME"` followed by the reason
//!    (the broken condition, a temporary effect) is skipped.
//! 3. **CMD** (when the file gives one) = 10 + BAB + Str mod + Dex mod + size CMB modifier +
//!    the touch AC's surplus from rule 1 (deflection and dodge bonuses also apply to CMD),
//!    with the creature's Hit Dice (`level`) instead of BAB when it has the feat Defensive
//!    Combat Training. Tolerance **±1**. Situational CMD lines ("+4 vs. trip") are not
//!    stored; the plain value is checked.

use pf1e_engine::model::{Ability, AttackKind, Combatant, parse_combatant};

/// Every combatant of data/monsters and data/pcs as ("data/DIR/FILE", combatant).
fn shipped() -> Vec<(String, Combatant)> {
    let root = crate::util::root().join("data");
    let mut all = Vec::new();
    for dir in ["monsters", "pcs"] {
        let mut paths: Vec<_> = std::fs::read_dir(root.join(dir))
            .unwrap_or_else(|e| panic!("read data/{dir}: {e}"))
            .map(|entry| entry.expect("a directory entry").path())
            .filter(|p| p.extension().and_then(|e| e.to_str()) == Some("json"))
            .collect();
        paths.sort();
        for path in paths {
            let name = format!(
                "data/{dir}/{}",
                path.file_name()
                    .and_then(|n| n.to_str())
                    .expect("UTF-8 name")
            );
            let text = std::fs::read_to_string(&path).expect("a readable data file");
            let combatant =
                parse_combatant(&name, &text).unwrap_or_else(|e| panic!("{name}:\n{e}"));
            all.push((name, combatant));
        }
    }
    assert!(!all.is_empty(), "no combatant files found");
    all
}

fn modifier(c: &Combatant, ability: Ability) -> i32 {
    c.abilities().modifier(ability)
}

fn has_feat(c: &Combatant, feat: &str) -> bool {
    c.feats().iter().any(|f| f.eq_ignore_ascii_case(feat))
}

fn notes_lower(c: &Combatant) -> String {
    c.notes().unwrap_or_default().to_lowercase()
}

/// Touch AC expected from Dex and size alone (rule 1).
fn touch_base(c: &Combatant) -> i32 {
    10 + modifier(c, Ability::Dex) + c.size().attack_ac_modifier()
}

/// Attack names the notes exempt with `unchecked attack "NAME"` (rule 2).
fn unchecked_attacks(c: &Combatant) -> Vec<String> {
    let notes = notes_lower(c);
    let marker = "unchecked attack \"";
    let mut names = Vec::new();
    let mut rest = notes.as_str();
    while let Some(start) = rest.find(marker) {
        let after = &rest[start + marker.len()..];
        let Some(end) = after.find('"') else { break };
        names.push(after[..end].to_string());
        rest = &after[end..];
    }
    names
}

/// Surplus allowed on top of the ability line for a weapon attack (rule 2).
fn attack_allowance(c: &Combatant, name: &str) -> i32 {
    let name = name.to_lowercase();
    let focus = c.feats().iter().any(|feat| {
        let feat = feat.to_lowercase();
        feat == "weapon focus"
            || feat
                .strip_prefix("weapon focus (")
                .and_then(|rest| rest.strip_suffix(')'))
                .is_some_and(|weapon| name.contains(weapon))
    });
    let masterwork = name.contains("masterwork") || name.contains("mwk");
    let enhancement = name
        .strip_prefix('+')
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse::<i32>().ok())
        .unwrap_or(0);
    i32::from(focus) + i32::from(masterwork) + enhancement
}

#[test]
fn touch_ac_is_dex_and_size_plus_at_most_two() {
    let mut problems = Vec::new();
    for (file, c) in shipped() {
        let base = touch_base(&c);
        let touch = c.ac().touch;
        let capped = notes_lower(&c).contains("max dex");
        if touch > base + 2 || (touch < base && !capped) {
            problems.push(format!(
                "{file}: ac.touch is {touch}, expected {base} (10 + Dex {} + size {}) to {}",
                modifier(&c, Ability::Dex),
                c.size().attack_ac_modifier(),
                base + 2
            ));
        }
        if c.ac().flat_footed > c.ac().total || c.ac().touch > c.ac().total {
            problems.push(format!(
                "{file}: ac.total {} is below touch {} or flat-footed {}",
                c.ac().total,
                c.ac().touch,
                c.ac().flat_footed
            ));
        }
    }
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn melee_weapon_attacks_follow_bab_strength_and_size() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (file, c) in shipped() {
        let skipped = unchecked_attacks(&c);
        let str_mod = modifier(&c, Ability::Str);
        let dex_mod = modifier(&c, Ability::Dex);
        let finesse = has_feat(&c, "Weapon Finesse");
        let base = c.bab() + c.size().attack_ac_modifier();
        for (i, attack) in c.attacks().iter().enumerate() {
            if attack.kind() != AttackKind::Melee
                || attack.natural()
                || skipped.contains(&attack.name().to_lowercase())
            {
                continue;
            }
            checked += 1;
            let low = base + str_mod;
            let best = if finesse {
                str_mod.max(dex_mod)
            } else {
                str_mod
            };
            let high = base + best + attack_allowance(&c, attack.name());
            let bonus = attack.attack_bonus();
            if !(low..=high).contains(&bonus) {
                problems.push(format!(
                    "{file}: attacks[{i}].attack_bonus ({}) is {bonus:+}, expected {low:+} to \
                     {high:+} (BAB {} + {} + size {} + allowance)",
                    attack.name(),
                    c.bab(),
                    if finesse { "Str or Dex" } else { "Str" },
                    c.size().attack_ac_modifier()
                ));
            }
        }
    }
    assert!(checked >= 20, "only {checked} melee weapon attacks checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn cmd_is_ten_plus_bab_str_dex_and_size() {
    let mut problems = Vec::new();
    let mut checked = 0;
    for (file, c) in shipped() {
        let Some(cmd) = c.cmd() else { continue };
        checked += 1;
        let training = has_feat(&c, "Defensive Combat Training");
        let attack_base = if training { c.level() as i32 } else { c.bab() };
        let surplus = (c.ac().touch - touch_base(&c)).max(0);
        let expected = 10
            + attack_base
            + modifier(&c, Ability::Str)
            + modifier(&c, Ability::Dex)
            + c.size().cmb_modifier()
            + surplus;
        if (cmd - expected).abs() > 1 {
            problems.push(format!(
                "{file}: cmd is {cmd}, expected {expected} ± 1 (10 + {} {attack_base} + Str {} + \
                 Dex {} + size {} + touch surplus {surplus})",
                if training { "HD" } else { "BAB" },
                modifier(&c, Ability::Str),
                modifier(&c, Ability::Dex),
                c.size().cmb_modifier()
            ));
        }
    }
    assert!(checked >= 20, "only {checked} CMD values checked");
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

#[test]
fn the_rules_catch_typos() {
    // A self-check of the rules above on a hand-made file with deliberate mistakes.
    let text = r#"{
        "name": "Typo", "abilities": { "str_score": 14, "dex_score": 12, "con_score": 10,
        "int_score": 10, "wis_score": 10, "cha_score": 10 },
        "hp_max": 5, "ac": { "total": 15, "touch": 15, "flat_footed": 14 },
        "bab": 2, "cmd": 20, "initiative_mod": 1, "saves": { "fort": 0, "ref": 0, "will": 0 },
        "feats": ["Weapon Focus (longsword)"],
        "attacks": [
          { "name": "mwk longsword", "kind": "melee", "attack_bonus": 7,
            "damage": [{ "formula": "1d8", "types": ["slashing"] }] },
          { "name": "club", "kind": "melee", "attack_bonus": 4,
            "damage": [{ "formula": "1d6", "types": ["bludgeoning"] }] }
        ]
    }"#;
    let c = parse_combatant("typo.json", text).expect("a valid file");
    // Touch 15 against a base of 11: more than +2 over.
    assert!(c.ac().touch > touch_base(&c) + 2);
    // The longsword may add Weapon Focus and masterwork: 2 + 2 + 2 = 6, so +7 is one too many.
    assert_eq!(attack_allowance(&c, "mwk longsword"), 2);
    assert!(c.attacks()[0].attack_bonus() > c.bab() + 2 + 2);
    // The club gets no allowance: +4 is exactly BAB + Str.
    assert_eq!(attack_allowance(&c, "club"), 0);
    assert_eq!(attack_allowance(&c, "+1 composite longbow"), 1);
    assert!(unchecked_attacks(&c).is_empty());
}
