//! Readying (« CRB — Ready »; the reference spec, « Préparation »): a standard action that
//! keeps an attack or a spell (of a standard action or less) for a trigger — an enemy entering
//! the readier's reach, an enemy casting, an enemy coming into its line of effect, an ally
//! beginning its turn. When the trigger comes, before the readier's next turn, the readied
//! action goes off out of turn, before the triggering creature goes on (`watch` finds the
//! triggers), and the readier's place in the order moves to just before that creature
//! (`turn::order`). A readied action goes off once; one that never did expires at the start of
//! the readier's next turn; a new one replaces the old. Owns the readied action; what it does
//! is its family's (an attack, a cast).

use crate::board::Pos;
use crate::rng::Roller;
use crate::rules::flag;
use crate::spell::vocab::CastingTime;

use super::super::super::log::{Sink, log};
use super::super::super::state::Fight;
use super::super::super::unit::UnitId;
use super::super::budget::ActionResult;
use super::super::cost::Action;
use super::super::spell::{CastTarget, MetamagicKind};
use super::vocab::{Readied, ReadyAim, Trigger};

impl Fight<'_> {
    /// « CRB — Ready »: `u` readies `readied` for `trigger`.
    pub(in super::super) fn ready<S: Sink>(
        &mut self,
        u: usize,
        readied: Readied,
        trigger: Trigger,
        sink: &mut S,
    ) -> ActionResult {
        const KIND: &str = "ready";
        if self.tactics.out_of_turn {
            return ActionResult::refused(KIND, "out_of_turn");
        }
        if let Readied::Cast {
            time, metamagic, ..
        } = readied
        {
            // A standard action or less (« CRB — Ready »); a quickened spell is swift.
            let fits = metamagic.has(MetamagicKind::Quicken)
                || match time {
                    CastingTime::Standard
                    | CastingTime::Swift
                    | CastingTime::Immediate
                    | CastingTime::Free => true,
                    CastingTime::FullRound | CastingTime::OneRound | CastingTime::Long => false,
                };
            if !fits {
                return ActionResult::refused(KIND, "cast_time");
            }
        }
        if let Trigger::AllyActs(ally) = trigger {
            let a = ally.index();
            if a == u || a >= self.units.len() || self.enemies(u, a) {
                return ActionResult::refused(KIND, "invalid_trigger");
            }
        }
        self.track_tactics();
        let own = &mut self.tactics.units[u];
        if own.readied.replace((readied, trigger)).is_none() {
            self.tactics.readied += 1;
        }
        if S::ON {
            let when = match trigger {
                Trigger::EnemyEntersReach => "an enemy enters its reach".to_string(),
                Trigger::EnemyCasts => "an enemy casts".to_string(),
                Trigger::EnemyInSight => "an enemy comes into sight".to_string(),
                Trigger::AllyActs(a) => format!("{} acts", self.id(a.index())),
            };
            let what = readied.kind();
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "readies {what} (when {when})"
            );
        }
        ActionResult::done_as(KIND, "ready")
    }

    /// « CRB — Ready »: a readied action not taken by the start of `u`'s next turn is lost.
    pub(crate) fn expire_readied<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if let Some((readied, _)) = self.tactics.units[u].readied.take() {
            self.tactics.readied -= 1;
            let kind = readied.kind();
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "readied {kind} expires (never set off)"
            );
            let expired = ActionResult::refused("ready", "expired");
            self.tactics.units[u].results.push(expired);
        }
    }

    /// The readied action of `r` goes off now, set off by unit `by`: out of turn, then `r`'s
    /// place moves to just before `by`.
    pub(crate) fn fire_readied<R: Roller, S: Sink>(
        &mut self,
        r: usize,
        by: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let Some((readied, trigger)) = self.tactics.units[r].readied.take() else {
            return;
        };
        self.tactics.readied -= 1;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(r)),
            "readied {}: {} {}",
            readied.kind(),
            self.id(by),
            trigger.name()
        );
        let was = std::mem::replace(&mut self.tactics.out_of_turn, true);
        let result = match readied {
            Readied::Attack { target } => {
                // `attack` turns to the nearest enemy when the target is not one (an ally that
                // set the action off).
                self.attack(r, target.map_or(by, UnitId::index), dice, sink);
                ActionResult::done("attack")
            }
            Readied::Cast {
                spell,
                time,
                metamagic,
                at,
            } => {
                let target = match at {
                    ReadyAim::Trigger => CastTarget::Unit(UnitId::of(by)),
                    ReadyAim::Unit(t) => CastTarget::Unit(t),
                    ReadyAim::Caster => CastTarget::Caster,
                };
                let cast = Action::Cast {
                    spell,
                    target,
                    time,
                    metamagic,
                    defensively: false,
                };
                self.cast(r, cast, dice, sink)
            }
        };
        self.tactics.out_of_turn = was;
        if !result.ok {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(r)),
                "{} refused: {}",
                result.kind,
                result.reason
            );
        }
        self.tactics.units[r].results.push(result);
        self.act_before(r, by);
    }

    /// `r` may carry out its readied action now: active and free to act.
    fn can_fire(&self, r: usize) -> bool {
        self.units[r].active() && !self.has_flag(r, flag::CANT_ACT)
    }

    /// Every readied action that mover `u`'s step from `from` (`None`: unknown) to its square
    /// sets off — an enemy entering the readier's reach, or coming into its line of effect —
    /// goes off, in unit order, while `u` stays active.
    pub(crate) fn readied_on_step<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        from: Option<Pos>,
        dice: &mut R,
        sink: &mut S,
    ) {
        for r in 0..self.units.len() {
            if !self.units[u].active() {
                return;
            }
            let Some((_, trigger)) = self.tactics.units[r].readied else {
                continue;
            };
            if !self.enemies(r, u) || !self.can_fire(r) {
                continue;
            }
            let sets_off = match trigger {
                Trigger::EnemyEntersReach => self.enters_reach(r, u, from),
                Trigger::EnemyInSight => self.comes_into_sight(r, u, from),
                Trigger::EnemyCasts | Trigger::AllyActs(_) => false,
            };
            if sets_off {
                self.fire_readied(r, u, dice, sink);
            }
        }
    }

    /// Every readied action of an enemy of caster `u` in line of effect of it, readied for an
    /// enemy's casting, goes off, in unit order, while `u` stays active.
    pub(crate) fn readied_on_cast<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        for r in 0..self.units.len() {
            if !self.units[u].active() {
                return;
            }
            if matches!(
                self.tactics.units[r].readied,
                Some((_, Trigger::EnemyCasts))
            ) && self.enemies(r, u)
                && self.can_fire(r)
                && self.has_line_of_effect_from(r, self.units[r].pos, u)
            {
                self.fire_readied(r, u, dice, sink);
            }
        }
    }

    /// Every readied action of an ally of `u` waiting for `u` to act goes off, in unit order.
    #[cold]
    #[inline(never)]
    pub(crate) fn readied_on_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        for r in 0..self.units.len() {
            let waits = matches!(
                self.tactics.units[r].readied,
                Some((_, Trigger::AllyActs(a))) if a.index() == u
            );
            if waits && self.can_fire(r) {
                self.fire_readied(r, u, dice, sink);
            }
        }
    }

    /// `u`, now on its square and before on `from`, moved into a square `r` threatens.
    pub(crate) fn enters_reach(&self, r: usize, u: usize, from: Option<Pos>) -> bool {
        let size = self.info[u].size;
        self.threat_weapon(r, self.units[u].pos, size).is_some()
            && from.is_none_or(|p| self.threat_weapon(r, p, size).is_none())
    }

    /// `u`, now on its square and before on `from`, came into `r`'s line of effect (and `r`
    /// perceives it).
    fn comes_into_sight(&self, r: usize, u: usize, from: Option<Pos>) -> bool {
        !self.unseen_by(r, u)
            && self.has_line_of_effect_from(u, self.units[u].pos, r)
            && from.is_none_or(|p| !self.has_line_of_effect_from(u, p, r))
    }
}
