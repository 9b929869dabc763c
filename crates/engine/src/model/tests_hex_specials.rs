//! The `hex` `specials` schema (« APG — Witch — Hexes »): kinds and DCs, each rejection with
//! its exact field path, and the `features` lines the entries model.

use super::tests::parse;
use super::tests_class_specials::{orc_with, rejects};
use super::{FeatureUse, HexKind, Special, SpecialRule};

#[test]
fn hex_entries_parse_one_per_kind_and_model_their_lines() {
    let c = parse(&orc_with(
        r#"["Hex (slumber, Will DC 15)", "Hex (healing)"]"#,
        r#"[{ "rule": "hex", "hex": "slumber", "dc": 15, "feature": "Hex (slumber, Will DC 15)" },
            { "rule": "hex", "hex": "healing", "feature": "Hex (healing)" }]"#,
    ))
    .unwrap();
    let specials: Vec<Special> = c.specials().iter().map(|e| e.special).collect();
    assert_eq!(
        specials,
        [
            Special::Hex {
                kind: HexKind::Slumber,
                dc: 15
            },
            Special::Hex {
                kind: HexKind::Healing,
                dc: 0
            },
        ]
    );
    let uses: Vec<FeatureUse> = c.feature_uses().map(|(_, u)| u).collect();
    assert_eq!(uses, [FeatureUse::Special(SpecialRule::Hex); 2]);
}

#[test]
fn hex_entries_reject_bad_kinds_dcs_and_twins() {
    rejects(
        r#"[{ "rule": "hex", "hex": "slumbre", "dc": 15 }]"#,
        "specials[0].hex",
        "slumber",
    );
    rejects(r#"[{ "rule": "hex" }]"#, "specials[0].hex", "missing");
    rejects(
        r#"[{ "rule": "hex", "hex": "slumber" }]"#,
        "specials[0].dc",
        "needs `dc`",
    );
    rejects(
        r#"[{ "rule": "hex", "hex": "healing", "dc": 12 }]"#,
        "specials[0].dc",
        "no save",
    );
    rejects(
        r#"[{ "rule": "hex", "hex": "slumber", "dc": 99 }]"#,
        "specials[0].dc",
        "between",
    );
    rejects(
        r#"[{ "rule": "hex", "hex": "misfortune" }]"#,
        "specials[0].dc",
        "needs `dc`",
    );
    rejects(
        r#"[{ "rule": "hex", "hex": "healing" }, { "rule": "hex", "hex": "healing" }]"#,
        "specials[1]",
        "duplicate",
    );
    rejects(
        r#"[{ "rule": "hex", "hex": "healing", "amount": 1 }]"#,
        "specials[0].amount",
        "takes no",
    );
}
