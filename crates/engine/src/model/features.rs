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
pub const READ_FROM_LINE: &[&str] = &["sneak attack", "evasion", "improved evasion", "scent"];

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
        } else if listed(READ_FROM_LINE) || read_feat_line(line).feat.is_some() {
            FeatureUse::ReadFromLine
        } else if listed(NO_COMBAT_EFFECT) || listed(IN_OTHER_FIELDS) {
            FeatureUse::NoCombatEffect
        } else {
            FeatureUse::Unmodelled
        }
    }
}
