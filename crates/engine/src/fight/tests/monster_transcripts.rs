//! A transcript per monster of data/ (issue « Special abilities of monsters and classes »):
//! every monster file with `specials` plays seeded fights, default policy on both sides,
//! against a party of four level-5 fighters, and each rule that acts in a fight shows by the
//! line it logs. Rules that log nothing of their own are named here with why: `disease`
//! (recorded only: its onset is beyond a fight), `all_around_vision` and
//! `channel_resistance` (they change numbers: never flanked, a save bonus against channeled
//! energy), `rock_catching` (needs a rock thrown at it; `umr_monsters` pins it), `pounce`
//! (a charge then a full attack; `umr_monsters` pins the policy's choice). Feats show too
//! where they act here (the roc's flyby attack, the drow's channel smite); the hill giant's
//! cleave, across its wall, is pinned by `attack_feats`.
//! (a charge then a full attack; `umr_monsters` pins the policy's choice), the drow noble's
//! bleeding touch (its touches alternate and it falls to four fighters before a second one;
//! `monster_powers` pins it and the policy's choice), the lich's life sight (needs a concealed
//! or invisible foe) and power over undead (needs an undead foe: with none it never acts;
//! `monster_powers` pins both). The imp's and the quasit's fights load data/spells
//! ([`SPELL_LIKE`]): their spell-like abilities show as « (spell-like ».

use serde_json::json;

use crate::model::{Combatant, parse_combatant};

use super::support::*;

/// (file name, file text, a line each acting rule logs).
const MONSTERS: &[(&str, &str, &[&str])] = &[
    (
        "basilisk",
        include_str!("../../../../../data/monsters/basilisk.json"),
        &["gaze vs"],
    ),
    (
        "drow_noble",
        include_str!("../../../../../data/monsters/drow_noble.json"),
        &[
            "knockout poison vs",
            "channels negative energy",
            "channel smite",
            "touch of chaos vs",
        ],
    ),
    (
        "elephant",
        include_str!("../../../../../data/monsters/elephant.json"),
        &["tramples"],
    ),
    (
        "ghoul",
        include_str!("../../../../../data/monsters/ghoul.json"),
        &["paralysis vs"],
    ),
    (
        "flesh_golem",
        include_str!("../../../../../data/monsters/flesh_golem.json"),
        &["goes berserk"],
    ),
    (
        "gorgon",
        include_str!("../../../../../data/monsters/gorgon.json"),
        &["tramples", "breath weapon toward"],
    ),
    (
        "hill_giant",
        include_str!("../../../../../data/monsters/hill_giant.json"),
        &["rock vs"], // across a low wall (`WALLED`): in reach, its greatclub is worth more
    ),
    (
        "hydra",
        include_str!("../../../../../data/monsters/hydra.json"),
        &["severs a head", "fast healing"],
    ),
    (
        "imp",
        include_str!("../../../../../data/monsters/imp.json"),
        &["poison vs", "fast healing", "(spell-like"],
    ),
    (
        "lich",
        include_str!("../../../../../data/monsters/lich.json"),
        &["fear aura vs", "paralysis vs", "grave touch vs"],
    ),
    (
        "medusa",
        include_str!("../../../../../data/monsters/medusa.json"),
        &["gaze vs", "poison vs"],
    ),
    (
        "orc",
        include_str!("../../../../../data/monsters/orc.json"),
        &["ferocity"],
    ),
    (
        "quasit",
        include_str!("../../../../../data/monsters/quasit.json"),
        &["poison vs", "fast healing", "(spell-like"],
    ),
    (
        "roc",
        include_str!("../../../../../data/monsters/roc.json"),
        &["grapple vs", "flyby move"],
    ),
    (
        "troll",
        include_str!("../../../../../data/monsters/troll.json"),
        &["regeneration", "rend "],
    ),
    (
        "wolf",
        include_str!("../../../../../data/monsters/wolf.json"),
        &["trip vs"],
    ),
];

/// A level-5 fighter with a slashing longsword (a hydra's heads fall to it).
fn fighter(name: &str) -> Combatant {
    creature(
        name,
        json!({
            "level": 5, "bab": 5, "hp_max": 45,
            "ac": { "total": 18, "touch": 11, "flat_footed": 17 },
            "saves": { "fort": 5, "ref": 2, "will": 2 },
            "attacks": [melee("longsword", 9, "1d8+4", &["slashing"])]
        }),
    )
}

/// The monsters whose fights load data/spells: those whose spell-like abilities are all they
/// cast (the drow noble's and the lich's slot spells would take most of their turns and
/// hide their other abilities; `cast::spell_like` pins spell-like abilities on a caster).
const SPELL_LIKE: &[&str] = &["Imp", "Quasit"];

/// The monsters that fight across a low wall (impassable, partial cover): the rock thrower,
/// whose melee is worth more once in reach.
const WALLED: &[&str] = &["hill_giant"];

/// Every line logged in `runs` seeded fights of four fighters against `monster`, across a
/// low wall when `walled`.
fn transcripts(monster: Combatant, walled: bool, runs: u64) -> Vec<String> {
    let open = ".".repeat(20);
    let wall = format!("{}p{}", ".".repeat(8), ".".repeat(11));
    let terrain = vec![if walled { wall.as_str() } else { open.as_str() }; 8];
    let zones = [
        "AA..................",
        "AA..................",
        "AA............BBBBBB",
        "AA............BBBBBB",
        "..............BBBBBB",
        "..............BBBBBB",
        "..............BBBBBB",
        "..............BBBBBB",
    ];
    let party = (1..=4).map(|k| fighter(&format!("fighter{k}"))).collect();
    let spells = SPELL_LIKE.contains(&monster.name());
    let s = scenario(
        map(&terrain, &zones),
        vec![("a", party), ("b", vec![monster])],
        30,
    );
    let s = if spells {
        super::cast::with_spells(s)
    } else {
        s
    };
    (0..runs)
        .flat_map(|run| {
            let mut dice =
                crate::rng::SeededDice::for_run(crate::rng::Seed(11), crate::rng::RunIndex(run));
            play_dice(&s, &crate::policy::DefaultPolicy, &mut dice).render()
        })
        .collect()
}

#[test]
fn every_monster_in_data_shows_its_specials_in_a_transcript() {
    let mut missing = Vec::new();
    for &(name, text, needles) in MONSTERS {
        let monster = parse_combatant(name, text).unwrap();
        assert!(!monster.specials().is_empty(), "{name} has no specials");
        let lines = transcripts(monster, WALLED.contains(&name), 20);
        for needle in needles {
            if !lines.iter().any(|l| l.contains(needle)) {
                missing.push(format!("{name}: « {needle} »"));
            }
        }
    }
    assert!(missing.is_empty(), "never logged in 20 fights: {missing:?}");
}
