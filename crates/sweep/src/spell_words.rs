//! Short English words for the values of a spell file as written (`pf1e_engine::spell`'s file
//! types): amounts that scale with caster level (« 1d6/level (max 10d6) », « 1 round + 1
//! round/3 levels (max 6) »), durations, ranges, targets and areas — what `pf1e-sim
//! spells` and `validate` print. Only for files that already passed validation (a value the
//! validator refuses is never described here); owns wording only, never a rule.

use pf1e_engine::spell::{
    AmountFile, AreaFile, DiceStepFile, DurationFile, FilterFile, FlatStepFile, RangeFile,
    ScalarFile, TargetFile,
};

/// A unit an amount counts: singular and plural (« round », « rounds »).
#[derive(Clone, Copy, Debug)]
pub struct Unit {
    pub one: &'static str,
    pub many: &'static str,
}

impl Unit {
    const fn new(one: &'static str, many: &'static str) -> Unit {
        Unit { one, many }
    }

    fn of(self, n: i64) -> &'static str {
        if n == 1 { self.one } else { self.many }
    }
}

const ROUND: Unit = Unit::new("round", "rounds");
const MINUTE: Unit = Unit::new("minute", "minutes");
const HOUR: Unit = Unit::new("hour", "hours");
const DAY: Unit = Unit::new("day", "days");
const CREATURE: Unit = Unit::new("creature", "creatures");
const HIT_DIE: Unit = Unit::new("HD", "HD");

/// `amount`, with `unit` after each part when given: `4`, `1d4 rounds`, `1d6/level (max
/// 10d6)`, `1d8 + 1/level (max 5)`, `1 + 1/2 levels beyond 1 (max 4)`, `1 hour/level`.
pub fn amount(amount: &AmountFile, unit: Option<Unit>) -> String {
    let scalar = |s: &ScalarFile| match (s, unit) {
        (ScalarFile::Integer(n), Some(u)) => format!("{n} {}", u.of(*n)),
        (ScalarFile::Integer(n), None) => n.to_string(),
        (ScalarFile::Text(t), Some(u)) => format!("{t} {}", u.many),
        (ScalarFile::Text(t), None) => t.clone(),
    };
    let scaling = match amount {
        AmountFile::Scalar(s) => return scalar(s),
        AmountFile::Scaling(scaling) => scaling,
    };
    let mut parts: Vec<String> = Vec::new();
    if let Some(base) = &scaling.base {
        parts.push(scalar(base));
    }
    if let Some(dice) = &scaling.dice {
        parts.push(dice_step(dice, unit));
    }
    if let Some(flat) = &scaling.flat {
        parts.push(flat_step(flat, unit));
    }
    let mut out = match parts.len() {
        0 => scalar(&ScalarFile::Integer(0)),
        _ => parts.join(" + "),
    };
    if let Some(min) = scaling.min {
        out.push_str(&format!(" (min {min})"));
    }
    out.replace("+ -", "− ")
}

/// `/level` or `/3 levels`, then ` beyond 1` when counted from a level above 0.
fn per_levels(per: Option<i64>, from: Option<i64>) -> String {
    let mut out = match per.unwrap_or(1) {
        1 => "/level".to_string(),
        n => format!("/{n} levels"),
    };
    if let Some(from) = from.filter(|&f| f > 0) {
        out.push_str(&format!(" beyond {from}"));
    }
    out
}

/// `1d6/level (max 10d6)`; with a unit, `1d6 rounds/level`.
fn dice_step(step: &DiceStepFile, unit: Option<Unit>) -> String {
    let die = step.die.trim_start_matches(['1']);
    let unit = unit.map(|u| format!(" {}", u.many)).unwrap_or_default();
    let mut out = format!("1{die}{unit}{}", per_levels(step.per, step.from));
    if let Some(max) = step.max {
        out.push_str(&format!(" (max {max}{die})"));
    }
    out
}

/// `1/level (max 5)`; with a unit, `1 round/3 levels (max 6)`.
fn flat_step(step: &FlatStepFile, unit: Option<Unit>) -> String {
    let unit = unit
        .map(|u| format!(" {}", u.of(step.amount)))
        .unwrap_or_default();
    let mut out = format!("{}{unit}{}", step.amount, per_levels(step.per, step.from));
    if let Some(max) = step.max {
        out.push_str(&format!(" (max {max})"));
    }
    out
}

/// `instantaneous`, `concentration`, `1 round/level`, `1d4 rounds`, `10 minutes/level`.
pub fn duration(duration: &DurationFile) -> String {
    match duration {
        DurationFile::Keyword(word) => word.clone(),
        DurationFile::Timed(timed) => {
            let units = [
                (&timed.rounds, ROUND),
                (&timed.minutes, MINUTE),
                (&timed.hours, HOUR),
                (&timed.days, DAY),
            ];
            units
                .iter()
                .find_map(|(a, unit)| a.as_ref().map(|a| amount(a, Some(*unit))))
                .unwrap_or_default()
        }
    }
}

/// `long`, `touch`, `30 ft`.
pub fn range(range: &RangeFile) -> String {
    match range {
        RangeFile::Keyword(word) => word.clone(),
        RangeFile::Fixed(f) => format!("{} ft", f.feet),
    }
}

/// `you`, `1 creature`, `1 creature/level (living)`, `1 creature (humanoid, max 4 HD)`.
pub fn target(target: &TargetFile) -> String {
    let who = match (target.kind.as_str(), &target.count) {
        ("self", _) => "you".to_string(),
        (_, Some(count)) => amount(count, Some(CREATURE)),
        (_, None) => "1 creature".to_string(),
    };
    with_filter(who, target.filter.as_ref(), None)
}

/// `20-ft spread (point)`, `40-ft burst (caster; allies)`, `10-ft burst (point; living; 4 HD)`.
pub fn area(area: &AreaFile) -> String {
    let mut out = format!(
        "{}-ft {}",
        area.size_ft.unwrap_or_default(),
        area.shape.replace('_', " ")
    );
    let mut notes: Vec<String> = Vec::new();
    notes.extend(area.origin.clone());
    notes.extend(area.affects.clone().filter(|a| a != "all"));
    let pool = area.hd_pool.as_ref().map(|p| amount(p, Some(HIT_DIE)));
    out = with_filter(out, area.filter.as_ref(), Some((notes, pool)));
    out
}

/// `what` followed by its notes and filter in parentheses, `;`-separated.
fn with_filter(
    what: String,
    filter: Option<&FilterFile>,
    extra: Option<(Vec<String>, Option<String>)>,
) -> String {
    let (mut notes, pool) = extra.unwrap_or_default();
    if let Some(f) = filter {
        notes.extend(filter_words(f));
    }
    notes.extend(pool);
    if notes.is_empty() {
        what
    } else {
        format!("{what} ({})", notes.join("; "))
    }
}

/// The filter's conditions: `living`, `humanoid`, `max 4 HD`, `dying`, `stable and dying`,
/// `willing`.
fn filter_words(f: &FilterFile) -> Vec<String> {
    let mut out = Vec::new();
    if f.living == Some(true) {
        out.push("living".to_string());
    }
    if !f.creature_types.is_empty() {
        out.push(f.creature_types.join(" or ").replace('_', " "));
    }
    if let Some(hd) = f.max_hd {
        out.push(format!("max {hd} HD"));
    }
    if f.dying == Some(true) {
        out.push("dying".to_string());
    }
    if f.stable_dying == Some(true) {
        out.push("stable and dying".to_string());
    }
    if f.willing == Some(true) {
        out.push("willing".to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use pf1e_engine::de::from_json;
    use pf1e_engine::spell::SpellFile;

    use super::*;

    fn amount_of(json: &str, unit: Option<Unit>) -> String {
        let a: AmountFile = serde_json::from_str(json).unwrap();
        amount(&a, unit)
    }

    #[test]
    fn amounts_read_as_the_srd_writes_them() {
        assert_eq!(amount_of("4", None), "4");
        assert_eq!(amount_of(r#""1d4""#, Some(ROUND)), "1d4 rounds");
        assert_eq!(amount_of("1", Some(MINUTE)), "1 minute");
        assert_eq!(
            amount_of(r#"{"dice": {"die": "d6", "per": 1, "max": 10}}"#, None),
            "1d6/level (max 10d6)"
        );
        assert_eq!(
            amount_of(
                r#"{"base": "1d8", "flat": {"amount": 1, "per": 1, "max": 5}}"#,
                None
            ),
            "1d8 + 1/level (max 5)"
        );
        assert_eq!(
            amount_of(
                r#"{"base": 1, "flat": {"amount": 1, "per": 2, "from": 1, "max": 4}}"#,
                None
            ),
            "1 + 1/2 levels beyond 1 (max 4)"
        );
        assert_eq!(
            amount_of(
                r#"{"base": 1, "flat": {"amount": 1, "per": 3, "max": 6}}"#,
                Some(ROUND)
            ),
            "1 round + 1 round/3 levels (max 6)"
        );
        assert_eq!(
            amount_of(r#"{"flat": {"amount": 10, "per": 1}}"#, Some(MINUTE)),
            "10 minutes/level"
        );
        assert_eq!(
            amount_of(r#"{"base": -1, "flat": {"amount": -1, "per": 2}}"#, None),
            "-1 − 1/2 levels"
        );
        assert_eq!(
            amount_of(r#"{"base": "1d4", "min": 1}"#, None),
            "1d4 (min 1)"
        );
    }

    #[test]
    fn the_parts_of_a_spell_file_read_plainly() {
        let text = include_str!("../../../data/spells/sleep.json");
        let sleep: SpellFile = from_json("sleep.json", text).unwrap();
        assert_eq!(duration(&sleep.duration), "1 minute/level");
        assert_eq!(range(&sleep.range), "medium");
        assert_eq!(
            area(sleep.area.as_ref().unwrap()),
            "10-ft burst (point; living; 4 HD)"
        );
        let text = include_str!("../../../data/spells/hold_person.json");
        let hold: SpellFile = from_json("hold_person.json", text).unwrap();
        assert_eq!(
            target(hold.target.as_ref().unwrap()),
            "1 creature (humanoid)"
        );
    }
}
