//! Which fight `run --transcript-pick` replays, from the tally's [`FirstRuns`] record alone (no
//! second pass over the fights): the first run the first side won, the first it lost (won by
//! another side), the first draw, or the longest fight (the lowest run among equals). The run
//! is then played again, logged: run *i* rolls from `seed + i`, so it is the same fight.

use pf1e_engine::tally::{FirstRuns, Tally};

/// A kind of fight to replay, seen from the first side.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Pick {
    Win,
    Loss,
    Draw,
    Longest,
}

impl Pick {
    /// The French words of the ending, for « aucun combat … ».
    pub fn words(self) -> &'static str {
        match self {
            Pick::Win => "gagné par le premier camp",
            Pick::Loss => "perdu par le premier camp",
            Pick::Draw => "nul",
            Pick::Longest => "joué",
        }
    }
}

/// The run `pick` names in `tally`; `None` when no fight ended that way.
pub fn picked_run(pick: Pick, tally: &Tally) -> Option<u64> {
    let FirstRuns { win, draw, longest } = &tally.firsts;
    match pick {
        Pick::Win => win.first().copied().flatten(),
        Pick::Loss => win.iter().skip(1).flatten().min().copied(),
        Pick::Draw => *draw,
        Pick::Longest => longest.map(|l| l.run),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_pick_reads_the_first_runs_record() {
        let mut t = Tally::empty(3, 0);
        for (run, winner, rounds) in [
            (0, Some(1), 3),
            (1, Some(0), 8),
            (2, Some(2), 2),
            (3, Some(0), 8),
        ] {
            t.add_plain_fight(run, winner, rounds);
        }
        assert_eq!(picked_run(Pick::Win, &t), Some(1));
        assert_eq!(picked_run(Pick::Loss, &t), Some(0));
        assert_eq!(picked_run(Pick::Draw, &t), None);
        assert_eq!(picked_run(Pick::Longest, &t), Some(1));
        assert_eq!(picked_run(Pick::Win, &Tally::empty(2, 0)), None);
    }
}
