//! How each free-text `features` line of a combatant file resolves: modelled by a `specials`
//! entry, read by the engine from the line itself (sneak attack, evasion, a feat written as a
//! feature), on the list of features with no effect in a simulated fight, or not modelled —
//! which `pf1e-sim validate` reports as a warning, as it does for feats with no effect.
//!
//! # The matching convention
//! A line's *words* are its text before the first `(`, `+` or digit, trimmed
//! (« Regeneration 5 (acid or fire) » → « Regeneration »), compared case-insensitively. A
//! `specials` entry models a line when its `feature` is that line (case-insensitive), or,
//! without `feature`, when the line's words are the rule's words ([`SpecialRule::words`]:
//! « fast healing » for `fast_healing`). Owns the convention and the lists; never decides what
//! a rule does.

use super::combatant::Combatant;
use super::special::SpecialRule;
use crate::rules::feat::read_feat_line;

/// Features the engine reads from the line itself (`fight::unit`).
pub const READ_FROM_LINE: &[&str] = &[
    "sneak attack",
    "evasion",
    "improved evasion",
    "scent",
    // `fight::class::guard`.
    "defensive training",
    "stability",
    "uncanny dodge",
    "aura of courage",
    "favored terrain",
    // « CRB — Elves — Elven Magic »: +2 on caster level checks against spell resistance
    // (`fight::cast::caster`); its Spellcraft bonus is in the skill's total.
    "elven magic",
    // « CRB — Wizard — Evocation — Intense Spells »: +½ level on evocation damage, once a
    // spell (`fight::cast::rolls`).
    "intense spells",
];

/// Whole lines the engine reads (`fight::class::guard`): only that choice of a feature with
/// many options is modelled.
pub const READ_WHOLE_LINE: &[&str] = &["mercy (fatigued)"];

/// Features with no effect in a simulated fight: senses of a world without light levels, and
/// abilities for outside combat, for water, or for time spans longer than a fight. Their
/// absence from the rules is not a to-do.
pub const NO_COMBAT_EFFECT: &[&str] = &[
    "darkvision",
    "low-light vision",
    "see in darkness",
    "hold breath",
    "amphibious",
    "track",
    "trapfinding",
    "wild empathy",
    "stonecunning",
    "link",
    "share spells",
    "tricks",
    // A world without light levels: the dazzle or blindness of bright light never comes.
    "light sensitivity",
    "light blindness",
    // Passing for a statue before a fight; speaking mind to mind; the fight uses the stat
    // block's own form (no policy changes shape).
    "freeze",
    "telepathy",
    "change shape",
    // Never poisoning oneself by accident: no accident of the kind is simulated.
    "poison use",
    // Returning days after being destroyed: beyond a fight's scope.
    "rejuvenation",
];

/// Features whose effect the file's other fields already carry: the creature type (undead and
/// construct traits: no Constitution, the file's `immunities`), `spell_slots` (cantrips), the
/// `skills` totals, the `attacks` numbers and the start `conditions`.
pub const IN_OTHER_FIELDS: &[&str] = &[
    "undead traits",
    "construct traits",
    "cantrips",
    // Class skills and racial skill bonuses: the `skills` totals include them.
    "stalker",
    "crafty",
    // Weapons wielded as one size smaller: the `attacks` numbers include it.
    "undersized weapons",
    // A zombie's poor reflexes: its `conditions` start it staggered for the whole fight.
    "staggered",
    // « CRB — Wizard — Arcane School »: the opposition schools' spells are simply absent
    // from the file's `spells` (a prepared caster who leaves them out pays nothing).
    "prohibited schools",
];

/// What a `features` line resolves to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FeatureUse {
    /// Modelled by the `specials` entry of this rule.
    Special(SpecialRule),
    /// Read by the engine from the line (sneak attack, evasion) or as a feat.
    ReadFromLine,
    /// Listed in [`NO_COMBAT_EFFECT`] or [`IN_OTHER_FIELDS`].
    NoCombatEffect,
    /// No effect modelled: a to-do for the rules.
    Unmodelled,
}

/// The words of a feature line: its text before the first `(`, `+` or digit, trimmed.
pub fn feature_words(line: &str) -> &str {
    let end = line
        .find(|c: char| c == '(' || c == '+' || c.is_ascii_digit())
        .unwrap_or(line.len());
    line[..end].trim()
}

/// The line's words are `words` (case-insensitive).
pub fn feature_is(line: &str, words: &str) -> bool {
    feature_words(line).eq_ignore_ascii_case(words)
}

impl Combatant {
    /// Each `features` line with what it resolves to, in file order.
    pub fn feature_uses(&self) -> impl Iterator<Item = (&str, FeatureUse)> + '_ {
        self.features()
            .iter()
            .map(|line| (line.as_str(), self.feature_use(line)))
    }

    fn feature_use(&self, line: &str) -> FeatureUse {
        let modelled = self.specials().iter().find(|e| {
            (match &e.feature {
                Some(f) => f.trim().eq_ignore_ascii_case(line.trim()),
                None => feature_is(line, e.special.rule().words()),
            }) || (e.special.rule().also_models().iter()).any(|w| feature_is(line, w))
        });
        let listed = |list: &[&str]| list.iter().any(|w| feature_is(line, w));
        if let Some(e) = modelled {
            FeatureUse::Special(e.special.rule())
        } else if listed(READ_FROM_LINE)
            || read_feat_line(line).feat.is_some()
            || (READ_WHOLE_LINE.iter()).any(|l| line.trim().eq_ignore_ascii_case(l))
        {
            FeatureUse::ReadFromLine
        } else if listed(NO_COMBAT_EFFECT)
            || listed(IN_OTHER_FIELDS)
            || self.class_or_race_reason(line).is_some()
        {
            FeatureUse::NoCombatEffect
        } else {
            FeatureUse::Unmodelled
        }
    }
}

/// How a line of [`CLASS_AND_RACE`] is recognised: by its words (any line of that feature is
/// covered), or as the whole line (only that choice of a feature with many options is).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Matches {
    Words(&'static str),
    Line(&'static str),
}

/// Class and racial features of the shipped PCs with no effect in a simulated fight, or whose
/// effect the file's numbers already carry, each with the reason (« CRB — Races », class
/// chapters; APG, Ultimate Combat, Ultimate Magic).
pub const CLASS_AND_RACE: &[(Matches, &str)] = &[
    (
        Matches::Words("armor training"),
        "the better maximum Dex and check penalty are in the file's AC and skill totals",
    ),
    (
        Matches::Words("halfling luck"),
        "+1 on all saving throws: in the file's `saves`",
    ),
    (
        Matches::Words("keen senses"),
        "+2 on Perception: in the skill's total",
    ),
    (
        Matches::Words("sure-footed"),
        "+2 on Acrobatics and Climb: in the skills' totals",
    ),
    (
        Matches::Words("trap sense"),
        "bonuses against traps: a fight here has no trap",
    ),
    (
        Matches::Words("fast movement"),
        "+10 ft. of land speed: in `speed_land_ft`",
    ),
    (
        Matches::Words("nimble"),
        "the dodge bonus to AC in light armor: in the file's AC",
    ),
    (
        Matches::Words("gunsmith"),
        "the starting firearm: one of the file's `attacks`; its crafting is outside a fight",
    ),
    (
        Matches::Words("witch's familiar"),
        "the familiar's gift to its master (a toad's +3 hit points) is in the file's numbers; \
         the familiar is not a combatant",
    ),
    (
        Matches::Words("patron"),
        "the patron's spells are in the file's `spells`",
    ),
    (
        Matches::Words("arcane bond"),
        "a bonded object's daily spell: one more slot of the wizard's highest level in \
         `spell_slots` (simplified: the spell comes from those it prepared, not its whole \
         spellbook)",
    ),
    (
        Matches::Words("adaptability"),
        "the bonus Skill Focus: one of the file's `feats`",
    ),
    (
        Matches::Words("multitalented"),
        "a second favored class: its bonus hit points or skill ranks are in the file's numbers",
    ),
    (
        Matches::Words("arcane school"),
        "the school's extra slot per spell level is in `spell_slots`, the opposed schools \
         in the choice of `spells`; the school's powers are lines of their own",
    ),
    (
        Matches::Words("endurance"),
        "checks against the environment, sleeping in armor: outside a fight",
    ),
    (
        Matches::Words("combat style"),
        "the style's bonus feats are in the file's `feats`",
    ),
    (
        Matches::Words("divine grace"),
        "its Charisma bonus on all saving throws: in the file's `saves`",
    ),
    (
        Matches::Words("divine health"),
        "immunity to disease: in the file's `immunities`",
    ),
    (
        Matches::Words("detect evil"),
        "a divination that shows alignments: the engine knows every alignment already",
    ),
    (
        Matches::Words("aura of good"),
        "its strength shows only to detect good: nothing happens in a fight",
    ),
    (
        Matches::Words("bardic knowledge"),
        "half its level on Knowledge checks: in the skills' totals",
    ),
    (
        Matches::Words("versatile performance"),
        "Perform in place of other skills: skill checks outside a fight",
    ),
    (
        Matches::Words("inspire competence"),
        "a competence bonus on an ally's skill checks while the bard performs: the skill \
         checks of a fight here (Acrobatics to tumble, Stealth) are made on the ally's own \
         turn and a round of performance goes to inspire courage; not an action here",
    ),
    (
        Matches::Line("aura"),
        "a cleric's aura of her deity's alignment shows only to detect spells: nothing happens \
         in a fight",
    ),
    (
        Matches::Words("protection domain"),
        "the +1 resistance bonus on saves is in the file's `saves`; Resistant Touch only moves \
         that +1 to a touched ally (the cleric loses it) for a standard action: not an action \
         here",
    ),
    (
        Matches::Line("rogue talent (finesse rogue)"),
        "the bonus Weapon Finesse: one of the file's `feats`",
    ),
    (
        Matches::Line("rage power (raging climber)"),
        "a bonus on Climb checks while raging: no climbing in a fight here",
    ),
    (
        Matches::Line("hunter's bond (animal companion: ash the wolf)"),
        "the companion is a combatant of its own (`data/pcs/rowan_wolf.json`)",
    ),
];

/// Racial save bonuses that the file's `modifiers` carry: the line resolves only when the
/// file has a modifier for that descriptor (« CRB — Races »: Fearless, Elven Immunities,
/// Hardy; immunity to magic sleep is in `immunities`).
pub const IN_MODIFIERS: &[(&str, crate::rules::Descriptor)] = &[
    ("fearless", crate::rules::Descriptor::Fear),
    ("elven immunities", crate::rules::Descriptor::Enchantment),
    ("hardy", crate::rules::Descriptor::Poison),
    // « CRB — Bard — Well-Versed »: +4 against bardic performance, sonic and
    // language-dependent effects; only sonic is a descriptor here.
    ("well-versed", crate::rules::Descriptor::Sonic),
];

impl Combatant {
    /// The line is one of [`CLASS_AND_RACE`], or one of [`IN_MODIFIERS`] whose modifier the
    /// file has: the reason, if so.
    pub fn class_or_race_reason(&self, line: &str) -> Option<&'static str> {
        let found = CLASS_AND_RACE.iter().find(|(m, _)| match m {
            Matches::Words(w) => feature_is(line, w),
            Matches::Line(l) => line.trim().eq_ignore_ascii_case(l),
        });
        if let Some((_, why)) = found {
            return Some(why);
        }
        let (_, descriptor) = IN_MODIFIERS.iter().find(|(w, _)| feature_is(line, w))?;
        let carried = self.modifiers().iter().any(|m| {
            m.when == crate::rules::When::Descriptor(*descriptor)
                && matches!(m.stat, crate::rules::Stat::Saves)
        });
        carried.then_some("a save bonus against a descriptor: in the file's `modifiers`")
    }
}
