//! Actions and the action economy (« CRB — Actions in Combat », seed 000 « Économie
//! d'action » and « Retour d'exécution des actions »). A policy returns an ordered [`Plan`];
//! [`budget`] keeps, greedily in order, each action whose slot is still free — a standard and a
//! move action, or one full-round action; a second move action may use the standard slot; the
//! 5-foot step is free but excludes any other movement — and reports every dropped action as
//! `downgraded:action_economy`. A staggered combatant gets one move or standard action: a full
//! attack becomes a single attack, other full-round actions are dropped
//! (`downgraded:staggered`).

use crate::board::Pos;

/// Index of a unit in the scenario.
pub type UnitId = usize;

/// One action a policy may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Standard: one attack with the first usable weapon.
    Attack { target: UnitId },
    /// Full round: every attack the weapon allows (iteratives, natural attacks).
    FullAttack { target: UnitId },
    /// Move: up to speed along the shortest real path, until the target can be attacked.
    Move { target: UnitId },
    /// Free, no attack of opportunity: one square toward the target; no other movement.
    FiveFootStep { target: UnitId },
    /// Free, no attack of opportunity: the 5-foot step to the neighbouring square `to` (a
    /// policy's choice, e.g. out of reach); nothing happens unless it is a legal step when it
    /// is taken. No other movement.
    FiveFootStepTo { to: Pos },
    /// Full round: straight line, up to 2× speed, then one melee attack at +2, −2 AC.
    Charge { target: UnitId },
    /// Full round: up to 2× speed away from the nearest enemy; the start square provokes not.
    Withdraw,
    /// Full round: up to 4× speed in a straight line toward the target.
    Run { target: UnitId },
    /// Move: up to speed away from the nearest enemy (a frightened or panicked creature's
    /// flight); provokes like any move.
    Flee,
    /// Move: stands up from prone; provokes attacks of opportunity (« CRB — Stand Up »).
    StandUp,
    /// Free: drops prone.
    DropProne,
    /// Free: turns Power Attack / Deadly Aim on or off (« CRB — Power Attack »).
    PowerAttack { on: bool },
}

impl Action {
    pub fn kind(self) -> &'static str {
        match self {
            Action::Attack { .. } => "attack",
            Action::FullAttack { .. } => "full_attack",
            Action::Move { .. } => "move",
            Action::FiveFootStep { .. } | Action::FiveFootStepTo { .. } => "5foot_step",
            Action::Charge { .. } => "charge",
            Action::Withdraw => "withdraw",
            Action::Run { .. } => "run",
            Action::Flee => "flee",
            Action::StandUp => "stand_up",
            Action::DropProne => "drop_prone",
            Action::PowerAttack { .. } => "power_attack",
        }
    }

    fn slot(self) -> Slot {
        match self {
            Action::Attack { .. } => Slot::Standard,
            Action::Move { .. } | Action::Flee | Action::StandUp => Slot::Move,
            Action::DropProne | Action::PowerAttack { .. } => Slot::Free,
            Action::FiveFootStep { .. } | Action::FiveFootStepTo { .. } => Slot::Step,
            Action::FullAttack { .. }
            | Action::Charge { .. }
            | Action::Withdraw
            | Action::Run { .. } => Slot::FullRound,
        }
    }

    /// Moves the combatant (for the 5-foot step exclusivity).
    fn moves(self) -> bool {
        !matches!(
            self,
            Action::Attack { .. }
                | Action::FullAttack { .. }
                | Action::StandUp
                | Action::DropProne
                | Action::PowerAttack { .. }
        )
    }

    /// Leaves the combatant's square (refused while it cannot move).
    fn travels(self) -> bool {
        self.moves()
    }

    /// Charge or run (refused while fatigued, exhausted, entangled or prone).
    fn runs_or_charges(self) -> bool {
        matches!(self, Action::Charge { .. } | Action::Run { .. })
    }

    /// A true move action (what a nauseated creature may still take).
    fn is_move_action(self) -> bool {
        matches!(self, Action::Move { .. } | Action::Flee | Action::StandUp)
    }
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    Standard,
    Move,
    FullRound,
    Step,
    Free,
}

/// What conditions leave of a turn (seed 000 « Conditions effectives »).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// One move or standard action (staggered, disabled).
    pub staggered: bool,
    /// A single move action and nothing else (nauseated, panicked, pinned).
    pub move_only: bool,
    /// No movement out of its square (grappled, pinned, paralyzed).
    pub cant_move: bool,
    /// No run or charge (fatigued, exhausted, entangled, prone).
    pub no_run_charge: bool,
}

/// What became of one action (seed « ActionResult »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActionResult {
    pub kind: &'static str,
    pub ok: bool,
    pub reason: &'static str,
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

/// Keeps the legal prefix-subsequence of `plan` and reports the rest (`dropped`), in order.
pub fn budget(
    plan: &Plan,
    limits: Limits,
    kept: &mut Plan,
    dropped: &mut [Option<ActionResult>; MAX_PLAN],
) {
    *kept = Plan::new();
    *dropped = [None; MAX_PLAN];
    let (mut standard, mut moved, mut stepped, mut any_move, mut acted) =
        (false, false, false, false, false);
    let staggered = limits.staggered;
    let limited = limits.move_only || limits.cant_move || limits.no_run_charge;
    for (i, action) in plan.iter().enumerate() {
        let refused = if !limited {
            None
        } else if limits.move_only && (acted || !action.is_move_action()) {
            Some("downgraded:cant_attack")
        } else if limits.cant_move && action.travels() {
            Some("downgraded:cant_move")
        } else if limits.no_run_charge && action.runs_or_charges() {
            Some("downgraded:cant_run_or_charge")
        } else {
            None
        };
        if let Some(reason) = refused {
            dropped[i] = Some(ActionResult {
                kind: action.kind(),
                ok: false,
                reason,
            });
            continue;
        }
        if limits.move_only {
            acted = true;
            kept.push(action);
            continue;
        }
        if action.slot() == Slot::Free {
            kept.push(action);
            continue;
        }
        if staggered {
            // « CRB — Staggered »: a single move or standard action (free actions stay).
            let one = match action {
                Action::FullAttack { target } => Some(Action::Attack { target }),
                Action::Attack { .. }
                | Action::Move { .. }
                | Action::Flee
                | Action::StandUp
                | Action::DropProne
                | Action::PowerAttack { .. } => Some(action),
                Action::FiveFootStep { .. } | Action::FiveFootStepTo { .. } => Some(action),
                Action::Charge { .. } | Action::Withdraw | Action::Run { .. } => None,
            };
            let step = matches!(
                action,
                Action::FiveFootStep { .. } | Action::FiveFootStepTo { .. }
            );
            match one {
                Some(a) if step && !any_move => {
                    any_move = true;
                    stepped = true;
                    kept.push(a);
                }
                Some(a) if !(step || acted || (stepped && a.moves())) => {
                    acted = true;
                    any_move |= a.moves();
                    kept.push(a);
                }
                _ => {
                    dropped[i] = Some(ActionResult {
                        kind: action.kind(),
                        ok: false,
                        reason: "downgraded:staggered",
                    })
                }
            }
            continue;
        }
        let fits = match action.slot() {
            Slot::Standard if !standard => {
                standard = true;
                true
            }
            Slot::Move if !moved && !stepped => {
                moved = true;
                true
            }
            // A move action taken instead of the standard action (« CRB — Move Actions »).
            Slot::Move if moved && !standard && !stepped => {
                standard = true;
                true
            }
            Slot::FullRound if !(standard || moved || (stepped && action.moves())) => {
                standard = true;
                moved = true;
                true
            }
            Slot::Step if !any_move => {
                stepped = true;
                true
            }
            _ => false,
        };
        if fits {
            any_move |= action.moves();
            kept.push(action);
        } else {
            dropped[i] = Some(ActionResult {
                kind: action.kind(),
                ok: false,
                reason: "downgraded:action_economy",
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

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

    const T: UnitId = 1;
    const ATTACK: Action = Action::Attack { target: T };
    const FULL: Action = Action::FullAttack { target: T };
    const MOVE: Action = Action::Move { target: T };
    const STEP: Action = Action::FiveFootStep { target: T };
    const CHARGE: Action = Action::Charge { target: T };

    #[test]
    fn economy_keeps_the_legal_prefix_subsequence() {
        // The seed's examples (« Économie d'action »).
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
}
