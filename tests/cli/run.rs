//! `pf1e-sim run`: the quick start's report, byte-identical output for every thread count and
//! shard size, JSON, the transcript table, and data errors that exit 2 with one clear line.

use pf1e_sweep::json::JsonReport;

use crate::util::{assert_exit, pf1e_sim, root, small_run, stderr, stdout, temp_file};

const ARENA: &str = "data/maps/sample_arena.yaml";
const GOBLIN: &str = "data/monsters/goblin.json";
const ORC: &str = "data/monsters/orc.json";

/// `run` on the quick-start encounter (3 goblins vs 2 orcs), then `extra` arguments.
fn quick_start(extra: &[&str]) -> std::process::Output {
    let mut args = vec![
        "run", "--map", ARENA, "--side", "players", GOBLIN, GOBLIN, GOBLIN, "--side", "monsters",
        ORC, ORC,
    ];
    args.extend_from_slice(extra);
    pf1e_sim(&args)
}

#[test]
fn quick_start_prints_the_french_report() {
    let out = quick_start(&["--runs", "1000", "--seed", "1"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(
        text.starts_with(
            "=== Rapport d'équilibrage ===\n\
             Carte : Arène d'essai\n\
             players : 3 combattants\n\
             monsters : 2 combattants\n\
             1000 combats simulés (seed 1, plafond 100 rounds)\n\
             \n\
             Victoires players : "
        ),
        "{text}"
    );
    let lines: Vec<&str> = text.lines().collect();
    assert!(lines[6].contains("% (") && lines[6].contains(") — bande 3σ : ["));
    assert!(lines[7].starts_with("Victoires monsters : "), "{text}");
    assert!(lines[8].starts_with("Nuls : "), "{text}");
    assert!(lines[9].starts_with("Rounds moyens : "), "{text}");
    assert_eq!(lines[11], "Attrition moyenne par combattant :");
    assert!(
        lines[12].starts_with("Combattant  Camp      Touches"),
        "{text}"
    );
    let ids: Vec<&str> = lines[14..]
        .iter()
        .take_while(|l| !l.is_empty())
        .map(|l| l.split_whitespace().next().unwrap())
        .collect();
    assert_eq!(ids, ["goblin", "goblin-2", "goblin-3", "orc", "orc-2"]);
    assert_eq!(lines[20], "Synthèse :", "{text}");
    assert!(stderr(&out).is_empty(), "{}", stderr(&out));
}

#[test]
fn output_is_identical_for_every_thread_count_and_shard_size() {
    let mut reference: Option<String> = None;
    for threads in ["1", "2", "7"] {
        for shard_runs in ["1", "7", "1000"] {
            let out = quick_start(&[
                "--runs",
                "200",
                "--threads",
                threads,
                "--shard-runs",
                shard_runs,
            ]);
            assert_exit(&out, 0);
            let text = stdout(&out);
            match &reference {
                None => reference = Some(text),
                Some(first) => assert_eq!(
                    &text, first,
                    "--threads {threads} --shard-runs {shard_runs} differs from serial"
                ),
            }
        }
    }
    assert!(reference.unwrap().contains("200 combats simulés"));
}

#[test]
fn json_report_parses_and_outcomes_add_up_to_the_runs() {
    let out = quick_start(&["--runs", "200", "--seed", "3", "--format", "json"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(text.ends_with("}\n"));
    let report = JsonReport::parse(&text).unwrap_or_else(|e| panic!("{e}:\n{text}"));
    assert_eq!((report.runs, report.seed, report.fights), (200, 3, 200));
    assert_eq!(report.map, "Arène d'essai");
    let names: Vec<&str> = report.sides.iter().map(|s| s.name.as_str()).collect();
    assert_eq!(names, ["players", "monsters"]);
    let wins: u64 = report.sides.iter().map(|s| s.wins).sum();
    assert_eq!(wins + report.draws, 200);
    assert_eq!(
        report.tally.wins.iter().sum::<u64>() + report.tally.draws,
        200
    );
    assert_eq!(report.units.len(), 5);
    assert!(report.transcript.is_none());
    // The same job in several shards on several threads gives the same bytes.
    let sharded = quick_start(&[
        "--runs",
        "200",
        "--seed",
        "3",
        "--format",
        "json",
        "--threads",
        "7",
        "--shard-runs",
        "13",
    ]);
    assert_eq!(stdout(&sharded), text);
}

#[test]
fn transcript_table_comes_before_the_report() {
    let out = quick_start(&["--runs", "20", "--transcript"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "=== Déroulé du premier combat ===", "{text}");
    assert!(lines[1].starts_with("Round  Combattant  Message"), "{text}");
    assert!(lines[2].starts_with("-----  ----------"), "{text}");
    let report = lines
        .iter()
        .position(|l| *l == "=== Rapport d'équilibrage ===")
        .expect("the report follows the transcript");
    assert!(report > 3, "{text}");
    assert_eq!(lines[report - 1], "", "a blank line before the report");
    assert!(text.contains("20 combats simulés (seed 1, plafond 100 rounds)\n"));
    // Without --transcript the report comes alone, and is the same.
    let plain = stdout(&quick_start(&["--runs", "20"]));
    assert!(text.ends_with(&plain), "{text}\n---\n{plain}");
}

/// Asserts exit 2, nothing on stdout, and every stderr line is an `error: ` line; returns them.
fn data_error(out: &std::process::Output) -> Vec<String> {
    assert_exit(out, 2);
    assert!(stdout(out).is_empty(), "{}", stdout(out));
    let err = stderr(out);
    let lines: Vec<String> = err.lines().map(str::to_string).collect();
    assert!(!lines.is_empty());
    assert!(lines.iter().all(|l| l.starts_with("error: ")), "{err}");
    lines
}

#[test]
fn unknown_side_is_named_with_a_suggestion() {
    let out = pf1e_sim(&[
        "run", "--map", ARENA, "--side", "player", GOBLIN, "--side", "monsters", ORC,
    ]);
    let lines = data_error(&out);
    assert_eq!(
        lines[0],
        "error: data/maps/sample_arena.yaml: deployment: side `player` is not in the map's \
         deployment (sides: players, monsters; did you mean `players`?)"
    );
}

#[test]
fn a_missing_deployment_side_is_an_error() {
    let out = pf1e_sim(&["run", "--map", ARENA, "--side", "players", GOBLIN]);
    let lines = data_error(&out);
    assert_eq!(
        lines,
        [
            "error: data/maps/sample_arena.yaml: deployment.monsters: side `monsters` of the \
          deployment has no combatants: give it with --side monsters FILE..."
        ]
    );
}

#[test]
fn a_zone_too_small_is_an_error() {
    let mut args = vec!["run", "--map", ARENA, "--side", "players"];
    args.extend([GOBLIN; 8]);
    args.extend(["--side", "monsters", ORC]);
    let lines = data_error(&pf1e_sim(&args));
    assert_eq!(
        lines,
        [
            "error: data/maps/sample_arena.yaml: deployment.players: zone 'A' is too small for \
          side `players`: no room left for Goblin (8 of 8, Small)"
        ]
    );
}

#[test]
fn an_invalid_combatant_file_is_reported_once_with_its_field() {
    let orc = std::fs::read_to_string(crate::util::root().join(ORC)).unwrap();
    let (_dir, path) = temp_file("orc.json", &orc.replace("\"hp_max\": 6", "\"hp_max\": 0"));
    // Given three times, read once: its error is listed once.
    let out = pf1e_sim(&[
        "run", "--map", ARENA, "--side", "players", GOBLIN, "--side", "monsters", &path, &path,
        &path,
    ]);
    let lines = data_error(&out);
    assert_eq!(lines.len(), 1, "{lines:?}");
    assert!(
        lines[0].starts_with(&format!("error: {path}: hp_max: ")),
        "{lines:?}"
    );
}

#[test]
fn every_error_of_every_file_is_listed_before_exiting() {
    let out = pf1e_sim(&[
        "run",
        "--map",
        "no/such/map.yaml",
        "--side",
        "players",
        "no/such/goblin.json",
        "--side",
        "monsters",
        ORC,
    ]);
    let lines = data_error(&out);
    assert_eq!(
        lines,
        [
            "error: no/such/map.yaml: cannot read the file: no such file",
            "error: no/such/goblin.json: cannot read the file: no such file",
        ]
    );
}

#[test]
fn zero_runs_is_a_usage_error() {
    let out = quick_start(&["--runs", "0"]);
    assert_exit(&out, 2);
    assert!(stdout(&out).is_empty());
    let err = stderr(&out);
    assert_eq!(
        err.lines().next().unwrap(),
        "error: invalid value '0' for '--runs <RUNS>': must be at least 1",
        "{err}"
    );
    for bad in [
        ["--round-cap", "0"],
        ["--threads", "0"],
        ["--shard-runs", "0"],
    ] {
        let out = quick_start(&bad);
        assert_exit(&out, 2);
        assert!(stderr(&out).contains("must be at least 1"), "{bad:?}");
    }
}

/// The quick start's report is pinned byte for byte (a change of rules or of the random
/// stream shows here). Regenerate deliberately with `PF1E_BLESS=1 cargo test quick_start_golden`.
#[test]
fn quick_start_golden() {
    let out = pf1e_sim(&[
        "run",
        "--map",
        "data/maps/sample_arena.yaml",
        "--side",
        "players",
        "data/monsters/goblin.json",
        "data/monsters/goblin.json",
        "data/monsters/goblin.json",
        "--side",
        "monsters",
        "data/monsters/orc.json",
        "data/monsters/orc.json",
        "--runs",
        "1000",
        "--seed",
        "1",
    ]);
    assert_exit(&out, 0);
    crate::util::assert_golden(
        "quick_start.txt",
        &stdout(&out),
        "the quick-start report changed; if on purpose: PF1E_BLESS=1 cargo test quick_start_golden",
    );
}

/// Rules from the files reach the CLI: invisible orcs (a start condition) make the
/// goblins' hits roll concealment, the transcript says so, and the orcs win more often than in
/// the quick start — the same bytes on 1 and 2 threads.
#[test]
fn start_conditions_and_concealment_reach_the_report() {
    let orc = std::fs::read_to_string(root().join("data/monsters/orc.json")).expect("orc.json");
    let invisible = orc.replacen('{', "{\n  \"conditions\": [\"invisible\"],", 1);
    let (_dir, ghost) = temp_file("ghost_orc.json", &invisible);
    let goblin = "data/monsters/goblin.json";
    let run = |threads: &str| {
        let out = pf1e_sim(&[
            "run",
            "--map",
            "data/maps/sample_arena.yaml",
            "--side",
            "players",
            goblin,
            goblin,
            goblin,
            "--side",
            "monsters",
            &ghost,
            &ghost,
            "--runs",
            "1000",
            "--transcript",
            "--threads",
            threads,
        ]);
        assert_exit(&out, 0);
        stdout(&out)
    };
    let text = run("1");
    assert_eq!(text, run("2"));
    assert!(text.contains("concealment 50% d100="), "{text}");
    let monsters_wins = |report: &str| -> u32 {
        let line = report
            .lines()
            .find(|l| l.starts_with("Victoires monsters"))
            .expect("a monsters line");
        let count = line.split('(').nth(1).and_then(|r| r.split(')').next());
        count.and_then(|c| c.parse().ok()).expect("a win count")
    };
    let plain = stdout(&quick_start(&[]));
    assert!(
        monsters_wins(&text) > monsters_wins(&plain) + 100,
        "invisible orcs should win far more often:\n{text}"
    );
}

#[test]
fn fights_at_the_round_cap_and_a_wide_band_are_warned_about() {
    let out = small_run(&["--runs", "40", "--round-cap", "1"]);
    assert_exit(&out, 0);
    let text = stdout(&out);
    assert!(
        text.contains("des combats (") && text.contains("atteignent le plafond de 1 round : "),
        "{text}"
    );
    assert!(
        text.contains("est trop large pour conclure ; relancer avec --runs "),
        "{text}"
    );
    let quiet = small_run(&["--runs", "1000"]);
    assert!(!stdout(&quiet).contains("Attention"), "{}", stdout(&quiet));
}

#[test]
fn a_party_of_pcs_gets_the_crb_difficulty_and_monsters_alone_do_not() {
    let out = pf1e_sim(&[
        "run",
        "--map",
        "data/maps/sample_arena.yaml",
        "--side",
        "players",
        "data/pcs/aldric.json",
        "data/pcs/brakka.json",
        "data/pcs/torvald.json",
        "data/pcs/sera.json",
        "--side",
        "monsters",
        "data/monsters/ogre.json",
        "data/monsters/bugbear.json",
        "--runs",
        "50",
    ]);
    assert_exit(&out, 0);
    // Levels 3, 3, 4, 3 → APL 3; ogre (CR 3, 800 XP) + bugbear (CR 2, 600 XP) = 1,400 XP → CR 4.
    assert!(
        stdout(&out).contains("Difficulté CRB : exigeante (FP 4 contre NMG 3) — victoire simulée "),
        "{}",
        stdout(&out)
    );
    let goblins = small_run(&["--runs", "20"]);
    assert!(!stdout(&goblins).contains("Difficulté CRB"));
}

#[test]
fn transcript_run_n_is_the_fight_of_seed_s_plus_n() {
    let json = |extra: &[&str]| -> JsonReport {
        let mut args = vec!["--format", "json"];
        args.extend_from_slice(extra);
        let out = small_run(&args);
        assert_exit(&out, 0);
        JsonReport::parse(&stdout(&out)).unwrap()
    };
    let picked = json(&["--runs", "30", "--seed", "5", "--transcript-run", "17"]);
    let alone = json(&["--runs", "1", "--seed", "22", "--transcript"]);
    assert!(picked.transcript.is_some());
    assert_eq!(picked.transcript, alone.transcript);
    // The longest fight and the first win are found from the tally's record of first runs.
    let longest = json(&[
        "--runs",
        "30",
        "--seed",
        "5",
        "--transcript-pick",
        "longest",
    ]);
    let run = longest.tally.firsts.longest.unwrap().run.to_string();
    assert_eq!(
        longest.transcript,
        json(&["--runs", "30", "--seed", "5", "--transcript-run", &run]).transcript
    );
    let out = small_run(&["--runs", "30", "--transcript-run", "30"]);
    assert_exit(&out, 2);
    assert!(
        stderr(&out).contains("the job has runs 0 to 29"),
        "{}",
        stderr(&out)
    );
    let never = small_run(&[
        "--runs",
        "5",
        "--round-cap",
        "100",
        "--transcript-pick",
        "draw",
    ]);
    assert_exit(&never, 0);
}
