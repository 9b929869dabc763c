//! The combat manoeuvre and weapon questions a policy asks through the [`View`] (the reference
//! spec, « Manœuvres de combat »; CRB « Combat Maneuvers »): whether a manoeuvre is legal now
//! (and why not), its chance of success in percent (natural 1 and 20 included, the +5 of a
//! maintained grapple, a helpless target's automatic success), whether it provokes the target's
//! attack of opportunity, the grapple a unit is in and its chance to escape, how each of its
//! weapons stands (ready, broken, on the ground, out of ammunition…) with the shots it has
//! left, where its dropped or thrown weapons lie and the carried items it still has. Each
//! answers from the fight as it stands and rolls nothing; the chance is before any attack of
//! opportunity, whose damage would lower it.

use crate::board::Pos;
use crate::rules::flag;
use crate::rules::maneuver::{
    EscapeBy, GrappleAction, Maneuver, ManeuverOption, Natural20, success_percent,
};

use super::super::arms::WeaponState;
use super::super::unit::UnitId;
use super::View;

impl<'f> View<'f> {
    /// Whether `me` may try `kind` on `target` with `option` now, or the reason the action
    /// would be refused (`too_large`, `out_of_reach`, `nothing_to_disarm`…).
    pub fn maneuver_legal(
        &self,
        me: UnitId,
        target: UnitId,
        kind: Maneuver,
        option: ManeuverOption,
    ) -> Result<(), &'static str> {
        (self.fight).maneuver_legal(me.index(), target.index(), kind, option)
    }

    /// The chance in percent that `me`'s `kind` on `target` with `option` succeeds now (a
    /// natural 1 fails, a natural 20 succeeds; 100 against a helpless target); `None` when it
    /// is not legal. On the creature `me` already holds, a grapple is the maintain check.
    pub fn maneuver_chance(
        &self,
        me: UnitId,
        target: UnitId,
        kind: Maneuver,
        option: ManeuverOption,
    ) -> Option<u8> {
        let fight = self.fight;
        let (a, t) = (me.index(), target.index());
        fight.maneuver_legal(a, t, kind, option).ok()?;
        if fight.has_flag(t, flag::HELPLESS) {
            return Some(100);
        }
        let mut bonus = fight.maneuver_bonus(a, t, kind) + fight.unarmed_penalty(a, t, kind);
        if kind == Maneuver::Grapple && fight.units[a].grip.holds() == Some(t) {
            let action = match option {
                ManeuverOption::Grapple(g) => g,
                _ => GrappleAction::Hold,
            };
            bonus += fight.maintain_bonus(a, t, action);
        }
        let cmd = fight.maneuver_cmd(t, a, kind);
        Some(success_percent(bonus, cmd, Natural20::Succeeds))
    }

    /// Trying `kind` on `target` now provokes `target`'s attack of opportunity: `me` lacks the
    /// manoeuvre's Improved feat and `target` can strike it (an attack left, reach, no cover
    /// or total concealment). Maintaining a grapple never provokes.
    pub fn maneuver_provokes(&self, me: UnitId, target: UnitId, kind: Maneuver) -> bool {
        let fight = self.fight;
        let (a, t) = (me.index(), target.index());
        let maintain = kind == Maneuver::Grapple && fight.units[a].grip.holds() == Some(t);
        !maintain
            && kind.provokes(fight.info[a].traits.feats)
            && fight.opportunity_weapon(t, a).is_some()
    }

    /// The creature `u` holds in a grapple.
    pub fn grappling(&self, u: UnitId) -> Option<UnitId> {
        self.fight.units[u.index()].grip.holds().map(UnitId::of)
    }

    /// The creature holding `u` in a grapple.
    pub fn grappled_by(&self, u: UnitId) -> Option<UnitId> {
        self.fight.units[u.index()].grip.held_by().map(UnitId::of)
    }

    /// The DC to escape the bonds `u` is tied with (`None`: not tied).
    pub fn bonds_dc(&self, u: UnitId) -> Option<i32> {
        let dc = self.fight.units[u.index()].grip.bonds_dc;
        (dc > 0).then_some(i32::from(dc))
    }

    /// The chance in percent that `u` escapes its grapple or bonds now `by` a combat manoeuvre
    /// check (natural 1 and 20; no automatic success against bonds) or Escape Artist (no
    /// automatic result); `None` when it is held by nothing.
    pub fn escape_chance(&self, u: UnitId, by: EscapeBy) -> Option<u8> {
        let fight = self.fight;
        let u = u.index();
        let grip = fight.units[u].grip;
        let (dc, natural) = match grip.held_by() {
            Some(g) => (fight.cmd(g, u), Natural20::Succeeds),
            None if grip.bonds_dc > 0 => (i32::from(grip.bonds_dc), Natural20::Counts),
            None => return None,
        };
        let (cmb, skill) = fight.escape_bonuses(u);
        let artist = match by {
            EscapeBy::Cmb => false,
            EscapeBy::EscapeArtist => true,
            EscapeBy::Best => skill > cmb,
        };
        Some(if artist {
            ((21 + skill - dc).clamp(0, 20) * 5) as u8
        } else {
            success_percent(cmb, dc, natural)
        })
    }

    /// How `u`'s weapon of attack line `attack` (an index in its `attacks`) stands now.
    pub fn weapon_state(&self, u: UnitId, attack: usize) -> WeaponState {
        let fight = self.fight;
        let u = u.index();
        let on_ground = fight.ground.has(u, attack);
        fight.units[u].arms.state(attack, on_ground)
    }

    /// Shots `u`'s attack line `attack` has left — thrown weapons in hand or rounds of
    /// ammunition —; `None` when it does not count them (unlimited).
    pub fn ammo_left(&self, u: UnitId, attack: usize) -> Option<u16> {
        self.fight.units[u.index()].arms.shots_left(attack)
    }

    /// `u`'s weapons lying on the battlefield (dropped or thrown): their attack line and
    /// square, in the order they fell.
    pub fn weapons_on_ground(&self, u: UnitId) -> impl Iterator<Item = (usize, Pos)> + 'f {
        let u = u.index();
        (self.fight.ground.iter())
            .filter(move |g| g.owner == u)
            .map(|g| (g.line, g.at))
    }

    /// The carried items `u` still has (not stolen or used), in file order.
    pub fn carried_items_left(&self, u: UnitId) -> impl Iterator<Item = &'f str> + 'f {
        let fight = self.fight;
        let u = u.index();
        let items = fight.combatant(u).carried_items();
        (0..items.len())
            .filter(move |&i| !fight.units[u].arms.item_gone(i))
            .map(move |i| items[i].as_str())
    }
}
