//! [`SpellFile`] → [`Spell`]: applies defaults, reads every vocabulary and amount, checks
//! every range, and checks the fields against each other (a `partial` save has `on_save`
//! effects, an area has a size, a personal spell makes no attack roll…). Reports every
//! problem of the file at once, each with its field path. The effects themselves are checked
//! in [`super::validate_effect`], amounts in [`super::validate_amount`]. Reads no files and
//! applies no rule.

use super::definition::{Area, ClassLevels, Range, SaveSpec, Spell, Target};
use super::file::{AreaFile, DurationFile, FilterFile, RangeFile, SaveFile, SpellFile, TargetFile};
use super::filter::{Filter, creature_type};
use super::vocab::{
    AreaAffects, AreaOrigin, AreaShape, CastingTime, Component, DurationKind, RangeKind,
    SaveOutcome, SaveType, School, SpellAttack, SpellClass, SpellDescriptor, Subschool, TargetKind,
};
use crate::area::Shape;
use crate::error::{DataErrors, Problems};
use crate::model::LIMIT;
use crate::rules::Descriptor;
use crate::rules::effect::{Amount, Directed, Duration, Effect, TimeUnit};
use crate::vocab::{EnumSet, Vocabulary};

/// File label used by [`TryFrom`], which has no file name to report.
pub const UNNAMED_SPELL: &str = "<spell>";

impl TryFrom<SpellFile> for Spell {
    type Error = DataErrors;

    fn try_from(file: SpellFile) -> Result<Self, DataErrors> {
        file.validate(UNNAMED_SPELL)
    }
}

impl SpellFile {
    /// Validates into a [`Spell`]; `file` names the source in errors.
    pub fn validate(self, file: &str) -> Result<Spell, DataErrors> {
        let mut c = Checker {
            p: Problems::new(file),
            summons: Vec::new(),
        };
        let f = self;
        c.not_blank("name", &f.name);
        c.not_blank("source", &f.source);
        let school = c.vocab::<School>("school", &f.school);
        let subschool = f
            .subschool
            .as_deref()
            .and_then(|s| c.vocab::<Subschool>("subschool", s));
        let descriptors = c.set::<SpellDescriptor>("descriptors", &f.descriptors);
        let levels = c.levels(&f);
        let casting_time = c.vocab::<CastingTime>("casting_time", &f.casting_time);
        if f.components.is_empty() {
            c.p.add(
                "components",
                "must list at least one component (V, S, M, F, DF…)",
            );
        }
        let components = c.set::<Component>("components", &f.components);
        let range = c.range(f.range);
        let target = f.target.map(|t| c.target(t, range));
        let area = f.area.map(|a| c.area(a));
        let duration = c.duration("duration", f.duration);
        let save_given = f.save.is_some();
        let save = f.save.and_then(|s| c.save(s));
        let attack = f
            .attack
            .as_deref()
            .and_then(|a| c.vocab::<SpellAttack>("attack", a));
        c.attack_fits_range(attack, range);
        let has_projectiles = f.projectiles.is_some();
        let projectiles = match f.projectiles {
            Some(p) => c.amount("projectiles", p, true),
            None => Amount::fixed(1),
        };
        let given = f.effects.len() + f.on_save.len();
        let effects = c.effects("effects", f.effects, duration);
        let on_save = c.effects("on_save", f.on_save, duration);
        let all_read = effects.len() + on_save.len() == given && save.is_some() == save_given;
        let notes = f.notes.filter(|n| !n.trim().is_empty());
        let consistent = Consistency {
            range,
            target: target.as_ref(),
            save: save.as_ref(),
            has_projectiles,
            effects: &effects,
            on_save: &on_save,
            has_notes: notes.is_some(),
            all_read,
        };
        consistent.check(&mut c.p);
        let spell = Spell {
            save_descriptors: save_descriptors(school, descriptors),
            name: f.name,
            source: f.source,
            school: school.unwrap_or(School::Universal),
            subschool,
            descriptors,
            levels,
            casting_time: casting_time.unwrap_or(CastingTime::Standard),
            components,
            range,
            target,
            area,
            duration,
            dismissible: f.dismissible.unwrap_or(false),
            save,
            spell_resistance: f.spell_resistance,
            attack,
            projectiles,
            effects,
            on_save,
            summons: c.summons,
            notes,
        };
        c.p.finish(spell)
    }
}

/// What a save modifier may test against the spell: its descriptors' and school's save
/// descriptors, and `spell` (« +2 on saves against spells »).
fn save_descriptors(
    school: Option<School>,
    descriptors: EnumSet<SpellDescriptor>,
) -> EnumSet<Descriptor> {
    let mut out: EnumSet<Descriptor> = descriptors
        .iter()
        .filter_map(|d| d.save_descriptor())
        .collect();
    if let Some(d) = school.and_then(School::save_descriptor) {
        out.insert(d);
    }
    out.insert(Descriptor::Spell);
    out
}

/// « wizard » → `sorcerer_wizard`: a class named by one part of a list's key, which edit
/// distance alone would not suggest.
fn class_suggestion(text: &str) -> Option<String> {
    let class = SpellClass::by_part(text)?;
    Some(format!("unknown class `{text}` (did you mean `{class}`?)"))
}

/// Checks between fields, once each part is read.
struct Consistency<'s> {
    range: Range,
    target: Option<&'s Target>,
    save: Option<&'s SaveSpec>,
    has_projectiles: bool,
    effects: &'s [Directed],
    on_save: &'s [Directed],
    has_notes: bool,
    /// Every effect and the save were read; otherwise the checks between them are left out
    /// (a part already reported would make them report a second, false problem).
    all_read: bool,
}

impl Consistency<'_> {
    fn check(&self, p: &mut Problems) {
        if self.range == Range::Personal
            && self.target.is_some_and(|t| t.kind == TargetKind::Creature)
        {
            p.add(
                "target.kind",
                "a personal spell affects its caster: use \"kind\": \"self\" or no target",
            );
        }
        if !self.all_read {
            return;
        }
        let outcome = self.save.map(|s| s.on_success);
        if outcome == Some(SaveOutcome::Partial) && self.on_save.is_empty() {
            p.add(
                "on_save",
                "a `partial` save needs the `on_save` effects that happen on a success",
            );
        }
        if outcome != Some(SaveOutcome::Partial) && !self.on_save.is_empty() {
            p.add(
                "on_save",
                "only a save with \"on_success\": \"partial\" has `on_save` effects",
            );
        }
        if outcome == Some(SaveOutcome::Half)
            && self.effects.iter().all(|d| d.effect.amount().is_none())
        {
            p.add(
                "save.on_success",
                "a `half` save halves numbers, but no effect has an amount (use `negates`?)",
            );
        }
        if self.effects.is_empty() && !self.has_notes {
            p.add(
                "notes",
                "a spell with no effects must say in `notes` what is not modelled",
            );
        }
        if self.save.is_none() {
            for (list, effects) in [("effects", self.effects), ("on_save", self.on_save)] {
                for (i, d) in effects.iter().enumerate() {
                    if let Effect::Condition {
                        save_ends: true, ..
                    } = d.effect
                    {
                        p.add(
                            format!("{list}[{i}].save_ends"),
                            "a creature saves again only against a spell that allows a save",
                        );
                    }
                }
            }
        }
        if self.has_projectiles && self.effects.is_empty() {
            p.add(
                "projectiles",
                "projectiles repeat the effects: list at least one effect",
            );
        }
    }
}

pub(super) struct Checker<'a> {
    pub(super) p: Problems<'a>,
    /// Paths named by summon effects, in order of first mention.
    pub(super) summons: Vec<String>,
}

impl Checker<'_> {
    /// `value` when inside `lo..=hi`, else a problem and the nearest bound (never used, since
    /// the file is then rejected).
    pub(super) fn int(&mut self, field: &str, value: i64, lo: i64, hi: i64) -> i64 {
        if !(lo..=hi).contains(&value) {
            self.p
                .add(field, format!("must be between {lo} and {hi}, got {value}"));
        }
        value.clamp(lo, hi)
    }

    pub(super) fn vocab<T: Vocabulary>(&mut self, field: &str, text: &str) -> Option<T> {
        T::lookup(text).map_err(|m| self.p.add(field, m)).ok()
    }

    fn not_blank(&mut self, field: &str, text: &str) {
        if text.trim().is_empty() {
            self.p.add(field, "must not be empty");
        }
    }

    /// A list of vocabulary words with no repeats.
    fn set<T: Vocabulary>(&mut self, field: &str, list: &[String]) -> EnumSet<T> {
        let mut set = EnumSet::new();
        for (i, text) in list.iter().enumerate() {
            let at = format!("{field}[{i}]");
            if let Some(v) = self.vocab::<T>(&at, text)
                && !set.insert(v)
            {
                self.p.add(at, format!("duplicate {} `{text}`", T::WHAT));
            }
        }
        set
    }

    fn levels(&mut self, f: &SpellFile) -> ClassLevels {
        let mut levels = ClassLevels::default();
        if f.levels.is_empty() {
            self.p.add(
                "levels",
                "must give the spell's level for at least one class, e.g. {\"cleric\": 1}",
            );
        }
        for (class, level) in f.levels.iter() {
            let at = crate::de::field_key("levels", class);
            let level = self.int(&at, *level, 0, 9) as u8;
            match SpellClass::lookup(class) {
                Ok(class) => levels.set(class, level),
                Err(message) => self.p.add(at, class_suggestion(class).unwrap_or(message)),
            }
        }
        levels
    }

    fn range(&mut self, range: RangeFile) -> Range {
        match range {
            RangeFile::Keyword(word) => self
                .vocab::<RangeKind>("range", &word)
                .map_or(Range::Touch, Range::from_kind),
            RangeFile::Fixed(f) => {
                // « Range 0 ft. » (flame blade, produce flame): the effect appears in hand.
                let feet = self.int("range.feet", f.feet, 0, LIMIT);
                if feet % 5 != 0 {
                    self.p.add(
                        "range.feet",
                        format!("must be a multiple of 5 feet, got {feet}"),
                    );
                }
                Range::Feet(feet as u32)
            }
        }
    }

    fn attack_fits_range(&mut self, attack: Option<SpellAttack>, range: Range) {
        match (attack, range) {
            (Some(_), Range::Personal) => self.p.add(
                "attack",
                "a personal spell makes no attack roll: remove `attack`",
            ),
            (Some(SpellAttack::MeleeTouch), r) if !r.is_touch() => {
                self.p.add(
                    "attack",
                    "a melee touch attack needs \"range\": \"touch\" or {\"feet\": 0} (rays are `ranged_touch`)",
                )
            }
            _ => {}
        }
    }

    fn target(&mut self, t: TargetFile, range: Range) -> Target {
        let kind = self.vocab::<TargetKind>("target.kind", &t.kind).unwrap_or(
            if range == Range::Personal {
                TargetKind::OnlySelf
            } else {
                TargetKind::Creature
            },
        );
        let count = match t.count {
            Some(a) => self.amount("target.count", a, true),
            None => Amount::fixed(1),
        };
        let filter = t
            .filter
            .map_or_else(Filter::default, |f| self.filter("target.filter", f));
        Target {
            kind,
            count,
            filter,
        }
    }

    fn area(&mut self, a: AreaFile) -> Area {
        let shape = self.vocab::<AreaShape>("area.shape", &a.shape);
        let size_ft = match a.size_ft {
            Some(size) => {
                let size = self.int("area.size_ft", size, 5, LIMIT);
                if size % 5 != 0 {
                    self.p.add(
                        "area.size_ft",
                        format!("must be a multiple of 5 feet, got {size}"),
                    );
                }
                size as u32
            }
            None => {
                let what = shape.map_or("an area", |s| s.name());
                self.p.add(
                    "area.size_ft",
                    format!("missing: a {what} needs its size (radius or length) in feet"),
                );
                5
            }
        };
        let origin = self.area_origin(shape, a.origin.as_deref());
        let affects = a
            .affects
            .as_deref()
            .and_then(|x| self.vocab::<AreaAffects>("area.affects", x))
            .unwrap_or(AreaAffects::All);
        let filter = a
            .filter
            .map_or_else(Filter::default, |f| self.filter("area.filter", f));
        let hd_pool = a.hd_pool.map(|h| self.amount("area.hd_pool", h, true));
        Area {
            shape: shape.map_or(Shape::Burst, AreaShape::shape),
            size_ft,
            origin,
            affects,
            filter,
            hd_pool,
        }
    }

    /// Cones and lines start from the caster (the default for them); other shapes name
    /// their origin.
    fn area_origin(&mut self, shape: Option<AreaShape>, origin: Option<&str>) -> AreaOrigin {
        let from_caster = shape.is_some_and(AreaShape::starts_at_caster);
        let origin = match origin {
            Some(o) => self.vocab::<AreaOrigin>("area.origin", o),
            None if from_caster => Some(AreaOrigin::Caster),
            None => {
                if let Some(s) = shape {
                    self.p.add(
                        "area.origin",
                        format!("missing: a {s} needs its origin (point, caster or target)"),
                    );
                }
                None
            }
        };
        if let (Some(s), Some(o)) = (shape, origin)
            && from_caster
            && o != AreaOrigin::Caster
        {
            self.p.add(
                "area.origin",
                format!("a {s} always starts from the caster, not `{o}`"),
            );
        }
        origin.unwrap_or(AreaOrigin::Point)
    }

    fn filter(&mut self, at: &str, f: FilterFile) -> Filter {
        let mut filter = Filter {
            living: f.living.unwrap_or(false),
            max_hd: f
                .max_hd
                .map(|hd| self.int(&format!("{at}.max_hd"), hd, 0, LIMIT) as u32),
            dying: f.dying.unwrap_or(false),
            stable_dying: f.stable_dying.unwrap_or(false),
            willing: f.willing.unwrap_or(false),
            ..Filter::default()
        };
        for (i, text) in f.creature_types.iter().enumerate() {
            let field = format!("{at}.creature_types[{i}]");
            match creature_type(text) {
                Ok(t) if !filter.creature_types.insert(t) => self
                    .p
                    .add(field, format!("duplicate creature type `{text}`")),
                Ok(_) => {}
                Err(message) => self.p.add(field, message),
            }
        }
        filter
    }

    fn save(&mut self, s: SaveFile) -> Option<SaveSpec> {
        let kind = self.vocab::<SaveType>("save.type", &s.kind);
        let on_success = self.vocab::<SaveOutcome>("save.on_success", &s.on_success);
        Some(SaveSpec {
            save: kind?.save(),
            on_success: on_success?,
            harmless: s.harmless.unwrap_or(false),
        })
    }

    pub(super) fn duration(&mut self, at: &str, d: DurationFile) -> Duration {
        let t = match d {
            DurationFile::Keyword(word) => {
                // An unknown word falls back to permanent, so lasting effects report nothing
                // more (the file is rejected anyway).
                return match self.vocab::<DurationKind>(at, &word) {
                    Some(DurationKind::Instantaneous) => Duration::Instantaneous,
                    None => Duration::Permanent,
                    Some(DurationKind::Permanent) => Duration::Permanent,
                    Some(DurationKind::Concentration) => Duration::Concentration,
                };
            }
            DurationFile::Timed(t) => *t,
        };
        let given = [
            (TimeUnit::Rounds, t.rounds),
            (TimeUnit::Minutes, t.minutes),
            (TimeUnit::Hours, t.hours),
            (TimeUnit::Days, t.days),
        ];
        let mut found = None;
        for (unit, amount) in given {
            let Some(amount) = amount else { continue };
            let field = format!("{at}.{}", unit.name());
            let amount = self.amount(&field, amount, true);
            if found.is_some() {
                self.p.add(
                    field,
                    "a duration has one unit: rounds, minutes, hours or days",
                );
            } else {
                found = Some(Duration::Timed { unit, amount });
            }
        }
        found.unwrap_or_else(|| {
            self.p
                .add(at, "needs one of rounds, minutes, hours or days");
            Duration::Permanent
        })
    }
}
