//! Every pairing of the data files (each monster and PC against each, itself included) plays
//! 1,000 fights on an open field without a panic, and every fight ends within the round cap
//! (issue « The fight », « Tests that must exist »). On that walled field every creature can
//! walk up to every other, so a fight that ends by the round cap is a creature idling while it
//! could reach its enemy — unless the pairing is one of the genuine stalemates listed in
//! [`STALEMATES`], each with the reason neither side can end it.

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

/// Pairings (file names, in either order) that may end by the round cap although both
/// creatures reach each other, and why the fight does not end.
const STALEMATES: &[(&str, &str, &str)] = &[
    // Two Tiny creatures whose only attacks have reach 0: each must enter the other's square
    // to strike, and two creatures of one size never share a square (the reference spec,
    // « Tailles et occupation multi-cases »). Neither can attack at all.
    ("imp.json", "imp.json", TINY),
    ("imp.json", "quasit.json", TINY),
    ("quasit.json", "quasit.json", TINY),
    // DR 5/bludgeoning against slashing and piercing weapons: the hits do 0 damage, and the
    // other side rarely hits back (the imp also heals 2 a round).
    ("imp.json", "skeleton_human.json", DR),
    ("medusa.json", "skeleton_human.json", DR),
    ("skeleton_human.json", "skeleton_human.json", DR),
    ("skeleton_human.json", "quill.json", DR),
    // « Bestiary — Fast Healing »: the imp heals 2 a round, more than the zombie's slam leaves
    // through its DR 5/good or silver (1d6+4 at +4 against AC 17: about 1 a round), and the
    // imp's sting does nothing through the zombie's DR 5/slashing.
    ("imp.json", "zombie_human.json", FAST_HEALING),
];

const TINY: &str = "Tiny against Tiny, reach 0: no attack possible";
const DR: &str = "damage reduction stops every ordinary hit";
const FAST_HEALING: &str = "fast healing outheals every hit that gets through";

/// The pairing `a` vs `b` is listed in [`STALEMATES`].
fn stalemate(a: &str, b: &str) -> bool {
    let name = |path: &str| {
        let file = std::path::Path::new(path).file_name();
        file.map_or(String::new(), |f| f.to_string_lossy().into_owned())
    };
    let (a, b) = (name(a), name(b));
    STALEMATES
        .iter()
        .any(|&(x, y, _)| (x == a && y == b) || (x == b && y == a))
}

/// The first runs (at most five) among `0..runs` of `scenario` that end by the round cap: each
/// is played again alone, and a draw that lasted all `cap` rounds is one.
fn capped_runs(scenario: &Scenario, runs: u64, cap: u32) -> Vec<u64> {
    (0..runs)
        .filter(|&i| {
            let t = run_range(scenario, Seed(7), i..i + 1);
            t.draws == 1 && t.rounds_sum == u64::from(cap)
        })
        .take(5)
        .collect()
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
    let idle = std::sync::Mutex::new(Vec::new());
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
            if t.draws > 0 && !stalemate(&files[i].0, &files[j].0) {
                let capped = capped_runs(&scenario, RUNS, CAP);
                if !capped.is_empty() {
                    let line = format!("{who}: {} draws, runs {capped:?} capped", t.draws);
                    idle.lock().unwrap().push(line);
                }
            }
        }
    };
    let half = pairs.len() / 2;
    std::thread::scope(|s| {
        s.spawn(|| check(&pairs[..half]));
        check(&pairs[half..]);
    });
    let idle = idle.into_inner().unwrap();
    assert!(
        idle.is_empty(),
        "fights ended by the round cap although both sides reach each other (list a genuine \
         stalemate in STALEMATES with its reason): {idle:#?}"
    );
}
