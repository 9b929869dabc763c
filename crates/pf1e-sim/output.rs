//! What the binary writes besides logs: a report to stdout (a reader that went away is not a
//! failure), data errors to stderr (one `error:` line each, exit code 2), files written
//! through `out_file` (`--html`, `--cache`, `--tally-out`), and a sweep's matrix with its
//! optional page. Every command and the coordinator print through here.

use std::io::Write as _;
use std::path::Path;

use anyhow::Context as _;
use pf1e_engine::error::DataError;
use pf1e_engine::tally::Tally;
use pf1e_sweep::output::{SweepFormat, render_sweep};
use pf1e_sweep::sweep_job::SweepJob;
use pf1e_sweep::target_band::TargetBand;

use crate::exit_codes::{DATA_ERROR, SUCCESS};
use crate::out_file::write_output;
use crate::terminal::escape_controls;

/// Writes `text` to stdout; a reader that went away (`| head`) is not a failure. `what` names
/// it in the error (« the report »).
pub fn print(text: &str, what: &str) -> anyhow::Result<u8> {
    Stdout::default().write(text, what)?;
    Ok(SUCCESS)
}

/// stdout through a checked writer (README « Reliability »): a reader that went away (a closed
/// pipe, `| head -1`) silently drops this and every later write, and the command ends as it
/// would have (its exit code unchanged); any other error (`> /dev/full`) is returned, naming
/// what was written (exit 1). Never panics, unlike `println!`. Control characters are escaped
/// (`terminal`).
#[derive(Debug, Default)]
pub struct Stdout {
    closed: bool,
}

impl Stdout {
    /// Writes and flushes `text`.
    pub fn write(&mut self, text: &str, what: &str) -> anyhow::Result<()> {
        if self.closed {
            return Ok(());
        }
        let mut out = std::io::stdout().lock();
        let text = escape_controls(text);
        match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
            Ok(()) => Ok(()),
            Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => {
                self.closed = true;
                Ok(())
            }
            Err(e) => Err(e).with_context(|| format!("cannot write {what} to stdout")),
        }
    }
}

/// Prints every problem, one `error:` line each, and returns the data-error exit code.
pub fn report_data_errors(errors: &[DataError]) -> u8 {
    for e in errors {
        say!("error: {e}");
    }
    DATA_ERROR
}

/// Writes the page if `html` asks for it, then prints the matrix of `tallies` (one per cell, in
/// cell order) in `format`, each cell stopped at its own checkpoint with `target_band`. `sweep`, `merge` and `coordinator … sweep` all end here, so they
/// print the same bytes.
pub fn print_sweep(
    job: &SweepJob,
    tallies: Vec<Tally>,
    format: SweepFormat,
    html: Option<&Path>,
    target_band: Option<TargetBand>,
) -> anyhow::Result<u8> {
    let results = job.results(tallies, target_band);
    if let Some(out) = html {
        write_output(out, job.page(&results).as_bytes())
            .with_context(|| format!("cannot write the page {}", out.display()))?;
    }
    print(&render_sweep(format, &results), "the sweep")
}
