//! The balance report as JSON (`pf1e-sim run --format json`): the text report's numbers at
//! full precision (rates as fractions in [0, 1], means per fight; `null` when there was no
//! fight) plus the raw integer [`Tally`] (the engine's own serde form), so a later `merge` can
//! add reports back together. Keys come out in the declared order of these structs (serde
//! derive, no maps), pretty-printed and newline-terminated: equal tallies give equal bytes.
//!
//! `mean_healing_done` and the tally's `healing_done` are always 0: nothing writes that counter
//! until healing exists (the key is kept so the shape does not change when it does).

use pf1e_engine::fight::TranscriptLine;
use pf1e_engine::tally::Tally;
use serde::{Deserialize, Serialize};

use crate::difficulty::{Difficulty, Encounter};
use crate::figures::Figures;
use crate::header::{ReportHeader, ShapeMismatch, SideHeader, UnitHeader};
use crate::synthesis::synthesis;
use crate::target_band::{TargetBand, stop_line};
use crate::warnings::warnings;

/// Version of this JSON shape; bumped when a key changes meaning or disappears.
pub const FORMAT_VERSION: u32 = 1;

/// The whole JSON document.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JsonReport {
    pub format_version: u32,
    pub map: String,
    pub runs: u64,
    pub seed: u64,
    pub round_cap: u32,
    pub fights: u64,
    /// Where a `--target-band` job stopped and why; absent for a job of `runs` fights.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stop: Option<JsonStop>,
    pub sides: Vec<JsonSide>,
    pub draws: u64,
    pub draw_rate: Option<f64>,
    pub mean_rounds: Option<f64>,
    pub units: Vec<JsonUnit>,
    /// What the CRB difficulty estimate is made of (the party, the foes' CRs), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub encounter: Option<Encounter>,
    /// The CRB difficulty estimate (APL, XP, CR, label), when known.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<Difficulty>,
    /// The text report's « Attention : … » lines (`warnings`); absent when there is none.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub warnings: Vec<String>,
    /// The text report's « Synthèse » sentences; absent without fights.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub synthesis: Vec<String>,
    /// The merged tally itself, as the engine's [`Tally`] serializes.
    pub tally: Tally,
    /// The first fight's log, only when asked for (`--transcript`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcript: Option<Vec<JsonTranscriptLine>>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JsonSide {
    pub name: String,
    pub combatants: usize,
    pub wins: u64,
    pub win_rate: Option<f64>,
    pub band_3sigma: Option<JsonBand>,
}

/// The closed-form 3σ band of a win rate, bounded to [0, 1].
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct JsonBand {
    pub sigma: f64,
    pub low: f64,
    pub high: f64,
}

/// A combatant's attrition: means per fight, and shares of fights downed and killed.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JsonUnit {
    pub id: String,
    pub side: String,
    pub mean_hits: Option<f64>,
    pub mean_crits: Option<f64>,
    pub mean_damage_dealt: Option<f64>,
    pub mean_damage_taken: Option<f64>,
    pub mean_healing_done: Option<f64>,
    pub downed_rate: Option<f64>,
    pub killed_rate: Option<f64>,
}

/// Where a precision-driven job stopped: after `fights` of at most `runs` fights, with every
/// side's 3σ half-width within `target_points` (`met`) or not (the maximum was reached).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct JsonStop {
    pub target_points: f64,
    /// The same target, exactly, in ten-thousandths of a point.
    pub target_ten_thousandths: TargetBand,
    pub met: bool,
    /// The report's sentence (`target_band::stop_line`).
    pub line: String,
}

/// One transcript line; `round` and `actor` are `null` for lines about the whole fight.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct JsonTranscriptLine {
    pub round: Option<u32>,
    pub actor: Option<String>,
    pub message: String,
}

impl JsonReport {
    /// The report of `tally` under `header`, with the first fight's log when given.
    pub fn new(
        header: &ReportHeader,
        tally: &Tally,
        transcript: Option<&[TranscriptLine]>,
    ) -> Result<JsonReport, ShapeMismatch> {
        let f = Figures::compute(header, tally)?;
        let sides = header
            .sides
            .iter()
            .zip(&f.sides)
            .map(|(side, s)| JsonSide {
                name: side.name.clone(),
                combatants: side.combatants,
                wins: s.wins,
                win_rate: s.rate,
                band_3sigma: s.band.map(|b| JsonBand {
                    sigma: b.sigma,
                    low: b.low,
                    high: b.high,
                }),
            })
            .collect();
        let units = header
            .units
            .iter()
            .zip(&f.units)
            .map(|(unit, u)| JsonUnit {
                id: unit.id.clone(),
                side: unit.side.clone(),
                mean_hits: u.hits,
                mean_crits: u.crits,
                mean_damage_dealt: u.damage_dealt,
                mean_damage_taken: u.damage_taken,
                mean_healing_done: u.healing_done,
                downed_rate: u.downed_rate,
                killed_rate: u.killed_rate,
            })
            .collect();
        let transcript = transcript.map(|lines| {
            lines
                .iter()
                .map(|l| JsonTranscriptLine {
                    round: l.round,
                    actor: l.actor.clone(),
                    message: l.message.clone(),
                })
                .collect()
        });
        Ok(JsonReport {
            format_version: FORMAT_VERSION,
            map: header.map.clone(),
            runs: header.runs,
            seed: header.seed,
            round_cap: header.round_cap,
            fights: f.fights,
            stop: header.target_band.map(|target| JsonStop {
                target_points: target.points(),
                target_ten_thousandths: target,
                met: target.holds(tally),
                line: stop_line(target, &header.side_names(), tally),
            }),
            sides,
            draws: f.draws,
            draw_rate: f.draw_rate,
            mean_rounds: f.mean_rounds,
            units,
            encounter: header.encounter.clone(),
            difficulty: header.encounter.as_ref().map(Encounter::difficulty),
            warnings: warnings(header, tally, &f),
            synthesis: synthesis(header, tally, &f),
            tally: tally.clone(),
            transcript,
        })
    }

    /// The header this report was rendered under (to merge reports and render them again).
    pub fn header(&self) -> ReportHeader {
        ReportHeader {
            map: self.map.clone(),
            sides: self
                .sides
                .iter()
                .map(|s| SideHeader {
                    name: s.name.clone(),
                    combatants: s.combatants,
                })
                .collect(),
            units: self
                .units
                .iter()
                .map(|u| UnitHeader {
                    id: u.id.clone(),
                    side: u.side.clone(),
                })
                .collect(),
            runs: self.runs,
            seed: self.seed,
            round_cap: self.round_cap,
            encounter: self.encounter.clone(),
            target_band: self.stop.as_ref().map(|s| s.target_ten_thousandths),
        }
    }

    /// Reads a report back (serde_json keeps its 128-level nesting limit).
    pub fn parse(text: &str) -> Result<JsonReport, serde_json::Error> {
        serde_json::from_str(text)
    }

    /// Pretty-printed, newline-terminated.
    pub fn to_pretty(&self) -> String {
        let mut text = serde_json::to_string_pretty(self)
            .expect("structs of strings, integers and finite floats always serialize");
        text.push('\n');
        text
    }
}

/// The JSON report of `tally` under `header`, pretty-printed and newline-terminated.
pub fn render_json(
    header: &ReportHeader,
    tally: &Tally,
    transcript: Option<&[TranscriptLine]>,
) -> Result<String, ShapeMismatch> {
    Ok(JsonReport::new(header, tally, transcript)?.to_pretty())
}

#[cfg(test)]
#[path = "json_tests.rs"]
mod tests;
