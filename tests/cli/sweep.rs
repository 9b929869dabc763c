//! `pf1e-sim sweep`: the sample sweep prints one line per cell in axis order, the output is
//! byte-identical for every thread count (text, JSON, CSV), and invalid sweeps exit 2 before
//! any fight with one line naming the sweep file and the field.

use crate::util::{assert_exit, pf1e_sim, root, stderr, stdout, temp_file};

const SAMPLE: &str = "data/sweeps/arena.yaml";

/// The sample sweep with `from` replaced by `to`, its relative paths made absolute, written
/// to a temporary directory.
fn sample_with(from: &str, to: &str, runs: u32) -> (tempfile::TempDir, String) {
    let text = std::fs::read_to_string(root().join(SAMPLE)).unwrap();
    assert!(text.contains(from), "{from}");
    let data = root().join("data");
    let text = text
        .replacen(from, to, 1)
        .replace("../", &format!("{}/", data.display()))
        .replace("runs: 2000", &format!("runs: {runs}"));
    temp_file("sweep.yaml", &text)
}

#[test]
fn the_sample_sweep_prints_one_line_per_cell_in_axis_order() {
    let out = pf1e_sim(&["sweep", SAMPLE, "--threads", "2"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(
        text.starts_with("=== Balayage : Arène : placements et tactiques ===\n"),
        "{text}"
    );
    let cells: Vec<Vec<&str>> = text
        .lines()
        .filter(|l| {
            l.split_once("  ")
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()))
        })
        .map(|l| l.split_whitespace().take(3).collect())
        .collect();
    let want: Vec<Vec<String>> = ["ouest", "centre", "piliers"]
        .iter()
        .flat_map(|p| {
            ["default", "focus_weakest", "hold_and_shoot"]
                .iter()
                .map(move |t| vec![p.to_string(), t.to_string()])
        })
        .collect();
    assert_eq!(cells.len(), 9, "{text}");
    for (i, (got, want)) in cells.iter().zip(&want).enumerate() {
        assert_eq!(got[0], (i + 1).to_string());
        assert_eq!(got[1..], want[..], "{text}");
    }
    assert!(
        text.contains("Victoires players : depart_players (lignes) × tactique_monsters (colonnes)")
    );
    assert!(text.contains("Meilleure cellule pour players : n° "));
    assert!(text.contains("Pire cellule pour players : n° "));
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn output_is_identical_for_every_thread_count_and_format() {
    let (_dir, path) = sample_with("name: ", "name: ", 300);
    for format in ["text", "json", "csv"] {
        let one = pf1e_sim(&["sweep", &path, "--threads", "1", "--format", format]);
        let two = pf1e_sim(&["sweep", &path, "--threads", "2", "--format", format]);
        assert_exit(&one, 0);
        assert_exit(&two, 0);
        assert_eq!(one.stdout, two.stdout, "{format}");
    }
    let csv = pf1e_sim(&["sweep", &path, "--format", "csv"]);
    assert_eq!(stdout(&csv).lines().count(), 10);
    let json = pf1e_sim(&["sweep", &path, "--format", "json"]);
    let v: serde_json::Value = serde_json::from_slice(&json.stdout).unwrap();
    assert_eq!(v["cells"].as_array().unwrap().len(), 9);
    assert_eq!(v["cells"][0]["fights"], 300);
}

#[test]
fn a_roster_axis_changes_the_side() {
    let roster = "  - name: renforts\n    roster:\n      side: monsters\n      options:\n        \
                  deux: [../monsters/orc.json, ../monsters/orc.json]\n        \
                  trois: [../monsters/orc.json, ../monsters/orc.json, ../monsters/orc.json]\n";
    let (_dir, path) = sample_with("axes:\n", &format!("axes:\n{roster}"), 200);
    let out = pf1e_sim(&["sweep", &path, "--format", "csv"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(
        text.starts_with("cell,renforts,depart_players,tactique_monsters,"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 1 + 18);
}

/// Runs an invalid sweep: exit 2, nothing on stdout, one error line naming the file.
fn rejected(from: &str, to: &str) -> String {
    let (_dir, path) = sample_with(from, to, 10);
    let out = pf1e_sim(&["sweep", &path]);
    assert_exit(&out, 2);
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert_eq!(err.lines().count(), 1, "{err}");
    assert!(err.starts_with(&format!("error: {path}")), "{err}");
    err
}

#[test]
fn a_bad_axis_kind_exits_2_naming_the_field() {
    let err = rejected("    tactics:", "    tactic:");
    assert!(
        err.contains(": axes[1].tactic: unknown field `tactic` (did you mean `tactics`?)"),
        "{err}"
    );
}

#[test]
fn an_unknown_tactic_exits_2_naming_the_field() {
    let err = rejected("focus_weakest,", "focus_weakst,");
    assert!(
        err.contains(": axes[1].tactics.options[1]: unknown tactic `focus_weakst` (did you mean `focus_weakest`?)"),
        "{err}"
    );
}

#[test]
fn an_unknown_marker_exits_2_naming_the_field() {
    let err = rejected("[p1, p2, p3]", "[p1, p2, p4]");
    assert!(
        err.contains(": axes[0].placements.options.piliers: unknown marker `p4`"),
        "{err}"
    );
}

#[test]
fn an_impassable_cell_exits_2_naming_the_field() {
    let err = rejected("[5, 8]]", "[0, 8]]");
    assert!(
        err.contains(
            ": axes[0].placements.options.centre: [0, 8] is on impassable terrain '#' (wall)"
        ),
        "{err}"
    );
}

#[test]
fn an_invalid_combatant_file_reports_its_own_error() {
    let orc = std::fs::read_to_string(root().join("data/monsters/orc.json")).unwrap();
    let (_orc_dir, orc_path) =
        temp_file("orc.json", &orc.replace("\"hp_max\": 6", "\"hp_max\": 0"));
    let (_dir, path) = sample_with(
        "monsters: [../monsters/orc.json, ../monsters/orc.json]",
        &format!("monsters: [{orc_path}, {orc_path}]"),
        10,
    );
    let out = pf1e_sim(&["sweep", &path]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.starts_with(&format!("error: {orc_path}: hp_max")),
        "{err}"
    );
}

#[test]
fn a_one_cell_sweep_gives_the_numbers_of_run() {
    let data = root().join("data");
    let d = data.display();
    let text = format!(
        "name: une cellule\nmap: {d}/maps/sample_arena.yaml\nsides:\n  \
         players: [{d}/monsters/goblin.json, {d}/monsters/goblin.json]\n  \
         monsters: [{d}/monsters/orc.json]\nruns: 250\nseed: 9\naxes:\n  \
         - name: depart\n    placements: {{ side: players, options: {{ zone_a: {{ zone: A }} }} }}\n"
    );
    let (_dir, path) = temp_file("one.yaml", &text);
    let sweep = pf1e_sim(&["sweep", &path, "--format", "json"]);
    assert_exit(&sweep, 0);
    let run = pf1e_sim(&[
        "run",
        "--map",
        "data/maps/sample_arena.yaml",
        "--side",
        "players",
        "data/monsters/goblin.json",
        "data/monsters/goblin.json",
        "--side",
        "monsters",
        "data/monsters/orc.json",
        "--runs",
        "250",
        "--seed",
        "9",
        "--format",
        "json",
    ]);
    assert_exit(&run, 0);
    let s: serde_json::Value = serde_json::from_slice(&sweep.stdout).unwrap();
    let r: serde_json::Value = serde_json::from_slice(&run.stdout).unwrap();
    let cell = &s["cells"][0];
    assert_eq!(cell["fights"], r["fights"]);
    assert_eq!(cell["draws"], r["draws"]);
    assert_eq!(cell["mean_rounds"], r["mean_rounds"]);
    for side in 0..2 {
        assert_eq!(cell["sides"][side]["wins"], r["sides"][side]["wins"]);
        assert_eq!(cell["sides"][side]["rate"], r["sides"][side]["win_rate"]);
    }
}

#[test]
fn a_map_axis_plays_each_map_and_they_must_deploy_the_same_sides() {
    let maps = "  - name: carte\n    map:\n      options:\n        \
                simple: ../maps/sample_arena.yaml\n        \
                reperes: ../maps/sample_arena_markers.yaml\n";
    let (_dir, path) = sample_with("axes:\n", &format!("axes:\n{maps}"), 100);
    // The markers p1–p3 exist on one map only: named with the map that lacks them.
    let out = pf1e_sim(&["sweep", &path]);
    assert_exit(&out, 2);
    let err = stderr(&out);
    assert!(
        err.contains(": axes[1].placements.options.piliers: unknown marker `p1`")
            && err.contains("(map ")
            && err.contains("sample_arena.yaml)"),
        "{err}"
    );
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("{ markers: [p1, p2, p3] }", "{ zone: A }"),
    )
    .unwrap();
    let out = pf1e_sim(&["sweep", &path, "--format", "csv"]);
    assert_exit(&out, 0);
    let csv = stdout(&out);
    assert!(
        csv.starts_with("cell,carte,depart_players,tactique_monsters,"),
        "{csv}"
    );
    assert_eq!(csv.lines().count(), 1 + 18);
    assert!(
        csv.lines()
            .nth(10)
            .unwrap()
            .starts_with("10,reperes,ouest,default,")
    );

    let arena = std::fs::read_to_string(root().join("data/maps/sample_arena.yaml")).unwrap();
    let (_map_dir, other) = temp_file("autre.yaml", &arena.replace("  players: A", "  heroes: A"));
    let text = std::fs::read_to_string(&path).unwrap();
    let reperes = root().join("data/maps/sample_arena_markers.yaml");
    let reperes = format!("reperes: {}", reperes.display());
    assert!(text.contains(&reperes), "{text}");
    std::fs::write(&path, text.replace(&reperes, &format!("reperes: {other}"))).unwrap();
    let out = pf1e_sim(&["sweep", &path]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains(": axes[0].map.options.reperes: ")
            && stderr(&out).contains("must deploy the same sides in the same order"),
        "{}",
        stderr(&out)
    );
}

#[test]
fn html_writes_a_self_contained_page_and_leaves_stdout_unchanged() {
    let (dir, path) = sample_with("name: ", "name: ", 100);
    let page = dir.path().join("out.html");
    let plain = pf1e_sim(&["sweep", &path]);
    let out = pf1e_sim(&["sweep", &path, "--html", page.to_str().unwrap()]);
    assert_exit(&out, 0);
    assert_eq!(out.stdout, plain.stdout);
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
    let html = std::fs::read_to_string(&page).unwrap();
    assert!(html.starts_with("<!DOCTYPE html>\n") && html.ends_with("</html>\n"));
    for banned in ["http://", "https://", "<script"] {
        assert!(!html.contains(banned), "{banned}");
    }
    // One heatmap (two axes) of 3 × 3 squares, each with its band on hover.
    assert_eq!(html.matches("<rect class=\"rect\"").count(), 9);
    assert!(html.contains("(bande 3σ)"));
    // The map drawn once per placement option, the start squares marked (zone A has 7
    // passable squares: a pillar is the 8th).
    assert_eq!(html.matches("<figcaption>depart_players = ").count(), 3);
    assert_eq!(html.matches("<circle ").count(), 7 + 3 + 3);
    // No temporary file left beside the page.
    let names: Vec<_> = std::fs::read_dir(dir.path())
        .unwrap()
        .map(|e| e.unwrap().file_name())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    // The same page twice.
    let again = pf1e_sim(&["sweep", &path, "--html", page.to_str().unwrap()]);
    assert_exit(&again, 0);
    assert_eq!(std::fs::read_to_string(&page).unwrap(), html);
}

fn cache_entries(dir: &std::path::Path) -> Vec<std::path::PathBuf> {
    let mut files: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    files
}

#[test]
fn cache_reuses_every_cell_and_ignores_a_corrupt_entry() {
    let (dir, path) = sample_with("name: ", "name: ", 100);
    let cache = dir.path().join("cache");
    let cache_arg = cache.to_str().unwrap();
    let plain = pf1e_sim(&["sweep", &path]);
    let first = pf1e_sim(&["sweep", &path, "--cache", cache_arg]);
    assert_exit(&first, 0);
    assert_eq!(first.stdout, plain.stdout);
    let entries = cache_entries(&cache);
    assert_eq!(entries.len(), 9);
    let before: Vec<String> = entries
        .iter()
        .map(|e| std::fs::read_to_string(e).unwrap())
        .collect();

    let second = pf1e_sim(&["sweep", &path, "--cache", cache_arg]);
    assert_exit(&second, 0);
    assert_eq!(second.stdout, first.stdout);
    assert!(stderr(&second).is_empty(), "{}", stderr(&second));
    assert_eq!(cache_entries(&cache), entries);

    // The cells are read, not played: a doctored (but well-formed) entry shows in the output.
    let mut entry: serde_json::Value = serde_json::from_str(&before[0]).unwrap();
    let wins: Vec<u64> = entry["tally"]["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .collect();
    entry["tally"]["wins"] = serde_json::json!([wins[1], wins[0]]);
    // The sides' distributions swap with their wins, so the entry still holds together.
    let mut survivors = entry["tally"]["survivors"].as_array().unwrap().clone();
    let half = survivors.len() / 2;
    survivors.rotate_left(half);
    entry["tally"]["survivors"] = serde_json::Value::Array(survivors);
    let first_wins = entry["tally"]["firsts"]["win"].as_array().unwrap().clone();
    entry["tally"]["firsts"]["win"] = serde_json::json!([first_wins[1], first_wins[0]]);
    let fixed = serde_json::to_string_pretty(&entry).unwrap();
    assert!(wins[0] == wins[1] || fixed != before[0], "{fixed}");
    std::fs::write(&entries[0], &fixed).unwrap();
    let swapped = pf1e_sim(&["sweep", &path, "--cache", cache_arg, "--format", "csv"]);
    assert_exit(&swapped, 0);
    let fresh = pf1e_sim(&["sweep", &path, "--format", "csv"]);
    if wins[0] != wins[1] {
        assert_ne!(swapped.stdout, fresh.stdout);
    }

    // A corrupt entry: a warning, the cell played again and rewritten, the same output.
    std::fs::write(&entries[0], "garbage").unwrap();
    let third = pf1e_sim(&["sweep", &path, "--cache", cache_arg]);
    assert_exit(&third, 0);
    assert_eq!(third.stdout, first.stdout);
    let err = stderr(&third);
    assert!(
        err.starts_with("warning: ignoring cache entry ") && err.lines().count() == 1,
        "{err}"
    );
    assert_eq!(std::fs::read_to_string(&entries[0]).unwrap(), before[0]);
    assert_eq!(cache_entries(&cache), entries);

    // One more option: only its cells are new.
    let text = std::fs::read_to_string(&path).unwrap();
    std::fs::write(
        &path,
        text.replace("hold_and_shoot]", "hold_and_shoot, kite]"),
    )
    .unwrap();
    let more = pf1e_sim(&["sweep", &path, "--cache", cache_arg]);
    assert_exit(&more, 0);
    assert_eq!(cache_entries(&cache).len(), 12);
}

/// The sample sweep's JSON is pinned byte for byte (a change of rules, of the random stream or
/// of the sweep report shows here). Regenerate deliberately with
/// `PF1E_BLESS=1 cargo test sweep_arena_json_golden`.
#[test]
fn sweep_arena_json_golden() {
    let out = pf1e_sim(&["sweep", SAMPLE, "--format", "json"]);
    assert_exit(&out, 0);
    crate::util::assert_golden(
        "sweep_arena.json",
        &stdout(&out),
        "`pf1e-sim sweep data/sweeps/arena.yaml --format json` changed; if on purpose: PF1E_BLESS=1 cargo test sweep_arena_json_golden",
    );
}
