//! What a policy may ask about the area specials (Bestiary — « Gaze », « Breath Weapon »;
//! CRB — « Channel Energy »): the abilities of a unit, whether its breath has recharged and
//! whom it would catch, whom its channel would reach, and its odds against a gaze. Answers
//! only; the choices are `policy::specials`'.

use crate::rules::{Context, Save};

use super::super::special::values::{Areas, Gaze};
use super::super::unit::{UnitId, UnitIds};
use super::View;

impl View<'_> {
    /// `u`'s auras, gaze, breath weapon, channel energy and channel resistance.
    #[inline]
    pub fn areas(&self, u: UnitId) -> Areas {
        self.fight.info[u.index()].traits.specials.areas
    }

    /// Some unit of the fight has a fear aura or a gaze.
    #[inline]
    pub fn watched(&self) -> bool {
        self.fight.watched
    }

    /// `me` can breathe this round (its breath weapon has recharged).
    pub fn breath_ready(&self, me: UnitId) -> bool {
        self.fight.breath_ready(me.index())
    }

    /// The creatures `me`'s breath aimed at `target`'s square would catch.
    pub fn breath_catches(&self, me: UnitId, target: UnitId) -> UnitIds {
        self.fight.breath_catches(me.index(), target.index())
    }

    /// `me` has a channel use left.
    pub fn can_channel(&self, me: UnitId) -> bool {
        self.fight.can_channel(me.index())
    }

    /// The creatures `me`'s channel would heal (`harm` false) or harm now.
    pub fn channel_takers(&self, me: UnitId, harm: bool) -> UnitIds {
        self.fight.channel_takers(me.index(), harm)
    }

    /// `u`'s averting its eyes from gazes.
    pub fn averting(&self, u: UnitId) -> bool {
        self.fight.units[u.index()].powers.averting
    }

    /// `u` is turned to stone.
    pub fn petrified(&self, u: UnitId) -> bool {
        self.fight.units[u.index()].petrified
    }

    /// `u`'s save bonus of `save` against an effect with no descriptor.
    pub fn plain_save_bonus(&self, u: UnitId, save: Save) -> i32 {
        self.fight.save_bonus(u.index(), save, &Context::default())
    }

    /// The nearest active enemy of `me` with a gaze `me` could meet soon — within the gaze's
    /// range plus twice the larger of the two speeds — and its gaze.
    pub fn gaze_near(&self, me: UnitId) -> Option<(UnitId, Gaze)> {
        let f = self.fight;
        let mine = f.combatant(me.index()).speed_land_ft();
        (0..f.units.len())
            .filter_map(|g| {
                let gaze = f.info[g].traits.specials.areas.gaze?;
                let theirs = f.combatant(g).speed_land_ft();
                let d = f.distance_ft(me.index(), g);
                let soon = u32::from(gaze.range_ft) + 2 * mine.max(theirs);
                (f.enemies(me.index(), g) && f.units[g].active() && d <= soon)
                    .then_some((d, g, gaze))
            })
            .min_by_key(|&(d, g, _)| (d, g))
            .map(|(_, g, gaze)| (UnitId::of(g), gaze))
    }
}
