//! [`CombatantFile`] → [`Combatant`]: applies defaults, parses dice and notations, checks
//! every range and vocabulary, and reports every problem of the file at once (never only the
//! first). Messages name what was found and what is allowed. Reads no files and knows no
//! rules beyond the schema's own consistency (a secondary attack is natural, a splash weapon
//! is thrown, a caster names its casting ability).

use std::collections::HashMap;
use std::sync::Arc;

use super::attack::{Attack, AttackKind, DamageComponent, Splash};
use super::combatant::{
    Abilities, ArmorClass, Casting, ChallengeRating, Combatant, CombatantData, CreatureType, Role,
    Saves, SkillEntry,
};
use super::file::{
    AttackFile, CombatantFile, ConditionFile, CrValue, DamageFile, ModifierFile, SkillFile,
    SplashFile,
};
use super::special;
use crate::de::OrderedMap;
use crate::dice::DiceFormula;
use crate::error::{DataErrors, Problems};
use crate::rules::{
    BonusType, Bypass, Condition, ConditionSet, DamageReduction, Immunities, Modifier, Rounds,
    StartCondition, Stat, When,
};
use crate::size::Size;
use crate::vocab::{
    Alignment, DamageCategory, DamageType, DamageTypes, EffectTag, EnumSet, Skill, SpellClass,
    Vocabulary, unknown,
};

/// Bound applied where the schema sets none, so sums of values stay far inside `i32`.
/// Messages only mention it when a value goes past it.
pub const LIMIT: i64 = 1_000_000;

/// File label used by [`TryFrom`], which has no file name to report.
pub const UNNAMED: &str = "<combatant>";

impl TryFrom<CombatantFile> for Combatant {
    type Error = DataErrors;

    fn try_from(file: CombatantFile) -> Result<Self, DataErrors> {
        file.validate(UNNAMED)
    }
}

impl CombatantFile {
    /// Validates into a [`Combatant`]; `file` names the source in errors.
    pub fn validate(self, file: &str) -> Result<Combatant, DataErrors> {
        let mut c = Checker {
            p: Problems::new(file),
        };
        let f = self;
        if f.name.trim().is_empty() {
            c.p.add("name", "must not be empty");
        }
        let level = c.int("level", f.level.unwrap_or(1), 0, LIMIT) as u32;
        let caster_level = match f.caster_level {
            Some(cl) => c.int("caster_level", cl, 1, LIMIT) as u32,
            None => level.max(1),
        };
        let subtypes = c.names("subtypes", "subtype", f.subtypes, true);
        let cr = f.cr.map(|cr| c.cr(cr));
        let xp =
            f.xp.map(|xp| c.int("xp", xp, 0, i64::from(i32::MAX)) as u32);
        let a = &f.abilities;
        let scores = [
            ("str_score", a.str_score),
            ("dex_score", a.dex_score),
            ("con_score", a.con_score),
            ("int_score", a.int_score),
            ("wis_score", a.wis_score),
            ("cha_score", a.cha_score),
        ]
        .map(|(key, score)| score.map(|s| c.int(&format!("abilities.{key}"), s, 1, 99) as u8));
        let hp_max = c.int("hp_max", f.hp_max, 1, LIMIT) as u32;
        let ac = ArmorClass {
            total: c.int("ac.total", f.ac.total, 0, 99) as i32,
            touch: c.int("ac.touch", f.ac.touch, 0, 99) as i32,
            flat_footed: c.int("ac.flat_footed", f.ac.flat_footed, 0, 99) as i32,
        };
        let bab = c.int("bab", f.bab, 0, 40) as i32;
        let initiative_mod = c.int("initiative_mod", f.initiative_mod, -20, 40) as i32;
        let cmb = f.cmb.map(|v| c.bonus("cmb", v));
        let cmd = f.cmd.map(|v| c.bonus("cmd", v));
        let speed_land_ft = c.feet("speed_land_ft", f.speed_land_ft.unwrap_or(30), 0);
        let speed_fly_ft = f.speed_fly_ft.map(|v| c.feet("speed_fly_ft", v, 1));
        let saves = Saves {
            fort: c.bonus("saves.fort", f.saves.fort),
            reflex: c.bonus("saves.ref", f.saves.reflex),
            will: c.bonus("saves.will", f.saves.will),
        };
        let attacks: Vec<Attack> = (f.attacks.into_iter().enumerate())
            .map(|(i, a)| c.attack(&format!("attacks[{i}]"), a))
            .collect();
        let dr = f.dr.map(|dr| DamageReduction {
            amount: c.int("dr.amount", dr.amount, 1, LIMIT) as u32,
            bypass: dr.bypass.parse().unwrap_or_else(|message: String| {
                c.p.add("dr.bypass", message);
                Bypass::Nothing
            }),
        });
        let spell_resistance = c.int(
            "spell_resistance",
            f.spell_resistance.unwrap_or(0),
            0,
            LIMIT,
        );
        let resistances = c.resistances(f.resistances.0);
        let immunities = c.immunities(&f.immunities);
        let features = c.names("features", "feature", f.features, true);
        let feats = c.names("feats", "feat", f.feats, true);
        let specials = special::specials(
            &mut c.p,
            f.specials,
            &special::Context {
                attacks: &attacks,
                features: &features,
                has_con: scores[2].is_some(),
                resources: &f.resources.0,
            },
        );
        let spells = c.names("spells", "spell", f.spells, true);
        let mut spell_slots = [0u32; 10];
        for (key, count) in f.spell_slots.iter() {
            let field = format!("spell_slots.{key}");
            let count = c.int(&field, *count, 0, LIMIT) as u32;
            match key.parse::<usize>() {
                Ok(level) if key.len() == 1 => spell_slots[level] = count,
                _ => c.p.add(
                    field,
                    format!("spell level must be a single digit 0 to 9, got `{key}`"),
                ),
            }
        }
        if f.casting_ability.is_none() && !(spells.is_empty() && f.spell_slots.is_empty()) {
            c.p.add(
                "casting_ability",
                "missing: required when spells or spell_slots are given (int, wis or cha)",
            );
        }
        let (spell_list, casting, prepared) =
            c.caster(&spells, f.spell_list, f.casting, f.prepared);
        let armor_spell_failure = c.int(
            "armor_spell_failure",
            f.armor_spell_failure.unwrap_or(0),
            0,
            100,
        );
        let mut resources = Vec::new();
        for (name, amount) in f.resources.0 {
            if name.trim().is_empty() {
                c.p.add("resources", "a resource name must not be empty");
            }
            let amount = c.int(&format!("resources.{name}"), amount, 0, LIMIT) as u32;
            resources.push((name, amount));
        }
        let skills = (f.skills.0.into_iter())
            .filter_map(|(name, entry)| c.skill(&name, entry))
            .collect();
        let carried_items = c.names("carried_items", "item", f.carried_items, false);
        let (conditions, bleed) = c.conditions(f.conditions);
        let modifiers = (f.modifiers.into_iter().enumerate())
            .filter_map(|(i, m)| c.modifier("modifiers", i, m))
            .collect();
        let included_bonuses = (f.included_bonuses.into_iter().enumerate())
            .filter_map(|(i, m)| c.included_bonus(i, m))
            .collect();
        let data = CombatantData {
            file: file.to_string(),
            name: f.name,
            role: f.role.unwrap_or(Role::Monster),
            level,
            caster_level,
            size: f.size.unwrap_or(Size::Medium),
            creature_type: f.creature_type.unwrap_or(CreatureType::Humanoid),
            subtypes,
            alignment: f.alignment.unwrap_or(Alignment::Neutral),
            cr,
            xp,
            source: f.source,
            notes: f.notes,
            abilities: Abilities { scores },
            hp_max,
            ac,
            bab,
            initiative_mod,
            cmb,
            cmd,
            speed_land_ft,
            speed_fly_ft,
            saves,
            attacks,
            dr,
            spell_resistance: spell_resistance as u32,
            resistances,
            immunities,
            features,
            feats,
            specials,
            spells,
            spell_slots,
            casting_ability: f.casting_ability,
            spell_list,
            casting,
            prepared,
            armor_spell_failure: armor_spell_failure as u8,
            resources,
            skills,
            carried_items,
            aware: f.aware.unwrap_or(true),
            conditions,
            bleed,
            modifiers,
            included_bonuses,
            feats_in_stat_block: f.feats_in_stat_block.unwrap_or(true),
        };
        c.p.finish(Combatant(Arc::new(data)))
    }
}

struct Checker<'a> {
    p: Problems<'a>,
}

impl Checker<'_> {
    /// `value` when inside `lo..=hi`, else a problem and the nearest bound (never used, since
    /// the file is then rejected). A bound of magnitude [`LIMIT`] or more is a sanity bound,
    /// not a schema range: the message then says « at least » / « at most » alone.
    fn int(&mut self, field: &str, value: i64, lo: i64, hi: i64) -> i64 {
        if (lo..=hi).contains(&value) {
            return value;
        }
        let message = if lo.abs() < LIMIT && hi.abs() < LIMIT {
            format!("must be between {lo} and {hi}, got {value}")
        } else if value < lo {
            format!("must be at least {lo}, got {value}")
        } else {
            format!("must be at most {hi}, got {value}")
        };
        self.p.add(field, message);
        value.clamp(lo, hi)
    }

    /// A bonus or penalty with no schema range.
    fn bonus(&mut self, field: &str, value: i64) -> i32 {
        self.int(field, value, -LIMIT, LIMIT) as i32
    }

    /// A distance in feet: at least `lo`, a multiple of 5 (the grid's square).
    fn feet(&mut self, field: &str, value: i64, lo: i64) -> u32 {
        let in_range = self.int(field, value, lo, LIMIT);
        if in_range == value && value % 5 != 0 {
            self.p
                .add(field, format!("must be a multiple of 5 feet, got {value}"));
        }
        in_range as u32
    }

    /// Non-empty names, kept verbatim; with `unique`, no name twice (case-insensitive). One
    /// lookup per name in an index of the first place of each (a list of 200,000 feats is
    /// checked in linear time); the index only answers membership, problems come in list order.
    fn names(&mut self, field: &str, what: &str, list: Vec<String>, unique: bool) -> Vec<String> {
        let mut first: HashMap<String, usize> = HashMap::new();
        for (i, name) in list.iter().enumerate() {
            let key = name.trim();
            if key.is_empty() {
                self.p.add(
                    format!("{field}[{i}]"),
                    format!("{what} name must not be empty"),
                );
            } else if unique {
                if let Some(&j) = first.get(&key.to_ascii_lowercase()) {
                    self.p.add(
                        format!("{field}[{i}]"),
                        format!("duplicate {what} `{name}` (also at {field}[{j}])"),
                    );
                } else {
                    first.insert(key.to_ascii_lowercase(), i);
                }
            }
        }
        list
    }

    fn cr(&mut self, cr: CrValue) -> ChallengeRating {
        let parsed = match cr {
            CrValue::Number(n) => ChallengeRating::whole(n).ok_or_else(|| {
                format!("must be 1/8, 1/6, 1/4, 1/3, 1/2 or a whole number from 1 to 30, got {n}")
            }),
            CrValue::Text(text) => text.parse(),
        };
        parsed.unwrap_or_else(|message| {
            self.p.add("cr", message);
            ChallengeRating::FRACTIONS[0]
        })
    }

    fn attack(&mut self, at: &str, a: AttackFile) -> Attack {
        if a.name.trim().is_empty() {
            self.p.add(format!("{at}.name"), "must not be empty");
        }
        let attack_bonus = self.bonus(&format!("{at}.attack_bonus"), a.attack_bonus);
        if a.damage.is_empty() && a.kind != AttackKind::Touch {
            self.p.add(
                format!("{at}.damage"),
                format!(
                    "a {} attack must deal damage (only touch attacks may have none)",
                    kind_name(a.kind)
                ),
            );
        }
        let damage = (a.damage.into_iter().enumerate())
            .map(|(j, d)| self.damage(&format!("{at}.damage[{j}]"), d))
            .collect();
        let damage_bonus = self.bonus(&format!("{at}.damage_bonus"), a.damage_bonus.unwrap_or(0));
        let crit_range = self.int(
            &format!("{at}.crit_range"),
            a.crit_range.unwrap_or(20),
            2,
            20,
        );
        let crit_mult = self.int(&format!("{at}.crit_mult"), a.crit_mult.unwrap_or(2), 2, 6);
        let range_increment_ft = a.range_increment_ft.map(|v| {
            let field = format!("{at}.range_increment_ft");
            if a.kind == AttackKind::Melee {
                self.p.add(
                    &field,
                    "only ranged and touch attacks have a range increment; this attack is melee",
                );
            }
            self.int(&field, v, 1, LIMIT) as u32
        });
        let reach_ft = a
            .reach_ft
            .map(|v| self.feet(&format!("{at}.reach_ft"), v, 0));
        if a.reach_weapon && a.kind != AttackKind::Melee {
            self.p.add(
                format!("{at}.reach_weapon"),
                format!(
                    "only melee attacks can be reach weapons; this attack is {}",
                    kind_name(a.kind)
                ),
            );
        }
        let count = self.int(&format!("{at}.count"), a.count.unwrap_or(1), 1, 20) as u32;
        if a.secondary && !a.natural {
            self.p.add(
                format!("{at}.secondary"),
                "only a natural attack can be secondary; set \"natural\": true",
            );
        }
        let thrown = a.kind == AttackKind::Ranged
            || (a.kind == AttackKind::Touch && range_increment_ft.is_some());
        if a.firearm && (a.kind == AttackKind::Melee || range_increment_ft.is_none()) {
            self.p.add(
                format!("{at}.firearm"),
                "a firearm needs kind ranged or touch and a range_increment_ft",
            );
        }
        let splash = a
            .splash
            .map(|s| self.splash(&format!("{at}.splash"), s, thrown, a.kind));
        let ammo = self.ammo(at, a.ammo, a.thrown, thrown);
        Attack {
            name: a.name,
            kind: a.kind,
            attack_bonus,
            damage,
            damage_bonus,
            crit_range: crit_range as u8,
            crit_mult: crit_mult as u8,
            range_increment_ft,
            reach_ft,
            reach_weapon: a.reach_weapon,
            count,
            natural: a.natural,
            secondary: a.secondary,
            firearm: a.firearm,
            two_handed: a.two_handed,
            splash,
            ammo,
            thrown: a.thrown,
        }
    }

    /// `ammo` (1–1000) and `thrown` of attack `at`: only an attack made at range (`ranged`)
    /// carries ammunition, and a thrown weapon needs its count.
    fn ammo(&mut self, at: &str, ammo: Option<i64>, thrown: bool, ranged: bool) -> Option<u16> {
        if !ranged && (ammo.is_some() || thrown) {
            let field = if ammo.is_some() { "ammo" } else { "thrown" };
            self.p.add(
                format!("{at}.{field}"),
                "only an attack made at range (kind ranged, or touch with range_increment_ft) carries ammunition or is thrown",
            );
        }
        if ranged && thrown && ammo.is_none() {
            self.p.add(
                format!("{at}.thrown"),
                "a thrown weapon needs `ammo`, the number carried (« javelins (4) »: 4)",
            );
        }
        ammo.map(|n| self.int(&format!("{at}.ammo"), n, 1, 1000) as u16)
    }

    fn damage(&mut self, at: &str, d: DamageFile) -> DamageComponent {
        let formula = d.formula.parse::<DiceFormula>().unwrap_or_else(|e| {
            self.p.add(format!("{at}.formula"), e.to_string());
            DiceFormula::constant(0)
        });
        let mut types = DamageTypes::new();
        let mut all_known = true;
        for (k, name) in d.types.iter().enumerate() {
            match DamageType::lookup(name) {
                Ok(t) if !types.insert(t) => {
                    self.p.add(
                        format!("{at}.types[{k}]"),
                        format!("duplicate damage type `{name}`"),
                    );
                }
                Ok(_) => {}
                Err(message) => {
                    self.p.add(format!("{at}.types[{k}]"), message);
                    all_known = false;
                }
            }
        }
        if d.types.is_empty() {
            self.p.add(
                format!("{at}.types"),
                "must list at least one damage type, e.g. [\"slashing\"]",
            );
        } else if all_known && types.iter().all(|t| t.category() == DamageCategory::Tag) {
            self.p.add(
                format!("{at}.types"),
                format!(
                    "has only tags ({}); add the damage type itself, e.g. \"slashing\" or \"fire\"",
                    d.types.join(", ")
                ),
            );
        }
        DamageComponent { formula, types }
    }

    fn splash(&mut self, at: &str, s: SplashFile, thrown: bool, kind: AttackKind) -> Splash {
        if !thrown {
            let this = if kind == AttackKind::Melee {
                "melee"
            } else {
                "touch without range_increment_ft"
            };
            self.p.add(
                at,
                format!("only a thrown attack can splash (kind ranged, or touch with range_increment_ft); this attack is {this}"),
            );
        }
        let damage = self.int(&format!("{at}.damage"), s.damage, 1, LIMIT) as u32;
        let damage_type = self
            .resistible(&format!("{at}.type"), &s.damage_type, "splash damage")
            .unwrap_or(DamageType::Fire);
        Splash {
            damage,
            damage_type,
        }
    }

    /// An energy type (or positive/negative), for resistances and splash damage.
    fn resistible(&mut self, field: &str, name: &str, what: &str) -> Option<DamageType> {
        let allowed = || {
            DamageType::ALL
                .iter()
                .filter(|t| t.is_resistible())
                .map(|t| t.name())
        };
        let found = match DamageType::lookup(name) {
            Ok(t) if t.is_resistible() => return Some(t),
            Ok(_) => format!(
                "{what} takes an energy type ({}), got `{name}`",
                allowed().collect::<Vec<_>>().join(", ")
            ),
            Err(_) => unknown("energy type", name, allowed()),
        };
        self.p.add(field, found);
        None
    }

    fn resistances(&mut self, entries: Vec<(String, i64)>) -> Vec<(DamageType, u32)> {
        let mut found = Vec::new();
        for (name, amount) in entries {
            let field = format!("resistances.{name}");
            let amount = self.int(&field, amount, 1, LIMIT) as u32;
            if let Some(t) = self.resistible(&field, &name, "energy resistance") {
                found.push((t, amount));
            }
        }
        found
    }

    fn immunities(&mut self, list: &[String]) -> Immunities {
        let (mut damage, mut effects) = (DamageTypes::new(), EnumSet::new());
        for (i, name) in list.iter().enumerate() {
            let field = format!("immunities[{i}]");
            let fresh = if let Ok(t) = DamageType::lookup(name) {
                damage.insert(t)
            } else if let Ok(tag) = EffectTag::lookup(name) {
                effects.insert(tag)
            } else {
                let known = DamageType::ALL.iter().map(|t| t.name());
                let known = known.chain(EffectTag::ALL.iter().map(|t| t.name()));
                self.p.add(field, unknown("immunity", name, known));
                continue;
            };
            if !fresh {
                let j = list.iter().position(|n| n == name).unwrap_or(0);
                self.p.add(
                    field,
                    format!("duplicate immunity `{name}` (also at immunities[{j}])"),
                );
            }
        }
        Immunities::new(damage, effects)
    }

    fn skill(&mut self, name: &str, s: SkillFile) -> Option<(Skill, SkillEntry)> {
        let at = format!("skills.{name}");
        let skill = Skill::lookup(name)
            .map_err(|message| self.p.add(&at, message))
            .ok();
        let entry = SkillEntry {
            ranks: self.int(&format!("{at}.ranks"), s.ranks.unwrap_or(0), 0, LIMIT) as u32,
            class_skill: s.class_skill,
            armor_penalty: self.int(
                &format!("{at}.armor_penalty"),
                s.armor_penalty.unwrap_or(0),
                -LIMIT,
                0,
            ) as i32,
            misc: self.bonus(&format!("{at}.misc"), s.misc.unwrap_or(0)),
            total: s.total.map(|t| self.bonus(&format!("{at}.total"), t)),
        };
        skill.map(|skill| (skill, entry))
    }
}

impl Checker<'_> {
    /// Start conditions; the bleed amount of `bleeding` (1 when not given, 0 without it).
    fn conditions(&mut self, list: Vec<ConditionFile>) -> (Vec<StartCondition>, u32) {
        let mut out: Vec<StartCondition> = Vec::new();
        let mut bleed = 0;
        for (i, entry) in list.into_iter().enumerate() {
            let at = format!("conditions[{i}]");
            let (name, rounds, amount) = match entry {
                ConditionFile::Name(name) => (name, None, None),
                ConditionFile::Timed(t) => (t.name, t.rounds, t.amount),
            };
            let Ok(condition) = Condition::lookup(&name).map_err(|m| self.p.add(&at, m)) else {
                continue;
            };
            let rounds = rounds.map_or(ConditionSet::PERMANENT, |r| {
                self.int(&format!("{at}.rounds"), r, 1, 10_000) as Rounds
            });
            if let Some(a) = amount {
                if condition == Condition::Bleeding {
                    bleed = self.int(&format!("{at}.amount"), a, 1, LIMIT) as u32;
                } else {
                    self.p.add(
                        format!("{at}.amount"),
                        format!("only `bleeding` takes an amount, not `{name}`"),
                    );
                }
            } else if condition == Condition::Bleeding {
                bleed = 1;
            }
            if let Some(j) = out.iter().position(|s| s.condition == condition) {
                self.p.add(
                    &at,
                    format!("duplicate condition `{name}` (also at conditions[{j}])"),
                );
                continue;
            }
            out.push(StartCondition { condition, rounds });
        }
        (out, bleed)
    }

    fn modifier(&mut self, field: &str, i: usize, m: ModifierFile) -> Option<Modifier> {
        let at = format!("{field}[{i}]");
        let stat = Stat::lookup(&m.stat).map_err(|e| self.p.add(format!("{at}.stat"), e));
        let kind = match &m.kind {
            Some(k) => BonusType::lookup(k).map_err(|e| self.p.add(format!("{at}.type"), e)),
            None => Ok(BonusType::Untyped),
        };
        let value = self.bonus(&format!("{at}.value"), m.value);
        let when = When::parse(m.when.as_deref().unwrap_or("always"));
        Some(Modifier::when(stat.ok()?, kind.ok()?, value, when))
    }
}

impl Checker<'_> {
    /// A typed bonus the stat block already includes: a positive, unconditional bonus of a
    /// type that does not stack (two dodge bonuses add up, so listing one changes nothing).
    fn included_bonus(&mut self, i: usize, m: ModifierFile) -> Option<Modifier> {
        let at = format!("included_bonuses[{i}]");
        if m.when.is_some() {
            self.p.add(
                format!("{at}.when"),
                "an included bonus always applies: list conditional bonuses in `modifiers`",
            );
        }
        if m.value <= 0 {
            self.p.add(
                format!("{at}.value"),
                format!("must be a bonus above 0, got {}", m.value),
            );
        }
        self.modifier("included_bonuses", i, ModifierFile { when: None, ..m })
    }

    /// The spell list, the way of casting and the prepared copies: the first two are required
    /// as soon as the combatant has spells; `prepared` only for a prepared caster, naming its
    /// own spells.
    fn caster(
        &mut self,
        spells: &[String],
        list: Option<String>,
        casting: Option<Casting>,
        prepared: OrderedMap<i64>,
    ) -> (Option<SpellClass>, Option<Casting>, Vec<(String, u32)>) {
        let list_given = list.is_some();
        let list = list.and_then(|l| {
            SpellClass::lookup(&l)
                .map_err(|e| match SpellClass::by_part(&l) {
                    Some(class) => self.p.add(
                        "spell_list",
                        format!("unknown class `{l}` (did you mean `{class}`?)"),
                    ),
                    None => self.p.add("spell_list", e),
                })
                .ok()
        });
        if !spells.is_empty() {
            if !list_given {
                self.p.add(
                    "spell_list",
                    "missing: required with spells (the class list it casts from, e.g. sorcerer_wizard, cleric)",
                );
            }
            if casting.is_none() {
                self.p.add(
                    "casting",
                    "missing: required with spells (prepared or spontaneous)",
                );
            }
        }
        if !prepared.is_empty() && casting != Some(Casting::Prepared) {
            self.p.add(
                "prepared",
                "only a prepared caster (`\"casting\": \"prepared\"`) lists prepared copies",
            );
        }
        let mut copies = Vec::new();
        for (name, count) in prepared.0 {
            let field = crate::de::field_key("prepared", &name);
            let count = self.int(&field, count, 1, LIMIT) as u32;
            if !spells
                .iter()
                .any(|s| s.trim().eq_ignore_ascii_case(name.trim()))
            {
                self.p.add(
                    field,
                    format!("`{name}` is not one of this combatant's `spells`"),
                );
            }
            copies.push((name, count));
        }
        (list, casting, copies)
    }
}

fn kind_name(kind: AttackKind) -> &'static str {
    match kind {
        AttackKind::Melee => "melee",
        AttackKind::Ranged => "ranged",
        AttackKind::Touch => "touch",
    }
}
