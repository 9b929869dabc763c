//! Slice / tally files (`SliceFile::parse`, what `merge` reads): an accepted file writes back
//! (`to_json`) to a text that reads back equal, and its tallies merge with checked arithmetic.
//! Input whose first byte is odd is first read as a slice file's JSON and sealed again, so
//! mutations get past the checksum to the checks behind it.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_fuzz::checks::merges_checked;
use pf1e_sweep::slice::{SliceError, SliceFile};

const LABEL: &str = "fuzz.tally.json";

fuzz_target!(|data: &[u8]| {
    let Some((&mode, rest)) = data.split_first() else {
        return;
    };
    let Ok(text) = std::str::from_utf8(rest) else {
        return;
    };
    let resealed = (mode % 2 == 1)
        .then(|| serde_json::from_str::<SliceFile>(text).ok())
        .flatten()
        .map(|file| file.to_json());
    let text = resealed.as_deref().unwrap_or(text);
    match SliceFile::parse(LABEL, text) {
        Ok(file) => {
            let back = SliceFile::parse(LABEL, &file.to_json()).expect("written back, read back");
            assert_eq!(back, file);
            for part in file.parts() {
                merges_checked(part.tally);
            }
        }
        Err(e) => {
            assert!(e.to_string().starts_with(LABEL), "{e}");
            if resealed.is_some() {
                assert!(
                    !matches!(e, SliceError::Checksum { .. }),
                    "a fresh seal refused"
                );
            }
        }
    }
});
