//! The action economy (« CRB — Actions in Combat »; the reference spec, « Économie d'action »
//! and « Retour d'exécution des actions »). A policy returns an ordered [`Plan`]; [`budget`]
//! keeps, greedily in order, each action whose [`Cost`] still fits the turn — a standard and a
//! move action, or one full-round action; a second move action may use the standard slot; one
//! swift (or immediate) action; free actions beside anything; the 5-foot step excludes any
//! other movement — and reports every dropped action as `downgraded:action_economy`. A
//! creature limited to one move or standard action (staggered, disabled, the surprise round)
//! keeps the [`Action::single_action_form`] of one action (`downgraded:staggered`), and the
//! conditions' other [`Limits`] refuse what they forbid. What became of each action is kept
//! per unit in [`Results`], for its next decision (a swift action already spent out of turn
//! by an immediate action is dropped when its turn comes to it, `downgraded:immediate_swift`:
//! see `turn`). Reads only [`Action::cost`] (and [`Action::breaks_free`], the escape a pinned
//! creature keeps); never looks at a fight.

use super::cost::{Action, Cost, Movement, Slot};

/// What conditions leave of a turn (the reference spec, « Conditions effectives »).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// One move or standard action (staggered, disabled, the surprise round).
    pub staggered: bool,
    /// A single move action and nothing else (nauseated, panicked, pinned).
    pub move_only: bool,
    /// No movement out of its square (grappled, pinned, paralyzed).
    pub cant_move: bool,
    /// No run or charge (fatigued, exhausted, entangled, prone).
    pub no_run_charge: bool,
}

/// What became of one action (the reference spec, « ActionResult »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionResult {
    pub kind: &'static str,
    pub ok: bool,
    pub reason: &'static str,
}

impl ActionResult {
    /// The action was carried out.
    pub const fn done(kind: &'static str) -> Self {
        ActionResult {
            kind,
            ok: true,
            reason: "",
        }
    }

    /// The action was carried out, with `reason` saying how (`delayed`, `ready`).
    pub const fn done_as(kind: &'static str, reason: &'static str) -> Self {
        ActionResult {
            kind,
            ok: true,
            reason,
        }
    }

    /// The action was refused for `reason`; nothing was spent.
    pub const fn refused(kind: &'static str, reason: &'static str) -> Self {
        ActionResult {
            kind,
            ok: false,
            reason,
        }
    }
}

/// Results of actions out of turn kept per unit between two of its decisions; more are not
/// kept.
pub const MAX_OUT_OF_TURN: usize = 3;

/// At most this many results a unit reads back: a whole plan and its actions out of turn.
pub const MAX_RESULTS: usize = MAX_PLAN + MAX_OUT_OF_TURN;

/// What became of a unit's actions since its last decision (the reference spec, « Retour
/// d'exécution des actions »: `last_turn_results`): its last turn's plan in plan order — each
/// action done, refused or dropped by the budget — then what it did out of turn. Kept as the
/// budget's own output (the kept actions and the drops, written in place) plus the few results
/// that are not a plain `done` (a refusal, a `delayed`), so that recording a turn costs almost
/// nothing; [`Results::iter`] rebuilds the list. Fixed capacity: no allocation.
#[derive(Clone, Copy, Debug)]
pub struct Results {
    /// Places in the plan.
    len: u8,
    /// The budget's drops, by place in the plan.
    dropped: [Option<ActionResult>; MAX_PLAN],
    /// The budget's kept actions, in order.
    kept: Plan,
    /// Bit `k`: kept action `k` has its result in `notes` (else it was plainly done).
    noted: u8,
    notes: [ActionResult; MAX_PLAN],
    out_of_turn: [ActionResult; MAX_OUT_OF_TURN],
    out_len: u8,
}

impl Default for Results {
    fn default() -> Self {
        Results {
            len: 0,
            dropped: [None; MAX_PLAN],
            kept: Plan::new(),
            noted: 0,
            notes: [ActionResult::done(""); MAX_PLAN],
            out_of_turn: [ActionResult::done(""); MAX_OUT_OF_TURN],
            out_len: 0,
        }
    }
}

impl Results {
    /// Nothing kept (a new fight).
    pub fn clear(&mut self) {
        self.len = 0;
        self.noted = 0;
        self.out_len = 0;
    }

    /// A new turn: [`budget`]s `plan` under `limits` into the record; the kept actions, to
    /// carry out in order.
    #[inline]
    pub fn budget(&mut self, plan: &Plan, limits: Limits) -> Plan {
        budget(plan, limits, &mut self.kept, &mut self.dropped);
        self.len = plan.len() as u8;
        self.noted = 0;
        self.out_len = 0;
        self.kept
    }

    /// The actions the budget dropped this turn.
    pub fn dropped(&self) -> impl Iterator<Item = &ActionResult> {
        self.dropped.iter().flatten()
    }

    /// Kept action `k` came to `result`.
    #[inline]
    pub fn note(&mut self, k: usize, result: ActionResult) {
        if (!result.ok || !result.reason.is_empty())
            && let Some(slot) = self.notes.get_mut(k)
        {
            *slot = result;
            self.noted |= 1 << k;
        }
    }

    /// The turn stopped before kept action `k`: it and those after it were not reached.
    pub fn unreached_from(&mut self, k: usize) {
        let kept = self.kept;
        for (j, action) in kept.iter().enumerate().skip(k) {
            self.note(j, ActionResult::refused(action.kind(), "not_reached"));
        }
    }

    /// An action out of turn came to `result` (dropped beyond [`MAX_OUT_OF_TURN`]).
    pub fn push(&mut self, result: ActionResult) {
        if let Some(slot) = self.out_of_turn.get_mut(usize::from(self.out_len)) {
            *slot = result;
            self.out_len += 1;
        }
    }

    /// Every result, in plan order then out of turn.
    pub fn iter(&self) -> impl Iterator<Item = ActionResult> + '_ {
        let mut kept = self.kept.iter().enumerate();
        let plan = self.dropped[..usize::from(self.len)]
            .iter()
            .filter_map(move |d| {
                if let Some(dropped) = d {
                    return Some(*dropped);
                }
                let (k, action) = kept.next()?;
                Some(if self.noted & (1 << k) != 0 {
                    self.notes[k]
                } else {
                    ActionResult::done(action.kind())
                })
            });
        plan.chain(
            self.out_of_turn[..usize::from(self.out_len)]
                .iter()
                .copied(),
        )
    }
}

/// At most this many actions in one plan.
pub const MAX_PLAN: usize = 5;

/// A policy's ordered actions for one turn (fixed capacity: no allocation).
#[derive(Clone, Copy, Debug, Default)]
pub struct Plan {
    actions: [Option<Action>; MAX_PLAN],
    len: usize,
}

impl Plan {
    pub fn new() -> Self {
        Self::default()
    }

    /// Appends an action; beyond [`MAX_PLAN`] it is ignored.
    pub fn push(&mut self, action: Action) {
        if self.len < MAX_PLAN {
            self.actions[self.len] = Some(action);
            self.len += 1;
        }
    }

    pub fn iter(&self) -> impl Iterator<Item = Action> + '_ {
        self.actions[..self.len].iter().flatten().copied()
    }

    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// What a turn has spent so far: one bit per part of the turn (kept in one register).
#[derive(Clone, Copy, Debug, Default)]
struct Spent(u8);

const STANDARD: u8 = 1;
const MOVED: u8 = 2;
const SWIFT: u8 = 4;
const STEPPED: u8 = 8;
/// Some movement out of the square (a 5-foot step included).
const ANY_MOVE: u8 = 16;
/// The one action of a limited turn is taken.
const ACTED: u8 = 32;

impl Spent {
    #[inline]
    fn has(self, part: u8) -> bool {
        self.0 & part != 0
    }

    /// A whole turn: takes `cost` when it fits.
    #[inline]
    fn take(&mut self, cost: Cost) -> bool {
        let moves = cost.movement.leaves_square();
        let spends = match cost.slot {
            Slot::Free => match cost.movement {
                Movement::Stays => Some(0),
                Movement::FiveFootStep => (!self.has(ANY_MOVE)).then_some(STEPPED),
                Movement::Walks | Movement::Charges | Movement::Runs => {
                    (!self.has(STEPPED)).then_some(0)
                }
            },
            Slot::Swift | Slot::Immediate => (!self.has(SWIFT)).then_some(SWIFT),
            Slot::Standard => (!self.has(STANDARD)).then_some(STANDARD),
            // A move action taken instead of the standard action (« CRB — Move Actions »);
            // none after a 5-foot step.
            Slot::Move if self.has(STEPPED) => None,
            Slot::Move if !self.has(MOVED) => Some(MOVED),
            Slot::Move => (!self.has(STANDARD)).then_some(STANDARD),
            Slot::FullRound => (!(self.has(STANDARD | MOVED) || (self.has(STEPPED) && moves)))
                .then_some(STANDARD | MOVED),
            Slot::Beyond => None,
        };
        match spends {
            Some(parts) => {
                self.0 |= parts | if moves { ANY_MOVE } else { 0 };
                true
            }
            None => false,
        }
    }

    /// « CRB — Staggered »: the one move or standard action of a limited turn, or the 5-foot
    /// step beside it, takes `cost` (already in its single-action form) when it fits.
    fn take_single(&mut self, cost: Cost) -> bool {
        let moves = cost.movement.leaves_square();
        let step = cost.movement == Movement::FiveFootStep;
        if step && !self.has(ANY_MOVE) {
            self.0 |= ANY_MOVE | STEPPED;
            return true;
        }
        if step || self.has(ACTED) || (self.has(STEPPED) && moves) {
            return false;
        }
        self.0 |= ACTED | if moves { ANY_MOVE } else { 0 };
        true
    }
}

/// The reason `limits` refuse `action` of cost `cost`, after `acted` actions of a move-only
/// turn; an attempt to break free stays the one action of a pinned creature's turn.
fn refusal(limits: Limits, action: Action, cost: Cost, acted: bool) -> Option<&'static str> {
    if limits.move_only && (acted || !(cost.is_move_action() || action.breaks_free())) {
        Some("downgraded:cant_attack")
    } else if limits.cant_move && cost.movement.leaves_square() {
        Some("downgraded:cant_move")
    } else if limits.no_run_charge && cost.movement.runs_or_charges() {
        Some("downgraded:cant_run_or_charge")
    } else {
        None
    }
}

/// Keeps the legal prefix-subsequence of `plan` and reports the rest (`dropped`), in order.
pub fn budget(
    plan: &Plan,
    limits: Limits,
    kept: &mut Plan,
    dropped: &mut [Option<ActionResult>; MAX_PLAN],
) {
    *kept = Plan::new();
    *dropped = [None; MAX_PLAN];
    let mut spent = Spent::default();
    let limited = limits.move_only || limits.cant_move || limits.no_run_charge;
    let drop = |reason| {
        move |action: Action| ActionResult {
            kind: action.kind(),
            ok: false,
            reason,
        }
    };
    for (i, action) in plan.iter().enumerate() {
        let cost = action.cost();
        if cost.slot == Slot::Beyond {
            dropped[i] = Some(drop("downgraded:cast_time")(action));
            continue;
        }
        if limited && let Some(reason) = refusal(limits, action, cost, spent.has(ACTED)) {
            dropped[i] = Some(drop(reason)(action));
            continue;
        }
        if limits.move_only {
            spent.0 |= ACTED;
            kept.push(action);
            continue;
        }
        if cost.is_free() {
            kept.push(action);
            continue;
        }
        // Swift and immediate actions stay beside a limited turn's one action.
        if limits.staggered && !cost.is_swift() {
            match action.single_action_form() {
                Some(one) if spent.take_single(one.cost()) => kept.push(one),
                _ => dropped[i] = Some(drop("downgraded:staggered")(action)),
            }
            continue;
        }
        if spent.take(cost) {
            kept.push(action);
        } else {
            dropped[i] = Some(drop("downgraded:action_economy")(action));
        }
    }
}
#[cfg(test)]
mod tests {
    use super::super::super::unit::UnitId;
    use super::super::spell::{CastTarget, Metamagics};
    use super::*;
    use crate::spell::SpellId;
    use crate::spell::vocab::CastingTime;

    fn plan(actions: &[Action]) -> Plan {
        let mut p = Plan::new();
        for a in actions {
            p.push(*a);
        }
        p
    }

    fn kinds(p: &Plan) -> Vec<&'static str> {
        p.iter().map(Action::kind).collect()
    }

    fn run(actions: &[Action], staggered: bool) -> (Vec<&'static str>, Vec<&'static str>) {
        let mut kept = Plan::new();
        let mut dropped = [None; MAX_PLAN];
        let limits = Limits {
            staggered,
            ..Limits::default()
        };
        budget(&plan(actions), limits, &mut kept, &mut dropped);
        (
            kinds(&kept),
            dropped.iter().flatten().map(|r| r.reason).collect(),
        )
    }

    const T: UnitId = UnitId::new(1);
    const ATTACK: Action = Action::Attack { target: T };
    const FULL: Action = Action::FullAttack { target: T };
    const MOVE: Action = Action::Move { target: T };
    const STEP: Action = Action::FiveFootStep { target: T };
    const CHARGE: Action = Action::Charge { target: T };

    #[test]
    fn economy_keeps_the_legal_prefix_subsequence() {
        // The reference spec's examples (« Économie d'action »).
        assert_eq!(
            run(&[ATTACK, ATTACK], false),
            (vec!["attack"], vec!["downgraded:action_economy"])
        );
        assert_eq!(run(&[CHARGE, ATTACK], false).0, ["charge"]);
        assert_eq!(run(&[ATTACK, FULL, MOVE], false).0, ["attack", "move"]);
        assert_eq!(run(&[MOVE, ATTACK, MOVE], false).0, ["move", "attack"]);
        assert_eq!(run(&[MOVE, MOVE], false).0, ["move", "move"]);
        assert_eq!(run(&[STEP, FULL], false).0, ["5foot_step", "full_attack"]);
    }

    #[test]
    fn five_foot_step_excludes_other_movement() {
        assert_eq!(run(&[STEP, MOVE], false).0, ["5foot_step"]);
        assert_eq!(run(&[MOVE, STEP], false).0, ["move"]);
        assert_eq!(run(&[STEP, CHARGE], false).0, ["5foot_step"]);
    }

    #[test]
    fn staggered_gets_one_move_or_standard_action() {
        assert_eq!(run(&[FULL], true), (vec!["attack"], vec![]));
        assert_eq!(
            run(&[MOVE, ATTACK], true),
            (vec!["move"], vec!["downgraded:staggered"])
        );
        assert_eq!(run(&[CHARGE], true).1, ["downgraded:staggered"]);
        assert_eq!(run(&[STEP, FULL], true).0, ["5foot_step", "attack"]);
    }

    fn limited(actions: &[Action], limits: Limits) -> (Vec<&'static str>, Vec<&'static str>) {
        let mut kept = Plan::new();
        let mut dropped = [None; MAX_PLAN];
        budget(&plan(actions), limits, &mut kept, &mut dropped);
        (
            kinds(&kept),
            dropped.iter().flatten().map(|r| r.reason).collect(),
        )
    }

    #[test]
    fn nauseated_keeps_a_single_move_action() {
        let l = Limits {
            move_only: true,
            ..Limits::default()
        };
        let pa = Action::PowerAttack { on: true };
        assert_eq!(
            limited(&[pa, STEP, MOVE, MOVE], l),
            (vec!["move"], vec!["downgraded:cant_attack"; 3])
        );
        assert_eq!(limited(&[FULL], l).0, Vec::<&str>::new());
        assert_eq!(limited(&[Action::StandUp, ATTACK], l).0, ["stand_up"]);
    }

    #[test]
    fn cant_move_and_no_run_charge_drop_their_actions() {
        let held = Limits {
            cant_move: true,
            ..Limits::default()
        };
        assert_eq!(
            limited(&[MOVE, ATTACK], held),
            (vec!["attack"], vec!["downgraded:cant_move"])
        );
        assert_eq!(limited(&[STEP, FULL], held).0, ["full_attack"]);
        let tired = Limits {
            no_run_charge: true,
            ..Limits::default()
        };
        assert_eq!(
            limited(&[CHARGE], tired).1,
            ["downgraded:cant_run_or_charge"]
        );
    }

    #[test]
    fn free_actions_fit_beside_a_full_round() {
        let pa = Action::PowerAttack { on: true };
        assert_eq!(
            run(&[pa, Action::StandUp, ATTACK], false).0,
            ["power_attack", "stand_up", "attack"]
        );
        assert_eq!(run(&[pa, FULL], false).0, ["power_attack", "full_attack"]);
        assert_eq!(run(&[pa, FULL], true).0, ["power_attack", "attack"]);
    }

    const SWIFT_COST: Cost = Cost {
        slot: Slot::Swift,
        movement: Movement::Stays,
        provokes: super::super::cost::Provokes::No,
    };

    #[test]
    fn one_swift_or_immediate_action_a_turn() {
        let immediate = Cost {
            slot: Slot::Immediate,
            ..SWIFT_COST
        };
        let mut spent = Spent::default();
        assert!(spent.take(SWIFT_COST));
        assert!(!spent.take(SWIFT_COST), "a second swift action");
        assert!(
            !spent.take(immediate),
            "an immediate action after a swift one"
        );
        assert!(
            spent.take(FULL.cost()),
            "a full round beside the swift action"
        );
        let mut spent = Spent::default();
        assert!(spent.take(immediate));
        assert!(
            !spent.take(SWIFT_COST),
            "a swift action after an immediate one"
        );
        let mut spent = Spent::default();
        assert!(spent.take(STEP.cost()) && spent.take(ATTACK.cost()) && spent.take(SWIFT_COST));
    }

    fn cast(time: CastingTime, metamagic: Metamagics) -> Action {
        Action::Cast {
            spell: SpellId::default(),
            target: CastTarget::Caster,
            time,
            metamagic,
            defensively: false,
        }
    }

    /// « CRB — Casting Time »: a standard-action spell beside a move; a full-round or
    /// one-round spell takes the turn; swift and immediate spells (and quickened ones) take the
    /// turn's one swift action; a free one fits beside anything; a longer one never fits.
    #[test]
    fn casting_times_take_their_slot_of_the_turn() {
        use CastingTime::*;
        let plain = |t| cast(t, Metamagics::NONE);
        let quick = cast(
            Standard,
            Metamagics::NONE.with(super::super::spell::MetamagicKind::Quicken),
        );
        assert_eq!(run(&[plain(Standard), MOVE], false).0, ["cast", "move"]);
        assert_eq!(
            run(&[plain(FullRound), MOVE], false),
            (vec!["cast"], vec!["downgraded:action_economy"])
        );
        assert_eq!(run(&[plain(OneRound), ATTACK], false).0, ["cast"]);
        assert_eq!(
            run(&[plain(Swift), plain(Immediate)], false),
            (vec!["cast"], vec!["downgraded:action_economy"])
        );
        assert_eq!(
            run(&[quick, plain(Standard), MOVE], false).0,
            ["cast", "cast", "move"]
        );
        assert_eq!(run(&[plain(Free), FULL], false).0, ["cast", "full_attack"]);
        assert_eq!(
            run(&[plain(Long)], false),
            (vec![], vec!["downgraded:cast_time"])
        );
    }

    /// « CRB — Staggered », « Surprise »: one standard action — a standard-action spell fits,
    /// a full-round one does not; a swift spell stays beside.
    #[test]
    fn a_staggered_caster_casts_standard_spells_only() {
        use CastingTime::*;
        let plain = |t| cast(t, Metamagics::NONE);
        assert_eq!(run(&[plain(Standard)], true).0, ["cast"]);
        assert_eq!(
            run(&[plain(OneRound)], true),
            (vec![], vec!["downgraded:staggered"])
        );
        assert_eq!(
            run(&[plain(Swift), plain(Standard)], true).0,
            ["cast", "cast"]
        );
    }
}
