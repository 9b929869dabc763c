//! The one bounded reader of every input file (README « Reliability »): maps, combatants,
//! spells, sweep and tactic files (`load`), slice files (`merge`), cache entries, the journal,
//! the token file and the TLS PEM files. At most `cap` bytes are kept: the reader asks for
//! `cap + 1` bytes whatever length the file reports, so `/dev/zero`, a FIFO or a /proc file
//! that reports length 0 fails fast instead of eating memory. A file over its cap is a data
//! error (exit 2) naming the file and the cap; [`InputError`] carries that code through
//! `anyhow` chains (`main` maps it to exit 2).

use std::fmt;
use std::io::{self, Read};
use std::path::Path;

/// Cap of data files (maps, combatants, spells, sweeps, tactics, slice files, cache entries,
/// PEM files): far above any real one (the largest in data/ is a few KiB).
pub const MAX_INPUT_BYTES: u64 = 16 * 1024 * 1024;

/// Cap of a journal: one line per shard (a few hundred bytes), so about a million shards.
pub const MAX_JOURNAL_BYTES: u64 = 256 * 1024 * 1024;

/// Why a file could not be read.
#[derive(Debug)]
pub enum ReadError {
    Io(io::Error),
    Folder,
    /// Longer than the cap (in bytes).
    TooLarge(u64),
}

impl fmt::Display for ReadError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Io(e) => match e.kind() {
                io::ErrorKind::NotFound => write!(f, "cannot read the file: no such file"),
                io::ErrorKind::PermissionDenied => {
                    write!(f, "cannot read the file: permission denied")
                }
                _ => write!(f, "cannot read the file: {e}"),
            },
            ReadError::Folder => write!(f, "is a directory, not a file"),
            ReadError::TooLarge(cap) => write!(f, "is larger than {}, the limit", size(*cap)),
        }
    }
}

/// `16 MiB`, `256 KiB`, `4096 bytes`.
pub fn size(bytes: u64) -> String {
    const MIB: u64 = 1024 * 1024;
    match bytes {
        b if b >= MIB && b % MIB == 0 => format!("{} MiB", b / MIB),
        b if b >= 1024 && b % 1024 == 0 => format!("{} KiB", b / 1024),
        b => format!("{b} bytes"),
    }
}

/// The bytes of the file at `path`, at most `cap` of them.
pub fn read_bounded(path: &Path, cap: u64) -> Result<Vec<u8>, ReadError> {
    let file = std::fs::File::open(path).map_err(ReadError::Io)?;
    let meta = file.metadata().map_err(ReadError::Io)?;
    if meta.is_dir() {
        return Err(ReadError::Folder);
    }
    if meta.is_file() && meta.len() > cap {
        return Err(ReadError::TooLarge(cap));
    }
    read_to_cap(file, cap)
}

/// Everything `reader` holds, or [`ReadError::TooLarge`] as soon as it holds more than `cap`.
pub fn read_to_cap(reader: impl Read, cap: u64) -> Result<Vec<u8>, ReadError> {
    let mut bytes = Vec::new();
    reader
        .take(cap.saturating_add(1))
        .read_to_end(&mut bytes)
        .map_err(ReadError::Io)?;
    if bytes.len() as u64 > cap {
        return Err(ReadError::TooLarge(cap));
    }
    Ok(bytes)
}

/// An input file that cannot be used: a data error (exit 2) wherever it is raised.
#[derive(Debug)]
pub struct InputError(pub String);

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for InputError {}

/// The file at `path` (called `what`, « the token file ») as bytes, or an [`InputError`]
/// naming it.
pub fn read_input(path: &Path, what: &str, cap: u64) -> Result<Vec<u8>, InputError> {
    read_bounded(path, cap).map_err(|e| InputError(format!("{what} {}: {e}", path.display())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_stream_longer_than_the_cap_is_refused_without_reading_it_all() {
        let endless = io::repeat(0);
        assert!(matches!(
            read_to_cap(endless, 1000),
            Err(ReadError::TooLarge(1000))
        ));
        assert_eq!(read_to_cap(&b"abc"[..], 3).unwrap(), b"abc");
        assert!(matches!(
            read_to_cap(&b"abcd"[..], 3),
            Err(ReadError::TooLarge(3))
        ));
    }

    #[test]
    fn dev_zero_is_bounded_although_it_reports_length_zero() {
        let e = read_bounded(Path::new("/dev/zero"), MAX_INPUT_BYTES).unwrap_err();
        assert_eq!(e.to_string(), "is larger than 16 MiB, the limit");
    }
}
