//! Petrification (Bestiary — Universal Monster Rules « Gaze »; the basilisk's and medusa's
//! « turn to stone »; the gorgon's breath, `breath`): the gaze's save at the start of each
//! opponent's turn, averting eyes, and the stone a failure leaves. Owns those steps; the
//! policy's choice to avert is `policy::specials`'.
//!
//! - « Each opponent within range of a gaze attack must attempt a saving throw each round at
//!   the beginning of his or her turn in the initiative order. Only looking directly at a
//!   creature with a gaze attack leaves an opponent vulnerable. » An opponent within range
//!   that sees the gazer (blinded creatures never do) saves (Fortitude); a failure turns it
//!   to stone.
//! - « Averting Eyes: [...] Each round, the opponent has a 50% chance to not need to make a
//!   saving throw against the gaze attack. The creature with the gaze attack, however, gains
//!   concealment against that opponent. » A d% (1–50: no save), and a 20 % miss chance on
//!   the averter's attacks on the gazer (`numbers::miss_chance`).
//! - Petrified: out of the fight, alive (`Life::Down`), counted as downed in the tallies.
//!   A gaze's stone lasts the fight; the gorgon's breath lets the victim save again at the
//!   start of each of its turns (`stone_dc`). Not modelled: the active gaze as an attack
//!   action, gazes against allies.

use crate::model::EffectTag;
use crate::rng::Roller;
use crate::rules::{Descriptor, Save};
use crate::vocab::EnumSet;

use super::super::effects::Wards;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::values::Gaze;

impl Fight<'_> {
    /// « Gaze »: `u` at the start of its turn within range of `s`'s gaze.
    pub(super) fn gaze_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        s: usize,
        gaze: Gaze,
        dice: &mut R,
        sink: &mut S,
    ) {
        if self.distance_ft(u, s) > u32::from(gaze.range_ft)
            || !self.sees(u, s)
            || self
                .combatant(u)
                .immunities()
                .to_effect(EffectTag::Petrification)
        {
            return;
        }
        if self.units[u].powers.averting && dice.d(100) <= 50 {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "averts its eyes from {}'s gaze",
                self.id(s)
            );
            return;
        }
        let dc = gaze.dc;
        let (saved, d20) =
            self.special_save(u, Some(s), (Save::Fort, EnumSet::new()), (dc, 0), dice);
        let verdict = if saved {
            "saves"
        } else {
            "fails -> turned to stone"
        };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(s)),
            "gaze vs {}: Fort DC {dc} {d20} {verdict}",
            self.id(u)
        );
        if !saved {
            self.turn_to_stone(u, 0);
        }
    }

    /// « Averting Eyes »: `u` averts its eyes from gazes, or stops.
    pub(crate) fn avert_eyes<S: Sink>(&mut self, u: usize, on: bool, sink: &mut S) {
        if self.units[u].powers.averting != on {
            self.units[u].powers.averting = on;
            let wards = &mut self.units[u].wards;
            if on {
                wards.add(Wards::AVERTING);
            } else {
                wards.remove(Wards::AVERTING);
            }
            let what = if on { "averts its eyes" } else { "looks again" };
            log!(S, sink, Some(self.round), Some(self.id(u)), "{what}");
        }
    }

    /// `t` is petrified; `stone_dc` (0: for the fight) is the save that may free it at the
    /// start of each of its turns.
    pub(super) fn turn_to_stone(&mut self, t: usize, stone_dc: u8) {
        let state = &mut self.units[t];
        state.petrified = true;
        state.downed = true;
        state.powers.stone_dc = stone_dc;
    }

    /// The start of petrified `u`'s turn: a save against the stone's DC, when it has one,
    /// frees it. True when it is free and active again.
    #[cold]
    pub(crate) fn stone_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let dc = self.units[u].powers.stone_dc;
        if dc == 0 {
            return false;
        }
        let (saved, d20) = self.special_save(
            u,
            None,
            (Save::Fort, EnumSet::<Descriptor>::new()),
            (dc, 0),
            dice,
        );
        let verdict = if saved {
            "saves -> flesh again"
        } else {
            "fails"
        };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "petrified: Fort DC {dc} {d20} {verdict}"
        );
        if saved {
            self.units[u].petrified = false;
            self.units[u].powers.stone_dc = 0;
        }
        self.units[u].active()
    }
}
