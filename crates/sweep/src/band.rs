//! Win-rate bands in closed form (the reference spec « Interpréter le rapport »): p = wins / n,
//! σ = √(p(1−p)/n), band [p − 3σ, p + 3σ] bounded to [0, 1]. Inputs are integer counts from a
//! merged tally; floats appear only here, at rendering time.

/// A proportion with its 3σ band, all in [0, 1].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Band {
    pub rate: f64,
    pub sigma: f64,
    pub low: f64,
    pub high: f64,
}

/// The 3σ band of `hits` successes in `trials` trials; `None` when there was no trial.
pub fn three_sigma(hits: u64, trials: u64) -> Option<Band> {
    if trials == 0 || hits > trials {
        return None;
    }
    let n = trials as f64;
    let p = hits as f64 / n;
    let sigma = (p * (1.0 - p) / n).sqrt();
    Some(Band {
        rate: p,
        sigma,
        low: (p - 3.0 * sigma).max(0.0),
        high: (p + 3.0 * sigma).min(1.0),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn band_matches_the_closed_form() {
        // The reference spec's report: 962 wins of 1000 → 96.2 %, band [94.4 %, 98.0 %].
        let b = three_sigma(962, 1000).unwrap();
        assert!((b.rate - 0.962).abs() < 1e-12);
        assert!((b.sigma - (0.962f64 * 0.038 / 1000.0).sqrt()).abs() < 1e-12);
        assert_eq!(
            format!("{:.1} {:.1}", b.low * 100.0, b.high * 100.0),
            "94.4 98.0"
        );
        let b = three_sigma(36, 1000).unwrap();
        assert_eq!(
            format!("{:.1} {:.1}", b.low * 100.0, b.high * 100.0),
            "1.8 5.4"
        );
    }

    #[test]
    fn band_is_bounded_and_defined() {
        let all = three_sigma(10, 10).unwrap();
        assert_eq!((all.low, all.high, all.sigma), (1.0, 1.0, 0.0));
        let few = three_sigma(1, 3).unwrap();
        assert_eq!(few.low, 0.0);
        assert_eq!(three_sigma(0, 0), None);
        assert_eq!(three_sigma(4, 3), None);
    }
}
