//! A spell comes into effect (« CRB — Magic — Casting Spells », « Aiming a Spell »): who it
//! affects and in what order, one line per cast and per affected creature. A targeted spell
//! affects its target — and, when its `count` says more than one creature, the nearest other
//! creatures its filter accepts in range and line of effect, on the same side as the first
//! target (simplified: the engine picks them) —; each projectile is delivered on its own
//! (its own attack roll, its own damage) and all go to the chosen target; spell resistance is
//! checked once per target. An area catches every present creature any square of whose
//! footprint it covers, with its `affects` (everyone — friends too —, the caster's side, its
//! enemies) and filter, and an `hd_pool` takes the lowest Hit Dice first (ties: unit order),
//! skipping those beyond what is left; its amounts are rolled once for every creature.
//! What each creature then gets is `affect`'s; a teleport moves the caster; a spell with no
//! target brings its summons or applies its effects to the caster.

use crate::area::{Aim, Origin, covered};
use crate::board::Pos;
use crate::rng::Roller;
use crate::rules::effect::{Effect, Recipient};
use crate::spell::vocab::{AreaAffects, SpellAttack};
use crate::spell::{Area, Spell};

use super::super::effects::Dose;
use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::super::unit::UnitIds;
use super::affect::{Landing, Share};
use super::caster::Held;
use super::caster::{Aimed, CastPlan};
use super::text::{AmountRoll, Types, say};

impl<'s> Fight<'s> {
    /// `u`'s cast of `plan` comes into effect; `verb` opens its line (« casts », « finishes
    /// casting »).
    pub(crate) fn resolve_cast<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        verb: &str,
        dice: &mut R,
        sink: &mut S,
    ) {
        self.magic.rolled.clear();
        self.magic.intense_at = usize::MAX;
        self.magic.intense = self.info[u].caster.as_ref().map_or(0, |c| c.intense);
        if self.spell(plan.spell).has_no_effect() {
            let mut line = self.cast_head::<S>(u, plan, verb);
            if let Aimed::Unit(t) = plan.aimed
                && t != u
            {
                say!(S, line, " on {}", self.id(t));
            }
            say!(S, line, " (no combat effect modelled)");
            log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
            return;
        }
        match plan.aimed {
            Aimed::Area { origin, aim } => self.cast_area(u, plan, (origin, aim), verb, dice, sink),
            Aimed::Unit(t) => self.cast_on(u, plan, t, verb, dice, sink),
            Aimed::Square(to) => self.cast_teleport(u, plan, to, verb, sink),
            Aimed::Nothing => self.cast_untargeted(u, plan, verb, dice, sink),
        }
    }

    /// « casts fireball (sorcerer_wizard 3, slot 3, maximized) ».
    pub(crate) fn cast_head<S: Sink>(&self, u: usize, plan: &CastPlan, verb: &str) -> String {
        let mut head = String::new();
        if !S::ON {
            return head;
        }
        let spell = self.spell(plan.spell);
        let caster = self.info[u].caster.as_deref();
        let base = caster.map_or(0, |c| c.known[plan.known].level);
        let list = match caster {
            Some(_) if plan.choice.sla.is_some() => "spell-like",
            Some(c) => crate::vocab::Vocabulary::name(c.list),
            None => "",
        };
        say!(
            S,
            head,
            "{verb} {} ({list} {base}",
            spell.name().to_lowercase()
        );
        if let Some(slot) = plan.choice.slot {
            say!(S, head, ", slot {slot}");
        }
        for m in plan.metamagic.iter() {
            say!(S, head, ", {}", m.adjective());
        }
        say!(S, head, ")");
        head
    }

    /// A targeted spell: its target and, with a `count` above one, more.
    fn cast_on<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        t: usize,
        verb: &str,
        dice: &mut R,
        sink: &mut S,
    ) {
        let spell = self.spell(plan.spell);
        self.gather_targets(u, plan, spell, t, dice);
        let mut line = self.cast_head::<S>(u, plan, verb);
        if t != u {
            say!(S, line, " on {}", self.id(t));
        }
        let n = self.magic.caught.len();
        if n > 1 {
            say!(S, line, " and {} more", n - 1);
            log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
        }
        for k in 0..n {
            let target = self.magic.caught[k];
            if n > 1 {
                line.clear();
                say!(S, line, "{}: ", self.id(target));
            } else {
                say!(S, line, ": ");
            }
            self.deliver::<R, S>(u, plan, target, dice, &mut line);
            log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
        }
    }

    /// The creatures a targeted spell affects, into the scratch: `t`, then, up to the spell's
    /// count, the nearest others on `t`'s side (relative to `u`) that its filter accepts in
    /// range and line of effect (ties: unit order).
    fn gather_targets<R: Roller>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        spell: &Spell,
        t: usize,
        dice: &mut R,
    ) {
        self.magic.caught.clear();
        self.magic.caught.push(t);
        let Some(target) = spell.target() else {
            return;
        };
        let count = target.count.roll(plan.cl, dice, Default::default()).max(1) as usize;
        if count == 1 {
            return;
        }
        for o in 0..self.units.len() {
            if self.extra_target_ok(u, spell, plan.cl, t, o) {
                self.magic.caught.push(o);
            }
        }
        let mut caught = std::mem::take(&mut self.magic.caught);
        caught[1..].sort_by_key(|&o| (self.distance_ft(t, o), o));
        caught.truncate(count);
        self.magic.caught = caught;
    }

    /// `o` may be one of the more creatures of `u`'s targeted `spell` first aimed at `t`: not
    /// `t`, on `t`'s side (relative to `u`), accepted by the spell's filter in range and line
    /// of effect.
    fn extra_target_ok(&self, u: usize, spell: &Spell, cl: u32, t: usize, o: usize) -> bool {
        let Some(target) = spell.target() else {
            return false;
        };
        o != t
            && self.enemies(u, o) == self.enemies(u, t)
            && (self.creature_in_reach(u, o, spell.range(), cl, &target.filter)).is_ok()
    }

    /// Adds to `out` the `count − 1` more creatures of `u`'s targeted `spell` first aimed at
    /// `t`, as the cast picks them: the nearest to `t` of those [`Self::extra_target_ok`]
    /// accepts (ties: unit order). For the policies' view, which may not roll the count.
    pub(crate) fn extra_targets(
        &self,
        u: usize,
        spell: &Spell,
        cl: u32,
        t: usize,
        count: usize,
        out: &mut UnitIds,
    ) {
        for _ in 1..count {
            let next = (0..self.units.len())
                .filter(|&o| !out.contains(o) && self.extra_target_ok(u, spell, cl, t, o))
                .min_by_key(|&o| (self.distance_ft(t, o), o));
            match next {
                Some(o) => out.insert(o),
                None => return,
            }
        }
    }

    /// Delivers `plan` to `t`: per projectile, its attack roll if any, then what `t` gets.
    /// A melee touch that misses keeps the charge (« CRB — Holding the Charge »).
    pub(crate) fn deliver<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        t: usize,
        dice: &mut R,
        line: &mut String,
    ) {
        let spell = self.spell(plan.spell);
        let projectiles = spell
            .projectiles()
            .roll(plan.cl, dice, Default::default())
            .max(1);
        let willing = self.willing(u, t, spell);
        let attack = spell.attack().filter(|_| !willing);
        let mut landing = Landing::new(None, true, willing);
        for k in 0..projectiles {
            if projectiles > 1 {
                if k > 0 {
                    say!(S, line, "; ");
                }
                say!(S, line, "#{} ", k + 1);
            }
            if k > 0 && !self.units[t].active() {
                say!(S, line, "lost (target down)");
                break;
            }
            let mut crit = false;
            if let Some(kind) = attack {
                let melee = kind == SpellAttack::MeleeTouch;
                let hit = self.spell_attack::<R, S>(u, t, spell, dice, line);
                if !hit.hit {
                    if melee && projectiles == 1 {
                        self.magic.casters[u].held = Some(Held {
                            plan: *plan,
                            target: t,
                        });
                        say!(S, line, " (holds the charge)");
                    }
                    continue;
                }
                self.units[u].tally.hits += 1;
                self.units[u].tally.crits += u64::from(hit.crit);
                crit = hit.crit;
                say!(S, line, ": ");
            }
            if landing.share.is_none() {
                let share = self.checks::<R, S>(u, t, plan, &landing, dice, line);
                landing.share = Some(share);
            }
            if landing.share == Some(Share::NOTHING) {
                break;
            }
            let rolled = self.roll_effects(plan, dice);
            landing.rolled = rolled;
            landing.crit = crit;
            self.land::<R, S>(u, t, plan, &mut landing, dice, line);
        }
    }

    /// An area: the squares, the creatures caught, one roll, then each creature.
    fn cast_area<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        (origin, aim): (Origin, Option<Aim>),
        verb: &str,
        dice: &mut R,
        sink: &mut S,
    ) {
        let spell = self.spell(plan.spell);
        let area = spell.area().expect("an area spell has an area");
        let template = area.template(self.map.square_size_ft());
        let source = {
            let mut squares = self.magic.area.borrow_mut();
            covered(self.map, template, origin, aim, &mut squares);
            squares.origin()
        };
        self.gather_area(u, plan, area, dice);
        let rolled = self.roll_effects(plan, dice);
        let mut line = self.cast_head::<S>(u, plan, verb);
        if S::ON {
            match (origin, aim) {
                (Origin::Point(p), _) => say!(S, line, " at ({},{})", p.row, p.col),
                (_, Some(Aim::Square(at))) => say!(S, line, " toward {at}"),
                (_, Some(Aim::Point(p))) => say!(S, line, " toward ({},{})", p.row, p.col),
                (Origin::Creature { anchor, .. }, None) if anchor != self.units[u].pos => {
                    say!(S, line, " centred on {anchor}")
                }
                _ => {}
            }
            self.say_amounts::<S>(plan, spell, &mut line);
            if self.magic.caught.is_empty() {
                say!(S, line, " (no creature caught)");
            }
        }
        log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
        for k in 0..self.magic.caught.len() {
            let t = self.magic.caught[k];
            line.clear();
            say!(S, line, "{} ", self.id(t));
            let willing = self.willing(u, t, spell);
            let mut landing = Landing::new(source, false, willing);
            landing.rolled = rolled;
            let share = self.checks::<R, S>(u, t, plan, &landing, dice, &mut line);
            landing.share = Some(share);
            if share != Share::NOTHING {
                self.land::<R, S>(u, t, plan, &mut landing, dice, &mut line);
            }
            log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
        }
    }

    /// « : 6d6=21 fire » — the rolled damage and healing of an area, shared by all.
    fn say_amounts<S: Sink>(&self, plan: &CastPlan, spell: &Spell, line: &mut String) {
        let mut first = true;
        for (i, d) in spell.effects().iter().enumerate() {
            let total = self.magic.rolled[i];
            let (amount, what) = match &d.effect {
                Effect::Damage { amount, types } => (amount, Types(*types).to_string()),
                Effect::Heal { amount, energy } => (amount, format!("{energy} energy")),
                _ => continue,
            };
            let roll = AmountRoll {
                amount: *amount,
                cl: plan.cl,
                total,
                metamagic: plan.metamagic.numbers(),
                intense: self.intense_shown(i),
            };
            let sep = if first { ": " } else { ", " };
            first = false;
            say!(S, line, "{sep}{roll} {what}");
        }
    }

    /// The creatures `area` catches, into the scratch, in unit order (by Hit Dice first when
    /// it has a pool of them).
    fn gather_area<R: Roller>(&mut self, u: usize, plan: &CastPlan, area: &Area, dice: &mut R) {
        self.magic.caught.clear();
        let squares = self.magic.area.borrow();
        for t in 0..self.units.len() {
            if !self.present(t) || !squares.caught(self.units[t].pos, self.info[t].size) {
                continue;
            }
            if self.area_takes(u, t, area) {
                self.magic.caught.push(t);
            }
        }
        drop(squares);
        if let Some(pool) = area.hd_pool {
            let mut left = pool.roll(plan.cl, dice, plan.metamagic.numbers()).max(0) as u32;
            let mut caught = std::mem::take(&mut self.magic.caught);
            caught.sort_by_key(|&t| (self.combatant(t).level(), t));
            caught.retain(|&t| {
                let hd = self.combatant(t).level();
                let fits = hd <= left;
                if fits {
                    left -= hd;
                }
                fits
            });
            self.magic.caught = caught;
        }
    }

    /// `u`'s `area` takes creature `t` once caught: its side is one the area `affects` and
    /// the area's filter accepts it.
    pub(crate) fn area_takes(&self, u: usize, t: usize, area: &Area) -> bool {
        let side = match area.affects {
            AreaAffects::All => true,
            AreaAffects::Allies => !self.enemies(u, t),
            AreaAffects::Enemies => self.enemies(u, t),
        };
        side && area.filter.accepts(&self.facts(u, t))
    }

    /// The members of `caught` a pool of `pool` Hit Dice takes, lowest Hit Dice first (ties:
    /// unit order), skipping those beyond what is left — as [`Self::gather_area`] does with a
    /// rolled pool. For the policies' view.
    pub(crate) fn within_hd_pool(&self, caught: UnitIds, pool: u32) -> UnitIds {
        let mut left = pool;
        let mut taken = UnitIds::default();
        let mut seen = UnitIds::default();
        while let Some(t) = (caught.iter().map(|t| t.index()))
            .filter(|&t| !seen.contains(t))
            .min_by_key(|&t| (self.combatant(t).level(), t))
        {
            seen.insert(t);
            let hd = self.combatant(t).level();
            if hd <= left {
                left -= hd;
                taken.insert(t);
            }
        }
        taken
    }

    /// « CRB — Dimension Door »: the caster moves.
    fn cast_teleport<S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        to: Pos,
        verb: &str,
        sink: &mut S,
    ) {
        let from = self.units[u].pos;
        self.relocate(u, to);
        let mut line = self.cast_head::<S>(u, plan, verb);
        say!(S, line, ": teleports {from}->{to}");
        log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
    }

    /// A spell with no target: its summons, and its other effects on the caster.
    fn cast_untargeted<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        plan: &CastPlan,
        verb: &str,
        dice: &mut R,
        sink: &mut S,
    ) {
        let spell = self.spell(plan.spell);
        let mut line = self.cast_head::<S>(u, plan, verb);
        let rolled = self.roll_effects(plan, dice);
        let mut first = true;
        for (i, d) in spell.effects().iter().enumerate() {
            say!(S, line, "{}", if first { ": " } else { ", " });
            first = false;
            match d.effect {
                Effect::Summon { .. } => self.summon::<R, S>(u, plan, &d.effect, dice, &mut line),
                _ => {
                    let to = match d.to {
                        Recipient::Caster | Recipient::Target => u,
                    };
                    let dose = Dose {
                        on_save: false,
                        index: i,
                        value: rolled.effects.map_or(0, |b| self.magic.rolled[b + i]),
                        dealt: 0,
                        show: None,
                    };
                    self.apply_effect::<R, S>(u, to, plan, dose, dice, &mut line);
                }
            }
        }
        log!(S, sink, Some(self.round), Some(self.id(u)), "{line}");
    }
}
