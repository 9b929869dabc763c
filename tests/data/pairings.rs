//! Every pairing of the data files (each monster and PC against each, itself included) plays
//! 1,000 fights on an open field without a panic, and every fight ends within the round cap
//! (issue « The fight », « Tests that must exist »).

use std::path::PathBuf;

use pf1e_engine::map::parse_map;
use pf1e_engine::model::{Combatant, parse_combatant};
use pf1e_engine::play::run_range;
use pf1e_engine::rng::Seed;
use pf1e_engine::scenario::{FightOptions, Scenario, SideSpec};

/// A 26×14 walled field; zones 6 columns wide at each end, room for a Gargantuan creature.
fn field() -> String {
    let mut text = String::from("name: champ\nterrain: |\n");
    let mut zones = String::from("zones: |\n");
    for row in 0..14 {
        let (mut t, mut z) = (String::new(), String::new());
        for col in 0..26 {
            let wall = row == 0 || row == 13 || col == 0 || col == 25;
            t.push(if wall { '#' } else { '.' });
            z.push(match col {
                _ if wall => '.',
                1..=6 => 'A',
                19..=24 => 'B',
                _ => '.',
            });
        }
        text.push_str(&format!("  {t}\n"));
        zones.push_str(&format!("  {z}\n"));
    }
    text.push_str("legend:\n  \"#\": { type: wall, move_cost: null, blocks_los: true }\n");
    text.push_str("  \".\": { type: floor, move_cost: 1 }\n");
    text.push_str(&zones);
    text.push_str("deployment:\n  a: A\n  b: B\n");
    text
}

fn data_files() -> Vec<(String, Combatant)> {
    let mut out = Vec::new();
    for dir in ["data/monsters", "data/pcs"] {
        let mut paths: Vec<PathBuf> = std::fs::read_dir(crate::util::root().join(dir))
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.extension().is_some_and(|e| e == "json"))
            .collect();
        paths.sort();
        for p in paths {
            let label = p.display().to_string();
            let text = std::fs::read_to_string(&p).unwrap();
            out.push((label.clone(), parse_combatant(&label, &text).unwrap()));
        }
    }
    out
}

#[test]
fn every_pairing_plays_a_thousand_fights_within_the_cap() {
    let map_text = field();
    let files = data_files();
    assert!(files.len() >= 30);
    let mut pairs = Vec::new();
    for i in 0..files.len() {
        for j in i..files.len() {
            pairs.push((i, j));
        }
    }
    const RUNS: u64 = 1000;
    const CAP: u32 = 100;
    let check = |chunk: &[(usize, usize)]| {
        for &(i, j) in chunk {
            let map = parse_map("champ", &map_text).unwrap();
            let sides = vec![
                SideSpec {
                    name: "a".into(),
                    combatants: vec![files[i].1.clone()],
                },
                SideSpec {
                    name: "b".into(),
                    combatants: vec![files[j].1.clone()],
                },
            ];
            let options = FightOptions {
                round_cap: CAP,
                simple_monster_death: false,
            };
            let scenario = Scenario::new(map, "champ", sides, options).unwrap();
            let t = run_range(&scenario, Seed(7), 0..RUNS);
            let who = format!("{} vs {}", files[i].0, files[j].0);
            assert_eq!(t.fights, RUNS, "{who}");
            assert_eq!(t.wins.iter().sum::<u64>() + t.draws, RUNS, "{who}");
            assert!(t.rounds_sum <= RUNS * u64::from(CAP), "{who}");
        }
    };
    let half = pairs.len() / 2;
    std::thread::scope(|s| {
        s.spawn(|| check(&pairs[..half]));
        check(&pairs[half..]);
    });
}
