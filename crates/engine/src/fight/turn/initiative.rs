//! The start of a fight (« CRB — Initiative », « Surprise »; the reference spec,
//! « Initiative », « Round de surprise »): each combatant rolls d20 + its initiative modifier
//! (start conditions count: deafened −4), and the order is (total, modifier, list order)
//! descending with no reroll; combatants with start conditions are named in the log; a
//! surprise round comes first when some combatants are aware and others not. Owns the order
//! of play; the rounds themselves are `turn`'s.

use crate::rng::Roller;
use crate::rules::{Context, Stat, resolve};

use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// « CRB — Surprise »: some combatants are aware and others not, so a surprise round
    /// (round 0) comes first; with everyone aware (the default) there is none.
    pub(super) fn has_surprise_round(&self) -> bool {
        let units = self.scenario.units();
        units.iter().any(|u| u.combatant.aware()) && !units.iter().all(|u| u.combatant.aware())
    }

    /// Summoned creatures (`summon`) roll none: they take the places right after their
    /// summoner.
    pub(super) fn roll_initiative<R: Roller, S: Sink>(&mut self, dice: &mut R, sink: &mut S) {
        let rolled = self.scenario.units().len();
        for i in 0..rolled {
            let nat = dice.d20() as i32;
            // Start conditions count (deafened −4).
            let conds = &self.units[i].conds;
            let m = self.info[i].initiative_mod
                + if conds.is_empty() {
                    0
                } else {
                    resolve(
                        conds.modifiers(),
                        Stat::Initiative,
                        None,
                        &Context::default(),
                    )
                }
                + if self.guns { self.gun_initiative(i) } else { 0 }
                + if self.guarded(i, crate::fight::class::FAVORED_TERRAIN) {
                    self.terrain_initiative(i)
                } else {
                    0
                };
            self.units[i].initiative = nat + m;
            log!(
                S,
                sink,
                None,
                None,
                "initiative: {} d20={nat}{m:+}={}",
                self.id(i),
                nat + m
            );
        }
        self.order.clear();
        self.order.extend(0..rolled);
        let (units, info) = (&self.units, self.info);
        self.order.sort_by_key(|&i| {
            (
                std::cmp::Reverse(units[i].initiative),
                std::cmp::Reverse(info[i].initiative_mod),
                i,
            )
        });
        if info.len() > rolled {
            let mut k = 0;
            while k < self.order.len() {
                let c = self.order[k];
                k += 1;
                for (r, reserve) in info.iter().enumerate().skip(rolled) {
                    if reserve.summoner == Some(c) {
                        self.order.insert(k, r);
                        k += 1;
                    }
                }
            }
        }
    }

    /// « ID starts invisible, shaken (3 rounds) » for each combatant with start conditions.
    pub(super) fn log_start_conditions<S: Sink>(&self, sink: &mut S) {
        if !S::ON {
            return;
        }
        for (i, u) in self.units.iter().enumerate() {
            if u.conds.is_empty() {
                continue;
            }
            let list: Vec<String> = u
                .conds
                .iter()
                .map(|c| match u.conds.rounds(c) {
                    0 => c.to_string(),
                    1 => format!("{c} (1 round)"),
                    r => format!("{c} ({r} rounds)"),
                })
                .collect();
            log!(
                S,
                sink,
                None,
                None,
                "{} starts {}",
                self.id(i),
                list.join(", ")
            );
        }
    }
}
