//! A sweep cache entry (`cache_entry::decode`, what `sweep --cache` reads): decoded under the
//! key it names itself (so real entries reach the tally checks), for the shape of its own
//! tally. An accepted tally holds together, encodes back to an entry that decodes equal, and
//! merges with checked arithmetic; a refusal says why.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_fuzz::checks::merges_checked;
use pf1e_sweep::cache_entry::{decode, encode};
use pf1e_sweep::hash::ContentHash;

/// The key the entry names (64 hex digits), else a fixed one.
fn own_key(text: &str) -> ContentHash {
    let named = serde_json::from_str::<serde_json::Value>(text).ok();
    let hex = named.as_ref().and_then(|v| v.get("key")?.as_str());
    let mut key = [7u8; 32];
    if let Some(hex) = hex.filter(|h| h.len() == 64 && h.is_ascii()) {
        for (byte, pair) in key.iter_mut().zip(hex.as_bytes().chunks(2)) {
            let pair = std::str::from_utf8(pair).unwrap_or("07");
            *byte = u8::from_str_radix(pair, 16).unwrap_or(7);
        }
    }
    ContentHash(key)
}

/// The shape (sides, combatants) of the tally the entry holds, else the quick start's.
fn own_shape(text: &str) -> (usize, usize) {
    let named = serde_json::from_str::<serde_json::Value>(text).ok();
    let tally = named.as_ref().and_then(|v| v.get("tally"));
    let len = |field| tally?.get(field)?.as_array().map(Vec::len);
    (len("wins").unwrap_or(2), len("units").unwrap_or(5))
}

fuzz_target!(|text: &str| {
    let key = own_key(text);
    let (sides, units) = own_shape(text);
    match decode(text, &key, sides, units) {
        Ok(tally) => {
            tally
                .check(sides, units)
                .expect("an accepted tally holds together");
            assert_eq!(
                decode(&encode(&key, &tally), &key, sides, units),
                Ok(tally.clone())
            );
            merges_checked(&tally);
        }
        Err(why) => assert!(!why.is_empty()),
    }
});
