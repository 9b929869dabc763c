//! Writing an output file the user named (`--tally-out`, `sweep --html`, `--cache` entries)
//! without ever replacing something that is not a file (README « Reliability »):
//!
//! - an absent path or a regular file is replaced atomically: a temporary file in the same
//!   folder, then a rename, so a reader never sees a half-written file. A new file gets the
//!   ordinary permissions (0666 less the umask, 0644 usually, not the temporary file's 0600);
//!   a replaced file keeps its permissions;
//! - a symlink is written through: its target is replaced atomically when it is a regular file
//!   (the link stays), and a dangling link is refused (its target is never created);
//! - a FIFO, a device or any path under /dev or /proc (`/dev/stdout`, `/dev/null`) is opened
//!   and written in place, never renamed over;
//! - a folder is refused.

use std::fs::{self, OpenOptions, Permissions};
use std::io::{self, Write as _};
use std::path::Path;

/// Checks, before any work, that `path` could be written: its folder exists (a missing folder
/// would otherwise be found only after every fight) and `path` is not itself a folder. The
/// reason, when not, in words that name the folder.
pub fn check_destination(path: &Path) -> Result<(), String> {
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    if !folder.is_dir() {
        return Err(format!(
            "the folder {} does not exist (create it first, e.g. mkdir -p {})",
            folder.display(),
            folder.display()
        ));
    }
    if path.is_dir() {
        return Err("is a folder, not a file".to_string());
    }
    Ok(())
}

/// Writes `bytes` to `path` following the rules of the module header.
pub fn write_output(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let link = match fs::symlink_metadata(path) {
        Ok(meta) => meta.file_type().is_symlink(),
        Err(e) if e.kind() == io::ErrorKind::NotFound => return replace(path, bytes, None),
        Err(e) => return Err(e),
    };
    // `metadata` follows every link (also /proc's, like /dev/stdout → /proc/self/fd/1).
    let meta = match fs::metadata(path) {
        Ok(meta) => meta,
        Err(e) if link && e.kind() == io::ErrorKind::NotFound => {
            return Err(refused(
                "is a symlink to a missing file (its target is not created)",
            ));
        }
        Err(e) => return Err(e),
    };
    if meta.is_dir() {
        return Err(refused("is a folder, not a file"));
    }
    if !meta.is_file() || is_system_path(path) {
        return write_in_place(path, bytes);
    }
    let target = if link {
        fs::canonicalize(path)?
    } else {
        path.to_path_buf()
    };
    replace(&target, bytes, Some(meta.permissions()))
}

fn refused(why: &str) -> io::Error {
    io::Error::other(why.to_string())
}

/// /dev and /proc hold devices and the links to open descriptors: never rename over them,
/// nor over what a chain of links through them leads to (`/dev/stdout` when stdout is a file).
fn is_system_path(path: &Path) -> bool {
    let mut at = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
    for _ in 0..MAX_LINKS {
        if at.starts_with("/dev") || at.starts_with("/proc") {
            return true;
        }
        match fs::read_link(&at) {
            Ok(next) => at = at.parent().unwrap_or(Path::new("/")).join(next),
            Err(_) => return false,
        }
    }
    false
}

/// Links followed by [`is_system_path`] (Linux's own limit).
const MAX_LINKS: usize = 40;

/// A FIFO, a device, a descriptor: opened for writing (never created, never renamed), written.
fn write_in_place(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new().write(true).truncate(false).open(path)?;
    if file.metadata()?.is_file() {
        file.set_len(0)?;
    }
    file.write_all(bytes)?;
    file.flush()
}

/// A temporary file beside `target`, filled, given `keep` (or the ordinary permissions), then
/// renamed over `target`.
fn replace(target: &Path, bytes: &[u8], keep: Option<Permissions>) -> io::Result<()> {
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    let mut builder = tempfile::Builder::new();
    builder.prefix(".pf1e-sim-");
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt as _;
        // open(2) applies the umask to this mode, as it does for any new file.
        builder.permissions(Permissions::from_mode(0o666));
    }
    let mut tmp = builder.tempfile_in(dir)?;
    tmp.write_all(bytes)?;
    if let Some(permissions) = keep {
        tmp.as_file().set_permissions(permissions)?;
    }
    tmp.as_file().sync_all()?;
    tmp.persist(target).map_err(|e| e.error)?;
    Ok(())
}
