//! Who can strike whom from where: distances between footprints, weapon bands (« CRB — Big
//! and Little Creatures in Combat »: natural reach is a disc, a reach weapon a ring), line of
//! effect, cover with soft cover from creatures, threatened squares, flanking and « shooting
//! into melee », and which weapons a creature can use now (`arms`: dropped, spent, sheathed;
//! two-handed while grappled). Pure queries on a [`Fight`]; nothing here changes state.

use crate::board::{Board, Pos};
use crate::crossings::crossing_mask;
use crate::grid::{distance_squares, footprint_distance_sides, footprint_distance_squares};
use crate::los::{Cover, CoverMode, cover};
use crate::size::Size;

use super::state::Fight;
use super::unit::Weapon;

impl Fight<'_> {
    /// The nearest active enemy of `me` (ties: unit order).
    pub fn nearest_enemy(&self, me: usize) -> Option<usize> {
        (0..self.units.len())
            .filter(|&o| self.enemies(me, o) && self.units[o].active())
            .min_by_key(|&o| (self.distance_ft(me, o), o))
    }

    /// Distance in feet between the footprints of `a` (standing at `a_pos`) and unit `b`.
    #[inline]
    pub fn distance_ft_from(&self, a: usize, a_pos: Pos, b: usize) -> u32 {
        let sq = footprint_distance_sides(
            a_pos,
            self.info[a].footprint,
            self.units[b].pos,
            self.info[b].footprint,
        );
        sq * self.map.square_size_ft()
    }

    #[inline(always)]
    pub fn distance_ft(&self, a: usize, b: usize) -> u32 {
        self.distance_ft_from(a, self.units[a].pos, b)
    }

    /// True when weapon `w` of `a` can strike a target `d_ft` away (range and reach only).
    /// Melee: the weapon's band `reach_min_ft..=reach_max_ft` — a disc from distance 0 (a
    /// creature sharing the attacker's square) to the reach for a natural-reach weapon, so
    /// a Tiny-or-smaller creature with reach 0 strikes only inside its target's square (« They
    /// must enter an opponent's square to attack in melee »); a ring for a reach weapon, which
    /// strikes neither adjacent nor in its own square.
    pub fn weapon_band(w: &Weapon, d_ft: u32) -> bool {
        if w.melee {
            d_ft >= w.reach_min_ft && d_ft <= w.reach_max_ft
        } else {
            d_ft <= w.max_range_ft
        }
    }

    /// Line of effect between `a` standing at `a_pos` and `t` (« CRB — Line of Effect »).
    #[inline(always)]
    pub fn has_line_of_effect_from(&self, a: usize, a_pos: Pos, t: usize) -> bool {
        let (sa, st) = (self.info[a].size, self.info[t].size);
        if self.info[a].footprint == 1 && self.info[t].footprint == 1 {
            self.scenario.cache().terrain_cover(
                self.map,
                a_pos,
                self.units[t].pos,
                CoverMode::Ranged,
            ) != Cover::Total
        } else {
            self.terrain_cover_big(a_pos, sa, self.units[t].pos, st, CoverMode::Ranged)
                != Cover::Total
        }
    }

    /// Terrain-only cover between footprints of any size, memoized per batch.
    fn terrain_cover_big(&self, a: Pos, sa: Size, t: Pos, st: Size, mode: CoverMode) -> Cover {
        let key = (self.map.index(a) as u64) << 24
            | (self.map.index(t) as u64) << 4
            | u64::from(sa.footprint()) << 48
            | u64::from(st.footprint()) << 52
            | u64::from(mode == CoverMode::Melee) << 56;
        if let Some(&c) = self.cover_memo.borrow().get(&key) {
            return c;
        }
        let c = cover(self.map, a, sa, t, st, mode, |_| 0);
        self.cover_memo.borrow_mut().insert(key, c);
        c
    }

    /// The first weapon of `a`, in stat-block order, that can strike `t` with `a` standing at
    /// `a_pos` (the reference spec, « weapon_for »), among those it can use now
    /// ([`Fight::weapon_usable`]).
    #[inline(always)]
    pub fn weapon_for_from(&self, a: usize, a_pos: Pos, t: usize) -> Option<usize> {
        if self.info[a].footprint == 1 && self.info[t].footprint == 1 {
            // Two 1×1 creatures, the common case: the distance between their squares and the
            // line of effect from the table, the footprints looked at once.
            let tp = self.units[t].pos;
            let d = distance_squares(a_pos, tp) * self.map.square_size_ft();
            let w = self.first_usable(a, |w| Self::weapon_band(w, d))?;
            let cache = self.scenario.cache();
            return (cache.terrain_cover(self.map, a_pos, tp, CoverMode::Ranged) != Cover::Total)
                .then_some(w);
        }
        self.weapon_for_from_big(a, a_pos, t)
    }

    /// [`Fight::weapon_for_from`] when `a` or `t` is bigger than one square.
    #[inline(never)]
    fn weapon_for_from_big(&self, a: usize, a_pos: Pos, t: usize) -> Option<usize> {
        let d = self.distance_ft_from(a, a_pos, t);
        let w = self.first_usable(a, |w| Self::weapon_band(w, d))?;
        // Any usable weapon needs line of effect; check it once.
        if !self.has_line_of_effect_from(a, a_pos, t) {
            return None;
        }
        Some(w)
    }

    /// The first weapon of `a`, in stat-block order, usable now and whose band covers
    /// `d_ft` — the one [`Fight::weapon_for_from`] picks at that distance, line of effect
    /// aside.
    pub fn weapon_at_distance(&self, a: usize, d_ft: u32) -> Option<usize> {
        self.first_usable(a, |w| Self::weapon_band(w, d_ft))
    }

    pub fn weapon_for(&self, a: usize, t: usize) -> Option<usize> {
        self.weapon_for_from(a, self.units[a].pos, t)
    }

    /// A melee weapon of `a` that threatens a creature of `size` standing at `at`, if any.
    /// Threat needs an active creature free to react (not flat-footed, stunned, helpless…, see
    /// `can_react`) with a melee weapon whose band covers the distance; reach-0 creatures
    /// threaten nothing (« CRB — Big and Little Creatures in Combat »: « Since they have no
    /// natural reach, they do not threaten the squares around them [...] They also can't flank
    /// an enemy »), while a creature with reach threatens its own square too (« You can attack
    /// into your own square if you need to »).
    #[inline(always)]
    pub fn threat_weapon(&self, a: usize, at: Pos, size: Size) -> Option<usize> {
        // Most creatures asked about stand out of reach: that answer stays inline.
        let d = self.within_threat_range(a, at, size.footprint())?;
        self.threat_weapon_at(a, d)
    }

    /// The distance in feet between `a` and a footprint of side `side` anchored at `at`, when
    /// it lies within `a`'s threat range (none for reach 0): the geometric half of
    /// [`Fight::threat_weapon`], which then asks whether `a` can react with a weapon there.
    #[inline(always)]
    fn within_threat_range(&self, a: usize, at: Pos, side: u16) -> Option<u32> {
        let info = &self.info[a];
        let max = info.threat_max_ft;
        let sq = footprint_distance_sides(self.units[a].pos, info.footprint, at, side);
        let d = sq * self.map.square_size_ft();
        (max != 0 && d <= max).then_some(d)
    }

    /// [`Fight::threat_weapon`] for a creature `d` feet away, within `a`'s threat range.
    #[inline(never)]
    fn threat_weapon_at(&self, a: usize, d: u32) -> Option<usize> {
        if !self.can_react(a) {
            return None;
        }
        self.first_usable(a, |w| {
            w.melee && w.reach_max_ft > 0 && Self::weapon_band(w, d)
        })
    }

    /// `a` can strike with its weapon `w` now: one in hand, a shot left, not sheathed (`arms`);
    /// not a two-handed weapon while grappled (« CRB — Grappled »: « grappled creatures can
    /// take no action that requires two hands to perform »).
    #[inline]
    pub fn weapon_usable(&self, a: usize, w: usize) -> bool {
        self.usable_now(a, w, &self.info[a].weapons[w])
    }

    /// [`Fight::weapon_usable`] for `a`'s weapon `w`, which is `weapon`.
    #[inline(always)]
    fn usable_now(&self, a: usize, w: usize, weapon: &Weapon) -> bool {
        let state = &self.units[a];
        state.arms.usable(w)
            && !(weapon.two_handed && state.conds.has(crate::rules::Condition::Grappled))
    }

    /// The first weapon of `a`, in stat-block order, that `fits` and that it can use now. The
    /// common case — the first that fits is usable — costs one bit test more than the search.
    #[inline(always)]
    fn first_usable(&self, a: usize, fits: impl Fn(&Weapon) -> bool) -> Option<usize> {
        let weapons = &self.info[a].weapons;
        let first = weapons.iter().position(&fits)?;
        if self.usable_now(a, first, &weapons[first]) {
            return Some(first);
        }
        self.next_usable(a, first, fits)
    }

    /// The first weapon of `a` after `first` that `fits` and that it can use now: the rare
    /// end of [`Fight::first_usable`], out of line.
    #[inline(never)]
    fn next_usable(&self, a: usize, first: usize, fits: impl Fn(&Weapon) -> bool) -> Option<usize> {
        let weapons = &self.info[a].weapons;
        (weapons.iter().enumerate().skip(first + 1))
            .find(|&(k, w)| fits(w) && self.usable_now(a, k, w))
            .map(|(k, _)| k)
    }

    /// Terrain cover of `t` against `a` (at their current squares), plus soft cover from
    /// creatures in between for ranged attacks (the reference spec, « Couvert »: +4 from an active creature).
    /// A creature sharing a square with `a` or `t` (co-occupation) is not in between.
    #[inline(always)]
    pub fn attack_cover(&self, a: usize, t: usize, mode: CoverMode) -> Cover {
        let (pa, pt) = (self.units[a].pos, self.units[t].pos);
        if self.info[a].footprint == 1 && self.info[t].footprint == 1 {
            let terrain = self.scenario.cache().terrain_cover(self.map, pa, pt, mode);
            if mode == CoverMode::Melee || terrain == Cover::Total {
                return terrain;
            }
            return self.soft_cover_1x1(a, t, terrain);
        }
        self.attack_cover_big(a, t, mode)
    }

    /// [`Fight::attack_cover`] when `a` or `t` is bigger than one square.
    #[inline(never)]
    fn attack_cover_big(&self, a: usize, t: usize, mode: CoverMode) -> Cover {
        let (pa, pt) = (self.units[a].pos, self.units[t].pos);
        let (sa, st) = (self.info[a].size, self.info[t].size);
        let soft = mode == CoverMode::Ranged && self.creature_between(a, t);
        let terrain = self.terrain_cover_big(pa, sa, pt, st, mode);
        if !soft || terrain == Cover::Total {
            return terrain;
        }
        let small = self.has_small_units();
        let inside = |p: Pos, at: Pos, size: Size| small && size.squares(at).any(|q| q == p);
        cover(self.map, pa, sa, pt, st, mode, |p| match self.unit_at(p) {
            _ if inside(p, pa, sa) || inside(p, pt, st) => 0,
            Some(o) if o != a && o != t && self.units[o].active() => 4,
            _ => 0,
        })
    }

    /// Ranged cover between two 1×1 creatures whose terrain cover, creatures aside, is
    /// `terrain` (not total): `terrain` itself when no active creature stands in between
    /// (inside the rectangle spanning both squares, as `creature_between` finds); else,
    /// per attacker corner, the terrain score raised to 4 when a line from that corner
    /// crosses such a creature's square, and the attacker takes its best corner (« CRB —
    /// Cover », soft cover). Only a creature in that rectangle can be crossed: every line from
    /// a corner of one square to a corner of the other stays inside it. One pass over the
    /// creatures marks the corners whose lines they cross, and stops once every corner that
    /// could still be raised is; which corners a creature's square takes is a table lookup
    /// (`crossings`: the lines' crossings depend only on the three squares' offsets).
    #[inline(never)]
    fn soft_cover_1x1(&self, a: usize, t: usize, terrain: Cover) -> Cover {
        let (pa, pt) = (self.units[a].pos, self.units[t].pos);
        let (r0, r1) = (pa.row.min(pt.row), pa.row.max(pt.row));
        let (c0, c1) = (pa.col.min(pt.col), pa.col.max(pt.col));
        // Bit k: a line from corner k crosses a creature; `open`: the corners whose terrain
        // score is below 4, the only ones a creature raises.
        let (mut scores, mut open, mut crossed) = (None, 0u8, 0u8);
        for (o, u) in self.units.iter().enumerate() {
            let f = self.info[o].footprint;
            if o == a
                || o == t
                || u.pos.row > r1
                || u.pos.row + f <= r0
                || u.pos.col > c1
                || u.pos.col + f <= c0
                || !u.active()
                || self.shares_square(o, a)
                || self.shares_square(o, t)
            {
                continue;
            }
            scores.get_or_insert_with(|| {
                let scores = self.scenario.cache().corner_scores(self.map, pa, pt);
                open = (0..4).filter(|&k| scores[k] < 4).fold(0, |m, k| m | 1 << k);
                scores
            });
            // The corners whose lines cross one of its squares, from the per-offset table.
            let mask = if f == 1 {
                crossing_mask(pa, pt, u.pos)
            } else {
                (self.info[o].size.squares(u.pos)).fold(0, |m, p| m | crossing_mask(pa, pt, p))
            };
            crossed |= mask & open;
            if crossed == open {
                break;
            }
        }
        let Some(scores) = scores else {
            return terrain;
        };
        let best = (0..4)
            .map(|k| if crossed >> k & 1 != 0 { 4 } else { scores[k] })
            .min()
            .unwrap_or(u8::MAX);
        Cover::from_score(best)
    }

    /// The footprints of `a` and `b` overlap: they share a square (co-occupation).
    pub fn shares_square(&self, a: usize, b: usize) -> bool {
        self.has_small_units()
            && footprint_distance_squares(
                self.units[a].pos,
                self.info[a].size,
                self.units[b].pos,
                self.info[b].size,
            ) == 0
    }

    /// An active creature other than `a` and `t` stands inside the rectangle spanning both.
    fn creature_between(&self, a: usize, t: usize) -> bool {
        let (pa, pt) = (self.units[a].pos, self.units[t].pos);
        let (fa, ft) = (self.info[a].footprint, self.info[t].footprint);
        let r0 = pa.row.min(pt.row);
        let c0 = pa.col.min(pt.col);
        let r1 = (pa.row + fa - 1).max(pt.row + ft - 1);
        let c1 = (pa.col + fa - 1).max(pt.col + ft - 1);
        self.units.iter().enumerate().any(|(o, u)| {
            if o == a || o == t {
                return false;
            }
            let f = self.info[o].footprint;
            // Footprint rectangle overlaps the span rectangle, and the creature is active.
            u.pos.row <= r1
                && u.pos.row + f > r0
                && u.pos.col <= c1
                && u.pos.col + f > c0
                && u.active()
                && !self.shares_square(o, a)
                && !self.shares_square(o, t)
        })
    }

    /// Ground height under a unit: the highest square of its footprint.
    #[inline(always)]
    pub fn elevation_of(&self, u: usize) -> u8 {
        if self.info[u].footprint == 1 {
            return self.map.elevation(self.units[u].pos);
        }
        self.elevation_of_big(u)
    }

    /// [`Fight::elevation_of`] for a footprint bigger than one square.
    #[inline(never)]
    fn elevation_of_big(&self, u: usize) -> u8 {
        self.info[u]
            .size
            .squares(self.units[u].pos)
            .filter(|p| self.map.contains(*p))
            .map(|p| self.map.elevation(p))
            .max()
            .unwrap_or(0)
    }

    /// « CRB — Flanking »: an active ally of `a` threatens `t` and the line between the centres
    /// of `a` and the ally passes through opposite borders (or corners) of `t`'s space.
    pub fn flanked(&self, a: usize, t: usize) -> bool {
        self.flanked_from(a, self.units[a].pos, t)
    }

    /// [`Fight::flanked`] with `a` standing at `at` (a square a policy weighs stepping to).
    pub fn flanked_from(&self, a: usize, at: Pos, t: usize) -> bool {
        // « Bestiary — All-Around Vision »: the creature « cannot be flanked ».
        if self.info[t].traits.specials.umr.all_around {
            return false;
        }
        let (tp, tf) = (self.units[t].pos, self.info[t].footprint);
        let from = self.centre_at(a, at);
        // The same tests as `threat_weapon`, the geometry (range, opposite sides) before
        // whether the ally can react: all pure, so the order changes only the cost.
        (0..self.units.len()).any(|b| {
            b != a
                && !self.enemies(a, b)
                && self.within_threat_range(b, tp, tf).is_some_and(|d| {
                    opposite(from, self.centre(b), tp, tf) && self.threat_weapon_at(b, d).is_some()
                })
        })
    }

    /// Centre of a unit's space, in doubled coordinates (x = 2·col + side, y = 2·row + side).
    fn centre(&self, u: usize) -> (i64, i64) {
        self.centre_at(u, self.units[u].pos)
    }

    /// Centre of `u`'s space were it anchored at `p`, in doubled coordinates.
    fn centre_at(&self, u: usize, p: Pos) -> (i64, i64) {
        let side = i64::from(self.info[u].footprint);
        (2 * i64::from(p.col) + side, 2 * i64::from(p.row) + side)
    }

    /// « Shooting or throwing into a melee »: an active ally of `a` (not `a`) threatens `t` in
    /// melee from closer than 10 ft (« if your target is at least 10 feet away from the nearest
    /// friendly character, you can avoid the −4 penalty »). Precise Shot is the caller's
    /// business.
    pub fn engaged_with_ally(&self, a: usize, t: usize) -> bool {
        let (tp, tf) = (self.units[t].pos, self.info[t].footprint);
        // `within_threat_range` measures `distance_ft(b, t)`: closer than 10 ft is checked
        // before whether the ally can react (pure tests, the order changes only the cost).
        (0..self.units.len()).any(|b| {
            b != a
                && !self.enemies(a, b)
                && self
                    .within_threat_range(b, tp, tf)
                    .is_some_and(|d| d < 10 && self.threat_weapon_at(b, d).is_some())
        })
    }
}

/// The segment between centres `a` and `b` (doubled coordinates) crosses the square space of
/// side `side` anchored at `t` through two opposite borders, corners included.
fn opposite(a: (i64, i64), b: (i64, i64), t: Pos, side: u16) -> bool {
    let side = i64::from(side);
    let (x0, y0) = (2 * i64::from(t.col), 2 * i64::from(t.row));
    let (x1, y1) = (x0 + 2 * side, y0 + 2 * side);
    let through = |a: (i64, i64), b: (i64, i64), lo: i64, hi: i64, olo: i64, ohi: i64| {
        // a and b strictly on both sides along the first axis; at both borders the other
        // coordinate lies within the space (closed).
        let (a, b) = if a.0 <= b.0 { (a, b) } else { (b, a) };
        if !(a.0 < lo && b.0 > hi) {
            return false;
        }
        let dx = b.0 - a.0;
        let within = |x: i64| {
            // y(x) = a.1 + (x − a.0)·dy/dx, compared without division.
            let num = a.1 * dx + (x - a.0) * (b.1 - a.1);
            num >= olo * dx && num <= ohi * dx
        };
        within(lo) && within(hi)
    };
    through(a, b, x0, x1, y0, y1) || through((a.1, a.0), (b.1, b.0), y0, y1, x0, x1)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn c(row: i64, col: i64) -> (i64, i64) {
        (2 * col + 1, 2 * row + 1)
    }

    #[test]
    fn flanking_requires_opposite_sides() {
        let t = Pos::new(5, 5);
        assert!(opposite(c(5, 4), c(5, 6), t, 1), "left and right");
        assert!(opposite(c(4, 5), c(6, 5), t, 1), "above and below");
        assert!(opposite(c(4, 4), c(6, 6), t, 1), "opposite corners");
        assert!(
            !opposite(c(5, 4), c(6, 6), t, 1),
            "left and lower right corner"
        );
        assert!(!opposite(c(4, 4), c(4, 6), t, 1), "both above");
        assert!(!opposite(c(5, 4), c(4, 5), t, 1), "adjacent sides");
        // A Large target (2×2 at 5,5): left of it and right of it.
        assert!(opposite(c(5, 4), c(6, 7), t, 2));
        // Reach: two squares away on the left, adjacent on the right.
        assert!(opposite(c(5, 3), c(5, 6), t, 1));
    }
}
