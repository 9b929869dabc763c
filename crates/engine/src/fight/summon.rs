//! Summoned creatures (« CRB — Summon Monster »; the reference spec, « Invocation »): a summon
//! effect brings its creature on the caster's side, in the free squares nearest the caster
//! (adjacent first, then farther out within the spell's range), acting right after the caster
//! in the initiative order, for the spell's duration (counted on the caster's turns); then it
//! vanishes. The units are reserved ahead, once per batch ([`reserve`]): per caster, per
//! summon spell it knows, as many instances as the spell can bring at its caster level —
//! inactive (`absent`) until summoned. A cast finding no free instance or no free square
//! brings fewer (logged). An encounter holds at most 255 units, reserves included: reserves
//! past that are not made.
//!
//! Summoned creatures are not rows of the report: their hits, critical hits and damage dealt
//! are credited to their summoner ([`Fight::credit_summons`]); they count for their side while
//! they stand.

use crate::board::Pos;
use crate::deploy::slug;
use crate::grid::footprint_distance_squares;
use crate::rng::Roller;
use crate::rules::effect::{Effect, RoundsOrForever};
use crate::scenario::{Scenario, UnitSpec};
use crate::spellbook::CasterSpells;
use crate::tally::Tally;

use super::cast::{CastPlan, say};
use super::effects::{Active, FOREVER};
use super::log::{Sink, log};
use super::state::Fight;
use super::unit::UnitIds;
use super::unit::UnitInfo;

/// Most units a fight holds (ids are one byte).
const MAX_FIGHT_UNITS: usize = 255;

/// The constants of every unit of a scenario, in unit order, then the summon reserves of its
/// casters.
pub fn prepare(scenario: &Scenario) -> Vec<UnitInfo> {
    let mut info: Vec<UnitInfo> = scenario
        .units()
        .iter()
        .map(|u| UnitInfo::new(scenario, u))
        .collect();
    reserve(scenario, &mut info);
    info
}

/// Adds the summon reserves of the scenario's casters to `info` (see the module).
fn reserve(scenario: &Scenario, info: &mut Vec<UnitInfo>) {
    let book = scenario.spellbook();
    for c in 0..scenario.units().len() {
        let Some(caster) = info[c].caster.as_deref() else {
            continue;
        };
        let mut wanted = Vec::new();
        for k in &caster.known {
            for d in book.catalogue().spell(k.id).effects() {
                if let Effect::Summon {
                    creature, count, ..
                } = d.effect
                    && let Some(combatant) = book.creature(k.id, creature)
                {
                    let n = count.max_value(caster.level).max(0) as usize;
                    wanted.push((k.id, creature, combatant.clone(), n));
                }
            }
        }
        for (spell, creature, combatant, n) in wanted {
            for j in 0..n {
                if info.len() >= MAX_FIGHT_UNITS {
                    return;
                }
                let base = format!("{}-{}", info[c].id, slug(combatant.name()));
                let id = if n > 1 {
                    format!("{base}-{}", j + 1)
                } else {
                    base
                };
                let spec = UnitSpec {
                    id,
                    side: info[c].side,
                    combatant: combatant.clone(),
                    anchor: info[c].anchor,
                    spells: CasterSpells::default(),
                };
                let mut unit = UnitInfo::new(scenario, &spec);
                unit.summoner = Some(c);
                unit.summon = Some((spell, creature));
                info.push(unit);
            }
        }
    }
}

impl Fight<'_> {
    /// Brings up to `count` creatures of `plan`'s summon `effect` (its `creature`) for its
    /// `duration`; writes « summons sera-dire_rat at (0,1) » into `line`.
    pub(crate) fn summon<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        effect: &Effect,
        dice: &mut R,
        line: &mut String,
    ) {
        let Effect::Summon {
            creature,
            count,
            duration,
        } = *effect
        else {
            return;
        };
        let metamagic = plan.metamagic.numbers();
        let wanted = count.roll(plan.cl, dice, metamagic).max(0) as usize;
        let rounds = match duration.rounds_at(plan.cl, dice, metamagic) {
            RoundsOrForever::Forever => FOREVER,
            RoundsOrForever::Rounds(n) => n,
        };
        let effect = (self.spell(plan.spell).effects().iter())
            .position(|d| matches!(d.effect, Effect::Summon { creature: c, .. } if c == creature))
            .unwrap_or(0);
        let mut brought = 0;
        for r in 0..self.units.len() {
            if brought == wanted {
                break;
            }
            let mine = self.info[r].summoner == Some(u)
                && self.info[r].summon == Some((plan.spell, creature));
            if !mine || !self.units[r].absent || rounds == 0 {
                continue;
            }
            let Some(at) = self.summon_square(u, r, plan) else {
                break;
            };
            self.appear(r, at, u);
            let active = Active {
                spell: plan.spell,
                effect: effect as u8,
                on_save: false,
                caster: u as u8,
                cl: plan.cl.min(255) as u8,
                rounds,
                fresh: true,
                value: 0,
                dc: 0,
                added: false,
            };
            if self.magic.effects[r].put(active).is_ok() {
                self.magic.live += 1;
                self.refresh_effects(r);
            }
            if brought > 0 {
                say!(S, line, ", ");
            }
            say!(S, line, "summons {} at {at}", self.id(r));
            brought += 1;
        }
        if brought < wanted {
            say!(
                S,
                line,
                " ({} more: no free instance or square)",
                wanted - brought
            );
        }
    }

    /// The free square nearest `u` (ties: row-major) where summoned unit `r` fits, within
    /// the spell's range.
    fn summon_square(&self, u: usize, r: usize, plan: &CastPlan) -> Option<Pos> {
        let size = self.info[r].size;
        let reach = self.spell(plan.spell).range().feet_at(plan.cl).max(5);
        let square = self.map.square_size_ft().max(1);
        let rings = (reach / square).clamp(1, 64) as u16;
        let at = self.units[u].pos;
        let (us, side) = (self.info[u].size, self.info[u].size.footprint());
        for ring in 1..=u32::from(rings) {
            let lo_r = at.row.saturating_sub(rings + side);
            let lo_c = at.col.saturating_sub(rings + side);
            for row in lo_r..=at.row + rings + side {
                for col in lo_c..=at.col + rings + side {
                    let p = Pos::new(row, col);
                    if footprint_distance_squares(at, us, p, size) == ring
                        && self.free_for(r, p, size)
                    {
                        return Some(p);
                    }
                }
            }
        }
        None
    }

    /// Summoned unit `r` appears at `at`, fresh, on its summoner `u`'s initiative.
    fn appear(&mut self, r: usize, at: Pos, u: usize) {
        let info = &self.info[r];
        let tally = self.units[r].tally;
        let initiative = self.units[u].initiative;
        let state = &mut self.units[r];
        state.hp = info.hp_max;
        state.nonlethal = 0;
        state.pos = at;
        state.dead = false;
        state.absent = false;
        state.stable = false;
        state.charged = false;
        state.running = false;
        state.power_attack = false;
        state.conds = Default::default();
        for s in info.combatant.start_conditions() {
            state.conds.add(s.condition, s.rounds);
        }
        state.bleed = info.combatant.bleed();
        state.provoked = UnitIds::default();
        state.aoo_left = info.aoo_per_round;
        state.temp_hp = 0;
        state.ferocious = info.traits.specials.ferocity;
        state.regen_off_through = 0;
        state.afflictions = Default::default();
        state.petrified = false;
        state.powers = super::special::Powers::of(&info.traits.specials.areas);
        state.class = super::class::ClassState::new(&info.combatant, &info.traits.class);
        state.tally = tally;
        state.initiative = initiative;
        self.occupy(r, true);
    }

    /// A summoned creature's time is up: it leaves the battlefield, and the effects it carried
    /// end with it (quietly).
    pub(crate) fn vanish<S: Sink>(&mut self, r: usize, sink: &mut S) {
        if self.units[r].absent {
            return;
        }
        self.occupy(r, false);
        self.units[r].absent = true;
        self.units[r].dead = true;
        log!(S, sink, Some(self.round), Some(self.id(r)), "vanishes");
        while !self.magic.effects[r].is_empty() {
            self.end_effect(r, 0, &mut super::log::NoLog);
        }
    }

    /// Adds the hits, critical hits and damage dealt of summoned units to their summoners'
    /// rows of `tally`.
    pub(crate) fn credit_summons(&self, tally: &mut Tally) {
        for (r, info) in self.info.iter().enumerate() {
            if let Some(c) = info.summoner {
                let t = &self.units[r].tally;
                let row = &mut tally.units[c];
                row.hits += t.hits;
                row.crits += t.crits;
                row.damage_dealt += t.damage_dealt;
                row.healing_done += t.healing_done;
            }
        }
    }
}
