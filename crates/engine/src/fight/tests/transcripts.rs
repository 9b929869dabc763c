//! Golden transcripts: whole fights with scripted dice, every log line (round | actor |
//! message) and the outcome pinned. A change to any rule these fights cross shows here first;
//! read the diff line by line before updating a transcript.

use serde_json::json;

use crate::map::Map;

use super::support::*;

/// A map whose zones `A` and `B` belong to sides `players` and `monsters`.
fn arena(terrain: &[&str], zones: &[&str]) -> Map {
    map_with(terrain, zones, None, &[("players", 'A'), ("monsters", 'B')])
}

/// 1v1 melee: initiative; an approach around rubble that forbids a charge; a critical hit with
/// its confirmation; the orc dropped to exactly 0 (disabled, staggered), its one attack, the
/// strain that leaves it dying, and the end.
#[test]
fn golden_melee_duel_to_the_end() {
    let fighter = creature(
        "fighter",
        json!({
            "initiative_mod": 2, "ac": { "total": 15, "touch": 11, "flat_footed": 14 },
            "attacks": [{
                "name": "longsword", "kind": "melee", "attack_bonus": 5, "crit_range": 19,
                "damage": [{ "formula": "1d8", "types": ["slashing"] }], "damage_bonus": 2
            }]
        }),
    );
    let orc = creature(
        "orc",
        json!({
            "hp_max": 12, "abilities": { "con_score": 12 },
            "ac": { "total": 13, "touch": 10, "flat_footed": 13 },
            "attacks": [{
                "name": "falchion", "kind": "melee", "attack_bonus": 4, "crit_range": 18,
                "damage": [{ "formula": "2d4", "types": ["slashing"] }], "damage_bonus": 3
            }]
        }),
    );
    let m = arena(
        &["...T...", "...T...", "...T..."],
        &[".......", "A.....B", "......."],
    );
    let s = scenario(
        m,
        vec![("players", vec![fighter]), ("monsters", vec![orc])],
        10,
    );
    let p = play(
        &s,
        &[
            (20, 15), // initiative: fighter
            (20, 8),  // initiative: orc
            (20, 19), // fighter: threat (19–20)
            (20, 14), // fighter: confirmation
            (8, 1),   // longsword: (1 + 2) × 2
            (20, 5),  // orc: miss
            (20, 12), // fighter: hit
            (8, 4),   // longsword: 4 + 2
            (20, 16), // orc, disabled: one attack
            (4, 3),
            (4, 2), // falchion: 3 + 2 + 3
        ],
    );
    p.assert_log(&[
        "- | - | initiative: fighter d20=15+2=17",
        "- | - | initiative: orc d20=8+0=8",
        "1 | fighter | move (1,0)->(1,1)->(1,2)->(1,3)->(1,4)->(1,5)",
        "1 | fighter | longsword vs orc d20=19+5=24 AC 13 -> HIT CRIT (confirm d20=14+5=19) 6 dmg (orc hp 12 -> 6)",
        "1 | orc | falchion vs fighter d20=5+4=9 AC 15 -> MISS",
        "2 | fighter | longsword vs orc d20=12+5=17 AC 13 -> HIT 6 dmg (orc hp 6 -> 0, staggered)",
        "2 | orc | falchion vs fighter d20=16+4=20 AC 15 -> HIT 8 dmg (fighter hp 20 -> 12)",
        "2 | orc | strains while disabled: hp 0 -> -1",
        "- | - | battle over: players win in 2 rounds",
    ]);
    assert_eq!(p.outcome.winner, Some(0));
    assert_eq!(p.outcome.rounds, 2);
    let (f, o) = (&p.tally.units[0], &p.tally.units[1]);
    assert_eq!(
        (f.hits, f.crits, f.damage_dealt, f.damage_taken),
        (2, 1, 12, 8)
    );
    assert_eq!((o.hits, o.damage_taken, o.downed, o.killed), (1, 12, 1, 0));
}

/// Ranged against melee: the archer shoots at −2 (second increment) through a low wall (+2
/// cover); the warrior walks around it, then charges (+2, −2 AC); the archer, now threatened,
/// provokes an attack of opportunity before its (critical) shot, and falls.
#[test]
fn golden_archer_against_a_warrior_closing_in() {
    let archer = creature(
        "archer",
        json!({
            "initiative_mod": 3, "hp_max": 9,
            "ac": { "total": 14, "touch": 13, "flat_footed": 11 },
            "attacks": [bow(4, 30)]
        }),
    );
    let warrior = creature(
        "warrior",
        json!({
            "hp_max": 14, "speed_land_ft": 20,
            "ac": { "total": 14, "touch": 10, "flat_footed": 14 },
            "attacks": [melee("axe", 3, "1d8", &["slashing"])]
        }),
    );
    let m = arena(
        &["............", ".........p..", "............"],
        &["............", "A..........B", "............"],
    );
    let s = scenario(
        m,
        vec![("players", vec![archer]), ("monsters", vec![warrior])],
        10,
    );
    let p = play(
        &s,
        &[
            (20, 10), // initiative: archer
            (20, 10), // initiative: warrior
            (20, 10), // archer: 10 + 4 − 2 vs 14 + 2 cover
            (20, 15), // archer: hit at 35 ft
            (6, 4),
            (20, 10), // warrior: charge attack
            (8, 5),
            (20, 12), // warrior: attack of opportunity
            (8, 3),
            (20, 20), // archer: threat
            (20, 11), // archer: confirmation against AC 12 (charged)
            (6, 2),   // bow ×3
            (20, 14), // warrior
            (8, 6),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: archer d20=10+3=13",
        "- | - | initiative: warrior d20=10+0=10",
        "1 | archer | bow vs warrior d20=10+2=12 AC 16 -> MISS",
        "1 | warrior | move (1,11)->(0,10)->(0,9)->(0,8)->(0,7)",
        "2 | archer | bow vs warrior d20=15+2=17 AC 14 -> HIT 4 dmg (warrior hp 14 -> 10)",
        "2 | warrior | charge (0,7)->(0,6)->(0,5)->(0,4)->(0,3)->(0,2)->(0,1)",
        "2 | warrior | axe vs archer d20=10+5=15 AC 14 -> HIT 5 dmg (archer hp 9 -> 4)",
        "3 | warrior | AoO: axe vs archer d20=12+3=15 AC 14 -> HIT 3 dmg (archer hp 4 -> 1)",
        "3 | archer | bow vs warrior d20=20+4=24 AC 12 -> HIT CRIT (confirm d20=11+4=15) 6 dmg (warrior hp 10 -> 4)",
        "3 | warrior | axe vs archer d20=14+3=17 AC 14 -> HIT 6 dmg (archer hp 1 -> -5, dying)",
        "- | - | battle over: monsters win in 3 rounds",
    ]);
    assert_eq!(p.outcome.winner, Some(1));
    assert_eq!(p.outcome.rounds, 3);
}

/// 2v2 in a corridor with an alcove: the rogue charges the brute and provokes the spearman's
/// reach (AoO on leaving a threatened square); the fighter's charge past the same reach provokes
/// nothing (one AoO a round) and flanks (+2 charge +2 flanking); next round both flank (+2);
/// the alcove gives cover (+4) against and from the spearman; two combatants lie dying and roll
/// to stabilize while the fight goes on.
#[test]
fn golden_two_against_two_with_flanking_and_opportunity() {
    let rogue = creature(
        "rogue",
        json!({
            "initiative_mod": 3, "hp_max": 12, "ac": { "total": 15 },
            "attacks": [melee("rapier", 4, "1d6", &["piercing"])]
        }),
    );
    let fighter = creature(
        "fighter",
        json!({
            "initiative_mod": 1, "hp_max": 14, "ac": { "total": 17 },
            "attacks": [melee("longsword", 5, "1d8", &["slashing"])]
        }),
    );
    let brute = creature(
        "brute",
        json!({
            "hp_max": 8, "ac": { "total": 13 },
            "attacks": [melee("club", 3, "1d6", &["bludgeoning"])]
        }),
    );
    let spearman = creature(
        "spearman",
        json!({
            "hp_max": 7, "ac": { "total": 12 },
            "attacks": [
                {
                    "name": "longspear", "kind": "melee", "attack_bonus": 2, "crit_mult": 3,
                    "reach_weapon": true, "damage": [{ "formula": "1d8", "types": ["piercing"] }]
                },
                melee("dagger", 2, "1d4", &["piercing"])
            ]
        }),
    );
    let m = arena(&[".......", "###.###"], &["A..B..A", "...B..."]);
    let s = scenario(
        m,
        vec![
            ("players", vec![rogue, fighter]),
            ("monsters", vec![brute, spearman]),
        ],
        10,
    );
    let p = play(
        &s,
        &[
            (20, 14), // initiative: rogue, fighter, brute, spearman
            (20, 12),
            (20, 9),
            (20, 5),
            (20, 13), // round 1: spearman's AoO on the charging rogue
            (8, 3),
            (20, 11), // rogue
            (6, 4),
            (20, 7), // fighter
            (8, 2),
            (20, 12), // brute
            (6, 5),
            (20, 4),  // spearman
            (20, 3),  // round 2: rogue
            (20, 15), // fighter
            (8, 6),
            (20, 8),  // brute, dying
            (20, 20), // spearman: threat, confirmation, dagger ×2
            (20, 18),
            (4, 3),
            (20, 10), // round 3: rogue, dying
            (20, 17), // fighter
            (8, 8),
        ],
    );
    p.assert_log(&[
        "- | - | initiative: rogue d20=14+3=17",
        "- | - | initiative: fighter d20=12+1=13",
        "- | - | initiative: brute d20=9+0=9",
        "- | - | initiative: spearman d20=5+0=5",
        "1 | rogue | charge (0,0)->(0,1)->(0,2)",
        "1 | spearman | AoO: longspear vs rogue d20=13+2=15 AC 15 -> HIT 3 dmg (rogue hp 12 -> 9)",
        "1 | rogue | rapier vs brute d20=11+6=17 AC 13 -> HIT 4 dmg (brute hp 8 -> 4)",
        "1 | fighter | charge (0,6)->(0,5)->(0,4)",
        "1 | fighter | longsword vs brute d20=7+9=16 AC 13 -> HIT 2 dmg (brute hp 4 -> 2)",
        "1 | brute | club vs rogue d20=12+3=15 AC 13 -> HIT 5 dmg (rogue hp 9 -> 4)",
        "1 | spearman | dagger vs rogue d20=4+2=6 AC 17 -> MISS",
        "2 | rogue | rapier vs brute d20=3+6=9 AC 13 -> MISS",
        "2 | fighter | longsword vs brute d20=15+7=22 AC 13 -> HIT 6 dmg (brute hp 2 -> -4, dying)",
        "2 | brute | stabilize d20=8+0-4=4 DC 10 -> fails, hp -4 -> -5",
        "2 | spearman | dagger vs rogue d20=20+2=22 AC 19 -> HIT CRIT (confirm d20=18+2=20) 6 dmg (rogue hp 4 -> -2, dying)",
        "3 | rogue | stabilize d20=10+0-2=8 DC 10 -> fails, hp -2 -> -3",
        "3 | fighter | longsword vs spearman d20=17+5=22 AC 16 -> HIT 8 dmg (spearman hp 7 -> -1, dying)",
        "- | - | battle over: players win in 3 rounds",
    ]);
    assert_eq!(p.outcome.winner, Some(0));
    let downed: Vec<u64> = p.tally.units.iter().map(|u| u.downed).collect();
    assert_eq!(downed, [1, 0, 1, 1]);
}
