//! The report's number words, shared by every French renderer: one decimal (`{:.1}`, no
//! locale), percentages, « — » when undefined, and the French singular for 0 and 1.

/// `n singular` for 0 and 1 (the French rule), `n plural` otherwise.
pub(crate) fn plural(n: u64, singular: &str, plural: &str) -> String {
    format!("{n} {}", if n < 2 { singular } else { plural })
}

/// One decimal, or « — » when undefined.
pub(crate) fn decimal(value: Option<f64>) -> String {
    value.map_or_else(|| "—".to_string(), |v| format!("{v:.1}"))
}

/// A proportion as a percentage with one decimal (`0.962` → `96.2%`), or « — ».
pub(crate) fn pct(rate: Option<f64>) -> String {
    rate.map_or_else(|| "—".to_string(), |r| format!("{:.1}%", r * 100.0))
}
