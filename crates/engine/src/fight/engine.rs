//! The turn loop (seed 000 « Initiative », « Round de surprise », « Économie d'action »,
//! « Mourir et stabilisation », « Conditions effectives »): initiative d20 + modifier ordered
//! by (total, modifier, list order) descending with no reroll; a surprise round 0 when some
//! combatants are `aware` and others not (the unaware skip it, the aware get one standard or
//! move action); each round, in that order, a dying combatant rolls to stabilize, a bleeding
//! one bleeds, one that cannot act loses its turn, a confused one rolls its d%, and an active
//! one plays the policy's plan through the action budget and its conditions' limits; timed
//! conditions lose a round at the end of their bearer's turn. The fight ends as soon
//! as at most one side has active combatants; the round cap makes a draw.

use crate::board::Pos;
use crate::rng::Roller;

use crate::rules::{Condition, Context, Stat, flag, resolve};

use super::action::{Action, Limits, MAX_PLAN, Plan, budget};
use super::log::{Sink, log};
use super::numbers::Swing;
use super::policy::Policy;
use super::state::{Fight, Life};

/// How a fight ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// The winning side, `None` for a draw.
    pub winner: Option<usize>,
    /// Rounds played (the round in which it ended, or the cap).
    pub rounds: u32,
}

/// Reusable per-batch scratch for turns.
#[derive(Default)]
pub struct Scratch {
    path: Vec<Pos>,
}

impl Fight<'_> {
    /// Plays one fight from a fresh reset.
    pub fn play<R: Roller, S: Sink>(
        &mut self,
        policy: &impl Policy,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> Outcome {
        self.reset();
        self.roll_initiative(dice, sink);
        self.log_start_conditions(sink);
        let cap = self.scenario.options().round_cap;
        // « CRB — Surprise »: when some combatants are aware and others not, a surprise round
        // (round 0) comes first; with everyone aware (the default) nothing changes.
        let aware = |i: usize| self.scenario.units()[i].combatant.aware();
        let surprise = (0..self.units.len()).any(aware) && !(0..self.units.len()).all(aware);
        let first = if surprise { 0 } else { 1 };
        for round in first..=cap {
            self.round = round;
            for u in &mut self.units {
                u.provoked.clear();
            }
            for i in 0..self.units.len() {
                self.units[i].aoo_left = self.info[i].aoo_per_round;
            }
            for k in 0..self.order.len() {
                let u = self.order[k];
                if round == 0 && !aware(u) {
                    log!(
                        S,
                        sink,
                        Some(0),
                        Some(self.scenario.units()[u].id.as_str()),
                        "surprised: does not act in the surprise round"
                    );
                    continue;
                }
                self.take_turn(u, policy, scratch, dice, sink);
                if let Some(outcome) = self.decided() {
                    self.log_end(outcome, sink);
                    return outcome;
                }
            }
        }
        let outcome = Outcome {
            winner: None,
            rounds: cap,
        };
        log!(
            S,
            sink,
            None,
            None,
            "battle over: draw after {cap} rounds (round cap)"
        );
        outcome
    }

    fn roll_initiative<R: Roller, S: Sink>(&mut self, dice: &mut R, sink: &mut S) {
        for i in 0..self.units.len() {
            let nat = dice.d20() as i32;
            // Start conditions count (deafened −4).
            let conds = &self.units[i].conds;
            let m = self.info[i].initiative_mod
                + if conds.is_empty() {
                    0
                } else {
                    resolve(
                        conds.modifiers(),
                        Stat::Initiative,
                        None,
                        &Context::default(),
                    )
                };
            self.units[i].initiative = nat + m;
            log!(
                S,
                sink,
                None,
                None,
                "initiative: {} d20={nat}{m:+}={}",
                self.scenario.units()[i].id,
                nat + m
            );
        }
        self.order.clear();
        self.order.extend(0..self.units.len());
        let (units, info) = (&self.units, self.info);
        self.order.sort_by_key(|&i| {
            (
                std::cmp::Reverse(units[i].initiative),
                std::cmp::Reverse(info[i].initiative_mod),
                i,
            )
        });
    }

    /// « ID starts invisible, shaken (3 rounds) » for each combatant with start conditions.
    fn log_start_conditions<S: Sink>(&self, sink: &mut S) {
        if !S::ON {
            return;
        }
        for (i, u) in self.units.iter().enumerate() {
            if u.conds.is_empty() {
                continue;
            }
            let list: Vec<String> = u
                .conds
                .iter()
                .map(|c| match u.conds.rounds(c) {
                    0 => c.to_string(),
                    1 => format!("{c} (1 round)"),
                    r => format!("{c} ({r} rounds)"),
                })
                .collect();
            log!(
                S,
                sink,
                None,
                None,
                "{} starts {}",
                self.scenario.units()[i].id,
                list.join(", ")
            );
        }
    }

    /// The outcome if at most one side still has an active combatant.
    fn decided(&self) -> Option<Outcome> {
        let mut alive_side = None;
        for (i, u) in self.units.iter().enumerate() {
            if u.active() {
                match alive_side {
                    None => alive_side = Some(self.info[i].side),
                    Some(s) if s != self.info[i].side => return None,
                    Some(_) => {}
                }
            }
        }
        Some(Outcome {
            winner: alive_side,
            rounds: self.round,
        })
    }

    fn log_end<S: Sink>(&self, outcome: Outcome, sink: &mut S) {
        match outcome.winner {
            Some(side) => log!(
                S,
                sink,
                None,
                None,
                "battle over: {} win in {} rounds",
                self.scenario.sides()[side],
                outcome.rounds
            ),
            None => log!(
                S,
                sink,
                None,
                None,
                "battle over: draw in {} rounds (no side left standing)",
                outcome.rounds
            ),
        }
    }

    fn take_turn<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        policy: &impl Policy,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        let id = self.scenario.units()[u].id.as_str();
        let round = Some(self.round);
        if self.units[u].dead {
            return;
        }
        self.units[u].charged = false;
        self.units[u].running = false;
        if self.units[u].dying() {
            self.stabilize(u, dice, sink);
            return;
        }
        if !self.units[u].active() {
            return;
        }
        if self.has_flag(u, flag::BLEEDS) && self.units[u].bleed > 0 {
            self.bleed(u, sink);
            if !self.units[u].active() {
                return;
            }
        }
        let frozen =
            (self.units[u].conds.iter()).find(|c| c.definition().flags & flag::CANT_ACT != 0);
        if let Some(c) = frozen {
            log!(S, sink, round, Some(id), "{c}: loses its turn");
            self.end_turn(u, sink);
            return;
        }
        if self.has_flag(u, flag::CONFUSED) && !self.confused_turn(u, dice, sink) {
            self.end_turn(u, sink);
            return;
        }
        let life = self.units[u].life();
        let mut plan = Plan::new();
        policy.decide(self, u, &mut plan);
        let mut kept = Plan::new();
        let mut dropped = [None; MAX_PLAN];
        let limits = Limits {
            // The surprise round allows one standard or move action (plus free actions), as
            // staggered does (« CRB — Surprise »).
            staggered: life == Life::Staggered
                || self.has_flag(u, flag::SINGLE_ACTION)
                || self.round == 0,
            move_only: self.has_flag(u, flag::CANT_ATTACK),
            cant_move: self.has_flag(u, flag::CANT_MOVE),
            no_run_charge: self.has_flag(u, flag::NO_RUN_CHARGE),
        };
        budget(&plan, limits, &mut kept, &mut dropped);
        for r in dropped.iter().flatten() {
            log!(S, sink, round, Some(id), "{} dropped: {}", r.kind, r.reason);
        }
        let disabled = self.units[u].hp == 0;
        for action in kept.iter() {
            if !self.units[u].active() || self.decided().is_some() {
                break;
            }
            let standard = self.act(u, action, scratch, dice, sink);
            // « CRB — Disabled »: a standard action costs 1 hit point when done at 0 hp.
            if disabled && standard && self.units[u].hp == 0 && !self.units[u].dead {
                self.apply_damage(u, 1, 0);
                let dead = if self.units[u].dead { ", dead" } else { "" };
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "strains while disabled: hp 0 -> {}{dead}",
                    self.units[u].hp
                );
            }
        }
        self.end_turn(u, sink);
    }

    /// The end of `u`'s turn: its timed conditions lose a round (« N rounds » counts the
    /// bearer's turns); expired ones are logged.
    fn end_turn<S: Sink>(&mut self, u: usize, sink: &mut S) {
        if self.units[u].conds.is_empty() {
            return;
        }
        let expired = self.units[u].conds.tick();
        if S::ON {
            for c in expired.iter() {
                log!(
                    S,
                    sink,
                    Some(self.round),
                    Some(self.scenario.units()[u].id.as_str()),
                    "{c} ends"
                );
            }
        }
    }

    /// « CRB — Bleed »: the bleed damage at the start of the bearer's turn.
    fn bleed<S: Sink>(&mut self, u: usize, sink: &mut S) {
        let amount = self.units[u].bleed as i32;
        let before = self.units[u].hp;
        let taken = self.apply_damage(u, amount, 0);
        self.units[u].tally.damage_taken += taken as u64;
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.scenario.units()[u].id.as_str()),
            "bleeds {taken}: hp {before} -> {}",
            self.units[u].hp
        );
    }

    /// « CRB — Confused »: d% at the start of the turn. 01–25 acts normally (true); 26–50
    /// babbles; 51–75 deals 1d8 + Str modifier to itself; 76–100 makes one melee attack on the
    /// nearest creature, friend or foe, if one is in reach (the seed's simplification of
    /// « attacks the last creature that attacked it »). False: the turn is spent.
    fn confused_turn<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) -> bool {
        let roll = dice.d100();
        let id = self.scenario.units()[u].id.as_str();
        let round = Some(self.round);
        match roll {
            1..=25 => {
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "confused d100={roll}: acts normally"
                );
                true
            }
            26..=50 => {
                log!(S, sink, round, Some(id), "confused d100={roll}: babbles");
                false
            }
            51..=75 => {
                let str_mod = self.scenario.units()[u]
                    .combatant
                    .abilities()
                    .modifier(crate::model::Ability::Str);
                let dmg = (dice.d(8) as i32 + str_mod).max(1);
                let before = self.units[u].hp;
                let taken = self.apply_damage(u, dmg, 0);
                self.units[u].tally.damage_taken += taken as u64;
                log!(
                    S,
                    sink,
                    round,
                    Some(id),
                    "confused d100={roll}: hurts itself for {taken} (hp {before} -> {})",
                    self.units[u].hp
                );
                false
            }
            _ => {
                let nearest = (0..self.units.len())
                    .filter(|&o| o != u && self.units[o].active())
                    .min_by_key(|&o| (self.distance_ft(u, o), o));
                let strike = nearest.and_then(|o| {
                    self.weapon_for(u, o)
                        .filter(|&w| self.info[u].weapons[w].melee)
                        .map(|w| (o, w))
                });
                match strike {
                    Some((o, w)) => {
                        log!(
                            S,
                            sink,
                            round,
                            Some(id),
                            "confused d100={roll}: attacks the nearest creature, {}",
                            self.scenario.units()[o].id
                        );
                        self.strike(u, o, w, Swing::default(), dice, sink);
                    }
                    None => log!(
                        S,
                        sink,
                        round,
                        Some(id),
                        "confused d100={roll}: no creature in reach to attack"
                    ),
                }
                false
            }
        }
    }

    /// « CRB — Dying »: DC 10 Constitution check with a penalty equal to the negative hit
    /// points; a natural 20 succeeds; failure loses 1 hit point.
    fn stabilize<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        let nat = dice.d20() as i32;
        let hp = self.units[u].hp;
        let total = nat + self.info[u].con_mod + hp;
        let id = self.scenario.units()[u].id.as_str();
        if nat == 20 || total >= 10 {
            self.units[u].stable = true;
            log!(
                S,
                sink,
                Some(self.round),
                Some(id),
                "stabilize d20={nat}{:+}{hp}={total} DC 10 -> stable",
                self.info[u].con_mod
            );
        } else {
            self.apply_damage(u, 1, 0);
            let dead = if self.units[u].dead { ", dead" } else { "" };
            log!(
                S,
                sink,
                Some(self.round),
                Some(id),
                "stabilize d20={nat}{:+}{hp}={total} DC 10 -> fails, hp {hp} -> {}{dead}",
                self.info[u].con_mod,
                self.units[u].hp
            );
        }
    }

    /// Executes one action; returns whether it was a standard (non-move) action.
    fn act<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let speed = self.move_squares(u);
        match action {
            Action::Attack { target } => {
                if let Some(t) = self.live_target(u, target) {
                    self.attack_once(u, t, dice, sink);
                }
                true
            }
            Action::FullAttack { target } => {
                if let Some(t) = self.live_target(u, target) {
                    self.full_attack(u, t, dice, sink);
                }
                true
            }
            Action::Move { target } => {
                if let Some(t) = self.live_target(u, target) {
                    self.move_toward(u, t, speed, &mut scratch.path, dice, sink);
                }
                false
            }
            Action::FiveFootStep { target } => {
                if let Some(t) = self.live_target(u, target)
                    && let Some(to) = self.step_to_attack(u, t)
                {
                    self.step_to(u, to, sink);
                }
                false
            }
            Action::FiveFootStepTo { to } => {
                if self.five_foot_steps(u).any(|n| n == to) {
                    self.step_to(u, to, sink);
                }
                false
            }
            Action::Charge { target } => {
                if let Some(t) = self.live_target(u, target)
                    && self.charge_line(u, t, &mut scratch.path)
                {
                    let walked = self.walk_planned(u, "charge", scratch, false, dice, sink);
                    let arrived = walked.standing && walked.squares == scratch.path.len();
                    if arrived {
                        self.units[u].charged = true;
                        if self.units[t].active()
                            && let Some(w) = self
                                .weapon_for(u, t)
                                .filter(|&w| self.info[u].weapons[w].melee)
                        {
                            self.strike(
                                u,
                                t,
                                w,
                                Swing {
                                    charge: true,
                                    ..Swing::default()
                                },
                                dice,
                                sink,
                            );
                        }
                    }
                }
                true
            }
            Action::Withdraw => {
                if let Some(e) = self.nearest_enemy(u) {
                    self.withdraw_path(u, e, 2 * speed, &mut scratch.path);
                    self.walk_planned(u, "withdraw", scratch, true, dice, sink);
                }
                false
            }
            Action::Run { target } => {
                if let Some(t) = self.live_target(u, target) {
                    self.run_line(u, t, &mut scratch.path);
                    self.walk_planned(u, "run", scratch, false, dice, sink);
                    // « CRB — Run »: no Dex bonus to AC until its next turn (Run feat keeps it).
                    self.units[u].running = true;
                }
                false
            }
            Action::Flee => {
                if let Some(e) = self.nearest_enemy(u) {
                    self.withdraw_path(u, e, speed, &mut scratch.path);
                    self.walk_planned(u, "flee", scratch, false, dice, sink);
                }
                false
            }
            Action::StandUp => {
                if self.units[u].conds.has(Condition::Prone) {
                    // « CRB — Stand Up »: provokes, while still prone.
                    self.provoke_shooting(u, dice, sink);
                    if self.units[u].active() {
                        self.units[u].conds.remove(Condition::Prone);
                        log!(
                            S,
                            sink,
                            Some(self.round),
                            Some(self.scenario.units()[u].id.as_str()),
                            "stands up"
                        );
                    }
                }
                false
            }
            Action::DropProne => {
                if !self.units[u].conds.has(Condition::Prone) {
                    self.units[u].conds.add(Condition::Prone, 0);
                    log!(
                        S,
                        sink,
                        Some(self.round),
                        Some(self.scenario.units()[u].id.as_str()),
                        "drops prone"
                    );
                }
                false
            }
            Action::PowerAttack { on } => {
                if self.units[u].power_attack != on {
                    self.units[u].power_attack = on;
                    let state = if on { "on" } else { "off" };
                    let info = &self.info[u];
                    let feat = match (info.power_attack_step > 0, info.deadly_aim_step > 0) {
                        (false, true) => "deadly aim",
                        (true, true) => "power attack / deadly aim",
                        _ => "power attack",
                    };
                    log!(
                        S,
                        sink,
                        Some(self.round),
                        Some(self.scenario.units()[u].id.as_str()),
                        "{feat} {state}"
                    );
                }
                false
            }
        }
    }

    /// Logs and walks the path planned in `scratch` (`what`: charge, withdraw, run, flee); the
    /// path stays in `scratch` for the caller.
    fn walk_planned<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        what: &str,
        scratch: &mut Scratch,
        safe_start: bool,
        dice: &mut R,
        sink: &mut S,
    ) -> super::movement::Walked {
        self.log_path::<S>(u, what, &scratch.path, sink);
        let path = std::mem::take(&mut scratch.path);
        let walked = self.walk(u, &path, safe_start, dice, sink);
        scratch.path = path;
        walked
    }

    /// « CRB — 5-Foot Step »: moves `u` one square to `to` (already checked), no AoO.
    fn step_to<S: Sink>(&mut self, u: usize, to: Pos, sink: &mut S) {
        let id = self.scenario.units()[u].id.as_str();
        log!(
            S,
            sink,
            Some(self.round),
            Some(id),
            "5-foot step {}->{to}",
            self.units[u].pos
        );
        self.relocate(u, to);
    }

    /// `target` if it is an active enemy, else the nearest active enemy.
    fn live_target(&self, u: usize, target: usize) -> Option<usize> {
        if target < self.units.len() && self.enemies(u, target) && self.units[target].active() {
            Some(target)
        } else {
            self.nearest_enemy(u)
        }
    }

    /// One attack with the first weapon that can strike `t`; a ranged attack from a threatened
    /// square provokes first.
    fn attack_once<R: Roller, S: Sink>(&mut self, u: usize, t: usize, dice: &mut R, sink: &mut S) {
        let Some(w) = self.weapon_for(u, t) else {
            return;
        };
        if !self.info[u].weapons[w].melee {
            self.provoke_shooting(u, dice, sink);
            if !self.units[u].active() || !self.units[t].active() {
                return;
            }
        }
        self.strike(u, t, w, Swing::default(), dice, sink);
    }

    /// « CRB — Full Attack »: iteratives at BAB +6/+11/+16 (−5/−10/−15) for manufactured
    /// weapons; with a natural weapon, every natural attack that reaches (never iteratives).
    /// Each attack line swings `count` times; swings left when the target drops are lost, later
    /// lines turn to the nearest enemy they can still strike.
    fn full_attack<R: Roller, S: Sink>(&mut self, u: usize, t: usize, dice: &mut R, sink: &mut S) {
        let Some(first) = self.weapon_for(u, t) else {
            return;
        };
        let info = self.info;
        let mut target = t;
        let natural = info[u].weapons[first].natural;
        let lines = if natural {
            info[u].weapons.len()
        } else {
            // +6/+11/+16 add the 2nd–4th attacks; a base attack bonus above +20 adds none.
            (1 + (info[u].bab.max(1) - 1) as usize / 5).min(4)
        };
        for k in 0..lines {
            let (w, penalty) = if natural {
                if !info[u].weapons[k].natural {
                    continue;
                }
                (k, 0)
            } else {
                (first, -5 * k as i32)
            };
            if !self.units[target].active() {
                match self.nearest_target_for(u, w) {
                    Some(o) => target = o,
                    None => return,
                }
            }
            let d = self.distance_ft(u, target);
            if !Self::weapon_band(&info[u].weapons[w], d) {
                continue;
            }
            for _ in 0..info[u].weapons[w].count {
                if !self.units[target].active() || !self.units[u].active() {
                    break;
                }
                if !info[u].weapons[w].melee {
                    self.provoke_shooting(u, dice, sink);
                    if !self.units[u].active() || !self.units[target].active() {
                        break;
                    }
                }
                self.strike(
                    u,
                    target,
                    w,
                    Swing {
                        penalty,
                        ..Swing::default()
                    },
                    dice,
                    sink,
                );
            }
            if !self.units[u].active() {
                return;
            }
        }
    }

    /// The nearest active enemy that weapon `w` of `u` can strike from where `u` stands.
    fn nearest_target_for(&self, u: usize, w: usize) -> Option<usize> {
        (0..self.units.len())
            .filter(|&o| self.enemies(u, o) && self.units[o].active())
            .filter(|&o| {
                Self::weapon_band(&self.info[u].weapons[w], self.distance_ft(u, o))
                    && self.has_line_of_effect_from(u, self.units[u].pos, o)
            })
            .min_by_key(|&o| (self.distance_ft(u, o), o))
    }

    /// « CRB — AoO: a ranged attack provokes » (and standing up): every enemy threatening `u`
    /// strikes first.
    fn provoke_shooting<R: Roller, S: Sink>(&mut self, u: usize, dice: &mut R, sink: &mut S) {
        for e in 0..self.units.len() {
            if self.enemies(u, e) {
                self.opportunity(e, u, dice, sink);
                if !self.units[u].active() {
                    return;
                }
            }
        }
    }
}
