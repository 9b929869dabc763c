//! What a large combatant file costs: its name lists are checked in linear time.

use super::tests::{GOBLIN, edit, parse};

/// 100,000 feats, one repeated at the end: found with its first place in a fraction of a
/// second (a scan of the earlier names per name took tens of seconds at this size). The
/// bound leaves a tenfold margin for a loaded machine: it guards the complexity, not a speed.
#[test]
fn duplicate_names_are_found_in_linear_time() {
    const FEATS: usize = 100_000;
    let mut feats: Vec<String> = (0..FEATS).map(|i| format!("\"Feat {i}\"")).collect();
    feats.push("\"feat 17 \"".to_string());
    let text = edit(
        GOBLIN,
        r#""hp_max": 6,"#,
        &format!(r#""hp_max": 6, "feats": [{}],"#, feats.join(", ")),
    );
    let start = std::time::Instant::now();
    let errors = parse(&text).unwrap_err();
    let took = start.elapsed();
    assert_eq!(errors.len(), 1, "{errors}");
    let e = &errors.0[0];
    assert_eq!(e.field, format!("feats[{FEATS}]"));
    assert_eq!(e.message, "duplicate feat `feat 17 ` (also at feats[17])");
    assert!(took.as_secs_f64() < 5.0, "{FEATS} feats took {took:?}");
}
