//! « Ultimate Combat — Gunslinger » and « Firearms » in a fight: misfires, grit and the deeds
//! that act in a fight (the rule and its simplifications are in [`super`]). Every step here
//! runs only when some unit of the fight has grit or a misfire value (`Fight::guns`): a fight
//! without them pays one branch per attack. Owns those steps; the values are `super`'s.

use crate::rng::Roller;
use crate::rules::{Descriptor, Save};
use crate::vocab::EnumSet;

use super::super::action::ActionResult;
use super::super::log::{Sink, log};
use super::super::numbers::{AttackNumbers, Swing};
use super::super::state::Fight;

/// « Firearms — Misfires »: a broken firearm's misfire value rises by 4.
const BROKEN_MISFIRE: u32 = 4;
/// « Firearms — Early Firearms »: the explosion's Reflex DC.
const EXPLOSION_DC: u8 = 12;

impl Fight<'_> {
    /// `u` has grit (a gunslinger).
    #[inline]
    pub(crate) fn has_grit(&self, u: usize) -> bool {
        self.info[u]
            .traits
            .class
            .gun
            .is_some_and(|g| g.grit.is_some())
    }

    /// Grit points `u` has left.
    pub(crate) fn grit(&self, u: usize) -> u32 {
        self.units[u].class.grit
    }

    /// « Gunslinger Initiative »: +2 on initiative checks with at least 1 grit point and a
    /// firearm among its attacks (taken to be in hand).
    pub(crate) fn gun_initiative(&self, u: usize) -> i32 {
        let armed = (self.combatant(u).attacks().iter()).any(|a| a.firearm());
        if self.has_grit(u) && self.grit(u) >= 1 && armed {
            2
        } else {
            0
        }
    }

    /// The firearm of `u` broken by a misfire (its weapon index), which quick clear mends.
    pub(crate) fn jammed(&self, u: usize) -> Option<usize> {
        let gun = self.info[u].traits.class.gun?;
        let (line, _) = gun.misfire?;
        let w = (self.info[u].weapons.iter()).position(|w| w.index == usize::from(line))?;
        (self.units[u].class.misfired && self.units[u].arms.broken(w)).then_some(w)
    }

    /// « Deadeye » and « Gunslinger's Dodge » on the numbers of `a`'s attack with weapon `w`
    /// on `t`, before the roll.
    #[cold]
    pub(crate) fn gun_numbers<S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        swing: Swing,
        numbers: &mut AttackNumbers,
        sink: &mut S,
    ) {
        let weapon = &self.info[a].weapons[w];
        if weapon.firearm && self.has_grit(a) {
            let d = self.distance_ft(a, t);
            let inc = weapon.increment_ft.max(1);
            // 1 grit per increment beyond the first.
            let cost = d.saturating_sub(1) / inc;
            if cost > 0 && self.grit(a) >= cost {
                let mut touch = weapon.clone();
                touch.touch = true;
                let power = self.units[a].power_attack;
                let step = if power { self.power_step(a, w) } else { 0 };
                if let Some(n) = self.numbers_with(a, t, &touch, None, swing, step)
                    && n.ac < numbers.ac
                {
                    self.units[a].class.grit -= cost;
                    log!(
                        S,
                        sink,
                        Some(self.round),
                        Some(self.id(a)),
                        "deadeye vs {}: touch AC {} for {cost} grit ({} left)",
                        self.id(t),
                        n.ac,
                        self.grit(a)
                    );
                    numbers.ac = n.ac;
                }
            }
        }
        self.gun_dodge((a, t, w), numbers, sink);
    }

    /// « Gunslinger's Dodge »: against a ranged attack, 1 grit for +2 AC against it, once a
    /// round, not while flat-footed, when the attack would hit on a natural 11 or less (a hit chance of half or more).
    fn gun_dodge<S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        numbers: &mut AttackNumbers,
        sink: &mut S,
    ) {
        let ranged = !self.info[a].weapons[w].melee;
        let once = self.units[t].class.dodged != self.round;
        if !(ranged && once && self.has_grit(t) && self.grit(t) >= 1) {
            return;
        }
        // « CRB — Immediate Actions »: not while flat-footed.
        let flat = self.units[t].conds.has(crate::rules::Condition::FlatFooted);
        if numbers.ac - numbers.bonus > 11 || !self.units[t].active() || flat {
            return;
        }
        self.units[t].class.grit -= 1;
        self.units[t].class.dodged = self.round;
        numbers.ac += 2;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(t)),
            "gunslinger's dodge vs {}: +2 AC ({} grit left)",
            self.id(a),
            self.grit(t)
        );
    }

    /// « Firearms — Misfires »: the natural `nat` of `a`'s shot with weapon `w` falls within
    /// the misfire value (+4 while broken): the shot misses and the firearm is broken; an
    /// early firearm broken already explodes. True when it misfired.
    #[cold]
    pub(crate) fn gun_misfire<R: Roller, S: Sink>(
        &mut self,
        (a, w): (usize, usize),
        nat: u32,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let Some((line, value)) = self.info[a].traits.class.gun.and_then(|g| g.misfire) else {
            return false;
        };
        let index = self.info[a].weapons[w].index;
        if index != usize::from(line) {
            return false;
        }
        let broken = self.units[a].arms.broken(w);
        let value = u32::from(value) + if broken { BROKEN_MISFIRE } else { 0 };
        if nat > value {
            return false;
        }
        let name = self.combatant(a).attacks()[index].name();
        if !broken {
            self.units[a].arms.misfire(w);
            self.units[a].class.misfired = true;
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{name} misfires (d20={nat}): broken"
            );
            return true;
        }
        self.units[a].arms.explode(w);
        self.units[a].class.misfired = false;
        let attack = &self.combatant(a).attacks()[index];
        let (amount, types) = (attack.damage().iter())
            .fold((0, crate::vocab::DamageTypes::new()), |(n, t), c| {
                (n + c.formula().roll(dice), t.union(c.types()))
            });
        let no = EnumSet::<Descriptor>::new();
        let (saved, d20) = self.special_save(a, None, (Save::Reflex, no), (EXPLOSION_DC, 0), dice);
        let value = if saved { amount / 2 } else { amount };
        let hurt = self.hurt(a, a, value.max(1), types);
        if S::ON {
            let mut line = String::new();
            self.say_hurt::<S>(a, &hurt, &mut line);
            let verdict = if saved { "saves, half" } else { "fails" };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{name} misfires again (d20={nat}) and explodes: Ref DC {EXPLOSION_DC} {d20} {verdict} -> {line}"
            );
        }
        true
    }

    /// « Grit — Gaining Grit »: a confirmed critical hit or a killing blow with a firearm
    /// regains 1 grit point, up to its Wisdom modifier; not against a helpless target nor one
    /// of fewer Hit Dice than half its level.
    #[cold]
    pub(crate) fn gun_grit<S: Sink>(
        &mut self,
        (a, t, w): (usize, usize, usize),
        (crit, dropped): (bool, bool),
        helpless: bool,
        sink: &mut S,
    ) {
        let Some(gun) = self.info[a].traits.class.gun else {
            return;
        };
        let Some((_, cap)) = gun.grit else {
            return;
        };
        let worthy = !helpless && 2 * self.combatant(t).level() >= self.combatant(a).level();
        let scored = crit || (dropped && self.units[t].hp <= 0);
        if !(self.info[a].weapons[w].firearm && worthy && scored) || self.grit(a) >= cap {
            return;
        }
        self.units[a].class.grit += 1;
        let why = if crit { "critical hit" } else { "killing blow" };
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "grit +1 ({why}): {} left",
            self.grit(a)
        );
    }

    /// « Quick Clear »: removes the broken condition a misfire gave its firearm; a standard
    /// action with at least 1 grit point, or a move action for 1 grit point (`spend`).
    pub(crate) fn quick_clear<S: Sink>(
        &mut self,
        u: usize,
        spend: bool,
        sink: &mut S,
    ) -> ActionResult {
        let Some(w) = self.jammed(u) else {
            return ActionResult::refused("quick_clear", "no_misfired_firearm");
        };
        if self.grit(u) == 0 {
            return ActionResult::refused("quick_clear", "no_grit");
        }
        if spend {
            self.units[u].class.grit -= 1;
        }
        self.units[u].arms.repair(w);
        self.units[u].class.misfired = false;
        let name = self.combatant(u).attacks()[self.info[u].weapons[w].index].name();
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "quick clear: {name} whole again ({} grit left)",
            self.grit(u)
        );
        ActionResult::done("quick_clear")
    }
}
