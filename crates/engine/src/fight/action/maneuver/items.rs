//! The manoeuvres aimed at what a creature holds or carries: disarm (« CRB — Disarm »: the
//! target drops one weapon in its square — two when the check beats the CMD by 10 or more —;
//! an unarmed disarmer takes it; failing by 10 or more, the attacker drops its own; « Greater
//! Disarm »: the weapon lands 15 feet away in a random direction), sunder (« CRB — Sunder »,
//! « Smashing an Object »: the attacker's weapon damage less the item's hardness comes off its
//! hit points, broken at half, destroyed at none; « Greater Sunder »: damage beyond destroying
//! it goes on to its wielder) and steal (APG « Steal »: one of its `carried_items`, which is
//! simply gone for the fight). The weapon aimed at is the option's attack line, or the target's
//! first manufactured weapon in hand; natural weapons are neither disarmed nor sundered.
//!
//! Simplified: the item a steal takes is the first one left in `carried_items` (no choice), a
//! free hand and the +5 CMD of items fastened to the body are not modelled; energy damage is
//! not halved against an object; a destroyed weapon is always destroyed (never left at 1 hit
//! point); what an unarmed disarmer takes it holds but does not wield.

use crate::board::{Board, Pos};
use crate::rng::Roller;
use crate::rules::damage::{Damage, Defense, Delivery};
use crate::rules::feat::FINESSE_WEAPONS;
use crate::rules::maneuver::{
    Direction, Maneuver, ManeuverOption, ManeuverRoll, ObjectState, ObjectStats, object_damage,
    weapon_object,
};
use crate::vocab::DamageTypes;

use super::super::super::log::{Sink, log};
use super::super::super::numbers::Swing;
use super::super::super::state::{Fight, Life};
use super::Attempt;

impl Fight<'_> {
    /// What a disarm, sunder or steal needs: a weapon in `t`'s hand to aim at (the option's
    /// line or the first), a weapon of `a`'s to sunder with, an item left to take.
    pub(super) fn item_legal(
        &self,
        a: usize,
        t: usize,
        kind: Maneuver,
        option: ManeuverOption,
    ) -> Result<(), &'static str> {
        match (kind, option) {
            (Maneuver::Steal, ManeuverOption::Default) => {
                self.stealable(t).map(|_| ()).ok_or("nothing_to_steal")
            }
            (
                Maneuver::Disarm | Maneuver::Sunder,
                ManeuverOption::Default | ManeuverOption::Item(_),
            ) => {
                let nothing = if kind == Maneuver::Disarm {
                    "nothing_to_disarm"
                } else {
                    "nothing_to_sunder"
                };
                self.aimed_item(t, option).ok_or(nothing)?;
                if kind == Maneuver::Sunder && self.melee_reaching(a, t).is_none() {
                    return Err("no_weapon");
                }
                Ok(())
            }
            _ => Err("invalid_option"),
        }
    }

    /// The weapon of `t` a disarm or sunder aims at: the option's line when `t` holds it and it
    /// is manufactured, else (by default) its first such line in stat-block order.
    pub(crate) fn aimed_item(&self, t: usize, option: ManeuverOption) -> Option<usize> {
        let attacks = self.combatant(t).attacks();
        let in_hand =
            |k: usize| k < attacks.len() && !attacks[k].natural() && self.units[t].arms.held(k) > 0;
        match option {
            ManeuverOption::Item(k) => in_hand(usize::from(k)).then_some(usize::from(k)),
            _ => (0..attacks.len()).find(|&k| in_hand(k)),
        }
    }

    /// The first of `t`'s `carried_items` still there.
    pub(crate) fn stealable(&self, t: usize) -> Option<usize> {
        let arms = &self.units[t].arms;
        (0..self.combatant(t).carried_items().len()).find(|&i| !arms.item_gone(i))
    }

    /// « CRB — Disarm ».
    pub(super) fn disarm<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        roll: &ManeuverRoll,
        attempt: Attempt,
        dice: &mut R,
        sink: &mut S,
    ) {
        let with = self.manoeuvre_weapon(a, t);
        if !roll.success {
            if attempt.backlash
                && roll.failed_by_ten()
                && let Some(w) = with
            {
                let at = self.units[a].pos;
                self.drop_weapon(a, w, at);
                let (id, name) = (self.id(a), self.weapon_name(a, w));
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(id),
                    "{id} drops {name} at {at} (failed by 10 or more)"
                );
            }
            return;
        }
        let Some(first) = self.aimed_item(t, attempt.option) else {
            return;
        };
        self.disarm_one(a, t, first, with.is_none(), dice, sink);
        // « If your attack exceeds the CMD of the target by 10 or more, the target drops the
        // items it is carrying in both hands ».
        if roll.margin() >= 10
            && let Some(second) = self.aimed_item(t, ManeuverOption::Default)
        {
            self.disarm_one(a, t, second, with.is_none(), dice, sink);
        }
    }

    /// `t` loses its weapon of line `k` to `a`: taken by an unarmed `a`, else dropped in its
    /// square (15 feet away in a random direction with Greater Disarm, a d8).
    fn disarm_one<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        k: usize,
        unarmed: bool,
        dice: &mut R,
        sink: &mut S,
    ) {
        let (ida, idt, name) = (self.id(a), self.id(t), self.weapon_name(t, k));
        if unarmed {
            self.units[t].arms.let_go(k, true);
            log!(
                S,
                sink,
                Some(self.round),
                Some(ida),
                "{ida} takes {idt}'s {name} (unarmed disarm)"
            );
            return;
        }
        let mut at = self.units[t].pos;
        if self.info[a].has(Maneuver::Disarm.greater()) {
            let dir = Direction::ALL[(dice.d(8) - 1) as usize];
            at = self.fly_off(at, dir, 3);
        }
        self.drop_weapon(t, k, at);
        log!(
            S,
            sink,
            Some(self.round),
            Some(ida),
            "{idt} drops {name} at {at}"
        );
    }

    /// Where a weapon knocked from `from` toward `dir` lands, up to `squares` away: the last
    /// passable square of the map on the way.
    fn fly_off(&self, from: Pos, dir: Direction, squares: u32) -> Pos {
        let mut at = from;
        for _ in 0..squares {
            match self.step_from(at, dir) {
                Some(next) if self.map.passable(next) => at = next,
                _ => break,
            }
        }
        at
    }

    /// `t`'s weapon of line `k` as an object (« CRB — Table 7-12 », `rules::maneuver`).
    pub(crate) fn object_stats(&self, t: usize, k: usize) -> ObjectStats {
        let attack = &self.combatant(t).attacks()[k];
        let lower = attack.name().to_ascii_lowercase();
        let light = FINESSE_WEAPONS.iter().any(|w| lower.contains(w));
        let projectile = attack.is_ranged() && !attack.thrown();
        let dealt = self.info[t].weapons[k].dealt;
        weapon_object(attack.name(), dealt, light, attack.two_handed(), projectile)
    }

    /// « CRB — Sunder ».
    pub(super) fn sunder<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        roll: &ManeuverRoll,
        option: ManeuverOption,
        dice: &mut R,
        sink: &mut S,
    ) {
        let (Some(k), Some(w)) = (self.aimed_item(t, option), self.melee_reaching(a, t)) else {
            return;
        };
        if !roll.success {
            return;
        }
        let stats = self.object_stats(t, k);
        let (damage, types) = self.roll_weapon_damage(a, t, w, dice);
        let hp = object_damage(stats, damage);
        let before = self.units[t].arms.lost(k);
        let state = self.units[t].arms.damage(k, stats, hp);
        if S::ON {
            let (idt, name) = (self.id(t), self.weapon_name(t, k));
            let left = match state {
                ObjectState::Destroyed => 0,
                _ => u32::from(stats.hit_points) - self.units[t].arms.lost(k),
            };
            let word = match state {
                ObjectState::Whole => "",
                ObjectState::Broken => ", broken",
                ObjectState::Destroyed => ", destroyed",
            };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{idt}'s {name}: {damage} dmg - hardness {} = {hp} ({left}/{} hp{word})",
                stats.hardness,
                stats.hit_points
            );
        }
        // « Greater Sunder »: « Any excess damage is applied to the item's wielder ».
        let excess = (before + hp).saturating_sub(u32::from(stats.hit_points)) as i32;
        if state == ObjectState::Destroyed
            && excess > 0
            && self.info[a].has(Maneuver::Sunder.greater())
        {
            self.maneuver_damage(a, t, excess, types, false, "excess damage", sink);
        }
    }

    /// APG « Steal »: the first of `t`'s carried items still there is gone for the fight.
    pub(super) fn steal<S: Sink>(&mut self, a: usize, t: usize, roll: &ManeuverRoll, sink: &mut S) {
        if !roll.success {
            return;
        }
        let Some(i) = self.stealable(t) else {
            return;
        };
        self.units[t].arms.lose_item(i);
        let (ida, idt) = (self.id(a), self.id(t));
        let item = &self.combatant(t).carried_items()[i];
        log!(
            S,
            sink,
            Some(self.round),
            Some(ida),
            "{ida} steals {item} from {idt} (gone for the fight)"
        );
    }

    /// The damage of one blow of `a`'s weapon `w` on `t` (its dice, the stat block's flat bonus
    /// and the attack's typed and Power Attack bonuses; no critical hit), and its types.
    pub(crate) fn roll_weapon_damage<R: Roller>(
        &self,
        a: usize,
        t: usize,
        w: usize,
        dice: &mut R,
    ) -> (i32, DamageTypes) {
        let attack = &self.combatant(a).attacks()[w];
        let flat = (self.attack_numbers(a, t, w, Swing::default(), self.units[a].power_attack))
            .map_or(0, |n| n.damage_bonus);
        let mut total = attack.damage_bonus() + flat;
        for c in attack.damage() {
            total += c.formula().roll(dice);
        }
        (total, self.info[a].weapons[w].dealt)
    }

    /// Deals `rolled` damage of `types` from `a` to `t` through its immunities, resistances and
    /// damage reduction (nonlethal when `nonlethal`), with the tallies, and logs it as `what`.
    #[allow(clippy::too_many_arguments)]
    pub(crate) fn maneuver_damage<S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        rolled: i32,
        types: DamageTypes,
        nonlethal: bool,
        what: &str,
        sink: &mut S,
    ) {
        let c = self.combatant(t);
        let mut damage = Damage::against(Defense {
            immunities: c.immunities(),
            resistances: c.resistances(),
            dr: c.dr(),
        });
        damage.component(rolled, types, 1);
        let through = damage.through();
        let dealt = damage.finish(Delivery {
            dealt: types,
            dr_applies: true,
            nonlethal,
        });
        let hurt = self.take_hurt(a, t, dealt.lethal, dealt.nonlethal, through);
        let (before, taken, nonlethal_taken) = (hurt.before, hurt.taken, hurt.nonlethal);
        if S::ON {
            let state = match self.units[t].life() {
                Life::Dead => ", dead",
                Life::Down if self.units[t].hp < 0 => ", dying",
                Life::Down => ", unconscious",
                Life::Staggered => ", staggered",
                Life::Up => "",
            };
            let (idt, after) = (self.id(t), self.units[t].hp);
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "{what}: {taken} dmg{} ({idt} hp {before} -> {after}{state})",
                super::Nonlethal(nonlethal_taken)
            );
        }
    }
}
