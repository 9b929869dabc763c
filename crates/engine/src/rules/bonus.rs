//! Typed bonuses and penalties and the one resolver that stacks them (« CRB — Combining
//! Magical Effects — Stacking »; the reference spec, « Architecture », `effects.py`:
//! « StatModifier / resolve_modifiers »).
//!
//! A [`Modifier`] says what it changes ([`Stat`]), with which [`BonusType`], by how much, and
//! when ([`When`]: always, only in melee, only with a ranged weapon within 30 ft, only against
//! a fear effect, only against an evil source…). [`resolve`] applies PF1e stacking to the
//! values that hold in a [`Context`]: dodge, untyped, racial, trait and circumstance bonuses
//! add up; every other type keeps only its highest bonus; penalties follow the same rule
//! (stacking types add, others keep the worst). A condition this crate does not know never
//! holds. Pure functions: no state, no allocation.

use std::borrow::Cow;
use std::fmt;

use crate::vocab::{Alignment, EnumSet, Vocabulary, vocabulary};

vocabulary! {
    /// The bonus types of the CRB glossary, in file spelling.
    "bonus type", pub enum BonusType {
        Untyped = "untyped",
        Alchemical = "alchemical",
        Armor = "armor",
        Circumstance = "circumstance",
        Competence = "competence",
        Deflection = "deflection",
        Dodge = "dodge",
        Enhancement = "enhancement",
        Inherent = "inherent",
        Insight = "insight",
        Luck = "luck",
        Morale = "morale",
        NaturalArmor = "natural_armor",
        Profane = "profane",
        Racial = "racial",
        Resistance = "resistance",
        Sacred = "sacred",
        Shield = "shield",
        Size = "size",
        Trait = "trait",
    }
}

impl BonusType {
    /// Bonuses of this type add up: dodge, racial, trait and untyped (the reference spec,
    /// « Architecture », `effects.py`), and circumstance, as the CRB does for circumstance
    /// bonuses from different sources.
    pub fn stacks(self) -> bool {
        matches!(
            self,
            BonusType::Untyped
                | BonusType::Dodge
                | BonusType::Racial
                | BonusType::Trait
                | BonusType::Circumstance
        )
    }

    /// « CRB — Armor Class »: armor, shield and natural armor bonuses do not apply to touch
    /// attacks; dodge bonuses are lost when flat-footed (and so is every Dex bonus, which the
    /// file's `flat_footed` value already leaves out).
    pub fn applies_to_ac(self, kind: AcKind) -> bool {
        match self {
            BonusType::Armor | BonusType::Shield | BonusType::NaturalArmor => {
                matches!(kind, AcKind::Total | AcKind::FlatFooted)
            }
            BonusType::Dodge => matches!(kind, AcKind::Total | AcKind::Touch),
            _ => true,
        }
    }
}

vocabulary! {
    /// What a modifier changes, in file spelling. `attack` and `damage` cover every attack;
    /// the `melee_`/`ranged_` forms only one kind; `saves` all three saving throws;
    /// `dex_skills` the Dexterity-keyed skills (« CRB — Table 4-1 »).
    "modifier target", pub enum Stat {
        Attack = "attack",
        MeleeAttack = "melee_attack",
        RangedAttack = "ranged_attack",
        Damage = "damage",
        MeleeDamage = "melee_damage",
        RangedDamage = "ranged_damage",
        Ac = "ac",
        Fort = "fort",
        Reflex = "ref",
        Will = "will",
        Saves = "saves",
        Cmb = "cmb",
        Cmd = "cmd",
        Skills = "skills",
        DexSkills = "dex_skills",
        Initiative = "initiative",
        SpeedFt = "speed_ft",
    }
}

vocabulary! {
    /// Descriptors an effect can carry, which save modifiers may name (« Iron Will » needs
    /// none; a halfling's +2 vs fear names `fear`).
    "descriptor", pub enum Descriptor {
        Fear = "fear",
        MindAffecting = "mind_affecting",
        Poison = "poison",
        Disease = "disease",
        Cold = "cold",
        Fire = "fire",
        Acid = "acid",
        Electricity = "electricity",
        Sonic = "sonic",
        Enchantment = "enchantment",
        Divination = "divination",
        Illusion = "illusion",
        Spell = "spell",
        Fey = "fey",
    }
}

/// Which armor class a modifier is asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AcKind {
    Total,
    Touch,
    FlatFooted,
    /// A touch attack against a target denied its Dexterity bonus.
    FlatFootedTouch,
}

/// One side of the two-axis alignment a `when` may test on the source of an effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum AlignmentAxis {
    Good,
    Evil,
    Lawful,
    Chaotic,
}

impl AlignmentAxis {
    pub fn holds_for(self, a: Alignment) -> bool {
        use Alignment::*;
        match self {
            AlignmentAxis::Good => matches!(a, LawfulGood | NeutralGood | ChaoticGood),
            AlignmentAxis::Evil => matches!(a, LawfulEvil | NeutralEvil | ChaoticEvil),
            AlignmentAxis::Lawful => matches!(a, LawfulGood | LawfulNeutral | LawfulEvil),
            AlignmentAxis::Chaotic => matches!(a, ChaoticGood | ChaoticNeutral | ChaoticEvil),
        }
    }
}

/// When a modifier applies (the reference spec, « Modificateurs conditionnés »).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum When {
    Always,
    /// The attack (made or received) is a melee attack.
    Melee,
    /// The attack (made or received) is a ranged attack.
    Ranged,
    /// `target_within_30ft_ranged`: a ranged attack at 30 ft or less (Point-Blank Shot).
    TargetWithin30ftRanged,
    /// `weapon:NAME`: the attack's name contains NAME, case-insensitive (Weapon Focus; the
    /// reference spec's `axe`).
    Weapon(Cow<'static, str>),
    /// The effect being resisted carries this descriptor (saves).
    Descriptor(Descriptor),
    /// `attacker_is_evil` & co.: the source of the attack or effect has this alignment.
    SourceIs(AlignmentAxis),
    /// A condition this version does not know: never holds (and `validate` warns).
    Unknown(Cow<'static, str>),
}

impl When {
    /// Reads a `when` as files spell it (case and surrounding blanks ignored); anything
    /// unrecognised is [`When::Unknown`].
    pub fn parse(text: &str) -> When {
        let text = text.trim().to_ascii_lowercase();
        let text = text.as_str();
        match text {
            "" | "always" => When::Always,
            "melee" => When::Melee,
            "ranged" => When::Ranged,
            "target_within_30ft_ranged" => When::TargetWithin30ftRanged,
            "attacker_is_good" => When::SourceIs(AlignmentAxis::Good),
            "attacker_is_evil" => When::SourceIs(AlignmentAxis::Evil),
            "attacker_is_lawful" => When::SourceIs(AlignmentAxis::Lawful),
            "attacker_is_chaotic" => When::SourceIs(AlignmentAxis::Chaotic),
            // The reference spec's only weapon filter, spelled bare.
            "axe" => When::Weapon(Cow::Borrowed("axe")),
            _ => {
                if let Some(name) = text.strip_prefix("weapon:")
                    && !name.trim().is_empty()
                {
                    return When::Weapon(Cow::Owned(name.trim().to_ascii_lowercase()));
                }
                match Descriptor::lookup(text) {
                    Ok(d) => When::Descriptor(d),
                    Err(_) => When::Unknown(Cow::Owned(text.to_string())),
                }
            }
        }
    }

    /// True when the modifier applies in `ctx`. Unknown conditions, and source alignments
    /// without a source, never hold.
    pub fn holds(&self, ctx: &Context) -> bool {
        match self {
            When::Always => true,
            When::Melee => ctx.attack.is_some_and(|a| a.melee),
            When::Ranged => ctx.attack.is_some_and(|a| !a.melee),
            When::TargetWithin30ftRanged => {
                ctx.attack.is_some_and(|a| !a.melee && a.distance_ft <= 30)
            }
            When::Weapon(name) => ctx.attack.is_some_and(|a| contains_ci(a.weapon, name)),
            When::Descriptor(d) => ctx.descriptors.contains(*d),
            When::SourceIs(axis) => ctx.source.is_some_and(|s| axis.holds_for(s)),
            When::Unknown(_) => false,
        }
    }

    /// The spelling a file would use (for traces and warnings).
    pub fn name(&self) -> Cow<'_, str> {
        match self {
            When::Always => Cow::Borrowed("always"),
            When::Melee => Cow::Borrowed("melee"),
            When::Ranged => Cow::Borrowed("ranged"),
            When::TargetWithin30ftRanged => Cow::Borrowed("target_within_30ft_ranged"),
            When::Weapon(n) => Cow::Owned(format!("weapon:{n}")),
            When::Descriptor(d) => Cow::Borrowed(d.name()),
            When::SourceIs(AlignmentAxis::Good) => Cow::Borrowed("attacker_is_good"),
            When::SourceIs(AlignmentAxis::Evil) => Cow::Borrowed("attacker_is_evil"),
            When::SourceIs(AlignmentAxis::Lawful) => Cow::Borrowed("attacker_is_lawful"),
            When::SourceIs(AlignmentAxis::Chaotic) => Cow::Borrowed("attacker_is_chaotic"),
            When::Unknown(t) => Cow::Borrowed(t),
        }
    }
}

/// `haystack` contains `needle` (already lowercase), ASCII case-insensitive, no allocation.
fn contains_ci(haystack: &str, needle: &str) -> bool {
    let (h, n) = (haystack.as_bytes(), needle.as_bytes());
    n.is_empty()
        || h.windows(n.len())
            .any(|w| w.iter().zip(n).all(|(a, b)| a.to_ascii_lowercase() == *b))
}

/// One typed bonus or penalty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Modifier {
    pub stat: Stat,
    pub kind: BonusType,
    pub value: i32,
    pub when: When,
}

impl Modifier {
    /// An unconditional modifier (usable in `const` tables).
    pub const fn always(stat: Stat, kind: BonusType, value: i32) -> Self {
        Modifier {
            stat,
            kind,
            value,
            when: When::Always,
        }
    }

    pub const fn when(stat: Stat, kind: BonusType, value: i32, when: When) -> Self {
        Modifier {
            stat,
            kind,
            value,
            when,
        }
    }

    /// This modifier counts toward `stat` (a `saves` modifier counts toward `will`, an
    /// `attack` one toward `melee_attack`…).
    #[inline]
    pub fn targets(&self, stat: Stat) -> bool {
        counts_toward(self.stat, stat)
    }

    /// The modifier as a [`Part`] for [`resolve_parts`].
    #[inline]
    pub fn part(&self) -> Part<'_> {
        Part {
            stat: self.stat,
            kind: self.kind,
            value: self.value,
            when: &self.when,
        }
    }
}

/// A value written for `written` counts toward `stat` (see [`Modifier::targets`]).
#[inline]
fn counts_toward(written: Stat, stat: Stat) -> bool {
    written == stat
        || match written {
            Stat::Attack => matches!(stat, Stat::MeleeAttack | Stat::RangedAttack),
            Stat::Damage => matches!(stat, Stat::MeleeDamage | Stat::RangedDamage),
            Stat::Saves => matches!(stat, Stat::Fort | Stat::Reflex | Stat::Will),
            Stat::Skills => stat == Stat::DexSkills,
            _ => false,
        }
}

/// One typed value as the resolver reads it, its condition borrowed: a [`Modifier`]'s parts
/// ([`Modifier::part`]), or a value a lasting spell effect holds (its amount rolled when it was
/// cast, its condition the spell file's). `Copy`, so effects never clone a `When`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Part<'m> {
    pub stat: Stat,
    pub kind: BonusType,
    pub value: i32,
    pub when: &'m When,
}

/// An unconditional [`When`], for parts that always hold.
pub static ALWAYS: When = When::Always;

/// [`resolve`] over [`Part`]s: the same stacking for every source — standing modifiers,
/// conditions and spell effects — so they all meet in one resolver.
pub fn resolve_parts<'m>(
    parts: impl IntoIterator<Item = Part<'m>>,
    stat: Stat,
    ac: Option<AcKind>,
    ctx: &Context,
) -> i32 {
    let mut s = Stacker::default();
    for p in parts {
        if counts_toward(p.stat, stat)
            && ac.is_none_or(|kind| p.kind.applies_to_ac(kind))
            && p.when.holds(ctx)
        {
            s.add(p.kind, p.value);
        }
    }
    s.total()
}

impl fmt::Display for Modifier {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:+} {} {}", self.value, self.kind, self.stat)?;
        if self.when != When::Always {
            write!(f, " ({})", self.when.name())?;
        }
        Ok(())
    }
}

/// The attack a modifier is evaluated for, from the side that asks (attacker or defender).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackContext<'a> {
    pub melee: bool,
    pub distance_ft: u32,
    /// The attack's name (weapon filters).
    pub weapon: &'a str,
}

/// What a condition may test.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Context<'a> {
    pub attack: Option<AttackContext<'a>>,
    /// Descriptors of the effect being resisted (saves).
    pub descriptors: EnumSet<Descriptor>,
    /// Alignment of the creature making the attack or effect.
    pub source: Option<Alignment>,
}

/// Running PF1e stacking of typed values: feed it with [`Stacker::add`], read [`Stacker::total`].
#[derive(Clone, Copy, Debug, Default)]
pub struct Stacker {
    sum: i32,
    best: [i32; BonusType::ALL.len()],
    worst: [i32; BonusType::ALL.len()],
}

impl Stacker {
    pub fn add(&mut self, kind: BonusType, value: i32) {
        if kind.stacks() {
            self.sum += value;
        } else {
            let k = kind as usize;
            if value > 0 {
                self.best[k] = self.best[k].max(value);
            } else {
                self.worst[k] = self.worst[k].min(value);
            }
        }
    }

    pub fn total(&self) -> i32 {
        self.sum + self.best.iter().sum::<i32>() + self.worst.iter().sum::<i32>()
    }
}

/// The stacked total of `values` (type, value).
pub fn stack(values: impl IntoIterator<Item = (BonusType, i32)>) -> i32 {
    let mut s = Stacker::default();
    for (k, v) in values {
        s.add(k, v);
    }
    s.total()
}

/// The stacked total of the `modifiers` that target `stat` and hold in `ctx`; for
/// [`Stat::Ac`], `ac` picks which armor class (types that do not apply to it are left out).
pub fn resolve<'m>(
    modifiers: impl IntoIterator<Item = &'m Modifier>,
    stat: Stat,
    ac: Option<AcKind>,
    ctx: &Context,
) -> i32 {
    resolve_parts(modifiers.into_iter().map(Modifier::part), stat, ac, ctx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use BonusType::*;

    /// The stacking table (« CRB — Stacking »), one row per case.
    #[test]
    fn stacking_table() {
        type Row = (&'static [(BonusType, i32)], i32, &'static str);
        let rows: &[Row] = &[
            (
                &[(Morale, 2), (Morale, 2)],
                2,
                "two morale bonuses don't stack",
            ),
            (
                &[(Morale, 2), (Morale, 4)],
                4,
                "the highest morale bonus wins",
            ),
            (&[(Dodge, 1), (Dodge, 1)], 2, "two dodge bonuses stack"),
            (&[(Untyped, 1), (Untyped, 2)], 3, "untyped bonuses stack"),
            (
                &[(Racial, 2), (Racial, 2)],
                4,
                "racial bonuses stack (the reference spec)",
            ),
            (&[(Trait, 1), (Trait, 1)], 2, "trait bonuses stack"),
            (
                &[(Circumstance, 2), (Circumstance, 2)],
                4,
                "circumstance bonuses stack",
            ),
            (
                &[(Enhancement, 1), (Enhancement, 3)],
                3,
                "enhancement keeps the highest",
            ),
            (
                &[(Deflection, 2), (Sacred, 2), (Profane, 1)],
                5,
                "different types add",
            ),
            (
                &[(Morale, 2), (Luck, 1), (Morale, 1)],
                3,
                "morale 2 + luck 1",
            ),
            (
                &[(Untyped, -2), (Untyped, -2)],
                -4,
                "untyped penalties stack",
            ),
            (
                &[(Morale, -2), (Morale, -1)],
                -2,
                "typed penalties keep the worst",
            ),
            (
                &[(Morale, 2), (Morale, -1)],
                1,
                "a typed bonus and penalty both count",
            ),
            (&[(Dodge, 4), (Dodge, -2)], 2, "dodge bonus and penalty add"),
            (
                &[(Resistance, 1), (Resistance, 2), (Untyped, -2)],
                0,
                "cloak vs shaken",
            ),
            (&[], 0, "nothing"),
        ];
        for (values, expected, why) in rows {
            assert_eq!(stack(values.iter().copied()), *expected, "{why}");
        }
    }

    #[test]
    fn armor_types_skip_touch_and_dodge_skips_flat_footed() {
        let mods = [
            Modifier::always(Stat::Ac, Armor, 4),
            Modifier::always(Stat::Ac, Dodge, 1),
            Modifier::always(Stat::Ac, Deflection, 2),
        ];
        let ctx = Context::default();
        let ac = |k| resolve(&mods, Stat::Ac, Some(k), &ctx);
        assert_eq!(ac(AcKind::Total), 7);
        assert_eq!(ac(AcKind::Touch), 3);
        assert_eq!(ac(AcKind::FlatFooted), 6);
        assert_eq!(ac(AcKind::FlatFootedTouch), 2);
    }

    #[test]
    fn broad_targets_cover_narrow_ones() {
        let ctx = Context::default();
        let saves = [Modifier::always(Stat::Saves, Resistance, 1)];
        assert_eq!(resolve(&saves, Stat::Will, None, &ctx), 1);
        let will = [Modifier::always(Stat::Will, Untyped, 2)];
        assert_eq!(resolve(&will, Stat::Fort, None, &ctx), 0);
        let attack = [Modifier::always(Stat::Attack, Morale, 1)];
        assert_eq!(resolve(&attack, Stat::RangedAttack, None, &ctx), 1);
        let skills = [Modifier::always(Stat::Skills, Untyped, -2)];
        assert_eq!(resolve(&skills, Stat::DexSkills, None, &ctx), -2);
    }

    fn attack(melee: bool, distance_ft: u32, weapon: &str) -> Context<'_> {
        Context {
            attack: Some(AttackContext {
                melee,
                distance_ft,
                weapon,
            }),
            ..Context::default()
        }
    }

    #[test]
    fn conditions_hold_only_in_their_context() {
        let pbs = When::parse("target_within_30ft_ranged");
        assert!(pbs.holds(&attack(false, 30, "longbow")));
        assert!(!pbs.holds(&attack(false, 35, "longbow")));
        assert!(!pbs.holds(&attack(true, 5, "longsword")));
        assert!(!pbs.holds(&Context::default()));

        let axe = When::parse("axe");
        assert!(axe.holds(&attack(true, 5, "Battleaxe")));
        assert!(!axe.holds(&attack(true, 5, "longsword")));
        let focus = When::parse("weapon:Longsword");
        assert!(focus.holds(&attack(true, 5, "longsword +1")));

        let fear = When::parse("fear");
        let mut ctx = Context::default();
        assert!(!fear.holds(&ctx));
        ctx.descriptors.insert(Descriptor::Fear);
        assert!(fear.holds(&ctx));

        let evil = When::parse("attacker_is_evil");
        assert!(!evil.holds(&ctx), "no source: false");
        ctx.source = Some(Alignment::ChaoticEvil);
        assert!(evil.holds(&ctx));
        ctx.source = Some(Alignment::LawfulNeutral);
        assert!(!evil.holds(&ctx));
        assert!(When::parse("attacker_is_lawful").holds(&ctx));
    }

    #[test]
    fn an_unknown_condition_never_applies() {
        let w = When::parse("while_raging");
        assert_eq!(w, When::Unknown(Cow::Borrowed("while_raging")));
        let mods = [Modifier::when(Stat::Attack, Morale, 2, w)];
        assert_eq!(
            resolve(&mods, Stat::MeleeAttack, None, &attack(true, 5, "x")),
            0
        );
    }
}
