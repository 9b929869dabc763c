//! Before anything is spent: is a cast action legal now, and what is it aimed at (« CRB —
//! Magic — Casting Spells », « Aiming a Spell », « Range », « Line of Effect »)? [`CastPlan`]
//! is the answer — the spell, the slot it takes, its DC and caster level, and the creature,
//! area or square it is aimed at — or the reason of a refusal, given before any slot is spent
//! or die rolled: `unknown_spell` (not a spell of the caster), `cast_time` (the action's
//! casting time is not the spell's), `invalid_metamagic` (a feat the caster lacks, or Quicken
//! on a spell longer than a standard action), `no_slot`, `not_prepared`, `invalid_target`
//! (the spell can't take that target), `out_of_range`, `no_line_of_effect`.
//!
//! Ranges: touch reaches the caster's natural reach (at least 5 ft: the engine never moves the
//! caster, the policy moves first); a point of origin is measured from the nearest corner of
//! the caster's squares. Cones and lines start from the caster and need only a direction.

use crate::area::{Aim, Intersection, Origin, Shape};
use crate::board::{Board, Pos};
use crate::grid::distance_squares_for_deltas;
use crate::los::line_of_effect_from_point;
use crate::rules::effect::Effect;
use crate::spell::vocab::{AreaOrigin, CastingTime, TargetKind};
use crate::spell::{Facts, Filter, Range, Spell};

use super::super::action::{Action, CastTarget, MetamagicKind};
use super::super::state::Fight;
use super::super::unit::UnitId;
use super::caster::{Aimed, CastPlan};

/// Cones and lines start from the caster and need a direction (« CRB — Aiming a Spell »).
fn directed(shape: Shape) -> bool {
    match shape {
        Shape::Cone | Shape::Line => true,
        Shape::Burst | Shape::Spread | Shape::Emanation | Shape::Cylinder => false,
    }
}

impl<'s> Fight<'s> {
    /// The plan of `u`'s `action` (a `Cast`), or why it is refused.
    pub(crate) fn plan_cast(&self, u: usize, action: Action) -> Result<CastPlan, &'static str> {
        let Action::Cast {
            spell: id,
            target,
            time,
            metamagic,
            defensively,
        } = action
        else {
            return Err("unknown_spell");
        };
        let caster = self.info[u].caster.as_deref().ok_or("unknown_spell")?;
        let catalogue = self.scenario.spellbook().catalogue();
        catalogue.try_spell(id).ok_or("unknown_spell")?;
        caster.known(id).ok_or("unknown_spell")?;
        let spell = self.spell(id);
        if time != spell.casting_time() {
            return Err("cast_time");
        }
        let quick_enough = match spell.casting_time() {
            CastingTime::Standard
            | CastingTime::Swift
            | CastingTime::Immediate
            | CastingTime::Free => true,
            CastingTime::FullRound | CastingTime::OneRound | CastingTime::Long => false,
        };
        if !metamagic.within(caster.metamagic)
            || (metamagic.has(MetamagicKind::Quicken) && !quick_enough)
        {
            return Err("invalid_metamagic");
        }
        let (known, choice) = caster.choose(&self.magic.casters[u], id, metamagic)?;
        let cl = match choice.sla {
            // « Bestiary — Spell-Like Abilities »: the entry's caster level.
            Some(_) => (caster.sla_level as i32 - self.negative_levels(u)).max(1) as u32,
            None => self.caster_level(u),
        };
        let self_only = choice.sla.is_some_and(|k| caster.sla[k].1);
        if self_only
            && !matches!(target, CastTarget::Caster)
            && target != CastTarget::Unit(UnitId::of(u))
        {
            return Err("invalid_target");
        }
        let aimed = self.aim(u, spell, target, cl)?;
        Ok(CastPlan {
            spell: id,
            known,
            choice,
            metamagic,
            aimed,
            dc: caster.dc_of(known, choice.level, spell.school()),
            cl,
            defensively,
        })
    }

    /// « CRB — Energy Drain »: `u`'s caster level less its negative levels (at least 1).
    pub(crate) fn caster_level(&self, u: usize) -> u32 {
        let base = self.info[u].caster.as_ref().map_or(1, |c| c.level) as i32;
        (base - self.negative_levels(u)).max(1) as u32
    }

    /// The filter facts of creature `t` for a spell of `caster`.
    pub(crate) fn facts(&self, caster: usize, t: usize) -> Facts {
        Facts {
            creature_type: self.combatant(t).creature_type(),
            hit_dice: self.combatant(t).level(),
            hp: self.units[t].hp,
            stable: self.units[t].stable,
            ally: !self.enemies(caster, t),
        }
    }

    /// Where `spell`, cast by `u` at caster level `cl`, is aimed with `target`.
    fn aim(
        &self,
        u: usize,
        spell: &Spell,
        target: CastTarget,
        cl: u32,
    ) -> Result<Aimed, &'static str> {
        let range = spell.range();
        if spell.effects().iter().any(|d| d.effect == Effect::Teleport) {
            let CastTarget::Point(p) = target else {
                return Err("invalid_target");
            };
            return self.aim_teleport(u, p, range.feet_at(cl));
        }
        if let Some(area) = spell.area() {
            let here = Origin::Creature {
                anchor: self.units[u].pos,
                size: self.info[u].size,
            };
            if directed(area.shape) {
                let aim = match target {
                    CastTarget::Unit(t) if self.present(t.index()) && t.index() != u => {
                        Aim::Square(self.units[t.index()].pos)
                    }
                    CastTarget::Point(p) if self.on_lattice(p) => Aim::Point(p),
                    _ => return Err("invalid_target"),
                };
                return Ok(Aimed::Area {
                    origin: here,
                    aim: Some(aim),
                });
            }
            let origin = match (area.origin, target) {
                (AreaOrigin::Caster, _) => here,
                (AreaOrigin::Point, CastTarget::Point(p)) => {
                    self.point_in_reach(u, p, range)?;
                    Origin::Point(p)
                }
                (AreaOrigin::Point | AreaOrigin::Target, CastTarget::Unit(t)) => {
                    self.creature_in_reach(u, t.index(), range, cl, &Filter::default())?;
                    Origin::Creature {
                        anchor: self.units[t.index()].pos,
                        size: self.info[t.index()].size,
                    }
                }
                (AreaOrigin::Point | AreaOrigin::Target, CastTarget::Caster) => here,
                (AreaOrigin::Target, CastTarget::Point(_)) => return Err("invalid_target"),
            };
            return Ok(Aimed::Area { origin, aim: None });
        }
        let personal = range == Range::Personal
            || spell
                .target()
                .is_some_and(|t| t.kind == TargetKind::OnlySelf);
        if personal {
            return match target {
                CastTarget::Caster => Ok(Aimed::Unit(u)),
                CastTarget::Unit(t) if t.index() == u => Ok(Aimed::Unit(u)),
                _ => Err("invalid_target"),
            };
        }
        let Some(spec) = spell.target() else {
            return Ok(Aimed::Nothing);
        };
        let t = match target {
            CastTarget::Unit(t) => t.index(),
            CastTarget::Caster => u,
            CastTarget::Point(_) => return Err("invalid_target"),
        };
        self.creature_in_reach(u, t, range, cl, &spec.filter)?;
        Ok(Aimed::Unit(t))
    }

    /// `t` is on the battlefield and alive (dying counts).
    pub(crate) fn present(&self, t: usize) -> bool {
        t < self.units.len() && !self.units[t].absent && !self.units[t].dead
    }

    fn on_lattice(&self, p: Intersection) -> bool {
        p.row <= self.map.rows() && p.col <= self.map.cols()
    }

    /// `t` is a legal target of `u`'s spell of `range` with `filter`: present, accepted by the
    /// filter, in range and in line of effect.
    pub(crate) fn creature_in_reach(
        &self,
        u: usize,
        t: usize,
        range: Range,
        cl: u32,
        filter: &Filter,
    ) -> Result<(), &'static str> {
        if !self.present(t) || !filter.accepts(&self.facts(u, t)) {
            return Err("invalid_target");
        }
        if t == u {
            return Ok(());
        }
        let d = self.distance_ft(u, t);
        let reach = if range.is_touch() {
            self.combatant(u).natural_reach_ft().max(5)
        } else {
            range.feet_at(cl)
        };
        if d > reach {
            return Err("out_of_range");
        }
        if !self.has_line_of_effect_from(u, self.units[u].pos, t) {
            return Err("no_line_of_effect");
        }
        Ok(())
    }

    /// Feet from the nearest corner of `u`'s squares to the grid intersection `p` (5-10-5).
    pub(crate) fn distance_to_point_ft(&self, u: usize, p: Intersection) -> u32 {
        let (anchor, side) = (self.units[u].pos, self.info[u].size.footprint());
        let mut best = u32::MAX;
        for row in anchor.row..=anchor.row + side {
            for col in anchor.col..=anchor.col + side {
                let d = distance_squares_for_deltas(
                    u32::from(row.abs_diff(p.row)),
                    u32::from(col.abs_diff(p.col)),
                );
                best = best.min(d);
            }
        }
        best.saturating_mul(self.map.square_size_ft())
    }

    /// The point `p` is on the map, within `range` of `u` and in its line of effect.
    fn point_in_reach(&self, u: usize, p: Intersection, range: Range) -> Result<(), &'static str> {
        if !self.on_lattice(p) {
            return Err("invalid_target");
        }
        let cl = self.caster_level(u);
        let reach = if range.is_touch() {
            self.combatant(u).natural_reach_ft().max(5)
        } else {
            range.feet_at(cl)
        };
        if self.distance_to_point_ft(u, p) > reach {
            return Err("out_of_range");
        }
        let xy = (i32::from(p.col), i32::from(p.row));
        if !line_of_effect_from_point(self.map, xy, self.units[u].pos, self.info[u].size) {
            return Err("no_line_of_effect");
        }
        Ok(())
    }

    /// « CRB — Dimension Door »: to the square whose top-left corner is `p`, free for the
    /// caster's footprint and within `range_ft` (no line of effect is needed: the caster goes
    /// where it pictures).
    fn aim_teleport(
        &self,
        u: usize,
        p: Intersection,
        range_ft: u32,
    ) -> Result<Aimed, &'static str> {
        let to = Pos::new(p.row, p.col);
        if !self.map.contains(to) || !self.free_for(u, to, self.info[u].size) {
            return Err("invalid_target");
        }
        if self.distance_to_point_ft(u, p) > range_ft {
            return Err("out_of_range");
        }
        Ok(Aimed::Square(to))
    }
}
