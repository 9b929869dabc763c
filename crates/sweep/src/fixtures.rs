//! Hand-made headers and tallies shared by the renderers' tests (text, JSON, warnings,
//! synthesis, pages): the reference spec's quick-start outcome with made-up attrition.

use pf1e_engine::tally::{Tally, UnitTally};

use crate::header::{ReportHeader, SideHeader, UnitHeader};

/// players: goblin, goblin-2, élémentaire; monsters: orc.
pub(crate) fn header() -> ReportHeader {
    let unit = |id: &str, side: &str| UnitHeader {
        id: id.into(),
        side: side.into(),
    };
    ReportHeader {
        map: "Arène d'essai".into(),
        sides: vec![
            SideHeader {
                name: "players".into(),
                combatants: 3,
            },
            SideHeader {
                name: "monsters".into(),
                combatants: 1,
            },
        ],
        units: vec![
            unit("goblin", "players"),
            unit("goblin-2", "players"),
            unit("élémentaire", "players"),
            unit("orc", "monsters"),
        ],
        runs: 1000,
        seed: 1,
        round_cap: 100,
        encounter: None,
        target_band: None,
    }
}

fn unit(h: u64, c: u64, dd: u64, dt: u64, heal: u64, down: u64, kill: u64) -> UnitTally {
    UnitTally {
        hits: h,
        crits: c,
        damage_dealt: dd,
        damage_taken: dt,
        healing_done: heal,
        downed: down,
        killed: kill,
        turns: 1,
    }
}

/// The reference spec's quick-start outcome (962 / 36 / 2 draws, 6.6 rounds) with made-up attrition.
pub(crate) fn tally() -> Tally {
    Tally {
        fights: 1000,
        wins: vec![962, 36],
        draws: 2,
        rounds_sum: 6600,
        rounds_sq_sum: 51_000,
        units: vec![
            unit(1234, 56, 4567, 3210, 0, 250, 125),
            unit(987, 49, 3333, 4444, 0, 300, 200),
            unit(10_000, 0, 12_345, 0, 1500, 0, 0),
            unit(2000, 300, 9990, 15_000, 0, 962, 1000),
        ],
        ..Tally::empty(2, 4)
    }
}
