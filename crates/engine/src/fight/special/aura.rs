//! Fear from a creature's presence (Bestiary — Universal Monster Rules « Aura », the lich's
//! « Fear Aura », « Frightful Presence »; « Fear » for how fear effects add up), and the
//! start-of-turn look around that auras and gazes share ([`Fight::watch_turn`]). Owns the
//! saves and the fear conditions they give; the gaze itself is `gaze`'s.
//!
//! - Fear aura (the lich's): « Creatures of less than 5 HD in a 60-foot radius that look at
//!   the lich must succeed on a Will save or become frightened. Creatures with 5 HD or more
//!   must succeed at a Will save or be shaken for a number of rounds equal to the lich's Hit
//!   Dice. A creature that successfully saves cannot be affected again by the same lich's
//!   aura for 24 hours. » An opponent within the radius that sees the bearer saves at the
//!   start of its turn. Simplified: frightened lasts the same rounds as shaken (the text gives
//!   it none); a creature that failed is not asked again during the fight (one save per
//!   creature and aura), and only opponents are affected.
//! - Frightful presence: « Activating this ability is a free action that is usually part of
//!   an attack or charge. Opponents within range who witness the action may become frightened
//!   or shaken [...] This ability affects only opponents with fewer Hit Dice than the
//!   creature has [...] On a failed save, the opponent is shaken, or panicked if it has 4 Hit
//!   Dice or fewer. An opponent that succeeds on the saving throw is immune to that same
//!   creature's frightful presence for 24 hours. » Each attack, full attack or charge of the
//!   bearer triggers it; each opponent saves once a fight (after a failure the effect runs
//!   its rounds and is not renewed).
//! - « Fear effects are cumulative. A shaken character who is made shaken again becomes
//!   frightened, and a shaken character who is made frightened becomes panicked instead. A
//!   frightened character who is made shaken or frightened becomes panicked instead. »
//! - Immune: a creature immune to fear or to mind-affecting effects; saves are made against
//!   the `fear` and `mind_affecting` descriptors, so bravery-type modifiers count.

use crate::model::EffectTag;
use crate::rng::Roller;
use crate::rules::condition::Condition;
use crate::rules::{Descriptor, Save, flag};
use crate::vocab::{EnumSet, Vocabulary};

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::values::{FearAura, Powers, Presence};

/// The descriptors of a fear save.
fn fear_descriptors() -> EnumSet<Descriptor> {
    [Descriptor::Fear, Descriptor::MindAffecting]
        .into_iter()
        .collect()
}

impl Fight<'_> {
    /// The start of `u`'s turn in a fight with auras or gazes: every active opponent's fear
    /// aura, then its gaze, in unit order, while `u` stays active.
    #[cold]
    pub(crate) fn watch_turn<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        for s in 0..self.units.len() {
            let areas = self.info[s].traits.specials.areas;
            if !areas.watched() || !self.enemies(u, s) || !self.units[s].active() {
                continue;
            }
            if let Some(aura) = areas.aura {
                self.fear_aura(u, s, aura, dice, sink);
            }
            if let Some(gaze) = areas.gaze
                && self.units[u].active()
            {
                self.gaze_turn(u, s, gaze, dice, sink);
            }
            if !self.units[u].active() {
                return;
            }
        }
    }

    /// `u` sees `s`: not blinded, `s` not invisible to it, and a line of sight (line of
    /// effect stands for it) between them.
    pub(super) fn sees(&self, u: usize, s: usize) -> bool {
        !self.has_flag(u, flag::BLIND)
            && (!self.units[s].conds.has(Condition::Invisible)
                || self.units[u]
                    .wards
                    .has(super::super::effects::Wards::SEE_INVISIBLE))
            && self.has_line_of_effect_from(u, self.units[u].pos, s)
    }

    /// `t` is immune to fear (or to every mind-affecting effect).
    fn fearless(&self, t: usize) -> bool {
        let imm = self.combatant(t).immunities();
        imm.to_effect(EffectTag::Fear) || imm.to_effect(EffectTag::MindAffecting)
    }

    /// « Lich — Fear Aura »: `u` within the radius of `s`'s aura, looking at it, saves once.
    fn fear_aura<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        s: usize,
        aura: FearAura,
        dice: &mut R,
        sink: &mut S,
    ) {
        let bit = Powers::bit(s);
        if self.units[u].powers.feared & bit != 0
            || self.distance_ft(u, s) > u32::from(aura.radius_ft)
            || !self.sees(u, s)
            || self.fearless(u)
        {
            return;
        }
        self.units[u].powers.feared |= bit;
        let condition = if self.combatant(u).level() < u32::from(aura.frightened_below_hd) {
            Condition::Frightened
        } else {
            Condition::Shaken
        };
        self.fear_save(
            (s, u),
            ("fear aura", aura.dc, condition, aura.duration),
            dice,
            sink,
        );
    }

    /// « Bestiary — Frightful Presence »: `a` attacks or charges; each opponent in range that
    /// sees it, with fewer Hit Dice, saves once a fight.
    #[cold]
    pub(crate) fn frightful_presence<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        presence: Presence,
        dice: &mut R,
        sink: &mut S,
    ) {
        let (bit, hd) = (Powers::bit(a), self.combatant(a).level());
        for t in 0..self.units.len() {
            let target_hd = self.combatant(t).level();
            if !self.enemies(a, t)
                || !self.units[t].active()
                || self.units[t].powers.feared & bit != 0
                || target_hd >= hd
                || self.distance_ft(a, t) > u32::from(presence.range_ft)
                || !self.sees(t, a)
                || self.fearless(t)
            {
                continue;
            }
            self.units[t].powers.feared |= bit;
            let condition = if target_hd <= 4 {
                Condition::Panicked
            } else {
                Condition::Shaken
            };
            self.fear_save(
                (a, t),
                (
                    "frightful presence",
                    presence.dc,
                    condition,
                    presence.duration,
                ),
                dice,
                sink,
            );
        }
    }

    /// `t` saves (Will) against `s`'s fear `what` or takes `condition` for the rolled rounds.
    fn fear_save<R: Roller, S: Sink>(
        &mut self,
        (s, t): (usize, usize),
        (what, dc, condition, duration): (&str, u8, Condition, crate::model::special::Roll),
        dice: &mut R,
        sink: &mut S,
    ) {
        let (saved, d20) =
            self.special_save(t, Some(s), (Save::Will, fear_descriptors()), (dc, 0), dice);
        if saved {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(s)),
                "{what} vs {}: Will DC {dc} {d20} saves",
                self.id(t)
            );
            return;
        }
        let rounds = duration.roll(dice).clamp(1, i32::from(u16::MAX - 1)) as u16;
        let now = self.frighten(t, condition, rounds);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(s)),
            "{what} vs {}: Will DC {dc} {d20} fails -> {} for {rounds} rounds",
            self.id(t),
            now.name()
        );
    }

    /// « Fear »: `condition` added to `t`'s fears as they add up; the condition it ends with.
    pub(super) fn frighten(&mut self, t: usize, condition: Condition, rounds: u16) -> Condition {
        let conds = &self.units[t].conds;
        let now = if conds.has(Condition::Panicked)
            || conds.has(Condition::Frightened)
            || (conds.has(Condition::Shaken) && condition == Condition::Frightened)
        {
            Condition::Panicked
        } else if conds.has(Condition::Shaken) && condition == Condition::Shaken {
            Condition::Frightened
        } else {
            condition
        };
        self.units[t].conds.add(now, rounds);
        now
    }
}
