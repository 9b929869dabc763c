//! « APG — Witch — Hexes » in a fight (the rules and their simplifications are in [`super`]):
//! slumber, the healing hex and evil eye, each a standard action that provokes no attack of
//! opportunity, and cackle (a move action). Owns these steps and the marks they leave on
//! their targets; the values are
//! `super`'s ([`Hexes`]), the conditions `rules::condition`'s.

use crate::model::HexKind;
use crate::rng::Roller;
use crate::rules::{Condition, Context, Descriptor, Save, SaveResult};
use crate::vocab::EffectTag;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::Hexes;

/// A creature slumber targeted this fight (« cannot be the target of this hex again for 1
/// day »).
pub const SLUMBERED: u8 = 1 << 0;
/// A creature the healing hex cured this fight (« cannot benefit from it again for 24 hours »).
pub const HEX_HEALED: u8 = 1 << 1;
/// A creature misfortune targeted this fight (« cannot be the target of this hex again for 1
/// day »).
pub const MISFORTUNED: u8 = 1 << 2;
/// A creature a grave touch reached this fight (`touch`: the default policy uses it once a
/// target).
pub const GRAVE_TOUCHED: u8 = 1 << 3;

/// Slumber's range, and evil eye's and misfortune's (« a creature within 30 feet »).
pub const HEX_RANGE_FT: u32 = 30;

impl Fight<'_> {
    /// `u` can use hex `kind` on `t` now: it knows the hex, `t` is in its range and has not
    /// had it this fight.
    pub(crate) fn can_hex(&self, u: usize, kind: HexKind, t: usize) -> bool {
        let Some(hexes) = self.info[u].traits.class.hexes else {
            return false;
        };
        if !hexes.knows(kind) || t >= self.units.len() || self.units[t].dead {
            return false;
        }
        let marks = self.units[t].class.hex_marks;
        match kind {
            HexKind::Slumber => {
                self.enemies(u, t)
                    && marks & SLUMBERED == 0
                    && self.distance_ft(u, t) <= HEX_RANGE_FT
                    && self.has_line_of_effect_from(u, self.units[u].pos, t)
            }
            HexKind::Healing => {
                !self.enemies(u, t)
                    && marks & HEX_HEALED == 0
                    && (t == u || self.distance_ft(u, t) <= 5)
            }
            HexKind::EvilEye => {
                self.enemies(u, t)
                    && self.round >= self.units[t].class.evil_eye_until
                    && self.distance_ft(u, t) <= HEX_RANGE_FT
                    && self.has_line_of_effect_from(u, self.units[u].pos, t)
            }
            HexKind::Misfortune => {
                self.enemies(u, t)
                    && marks & MISFORTUNED == 0
                    && self.distance_ft(u, t) <= HEX_RANGE_FT
                    && self.has_line_of_effect_from(u, self.units[u].pos, t)
            }
            HexKind::Cackle => t == u,
        }
    }

    /// The standard action: `u` uses hex `kind` on `t`.
    pub(crate) fn hex<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        kind: HexKind,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        let Some(hexes) = self.info[u].traits.class.hexes else {
            return ActionResult::refused("hex", "no_hex");
        };
        if !self.can_hex(u, kind, t) {
            return ActionResult::refused("hex", "hex_not_possible");
        }
        match kind {
            HexKind::Slumber => self.slumber((u, t), hexes, dice, sink),
            HexKind::Healing => self.healing_hex((u, t), hexes, dice, sink),
            HexKind::EvilEye => self.evil_eye((u, t), hexes, dice, sink),
            HexKind::Cackle => self.cackle(u, sink),
            HexKind::Misfortune => self.misfortune((u, t), hexes, dice, sink),
        }
        ActionResult::done("hex")
    }

    /// « Slumber »: `t` saves (Will) or falls asleep for the witch's level in rounds, as the
    /// spell sleep (a mind-affecting sleep effect: creatures immune to either are spared),
    /// of any Hit Dice. Damage wakes it (`strike`, `effects`: every sleeper wakes so).
    fn slumber<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        hexes: Hexes,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.units[t].class.hex_marks |= SLUMBERED;
        let immunities = self.combatant(t).immunities();
        if immunities.to_effect(EffectTag::Sleep) || immunities.to_effect(EffectTag::MindAffecting)
        {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "slumber hex: {} is immune",
                self.id(t)
            );
            return;
        }
        let dc = hexes.slumber_dc;
        let (r, bonus) = self.hex_save((u, t), dc, dice);
        if r.success {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "slumber hex vs {}: Will DC {dc} d20={}{bonus:+}={} saves",
                self.id(t),
                r.roll,
                r.total
            );
            return;
        }
        let rounds = u16::from(hexes.level.max(1));
        self.units[t].conds.add(Condition::Asleep, rounds);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "slumber hex vs {}: Will DC {dc} d20={}{bonus:+}={} fails -> asleep for {rounds} rounds",
            self.id(t),
            r.roll,
            r.total
        );
    }

    /// « Evil Eye », its attack-roll option: `t` takes −2 on its attack rolls for 3 + the
    /// witch's Intelligence modifier rounds, 1 round on a successful Will save
    /// (mind-affecting), counted from this round: it lasts until the start of round
    /// `round + rounds`.
    fn evil_eye<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        hexes: Hexes,
        dice: &mut R,
        sink: &mut S,
    ) {
        if self
            .combatant(t)
            .immunities()
            .to_effect(EffectTag::MindAffecting)
        {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "evil eye hex: {} is immune",
                self.id(t)
            );
            return;
        }
        let dc = hexes.evil_eye_dc;
        let (r, bonus) = self.hex_save((u, t), dc, dice);
        let rounds = if r.success {
            1
        } else {
            (3 + i32::from(hexes.int)).max(1) as u32
        };
        let state = &mut self.units[t].class;
        state.evil_eye_until = self.round + rounds;
        state.evil_eye_by = u as u8;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "evil eye hex vs {}: Will DC {dc} d20={}{bonus:+}={} {} -> -2 attack for {rounds} rounds",
            self.id(t),
            r.roll,
            r.total,
            if r.success { "saves" } else { "fails" }
        );
    }

    /// « Misfortune »: `t` saves (Will, mind-affecting) or rolls its d20s twice and takes
    /// the worse for 1 round (2 from the witch's 8th level, 3 from her 16th), counted from
    /// this round as evil eye's. A creature is its target once a fight (« once per day »).
    fn misfortune<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        hexes: Hexes,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.units[t].class.hex_marks |= MISFORTUNED;
        if (self.combatant(t).immunities()).to_effect(EffectTag::MindAffecting) {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "misfortune hex: {} is immune",
                self.id(t)
            );
            return;
        }
        let dc = hexes.misfortune_dc;
        let (r, bonus) = self.hex_save((u, t), dc, dice);
        let rounds = 1 + u32::from(hexes.level >= 8) + u32::from(hexes.level >= 16);
        if !r.success {
            let state = &mut self.units[t].class;
            state.misfortune_until = self.round + rounds;
            state.misfortune_by = u as u8;
        }
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "misfortune hex vs {}: Will DC {dc} d20={}{bonus:+}={} {}",
            self.id(t),
            r.roll,
            r.total,
            if r.success {
                "saves"
            } else {
                "fails -> rolls twice, takes the worse"
            }
        );
    }

    /// « Cackle » (a move action): every evil eye and misfortune of `u` on a creature within
    /// 30 ft. lasts one round more.
    fn cackle<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let mut extended = 0;
        for t in 0..self.units.len() {
            let state = self.units[t].class;
            if self.distance_ft(u, t) > HEX_RANGE_FT {
                continue;
            }
            if usize::from(state.evil_eye_by) == u && self.round < state.evil_eye_until {
                self.units[t].class.evil_eye_until += 1;
                extended += 1;
            }
            if usize::from(state.misfortune_by) == u && self.round < state.misfortune_until {
                self.units[t].class.misfortune_until += 1;
                extended += 1;
            }
        }
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "cackle: {extended} hexes last a round more"
        );
    }

    /// `t`'s Will save against `u`'s hex of `dc` (a mind-affecting effect): the roll and
    /// the bonus.
    fn hex_save<R: Roller>(
        &self,
        (u, t): (usize, usize),
        dc: u8,
        dice: &mut R,
    ) -> (SaveResult, i32) {
        let ctx = Context {
            descriptors: [Descriptor::MindAffecting].into_iter().collect(),
            source: Some(self.combatant(u).alignment()),
            ..Context::default()
        };
        let bonus = self.save_bonus(t, Save::Will, &ctx);
        (self.save_roll(t, bonus, i32::from(dc), dice), bonus)
    }

    /// « Healing »: as cure light wounds at the witch's caster level (1d8 + caster level,
    /// at most +5) on a living creature it touches, itself included.
    fn healing_hex<R: Roller, S: Sink>(
        &mut self,
        (u, t): (usize, usize),
        hexes: Hexes,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.units[t].class.hex_marks |= HEX_HEALED;
        let bonus = i32::from(hexes.caster_level.clamp(1, 5));
        let rolled = dice.d(8) as i32;
        let before = self.units[t].hp;
        let restored = self.restore(t, rolled + bonus);
        self.units[u].tally.healing_done += restored as u64;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "healing hex on {}: 1d8+{bonus}={} -> hp {before} -> {}",
            self.id(t),
            rolled + bonus,
            self.units[t].hp
        );
    }
}
