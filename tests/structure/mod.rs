//! The workspace's import structure, held as rules (ARCHITECTURE.md, « The rules engine » and
//! « Jobs (crates/sweep) and the binary »): no import cycle between the files of a crate, none
//! between its top-level modules, `scenario.rs` and `rules/` importing nothing from `fight/`,
//! the coordinator and the worker built on library code rather than `cmd/`, and no `RawTally`
//! left. Reads the sources as text (std only): [`source`] finds the `crate::`/`super::` paths
//! of a file, [`graph`] turns them into file edges. Test-only code (test files, `#[cfg(test)]`
//! items) is not held to these rules.

mod graph;
mod source;

use std::path::Path;

use graph::{Crate, Graph, cycles, rust_files};

/// The crates checked: name and source folder (the binary's sources sit in its crate folder).
const CRATES: [(&str, &str); 3] = [
    ("pf1e-engine", "crates/engine/src"),
    ("pf1e-sweep", "crates/sweep/src"),
    ("pf1e-sim", "crates/pf1e-sim"),
];

#[test]
fn imports_have_no_cycle_and_point_down() {
    let found = violations(Path::new(env!("CARGO_MANIFEST_DIR")));
    assert!(
        found.is_empty(),
        "{} import rule violation(s):\n{}",
        found.len(),
        found.join("\n")
    );
}

/// Every violation in the repository at `root`, one line each.
fn violations(root: &Path) -> Vec<String> {
    let mut found = Vec::new();
    for (name, dir) in CRATES {
        let krate = Crate::load(root, dir);
        let files = krate.file_graph();
        for cycle in cycles(&files) {
            let paths: Vec<String> = cycle.iter().map(|f| krate.path(f)).collect();
            found.push(format!(
                "{name}: import cycle between files: {} ({})",
                paths.join(" ↔ "),
                edges_within(&files, &cycle, |f| krate.path(f))
            ));
        }
        // A cycle of single-file modules is a file cycle, reported above.
        let modules = krate.top_level_graph(&files);
        for cycle in cycles(&modules) {
            if !cycle.iter().any(|m| krate.is_folder(m)) {
                continue;
            }
            let crossing = |from: &str, to: &str| {
                let (a, b) = (krate.top_level(from), krate.top_level(to));
                a != b && cycle.contains(&a) && cycle.contains(&b)
            };
            found.push(format!(
                "{name}: import cycle between top-level modules: {} ({})",
                cycle.join(" ↔ "),
                edges_where(&files, crossing, |f| krate.path(f))
            ));
        }
        found.extend(forbidden_edges(name, &krate, &files));
    }
    found.extend(raw_tally_mentions(root));
    found
}

/// `a → b` for every edge of `graph` between members of `cycle`, named by `show`.
fn edges_within(graph: &Graph, cycle: &[String], show: impl Fn(&str) -> String) -> String {
    edges_where(
        graph,
        |a, b| cycle.iter().any(|m| m == a) && cycle.iter().any(|m| m == b),
        show,
    )
}

/// `a → b` for every edge of `graph` that `keep` accepts, named by `show`.
fn edges_where(
    graph: &Graph,
    keep: impl Fn(&str, &str) -> bool,
    show: impl Fn(&str) -> String,
) -> String {
    let mut edges = Vec::new();
    for (from, targets) in graph {
        for to in targets.iter().filter(|to| keep(from, to)) {
            edges.push(format!("{} → {}", show(from), show(to)));
        }
    }
    edges.join(", ")
}

/// A directional rule: no file `from` accepts may import a file `to` accepts (paths relative
/// to the crate's source folder).
struct Forbidden {
    what: &'static str,
    from: fn(&str) -> bool,
    to: fn(&str) -> bool,
}

/// The directional rules of crate `name`.
fn forbidden(name: &str) -> &'static [Forbidden] {
    match name {
        // « Nothing below fight/ imports fight/ »; rules/ is pure and knows no Fight.
        "pf1e-engine" => &[Forbidden {
            what: "imports fight/",
            from: |f| f == "scenario.rs" || f.starts_with("rules/"),
            to: |f| f.starts_with("fight/"),
        }],
        // « The coordinator and the worker build on library code, never on cmd/ ».
        "pf1e-sim" => &[Forbidden {
            what: "imports crate::cmd",
            from: |f| f.starts_with("coordinator/") || f.starts_with("worker/"),
            to: |f| f.starts_with("cmd/"),
        }],
        _ => &[],
    }
}

/// Every edge of `files` that a directional rule of crate `name` forbids.
fn forbidden_edges(name: &str, krate: &Crate, files: &Graph) -> Vec<String> {
    let mut found = Vec::new();
    for rule in forbidden(name) {
        for (from, targets) in files.iter().filter(|(from, _)| (rule.from)(from)) {
            for to in targets.iter().filter(|to| (rule.to)(to)) {
                found.push(format!(
                    "{name}: {} {} ({})",
                    krate.path(from),
                    rule.what,
                    krate.path(to)
                ));
            }
        }
    }
    found
}

/// The tally's serde form is `Tally` itself (ARCHITECTURE.md: « `Tally` derives serde »): no
/// `RawTally` mirror in any `.rs` file of the repository (comments and literals aside).
fn raw_tally_mentions(root: &Path) -> Vec<String> {
    rust_files(root)
        .into_iter()
        .filter(|rel| {
            let text = std::fs::read_to_string(root.join(rel)).unwrap_or_default();
            source::mentions(&text, "RawTally")
        })
        .map(|rel| format!("{rel} names RawTally"))
        .collect()
}
