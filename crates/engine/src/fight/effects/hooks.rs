//! What lasting effects do at fixed moments, each looked at only when its [`Wards`] bit is set:
//! - an attack on a creature with mirror images (« CRB — Mirror Image »): a hit picks at random
//!   among the images and the creature — 1 in (images + 1) it is the creature —, an image hit is
//!   destroyed and the attack has no other effect; a miss by 5 or less destroys an image; a
//!   blinded attacker is not fooled;
//! - an attack or a targeted spell on a creature under sanctuary (« CRB — Sanctuary »): the
//!   enemy saves (Will against the spell's DC) or loses that attack or spell (simplified:
//!   it saves again at each attack); the warded creature's own attack, or its offensive spell,
//!   ends the sanctuary;
//! - a melee hit without a reach weapon on a creature under a retaliation (fire shield): the
//!   attacker takes the damage, no save;
//! - the start of a bearer's turn: its recurring damage (acid arrow), one round of it each;
//! - the start of a caster's turn: its spell weapon (spiritual weapon) attacks the nearest
//!   active enemy within the spell's range of the caster — d20 + base attack bonus + casting
//!   ability modifier against AC, its threat range and multiplier, force damage;
//! - the end of a bearer's turn: a `save_ends` condition's save, rolled again.

use crate::rng::Roller;
use crate::rules::effect::{Amount, Effect};
use crate::rules::{AcKind, Context, Stat, flag};
use crate::vocab::DamageTypes;

use super::super::cast::{AmountRoll, D20, Types, save_name, say};
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::{Active, Wards};

/// Who a lasting effect's damage comes from and goes to, who says it and its verb.
struct Burn {
    source: usize,
    victim: usize,
    speaker: usize,
    /// « burns » (the victim named after it) or « goes on ».
    verb: &'static str,
}

impl Fight<'_> {
    /// Rolls `amount` of `types` at `entry`'s caster level and deals it as `burn` says:
    /// « fire shield burns orc: 1d6+7=12 fire, 12 dmg (…) », « acid arrow goes on: … ».
    fn lasting_damage<R: Roller, S: Sink>(
        &mut self,
        entry: &Active,
        amount: &Amount,
        types: DamageTypes,
        burn: Burn,
        dice: &mut R,
        sink: &mut S,
    ) {
        let cl = u32::from(entry.cl);
        let value = amount.roll(cl, dice, Default::default());
        let mut text = String::new();
        if S::ON {
            let roll = AmountRoll {
                amount: *amount,
                cl,
                total: value,
                metamagic: Default::default(),
                intense: 0,
            };
            let name = self.spell(entry.spell).name().to_lowercase();
            say!(S, text, "{name} {}", burn.verb);
            if burn.victim != burn.speaker {
                say!(S, text, " {}", self.id(burn.victim));
            }
            say!(S, text, ": {roll} {}, ", Types(types));
        }
        let hurt = self.hurt(burn.source, burn.victim, value, types);
        self.say_hurt::<S>(burn.victim, &hurt, &mut text);
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(burn.speaker)),
            "{text}"
        );
    }

    /// « CRB — Globe of Invulnerability »: a spell of `level` or lower has no effect on `t`.
    pub(crate) fn globe_stops(&self, t: usize, level: u8) -> bool {
        self.units[t].wards.has(Wards::SPELL_IMMUNITY)
            && (self.magic.effects[t].iter()).any(|a| {
                matches!(self.effect_of(a), Effect::SpellImmunity { .. })
                    && a.value >= i32::from(level)
            })
    }

    /// The index of the first entry of `t` whose primitive passes `is`.
    fn entry_where(&self, t: usize, is: impl Fn(&Effect) -> bool) -> Option<usize> {
        (self.magic.effects[t].iter()).position(|a| is(self.effect_of(a)))
    }

    /// A hit of `a` on `t`, who has mirror images: true when it strikes `t` itself.
    pub(crate) fn mirror_on_hit<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dice: &mut R,
        text: &mut String,
    ) -> bool {
        if self.has_flag(a, flag::BLIND) {
            return true;
        }
        let Some(i) = self.entry_where(t, |e| matches!(e, Effect::MirrorImages { .. })) else {
            return true;
        };
        let images = self.magic.effects[t].get_mut(i).value.max(0) as u32;
        let roll = dice.d(images + 1);
        if roll == 1 {
            say!(
                S,
                text,
                " (mirror image d{}={roll}: the real one)",
                images + 1
            );
            return true;
        }
        say!(S, text, " (mirror image d{}={roll}: an image", images + 1);
        self.destroy_image(t, i, text, S::ON);
        say!(S, text, ")");
        false
    }

    /// A miss of `a` (total `total`) on `t`, who has mirror images: one within 5 of `ac`
    /// destroys an image.
    pub(crate) fn mirror_near_miss<S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        total: i32,
        ac: i32,
        text: &mut String,
    ) {
        if total < ac - 5 || self.has_flag(a, flag::BLIND) {
            return;
        }
        if let Some(i) = self.entry_where(t, |e| matches!(e, Effect::MirrorImages { .. })) {
            say!(S, text, " (near miss:");
            self.destroy_image(t, i, text, S::ON);
            say!(S, text, ")");
        }
    }

    fn destroy_image(&mut self, t: usize, i: usize, text: &mut String, on: bool) {
        let entry = self.magic.effects[t].get_mut(i);
        entry.value -= 1;
        let left = entry.value;
        if on {
            use std::fmt::Write as _;
            let _ = write!(text, " destroyed, {left} left");
        }
        if left <= 0 {
            self.end_effect(t, i, &mut super::super::log::NoLog);
        }
    }

    /// `a` attacks or targets `t` under sanctuary: true when `a` may go on.
    pub(crate) fn sanctuary_lets_through<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dice: &mut R,
        text: &mut String,
    ) -> bool {
        if !self.units[t].wards.has(Wards::SANCTUARY) {
            return true;
        }
        let Some(i) = self.entry_where(t, |e| matches!(e, Effect::Sanctuary { .. })) else {
            return true;
        };
        let entry = *self.magic.effects[t].get_mut(i);
        let spell = self.spell(entry.spell);
        let ctx = self.spell_context(usize::from(entry.caster), spell);
        let bonus = self.save_bonus(a, crate::rules::Save::Will, &ctx);
        let r = self.save_roll(a, bonus, i32::from(entry.dc), dice);
        let d20 = D20 {
            roll: r.roll,
            bonus,
            total: r.total,
        };
        if r.success {
            say!(S, text, "sanctuary Will DC {} {d20} saves, ", entry.dc);
            true
        } else {
            say!(
                S,
                text,
                "sanctuary Will DC {} {d20} fails: held back",
                entry.dc
            );
            false
        }
    }

    /// `a` attacks or casts an offensive spell: its own sanctuary ends.
    pub(crate) fn end_sanctuary_of<S: Sink>(&mut self, a: usize, text: &mut String) {
        if !self.units[a].wards.has(Wards::SANCTUARY) {
            return;
        }
        while let Some(i) = self.entry_where(a, |e| matches!(e, Effect::Sanctuary { .. })) {
            self.end_effect(a, i, &mut super::super::log::NoLog);
        }
        say!(S, text, "(its sanctuary ends) ");
    }

    /// A melee hit of `a` without a reach weapon on `t`: `t`'s retaliations strike back.
    pub(crate) fn retaliate<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let mut k = 0;
        while k < self.magic.effects[t].len() {
            let entry = *self.magic.effects[t].get_mut(k);
            k += 1;
            let Effect::Retaliate { amount, types, .. } = self.effect_of(&entry) else {
                continue;
            };
            let burn = Burn {
                source: t,
                victim: a,
                speaker: t,
                verb: "burns",
            };
            self.lasting_damage(&entry, amount, *types, burn, dice, sink);
            if !self.units[a].active() {
                return;
            }
        }
    }

    /// The start of `u`'s turn: its recurring damage, then its spell weapons.
    pub(crate) fn start_turn_effects<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        if self.units[u].wards.has(Wards::RECURRING) {
            self.recurring_damage(u, dice, sink);
        }
        if self.units[u].wards.has(Wards::SPELL_WEAPON) && self.units[u].active() {
            self.spell_weapons(u, dice, sink);
        }
        if self.units[u].wards.has(Wards::POISON) && self.units[u].active() {
            self.poison_turn(u, dice, sink);
        }
    }

    /// « CRB — Acid Arrow »: each recurring entry on `u` deals its damage again and loses a
    /// round.
    fn recurring_damage<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        let mut k = 0;
        while k < self.magic.effects[u].len() {
            let entry = *self.magic.effects[u].get_mut(k);
            let Effect::RecurringDamage { amount, types, .. } = self.effect_of(&entry) else {
                k += 1;
                continue;
            };
            let burn = Burn {
                source: usize::from(entry.caster),
                victim: u,
                speaker: u,
                verb: "goes on",
            };
            self.lasting_damage(&entry, amount, *types, burn, dice, sink);
            let left = {
                let e = self.magic.effects[u].get_mut(k);
                e.value -= 1;
                e.value
            };
            if left <= 0 {
                self.end_effect(u, k, sink);
            } else {
                k += 1;
            }
            if !self.units[u].active() {
                return;
            }
        }
    }

    /// « CRB — Spiritual Weapon »: each spell weapon of `u` attacks once.
    fn spell_weapons<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        for k in 0..self.magic.effects[u].len() {
            let entry = *self.magic.effects[u].get_mut(k);
            if usize::from(entry.caster) != u {
                continue;
            }
            let Effect::SpellWeapon {
                amount,
                types,
                crit_range,
                crit_mult,
                ..
            } = self.effect_of(&entry)
            else {
                continue;
            };
            let spell = self.spell(entry.spell);
            let cl = u32::from(entry.cl);
            let range = spell.range().feet_at(cl);
            let target = (0..self.units.len())
                .filter(|&o| self.enemies(u, o) && self.units[o].active())
                .filter(|&o| self.distance_ft(u, o) <= range)
                .filter(|&o| self.has_line_of_effect_from(u, self.units[u].pos, o))
                .min_by_key(|&o| (self.distance_ft(u, o), o));
            let Some(t) = target else {
                continue;
            };
            let bonus =
                self.info[u].bab + self.info[u].caster.as_ref().map_or(0, |c| c.ability_mod);
            let ac = self.info[t].ac_total
                + self.stat_mod(t, Stat::Ac, Some(AcKind::Total), &Context::default())
                - self.until_next_turn_ac(t);
            let nat = dice.d20();
            let total = nat as i32 + bonus;
            let hit = nat != 1 && (nat == 20 || total >= ac);
            let name = spell.name().to_lowercase();
            let mut text = String::new();
            let d20 = D20 {
                roll: nat,
                bonus,
                total,
            };
            say!(S, text, "{name} vs {} {d20} AC {ac}", self.id(t));
            if !hit {
                say!(S, text, " -> MISS");
                log!(S, sink, Some(self.round), Some(self.id(u)), "{text}");
                continue;
            }
            let mut mult = 1;
            say!(S, text, " -> HIT");
            if nat >= u32::from(*crit_range) {
                let c = dice.d20();
                let c_total = c as i32 + bonus;
                let confirmed = c != 1 && (c == 20 || c_total >= ac);
                let confirm = D20 {
                    roll: c,
                    bonus,
                    total: c_total,
                };
                if confirmed {
                    mult = i32::from(*crit_mult);
                    self.units[u].tally.crits += 1;
                    say!(S, text, " CRIT (confirm {confirm})");
                } else {
                    say!(S, text, " (threat, confirm {confirm} fails)");
                }
            }
            self.units[u].tally.hits += 1;
            let value = amount.roll(cl, dice, Default::default()) * mult;
            say!(S, text, " {value} {}: ", Types(*types));
            let hurt = self.hurt(u, t, value, *types);
            self.say_hurt::<S>(t, &hurt, &mut text);
            log!(S, sink, Some(self.round), Some(self.id(u)), "{text}");
        }
    }

    /// The end of `u`'s turn: each `save_ends` condition on it rolls its save again; a
    /// success ends it.
    pub(crate) fn end_turn_saves<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let mut k = 0;
        while k < self.magic.effects[u].len() {
            let entry = *self.magic.effects[u].get_mut(k);
            let ends = matches!(
                self.effect_of(&entry),
                Effect::Condition {
                    save_ends: true,
                    ..
                }
            );
            let Some(save) = self.save_of(&entry).filter(|_| ends) else {
                k += 1;
                continue;
            };
            let spell = self.spell(entry.spell);
            let ctx = self.spell_context(usize::from(entry.caster), spell);
            let bonus = self.save_bonus(u, save, &ctx);
            let r = self.save_roll(u, bonus, i32::from(entry.dc), dice);
            if S::ON {
                let d20 = D20 {
                    roll: r.roll,
                    bonus,
                    total: r.total,
                };
                let name = spell.name().to_lowercase();
                let verdict = if r.success { "saves" } else { "fails" };
                let save = save_name(save);
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.id(u)),
                    "{save} DC {} {d20} against {name}: {verdict}",
                    entry.dc
                );
            }
            if r.success {
                self.end_effect(u, k, sink);
            } else {
                k += 1;
            }
        }
    }
}
