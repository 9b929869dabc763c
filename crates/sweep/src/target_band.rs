//! Precision-driven jobs (`--target-band PCT`): `--runs` becomes a maximum and a job stops at
//! the first checkpoint, in seed order, where every side's 3σ half-width is within PCT
//! percentage points (the reference spec « Interpréter le rapport »: σ = √(p(1−p)/n)).
//!
//! # Stability
//! The checkpoints are the ends of shards of [`BAND_STEP`] runs — a constant, never the thread
//! count, the worker count or `--shard-runs` — and the rule reads the tally of runs `0..k·STEP`
//! merged in seed order ([`SeedOrder`]), so the stopping point, and every byte of the report,
//! is the same however the shards are played. Shards past the stopping point may have been
//! played speculatively: they are dropped, never merged.
//!
//! The rule is decided in exact integer arithmetic ([`TargetBand::within`]); floats appear only
//! in the sentence a report prints ([`stop_line`]).

use std::collections::BTreeMap;
use std::fmt;
use std::str::FromStr;

use pf1e_engine::tally::{Tally, TallyError};
use serde::{Deserialize, Serialize};

/// Runs between two checkpoints of a precision-driven job: its shard size everywhere (local
/// threads, sweeps, workers), so the stopping point is a function of the job alone.
pub const BAND_STEP: u64 = 1000;

/// Ten-thousandths of a percentage point per point: `--target-band` takes up to 4 decimals.
const SCALE: u64 = 10_000;
/// The widest target accepted, in points (a 3σ half-width never exceeds 150 points).
const MAX_POINTS: u64 = 100;

/// A target 3σ half-width in percentage points, held exactly as ten-thousandths of a point.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TargetBand(u32);

impl TargetBand {
    /// The target in ten-thousandths of a percentage point.
    pub fn ten_thousandths(self) -> u32 {
        self.0
    }

    /// The target in percentage points (for rendering only).
    pub fn points(self) -> f64 {
        f64::from(self.0) / SCALE as f64
    }

    /// Whether `wins` of `fights` has a 3σ half-width within the target: with t the target in
    /// ten-thousandths of a point, 300·√(w(n−w))/n^1.5 ≤ t/10⁴ ⟺ 9·10¹²·w(n−w) ≤ t²·n³, both
    /// sides computed exactly in 256 bits. No fight: never within.
    pub fn within(self, wins: u64, fights: u64) -> bool {
        if fights == 0 || wins > fights {
            return false;
        }
        let (w, n, t) = (u128::from(wins), u128::from(fights), u128::from(self.0));
        let lhs = mul_wide(9_000_000_000_000, w * (n - w));
        let rhs = mul_wide(t * t * n, n * n);
        lhs <= rhs
    }

    /// « point » or « points » after the target (the French plural from 2 on).
    pub fn unit(self) -> &'static str {
        point_word(self.points())
    }

    /// Whether every side of `tally` is within the target.
    pub fn holds(self, tally: &Tally) -> bool {
        tally.wins.iter().all(|&w| self.within(w, tally.fights))
    }
}

/// « point » below 2, « points » from 2 on (the French rule).
fn point_word(points: f64) -> &'static str {
    if points >= 2.0 { "points" } else { "point" }
}

/// `a × b` as (high, low) 128-bit halves: compared as a tuple, it orders like the product.
fn mul_wide(a: u128, b: u128) -> (u128, u128) {
    const LOW: u128 = u64::MAX as u128;
    let (a1, a0) = (a >> 64, a & LOW);
    let (b1, b0) = (b >> 64, b & LOW);
    let (p00, p01, p10, p11) = (a0 * b0, a0 * b1, a1 * b0, a1 * b1);
    let mid = (p00 >> 64) + (p01 & LOW) + (p10 & LOW);
    let low = (p00 & LOW) | (mid << 64);
    let high = p11 + (p01 >> 64) + (p10 >> 64) + (mid >> 64);
    (high, low)
}

/// Why a `--target-band` value is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error(
    "expected a half-width in percentage points above 0 and at most {MAX_POINTS}, with at most 4 decimals (e.g. 0.5), got `{0}`"
)]
pub struct TargetBandError(String);

impl FromStr for TargetBand {
    type Err = TargetBandError;

    /// `0.5`, `1`, `0.25`: a decimal number of points, 0 < PCT ≤ 100, at most 4 decimals.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || TargetBandError(text.to_string());
        let (whole, fraction) = text.trim().split_once('.').unwrap_or((text.trim(), ""));
        let digits = |s: &str| s.bytes().all(|b| b.is_ascii_digit());
        if whole.is_empty() && fraction.is_empty()
            || !digits(whole)
            || !digits(fraction)
            || fraction.len() > 4
            || whole.len() > 3
        {
            return Err(bad());
        }
        let whole: u64 = if whole.is_empty() {
            0
        } else {
            whole.parse().map_err(|_| bad())?
        };
        let fraction: u64 = format!("{fraction:0<4}").parse().map_err(|_| bad())?;
        let value = whole * SCALE + fraction;
        if value == 0 || value > MAX_POINTS * SCALE {
            return Err(bad());
        }
        u32::try_from(value).map(TargetBand).map_err(|_| bad())
    }
}

impl fmt::Display for TargetBand {
    /// The shortest exact decimal: 5000 → `0.5`, 10000 → `1`, 2500 → `0.25`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (whole, fraction) = (u64::from(self.0) / SCALE, u64::from(self.0) % SCALE);
        if fraction == 0 {
            return write!(f, "{whole}");
        }
        let digits = format!("{fraction:04}");
        write!(f, "{whole}.{}", digits.trim_end_matches('0'))
    }
}

/// Merges a job's shard tallies in seed order, whatever order they arrive in, and says when the
/// job is complete: every shard merged, or — with a target — the first checkpoint where the
/// merged prefix holds it. Shards after that point are ignored.
#[derive(Clone, Debug)]
pub struct SeedOrder {
    target: Option<TargetBand>,
    shards: u64,
    next: u64,
    total: Tally,
    early: BTreeMap<u64, Tally>,
    done: bool,
}

impl SeedOrder {
    /// A job of `shards` shards (indices `0..shards` in seed order) starting from `empty`.
    pub fn new(target: Option<TargetBand>, shards: u64, empty: Tally) -> Self {
        SeedOrder {
            target,
            shards,
            next: 0,
            total: empty,
            early: BTreeMap::new(),
            done: shards == 0,
        }
    }

    /// Takes shard `index`'s tally (each shard once); returns whether the job is complete.
    pub fn add(&mut self, index: u64, tally: &Tally) -> Result<bool, TallyError> {
        if self.done || index < self.next || index >= self.shards {
            return Ok(self.done);
        }
        self.early.insert(index, tally.clone());
        while let Some(shard) = self.early.remove(&self.next) {
            self.total.merge(&shard)?;
            self.next += 1;
            if self.next == self.shards || self.target.is_some_and(|t| t.holds(&self.total)) {
                self.done = true;
                self.early.clear();
                break;
            }
        }
        Ok(self.done)
    }

    /// Whether the job is complete.
    pub fn finished(&self) -> bool {
        self.done
    }

    /// The tally of the shards merged in seed order so far.
    pub fn total(&self) -> &Tally {
        &self.total
    }

    /// The merged tally.
    pub fn into_total(self) -> Tally {
        self.total
    }
}

/// Groups thousands with a space, as the stop line prints them: 12000 → `12 000`.
fn grouped(n: u64) -> String {
    let digits = n.to_string();
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(' ');
        }
        out.push(c);
    }
    out
}

/// The report's line saying where a precision-driven job stopped and why: « Arrêt à 12 000
/// combats : bande 3σ ≤ ±0.5 point pour chaque camp », or, when `--runs` was reached first,
/// « Arrêt au maximum de 100 000 combats (--runs) : bande 3σ de ±0.7 point pour players, au-delà
/// de ±0.5 » (the widest side).
pub fn stop_line(target: TargetBand, sides: &[String], tally: &Tally) -> String {
    let n = tally.fights;
    let fights = grouped(n);
    if target.holds(tally) {
        return format!(
            "Arrêt à {fights} combats : bande 3σ ≤ ±{target} {} pour chaque camp",
            target.unit()
        );
    }
    let half_width =
        |w: u64| crate::band::three_sigma(w, n).map_or(f64::INFINITY, |b| 300.0 * b.sigma);
    let widest = tally
        .wins
        .iter()
        .zip(sides)
        .filter(|&(&w, _)| !target.within(w, n))
        .map(|(&w, side)| (half_width(w), side))
        .fold(None::<(f64, &String)>, |acc, (h, s)| match acc {
            Some((best, _)) if best >= h => acc,
            _ => Some((h, s)),
        });
    match widest {
        Some((h, side)) if h.is_finite() => format!(
            "Arrêt au maximum de {fights} combats (--runs) : bande 3σ de ±{h:.2} {} pour {side}, au-delà de ±{target}",
            point_word(h)
        ),
        _ => {
            format!("Arrêt au maximum de {fights} combats (--runs) : bande 3σ au-delà de ±{target}")
        }
    }
}

#[cfg(test)]
#[path = "target_band_tests.rs"]
mod tests;
