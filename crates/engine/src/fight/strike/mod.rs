//! One attack, from its numbers to the wound (the reference spec, « Règles modélisées »,
//! « Critique », « Critique améliorée », « Distance », « Touch AC et armes à feu »,
//! « Flanquement », « Tirer dans une mêlée », « Couvert »; CRB « Attack Roll », « Critical
//! Hits », « Damage Reduction », « Energy Resistance », « Minimum Damage »).
//!
//! Order: situational numbers (`numbers`) → d20 (natural 1 misses, natural 20 hits and
//! threatens) → threat and confirmation → concealment d100 → damage dice, applied by the pure
//! damage rules (`rules::damage`) → the wound on the life track and the tallies → one log line
//! (`text`). A side carrying spell effects adds its steps (`wards`): sanctuary before the
//! roll, mirror images after a hit or a near miss, a retaliation after a melee hit. Owns a
//! single attack; which attacks an action makes, and when a creature provokes, belong to the
//! action families and `aoo`.

mod roll;
mod text;
mod wards;

use crate::rng::Roller;
use crate::rules::Condition;
use crate::rules::damage::Dealt;
use crate::rules::flag;

use super::log::{Sink, log};
use super::numbers::{AttackNumbers, Swing};
use super::state::{Fight, Life};
use roll::{AttackRoll, DamageRoll};
use text::{Conceal, Crit, Head, Wounded};

/// What an attack did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Struck {
    pub hit: bool,
    pub crit: bool,
    /// The target stopped being active.
    pub dropped: bool,
}

impl Struck {
    const MISS: Struck = Struck {
        hit: false,
        crit: false,
        dropped: false,
    };
}

/// What a hit did to its target.
#[derive(Clone, Copy, Debug)]
struct Wound {
    hp_before: i32,
    /// Lethal damage taken.
    taken: i32,
    /// Nonlethal damage really taken (beyond the maximum it turns lethal; a creature without
    /// Constitution ignores it).
    nonlethal_taken: i32,
    life: Life,
    woke: bool,
    dropped: bool,
}

impl Fight<'_> {
    /// Plays one attack of unit `a` with weapon `w` against unit `t`; a channel smite riding
    /// on `a`'s melee weapon lands with it or is wasted (`special::channel`).
    #[inline]
    pub fn strike<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        w: usize,
        swing: Swing,
        dice: &mut R,
        sink: &mut S,
    ) -> Struck {
        let struck = self.strike_once(a, t, w, swing, dice, sink);
        if self.units[a].class.smite_channel && self.info[a].weapons[w].melee {
            self.smite_channel_lands((a, t), struck.hit, dice, sink);
        }
        struck
    }

    /// [`Fight::strike`] without the channel smite.
    fn strike_once<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        w: usize,
        swing: Swing,
        dice: &mut R,
        sink: &mut S,
    ) -> Struck {
        let power = self.units[a].power_attack;
        // The first strike after a decision that weighed this very swing reads its numbers.
        let plain = !(swing.charge || swing.opportunity);
        let known = (self.decision_memo.get_mut())
            .fresh_numbers((a, t, w, swing.penalty, power))
            .filter(|_| plain);
        let numbers = match known {
            Some(numbers) => {
                // Every test build checks that the decision's numbers still hold.
                debug_assert_eq!(numbers, self.attack_numbers(a, t, w, swing, power));
                numbers
            }
            None => self.attack_numbers(a, t, w, swing, power),
        };
        let Some(mut numbers) = numbers else {
            return Struck::MISS;
        };
        if self.guns {
            self.gun_numbers((a, t, w), swing, &mut numbers, sink);
        }
        let warded = !(self.units[a].wards.is_empty() && self.units[t].wards.is_empty());
        if warded && !self.wards_allow(a, t, dice, sink) {
            return Struck::MISS;
        }
        self.break_fascination(t, sink);
        let roll = self.roll_attack(a, w, &numbers, dice);
        self.attack_rolled(a, t, sink);
        if self.guns && self.gun_misfire((a, w), roll.nat, dice, sink) {
            return Struck::MISS;
        }
        let weapon = self.info[a].weapons[w].index;
        let head = Head {
            opportunity: swing.opportunity,
            weapon: self.combatant(a).attacks()[weapon].name(),
            target: self.id(t),
            roll,
            bonus: numbers.bonus,
            ac: numbers.ac,
        };
        let a_id = self.id(a);
        let round = Some(self.round);
        if !roll.hit {
            log!(S, sink, round, Some(a_id), "{head} -> MISS");
            if warded {
                self.near_miss(a, t, roll.total, numbers.ac, sink);
            }
            return Struck::MISS;
        }
        let crit = Crit {
            roll,
            bonus: numbers.bonus,
        };
        // « CRB — Concealment »: d100 after the hit and its confirmation.
        let concealment = (numbers.miss_chance > 0).then(|| Conceal {
            blinded: self.has_flag(a, flag::BLIND),
            miss_chance: numbers.miss_chance,
            roll: self.concealment_roll(a, w, numbers.miss_chance, dice),
        });
        if let Some(c) = &concealment
            && c.roll.missed
        {
            log!(
                S,
                sink,
                round,
                Some(a_id),
                "{head} -> HIT{crit}, {c} -> MISS"
            );
            return Struck::MISS;
        }
        let mut note = String::new();
        if warded && !self.hit_lands::<R, S>(a, t, &mut note, dice) {
            log!(S, sink, round, Some(a_id), "{head} -> HIT{crit}{note}");
            return Struck::MISS;
        }
        let umr_hit =
            self.info[a].traits.specials.umr.on_hit || self.info[t].traits.specials.umr.on_hit;
        if umr_hit && self.catches_rock((a, t, w), dice, sink) {
            log!(S, sink, round, Some(a_id), "{head} -> HIT{crit} -> CAUGHT");
            return Struck::MISS;
        }
        let first = if swing.charge {
            self.charge_damage(a, w)
        } else {
            None
        };
        let damage = self.roll_damage(a, t, w, &numbers, roll.crit, first, dice);
        self.bypass_regeneration(t, damage.through);
        let helpless = self.guns && self.has_flag(t, flag::HELPLESS);
        let wound = self.wound(a, t, roll, damage.dealt);
        if S::ON {
            let wounded = self.wounded(a, t, &numbers, damage, &wound);
            match &concealment {
                Some(c) => log!(
                    S,
                    sink,
                    round,
                    Some(a_id),
                    "{head} -> HIT{crit}{note} ({c}) {wounded}"
                ),
                None => log!(
                    S,
                    sink,
                    round,
                    Some(a_id),
                    "{head} -> HIT{crit}{note} {wounded}"
                ),
            }
        }
        if self.guns {
            self.gun_grit((a, t, w), (roll.crit, wound.dropped), helpless, sink);
        }
        if warded {
            self.after_hit(a, t, w, dice, sink);
        }
        if let Some(rider) = self.info[a].weapons[w].rider {
            self.ride((a, t), rider, dice, sink);
        }
        if umr_hit {
            self.after_umr_hit((a, t, w), wound.taken, dice, sink);
        }
        Struck {
            hit: true,
            crit: roll.crit,
            dropped: wound.dropped,
        }
    }

    /// A hit of unit `a` with weapon `w` on `t` that needs no attack roll (« CRB — Coup de
    /// Grace »: it hits automatically, and is a critical hit when `crit`): the damage dice with
    /// `numbers`, the wound and its tallies, and one line « WHAT: WEAPON vs TARGET -> CRIT 9
    /// dmg (TARGET hp 3 -> -6, dying) ». Spell wards are not consulted. Returns the lethal
    /// damage taken.
    pub(crate) fn certain_hit<R: Roller, S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        numbers: &AttackNumbers,
        crit: bool,
        what: &str,
        dice: &mut R,
        sink: &mut S,
    ) -> i32 {
        let roll = AttackRoll {
            nat: 0,
            total: 0,
            hit: true,
            confirm: None,
            crit,
        };
        let damage = self.roll_damage(a, t, w, numbers, crit, None, dice);
        self.bypass_regeneration(t, damage.through);
        let wound = self.wound(a, t, roll, damage.dealt);
        if S::ON {
            let weapon = self.combatant(a).attacks()[self.info[a].weapons[w].index].name();
            let verdict = if crit { "CRIT" } else { "HIT" };
            let wounded = self.wounded(a, t, numbers, damage, &wound);
            let target = self.id(t);
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{what}: {weapon} vs {target} -> {verdict} {wounded}"
            );
        }
        wound.taken
    }

    /// The words of `wound` (« 9 dmg (sneak 2d6=7) (orc hp 12 -> 3, staggered) »).
    fn wounded(
        &self,
        a: usize,
        t: usize,
        numbers: &AttackNumbers,
        damage: DamageRoll,
        wound: &Wound,
    ) -> Wounded<'_> {
        Wounded {
            target: self.id(t),
            taken: wound.taken,
            sneak: numbers
                .sneak
                .then_some((self.info[a].sneak_dice, damage.sneak)),
            nonlethal_taken: wound.nonlethal_taken,
            hp_before: wound.hp_before,
            hp_after: self.units[t].hp,
            life: wound.life,
            woke: wound.woke,
        }
    }

    /// « CRB — Fascinated »: an obvious threat, such as a weapon aimed at the creature,
    /// automatically breaks the effect.
    fn break_fascination<S: Sink>(&mut self, t: usize, sink: &mut S) {
        if self.units[t].conds.remove(Condition::Fascinated) {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(t)),
                "fascinated ends (attacked)"
            );
        }
    }

    /// Applies `dealt` to `t` and counts the hit in both tallies; « CRB — Sleep »: a sleeping
    /// creature wakes when it is wounded.
    #[inline(always)]
    fn wound(&mut self, a: usize, t: usize, roll: AttackRoll, dealt: Dealt) -> Wound {
        let hp_before = self.units[t].hp;
        let nonlethal_before = self.units[t].nonlethal;
        let taken = self.apply_damage(t, dealt.lethal, dealt.nonlethal);
        let nonlethal_taken = self.units[t].nonlethal - nonlethal_before;
        let life = self.units[t].life();
        let dropped = !self.units[t].active();
        {
            let tally = &mut self.units[a].tally;
            tally.hits += 1;
            tally.crits += u64::from(roll.crit);
            tally.damage_dealt += taken as u64;
        }
        self.units[t].tally.damage_taken += taken as u64;
        let woke =
            (taken > 0 || nonlethal_taken > 0) && self.units[t].conds.remove(Condition::Asleep);
        Wound {
            hp_before,
            taken,
            nonlethal_taken,
            life,
            woke,
            dropped,
        }
    }
}
