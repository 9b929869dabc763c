//! Rule tests of the 29 conditions (the reference spec, « Conditions effectives »; CRB
//! « Appendix 2: Conditions »): one tiny fight per condition, or per family where the behaviour
//! is the same (helpless, asleep, paralyzed, unconscious), with scripted dice, pinning the
//! transcript lines that show its behaviour flag ([`acting`]: what a creature may still do) or
//! its modifiers ([`modifiers`]: the numbers of the attacks it makes or suffers). The AC
//! printed in an attack line shows the target's AC changes, `d20=N+B` the attacker's bonus
//! changes; a turn lost reads `CONDITION: loses its turn`, a refused action `KIND dropped:
//! REASON`. This file holds the two combatants and the fight they play.

mod acting;
mod modifiers;

use serde_json::{Value, json};

use crate::model::Combatant;

use super::support::*;

/// The hero: a sword (+0, 1d6) and `conditions`.
pub(super) fn hero(conditions: Value) -> Combatant {
    creature(
        "hero",
        json!({ "attacks": [sword(0)], "conditions": conditions }),
    )
}

/// The dummy: AC 12 with a +2 Dex bonus (flat-footed 10), a sword, and `conditions`.
pub(super) fn dummy(conditions: Value) -> Combatant {
    creature(
        "dummy",
        json!({
            "abilities": { "dex_score": 14 },
            "ac": { "total": 12, "touch": 12, "flat_footed": 10 },
            "attacks": [sword(0)],
            "conditions": conditions
        }),
    )
}

/// `a` (side a, unit 0) and `b` (side b, unit 1) on a one-row room drawn as `row`, playing
/// `policy` for `rounds` rounds; initiative 20 for `a`, 1 for `b`, then `script`.
pub(super) fn fight(
    row: &str,
    a: Combatant,
    b: Combatant,
    rounds: u32,
    policy: &Plans,
    script: &[(u32, u32)],
) -> Played {
    let s = scenario(room(&[row]), vec![("a", vec![a]), ("b", vec![b])], rounds);
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, policy, &rolls)
}

/// The hero's lines in a one-round [`fight`] where the dummy idles.
pub(super) fn hero_says(
    row: &str,
    a: Combatant,
    b: Combatant,
    script: &[(u32, u32)],
) -> Vec<String> {
    let p = fight(row, a, b, 1, &dummy_idles(), script);
    p.said_by("hero").iter().map(|l| l.to_string()).collect()
}

/// Both sides on the default policy.
pub(super) fn both_default() -> Plans {
    Plans::new()
}

/// The dummy idles; the hero plays the default policy.
pub(super) fn dummy_idles() -> Plans {
    Plans::new().idle(&[1])
}
