//! The default policy's spellcasting (the reference spec, « Incantation »: heal, attack or buff;
//! the rule — by expected value against the current target set): every spell the
//! caster can cast now, with each metamagic feat that changes its numbers, at every aim that
//! makes sense — itself, each creature on the battlefield, the corners of each enemy's square
//! for a burst from a point — is weighed by [`worth`] (hundredths of a hit point of the caster's side),
//! less what it costs, and the best is cast when it beats what the caster's weapons would do
//! this turn. The choice is a maximum over a fixed enumeration order (the caster's file order,
//! metamagic order, unit order), so ties never depend on luck.
//!
//! Costs and rules of thumb, each a number here:
//! - a slot costs [`SLOT_COST`] per spell level (cantrips are free): a slot spent on a trifle
//!   is a slot missing later;
//! - an area that harms a creature of the caster's side is never cast; an area that harms
//!   enemies is cast only when it catches at least two of them (single enemies get single
//!   target spells);
//! - a spell of one round's casting time counts two thirds (it lands a round late and a wound
//!   spoils it);
//! - a spell out of range is cast after an approach (a move action) when one move can bring
//!   its target within reach — never for a full-round spell, nor in a turn of one action;
//! - casting where an enemy threatens: a 5-foot step to a square no enemy threatens first
//!   when one exists (not for touch spells), else casting defensively when the concentration
//!   check succeeds at least half the time (the worth times its odds), else provoking (the
//!   worth halved: the attacks of opportunity may spoil it);
//! - nothing is cast while the caster holds a touch charge (the engine delivers it at the
//!   start of the turn; another casting would dissipate it), nor a spell whose worth is below
//!   the weapon alternative: a full attack on the nearest enemy when a weapon reaches it, a
//!   single blow after a charge or a step, else one hit point for closing in (the enemy is
//!   out of reach this turn either way: a caster readies itself while it comes).
//!
//! Simplified: Quicken, Extend and Heighten are never chosen; an area that harms no one
//! (bless) is taken to reach the creatures within its radius, line of effect not drawn; a point of origin is tried at the
//! four corners of each enemy's square, not at every intersection, and only where two active
//! enemies stand within the radius.

mod worth;

pub use worth::{HORIZON, Weigh, severity};

use crate::area::{Intersection, Shape};
use crate::board::Pos;
use crate::fight::{
    Action, CastTarget, Castable, Life, MetamagicKind, Metamagics, Plan, Provokes, UnitId, UnitIds,
    View,
};
use crate::rules::effect::{Effect, Recipient};
use crate::rules::flag;
use crate::spell::vocab::{AreaAffects, AreaOrigin, CastingTime, TargetKind};
use crate::spell::{Range, Spell};

/// What one spell level of slot costs, in hundredths of a hit point.
pub const SLOT_COST: i64 = 100;

/// The least a cast must be worth when the alternative is only closing in.
const MIN_WORTH: i64 = 100;

/// One weighed cast: its action, what it is worth net of its costs, and what comes first.
#[derive(Clone, Copy, Debug)]
struct Choice {
    action: Action,
    worth: i64,
    step: Option<Pos>,
    approach: Option<(UnitId, u16)>,
}

/// How a caster may move to cast.
#[derive(Clone, Copy, Debug)]
pub struct Latitude {
    /// A 5-foot step out of every enemy's reach before casting.
    pub may_step: bool,
    /// An approach (a move action) to bring the target within the spell's reach;
    /// `hold_and_shoot` and `kite` never walk toward an enemy.
    pub may_approach: bool,
}

impl Latitude {
    /// The default policy's: it steps and approaches.
    pub const FREE: Latitude = Latitude {
        may_step: true,
        may_approach: true,
    };
    /// Holding its ground: a 5-foot step at most.
    pub const HOLD: Latitude = Latitude {
        may_step: true,
        may_approach: false,
    };
}

/// The default casting turn of `me`: when a cast is worth more than its weapons now, pushes
/// it (after a step or an approach) into `plan` and returns true; else leaves `plan` alone.
pub fn cast_turn(view: &View<'_>, me: UnitId, plan: &mut Plan, latitude: Latitude) -> bool {
    if !view.is_caster(me) || view.held_charge(me).is_some() {
        return false;
    }
    let mut weigh = Weigh::new(view, me);
    let mut best = Best {
        bar: weapon_worth(view, me),
        choice: None,
    };
    for c in view.castable(me) {
        weigh_spell(&mut weigh, c, latitude, &mut best);
    }
    match best.choice {
        Some(choice) => {
            if let Some(to) = choice.step {
                plan.push(Action::FiveFootStepTo { to });
            }
            if let Some((target, within_ft)) = choice.approach {
                plan.push(Action::Approach { target, within_ft });
            }
            plan.push(choice.action);
            true
        }
        None => false,
    }
}

/// The best cast `me` can make from where it stands with no metamagic, of a standard action
/// or less, worth more than `bar` (« UM — Magus — Spell Combat »'s spell): its action and its
/// worth. No step and no approach: casting where an enemy threatens is on the defensive when
/// that pays, as in [`cast_turn`]. Simplified: a best choice with metamagic hides a plain one.
pub fn cast_in_place(view: &View<'_>, me: UnitId, bar: i64) -> Option<(Action, i64)> {
    if !view.is_caster(me) || view.held_charge(me).is_some() {
        return None;
    }
    let mut weigh = Weigh::new(view, me);
    let mut best = Best { bar, choice: None };
    let latitude = Latitude {
        may_step: false,
        may_approach: false,
    };
    for c in view.castable(me) {
        let time = view.spell(c.spell).casting_time();
        if !matches!(time, CastingTime::FullRound | CastingTime::OneRound) {
            weigh_spell(&mut weigh, c, latitude, &mut best);
        }
    }
    let choice = best.choice?;
    let plain = matches!(choice.action, Action::Cast { metamagic, .. } if metamagic.is_empty());
    (plain && choice.step.is_none() && choice.approach.is_none())
        .then_some((choice.action, choice.worth))
}

/// The best cast so far, and the worth a cast must exceed to take its place: at first what
/// the weapons would do (a cast below it is never chosen, so it is never weighed in full).
struct Best {
    bar: i64,
    choice: Option<Choice>,
}

impl Best {
    fn beaten_by(&self, worth: i64) -> bool {
        worth > self.bar
    }

    fn keep(&mut self, choice: Choice) {
        if self.beaten_by(choice.worth) {
            self.bar = choice.worth;
            self.choice = Some(choice);
        }
    }
}

/// The metamagic choices tried for `spell`: none, then Maximize and Empower alone when the
/// caster has them and the spell deals or heals damage (the others never change this turn's
/// numbers).
fn metamagic_options(
    view: &View<'_>,
    me: UnitId,
    spell: &Spell,
) -> impl Iterator<Item = Metamagics> {
    let feats = view.metamagic_feats(me);
    let numeric = spell
        .effects()
        .iter()
        .any(|d| matches!(d.effect, Effect::Damage { .. } | Effect::Heal { .. }));
    [
        None,
        Some(MetamagicKind::Maximize),
        Some(MetamagicKind::Empower),
    ]
    .into_iter()
    .filter_map(move |k| match k {
        None => Some(Metamagics::NONE),
        Some(k) if numeric && feats.has(k) => Some(Metamagics::NONE.with(k)),
        Some(_) => None,
    })
}

/// A turn limited to one action (staggered, disabled, the surprise round).
fn limited(view: &View<'_>, me: UnitId) -> bool {
    view.round() == 0
        || view.life(me) == Life::Staggered
        || view.conditions(me).any(flag::SINGLE_ACTION)
}

/// Weighs every aim of one castable spell with each metamagic choice, keeping the best in
/// `best`. Who an aim affects is found once per aim (a Hit Dice pool excepted, which
/// Maximize and Empower change).
fn weigh_spell(weigh: &mut Weigh<'_, '_>, c: Castable, latitude: Latitude, best: &mut Best) {
    let view = weigh.view;
    let me = weigh.me;
    let spell = view.spell(c.spell);
    let time = spell.casting_time();
    let one_action = limited(view, me);
    let long = matches!(
        time,
        CastingTime::FullRound | CastingTime::OneRound | CastingTime::Long
    );
    if spell.has_no_effect() || time == CastingTime::Long || (one_action && long) {
        return;
    }
    // A spell whose lasting effect the caster itself bears (a spiritual weapon) is not cast
    // again while it lasts.
    if borne_by_caster(spell) && view.has_effect_of(me, c.spell) {
        return;
    }
    let mut options = [Metamagics::NONE; 3];
    let mut n = 0;
    for feats in metamagic_options(view, me, spell) {
        options[n] = feats;
        n += 1;
    }
    let pooled = spell.area().is_some_and(|a| a.hd_pool.is_some());
    let kindly = spell.area().is_some() && !harms_anyone(view, spell);
    // The smallest slot any choice takes: with every enemy the area could catch, a bound on
    // an aim's worth.
    let cheapest = SLOT_COST * i64::from(c.slot.unwrap_or(0));
    each_aim(view, me, spell, |target| {
        if !may_catch_two(view, me, spell, target) {
            return;
        }
        if let Some(optimistic) = within_radius(view, me, spell, target) {
            let optimistic = fresh(view, c, optimistic);
            let bound = (options[..n].iter())
                .filter_map(|&feats| weigh.cast(c.spell, feats, optimistic))
                .max();
            if bound.is_none_or(|w| !best.beaten_by(w - cheapest)) {
                return;
            }
        }
        let plain = view.cast_action(c.spell, target, Metamagics::NONE, false);
        let (recipients, far) = match recipients(view, me, plain, kindly) {
            Ok(recipients) => (recipients, None),
            Err("out_of_range") if latitude.may_approach && !long && !one_action => {
                match (target, spell.area()) {
                    (CastTarget::Unit(t), None) => (single(t), Some(t)),
                    _ => return,
                }
            }
            Err(_) => return,
        };
        for &feats in &options[..n] {
            let action = view.cast_action(c.spell, target, feats, false);
            let recipients = match (feats.is_empty(), far) {
                (true, _) => recipients,
                // Metamagic on a spell out of range: not planned (a plain cast is).
                (false, Some(_)) => continue,
                (false, None) if pooled => match view.cast_recipients(me, action) {
                    Ok(r) => r,
                    Err(_) => continue,
                },
                (false, None) => match view.check_cast(me, action) {
                    Ok(()) => recipients,
                    Err(_) => continue,
                },
            };
            let slot_level = c.slot.map_or(0, |s| s + feats.levels());
            let candidate = Candidate {
                action,
                recipients,
                far,
                slot_level,
            };
            weigh_candidate(weigh, c, spell, candidate, latitude, best);
        }
    });
}

/// `spell` harms some creature on the battlefield (its nearest enemy or a friend standing
/// for all of each kind): an area that harms no one is weighed by distance alone.
fn harms_anyone(view: &View<'_>, spell: &Spell) -> bool {
    view.units().filter(|&u| view.present(u)).any(|u| {
        (spell.effects().iter())
            .any(|d| d.to == Recipient::Target && view.effect_harms(&d.effect, u))
    })
}

/// Who `me`'s cast `action` affects: the engine's answer ([`View::cast_recipients`]) — or,
/// for an area that harms no one (`kindly`: bless, a mass cure on the living), the creatures
/// the area takes within its radius of its origin, line of effect not drawn (drawing a 50-ft
/// burst square by square every turn costs more than a buff's few points are worth to know
/// exactly).
fn recipients(
    view: &View<'_>,
    me: UnitId,
    action: Action,
    kindly: bool,
) -> Result<UnitIds, &'static str> {
    let Action::Cast { spell, target, .. } = action else {
        return Err("unknown_spell");
    };
    let area = view.spell(spell).area();
    let Some(area) = area.filter(|a| kindly && a.hd_pool.is_none()) else {
        return view.cast_recipients(me, action);
    };
    view.check_cast(me, action)?;
    let within = |u: UnitId| match target {
        CastTarget::Point(p) => view.distance_to_point_ft(u, p) <= area.size_ft,
        CastTarget::Unit(t) => view.distance_ft(t, u) <= area.size_ft,
        CastTarget::Caster => view.distance_ft(me, u) <= area.size_ft,
    };
    let mut set = UnitIds::default();
    for u in view.units() {
        if (u == me || within(u)) && view.area_accepts(me, spell, u) {
            set.insert(u.index());
        }
    }
    Ok(set)
}

/// One cast to weigh: its action, who it affects, the creature to approach first when it is
/// out of range, and the slot level it takes.
#[derive(Clone, Copy)]
struct Candidate {
    action: Action,
    recipients: UnitIds,
    far: Option<UnitId>,
    slot_level: u8,
}

/// Weighs one candidate and keeps it in `best` when it is worth more.
fn weigh_candidate(
    weigh: &mut Weigh<'_, '_>,
    c: Castable,
    spell: &Spell,
    candidate: Candidate,
    latitude: Latitude,
    best: &mut Best,
) {
    let view = weigh.view;
    let me = weigh.me;
    let Candidate {
        action,
        recipients,
        far,
        slot_level,
    } = candidate;
    if recipients.is_empty() || !enough_caught(view, me, spell, recipients) {
        return;
    }
    let Action::Cast { metamagic, .. } = action else {
        return;
    };
    let Some(gross) = weigh.cast(c.spell, metamagic, fresh(view, c, recipients)) else {
        return;
    };
    let mut worth = gross - SLOT_COST * i64::from(slot_level);
    if spell.casting_time() == CastingTime::OneRound {
        worth = worth * 2 / 3;
    }
    if !best.beaten_by(worth) {
        return;
    }
    // Only a cast that would be the best is worth planning the walk for.
    let approach = match far {
        Some(t) => match approachable(view, me, spell, t) {
            Some(a) => Some(a),
            None => return,
        },
        None => None,
    };
    let mut choice = Choice {
        action,
        worth,
        step: None,
        approach,
    };
    guard(view, me, spell, slot_level, latitude, &mut choice);
    best.keep(choice);
}

/// A cheap bound before the area's squares are drawn: a burst that harms enemies is tried
/// only where at least two active enemies stand within its radius of the aim (from a point:
/// the nearest corner of their squares; centred on a creature: the distance between their
/// footprints). Cones, lines and areas that only help always pass.
fn may_catch_two(view: &View<'_>, me: UnitId, spell: &Spell, target: CastTarget) -> bool {
    let Some(area) = spell.area() else {
        return true;
    };
    if directed(area.shape) || area.affects == AreaAffects::Allies {
        return true;
    }
    let within = |e: UnitId| match target {
        CastTarget::Point(p) => view.distance_to_point_ft(e, p) <= area.size_ft,
        CastTarget::Unit(t) => e == t || view.distance_ft(t, e) <= area.size_ft,
        CastTarget::Caster => view.distance_ft(me, e) <= area.size_ft,
    };
    let foes = (view.units())
        .filter(|&e| view.present(e) && view.enemies(me, e) && view.active(e) && within(e))
        .count();
    foes >= 2 || !harms_foes(view, me, spell)
}

/// For a burst from a point: the active enemies within its radius (and one square more) of
/// the point — every enemy its squares could catch, and no friend: what it could be worth at
/// best. `None` for any other aim.
fn within_radius(
    view: &View<'_>,
    me: UnitId,
    spell: &Spell,
    target: CastTarget,
) -> Option<UnitIds> {
    let (Some(area), CastTarget::Point(p)) = (spell.area(), target) else {
        return None;
    };
    let mut set = UnitIds::default();
    for e in view.units() {
        let near = view.distance_to_point_ft(e, p) <= area.size_ft + 5;
        if near && view.present(e) && view.enemies(me, e) && view.active(e) {
            set.insert(e.index());
        }
    }
    Some(set)
}

/// Some effect of `spell` would harm an enemy of `me` (its nearest active one standing for
/// them all).
fn harms_foes(view: &View<'_>, me: UnitId, spell: &Spell) -> bool {
    let Some(e) = view.nearest_enemy(me) else {
        return false;
    };
    spell
        .effects()
        .iter()
        .any(|d| d.to == Recipient::Target && view.effect_harms(&d.effect, e))
}

/// The recipients that do not already carry an effect of this very spell (a second mirror
/// image or bless refreshes nothing).
fn fresh(view: &View<'_>, c: Castable, recipients: UnitIds) -> UnitIds {
    let mut kept = UnitIds::default();
    for r in recipients.iter() {
        if !view.has_effect_of(r, c.spell) {
            kept.insert(r.index());
        }
    }
    kept
}

/// `spell` has a lasting effect on its caster (a spell weapon, a `caster` recipient).
fn borne_by_caster(spell: &Spell) -> bool {
    spell.effects().iter().any(|d| {
        d.effect.duration().lasts()
            && (d.to == Recipient::Caster || matches!(d.effect, Effect::SpellWeapon { .. }))
    })
}

fn single(u: UnitId) -> UnitIds {
    let mut set = UnitIds::default();
    set.insert(u.index());
    set
}

/// An area that harms enemies must catch at least two active ones.
fn enough_caught(view: &View<'_>, me: UnitId, spell: &Spell, recipients: UnitIds) -> bool {
    if spell.area().is_none() {
        return true;
    }
    let foes = recipients
        .iter()
        .filter(|&r| view.enemies(me, r) && view.active(r))
        .count();
    let harmful = foes > 0
        && spell.effects().iter().any(|d| {
            recipients
                .iter()
                .any(|r| view.enemies(me, r) && view.effect_harms(&d.effect, r))
        });
    !harmful || foes >= 2
}

/// `t` with the spell's reach when one move brings `me` within it.
fn approachable(view: &View<'_>, me: UnitId, spell: &Spell, t: UnitId) -> Option<(UnitId, u16)> {
    if view.conditions(me).any(flag::CANT_MOVE) {
        return None;
    }
    let reach = view.spell_reach_ft(me, spell).min(u32::from(u16::MAX));
    view.approach_reaches(me, t, reach)
        .then_some((t, reach as u16))
}

/// Casting where an enemy threatens (see the module): a safe 5-foot step first, else casting
/// defensively when the check is likely, else provoking at half the worth.
fn guard(
    view: &View<'_>,
    me: UnitId,
    spell: &Spell,
    slot_level: u8,
    latitude: Latitude,
    choice: &mut Choice,
) {
    if choice.action.cost().provokes == Provokes::No {
        return;
    }
    let touch = spell.range().is_touch();
    let foe_touch = touch && matches!(choice.approach, Some((t, _)) if view.enemies(me, t));
    if !foe_touch && !view.threatened_at(me, view.position(me)) {
        return;
    }
    if latitude.may_step && !touch && choice.approach.is_none() {
        if let Some(to) = view
            .five_foot_steps(me)
            .find(|&to| !view.threatened_at(me, to))
        {
            choice.step = Some(to);
            return;
        }
    }
    let odds = i64::from(view.defensive_casting_percent(me, slot_level));
    if odds >= 50 {
        if let Action::Cast {
            spell,
            target,
            metamagic,
            ..
        } = choice.action
        {
            choice.action = view.cast_action(spell, target, metamagic, true);
        }
        choice.worth = choice.worth * odds / 100;
    } else {
        choice.worth /= 2;
    }
}

/// What `me`'s weapons would do this turn (see the module).
pub fn weapon_worth(view: &View<'_>, me: UnitId) -> i64 {
    let Some(t) = view.nearest_enemy(me) else {
        return MIN_WORTH;
    };
    if view.weapon_for(me, t).is_some() {
        return view.round_damage_x100(me, t).max(MIN_WORTH);
    }
    if view.can_charge(me, t) || view.step_to_attack(me, t).is_some() {
        return view.best_swing_x100(me, t).max(MIN_WORTH);
    }
    MIN_WORTH
}

/// Calls `f` with each aim tried for `spell` (see the module), in a fixed order: the caster
/// for a personal spell, an area centred on it or a spell with no target; the four corners of
/// each active enemy's square (shared corners once) for a burst from a point; active enemies
/// for cones and lines; for a targeted spell, each active enemy it harms and each friend it
/// does not; every creature for an area centred on one.
fn each_aim(view: &View<'_>, me: UnitId, spell: &Spell, mut f: impl FnMut(CastTarget)) {
    let personal = spell.range() == Range::Personal
        || spell
            .target()
            .is_some_and(|t| t.kind == TargetKind::OnlySelf);
    let area = spell.area();
    let on_caster = personal
        || area.is_some_and(|a| a.origin == AreaOrigin::Caster && !directed(a.shape))
        || (area.is_none() && spell.target().is_none());
    if on_caster {
        f(CastTarget::Caster);
        return;
    }
    let from_point = area.is_some_and(|a| a.origin == AreaOrigin::Point && !directed(a.shape));
    let only_foes = area.is_some_and(|a| directed(a.shape));
    let foe = |u: UnitId| view.enemies(me, u) && view.active(u);
    if !from_point {
        let targeted = area.is_none();
        for u in view.units().filter(|&u| view.present(u)) {
            let aimed = if targeted {
                worth_aiming(view, me, spell, u)
            } else {
                !only_foes || foe(u)
            };
            if aimed {
                f(CastTarget::Unit(u));
            }
        }
    }
    if from_point {
        // Corners shared by neighbours are tried once (the first seen), up to a bound.
        let mut tried = [Intersection::new(u16::MAX, u16::MAX); 64];
        let mut n = 0;
        for u in view.units().filter(|&u| view.present(u) && foe(u)) {
            for p in corners_of(view.position(u)) {
                if tried[..n].contains(&p) {
                    continue;
                }
                if n < tried.len() {
                    tried[n] = p;
                    n += 1;
                }
                f(CastTarget::Point(p));
            }
        }
    }
}

/// A targeted spell is aimed at an active enemy it harms, or at a friend it does not harm
/// (anything else is worth nothing or refused by the weighing).
fn worth_aiming(view: &View<'_>, me: UnitId, spell: &Spell, u: UnitId) -> bool {
    let harms = (spell.effects().iter())
        .any(|d| d.to == Recipient::Target && view.effect_harms(&d.effect, u));
    if view.enemies(me, u) {
        view.active(u) && (harms || targets_foes_only(spell))
    } else {
        !harms
    }
}

/// A spell whose worth lies in an effect borne elsewhere but aimed at an enemy (a spiritual
/// weapon strikes the enemy it is aimed at).
fn targets_foes_only(spell: &Spell) -> bool {
    spell
        .effects()
        .iter()
        .any(|d| matches!(d.effect, Effect::SpellWeapon { .. }))
}

/// Cones and lines start at the caster and need a direction.
fn directed(shape: Shape) -> bool {
    matches!(shape, Shape::Cone | Shape::Line)
}

/// The four grid intersections at the corners of square `p`.
fn corners_of(p: Pos) -> [Intersection; 4] {
    [
        Intersection::new(p.row, p.col),
        Intersection::new(p.row, p.col + 1),
        Intersection::new(p.row + 1, p.col),
        Intersection::new(p.row + 1, p.col + 1),
    ]
}
