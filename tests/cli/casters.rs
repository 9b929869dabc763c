//! Encounters with casters through the CLI: the spell catalogue comes from `data/spells` by
//! default or from `--spells DIR` (a sweep's `spells:` key), is needed only when a combatant
//! names spells, and every mistake in it or in a caster's list exits 2 with one line naming the
//! file (line:column for syntax). Reports with casters are compared between paths (threads,
//! shard sizes, slices and merge, sweeps), never pinned: what casting does is the engine's.

use std::path::Path;
use std::process::Output;

use crate::util::{assert_exit, caster_sweep, path_str, pf1e_sim, root, stderr, stdout, temp_file};

const ARENA: &str = "data/maps/sample_arena.yaml";
const MAELIS: &str = "data/pcs/maelis.json";
const SERA: &str = "data/pcs/sera.json";
const DROW: &str = "data/monsters/drow_noble.json";
const ORC: &str = "data/monsters/orc.json";

/// `run` of Maelis and Sera against the drow noble and two orcs, then `extra`.
fn casters(extra: &[&str]) -> Output {
    let mut args = vec![
        "run", "--map", ARENA, "--side", "players", MAELIS, SERA, "--side", "monsters", DROW, ORC,
        ORC, "--runs", "240",
    ];
    args.extend_from_slice(extra);
    pf1e_sim(&args)
}

/// A copy of `data/spells` in a fresh folder `spells` of a temporary folder; `edit` may change
/// a file's text (by file name) on the way.
fn spells_copy(edit: impl Fn(&str, String) -> String) -> (tempfile::TempDir, String) {
    let dir = tempfile::tempdir().unwrap();
    let folder = dir.path().join("spells");
    std::fs::create_dir(&folder).unwrap();
    for entry in std::fs::read_dir(root().join("data/spells")).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let text = std::fs::read_to_string(&path).unwrap();
        std::fs::write(folder.join(&name), edit(&name, text)).unwrap();
    }
    (dir, path_str(&folder))
}

/// The error lines of a data error (exit 2).
fn errors(out: &Output) -> Vec<String> {
    assert_exit(out, 2);
    assert!(stdout(out).is_empty(), "{}", stdout(out));
    stderr(out).lines().map(str::to_string).collect()
}

#[test]
fn a_run_with_casters_reads_the_default_catalogue_and_any_folder_given() {
    let default = casters(&[]);
    assert_exit(&default, 0);
    assert!(stderr(&default).is_empty(), "{}", stderr(&default));
    assert!(stdout(&default).contains("players : 2 combattants"));
    let named = casters(&["--spells", "data/spells"]);
    assert_eq!(stdout(&named), stdout(&default));
    let (_dir, copy) = spells_copy(|_, text| text);
    let elsewhere = casters(&["--spells", &copy]);
    assert_exit(&elsewhere, 0);
    assert_eq!(stdout(&elsewhere), stdout(&default));
}

#[test]
fn casters_give_the_same_bytes_for_every_thread_count_and_shard_size() {
    let reference = casters(&["--threads", "1", "--format", "json", "--transcript"]);
    assert_exit(&reference, 0);
    for (threads, shard_runs) in [("2", "1000"), ("1", "7"), ("2", "31")] {
        let out = casters(&[
            "--threads",
            threads,
            "--shard-runs",
            shard_runs,
            "--format",
            "json",
            "--transcript",
        ]);
        assert_exit(&out, 0);
        assert_eq!(
            stdout(&out),
            stdout(&reference),
            "threads {threads}, shards of {shard_runs}"
        );
    }
}

#[test]
fn a_missing_catalogue_names_the_caster_the_folder_and_the_option() {
    let out = casters(&["--spells", "no/such/folder"]);
    assert_eq!(
        errors(&out),
        [format!(
            "error: {MAELIS}: spells: names spells, but there is no spell catalogue folder \
             no/such/folder (give the catalogue folder with --spells DIR)"
        )]
    );
    // Non-casters never read a catalogue.
    let out = pf1e_sim(&[
        "run",
        "--map",
        ARENA,
        "--side",
        "players",
        ORC,
        "--side",
        "monsters",
        ORC,
        "--runs",
        "5",
        "--spells",
        "no/such/folder",
    ]);
    assert_exit(&out, 0);
}

#[test]
fn a_bad_spell_file_exits_2_with_its_line_and_column() {
    let (_dir, copy) = spells_copy(|name, text| match name {
        "bless.json" => text.replace("\"school\"", "\"schol\""),
        _ => text,
    });
    let lines = errors(&casters(&["--spells", &copy]));
    assert_eq!(lines.len(), 1, "{lines:#?}");
    let prefix = format!("error: {copy}/bless.json:");
    assert!(lines[0].starts_with(&prefix), "{lines:#?}");
    let location: Vec<&str> = lines[0][prefix.len()..].splitn(3, ':').collect();
    assert!(
        location[0].parse::<u32>().is_ok() && location[1].parse::<u32>().is_ok(),
        "{lines:#?}"
    );
    assert!(lines[0].contains("did you mean `school`"), "{lines:#?}");
}

/// A copy of Maelis whose spell list has `from` replaced by `to`.
fn maelis_with(from: &str, to: &str) -> (tempfile::TempDir, String) {
    let text = std::fs::read_to_string(root().join(MAELIS)).unwrap();
    assert!(text.contains(from));
    temp_file("maelis.json", &text.replacen(from, to, 1))
}

#[test]
fn an_unknown_spell_exits_2_with_a_suggestion_from_the_whole_catalogue() {
    let (_dir, maelis) = maelis_with("\"fireball\"", "\"fireblal\"");
    let out = pf1e_sim(&[
        "run", "--map", ARENA, "--side", "players", &maelis, "--side", "monsters", ORC,
    ]);
    assert_eq!(
        errors(&out),
        [format!(
            "error: {maelis}: spells[11]: unknown spell `fireblal` (did you mean `fireball`?)"
        )]
    );
    let (_dir, maelis) = maelis_with("\"haste\"", "\"cure light wounds\"");
    let out = pf1e_sim(&[
        "run", "--map", ARENA, "--side", "players", &maelis, "--side", "monsters", ORC,
    ]);
    let lines = errors(&out);
    assert!(
        lines[0].starts_with(&format!(
            "error: {maelis}: spells[12]: `Cure Light Wounds` is not on the sorcerer_wizard list"
        )),
        "{lines:#?}"
    );
}

#[test]
fn a_summon_spell_reads_its_creature_beside_the_catalogue() {
    let (_dir, maelis) = maelis_with("\"haste\"", "\"haste\", \"summon monster i\"");
    let job = |extra: &[&str]| {
        let mut args = vec![
            "run", "--map", ARENA, "--side", "players", &maelis, "--side", "monsters", ORC, ORC,
            "--runs", "50",
        ];
        args.extend_from_slice(extra);
        pf1e_sim(&args)
    };
    assert_exit(&job(&[]), 0);
    // A catalogue without a monsters folder beside it: the creature cannot be read.
    let (_spells, copy) = spells_copy(|_, text| text);
    let lines = errors(&job(&["--spells", &copy]));
    let parent = Path::new(&copy).parent().unwrap().display().to_string();
    assert_eq!(
        lines[0],
        format!(
            "error: {copy}/summon_monster_i.json: effects: the summoned creature \
             `../monsters/dire_rat.json` ({parent}/monsters/dire_rat.json) cannot be read: \
             cannot read the file: no such file"
        ),
        "{lines:#?}"
    );
}

/// Writes slice `k` of `n` of the casters' job to `dir` and returns its path.
fn slice(dir: &Path, k: u64, n: u64) -> String {
    let out = path_str(&dir.join(format!("slice-{k}.json")));
    let shard = format!("{k}/{n}");
    let o = casters(&["--shard-runs", "40", "--shard", &shard, "--tally-out", &out]);
    assert_exit(&o, 0);
    out
}

#[test]
fn casters_slices_merge_to_run_s_bytes() {
    let reference = casters(&["--shard-runs", "40"]);
    assert_exit(&reference, 0);
    let dir = tempfile::tempdir().unwrap();
    let files: Vec<String> = (1..=3).map(|k| slice(dir.path(), k, 3)).collect();
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let merged = pf1e_sim(&args);
    assert_exit(&merged, 0);
    assert_eq!(stdout(&merged), stdout(&reference));
}

#[test]
fn a_sweep_of_casters_reads_its_spells_key_and_slices_merge_to_its_bytes() {
    let spells = format!("spells: {}\n", path_str(&root().join("data/spells")));
    let dir = tempfile::tempdir().unwrap();
    let sweep = caster_sweep(dir.path(), &spells);
    let whole = pf1e_sim(&["sweep", &sweep, "--format", "csv"]);
    assert_exit(&whole, 0);
    assert_eq!(stdout(&whole).lines().count(), 3, "{}", stdout(&whole));
    let files: Vec<String> = (1..=2)
        .map(|k| {
            let out = path_str(&dir.path().join(format!("s{k}.json")));
            let shard = format!("{k}/2");
            let o = pf1e_sim(&["sweep", &sweep, "--shard", &shard, "--tally-out", &out]);
            assert_exit(&o, 0);
            out
        })
        .collect();
    let merged = pf1e_sim(&["merge", &files[0], &files[1], "--format", "csv"]);
    assert_exit(&merged, 0);
    assert_eq!(stdout(&merged), stdout(&whole));
    // Without the key, the catalogue is `../spells` from the sweep file: missing at first…
    let dir = tempfile::tempdir().unwrap();
    let sweep = caster_sweep(dir.path(), "");
    let lines = errors(&pf1e_sim(&["sweep", &sweep, "--format", "csv"]));
    assert_eq!(lines.len(), 1, "{lines:#?}");
    assert!(
        lines[0].contains(": spells: names spells, but there is no spell catalogue folder")
            && lines[0].contains("/sweeps/../spells (set `spells:` in"),
        "{lines:#?}"
    );
    // … then found beside the sweep's folder.
    let folder = dir.path().join("spells");
    std::fs::create_dir(&folder).unwrap();
    for entry in std::fs::read_dir(root().join("data/spells")).unwrap() {
        let path = entry.unwrap().path();
        std::fs::copy(&path, folder.join(path.file_name().unwrap())).unwrap();
    }
    let default = pf1e_sim(&["sweep", &sweep, "--format", "csv"]);
    assert_exit(&default, 0);
    assert_eq!(stdout(&default), stdout(&whole));
}

/// Every caster of data/ casts in its fights: the first fights' transcripts show its spells
/// (the default policy casts when a spell is worth more than its weapons). Ivo, the level-1
/// magus, casts against the gargoyle, whose DR 10/magic stops his longsword and crossbow but
/// not his acid splash or shocking grasp; against orcs his longsword is worth more (the spell
/// combat that lets a magus do both belongs to the class abilities).
#[test]
fn every_caster_in_data_casts_in_its_fights() {
    let party = [
        "data/pcs/torvald.json",
        "data/pcs/quill.json",
        "data/pcs/rowan.json",
    ];
    let orcs = [ORC, ORC];
    let gargoyle = ["data/monsters/gargoyle.json"];
    let cases: [(&str, &[&str]); 6] = [
        (MAELIS, &orcs),
        (SERA, &orcs),
        ("data/pcs/hesper.json", &orcs),
        (DROW, &party),
        ("data/monsters/lich.json", &party),
        ("data/pcs/ivo.json", &gargoyle),
    ];
    for (caster, foes) in cases {
        let casts = (1..=4).any(|seed| {
            let seed = seed.to_string();
            let mut args = vec!["run", "--map", ARENA, "--side", "players", caster];
            args.push("--side");
            args.push("monsters");
            args.extend_from_slice(foes);
            args.extend_from_slice(&["--runs", "1", "--seed", &seed, "--transcript"]);
            let out = pf1e_sim(&args);
            assert_exit(&out, 0);
            stdout(&out).lines().any(|l| l.contains(" casts "))
        });
        assert!(casts, "{caster} never casts in its first fights");
    }
}
