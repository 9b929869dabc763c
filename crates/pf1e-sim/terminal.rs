//! What reaches a terminal (README « Reliability »): every line the binary prints to stdout or
//! stderr passes through [`escape_controls`], so a name, a field or a file excerpt holding
//! control characters (an ANSI escape, a carriage return, a bidirectional override) is shown
//! escaped (`\u{1b}`) instead of driving the terminal. Line breaks and tabs stay. [`say!`] is
//! `eprintln!` through it, which never panics (a full or closed stderr is ignored).

use std::borrow::Cow;
use std::fmt::Write as _;

/// `text` with every control character but `\n` and `\t` (and every bidirectional control)
/// written as `\u{…}`; borrowed when there is none.
pub fn escape_controls(text: &str) -> Cow<'_, str> {
    if !text.chars().any(needs_escape) {
        return Cow::Borrowed(text);
    }
    let mut out = String::with_capacity(text.len() + 8);
    for c in text.chars() {
        if needs_escape(c) {
            let _ = write!(out, "\\u{{{:x}}}", c as u32);
        } else {
            out.push(c);
        }
    }
    Cow::Owned(out)
}

fn needs_escape(c: char) -> bool {
    (c.is_control() && c != '\n' && c != '\t')
        || matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}')
}

/// Writes one line to stderr, escaped; errors writing it are ignored (there is nowhere left
/// to report them).
pub fn say_line(text: &str) {
    use std::io::Write as _;
    let mut err = std::io::stderr().lock();
    let _ = writeln!(err, "{}", escape_controls(text));
}

/// `eprintln!` through [`escape_controls`], never panicking.
macro_rules! say {
    ($($arg:tt)*) => {
        $crate::terminal::say_line(&format!($($arg)*))
    };
}

#[cfg(test)]
mod tests {
    use super::escape_controls;

    #[test]
    fn control_characters_are_escaped_and_line_breaks_kept() {
        assert_eq!(escape_controls("Orc\u{1b}[31m\r"), "Orc\\u{1b}[31m\\u{d}");
        assert_eq!(escape_controls("a\tb\nc"), "a\tb\nc");
        assert_eq!(
            escape_controls("x\u{202e}y\u{7f}\u{85}"),
            "x\\u{202e}y\\u{7f}\\u{85}"
        );
        assert!(matches!(
            escape_controls("Arène"),
            std::borrow::Cow::Borrowed(_)
        ));
    }
}
