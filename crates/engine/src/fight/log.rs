//! Transcript sinks. Fights are generic over a [`Sink`]; with [`NoLog`] every `log!` call is
//! removed at compile time (`Sink::ON` is a constant), so a batch of fights formats no string. Owns
//! where lines go; never what they say.

use std::fmt;

use super::TranscriptLine;

pub trait Sink {
    /// False for sinks that drop everything: callers skip formatting entirely.
    const ON: bool;
    fn line(&mut self, round: Option<u32>, actor: Option<&str>, message: fmt::Arguments<'_>);
}

/// Drops every line (batches).
pub struct NoLog;

impl Sink for NoLog {
    const ON: bool = false;
    #[inline(always)]
    fn line(&mut self, _: Option<u32>, _: Option<&str>, _: fmt::Arguments<'_>) {}
}

/// Keeps every line (`--transcript`, tests).
#[derive(Default)]
pub struct Keep(pub Vec<TranscriptLine>);

impl Sink for Keep {
    const ON: bool = true;
    fn line(&mut self, round: Option<u32>, actor: Option<&str>, message: fmt::Arguments<'_>) {
        self.0.push(TranscriptLine {
            round,
            actor: actor.map(str::to_string),
            message: message.to_string(),
        });
    }
}

/// `log!(S, sink, round, actor, "format", args…)`: formats only when `S::ON`.
macro_rules! log {
    ($S:ty, $sink:expr, $round:expr, $actor:expr, $($arg:tt)*) => {
        if <$S as $crate::fight::log::Sink>::ON {
            $crate::fight::log::Sink::line($sink, $round, $actor, format_args!($($arg)*));
        }
    };
}
pub(crate) use log;
