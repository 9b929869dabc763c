//! What a hit does under the attack-shaped monster rules (Bestiary — « Rend », « Rock
//! Catching », hydra « Hydra Traits »): a rock caught before its damage, the rend of the
//! second hit, the head a slashing blow severs. Called by `strike` only for a unit whose
//! [`super::Umr::on_hit`] is set; the values are `umr`'s, the heads' regrowth `hydra`'s.

use crate::rng::Roller;
use crate::rules::{Context, Save};
use crate::size::Size;
use crate::vocab::DamageType;

use super::super::cast::D20;
use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// « Bestiary — Rock Catching »: a rock of `a`'s weapon `w` would hit `t`, which catches
    /// rocks: once a round, while it can react, a Reflex save against 15 (Small rock), 20
    /// (Medium) or 25 (Large) — the rock is two sizes smaller than its thrower (« Rock
    /// Throwing »: « rocks up to two categories smaller than its size »). True when caught:
    /// the hit deals nothing.
    #[cold]
    pub(crate) fn catches_rock<R: Roller, S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let weapon = self.info[a].weapons[w].index;
        if self.info[a].traits.specials.umr.rock != Some(weapon)
            || self.units[t].umr.catch_round == self.round
            || !self.can_react(t)
        {
            return false;
        }
        let rock = self.info[a].size as i32 - 2;
        let dc = match rock {
            r if r == Size::Small as i32 => 15,
            r if r == Size::Medium as i32 => 20,
            r if r == Size::Large as i32 => 25,
            _ => return false,
        };
        self.units[t].umr.catch_round = self.round;
        let (caught, d20) = self.reflex_save(t, dc, dice);
        let verdict = if caught { "caught" } else { "fails" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(t)),
            "rock catching: Ref DC {dc} {d20} -> {verdict}"
        );
        caught
    }

    /// `t`'s Reflex save against `dc` (a monster rule's, no descriptor): success and the roll.
    pub(super) fn reflex_save<R: Roller>(&self, t: usize, dc: i32, dice: &mut R) -> (bool, D20) {
        let bonus = self.save_bonus(t, Save::Reflex, &Context::default());
        let r = self.save_roll(t, bonus, dc, dice);
        let d20 = D20 {
            roll: r.roll,
            bonus,
            total: r.total,
        };
        (r.success, d20)
    }

    /// « Bestiary — Scent »: « When the creature is within 5 feet of the source, it pinpoints
    /// the source's location »: `o` perceives hidden `h` next to it. Simplified: the scent
    /// of a creature farther away (its presence, its direction) changes nothing; concealment
    /// (invisibility's miss chance) still counts.
    #[inline]
    pub(crate) fn scents(&self, o: usize, h: usize) -> bool {
        self.info[o].traits.specials.umr.scent && self.distance_ft(o, h) <= 5
    }

    /// After `a`'s hit with weapon `w` on `t` that dealt `taken`: the rend of a second hit,
    /// a head severed.
    #[cold]
    pub(crate) fn after_umr_hit<R: Roller, S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        taken: i32,
        dice: &mut R,
        sink: &mut S,
    ) {
        if self.info[t].traits.specials.umr.heads.is_some() {
            self.sever_head((a, t, w), taken, dice, sink);
        }
        if let Some(rend) = self.info[a].traits.specials.umr.rend
            && rend.attack == self.info[a].weapons[w].index
        {
            self.rend_hit((a, t, w), rend.damage, dice, sink);
        }
    }

    /// « Bestiary — Rend »: « If it hits with two or more natural attacks in 1 round [...]
    /// This attack deals an additional amount of damage, but no more than once per round ».
    /// Counted per target: the two hits must land on one creature.
    fn rend_hit<R: Roller, S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        damage: crate::model::special::Roll,
        dice: &mut R,
        sink: &mut S,
    ) {
        let (round, target) = (self.round, t.min(254) as u8 + 1);
        let standing = self.units[t].active();
        let state = &mut self.units[a].umr;
        let (r, who, n) = state.rend_hits;
        let n = if r == round && who == target {
            n + 1
        } else {
            1
        };
        state.rend_hits = (round, target, n);
        if n < 2 || state.rent_round == round || !standing {
            return;
        }
        state.rent_round = round;
        let rolled = damage.roll(dice);
        let types = self.info[a].weapons[w].dealt;
        let nonlethal = self.info[a].weapons[w].nonlethal;
        let what = if S::ON {
            format!("rend {damage}={rolled} vs {}", self.id(t))
        } else {
            String::new()
        };
        self.maneuver_damage(a, t, rolled, types, nonlethal, &what, sink);
    }

    /// « Bestiary — Hydra, Hydra Traits »: a head « is considered a separate weapon with
    /// hardness 0 and hit points equal to the hydra's HD »; simplified: a melee hit with a
    /// slashing weapon that deals at least that much severs one head (the body takes the
    /// hit's damage as usual). Two heads grow back in 1d4 rounds (« Regenerate Head »), at
    /// most twice the starting heads, unless the blow dealt fire or acid: that stump is seared.
    /// No head left and none growing: the hydra dies.
    fn sever_head<R: Roller, S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        taken: i32,
        dice: &mut R,
        sink: &mut S,
    ) {
        let Some(heads) = self.info[t].traits.specials.umr.heads else {
            return;
        };
        let weapon = &self.info[a].weapons[w];
        if !weapon.melee
            || !weapon.dealt.contains(DamageType::Slashing)
            || taken < heads.head_hp as i32
            || self.units[t].umr.heads == 0
            || self.units[t].dead
        {
            return;
        }
        let seared =
            weapon.dealt.contains(DamageType::Fire) || weapon.dealt.contains(DamageType::Acid);
        let round = self.round;
        let s = &mut self.units[t].umr;
        s.heads -= 1;
        if seared {
            s.seared += 1;
        } else {
            let room = (2 * heads.start).saturating_sub(s.heads + s.regrowing);
            let grow = room.min(2);
            if grow > 0 {
                if s.regrowing == 0 {
                    s.regrow_round = round + dice.d(4);
                }
                s.regrowing += grow;
            }
        }
        let (left, growing, when) = (s.heads, s.regrowing, s.regrow_round);
        if left == 0 && growing == 0 {
            self.units[t].dead = true;
            self.units[t].downed = true;
        }
        if S::ON {
            let fate = if left == 0 && growing == 0 {
                ", dead".to_string()
            } else if growing > 0 {
                format!(", {growing} growing back in round {when}")
            } else {
                String::new()
            };
            let seared = if seared { " (seared)" } else { "" };
            log!(
                S,
                sink,
                Some(round),
                Some(self.id(a)),
                "severs a head of {}{seared}: {left} heads left{fate}",
                self.id(t)
            );
        }
    }
}
