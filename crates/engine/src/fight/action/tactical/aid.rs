//! Aiding another (« CRB — Aid Another »; the reference spec, « Aider autrui »): a standard
//! action of a creature threatening an enemy in melee — an attack roll with its threatening
//! weapon against AC 10 (natural 1 misses, natural 20 hits); on a success an ally gets +2 on
//! its next attack roll against that enemy, or +2 to AC against that enemy's next attack, until
//! the aider's next turn. Several aids stack (untyped). The bonus goes through the one resolver
//! (`UnitTactics::aid_parts`, read by `numbers`); it is spent by the attack roll that uses it
//! (`watch`). Owns the aid; its use is the attack's.

use crate::rng::Roller;
use crate::rules::tactics;

use super::super::super::log::{Sink, log};
use super::super::super::numbers::Swing;
use super::super::super::state::Fight;
use super::super::budget::ActionResult;
use super::Aid;
use super::vocab::AidMode;

impl Fight<'_> {
    /// « CRB — Aid Another »: `u` aids `ally` against `enemy` with `mode`.
    pub(in super::super) fn aid_another<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        ally: usize,
        enemy: usize,
        mode: AidMode,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        const KIND: &str = "aid_another";
        let n = self.units.len();
        if ally >= n || enemy >= n || ally == u || self.enemies(u, ally) || !self.enemies(u, enemy)
        {
            return ActionResult::refused(KIND, "invalid_target");
        }
        if !self.units[ally].active() || !self.units[enemy].active() {
            return ActionResult::refused(KIND, "invalid_target");
        }
        let (at, size) = (self.units[enemy].pos, self.info[enemy].size);
        let Some(w) = self.threat_weapon(u, at, size) else {
            return ActionResult::refused(KIND, "not_threatening");
        };
        let power = self.units[u].power_attack;
        let Some(numbers) = self.attack_numbers(u, enemy, w, Swing::default(), power) else {
            return ActionResult::refused(KIND, "not_threatening");
        };
        self.track_tactics();
        let roll = dice.d20();
        let total = roll as i32 + numbers.bonus;
        let aided = tactics::aid_succeeds(roll, total);
        if aided {
            let aid = Aid {
                from: u as u8,
                enemy: enemy as u8,
                mode,
            };
            if self.tactics.units[ally].add_aid(aid) {
                self.tactics.aid += 1;
                self.tactics.edge = true;
            }
        }
        if S::ON {
            let weapon = self.combatant(u).attacks()[self.info[u].weapons[w].index].name();
            let (e, a) = (self.id(enemy), self.id(ally));
            let end = match (aided, mode) {
                (false, _) => "fails".to_string(),
                (true, AidMode::Attack) => format!("{a} +2 on its next attack roll against {e}"),
                (true, AidMode::Ac) => format!("{a} +2 AC against the next attack of {e}"),
            };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "aids {a} against {e}: {weapon} d20={roll}{:+}={total} vs AC {} -> {end}",
                numbers.bonus,
                tactics::AID_AC
            );
        }
        ActionResult::done(KIND)
    }

    /// « CRB — Aid Another »: the bonuses `u` gave last turn end at the start of its turn.
    pub(crate) fn end_aid_from(&mut self, u: usize) {
        let mut gone = 0;
        for own in &mut self.tactics.units {
            gone += own.retain_aid(|a| usize::from(a.from) != u);
        }
        self.tactics.aid -= gone;
    }

    /// An attack roll of `a` on `t` spends `a`'s aid on attacks against `t` and `t`'s aid on
    /// AC against `a` (« its next attack roll », « that opponent's next attack »).
    pub(crate) fn spend_aid(&mut self, a: usize, t: usize) {
        let mut gone = self.tactics.units[a]
            .retain_aid(|x| !(x.mode == AidMode::Attack && usize::from(x.enemy) == t));
        gone += self.tactics.units[t]
            .retain_aid(|x| !(x.mode == AidMode::Ac && usize::from(x.enemy) == a));
        self.tactics.aid -= gone;
    }
}
