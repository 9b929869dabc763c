//! Reading input files for the engine, which never touches the file system itself: the text
//! plus the path as the user wrote it (used in every error message).

use std::path::Path;

use pf1e_engine::error::DataError;

/// What kind of input a file holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FileKind {
    Map,
    Combatant,
}

/// Largest input file read, so a wrong path to a huge file fails fast instead of eating memory.
const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// The file's text, or a one-line error naming it.
pub fn read_text(path: &Path) -> Result<String, DataError> {
    let label = path.display().to_string();
    let fail = |message: String| DataError::new(&label, "", message);
    let meta = std::fs::metadata(path)
        .map_err(|e| fail(format!("cannot read the file: {}", io_reason(&e))))?;
    if meta.is_dir() {
        return Err(fail("is a directory, not a file".to_string()));
    }
    if meta.len() > MAX_FILE_BYTES {
        return Err(fail(format!(
            "is {} bytes; input files are limited to 16 MiB",
            meta.len()
        )));
    }
    let bytes = std::fs::read(path)
        .map_err(|e| fail(format!("cannot read the file: {}", io_reason(&e))))?;
    String::from_utf8(bytes).map_err(|e| {
        let before = &e.as_bytes()[..e.utf8_error().valid_up_to()];
        let line = before.iter().filter(|&&b| b == b'\n').count() + 1;
        let column = before.iter().rev().take_while(|&&b| b != b'\n').count() + 1;
        fail("is not valid UTF-8 text".to_string()).at(line, column)
    })
}

/// Tells a map from a combatant: by extension (`.yaml`/`.yml` map, `.json` combatant), else
/// by content (a JSON object starts with `{`).
pub fn kind_of(path: &Path, text: &str) -> FileKind {
    match path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase)
        .as_deref()
    {
        Some("yaml" | "yml") => FileKind::Map,
        Some("json") => FileKind::Combatant,
        _ if text.trim_start().starts_with('{') => FileKind::Combatant,
        _ => FileKind::Map,
    }
}

fn io_reason(e: &std::io::Error) -> String {
    match e.kind() {
        std::io::ErrorKind::NotFound => "no such file".to_string(),
        std::io::ErrorKind::PermissionDenied => "permission denied".to_string(),
        _ => e.to_string(),
    }
}
