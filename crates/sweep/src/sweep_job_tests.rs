//! Tests of loading a sweep through an in-memory reader: each file read once, every problem
//! reported before any fight, one source per cell that compiles to the cell's scenario, and
//! cache keys that tell cells apart.

use std::collections::BTreeMap;

use pf1e_engine::board::Pos;
use pf1e_engine::scenario::Tactic;

use crate::spells::SpellLibrary;

use super::*;

const SWEEP: &str = include_str!("../../../data/sweeps/arena.yaml");

const BUILD: RulesBuild = RulesBuild {
    rules_hash: "rules",
    engine_version: "0.1.0",
};

/// The data files by path as written in the sample sweep, labelled `data/…`.
fn data() -> BTreeMap<&'static str, (&'static str, &'static str)> {
    BTreeMap::from([
        (
            "../maps/sample_arena_markers.yaml",
            (
                "data/maps/sample_arena_markers.yaml",
                include_str!("../../../data/maps/sample_arena_markers.yaml"),
            ),
        ),
        (
            "../maps/sample_arena.yaml",
            (
                "data/maps/sample_arena.yaml",
                include_str!("../../../data/maps/sample_arena.yaml"),
            ),
        ),
        (
            "../monsters/goblin.json",
            (
                "data/monsters/goblin.json",
                include_str!("../../../data/monsters/goblin.json"),
            ),
        ),
        (
            "../monsters/orc.json",
            (
                "data/monsters/orc.json",
                include_str!("../../../data/monsters/orc.json"),
            ),
        ),
    ])
}

/// Loads `text` as `data/sweeps/arena.yaml`; returns the job (or errors) and the paths read.
fn load(text: &str) -> (Result<SweepJob, Vec<DataError>>, Vec<String>) {
    let files = data();
    let mut reads = Vec::new();
    let mut read = |path: &str| {
        reads.push(path.to_string());
        match files.get(path) {
            Some((label, text)) => Ok(Document::new(*label, *text)),
            None => Err(DataError::new(
                path,
                "",
                "cannot read the file: no such file",
            )),
        }
    };
    let job = SweepJob::load(Document::new("data/sweeps/arena.yaml", text), &mut read);
    (job, reads)
}

#[test]
fn the_sample_sweep_reads_each_file_once_and_builds_nine_cells() {
    let (job, reads) = load(SWEEP);
    let job = job.unwrap();
    assert_eq!(
        reads,
        [
            "../maps/sample_arena_markers.yaml",
            "../monsters/goblin.json",
            "../monsters/orc.json"
        ]
    );
    assert_eq!(job.cells.len(), 9);
    assert_eq!(job.sides, ["players", "monsters"]);
    assert_eq!(job.map_title, "Arène d'essai (repères de balayage)");
    // Cell 4 (centre, focus_weakest): goblins on the given squares, orcs focus the weakest.
    let cell = &job.cells[4];
    assert_eq!(cell.cell, [1, 1]);
    let source = &cell.source;
    assert_eq!(source.combatants.len(), 2);
    assert_eq!(source.sides[0].members, [0, 0, 0]);
    assert_eq!(
        source.sides[0].start,
        Some(vec![Pos::new(3, 8), Pos::new(4, 8), Pos::new(5, 8)])
    );
    assert_eq!(source.sides[1].tactic, Tactic::FocusWeakest);
    let monsters = cell.scenario.side_index("monsters").unwrap();
    assert_eq!(cell.scenario.tactic(monsters), Tactic::FocusWeakest);
    assert_eq!(source.compile().unwrap().units().len(), 5);
}

#[test]
fn cache_keys_tell_cells_and_builds_apart() {
    let job = load(SWEEP).0.unwrap();
    let keys: Vec<ContentHash> = (0..9).map(|i| job.cell_key(i, BUILD, None)).collect();
    let mut distinct = keys.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(distinct.len(), 9);
    assert_eq!(load(SWEEP).0.unwrap().cell_key(3, BUILD, None), keys[3]);
    let other = RulesBuild {
        rules_hash: "other",
        ..BUILD
    };
    assert_ne!(job.cell_key(3, other, None), keys[3]);
    let more_runs = load(&SWEEP.replace("runs: 2000", "runs: 2001")).0.unwrap();
    assert_ne!(more_runs.cell_key(3, BUILD, None), keys[3]);
    let band = "0.5".parse().ok();
    assert_ne!(job.cell_key(3, BUILD, band), keys[3]);
    assert_ne!(
        job.cell_key(3, BUILD, band),
        job.cell_key(3, BUILD, "1".parse().ok())
    );
}

#[test]
fn every_unreadable_file_is_reported_once() {
    let text = SWEEP.replace("../monsters/orc.json", "../monsters/nope.json");
    let (job, reads) = load(&text);
    let errors = job.unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:?}");
    assert_eq!(errors[0].file, "../monsters/nope.json");
    assert_eq!(reads.iter().filter(|r| r.contains("nope")).count(), 1);
}

#[test]
fn a_placement_of_one_map_is_checked_on_every_map() {
    let text = SWEEP.replace(
        "axes:\n",
        "axes:\n  - name: carte\n    map: { options: { a: ../maps/sample_arena_markers.yaml, b: ../maps/sample_arena.yaml } }\n",
    );
    let errors = load(&text).0.unwrap_err();
    assert!(
        errors
            .iter()
            .any(|e| e.field == "axes[1].placements.options.piliers"
                && e.message.ends_with("(map data/maps/sample_arena.yaml)")),
        "{errors:#?}"
    );
}

#[test]
fn the_page_draws_the_map_once_per_placement_option() {
    let job = load(SWEEP).0.unwrap();
    let results = job.results(
        job.cells
            .iter()
            .map(|c| {
                let mut t = Tally::empty(2, 5);
                t.fights = 1;
                t.wins[c.cell[0] % 2] = 1;
                t
            })
            .collect(),
        None,
    );
    let page = job.page(&results);
    assert_eq!(page.matches("<figcaption>depart_players = ").count(), 3);
}

/// A wizard who casts fireball and haste.
const WIZARD: &str = r#"{"name": "Wizard", "role": "pc", "level": 5, "abilities": {"str_score": 10,
    "dex_score": 10, "con_score": 10, "int_score": 16, "wis_score": 10, "cha_score": 10},
    "hp_max": 20, "ac": {"total": 12, "touch": 12, "flat_footed": 10}, "bab": 2,
    "initiative_mod": 0, "saves": {"fort": 1, "ref": 1, "will": 4}, "casting_ability": "int",
    "spell_list": "sorcerer_wizard", "casting": "prepared", "spell_slots": {"3": 2},
    "spells": ["fireball", "haste"]}"#;

/// The sample sweep with the wizard among the goblins, its `spells:` line `spells`; the
/// folders asked of the spell reader are recorded.
fn load_casters(spells: &str) -> (Result<SweepJob, Vec<DataError>>, Vec<String>) {
    let files = data();
    let mut read = |path: &str| match path {
        "../pcs/wizard.json" => Ok(Document::new("data/pcs/wizard.json", WIZARD)),
        _ => files
            .get(path)
            .map(|(label, text)| Document::new(*label, *text))
            .ok_or_else(|| DataError::new(path, "", "no such file")),
    };
    let mut asked = Vec::new();
    let mut read_spells = |folder: &str, combatants: &[Combatant]| {
        asked.push(folder.to_string());
        let library = SpellLibrary::build(vec![
            Document::new(
                "data/spells/fireball.json",
                include_str!("../../../data/spells/fireball.json"),
            ),
            Document::new(
                "data/spells/haste.json",
                include_str!("../../../data/spells/haste.json"),
            ),
            Document::new(
                "data/spells/bless.json",
                include_str!("../../../data/spells/bless.json"),
            ),
        ])?;
        library.check(combatants)?;
        Ok(library)
    };
    let text = SWEEP
        .replace(
            "players: [../monsters/goblin.json, ../monsters/goblin.json, ../monsters/goblin.json]",
            "players: [../pcs/wizard.json, ../monsters/goblin.json, ../monsters/goblin.json]",
        )
        .replace("axes:\n", &format!("{spells}axes:\n"));
    let job = SweepJob::load_with_spells(
        Document::new("data/sweeps/arena.yaml", text),
        &mut read,
        &mut read_spells,
    );
    (job, asked)
}

#[test]
fn a_sweep_reads_its_spell_folder_only_for_casters_and_each_cell_gets_the_named_spells() {
    let (job, asked) = load_casters("");
    assert_eq!(asked, ["../spells"]);
    let job = job.unwrap();
    for cell in &job.cells {
        let labels: Vec<&str> = cell
            .source
            .spells
            .iter()
            .map(|d| d.label.as_str())
            .collect();
        assert_eq!(
            labels,
            ["data/spells/fireball.json", "data/spells/haste.json"]
        );
        assert_eq!(cell.scenario.units()[0].spells.known.len(), 2);
    }
    let (_, asked) = load_casters("spells: ../../catalogue\n");
    assert_eq!(asked, ["../../catalogue"]);
    // `load` reads no catalogue: a caster is an error naming its file and the key.
    let text = SWEEP.replace(
        "players: [../monsters/goblin.json,",
        "players: [../pcs/wizard.json,",
    );
    let files = data();
    let mut read = |path: &str| match path {
        "../pcs/wizard.json" => Ok(Document::new("data/pcs/wizard.json", WIZARD)),
        _ => Ok(files
            .get(path)
            .map(|(label, text)| Document::new(*label, *text))
            .unwrap()),
    };
    let errors =
        SweepJob::load(Document::new("data/sweeps/arena.yaml", text), &mut read).unwrap_err();
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(
        errors[0].to_string(),
        "data/pcs/wizard.json: spells: names spells, but no spell catalogue is read here (`spells: ../spells`)"
    );
}
