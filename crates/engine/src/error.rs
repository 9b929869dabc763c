//! [`DataError`]: one problem found in one input file, naming the file, the field path and,
//! when the parser knows it, the line and column. Loaders collect every problem they can
//! find into [`DataErrors`] so `pf1e-sim validate` lists them all at once.

use std::fmt;

use thiserror::Error;

/// Line and column (both 1-based) of a problem inside a file.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Location {
    pub line: usize,
    pub column: usize,
}

/// One problem in one input file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub struct DataError {
    /// The file as the user named it (or a label such as `<request>` for inline text).
    pub file: String,
    /// Dotted path of the field (`attacks[1].crit_range`, `legend.#.move_cost`); empty when
    /// the problem is the document itself (e.g. unreadable YAML).
    pub field: String,
    /// Where the parser stood, for syntax and type errors.
    pub location: Option<Location>,
    pub message: String,
}

impl DataError {
    pub fn new(file: &str, field: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            file: file.to_string(),
            field: field.into(),
            location: None,
            message: message.into(),
        }
    }

    pub fn at(mut self, line: usize, column: usize) -> Self {
        self.location = Some(Location { line, column });
        self
    }
}

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.file)?;
        if let Some(loc) = self.location {
            write!(f, ":{}:{}", loc.line, loc.column)?;
        }
        if !self.field.is_empty() {
            write!(f, ": {}", self.field)?;
        }
        write!(f, ": {}", self.message)
    }
}

/// Every problem found in one or more files, in the order found. Never empty.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataErrors(pub Vec<DataError>);

impl DataErrors {
    pub fn one(error: DataError) -> Self {
        Self(vec![error])
    }

    pub fn iter(&self) -> impl Iterator<Item = &DataError> {
        self.0.iter()
    }

    pub fn len(&self) -> usize {
        self.0.len()
    }

    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }
}

impl From<DataError> for DataErrors {
    fn from(error: DataError) -> Self {
        Self::one(error)
    }
}

impl fmt::Display for DataErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, e) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str("\n")?;
            }
            write!(f, "{e}")?;
        }
        Ok(())
    }
}

impl std::error::Error for DataErrors {}

/// Collects problems while a validator keeps going, so a file's every error is reported.
#[derive(Debug)]
pub struct Problems<'a> {
    file: &'a str,
    found: Vec<DataError>,
}

impl<'a> Problems<'a> {
    pub fn new(file: &'a str) -> Self {
        Self {
            file,
            found: Vec::new(),
        }
    }

    pub fn file(&self) -> &'a str {
        self.file
    }

    pub fn add(&mut self, field: impl Into<String>, message: impl Into<String>) {
        self.found.push(DataError::new(self.file, field, message));
    }

    pub fn push(&mut self, error: DataError) {
        self.found.push(error);
    }

    pub fn is_empty(&self) -> bool {
        self.found.is_empty()
    }

    /// Every problem found so far; call it only after adding at least one.
    pub fn into_errors(self) -> DataErrors {
        debug_assert!(!self.found.is_empty(), "into_errors without a problem");
        DataErrors(self.found)
    }

    /// `Ok(value)` when nothing was found, every problem otherwise.
    pub fn finish<T>(self, value: T) -> Result<T, DataErrors> {
        if self.found.is_empty() {
            Ok(value)
        } else {
            Err(DataErrors(self.found))
        }
    }
}
