//! What a job prints, as pure functions of merged tallies: a `run`'s report (the first fight's
//! transcript when asked, then the French text; or the JSON), and a sweep's matrix (text, JSON
//! or CSV). `run`, `sweep`, `merge` and the coordinator all print through here, so they print
//! the same bytes for the same tallies.

use pf1e_engine::fight::TranscriptLine;
use pf1e_engine::tally::Tally;

use crate::header::{ReportHeader, ShapeMismatch};
use crate::json::render_json;
use crate::report::render_text;
use crate::sweep_report::{SweepResults, render_sweep_csv, render_sweep_json, render_sweep_text};
use crate::transcript::render_transcript;

/// How a `run` report is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RunFormat {
    /// The French text report, after the transcript when there is one.
    Text,
    /// The same numbers plus the raw tally (and the transcript's lines), as JSON.
    Json,
}

/// How a sweep's matrix is printed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SweepFormat {
    Text,
    Json,
    Csv,
}

/// What `run` prints for a merged tally: the transcript of the first fight if given, then the
/// report, in `format`.
pub fn render_run(
    format: RunFormat,
    header: &ReportHeader,
    tally: &Tally,
    first_fight: Option<&[TranscriptLine]>,
) -> Result<String, ShapeMismatch> {
    Ok(match format {
        RunFormat::Text => {
            let mut text = String::new();
            if let Some(lines) = first_fight {
                text.push_str(&render_transcript(lines));
                text.push('\n');
            }
            text.push_str(&render_text(header, tally)?);
            text
        }
        RunFormat::Json => render_json(header, tally, first_fight)?,
    })
}

/// What `sweep` prints for its merged cells, in `format`.
pub fn render_sweep(format: SweepFormat, results: &SweepResults) -> String {
    match format {
        SweepFormat::Text => render_sweep_text(results),
        SweepFormat::Json => render_sweep_json(results),
        SweepFormat::Csv => render_sweep_csv(results),
    }
}
