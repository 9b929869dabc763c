//! Rule tests of the tactical actions, one file per family: delaying and readying and the
//! order of play they change (`order`), the defensive stances and aid another (`defense`),
//! hiding and tumbling (`skills`), immediate actions out of turn and the results a policy reads
//! back (`reactions`). Each plays a tiny scripted-dice fight; the policies here are fixed
//! functions per unit ([`Script`]), so a test reads as « this unit does that ».

mod defense;
mod order;
mod reactions;
mod skills;

use crate::fight::{Plan, Policy, UnitId, View};
use crate::policy::DefaultPolicy;

/// What one unit decides, as a plain function of the view.
pub type Decide = fn(&View<'_>, UnitId, &mut Plan);

/// A policy for tactical tests: each listed unit decides with its function; the others idle
/// (or follow the default policy with [`Script::others_default`]).
#[derive(Clone, Default)]
pub struct Script {
    by: Vec<(usize, Decide)>,
    others_default: bool,
}

impl Script {
    pub fn new() -> Self {
        Self::default()
    }

    /// Unit `u` decides with `decide`.
    pub fn unit(mut self, u: usize, decide: Decide) -> Self {
        self.by.push((u, decide));
        self
    }

    /// The units not listed follow the default policy instead of idling.
    pub fn others_default(mut self) -> Self {
        self.others_default = true;
        self
    }
}

impl Policy for Script {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        match self.by.iter().find(|(u, _)| *u == me.index()) {
            Some((_, decide)) => decide(view, me, plan),
            None if self.others_default => DefaultPolicy.decide(view, me, plan),
            None => {}
        }
    }
}

/// Unit `i`.
pub fn unit(i: usize) -> UnitId {
    UnitId::new(i)
}
