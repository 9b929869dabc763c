//! The mutable state of one fight: hit points, nonlethal damage, positions, life state and the
//! per-round trackers, plus the square occupancy grid — one layer for Small-or-larger creatures
//! and one per Tiny-or-smaller size, so a square holds at most one creature of each layer
//! (the reference spec, « Tailles et occupation multi-cases »; CRB « Big and Little Creatures in
//! Combat »: « more than one such creature can fit into a single square »). Allocated once
//! per batch and reset for each fight, so the hot loop never allocates. The life rules
//! (« CRB — Injury and Death »; the reference spec, « Mourir et stabilisation », « Invalide »,
//! « Dégâts non-létaux », « Mort simplifiée des monstres ») are the transitions in
//! [`Fight::apply_damage`] and [`UnitState::life`] (temporary hit points go first). Summoned
//! creatures are units too, `absent` (and `dead`) until summoned; spellcasting state lives
//! beside the units in [`Magic`]. Owns the state; never decides what happens to it.

use std::sync::atomic::AtomicBool;

use crate::board::{Board, Pos};
use crate::map::Map;
use crate::scenario::Scenario;
use crate::size::Size;
use crate::tally::UnitTally;

use super::action::maneuver::link::Grip;
use super::action::tactical::Tactical;
use super::arms::{Arms, Ground};
use super::class::ClassState;
use super::effects::Wards;
use super::magic::Magic;
use super::special::{Afflictions, Powers, UmrState};
use super::unit::{UnitIds, UnitInfo};
use crate::model::Combatant;
use crate::rules::ConditionSet;

/// Entries [`Fight::cover_memo`] holds before it first grows, when a unit covers more than
/// one square (about 150 KB).
const COVER_MEMO_ROOM: usize = 8192;

/// The conditions a combatant file starts the fight with.
fn start_conditions(c: &Combatant) -> ConditionSet {
    let mut set = ConditionSet::default();
    for s in c.start_conditions() {
        set.add(s.condition, s.rounds);
    }
    set
}

/// Where a combatant stands on the life track.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Life {
    /// hp > 0 and nonlethal below hp: acts normally.
    Up,
    /// Staggered: hp exactly 0 (disabled — a standard action then costs 1 hp) or nonlethal
    /// equal to hp. One move or standard action a turn.
    Staggered,
    /// Out of the fight but alive: dying, stable, or unconscious from nonlethal damage.
    Down,
    Dead,
}

/// One combatant's state in a fight.
#[derive(Clone, Debug)]
pub struct UnitState {
    pub hp: i32,
    pub nonlethal: i32,
    pub pos: Pos,
    pub dead: bool,
    /// Stabilized while dying: no more hit point loss until wounded again.
    pub stable: bool,
    /// Was put out of action at least once this fight.
    pub downed: bool,
    pub initiative: i32,
    /// Attacks of opportunity left this round.
    pub aoo_left: u8,
    /// −2 AC from a charge, until the start of its next turn.
    pub charged: bool,
    /// Ran this turn: loses its Dex bonus to AC until its next turn (« CRB — Run »), unless
    /// it has the Run feat.
    pub running: bool,
    /// Power Attack / Deadly Aim toggled on (a free action; stays until toggled off).
    pub power_attack: bool,
    /// Conditions and their remaining rounds.
    pub conds: ConditionSet,
    /// Hit points lost at the start of each turn while `bleeding`.
    pub bleed: u32,
    /// Opponents that already took an attack of opportunity for this unit leaving a threatened
    /// square this round (« CRB — AoO: moving out of more than one threatened square… »).
    pub provoked: UnitIds,
    pub tally: UnitTally,
    /// Kinds of spell effects it carries (`effects::Wards`): empty for most units.
    pub wards: Wards,
    /// Temporary hit points, lost before its hit points (« CRB — Temporary Hit Points »).
    pub temp_hp: i32,
    /// Not on the battlefield: a summoned creature not (or no longer) summoned. It is also
    /// `dead`, so it never acts, threatens or counts for its side, and holds no square.
    pub absent: bool,
    /// Its weapons and carried items as the fight left them (`arms`).
    pub arms: Arms,
    /// Its place in a grapple (`action::maneuver`).
    pub grip: Grip,
    /// « Bestiary — Ferocity »: conscious and staggered below 0 hit points (`special`).
    pub ferocious: bool,
    /// The last round its regeneration does not work after damage of a bypass type (0: it
    /// works; `special`).
    pub regen_off_through: u32,
    /// « Bestiary — Poison »: the poison at work and the ability damage taken (`special`).
    pub afflictions: Afflictions,
    /// Rend, rock catching and hydra heads this fight (`special::umr`).
    pub umr: UmrState,
    /// « Bestiary — Gaze », « Breath Weapon »: turned to stone — out of the fight, alive
    /// (`special`).
    pub petrified: bool,
    /// Channel uses, breath recharge, fears faced, eyes averted (`special::values`).
    pub powers: Powers,
    /// Class abilities' rounds and uses left, a rage under way (`class`).
    pub class: ClassState,
}

impl UnitState {
    /// The life state, from hit points and nonlethal damage alone.
    pub fn life(&self) -> Life {
        if self.dead {
            Life::Dead
        } else if self.petrified {
            Life::Down
        } else if self.hp < 0 || (self.nonlethal > self.hp) {
            // Ferocity's only test sits on this rare branch: the common path stays as cheap.
            if self.fights_on() {
                Life::Staggered
            } else {
                Life::Down
            }
        } else if self.hp == 0 || self.nonlethal == self.hp {
            Life::Staggered
        } else {
            Life::Up
        }
    }

    /// Can take actions, threaten squares and keep its side in the fight.
    pub fn active(&self) -> bool {
        matches!(self.life(), Life::Up | Life::Staggered)
    }

    /// Dying: below 0 hp, alive, not stabilized and not fighting on with ferocity.
    pub fn dying(&self) -> bool {
        !self.dead && self.hp < 0 && !self.stable && !self.fights_on()
    }

    /// Its regeneration (if it has one) works in `round`: no bypass damage stopped it this
    /// round or the last (`special`).
    #[inline]
    pub fn regenerates(&self, round: u32) -> bool {
        let off = self.regen_off_through;
        !(off > 0 && round <= off)
    }

    /// « Bestiary — Ferocity »: below 0 hit points it « remains conscious and can continue
    /// fighting » — unless nonlethal damage knocks it out (simplified: any nonlethal damage
    /// at negative hit points does).
    #[inline]
    pub fn fights_on(&self) -> bool {
        self.ferocious && self.hp < 0 && self.nonlethal == 0
    }
}

/// The state of one fight plus the scenario constants it reads.
pub struct Fight<'s> {
    pub scenario: &'s Scenario,
    pub map: &'s Map,
    pub info: &'s [UnitInfo],
    pub units: Vec<UnitState>,
    /// Per square, Small-or-larger creatures (layer 0): 0 when empty, else unit index + 1.
    pub occupancy: Vec<u8>,
    /// Layers 1–3 (Tiny, Diminutive, Fine: [`Size::occupancy_layer`]) one after the other, same
    /// marks; empty when the fight has no Tiny-or-smaller unit.
    pub small_occupancy: Vec<u8>,
    /// Units in initiative order.
    pub order: Vec<usize>,
    pub round: u32,
    /// The round in which a combatant was first put out of action this fight, noted at the end
    /// of each round until one is (`turn`), read when the fight is recorded.
    pub first_down: Option<u32>,
    /// Scratch buffer for straight lines (charge, run), reused so queries never allocate.
    pub line_scratch: std::cell::RefCell<Vec<Pos>>,
    /// Scratch buffer for paths planned by queries (policies).
    pub path_scratch: std::cell::RefCell<Vec<Pos>>,
    /// Scratch of the plans that go around creatures (`detour`): empty until a walk is first
    /// blocked, then reused.
    pub detours: std::cell::RefCell<super::detour::memo::Detours>,
    /// The current decision's memory of weighed swings and weapon choices (`view::memo`),
    /// forgotten with each new view.
    pub decision_memo: std::cell::RefCell<super::view::memo::DecisionMemo>,
    /// The last approach planned and the world it was planned in (`near_memo`).
    pub near_memo: std::cell::RefCell<super::near_memo::NearMemo>,
    /// Terrain cover between multi-square footprints, memoized for the whole batch (a pure
    /// function of the map: only looked up, never iterated, so it cannot change a result).
    pub cover_memo: std::cell::RefCell<std::collections::HashMap<u64, crate::los::Cover>>,
    /// Spellcasting: slots, charges, active effects (`magic`).
    pub magic: Magic<'s>,
    /// Weapons lying on the battlefield (`arms`).
    pub ground: Ground,
    /// Tactical actions: stances, readied actions, aid, hiding, who acted this round
    /// (`action::tactical`).
    pub tactics: Tactical,
    /// Some unit has a fear aura or a gaze: the start of every turn looks for them
    /// (`special`).
    pub watched: bool,
    /// Some unit's class ability changes an attack's numbers by its target (favored enemy,
    /// smite evil: `class`): the one test attacks make for it.
    pub class_edges: bool,
    /// Some unit has grit or a firearm that misfires (`class::gun`): the one test attacks
    /// make for them.
    pub guns: bool,
    /// Units gone berserk this fight (« Bestiary — Flesh Golem — Berserk »): while any is,
    /// it and every other creature are enemies ([`Fight::enemies`]).
    pub rampant: u32,
    /// Raised from another thread to stop the fight (a worker's shard cancelled or past its
    /// deadline): looked at once a round, with a relaxed load. `None` in every local run.
    pub stop: Option<&'s AtomicBool>,
}

impl<'s> Fight<'s> {
    /// Something may change the fight now: what the last decision computed no longer holds
    /// for the engine (`view::memo`, [`DecisionMemo::fresh`](super::view::memo::DecisionMemo::fresh)).
    #[inline]
    pub(crate) fn decision_outdated(&mut self) {
        self.decision_memo.get_mut().fresh = false;
    }

    /// The id of unit `u` in logs (`goblin-2`).
    #[inline]
    pub fn id(&self, u: usize) -> &'s str {
        &self.info[u].id
    }

    /// The stat block of unit `u`.
    #[inline]
    pub fn combatant(&self, u: usize) -> &'s Combatant {
        &self.info[u].combatant
    }

    pub fn new(scenario: &'s Scenario, info: &'s [UnitInfo]) -> Self {
        let units = info
            .iter()
            .map(|u| UnitState {
                hp: 0,
                nonlethal: 0,
                pos: u.anchor,
                dead: false,
                stable: false,
                downed: false,
                initiative: 0,
                aoo_left: 0,
                charged: false,
                running: false,
                power_attack: false,
                conds: ConditionSet::default(),
                bleed: 0,
                provoked: UnitIds::default(),
                tally: UnitTally::default(),
                wards: Wards::default(),
                temp_hp: 0,
                absent: u.summoner.is_some(),
                arms: u.arms,
                grip: Grip::default(),
                ferocious: false,
                regen_off_through: 0,
                afflictions: Afflictions::default(),
                umr: UmrState::default(),
                petrified: false,
                powers: Powers::default(),
                class: ClassState::default(),
            })
            .collect();
        Fight {
            scenario,
            map: scenario.map(),
            info,
            units,
            occupancy: vec![0; scenario.map().len()],
            small_occupancy: if info.iter().any(|i| i.size.is_tiny_or_smaller()) {
                vec![0; 3 * scenario.map().len()]
            } else {
                Vec::new()
            },
            order: Vec::with_capacity(info.len()),
            round: 0,
            first_down: None,
            line_scratch: std::cell::RefCell::new(Vec::with_capacity(64)),
            path_scratch: std::cell::RefCell::new(Vec::with_capacity(64)),
            detours: std::cell::RefCell::default(),
            decision_memo: std::cell::RefCell::default(),
            near_memo: std::cell::RefCell::default(),
            // Room up front for the pairs a batch with multi-square creatures meets on a
            // small map, so that its growth is not a warm fight's allocation.
            cover_memo: std::cell::RefCell::new(std::collections::HashMap::with_capacity(
                if info.iter().any(|i| i.footprint > 1) {
                    COVER_MEMO_ROOM
                } else {
                    0
                },
            )),
            magic: Magic::new(info),
            ground: Ground::with_capacity(info.iter().map(|u| u.arms.total_held()).sum()),
            tactics: Tactical::new(info.len()),
            watched: info.iter().any(|i| i.traits.specials.areas.watched()),
            class_edges: info.iter().any(|i| i.traits.class.edges()),
            guns: info.iter().any(|i| i.traits.class.gun.is_some()),
            rampant: 0,
            stop: None,
        }
    }

    /// Puts every unit back on its starting square at full health.
    pub fn reset(&mut self) {
        self.occupancy.fill(0);
        self.small_occupancy.fill(0);
        for (u, info) in self.units.iter_mut().zip(self.info) {
            *u = UnitState {
                hp: info.hp_max,
                nonlethal: 0,
                pos: info.anchor,
                dead: false,
                stable: false,
                downed: false,
                initiative: 0,
                aoo_left: info.aoo_per_round,
                charged: false,
                running: false,
                power_attack: false,
                conds: start_conditions(&info.combatant),
                bleed: info.combatant.bleed(),
                provoked: UnitIds::default(),
                tally: UnitTally::default(),
                wards: Wards::default(),
                temp_hp: 0,
                absent: false,
                arms: info.arms,
                grip: Grip::default(),
                ferocious: info.traits.specials.ferocity,
                regen_off_through: 0,
                afflictions: Afflictions::default(),
                umr: UmrState::start(&info.traits.specials.umr),
                petrified: false,
                powers: Powers::of(&info.traits.specials.areas),
                class: ClassState::new(&info.combatant, &info.traits.class),
            };
            if info.summoner.is_some() {
                u.absent = true;
                u.dead = true;
            }
        }
        for i in 0..self.units.len() {
            if !self.units[i].absent {
                self.occupy(i, true);
            }
        }
        self.reset_magic();
        self.ground.clear();
        self.tactics.reset();
        self.order.clear();
        self.round = 0;
        self.first_down = None;
        self.rampant = 0;
    }

    /// Marks (or clears) the squares of unit `u`'s footprint in its size's layer. A square
    /// already held by another unit keeps its mark: a mover passing through an ally's square
    /// must not erase the ally when it enters or leaves it.
    pub fn occupy(&mut self, u: usize, on: bool) {
        let size = self.info[u].size;
        let pos = self.units[u].pos;
        let mark = u as u8 + 1;
        let layer = size.occupancy_layer();
        if layer == 0 && size.footprint() == 1 {
            // One square of the common layer: the loop below without its footprint walk.
            if self.map.contains(pos) {
                mark_cell(&mut self.occupancy[self.map.index(pos)], mark, on);
            }
            return;
        }
        for p in size.squares(pos) {
            if self.map.contains(p) {
                let i = self.map.index(p);
                let cell = if layer == 0 {
                    &mut self.occupancy[i]
                } else {
                    &mut self.small_occupancy[(layer - 1) * self.map.len() + i]
                };
                mark_cell(cell, mark, on);
            }
        }
    }

    /// The unit standing on `p`, if any: the Small-or-larger one when there is one, else the
    /// largest Tiny-or-smaller one.
    #[inline]
    pub fn unit_at(&self, p: Pos) -> Option<usize> {
        if !self.has_small_units() {
            return self.occupant(p, 0);
        }
        (0..=3).find_map(|layer| self.occupant(p, layer))
    }

    /// The fight has Tiny-or-smaller units (co-occupation can happen at all).
    #[inline]
    pub fn has_small_units(&self) -> bool {
        !self.small_occupancy.is_empty()
    }

    /// The unit of occupancy layer `layer` ([`Size::occupancy_layer`]) standing on `p`.
    #[inline]
    pub fn occupant(&self, p: Pos, layer: usize) -> Option<usize> {
        let i = self.map.index(p);
        let v = if layer == 0 {
            self.occupancy[i]
        } else {
            match self.small_occupancy.get((layer - 1) * self.map.len() + i) {
                Some(&v) => v,
                None => 0,
            }
        };
        match v {
            0 => None,
            v => Some(usize::from(v) - 1),
        }
    }

    /// Every unit standing on `p`, whatever its layer (at most one per layer).
    pub fn units_at(&self, p: Pos) -> impl Iterator<Item = usize> + '_ {
        (0..=3).filter_map(move |layer| self.occupant(p, layer))
    }

    /// Moves unit `u` to `to` (the caller checked the squares).
    pub fn relocate(&mut self, u: usize, to: Pos) {
        self.occupy(u, false);
        self.units[u].pos = to;
        self.occupy(u, true);
    }

    /// Can a footprint of `size` anchored at `at` stand there for `mover` (on the map,
    /// passable, no other unit it cannot share a square with)? Only creatures of the mover's
    /// occupancy layer block it (a Tiny-or-smaller creature and one of another size
    /// share a square).
    pub fn free_for(&self, mover: usize, at: Pos, size: Size) -> bool {
        let layer = if self.has_small_units() {
            size.occupancy_layer()
        } else {
            0
        };
        if size.footprint() == 1 {
            return self.map.contains(at)
                && self.map.passable(at)
                && self.occupant(at, layer).is_none_or(|o| o == mover);
        }
        size.squares(at).all(|p| {
            self.map.contains(p)
                && self.map.passable(p)
                && self.occupant(p, layer).is_none_or(|o| o == mover)
        })
    }

    #[inline]
    pub fn enemies(&self, a: usize, b: usize) -> bool {
        self.info[a].side != self.info[b].side
            || (self.rampant > 0
                && a != b
                && (self.units[a].class.berserk || self.units[b].class.berserk))
    }

    /// Applies `lethal` and `nonlethal` damage to `u` (« CRB — Injury and Death »). Returns the
    /// lethal damage actually taken, for the tallies.
    pub fn apply_damage(&mut self, u: usize, lethal: i32, nonlethal: i32) -> i32 {
        let round = self.round;
        let info = &self.info[u];
        let simple_death = info.monster && self.scenario.options().simple_monster_death;
        let no_con = info.con_score.is_none();
        let state = &mut self.units[u];
        let mut lethal = lethal.max(0);
        // « CRB — Temporary Hit Points »: lost first.
        if state.temp_hp > 0 && lethal > 0 {
            let absorbed = lethal.min(state.temp_hp);
            state.temp_hp -= absorbed;
            lethal -= absorbed;
        }
        if nonlethal > 0 && !no_con {
            // « Once nonlethal damage equals maximum hit points, further nonlethal damage is
            // lethal » (CRB — Nonlethal Damage).
            let room = (info.hp_max - state.nonlethal).max(0);
            let kept = nonlethal.min(room);
            state.nonlethal += kept;
            lethal += nonlethal - kept;
        }
        if lethal > 0 {
            let before = state.hp;
            state.hp -= lethal;
            // A new wound below 0 restarts the dying: stabilization is lost.
            if state.hp < 0 && state.hp < before {
                state.stable = false;
            }
            let dead = if no_con || simple_death {
                state.hp <= 0
            } else {
                state.hp <= -info.con_score.unwrap_or(0)
            };
            // « Bestiary — Regeneration »: it « cannot die as long as its regeneration is still
            // functioning ».
            if dead && !(info.traits.specials.regeneration.is_some() && state.regenerates(round)) {
                state.dead = true;
            }
        }
        if !state.active() {
            state.downed = true;
        }
        lethal
    }

    /// Heals up to `amount` hit points of `u`, never above its maximum, and removes as much
    /// nonlethal damage (« CRB — Nonlethal Damage: Healing Nonlethal Damage »); a dying
    /// creature healed to 0 or more no longer counts as stabilized. Returns the hit points
    /// restored.
    pub fn restore(&mut self, u: usize, amount: i32) -> i32 {
        let max = self.hp_max_now(u);
        let state = &mut self.units[u];
        let restored = amount.clamp(0, (max - state.hp).max(0));
        state.hp += restored;
        state.nonlethal = (state.nonlethal - amount.max(0)).max(0);
        if state.hp >= 0 {
            state.stable = false;
        }
        restored
    }
}

/// Sets (`on`) or clears one occupancy cell for the unit marked `mark`: a cell held by another
/// unit keeps its mark.
#[inline]
fn mark_cell(cell: &mut u8, mark: u8, on: bool) {
    if on && *cell == 0 {
        *cell = mark;
    } else if !on && *cell == mark {
        *cell = 0;
    }
}
