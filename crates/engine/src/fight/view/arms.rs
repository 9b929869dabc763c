//! The weapon questions a policy weighs a weapon choice with, through the [`View`] (« CRB —
//! Full Attack », « Reach Weapons », « Flanking »): what each attack line of a unit is (melee
//! or ranged, natural, its reach band and range), which one the engine would strike with at a
//! given distance, what a full attack with one line — or with the best melee attacks — is
//! worth on a target, whether a unit has a modelled feat, and whether a square would flank.
//! Each answers from the fight as it stands, rolls nothing and allocates nothing; damage is
//! in hundredths of a hit point.

use crate::board::Pos;
use crate::rules::Feat;

use super::super::unit::UnitId;
use super::View;

/// What one attack line of a unit is, as the engine strikes with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WeaponFacts {
    /// A melee attack (else a ranged one).
    pub melee: bool,
    /// A natural attack (bite, claw…), which cannot be disarmed.
    pub natural: bool,
    /// Held in two hands.
    pub two_handed: bool,
    /// Melee: the nearest and farthest distance it strikes, in feet.
    pub reach_min_ft: u32,
    pub reach_max_ft: u32,
    /// Ranged: the farthest distance it shoots, in feet.
    pub max_range_ft: u32,
    /// Attacks of this line in a full attack (two claws: 2).
    pub count: u32,
}

impl<'f> View<'f> {
    /// The number of attack lines of `u` (its stat block's `attacks`).
    #[inline]
    pub fn weapon_count(&self, u: UnitId) -> usize {
        self.fight.info[u.index()].weapons.len()
    }

    /// What `u`'s attack line `w` is.
    #[inline]
    pub fn weapon_facts(&self, u: UnitId, w: usize) -> WeaponFacts {
        let weapon = &self.fight.info[u.index()].weapons[w];
        WeaponFacts {
            melee: weapon.melee,
            natural: weapon.natural,
            two_handed: weapon.two_handed,
            reach_min_ft: weapon.reach_min_ft,
            reach_max_ft: weapon.reach_max_ft,
            max_range_ft: weapon.max_range_ft,
            count: weapon.count,
        }
    }

    /// `u` can strike with its line `w` now (in hand, a shot left, not two-handed while
    /// grappled).
    #[inline]
    pub fn weapon_usable(&self, u: UnitId, w: usize) -> bool {
        self.fight.weapon_usable(u.index(), w)
    }

    /// The line `u` would strike with at `d_ft` (the first usable one in stat-block order
    /// whose band covers that distance, line of effect aside), as the engine picks it.
    #[inline]
    pub fn weapon_at_distance(&self, u: UnitId, d_ft: u32) -> Option<usize> {
        self.fight.weapon_at_distance(u.index(), d_ft)
    }

    /// The expected damage of a full attack of `a` on `t` with its line `w` alone, in
    /// hundredths of a hit point, from where both stand: a natural line's `count` attacks, or
    /// a manufactured one's iteratives (each `count` times), no more shots than it has left.
    pub fn weapon_round_x100(&self, a: UnitId, t: UnitId, w: usize) -> i64 {
        let info = &self.fight.info[a.index()];
        let weapon = &info.weapons[w];
        let lines = if weapon.natural {
            1
        } else {
            (1 + (info.bab.max(1) - 1) / 5).min(4)
        };
        let shots = self.ammo_left(a, w).map_or(u32::MAX, u32::from);
        let mut total = 0;
        let mut fired = 0;
        for k in 0..lines {
            for _ in 0..weapon.count {
                if fired == shots {
                    return total;
                }
                fired += 1;
                total += self.swing_damage_x100(a, t, w, -5 * k);
            }
        }
        total
    }

    /// The expected damage of `a`'s best melee full attack on `t`, in hundredths of a hit
    /// point, as if it stood within reach: every natural melee attack, or the iteratives of
    /// its best manufactured melee weapon — whichever is more; only lines it can use now.
    pub fn melee_round_x100(&self, a: UnitId, t: UnitId) -> i64 {
        let info = &self.fight.info[a.index()];
        let mut natural = 0;
        let mut best = 0;
        for (w, weapon) in info.weapons.iter().enumerate() {
            if !weapon.melee || !self.weapon_usable(a, w) {
                continue;
            }
            if weapon.natural {
                natural += self.weapon_round_x100(a, t, w);
            } else {
                best = best.max(self.weapon_round_x100(a, t, w));
            }
        }
        natural.max(best)
    }

    /// `u` has `feat` among its modelled feats (« CRB — Combat Reflexes »…).
    #[inline]
    pub fn has_feat(&self, u: UnitId, feat: Feat) -> bool {
        self.fight.info[u.index()].has(feat)
    }

    /// `me` standing at `at` would flank `t` (« CRB — Flanking »: an active ally threatens `t`
    /// from the opposite side); whether `me` itself threatens `t` from there is the caller's
    /// question.
    #[inline]
    pub fn flanks_from(&self, me: UnitId, at: Pos, t: UnitId) -> bool {
        self.fight.flanked_from(me.index(), at, t.index())
    }
}

impl View<'_> {
    /// `e` threatens `u` where `u` stands now (« CRB — Threatened Squares »: an active
    /// creature free to react with a melee weapon whose band covers the distance).
    #[inline]
    pub fn threatens(&self, e: UnitId, u: UnitId) -> bool {
        let fight = self.fight;
        let u = u.index();
        (fight.threat_weapon(e.index(), fight.units[u].pos, fight.info[u].size)).is_some()
    }
}

impl View<'_> {
    /// A weapon of `u` lying at `at` is within its reach to pick up (« CRB — Pick up an
    /// item »: its own space or a square next to it).
    #[inline]
    pub fn within_pickup(&self, u: UnitId, at: Pos) -> bool {
        self.fight.within_pickup(u.index(), at)
    }
}
