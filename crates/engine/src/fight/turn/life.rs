//! What a creature's state does at the start of its turn, before any plan (« CRB — Dying »,
//! « Bleed », « Confused »; the reference spec, « Mourir et stabilisation », « Conditions
//! effectives »): a dying creature rolls to stabilize, a bleeding one bleeds, a confused one
//! rolls its d%. Owns these start-of-turn rolls; the life track itself is `state`'s.

use crate::model::Ability;
use crate::rng::Roller;

use super::super::log::{Sink, log};
use super::super::numbers::Swing;
use super::super::state::Fight;

impl Fight<'_> {
    /// « CRB — Bleed »: the bleed damage at the start of the bearer's turn.
    pub(super) fn bleed<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let amount = self.units[u].bleed as i32;
        let before = self.units[u].hp;
        let taken = self.apply_damage(u, amount, 0);
        self.units[u].tally.damage_taken += taken as u64;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "bleeds {taken}: hp {before} -> {}",
            self.units[u].hp
        );
    }

    /// « CRB — Confused »: d% at the start of the turn. 01–25 acts normally (true); 26–50
    /// babbles; 51–75 deals 1d8 + Str modifier to itself; 76–100 makes one melee attack on the
    /// nearest creature, friend or foe, if one is in reach (the reference spec's simplification of
    /// « attacks the last creature that attacked it »). False: the turn is spent.
    pub(super) fn confused_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let roll = dice.d100();
        let id = self.id(u);
        let round = Some(self.round);
        match roll {
            1..=25 => {
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "confused d100={roll}: acts normally"
                );
                true
            }
            26..=50 => {
                log!(S, sink, round, Some(id), "confused d100={roll}: babbles");
                false
            }
            51..=75 => {
                let str_mod = self.combatant(u).abilities().modifier(Ability::Str);
                let dmg = (dice.d(8) as i32 + str_mod).max(1);
                let before = self.units[u].hp;
                let taken = self.apply_damage(u, dmg, 0);
                self.units[u].tally.damage_taken += taken as u64;
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "confused d100={roll}: hurts itself for {taken} (hp {before} -> {})",
                    self.units[u].hp
                );
                false
            }
            _ => {
                let nearest = (0..self.units.len())
                    .filter(|&o| o != u && self.units[o].active())
                    .min_by_key(|&o| (self.distance_ft(u, o), o));
                let strike = nearest.and_then(|o| {
                    self.weapon_for(u, o)
                        .filter(|&w| self.info[u].weapons[w].melee)
                        .map(|w| (o, w))
                });
                match strike {
                    Some((o, w)) => {
                        log!(
                            S,
                            sink,
                            round,
                            Some(id),
                            "confused d100={roll}: attacks the nearest creature, {}",
                            self.id(o)
                        );
                        self.strike(u, o, w, Swing::default(), dice, sink);
                    }
                    None => log!(
                        S,
                        sink,
                        round,
                        Some(id),
                        "confused d100={roll}: no creature in reach to attack"
                    ),
                }
                false
            }
        }
    }

    /// `u` loses 1 hit point (« CRB — Disabled »: a strenuous action at 0 hp; « Bestiary —
    /// Ferocity »: each round below 0), logged « WHAT: hp 0 -> -1 » (« , dead » when it dies).
    #[cold]
    pub(super) fn lose_1_hp<S: Sink>(&mut self, u: usize, what: &str, sink: &mut S) {
        let before = self.units[u].hp;
        self.apply_damage(u, 1, 0);
        let dead = if self.units[u].dead { ", dead" } else { "" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "{what}: hp {before} -> {}{dead}",
            self.units[u].hp
        );
    }

    /// « CRB — Dying »: DC 10 Constitution check with a penalty equal to the negative hit
    /// points; a natural 20 succeeds; failure loses 1 hit point.
    pub(super) fn stabilize<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        let nat = dice.d20() as i32;
        let hp = self.units[u].hp;
        let total = nat + self.info[u].con_mod + hp;
        let id = self.id(u);
        if nat == 20 || total >= 10 {
            self.units[u].stable = true;
            log!(
                S,
                sink,
                Some(self.round),
                Some(id),
                "stabilize d20={nat}{:+}{hp}={total} DC 10 -> stable",
                self.info[u].con_mod
            );
        } else {
            self.apply_damage(u, 1, 0);
            let dead = if self.units[u].dead { ", dead" } else { "" };
            log!(
                S,
                sink,
                Some(self.round),
                Some(id),
                "stabilize d20={nat}{:+}{hp}={total} DC 10 -> fails, hp {hp} -> {}{dead}",
                self.info[u].con_mod,
                self.units[u].hp
            );
        }
    }
}
