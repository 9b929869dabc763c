//! The report's warnings, « Attention : … » lines in French, from (header, merged [`Tally`]):
//! when a report's numbers say less than they seem to. Three cases:
//!
//! - at least [`CAP_SHARE`] of the fights reach the round cap: the win rates then measure the
//!   cap more than the fight; the likely cause is named when the tally shows it (no damage
//!   dealt at all: the sides never reach each other; one side never deals damage);
//! - a side's 3σ band is wider than [`WIDE_BAND`]: too few fights to conclude, with the
//!   `--runs` that would narrow it to ±[`TARGET_HALF_WIDTH`];
//! - a combatant never chose an action in any fight (`turns` = 0).
//!
//! Pure and deterministic: the same tally gives the same lines, in this order (cap, bands in
//! side order, combatants in unit order). Owns the thresholds and the words; computes its
//! figures through [`Figures`].

use pf1e_engine::tally::Tally;

use crate::figures::Figures;
use crate::header::ReportHeader;
use crate::numbers::{pct, plural};

/// Share of fights at the round cap from which the report warns (10 %), as a fraction
/// `CAP_SHARE.0 / CAP_SHARE.1` compared in integers.
pub const CAP_SHARE: (u64, u64) = (1, 10);
/// A band wider than this (high − low, 20 points) is too wide to conclude.
pub const WIDE_BAND: f64 = 0.20;
/// The half-width (3σ) the suggested `--runs` gives at the observed rate: 5 points.
pub const TARGET_HALF_WIDTH: f64 = 0.05;

/// Every warning of the report, each a full line without its newline.
pub fn warnings(header: &ReportHeader, tally: &Tally, figures: &Figures) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(line) = cap_warning(header, tally) {
        out.push(line);
    }
    for (side, f) in header.sides.iter().zip(&figures.sides) {
        let Some(band) = f.band else { continue };
        if band.high - band.low > WIDE_BAND {
            out.push(format!(
                "Attention : la bande 3σ de {} ([{}, {}]) est trop large pour conclure ; relancer avec --runs {}",
                side.name,
                pct(Some(band.low)),
                pct(Some(band.high)),
                runs_for(band.rate)
            ));
        }
    }
    if tally.fights > 0 {
        for (unit, u) in header.units.iter().zip(&tally.units) {
            if u.turns == 0 {
                out.push(format!(
                    "Attention : {} n'agit jamais (aucun tour joué en {})",
                    unit.id,
                    plural(tally.fights, "combat", "combats")
                ));
            }
        }
    }
    out
}

/// The cap warning, when at least [`CAP_SHARE`] of the fights are draws at the cap.
fn cap_warning(header: &ReportHeader, tally: &Tally) -> Option<String> {
    let (num, den) = CAP_SHARE;
    let capped = tally.capped;
    if capped == 0
        || u128::from(capped) * u128::from(den) < u128::from(tally.fights) * u128::from(num)
    {
        return None;
    }
    let share = pct(Some(capped as f64 / tally.fights as f64));
    let mut line = format!(
        "Attention : {share} des combats ({capped}) atteignent le plafond de {} : les taux de victoire mesurent surtout le plafond",
        plural(u64::from(header.round_cap), "round", "rounds")
    );
    if let Some(cause) = likely_cause(header, tally) {
        line.push_str(" ; cause probable : ");
        line.push_str(&cause);
    }
    Some(line)
}

/// What the tally says about why fights do not end: nobody deals damage (the sides never
/// reach each other), or one side never does.
fn likely_cause(header: &ReportHeader, tally: &Tally) -> Option<String> {
    let dealt = |side: &str| -> u64 {
        (header.units.iter().zip(&tally.units))
            .filter(|(h, _)| h.side == side)
            .map(|(_, u)| u.damage_dealt)
            .sum()
    };
    let harmless: Vec<&str> = header
        .sides
        .iter()
        .map(|s| s.name.as_str())
        .filter(|s| dealt(s) == 0)
        .collect();
    match harmless.len() {
        0 => None,
        n if n == header.sides.len() => Some(
            "aucun camp n'inflige de dégâts (les camps ne s'atteignent jamais ou n'attaquent pas)"
                .to_string(),
        ),
        _ => Some(format!(
            "{} n'inflige jamais de dégâts (n'atteint pas l'autre camp ou n'attaque pas)",
            harmless.join(", ")
        )),
    }
}

/// Fights for a 3σ half-width of [`TARGET_HALF_WIDTH`] at `rate` (n = 9 p (1 − p) / w²),
/// rounded up to a thousand; p (1 − p) is taken at least 0.01 so a rate near 0 or 1 still asks
/// for enough fights.
fn runs_for(rate: f64) -> u64 {
    let spread = (rate * (1.0 - rate)).max(0.01);
    let n = (9.0 * spread / (TARGET_HALF_WIDTH * TARGET_HALF_WIDTH)).ceil() as u64;
    n.div_ceil(1000).max(1) * 1000
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::fixtures::header;

    fn tally(wins: [u64; 2], capped: u64) -> Tally {
        let mut t = Tally::empty(2, 4);
        for (side, &w) in wins.iter().enumerate() {
            for run in 0..w {
                t.add_plain_fight(run, Some(side), 3);
            }
        }
        for run in 0..capped {
            t.add_plain_fight(run, None, 100);
        }
        t.capped = capped;
        for u in &mut t.units {
            u.turns = 1;
            u.damage_dealt = 1;
        }
        t
    }

    fn lines(t: &Tally) -> Vec<String> {
        warnings(&header(), t, &Figures::compute(&header(), t).unwrap())
    }

    #[test]
    fn a_tenth_of_fights_at_the_cap_is_a_warning_and_less_is_not() {
        assert_eq!(lines(&tally([800, 101], 99)), Vec::<String>::new());
        let got = lines(&tally([800, 100], 100));
        assert_eq!(
            got,
            [
                "Attention : 10.0% des combats (100) atteignent le plafond de 100 rounds : les taux de victoire mesurent surtout le plafond"
            ]
        );
    }

    #[test]
    fn the_cap_warning_names_the_side_that_never_deals_damage() {
        let mut t = tally([500, 0], 500);
        t.units[3].damage_dealt = 0; // monsters: the header's one combatant of side 2
        let got = lines(&t);
        assert!(
            got[0].ends_with("; cause probable : monsters n'inflige jamais de dégâts (n'atteint pas l'autre camp ou n'attaque pas)"),
            "{got:?}"
        );
        for u in &mut t.units {
            u.damage_dealt = 0;
        }
        assert!(lines(&t)[0].contains("aucun camp n'inflige de dégâts"));
    }

    #[test]
    fn a_wide_band_suggests_more_runs() {
        // 10 of 20: band [16.5 %, 83.5 %]; ±5 points at 50 % needs 900 fights → 1000.
        let got = lines(&tally([10, 10], 0));
        assert_eq!(got.len(), 2, "{got:?}");
        assert_eq!(
            got[0],
            "Attention : la bande 3σ de players ([16.5%, 83.5%]) est trop large pour conclure ; relancer avec --runs 1000"
        );
        assert_eq!(runs_for(0.5), 1000);
        assert_eq!(runs_for(0.0), 1000);
        assert_eq!(lines(&tally([500, 500], 0)), Vec::<String>::new());
    }

    #[test]
    fn a_combatant_that_never_acts_is_named() {
        let mut t = tally([600, 400], 0);
        t.units[2].turns = 0;
        assert_eq!(
            lines(&t),
            ["Attention : élémentaire n'agit jamais (aucun tour joué en 1000 combats)"]
        );
        assert_eq!(lines(&Tally::empty(2, 4)), Vec::<String>::new());
    }
}
