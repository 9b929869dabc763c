//! TEST-ONLY fault injection for the end-to-end tests of distributed runs (tests/distributed):
//! a worker that is slow, stalls, lies about its tally, panics on one run, or claims another
//! protocol or rules build. Read once at start from the `PF1E_SIM_TEST_FAULTS` environment
//! variable, a comma-separated list:
//!
//! | entry            | effect                                                             |
//! |------------------|--------------------------------------------------------------------|
//! | `delay-ms=N`     | sleeps N ms before playing each shard (a slow machine)             |
//! | `stall`          | never answers RunShard (until the caller gives up)                 |
//! | `tamper`         | adds 1 to the first unit's damage dealt (a mismatched worker)      |
//! | `forge=wins`     | claims 1000 wins per fight for the first side (wins > fights)      |
//! | `forge=rounds`   | claims one round more per fight than the round cap allows          |
//! | `panic-run=N`    | the shard holding run N panics (a poison shard)                    |
//! | `protocol=N`     | reports and accepts protocol version N                             |
//! | `rules-hash=S`   | reports rules hash S                                               |
//!
//! Unset in production: the worker then behaves normally. An unknown entry stops the worker at
//! start, so a typo in a test can't silently test nothing.

use std::time::Duration;

use anyhow::bail;

/// The environment variable read by [`Faults::from_env`].
pub const FAULTS_ENV: &str = "PF1E_SIM_TEST_FAULTS";

/// An impossible tally a hostile worker may answer (the coordinator must refuse it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Forge {
    /// More wins than fights.
    Wins,
    /// More rounds than the round cap allows.
    Rounds,
}

/// Injected faults; the default injects none.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Faults {
    pub delay: Option<Duration>,
    pub stall: bool,
    pub tamper: bool,
    pub forge: Option<Forge>,
    pub panic_run: Option<u64>,
    pub protocol: Option<u32>,
    pub rules_hash: Option<String>,
}

impl Faults {
    /// The faults named by `PF1E_SIM_TEST_FAULTS`, or none when it is unset or empty.
    pub fn from_env() -> anyhow::Result<Faults> {
        match std::env::var(FAULTS_ENV) {
            Ok(text) => Faults::parse(&text),
            Err(_) => Ok(Faults::default()),
        }
    }

    pub fn parse(text: &str) -> anyhow::Result<Faults> {
        let mut faults = Faults::default();
        for entry in text.split(',').map(str::trim).filter(|e| !e.is_empty()) {
            let (key, value) = match entry.split_once('=') {
                Some((k, v)) => (k.trim(), Some(v.trim())),
                None => (entry, None),
            };
            let number = |v: Option<&str>| -> anyhow::Result<u64> {
                match v.map(str::parse::<u64>) {
                    Some(Ok(n)) => Ok(n),
                    _ => bail!("{FAULTS_ENV}: `{entry}` needs a whole number"),
                }
            };
            match key {
                "delay-ms" => faults.delay = Some(Duration::from_millis(number(value)?)),
                "stall" => faults.stall = true,
                "tamper" => faults.tamper = true,
                "forge" => {
                    faults.forge = Some(match value {
                        Some("wins") => Forge::Wins,
                        Some("rounds") => Forge::Rounds,
                        _ => bail!("{FAULTS_ENV}: `{entry}` needs `wins` or `rounds`"),
                    });
                }
                "panic-run" => faults.panic_run = Some(number(value)?),
                "protocol" => {
                    faults.protocol = Some(u32::try_from(number(value)?)?);
                }
                "rules-hash" => match value {
                    Some(v) if !v.is_empty() => faults.rules_hash = Some(v.to_string()),
                    _ => bail!("{FAULTS_ENV}: `{entry}` needs a value"),
                },
                _ => bail!("{FAULTS_ENV}: unknown fault `{entry}`"),
            }
        }
        Ok(faults)
    }

    /// Whether any fault is injected (the worker says so loudly at start).
    pub fn any(&self) -> bool {
        *self != Faults::default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn faults_parse_and_typos_are_refused() {
        let f = Faults::parse("delay-ms=50, tamper,panic-run=7,protocol=9,rules-hash=x").unwrap();
        assert_eq!(f.delay, Some(Duration::from_millis(50)));
        assert!(f.tamper && !f.stall && f.any());
        assert_eq!((f.panic_run, f.protocol), (Some(7), Some(9)));
        assert_eq!(f.rules_hash.as_deref(), Some("x"));
        assert!(!Faults::parse("").unwrap().any());
        assert!(Faults::parse("stal").is_err());
        assert_eq!(
            Faults::parse("forge=wins").unwrap().forge,
            Some(Forge::Wins)
        );
        assert!(Faults::parse("forge=draws").is_err());
        assert!(Faults::parse("delay-ms=soon").is_err());
    }
}
