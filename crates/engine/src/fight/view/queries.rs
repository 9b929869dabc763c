//! The battlefield questions a policy asks through the [`View`]: the nearest, the weakest or
//! the nearest strikable enemy, threatened squares, the 5-foot steps, whether a charge, a
//! withdrawal or a safe approach is possible, whether walking reaches an enemy at all
//! ([`Approach`]) and where a move ends, the helpless and the coup de grâce, and the Power
//! Attack choice. Each answers from the fight as it stands; paths are planned in the fight's
//! scratch buffers and never walked.
//!
//! Determinism: every choice is a minimum over a total order that ends on the unit index (or
//! on the fixed neighbour order of 5-foot steps), so equal candidates never depend on
//! iteration luck.

use crate::board::Pos;
use crate::rules::flag;

use super::super::detour::{Approach, StepsToward};
use super::super::numbers::Swing;

use super::super::unit::UnitId;
use super::View;

impl<'f> View<'f> {
    /// The nearest active enemy of `me` (ties: unit order).
    #[inline]
    pub fn nearest_enemy(&self, me: UnitId) -> Option<UnitId> {
        self.fight.nearest_enemy(me.index()).map(UnitId::of)
    }

    /// The square of a 5-foot step from which `me` can attack `t`, if one exists.
    /// Remembered for the decision (a policy asks it for a tactic, a coup de grâce and the
    /// attack itself).
    #[inline]
    pub fn step_to_attack(&self, me: UnitId, t: UnitId) -> Option<Pos> {
        let fight = self.fight;
        let key = (me.index(), t.index());
        if let Some(step) = fight.decision_memo.borrow().attack_steps.get(key) {
            return step;
        }
        let step = fight.step_to_attack(key.0, key.1);
        fight.decision_memo.borrow_mut().attack_steps.put(key, step);
        step
    }

    /// Every square `me` may take a 5-foot step to, in the fixed neighbour order (row by row:
    /// up-left, up, up-right, left, right, down-left, down, down-right).
    #[inline]
    pub fn five_foot_steps(&self, me: UnitId) -> impl Iterator<Item = Pos> + 'f {
        self.fight.five_foot_steps(me.index())
    }

    /// `me` could charge `t` now: a clear straight line to a square it can strike from, and no
    /// condition forbidding it (fatigued, entangled, prone, grappled…). Remembered for the
    /// decision (a policy may ask twice, e.g. the coup de grâce check then the charge).
    #[inline]
    pub fn can_charge(&self, me: UnitId, t: UnitId) -> bool {
        let fight = self.fight;
        // A creature limited to one action (a zombie's « Staggered ») loses a charge to the
        // budget (`single_action_form`): no charge for it either.
        if fight.has_flag(
            me.index(),
            flag::NO_RUN_CHARGE | flag::CANT_MOVE | flag::SINGLE_ACTION,
        ) {
            return false;
        }
        let key = (me.index(), t.index());
        if let Some(yes) = fight.decision_memo.borrow().charges.get(key) {
            return yes;
        }
        let yes = fight.charge_line(key.0, key.1, &mut fight.path_scratch.borrow_mut());
        fight.decision_memo.borrow_mut().charges.put(key, yes);
        yes
    }

    /// « CRB — Power Attack » / « Deadly Aim »: `Some(on)` says whether the feat raises the
    /// expected damage of one attack of `me` on `target` from here with the weapon it would
    /// use (hit chance with natural 1 and 20, confirmed criticals and concealment); `None` when
    /// there is no choice — no such feat for that weapon, or no weapon in reach.
    #[inline]
    pub fn power_attack_choice(&self, me: UnitId, target: UnitId) -> Option<bool> {
        let fight = self.fight;
        let (me, target) = (me.index(), target.index());
        let info = &fight.info[me];
        if info.power_attack_step == 0 && info.deadly_aim_step == 0 {
            return None;
        }
        let w = fight.weapon_for(me, target)?;
        if fight.power_step(me, w) == 0 {
            return None;
        }
        Some(fight.power_attack_pays(me, target, w, Swing::default()))
    }

    /// `u` has a ranged weapon with a range that it can use now (a shot left: it can shoot at
    /// all).
    #[inline]
    pub fn has_ranged(&self, u: UnitId) -> bool {
        let fight = self.fight;
        let u = u.index();
        (fight.info[u].weapons.iter().enumerate())
            .any(|(k, w)| !w.melee && w.max_range_ft > 0 && fight.weapon_usable(u, k))
    }

    /// The active enemy of `me` with the lowest current hit points (ties: nearest, then unit
    /// order).
    #[inline]
    pub fn weakest_enemy(&self, me: UnitId) -> Option<UnitId> {
        self.units()
            .filter(|&o| self.enemies(me, o) && self.active(o))
            .min_by_key(|&o| (self.hp(o), self.distance_ft(me, o), o))
    }

    /// The nearest active enemy that `me`, standing at `at`, can strike with some weapon
    /// (range or reach, and line of effect; ties: unit order).
    #[inline]
    pub fn nearest_strikable_from(&self, me: UnitId, at: Pos) -> Option<UnitId> {
        self.units()
            .filter(|&o| self.enemies(me, o) && self.active(o))
            .filter(|&o| self.weapon_for_from(me, at, o).is_some())
            .min_by_key(|&o| (self.distance_ft_from(me, at, o), o))
    }

    /// Some active enemy of `me` threatens `me`'s footprint anchored at `at` (« CRB —
    /// Threatened Squares »; reach bands as for attacks of opportunity).
    #[inline]
    pub fn threatened_at(&self, me: UnitId, at: Pos) -> bool {
        let fight = self.fight;
        let me = me.index();
        let size = fight.info[me].size;
        (0..fight.units.len())
            .any(|e| fight.enemies(me, e) && fight.threat_weapon(e, at, size).is_some())
    }

    /// The first 5-foot step square (neighbour order) that no enemy threatens and from which
    /// `me` can strike an enemy, with the nearest enemy struck from there.
    #[inline]
    pub fn safe_step_with_a_shot(&self, me: UnitId) -> Option<(Pos, UnitId)> {
        self.five_foot_steps(me)
            .filter(|&to| !self.threatened_at(me, to))
            .find_map(|to| self.nearest_strikable_from(me, to).map(|t| (to, t)))
    }

    /// A withdrawal would move `me` at least one square (the path the engine walks).
    #[inline]
    pub fn can_withdraw(&self, me: UnitId) -> bool {
        let fight = self.fight;
        let me = me.index();
        let Some(from) = fight.nearest_enemy(me) else {
            return false;
        };
        let mut path = fight.path_scratch.borrow_mut();
        fight.withdraw_path(me, from, 2 * fight.move_squares(me), &mut path);
        !path.is_empty()
    }

    /// A move action of `me` toward `t` goes somewhere and never enters a threatened square
    /// (the path is planned exactly as the engine's move will walk it).
    #[inline]
    pub fn safe_approach(&self, me: UnitId, t: UnitId) -> bool {
        let fight = self.fight;
        let (u, target) = (me.index(), t.index());
        let mut path = fight.path_scratch.borrow_mut();
        fight.plan_toward(u, target, fight.move_squares(u), &mut path);
        !path.is_empty() && path.iter().all(|&p| !self.threatened_at(me, p))
    }

    /// « CRB — Helpless Defenders »: `u` is alive and at its opponents' mercy — out of the
    /// fight (dying, stable, unconscious) or paralyzed, asleep or helpless. Its opponents walk
    /// through its square (« CRB — Moving Through a Square ») and may deliver it a coup de
    /// grâce.
    #[inline]
    pub fn helpless(&self, u: UnitId) -> bool {
        self.fight.helpless(u.index())
    }

    /// `u` is immune to critical hits (a coup de grâce neither multiplies its damage nor
    /// threatens it with death).
    #[inline]
    pub fn immune_to_criticals(&self, u: UnitId) -> bool {
        self.fight.immune_to_criticals(u.index())
    }

    /// The weapon (an index in `attacks`) with which `me` could deliver a coup de grâce to
    /// `t` from where it stands: the first melee weapon whose reach covers `t`, or a ranged
    /// one with `t` adjacent, with line of effect; `None` unless `t` is a helpless opponent.
    #[inline]
    pub fn coup_de_grace_weapon(&self, me: UnitId, t: UnitId) -> Option<usize> {
        self.fight.coup_de_grace_weapon(me.index(), t.index())
    }

    /// What walking can do for `me` against `t`, whatever the turn's budget: strike it (from
    /// here or from a square it can reach around the creatures in its way — allies and
    /// helpless opponents are crossed, standing opponents are walls), only get nearer, or
    /// nothing. Plans one exact cost field over the map: dearer than the other queries (see
    /// [`View::steps_toward`] and [`View::move_toward`] for the cheap questions).
    #[inline]
    pub fn approach(&self, me: UnitId, t: UnitId) -> Approach {
        self.fight.approach(me.index(), t.index())
    }

    /// What the squares of a 5-foot step offer `me` against `t`, in one look at its
    /// neighbours: the first (neighbour order) from which it can attack `t` (as
    /// [`View::step_to_attack`]), else whether one is nearer `t` as the terrain alone counts
    /// the distance — a move toward `t` gets somewhere. Cheap (eight squares, no plan); `nearer`
    /// false says only « look closer » ([`View::move_toward`]).
    #[inline]
    pub fn steps_toward(&self, me: UnitId, t: UnitId) -> StepsToward {
        match self.step_to_attack(me, t) {
            Some(n) => StepsToward {
                attack: Some(n),
                nearer: false,
            },
            None => StepsToward {
                attack: None,
                nearer: self.fight.steps_nearer(me.index(), t.index()),
            },
        }
    }

    /// What the move action of `me` toward `t` would do (exactly the path the engine will
    /// walk): [`Approach::Strikes`] when it ends where `me` strikes `t` or on its way there
    /// (no creature stopped it); [`Approach::Closer`] when standing creatures close every way
    /// to `t` and the move heads for the reachable square nearest it; [`Approach::Stuck`]
    /// when it cannot get nearer. Cheap unless something blocks the way (then one exact cost
    /// field).
    #[inline]
    pub fn move_toward(&self, me: UnitId, t: UnitId) -> Approach {
        let fight = self.fight;
        let (u, target) = (me.index(), t.index());
        let mut path = fight.path_scratch.borrow_mut();
        fight.plan_toward(u, target, fight.move_squares(u), &mut path)
    }

    /// `move_toward(me, t) == Approach::Strikes`, cheaper in a crowd: no exact field when
    /// every square to strike `t` from is taken.
    #[inline]
    pub fn move_strikes(&self, me: UnitId, t: UnitId) -> bool {
        let fight = self.fight;
        let (u, target) = (me.index(), t.index());
        let mut path = fight.path_scratch.borrow_mut();
        fight.walk_strikes(u, target, fight.move_squares(u), &mut path)
    }

    /// A move action of `me` toward `t` (exactly the path the engine will walk) ends where
    /// `me` can strike `t`. A planned move ends where `me` stands or on a square it may end
    /// on, so when every square to strike `t` from is taken the answer is no, without the
    /// plan (its exact detour floods the map in a crowd).
    #[inline]
    pub fn strikes_after_move(&self, me: UnitId, t: UnitId) -> bool {
        self.fight.may_strike_from_near(me.index(), t.index())
            && self.strikes_after_planned_move(me, t)
    }

    /// [`View::strikes_after_move`] from the planned path itself.
    #[inline]
    pub(crate) fn strikes_after_planned_move(&self, me: UnitId, t: UnitId) -> bool {
        let fight = self.fight;
        let (u, target) = (me.index(), t.index());
        let mut path = fight.path_scratch.borrow_mut();
        fight.plan_toward(u, target, fight.move_squares(u), &mut path);
        let end = path.last().copied().unwrap_or(fight.units[u].pos);
        fight.weapon_for_from(u, end, target).is_some()
    }
}
