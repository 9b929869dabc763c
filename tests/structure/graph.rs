//! One crate's sources as an import graph: every `.rs` file under its source folder with its
//! module path, which files are test-only, and the file → file edges of its `crate::`/`super::`
//! paths (a path names the longest prefix that is a module file). Plus the strongly connected
//! components of such a graph. Reads files; knows no rule about which imports are allowed.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use super::source::{Scan, scan};

/// A directed graph over names (file paths or module names), in sorted order.
pub type Graph = BTreeMap<String, BTreeSet<String>>;

/// One crate's files, keyed by their path relative to the source folder.
pub struct Crate {
    /// The source folder, relative to the repository (`crates/engine/src`).
    pub dir: String,
    pub files: BTreeMap<String, SourceFile>,
}

pub struct SourceFile {
    pub module: Vec<String>,
    pub test_only: bool,
    pub scan: Scan,
}

/// `fight/attack.rs` → `["fight", "attack"]`; `lib.rs`, `main.rs` and `x/mod.rs` name their
/// folder (`[]`, `[]`, `["x"]`).
pub fn module_of(rel: &str) -> Vec<String> {
    let mut parts: Vec<String> = rel
        .trim_end_matches(".rs")
        .split('/')
        .map(str::to_string)
        .collect();
    if parts
        .last()
        .is_some_and(|p| p == "mod" || p == "lib" || p == "main")
    {
        parts.pop();
    }
    parts
}

/// Test-only by its name: `tests.rs`, `*_tests.rs`, `test_support.rs`, or anything inside a
/// `tests` folder (its `support.rs` included).
pub fn test_only_by_name(rel: &str) -> bool {
    let name = rel.rsplit('/').next().unwrap_or(rel);
    name == "tests.rs"
        || name.ends_with("_tests.rs")
        || name == "test_support.rs"
        || rel.split('/').rev().skip(1).any(|dir| dir == "tests")
}

/// Every `.rs` file under `dir` (relative paths with `/`, sorted).
pub fn rust_files(dir: &Path) -> Vec<String> {
    fn walk(base: &Path, dir: &Path, out: &mut Vec<String>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap_or_else(|e| panic!("read {}: {e}", dir.display()))
            .map(|e| e.expect("a directory entry").path())
            .collect();
        entries.sort();
        for path in entries {
            let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("");
            if path.is_dir() && name != "target" && !name.starts_with('.') {
                walk(base, &path, out);
            } else if name.ends_with(".rs") {
                let rel = path.strip_prefix(base).expect("under the base");
                out.push(rel.to_string_lossy().replace('\\', "/"));
            }
        }
    }
    let mut out = Vec::new();
    walk(dir, dir, &mut out);
    out
}

impl Crate {
    /// Reads and scans every file of the crate whose sources live in `root/dir`.
    pub fn load(root: &Path, dir: &str) -> Crate {
        let mut files = BTreeMap::new();
        for rel in rust_files(&root.join(dir)) {
            let text = std::fs::read_to_string(root.join(dir).join(&rel))
                .unwrap_or_else(|e| panic!("read {dir}/{rel}: {e}"));
            let module = module_of(&rel);
            let scan = scan(&text, &module);
            let test_only = test_only_by_name(&rel);
            files.insert(
                rel,
                SourceFile {
                    module,
                    test_only,
                    scan,
                },
            );
        }
        let declared: Vec<Vec<String>> = files
            .values()
            .flat_map(|f| f.scan.test_modules.iter().cloned())
            .collect();
        for file in files.values_mut() {
            file.test_only |= declared.iter().any(|m| file.module.starts_with(m));
        }
        Crate {
            dir: dir.to_string(),
            files,
        }
    }

    /// File → files it references, for files that are not test-only (self references dropped).
    pub fn file_graph(&self) -> Graph {
        let modules: BTreeMap<&[String], &String> = self
            .files
            .iter()
            .map(|(rel, f)| (f.module.as_slice(), rel))
            .collect();
        let mut graph = Graph::new();
        for (rel, file) in self.files.iter().filter(|(_, f)| !f.test_only) {
            let targets = graph.entry(rel.clone()).or_default();
            for path in &file.scan.paths {
                if let Some(target) = resolve(&modules, path)
                    && target != rel
                    && !self.files[target].test_only
                {
                    targets.insert(target.clone());
                }
            }
        }
        graph
    }

    /// The top-level module a file belongs to: the first segment of its module path, `crate`
    /// for the crate root file.
    pub fn top_level(&self, rel: &str) -> String {
        self.files[rel]
            .module
            .first()
            .cloned()
            .unwrap_or_else(|| "crate".to_string())
    }

    /// True when the top-level module `top` is a folder (several files), not one file.
    pub fn is_folder(&self, top: &str) -> bool {
        let prefix = format!("{top}/");
        self.files.keys().any(|rel| rel.starts_with(&prefix))
    }

    /// The edges of `files` between top-level modules.
    pub fn top_level_graph(&self, files: &Graph) -> Graph {
        let mut graph = Graph::new();
        for (from, targets) in files {
            let from = self.top_level(from);
            let edges = graph.entry(from.clone()).or_default();
            edges.extend(
                targets
                    .iter()
                    .map(|to| self.top_level(to))
                    .filter(|to| *to != from),
            );
        }
        graph
    }

    /// `dir/rel`, as the repository names the file.
    pub fn path(&self, rel: &str) -> String {
        format!("{}/{rel}", self.dir)
    }
}

/// The file a path names: its longest prefix that is a module.
pub fn resolve<'m>(
    modules: &BTreeMap<&[String], &'m String>,
    path: &[String],
) -> Option<&'m String> {
    (0..=path.len())
        .rev()
        .find_map(|n| modules.get(&path[..n]).copied())
}

/// The strongly connected components of `graph` with more than one node, each sorted, in
/// the order of their first node.
pub fn cycles(graph: &Graph) -> Vec<Vec<String>> {
    let reach: BTreeMap<&String, BTreeSet<&String>> =
        graph.keys().map(|v| (v, reachable(graph, v))).collect();
    let mut seen = BTreeSet::new();
    let mut out = Vec::new();
    for v in graph.keys() {
        if seen.contains(v) {
            continue;
        }
        let component: Vec<String> = reach[v]
            .iter()
            .filter(|w| reach.get(*w).is_some_and(|r| r.contains(v)))
            .map(|w| (*w).clone())
            .collect();
        seen.extend(component.iter().cloned());
        if component.len() > 1 {
            out.push(component);
        }
    }
    out
}

/// Every node reachable from `start`, itself included.
fn reachable<'g>(graph: &'g Graph, start: &'g String) -> BTreeSet<&'g String> {
    let mut seen = BTreeSet::from([start]);
    let mut stack = vec![start];
    while let Some(v) = stack.pop() {
        for w in graph.get(v).into_iter().flatten() {
            if seen.insert(w) {
                stack.push(w);
            }
        }
    }
    seen
}

#[cfg(test)]
mod tests {
    use super::*;

    fn strings(items: &[&str]) -> Vec<String> {
        items.iter().map(|s| s.to_string()).collect()
    }

    #[test]
    fn module_paths_name_folders_for_lib_main_and_mod() {
        assert_eq!(module_of("lib.rs"), strings(&[]));
        assert_eq!(module_of("main.rs"), strings(&[]));
        assert_eq!(module_of("fight/mod.rs"), strings(&["fight"]));
        assert_eq!(module_of("fight/attack.rs"), strings(&["fight", "attack"]));
    }

    #[test]
    fn test_files_are_known_by_name() {
        for rel in [
            "fight/tests.rs",
            "json_tests.rs",
            "fight/test_support.rs",
            "fight/tests/support.rs",
            "fight/tests/aoo.rs",
        ] {
            assert!(test_only_by_name(rel), "{rel}");
        }
        for rel in ["fight/attack.rs", "tests_helper_free.rs", "contests.rs"] {
            assert!(!test_only_by_name(rel), "{rel}");
        }
    }

    #[test]
    fn a_path_names_its_longest_module_prefix() {
        let (lib, fight, attack) = (
            "lib.rs".to_string(),
            "fight/mod.rs".to_string(),
            "fight/attack.rs".to_string(),
        );
        let names = [
            strings(&[]),
            strings(&["fight"]),
            strings(&["fight", "attack"]),
        ];
        let modules: BTreeMap<&[String], &String> = [
            (names[0].as_slice(), &lib),
            (names[1].as_slice(), &fight),
            (names[2].as_slice(), &attack),
        ]
        .into();
        let find = |p: &[&str]| resolve(&modules, &strings(p)).cloned();
        assert_eq!(find(&["fight", "attack", "Swing"]), Some(attack.clone()));
        assert_eq!(find(&["fight", "Fight"]), Some(fight.clone()));
        assert_eq!(find(&["Tally"]), Some(lib.clone()));
    }

    #[test]
    fn cycles_are_the_components_of_mutually_reachable_files() {
        let mut graph = Graph::new();
        for (from, to) in [("a", "b"), ("b", "c"), ("c", "a"), ("d", "a"), ("e", "e")] {
            graph
                .entry(from.to_string())
                .or_default()
                .insert(to.to_string());
        }
        assert_eq!(cycles(&graph), [strings(&["a", "b", "c"])]);
    }
}
