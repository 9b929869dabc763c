//! « Ultimate Magic — Magus — Spell Combat (Ex) » in a fight: « To use this ability, the
//! magus must have one hand free [...] while wielding a light or one-handed melee weapon in
//! the other hand. As a full-round action, he can make all of his attacks with his melee
//! weapon at a –2 penalty and can also cast any spell from the magus spell list with a
//! casting time of 1 standard action (any attack roll made as part of this spell also takes
//! this penalty). [...] If the check fails, the spell is wasted, but the attacks still take
//! the penalty. A magus can choose to cast the spell first or make the weapon attacks first,
//! but if he has more than one attack, he cannot cast the spell between weapon attacks. »
//!
//! Here the spell comes first (a touch spell is delivered by its own touch attack when the
//! foe is within reach), then the full attack with the weapon, every roll at −2. Casting
//! defensively is the cast's own concentration check (`cast::guards`). Simplified: the
//! extra attack penalty traded for a concentration bonus is never taken; any spell of a
//! standard action the magus can cast counts (the shipped magus knows only magus spells);
//! the free hand is taken for granted whenever the weapon is not two-handed. Owns that
//! sequence; which spell and when are the policy's (`policy::spell_combat`).

use crate::rng::Roller;
use crate::spell::SpellId;
use crate::spell::vocab::CastingTime;

use super::super::action::{Action, ActionResult, CastTarget, Metamagics};
use super::super::log::{Sink, log};
use super::super::numbers::Swing;
use super::super::state::Fight;

/// « At a –2 penalty »: on every attack roll of the action.
pub(crate) const SPELL_COMBAT_PENALTY: i32 = -2;

impl Fight<'_> {
    /// `u` has spell combat and a light or one-handed melee weapon that strikes `t` from
    /// where it stands: that weapon.
    pub(crate) fn spell_combat_weapon(&self, u: usize, t: usize) -> Option<usize> {
        if !self.info[u].traits.class.spell_combat {
            return None;
        }
        self.weapon_for(u, t).filter(|&w| {
            let weapon = &self.info[u].weapons[w];
            weapon.melee && !weapon.two_handed && !weapon.natural
        })
    }

    /// « Spell Combat »: `spell` cast at `aim` (`defensively` or not), then a full attack on
    /// `foe`, every attack roll at −2. Refused before anything is spent when `u` has no
    /// spell combat, no weapon for it against `foe`, or the spell cannot be cast (its
    /// reason).
    pub(crate) fn spell_combat<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        (spell, aim, defensively): (SpellId, CastTarget, bool),
        foe: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        const KIND: &str = "spell_combat";
        if !self.info[u].traits.class.spell_combat {
            return ActionResult::refused(KIND, "no_spell_combat");
        }
        let Some(foe) = self.live_target(u, foe) else {
            return ActionResult::refused(KIND, "no_enemy");
        };
        if self.spell_combat_weapon(u, foe).is_none() {
            return ActionResult::refused(KIND, "no_one_handed_weapon_in_reach");
        }
        // « A casting time of 1 standard action » (or less: a swift spell fits too).
        let time = self.spell(spell).casting_time();
        if matches!(
            time,
            CastingTime::FullRound | CastingTime::OneRound | CastingTime::Long
        ) {
            return ActionResult::refused(KIND, "casting_time");
        }
        let cast = Action::Cast {
            spell,
            target: aim,
            time,
            metamagic: Metamagics::NONE,
            defensively,
        };
        if let Err(reason) = self.plan_cast(u, cast) {
            return ActionResult::refused(KIND, reason);
        }
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(u)),
            "spell combat: a spell and its attacks, every attack roll at {SPELL_COMBAT_PENALTY}"
        );
        self.units[u].class.spell_combat = true;
        self.cast(u, cast, dice, sink);
        if self.units[u].active() {
            let swing = Swing {
                penalty: SPELL_COMBAT_PENALTY,
                ..Swing::default()
            };
            self.full_attack_with(u, foe, swing, dice, sink);
        }
        self.units[u].class.spell_combat = false;
        ActionResult::done(KIND)
    }
}
