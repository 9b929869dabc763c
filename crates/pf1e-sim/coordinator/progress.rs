//! The coordinator's progress line on stderr (indicatif): runs done, runs per second, ETA and
//! workers alive. Hidden when stderr is not a terminal (pipes, CI, tests) and with `--quiet`;
//! it never writes to stdout, which carries only the report.

use std::io::{IsTerminal as _, Write};
use std::sync::Mutex;
use std::time::Duration;

use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

/// The bar on screen, if any, so log lines are printed above it instead of through it.
static SHOWN: Mutex<Option<ProgressBar>> = Mutex::new(None);

/// A log writer (for tracing-subscriber) that prints each event whole, above the bar.
pub struct LogWriter(Vec<u8>);

/// Makes a [`LogWriter`] per log event.
pub fn log_writer() -> LogWriter {
    LogWriter(Vec::new())
}

impl Write for LogWriter {
    fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
        self.0.extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Drop for LogWriter {
    fn drop(&mut self) {
        let shown = SHOWN.lock().unwrap_or_else(|p| p.into_inner()).clone();
        let write = || {
            let _ = std::io::stderr().lock().write_all(&self.0);
        };
        match shown {
            Some(bar) => bar.suspend(write),
            None => write(),
        }
    }
}

/// A progress bar over a job's runs, or nothing.
pub struct Progress {
    bar: ProgressBar,
}

impl Progress {
    /// A bar for `total` runs, `done` of which are already done (resumed from a journal).
    pub fn new(total: u64, done: u64, quiet: bool) -> Progress {
        let visible = !quiet && std::io::stderr().is_terminal();
        let target = if visible {
            ProgressDrawTarget::stderr_with_hz(4)
        } else {
            ProgressDrawTarget::hidden()
        };
        let bar = ProgressBar::with_draw_target(Some(total), target);
        let style = ProgressStyle::with_template(
            "{elapsed_precise} [{wide_bar}] {human_pos}/{human_len} runs, {rate}, ETA {eta} — {msg}",
        )
        .expect("a valid template")
        .with_key(
            "rate",
            |state: &indicatif::ProgressState, w: &mut dyn std::fmt::Write| {
                let _ = write!(w, "{:.0} runs/s", state.per_sec());
            },
        )
        .progress_chars("=> ");
        bar.set_style(style);
        bar.set_position(done);
        bar.reset_eta();
        if visible {
            bar.enable_steady_tick(Duration::from_millis(250));
            *SHOWN.lock().unwrap_or_else(|p| p.into_inner()) = Some(bar.clone());
        }
        Progress { bar }
    }

    /// `runs` more runs are merged.
    pub fn advance(&self, runs: u64) {
        self.bar.inc(runs);
    }

    /// The number of workers alive changed.
    pub fn workers(&self, alive: usize) {
        self.bar.set_message(format!(
            "{alive} worker{} alive",
            if alive == 1 { "" } else { "s" }
        ));
    }

    /// Says where the work goes now (e.g. « local fallback »).
    pub fn note(&self, message: &str) {
        self.bar.set_message(message.to_string());
    }

    /// Removes the bar before the report is printed.
    pub fn finish(&self) {
        SHOWN.lock().unwrap_or_else(|p| p.into_inner()).take();
        self.bar.finish_and_clear();
    }
}
