//! Rule tests of the area specials (Bestiary — Universal Monster Rules « Aura » (the lich's
//! fear aura), « Frightful Presence », « Gaze », « Breath Weapon », « Channel Resistance »;
//! CRB — « Channel Energy », « Selective Channeling »): tiny fights with scripted dice that pin
//! the exact log lines, with the lich, basilisk, medusa, gorgon, ghoul, drow noble and Sera of
//! `data/`.

use serde_json::json;

use crate::fight::{Action, UnitId};
use crate::model::{Combatant, parse_combatant};

use super::support::*;

fn data(name: &str, text: &str) -> Combatant {
    parse_combatant(name, text).unwrap()
}

fn lich() -> Combatant {
    data(
        "lich",
        include_str!("../../../../../data/monsters/lich.json"),
    )
}

fn basilisk() -> Combatant {
    data(
        "basilisk",
        include_str!("../../../../../data/monsters/basilisk.json"),
    )
}

fn gorgon() -> Combatant {
    data(
        "gorgon",
        include_str!("../../../../../data/monsters/gorgon.json"),
    )
}

fn ghoul() -> Combatant {
    data(
        "ghoul",
        include_str!("../../../../../data/monsters/ghoul.json"),
    )
}

fn sera() -> Combatant {
    data("sera", include_str!("../../../../../data/pcs/sera.json"))
}

/// A hero of `level` Hit Dice, saves +0.
fn hero(name: &str, level: u32) -> Combatant {
    creature(name, json!({ "level": level }))
}

#[test]
fn fear_aura_frightens_under_5_hd_and_shakes_the_others_once_a_fight() {
    // The lich's aura (60 ft., Will DC 18, 11 rounds): a 1-HD mage is frightened, a 6-HD
    // knight shaken; neither saves again in round 2.
    let s = scenario(
        room(&["AA.B"]),
        vec![
            ("a", vec![hero("mage", 1), hero("knight", 6)]),
            ("b", vec![lich()]),
        ],
        2,
    );
    let p = play_with(
        &s,
        &Plans::new().idle(&[0, 1, 2]),
        &d20s(&[20, 19, 1, 3, 2]),
    );
    p.assert_log(&[
        "- | - | initiative: mage d20=20+0=20",
        "- | - | initiative: knight d20=19+0=19",
        "- | - | initiative: lich d20=1+2=3",
        "1 | lich | fear aura vs mage: Will DC 18 d20=3+0=3 fails -> frightened for 11 rounds",
        "1 | lich | fear aura vs knight: Will DC 18 d20=2+0=2 fails -> shaken for 11 rounds",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn fear_aura_spares_who_saved_who_is_out_of_range_and_the_fearless() {
    // The mage saves and is not asked again; the far scout (65 ft.) and the fearless golem
    // never save.
    let golem = creature("golem", json!({ "immunities": ["mind_affecting"] }));
    let s = scenario(
        room(&["AB.A..........A"]),
        vec![
            ("a", vec![hero("mage", 1), golem, hero("scout", 1)]),
            ("b", vec![lich()]),
        ],
        2,
    );
    let p = play_with(
        &s,
        &Plans::new().idle(&[0, 1, 2, 3]),
        &d20s(&[20, 19, 18, 1, 18]),
    );
    assert_eq!(
        p.said_by("lich"),
        ["fear aura vs mage: Will DC 18 d20=18+0=18 saves"]
    );
}

#[test]
fn fear_effects_are_cumulative() {
    // « A shaken character who is made shaken again becomes frightened »: the knight, shaken
    // at the start, fails the lich's aura and is frightened.
    let knight = creature("knight", json!({ "level": 6, "conditions": ["shaken"] }));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![knight]), ("b", vec![lich()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[0, 1]), &d20s(&[20, 1, 2]));
    assert_eq!(
        p.said_by("lich"),
        ["fear aura vs knight: Will DC 18 d20=2-2=0 fails -> frightened for 11 rounds"]
    );
}

#[test]
fn frightful_presence_shakes_or_panics_by_hit_dice_when_it_attacks() {
    // A 10-HD dragon (30 ft., Will DC 15, 5d6 rounds) attacks: the 3-HD squire is panicked,
    // the 6-HD knight saves, the 12-HD lord has too many Hit Dice; the next attack asks no one.
    let dragon = creature(
        "dragon",
        json!({
            "level": 10,
            "attacks": [melee("bite", 20, "1", &["piercing"])],
            "specials": [{ "rule": "frightful_presence", "range_ft": 30, "dc": 15,
                           "duration": "5d6" }]
        }),
    );
    let s = scenario(
        room(&["ABAA"]),
        vec![
            (
                "a",
                vec![hero("squire", 3), hero("knight", 6), hero("lord", 12)],
            ),
            ("b", vec![dragon]),
        ],
        2,
    );
    let bite = Action::Attack {
        target: UnitId::new(0),
    };
    let mut rolls = d20s(&[1, 2, 3, 20, 5]);
    rolls.extend([(6, 1), (6, 2), (6, 3), (6, 4), (6, 5)]);
    rolls.extend(d20s(&[15, 10, 10]));
    let p = play_with(&s, &Plans::new().idle(&[0, 1, 2]).fixed(3, &[bite]), &rolls);
    p.assert_log(&[
        "- | - | initiative: squire d20=1+0=1",
        "- | - | initiative: knight d20=2+0=2",
        "- | - | initiative: lord d20=3+0=3",
        "- | - | initiative: dragon d20=20+0=20",
        "1 | dragon | frightful presence vs squire: Will DC 15 d20=5+0=5 fails -> panicked for 15 rounds",
        "1 | dragon | frightful presence vs knight: Will DC 15 d20=15+0=15 saves",
        "1 | dragon | bite vs squire d20=10+20=30 AC 10 -> HIT 1 dmg (squire hp 20 -> 19)",
        "2 | dragon | bite vs squire d20=10+20=30 AC 10 -> HIT 1 dmg (squire hp 19 -> 18)",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

#[test]
fn gaze_petrifies_at_the_start_of_the_turn_and_counts_as_downed() {
    // The basilisk's gaze (30 ft., Fort DC 15): the hero fails at the start of its turn and
    // is stone — out of the fight, alive; the basilisk's side wins.
    let s = scenario(
        room(&["A.B"]),
        vec![("a", vec![hero("hero", 1)]), ("b", vec![basilisk()])],
        3,
    );
    let p = play_with(&s, &Plans::new().idle(&[1]), &d20s(&[20, 1, 14]));
    p.assert_log(&[
        "- | - | initiative: hero d20=20+0=20",
        "- | - | initiative: basilisk d20=1-1=0",
        "1 | basilisk | gaze vs hero: Fort DC 15 d20=14+0=14 fails -> turned to stone",
        "- | - | battle over: b win in 1 rounds",
    ]);
    assert_eq!((p.tally.units[0].downed, p.tally.units[0].killed), (1, 0));
}

#[test]
fn gaze_averting_eyes_skips_the_save_half_the_time_and_conceals_the_gazer() {
    // Round 1 the fighter saves and averts its eyes, then attacks through the basilisk's
    // concealment (20 %); round 2 the d% (1–50) spares it the save and the concealment makes
    // it miss; round 3 (51+) it saves again.
    let fighter = creature(
        "fighter",
        json!({ "saves": { "fort": 30 }, "attacks": [melee("club", 30, "1", &["bludgeoning"])] }),
    );
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![fighter]), ("b", vec![basilisk()])],
        3,
    );
    let plan = [
        Action::AvertEyes { on: true },
        Action::Attack {
            target: UnitId::new(1),
        },
    ];
    let mut rolls = d20s(&[3, 13, 13, 2]);
    rolls.extend([(100, 92), (100, 33), (20, 16), (100, 9), (100, 79)]);
    rolls.extend([(20, 12), (20, 6), (100, 81)]);
    let p = play_with(&s, &Plans::new().idle(&[1]).fixed(0, &plan), &rolls);
    p.assert_log(&[
        "- | - | initiative: fighter d20=3+0=3",
        "- | - | initiative: basilisk d20=13-1=12",
        "1 | basilisk | gaze vs fighter: Fort DC 15 d20=13+30=43 saves",
        "1 | fighter | averts its eyes",
        "1 | fighter | club vs basilisk d20=2+30=32 AC 17 -> HIT (concealment 20% d100=92) 1 dmg (basilisk hp 52 -> 51)",
        "2 | fighter | averts its eyes from basilisk's gaze",
        "2 | fighter | club vs basilisk d20=16+30=46 AC 17 -> HIT, concealment 20% d100=9 -> MISS",
        "3 | basilisk | gaze vs fighter: Fort DC 15 d20=12+30=42 saves",
        "3 | fighter | club vs basilisk d20=6+30=36 AC 17 -> HIT (concealment 20% d100=81) 1 dmg (basilisk hp 51 -> 50)",
        "- | - | battle over: draw after 3 rounds (round cap)",
    ]);
}

#[test]
fn gaze_spares_the_blind() {
    let blind = creature("blind", json!({ "conditions": ["blinded"] }));
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![blind]), ("b", vec![basilisk()])],
        1,
    );
    let p = play_with(&s, &Plans::new().idle(&[0, 1]), &d20s(&[20, 1]));
    assert_eq!(p.count("gaze"), 0);
}

#[test]
fn breath_weapon_petrifies_the_cone_and_recharges() {
    // The gorgon (Large, 60-ft. cone, Fort DC 21, every 1d4+1 rounds) breathes toward h2:
    // the cone catches h1, h2 and h3, not h4 beside it. h2 saves; h1 and h3 are stone and
    // save again at the start of their turns (h3 rolls a 20 and is flesh again); the gorgon
    // cannot breathe again until round 5 (1 + 1d4+1 = 1 + 4).
    let tough = creature("h2", json!({ "saves": { "fort": 30 } }));
    let s = scenario(
        room(&["AA....", "AA.B..", "...BB.", "B....."]),
        vec![
            ("a", vec![gorgon()]),
            (
                "b",
                vec![hero("h1", 1), tough, hero("h3", 1), hero("h4", 1)],
            ),
        ],
        2,
    );
    let plan = [Action::Breathe {
        target: UnitId::new(2),
    }];
    let mut rolls = d20s(&[20, 10, 9, 8, 7]);
    rolls.push((4, 3));
    rolls.extend(d20s(&[5, 5, 5, 3, 20, 4]));
    let p = play_with(
        &s,
        &Plans::new().idle(&[1, 2, 3, 4]).fixed(0, &plan),
        &rolls,
    );
    p.assert_log(&[
        "- | - | initiative: gorgon d20=20+4=24",
        "- | - | initiative: h1 d20=10+0=10",
        "- | - | initiative: h2 d20=9+0=9",
        "- | - | initiative: h3 d20=8+0=8",
        "- | - | initiative: h4 d20=7+0=7",
        "1 | gorgon | breath weapon toward h2: 3 caught, ready again in round 5",
        "1 | gorgon | breath vs h1: Fort DC 21 d20=5+0=5 fails -> petrified",
        "1 | gorgon | breath vs h2: Fort DC 21 d20=5+30=35 saves",
        "1 | gorgon | breath vs h3: Fort DC 21 d20=5+0=5 fails -> petrified",
        "1 | h1 | petrified: Fort DC 21 d20=3+0=3 fails",
        "1 | h3 | petrified: Fort DC 21 d20=20+0=20 saves -> flesh again",
        "2 | gorgon | breathe refused: recharging",
        "2 | h1 | petrified: Fort DC 21 d20=4+0=4 fails",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
    assert_eq!(p.tally.units[1].downed, 1);
    assert_eq!(p.tally.units[3].downed, 1);
}

#[test]
fn breath_weapon_damage_is_rolled_once_and_halved_on_a_save() {
    // A 30-ft. line of 4d6 fire, Reflex DC 14 half: 14 to the one who fails, 7 to the one
    // who saves, 9 to the one that fails but resists fire 5.
    let drake = creature(
        "drake",
        json!({ "specials": [{ "rule": "breath_weapon", "shape": "line", "range_ft": 30,
                               "dc": 14, "save": "reflex", "effect": "damage",
                               "damage": "4d6", "energy": "fire", "recharge": "1d4" }] }),
    );
    let salamander = creature("salamander", json!({ "resistances": { "fire": 5 } }));
    let s = scenario(
        room(&["ABBB"]),
        vec![
            ("a", vec![drake]),
            ("b", vec![hero("h1", 1), hero("h2", 1), salamander]),
        ],
        1,
    );
    let plan = [Action::Breathe {
        target: UnitId::new(3),
    }];
    let mut rolls = d20s(&[20, 3, 2, 1]);
    rolls.extend([(4, 2), (6, 1), (6, 3), (6, 4), (6, 6)]);
    rolls.extend(d20s(&[5, 14, 5]));
    let p = play_with(&s, &Plans::new().idle(&[1, 2, 3]).fixed(0, &plan), &rolls);
    p.assert_log(&[
        "- | - | initiative: drake d20=20+0=20",
        "- | - | initiative: h1 d20=3+0=3",
        "- | - | initiative: h2 d20=2+0=2",
        "- | - | initiative: salamander d20=1+0=1",
        "1 | drake | breath weapon toward salamander: 3 caught, ready again in round 3",
        "1 | drake | breath vs h1: Ref DC 14 d20=5+0=5 fails -> 14 dmg (h1 hp 20 -> 6)",
        "1 | drake | breath vs h2: Ref DC 14 d20=14+0=14 saves, half -> 7 dmg (h2 hp 20 -> 13)",
        "1 | drake | breath vs salamander: Ref DC 14 d20=5+0=5 fails -> 9 dmg (salamander hp 20 -> 11)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

fn brute(name: &str) -> Combatant {
    creature(
        name,
        json!({ "attacks": [melee("club", 30, "6", &["bludgeoning"])] }),
    )
}

#[test]
fn channel_energy_heals_the_living_in_the_burst() {
    // Two brutes hit the fighter and the mage for 6; Sera channels positive energy (2d6 = 7):
    // every living creature in the 30-ft burst heals, up to its maximum (the brutes too, at
    // full hit points: no line).
    let s = scenario(
        room(&["BAB", "AA."]),
        vec![
            ("a", vec![sera(), hero("fighter", 2), hero("mage", 1)]),
            ("b", vec![brute("brute"), brute("thug")]),
        ],
        1,
    );
    let plans = Plans::new()
        .idle(&[1, 2])
        .fixed(0, &[Action::Channel { harm: false }])
        .fixed(
            3,
            &[Action::Attack {
                target: UnitId::new(1),
            }],
        )
        .fixed(
            4,
            &[Action::Attack {
                target: UnitId::new(2),
            }],
        );
    let mut rolls = d20s(&[10, 2, 1, 20, 19, 10, 10]);
    rolls.extend([(6, 3), (6, 4)]);
    let p = play_with(&s, &plans, &rolls);
    p.assert_log(&[
        "- | - | initiative: sera d20=10+0=10",
        "- | - | initiative: fighter d20=2+0=2",
        "- | - | initiative: mage d20=1+0=1",
        "- | - | initiative: brute d20=20+0=20",
        "- | - | initiative: thug d20=19+0=19",
        "1 | brute | club vs fighter d20=10+30=40 AC 10 -> HIT 6 dmg (fighter hp 20 -> 14)",
        "1 | thug | club vs mage d20=10+30=40 AC 10 -> HIT 6 dmg (mage hp 20 -> 14)",
        "1 | sera | channels positive energy to heal (2d6 7), 5 left",
        "1 | sera | channel heals fighter 6: hp 14 -> 20",
        "1 | sera | channel heals mage 6: hp 14 -> 20",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn channel_energy_harms_undead_will_half_with_channel_resistance() {
    // Sera channels to harm: the ghouls (Will, +2 channel resistance) take 7, or 3 on a save;
    // the living are untouched.
    let s = scenario(
        room(&["BAB"]),
        vec![("a", vec![sera()]), ("b", vec![ghoul(), ghoul()])],
        1,
    );
    let plans = Plans::new()
        .idle(&[1, 2])
        .fixed(0, &[Action::Channel { harm: true }]);
    let mut rolls = d20s(&[20, 1, 1]);
    rolls.extend([(6, 3), (6, 4)]);
    rolls.extend(d20s(&[8, 2]));
    let p = play_with(&s, &plans, &rolls);
    p.assert_log(&[
        "- | - | initiative: sera d20=20+0=20",
        "- | - | initiative: ghoul d20=1+2=3",
        "- | - | initiative: ghoul-2 d20=1+2=3",
        "1 | sera | channels positive energy to harm (2d6 7), 5 left",
        "1 | sera | channel vs ghoul: Will DC 12 d20=8+7=15 saves, half -> 3 dmg (ghoul hp 13 -> 10)",
        "1 | sera | channel vs ghoul-2: Will DC 12 d20=2+7=9 fails -> 7 dmg (ghoul-2 hp 13 -> 6)",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
}

#[test]
fn selective_channeling_leaves_friends_out_and_uses_run_out() {
    // A priest (Cha 14: +2) with Selective Channeling and one use channels negative energy to
    // harm: its two friends in the burst are left out, both enemies save or not; the second
    // round's channel is refused.
    let priest = creature(
        "priest",
        json!({
            "abilities": { "cha_score": 14 },
            "feats": ["Selective Channeling"],
            "resources": { "channel_energy": 1 },
            "specials": [{ "rule": "channel_energy", "energy": "negative", "damage": "1d6",
                           "dc": 11 }]
        }),
    );
    let s = scenario(
        room(&["AAB", "AB."]),
        vec![
            ("a", vec![priest, hero("friend", 1), hero("ally", 1)]),
            ("b", vec![hero("orc", 1), hero("elf", 1)]),
        ],
        2,
    );
    let plans = Plans::new()
        .idle(&[1, 2, 3, 4])
        .fixed(0, &[Action::Channel { harm: true }]);
    let mut rolls = d20s(&[20, 5, 4, 3, 2]);
    rolls.push((6, 5));
    rolls.extend(d20s(&[15, 3]));
    let p = play_with(&s, &plans, &rolls);
    p.assert_log(&[
        "- | - | initiative: priest d20=20+0=20",
        "- | - | initiative: friend d20=5+0=5",
        "- | - | initiative: ally d20=4+0=4",
        "- | - | initiative: orc d20=3+0=3",
        "- | - | initiative: elf d20=2+0=2",
        "1 | priest | channels negative energy to harm (1d6 5), 0 left",
        "1 | priest | channel vs orc: Will DC 11 d20=15+0=15 saves, half -> 2 dmg (orc hp 20 -> 18)",
        "1 | priest | channel vs elf: Will DC 11 d20=3+0=3 fails -> 5 dmg (elf hp 20 -> 15)",
        "2 | priest | channel refused: no_uses_left",
        "- | - | battle over: draw after 2 rounds (round cap)",
    ]);
}

/// What the default policy asks for as unit `me` in round 1 of `s`, after `setup`.
fn choices(
    s: &crate::scenario::Scenario,
    me: usize,
    setup: impl FnOnce(&mut crate::fight::Fight),
) -> Vec<String> {
    decide_with(s, me, setup, |_, a| a.kind().to_string())
}

#[test]
fn default_policy_channels_when_two_friends_are_hurt_enough() {
    // Mean heal 7: the fighter and the mage missing 10 each make Sera channel; one of them
    // alone, or both missing 3, does not.
    let s = scenario(
        room(&["AA......B", "A........"]),
        vec![
            ("a", vec![sera(), hero("fighter", 2), hero("mage", 1)]),
            ("b", vec![brute("brute")]),
        ],
        3,
    );
    let hurt = |fighter: i32, mage: i32| {
        choices(&s, 0, |f| {
            f.units[1].hp = fighter;
            f.units[2].hp = mage;
        })
    };
    assert_eq!(hurt(10, 10).first().map(String::as_str), Some("channel"));
    assert_ne!(hurt(10, 20).first().map(String::as_str), Some("channel"));
    assert_ne!(hurt(17, 17).first().map(String::as_str), Some("channel"));
}

#[test]
fn default_policy_channels_to_harm_two_undead_in_the_burst() {
    let s = scenario(
        room(&["BAB"]),
        vec![("a", vec![sera()]), ("b", vec![ghoul(), ghoul()])],
        3,
    );
    assert_eq!(choices(&s, 0, |_| {}), ["channel"]);
}

#[test]
fn default_policy_breathes_when_the_cone_catches_two_enemies() {
    let s = scenario(
        room(&["AA....", "AA.B..", "...B..", "......"]),
        vec![
            ("a", vec![gorgon()]),
            ("b", vec![hero("h1", 1), hero("h2", 1)]),
        ],
        3,
    );
    assert_eq!(choices(&s, 0, |_| {}), ["breathe"]);
    // Recharging, it fights with its weapons.
    assert_ne!(
        choices(&s, 0, |f| f.units[0].powers.breath_ready = 3),
        ["breathe"]
    );
}

#[test]
fn default_policy_averts_its_eyes_when_the_gaze_save_is_poor() {
    // Fort +0 against DC 15 fails 70 % of the time: it averts; Fort +12 fails 10 %: it looks.
    let s = |fort: i32| {
        scenario(
            room(&["A...B"]),
            vec![
                (
                    "a",
                    vec![creature("hero", json!({ "saves": { "fort": fort } }))],
                ),
                ("b", vec![basilisk()]),
            ],
            3,
        )
    };
    assert_eq!(
        choices(&s(0), 0, |_| {}).first().map(String::as_str),
        Some("avert_eyes")
    );
    assert_ne!(
        choices(&s(12), 0, |_| {}).first().map(String::as_str),
        Some("avert_eyes")
    );
}

fn drow() -> Combatant {
    data(
        "drow",
        include_str!("../../../../../data/monsters/drow_noble.json"),
    )
}

fn medusa() -> Combatant {
    data(
        "medusa",
        include_str!("../../../../../data/monsters/medusa.json"),
    )
}

/// True when one of 20 seeded fights (default policy on both sides) of `heroes` against
/// `monsters` logs `needle`.
fn seen_in_a_fight(heroes: Vec<Combatant>, monsters: Vec<Combatant>, needle: &str) -> bool {
    let s = scenario(
        room(&["A.........", "A.........", "A.......BB", "A.......BB"]),
        vec![("a", heroes), ("b", monsters)],
        20,
    );
    (0..20).any(|run| {
        let mut dice =
            crate::rng::SeededDice::for_run(crate::rng::Seed(7), crate::rng::RunIndex(run));
        let p = play_dice(&s, &crate::policy::DefaultPolicy, &mut dice);
        p.count(needle) > 0
    })
}

#[test]
fn each_converted_monster_and_sera_use_their_area_specials_under_the_default_policy() {
    let party = || {
        (1..=4)
            .map(|k| hero(&format!("hero{k}"), 3))
            .collect::<Vec<_>>()
    };
    for (monsters, needle) in [
        (vec![lich()], "fear aura vs"),
        (vec![basilisk()], "gaze vs"),
        (vec![medusa()], "gaze vs"),
        (vec![gorgon()], "breath weapon toward"),
        (vec![drow()], "channels negative energy to harm"),
    ] {
        assert!(seen_in_a_fight(party(), monsters, needle), "{needle}");
    }
    let undead = vec![ghoul(), ghoul()];
    assert!(seen_in_a_fight(
        vec![sera()],
        undead,
        "channels positive energy to harm"
    ));
}

/// Mirrored fighters with a gaze, a damaging breath, frightful presence and channel
/// resistance on both sides: whatever these rules add, the sides stay inside the 3σ band.
#[test]
fn symmetric_matchup_with_area_specials_stays_inside_the_3_sigma_band() {
    let patch = json!({
        "level": 3, "bab": 3,
        "specials": [
            { "rule": "gaze", "range_ft": 30, "dc": 8, "effect": "petrification" },
            { "rule": "breath_weapon", "shape": "line", "range_ft": 30, "dc": 12,
              "save": "reflex", "effect": "damage", "damage": "2d6", "energy": "fire",
              "recharge": "1d4" },
            { "rule": "frightful_presence", "range_ft": 30, "dc": 10, "duration": "1d4" },
            { "rule": "channel_resistance", "amount": 2 }
        ]
    });
    for deployment in [[("a", 'A'), ("b", 'B')], [("b", 'B'), ("a", 'A')]] {
        super::fights::assert_inside_the_band(super::fights::mirrored_with(
            &deployment,
            patch.clone(),
        ));
    }
}
