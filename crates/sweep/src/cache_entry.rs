//! The format of one sweep cache entry (`pf1e-sim sweep --cache DIR`): JSON naming its
//! format ([`MAGIC`]) and its own key (the cell's `SweepJob::cell_key`), holding the cell's
//! tally as the engine serializes it. [`decode`] accepts only an entry of this format, of that
//! key, whose tally holds together for the cell's shape; the binary owns the folder, reads and
//! writes the files and turns a refusal into a warning.

use pf1e_engine::tally::Tally;
use serde::{Deserialize, Serialize};

use crate::hash::ContentHash;

/// The first field of every entry: the format and its version.
pub const MAGIC: &str = "pf1e-sim sweep cell tally 2";

/// One cache file.
#[derive(Debug, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Entry {
    magic: String,
    key: String,
    tally: Tally,
}

/// The text of the entry holding `tally` under `key`: pretty JSON, newline-terminated.
pub fn encode(key: &ContentHash, tally: &Tally) -> String {
    let entry = Entry {
        magic: MAGIC.to_string(),
        key: key.to_string(),
        tally: tally.clone(),
    };
    let mut text = serde_json::to_string_pretty(&entry).expect("a tally always serializes");
    text.push('\n');
    text
}

/// The tally stored in the entry `text` under `key`, if it is one, names that key and holds
/// together for a cell of `sides` sides and `units` combatants ([`Tally::check`]); else why
/// not, in words fit for a warning.
pub fn decode(text: &str, key: &ContentHash, sides: usize, units: usize) -> Result<Tally, String> {
    let entry: Entry = serde_json::from_str(text)
        .map_err(|e| format!("not a pf1e-sim sweep cache entry ({e})"))?;
    if entry.magic != MAGIC {
        return Err("not a pf1e-sim sweep cache entry".to_string());
    }
    if entry.key != key.to_string() {
        return Err("the entry belongs to another cell".to_string());
    }
    entry.tally.check(sides, units).map_err(|e| e.to_string())?;
    Ok(entry.tally)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Tally {
        let mut t = Tally::empty(2, 1);
        for run in 0..10 {
            let winner = [Some(0), Some(1), None][usize::from(run >= 6) + usize::from(run >= 9)];
            t.add_plain_fight(run, winner, 4);
        }
        t.units[0].hits = 12;
        t.units[0].killed = 2;
        t.hp_left[0] = 2;
        t.hp_left[5] -= 2;
        t
    }

    #[test]
    fn an_entry_round_trips_and_is_checked() {
        let t = sample();
        let key = ContentHash([1; 32]);
        let text = encode(&key, &t);
        assert!(
            text.contains("\"wins\": [\n      6,\n      3\n    ]"),
            "{text}"
        );
        assert_eq!(decode(&text, &key, 2, 1), Ok(t.clone()));
        assert!(decode(&text, &ContentHash([2; 32]), 2, 1).is_err());
        assert!(decode(&text, &key, 3, 1).is_err());
        let e = decode(&text.replace("\"draws\": 1", "\"draws\": 2"), &key, 2, 1).unwrap_err();
        assert!(e.contains("does not hold together"), "{e}");
        assert!(
            decode(
                &text.replace("\"fights\": 10", "\"fights\": \"x\""),
                &key,
                2,
                1
            )
            .is_err()
        );
        assert!(decode(&text[..text.len() / 2], &key, 2, 1).is_err());
        assert!(decode("", &key, 2, 1).is_err());
        assert!(
            decode(
                &text.replace(MAGIC, "pf1e-sim sweep cell tally 1"),
                &key,
                2,
                1
            )
            .is_err()
        );
    }
}
