//! What a policy may see of class abilities (« CRB — Barbarian — Rage », « Paladin — Smite
//! Evil »): whether a unit has
//! one to use now and whether it is under way. Owns these queries; the rules are
//! `fight::class`'s.

use crate::model::special::TouchKind;

use super::super::unit::UnitId;
use super::View;

impl View<'_> {
    /// `u` has class abilities a policy can use on its turn (rage): the one test the default
    /// policy makes for every other creature.
    #[inline]
    pub fn has_class_actions(&self, u: UnitId) -> bool {
        let class = &self.fight.info[u.index()].traits.class;
        class.rage.is_some()
            || class.smite.is_some()
            || class.hands.is_some()
            || class.courage.is_some()
            || class.gun.is_some()
            || class.rebuke.is_some()
            || class.hexes.is_some()
            || class.missile.is_some()
            || class.pool.is_some()
            || class.touches.iter().any(Option::is_some)
            || class.undead_power.is_some()
    }

    /// `u` has a use of touch power `kind` left that reaches `t` (`fight::class::touch`).
    #[inline]
    pub fn touch_reaches(&self, u: UnitId, kind: TouchKind, t: UnitId) -> bool {
        self.fight.touch_reaches(u.index(), kind, t.index())
    }

    /// `t` bears `mark` of `fight::class::hex` (`GRAVE_TOUCHED`: a grave touch reached it
    /// this fight).
    #[inline]
    pub fn touched(&self, t: UnitId, mark: u8) -> bool {
        self.fight.units[t.index()].class.hex_marks & mark != 0
    }

    /// Uses of touch power `kind` `u` has left.
    #[inline]
    pub fn touches_left(&self, u: UnitId, kind: TouchKind) -> u32 {
        self.fight.units[u.index()].class.touches_left[kind as usize]
    }

    /// `t` rolls its d20s twice and takes the worse now (misfortune, touch of chaos).
    #[inline]
    pub fn unlucky(&self, t: UnitId) -> bool {
        self.fight.unlucky(t.index())
    }

    /// Turns of bleeding touch `t` still takes.
    #[inline]
    pub fn touch_bleeding(&self, t: UnitId) -> u8 {
        self.fight.units[t.index()].class.touch_bleed
    }

    /// The class level touch power `kind` of `u` scales with (0 without it).
    #[inline]
    pub fn touch_level(&self, u: UnitId, kind: TouchKind) -> u8 {
        self.fight.info[u.index()].traits.class.touches[kind as usize].map_or(0, |(_, l)| l)
    }

    /// `u` can command an undead enemy now (`fight::class::undead`).
    #[inline]
    pub fn can_command_undead(&self, u: UnitId) -> bool {
        self.fight.can_command_undead(u.index())
    }

    /// `u` has « UM — Magus — Spell Combat ».
    #[inline]
    pub fn has_spell_combat(&self, u: UnitId) -> bool {
        self.fight.info[u.index()].traits.class.spell_combat
    }

    /// `u` has spell combat and a light or one-handed melee weapon that strikes `t` from
    /// here (`fight::class::spell_combat`).
    #[inline]
    pub fn can_spell_combat(&self, u: UnitId, t: UnitId) -> bool {
        self.fight
            .spell_combat_weapon(u.index(), t.index())
            .is_some()
    }

    /// `u` can spend a channel use on its next melee attack (« APG — Channel Smite »), and
    /// its channel would harm `t`.
    #[inline]
    pub fn can_smite_channel(&self, u: UnitId, t: UnitId) -> bool {
        self.fight.can_smite_channel(u.index()) && self.fight.channel_harms(u.index(), t.index())
    }

    /// Some active enemy of `u` other than `t` stands adjacent to `t` (« CRB — Cleave »'s
    /// second foe, wherever `u` ends its move).
    #[inline]
    pub fn cleave_partner(&self, u: UnitId, t: UnitId) -> bool {
        let f = self.fight;
        (0..f.units.len()).any(|o| {
            o != t.index()
                && f.enemies(u.index(), o)
                && f.units[o].active()
                && f.distance_ft(t.index(), o) <= 5
        })
    }

    /// `u` flies (a fly speed).
    #[inline]
    pub fn flies(&self, u: UnitId) -> bool {
        self.fight.combatant(u.index()).speed_fly_ft().is_some()
    }

    /// `u` can spend an arcane pool point on its weapon (none is active).
    #[inline]
    pub fn can_arcane_pool(&self, u: UnitId) -> bool {
        self.fight.can_arcane_pool(u.index())
    }

    /// `u` has a force missile left that reaches `t` (`fight::class::missile`).
    #[inline]
    pub fn force_missile_reaches(&self, u: UnitId, t: UnitId) -> bool {
        self.fight.force_missile_reaches(u.index(), t.index())
    }

    /// The mean damage of `u`'s force missile, in hundredths (0 without one).
    #[inline]
    pub fn force_missile_x100(&self, u: UnitId) -> i64 {
        self.fight.info[u.index()]
            .traits
            .class
            .missile
            .map_or(0, |(_, r)| {
                i64::from(r.count) * (i64::from(r.sides) + 1) * 50 + i64::from(r.flat) * 100
            })
    }

    /// `u` has a use of rebuke death left.
    #[inline]
    pub fn can_rebuke_death(&self, u: UnitId) -> bool {
        self.fight.can_rebuke_death(u.index())
    }

    /// `u`'s firearm is broken by a misfire and it has the grit quick clear needs.
    #[inline]
    pub fn can_quick_clear(&self, u: UnitId) -> bool {
        let f = self.fight;
        f.has_grit(u.index()) && f.grit(u.index()) >= 1 && f.jammed(u.index()).is_some()
    }

    /// The expected damage of `u`'s pistol-whip on `t` (hundredths of a hit point) when it can
    /// make one now (`fight::class::whip`): 1 grit, its firearm in hand, `t` in the blow's
    /// reach.
    #[inline]
    pub fn pistol_whip_x100(&self, u: UnitId, t: UnitId) -> Option<i64> {
        let blow = self.fight.can_pistol_whip(u.index(), t.index())?;
        Some(self.swing_damage_x100(u, t, blow, 0))
    }

    /// Grit points `u` has left (0 without grit).
    #[inline]
    pub fn grit(&self, u: UnitId) -> u32 {
        self.fight.grit(u.index())
    }

    /// The hexes `u` knows and their numbers.
    #[inline]
    pub fn hexes(&self, u: UnitId) -> Option<crate::fight::Hexes> {
        self.fight.info[u.index()].traits.class.hexes
    }

    /// `u` can use hex `kind` on `t` now (`fight::class::hex`).
    #[inline]
    pub fn can_hex(&self, u: UnitId, kind: crate::model::HexKind, t: UnitId) -> bool {
        self.fight.can_hex(u.index(), kind, t.index())
    }

    /// `u` can start inspiring courage now (a round left, not performing already).
    #[inline]
    pub fn can_perform(&self, u: UnitId) -> bool {
        self.fight.can_perform(u.index())
    }

    /// `u` has a use of lay on hands left.
    #[inline]
    pub fn can_lay_on_hands(&self, u: UnitId) -> bool {
        self.fight.can_lay_on_hands(u.index())
    }

    /// `u` can smite evil now (a use left, no living target smitten).
    #[inline]
    pub fn can_smite(&self, u: UnitId) -> bool {
        self.fight.can_smite(u.index())
    }

    /// `u` is of an evil alignment.
    #[inline]
    pub fn evil(&self, u: UnitId) -> bool {
        self.fight.is_evil(u.index())
    }

    /// The creature `u` smites, if any.
    #[inline]
    pub fn smiting(&self, u: UnitId) -> Option<UnitId> {
        let t = self.fight.units[u.index()].class.smiting?;
        Some(UnitId::of(usize::from(t)))
    }

    /// `u` can enter a rage now (a round left, not raging, not fatigued).
    #[inline]
    pub fn can_rage(&self, u: UnitId) -> bool {
        self.fight.can_rage(u.index())
    }

    /// `u` is raging.
    #[inline]
    pub fn raging(&self, u: UnitId) -> bool {
        self.fight.units[u.index()].class.raging
    }

    /// Rounds of rage `u` has left.
    #[inline]
    pub fn rage_rounds_left(&self, u: UnitId) -> u32 {
        self.fight.units[u.index()].class.rage_left
    }
}
