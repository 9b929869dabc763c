//! Combat manoeuvres in a fight (« CRB — Combat Maneuvers »; APG « Dirty Trick », « Steal »,
//! « Reposition », « Drag »; the reference spec, « Manœuvres de combat »). One entry point,
//! [`Fight::perform_maneuver`], serves the `Action::Maneuver` a policy asks for and the free
//! attempts monster abilities make on a hit (grab, trip: [`Attempt::rider`]): it checks that
//! the manoeuvre is legal — size limit, reach, something to take or break —, makes the check
//! ([`Fight::maneuver_check`]: the target's attack of opportunity first unless the attacker has
//! the Improved feat, its damage a penalty on the check, the attempt lost if it drops the
//! attacker; then d20 + CMB against CMD, a natural 1 failing and a natural 20 succeeding, a
//! helpless target treated as a natural 20) and hands the roll to its family: the movement
//! manoeuvres (`shove`: trip, bull rush, overrun, reposition, drag), the item manoeuvres
//! (`items`: disarm, sunder, steal), the grapple and its states (`grapple`, with who holds whom
//! in `link`), the dirty trick (`trick`).
//!
//! The check: the attacker's CMB (`fight::checks`: size and `cmb` modifiers), +2 per Improved
//! and Greater feat of the manoeuvre, −X while Power Attack is on, +4 against a stunned target,
//! the attempt's own bonus, less the attack of opportunity's damage; a grappled attacker's −2
//! does not count on grapple checks (« except those made to grapple or escape a grapple »).
//! The CMD: the target's (`fight::checks`: flat-footed and helpless included) +2 per Improved
//! and Greater feat it has against that manoeuvre. Simplified: attack-roll modifiers that are
//! not written on `cmb` (bless, shaken) do not reach the check; legs (« creatures with more than
//! two legs get +2 CMD against trip ») and « can't be tripped » are not read from the stat block.

mod grapple;
mod items;
pub mod link;
mod shove;
mod trick;

use crate::rng::Roller;
use crate::rules::maneuver::{Maneuver, ManeuverOption, ManeuverRoll, Natural20, Reach, resolve};
use crate::rules::{Condition, flag};
use crate::vocab::Vocabulary;

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::ActionResult;

/// A penalty in a logged sum: « -6 », nothing when 0.
struct Minus(i32);

impl std::fmt::Display for Minus {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 0 {
            write!(f, "-{}", self.0)
        } else {
            Ok(())
        }
    }
}

/// Nonlethal damage in a logged wound: « +3 nonlethal », nothing when 0.
struct Nonlethal(i32);

impl std::fmt::Display for Nonlethal {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        if self.0 > 0 {
            write!(f, " +{} nonlethal", self.0)
        } else {
            Ok(())
        }
    }
}

/// How a manoeuvre is attempted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Attempt {
    pub option: ManeuverOption,
    /// Added to the check (a monster's grab: +4).
    pub bonus: i32,
    /// It provokes the target's attack of opportunity unless the attacker has the
    /// manoeuvre's Improved feat (false for a monster's free attempt on a hit).
    pub provokes: bool,
    /// A failure by 10 or more turns against the attacker (false for a monster's trip: « If
    /// the attempt fails, the creature is not tripped in return »).
    pub backlash: bool,
}

impl Attempt {
    /// A manoeuvre taken as an action.
    pub const ACTION: Attempt = Attempt {
        option: ManeuverOption::Default,
        bonus: 0,
        provokes: true,
        backlash: true,
    };

    /// A monster's free attempt on a hit (« Grab », « Trip »): no attack of opportunity, no
    /// failure-by-10 backlash, `bonus` on the check.
    pub const fn rider(bonus: i32) -> Attempt {
        Attempt {
            option: ManeuverOption::Default,
            bonus,
            provokes: false,
            backlash: false,
        }
    }
}

impl Fight<'_> {
    /// « CRB — Combat Maneuvers »: `a` tries `kind` on `t` as `attempt` says. Refused (and
    /// nothing rolled, no attack of opportunity) when illegal ([`Fight::maneuver_legal`]); a
    /// grapple on the creature `a` already holds maintains the hold. Monster riders call it
    /// with [`Attempt::rider`].
    pub fn perform_maneuver<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        kind: Maneuver,
        attempt: Attempt,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        if let Err(reason) = self.maneuver_legal(a, t, kind, attempt.option) {
            return ActionResult::refused(kind.name(), reason);
        }
        if kind == Maneuver::Grapple && self.units[a].grip.holds() == Some(t) {
            return self.maintain_grapple(a, t, attempt, dice, sink);
        }
        let extra = attempt.bonus + self.unarmed_penalty(a, t, kind);
        let Some(roll) = self.maneuver_check(a, t, kind, extra, attempt.provokes, dice, sink)
        else {
            return ActionResult::done(kind.name());
        };
        match kind {
            Maneuver::Trip => self.trip(a, t, &roll, attempt, dice, sink),
            Maneuver::BullRush | Maneuver::Reposition | Maneuver::Drag => {
                self.shove(a, t, kind, &roll, attempt.option, dice, sink)
            }
            Maneuver::Overrun => self.overrun(a, t, &roll, dice, sink),
            Maneuver::Disarm => self.disarm(a, t, &roll, attempt, dice, sink),
            Maneuver::Sunder => self.sunder(a, t, &roll, attempt.option, dice, sink),
            Maneuver::Steal => self.steal(a, t, &roll, sink),
            Maneuver::Grapple => self.start_grapple(a, t, &roll, attempt.bonus, sink),
            Maneuver::DirtyTrick => self.dirty_trick(a, t, &roll, attempt.option, dice, sink),
        }
        ActionResult::done(kind.name())
    }

    /// « CRB — Combat Maneuvers »: one check of `a` for `kind` against `t` with `extra` on it.
    /// When `provokes` and `a` lacks the Improved feat, `t` takes its attack of opportunity
    /// first and its damage is a penalty on the check (« apply that amount as a penalty to
    /// the attack roll to perform the maneuver »); `None` when it drops `a` (the attempt is
    /// lost). A helpless target is treated as a natural 20 and no die is rolled (« If your
    /// target is immobilized, unconscious, or otherwise incapacitated, your maneuver
    /// automatically succeeds »).
    #[allow(clippy::too_many_arguments)]
    pub fn maneuver_check<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        kind: Maneuver,
        extra: i32,
        provokes: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> Option<ManeuverRoll> {
        let penalty = if provokes && kind.provokes(self.info[a].traits.feats) {
            let before = self.vitality(a);
            self.opportunity(t, a, dice, sink);
            if !self.units[a].active() {
                let id = self.id(t);
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(a)),
                    "{kind} vs {id}: lost"
                );
                return None;
            }
            before - self.vitality(a)
        } else {
            0
        };
        let bonus = self.maneuver_bonus(a, t, kind) + extra;
        let cmd = self.maneuver_cmd(t, a, kind);
        let helpless = self.has_flag(t, flag::HELPLESS);
        let d20 = if helpless { 20 } else { dice.d20() };
        let roll = resolve(d20, bonus - penalty, cmd, Natural20::Succeeds);
        if S::ON {
            let id = self.id(t);
            let minus = Minus(penalty);
            let how = if helpless {
                " (helpless: automatic)"
            } else {
                ""
            };
            let verdict = if roll.success { "SUCCESS" } else { "FAILED" };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{kind} vs {id}: d20={d20}{bonus:+}{minus}={} vs CMD {cmd}{how} -> {verdict}",
                roll.total
            );
        }
        Some(roll)
    }

    /// What `a` adds to d20 for `kind` on `t` before the attempt's own bonus: its CMB, +2 per
    /// Improved and Greater feat, −X under Power Attack (« a penalty on all melee attack rolls
    /// and combat maneuver checks »), +2 back on a grapple check while grappled, +4 against a
    /// stunned target.
    pub(crate) fn maneuver_bonus(&self, a: usize, t: usize, kind: Maneuver) -> i32 {
        let mut bonus = self.cmb(a) + kind.feat_bonus(self.info[a].traits.feats);
        if self.units[a].power_attack {
            bonus -= self.info[a].power_attack_step;
        }
        if kind == Maneuver::Grapple && self.units[a].conds.has(Condition::Grappled) {
            bonus += 2;
        }
        if self.units[t].conds.has(Condition::Stunned) {
            bonus += 4;
        }
        bonus
    }

    /// `t`'s CMD against `a`'s `kind`: +2 per Improved and Greater feat of that manoeuvre; « Stability » (`class`).
    pub(crate) fn maneuver_cmd(&self, t: usize, a: usize, kind: Maneuver) -> i32 {
        self.cmd(t, a) + kind.feat_bonus(self.info[t].traits.feats) + self.stability(t, kind)
    }

    /// −4 to disarm without a weapon (« Attempting to disarm a foe while unarmed imposes a −4
    /// penalty »), else 0.
    pub(crate) fn unarmed_penalty(&self, a: usize, t: usize, kind: Maneuver) -> i32 {
        if kind == Maneuver::Disarm && self.manoeuvre_weapon(a, t).is_none() {
            -4
        } else {
            0
        }
    }

    /// Whether `a` may try `kind` on `t` with `option` now, or why not: an active creature
    /// other than itself (`invalid_target`), the size limit (`too_large`), the reach
    /// (`out_of_reach`), and what the manoeuvre needs (`nothing_to_disarm`, `no_room_beyond`,
    /// `already_grappled`…). Rolls nothing.
    pub fn maneuver_legal(
        &self,
        a: usize,
        t: usize,
        kind: Maneuver,
        option: ManeuverOption,
    ) -> Result<(), &'static str> {
        if t >= self.units.len() || t == a || !self.units[t].active() {
            return Err("invalid_target");
        }
        if !kind.size_allows(self.info[a].size, self.info[t].size) {
            return Err("too_large");
        }
        if kind == Maneuver::Grapple && self.units[a].grip.holds() == Some(t) {
            return self.maintain_legal(a, t, option);
        }
        if !self.maneuver_reaches(a, t, kind) {
            return Err("out_of_reach");
        }
        match kind {
            Maneuver::Disarm | Maneuver::Sunder | Maneuver::Steal => {
                self.item_legal(a, t, kind, option)
            }
            Maneuver::Grapple => self.grapple_legal(a, t, option),
            Maneuver::Overrun => self
                .overrun_landing(a, t)
                .map(|_| ())
                .ok_or("no_room_beyond"),
            Maneuver::DirtyTrick => match option {
                ManeuverOption::Default | ManeuverOption::Trick(_) => Ok(()),
                _ => Err("invalid_option"),
            },
            Maneuver::Reposition => match option {
                ManeuverOption::Default | ManeuverOption::Toward(_) => Ok(()),
                _ => Err("invalid_option"),
            },
            // « You must be able to move with the target to perform this maneuver ».
            Maneuver::Drag if self.has_flag(a, flag::CANT_MOVE) => Err("cant_move"),
            Maneuver::Trip | Maneuver::BullRush | Maneuver::Drag => match option {
                ManeuverOption::Default => Ok(()),
                _ => Err("invalid_option"),
            },
        }
    }

    /// `t` is close enough for `a`'s `kind`, with line of effect: within a usable melee
    /// weapon's band or `a`'s natural reach ([`Reach::Weapon`]), its natural reach
    /// ([`Reach::Natural`]), or adjacent ([`Reach::Adjacent`]).
    pub(crate) fn maneuver_reaches(&self, a: usize, t: usize, kind: Maneuver) -> bool {
        let d = self.distance_ft(a, t);
        let natural = self.combatant(a).natural_reach_ft();
        let near = match kind.reach() {
            Reach::Weapon => d <= natural || self.melee_weapon_at(a, d, true).is_some(),
            Reach::Natural => d <= natural,
            Reach::Adjacent => d <= 5,
        };
        near && self.has_line_of_effect_from(a, self.units[a].pos, t)
    }

    /// The first melee weapon `a` can use now whose band covers `d_ft` (a natural one too when
    /// `natural`).
    fn melee_weapon_at(&self, a: usize, d_ft: u32, natural: bool) -> Option<usize> {
        let weapons = &self.info[a].weapons;
        (0..weapons.len()).find(|&k| {
            let w = &weapons[k];
            w.melee
                && (natural || !w.natural)
                && Self::weapon_band(w, d_ft)
                && self.weapon_usable(a, k)
        })
    }

    /// The manufactured melee weapon `a` would disarm `t` with: the first it can use that
    /// reaches `t`; `None` when it fights with natural weapons or unarmed.
    pub(crate) fn manoeuvre_weapon(&self, a: usize, t: usize) -> Option<usize> {
        self.melee_weapon_at(a, self.distance_ft(a, t), false)
    }

    /// The first melee weapon of `a`, natural ones included, that reaches `t` now (what it
    /// sunders with).
    pub(crate) fn melee_reaching(&self, a: usize, t: usize) -> Option<usize> {
        self.melee_weapon_at(a, self.distance_ft(a, t), true)
    }
}
