//! The policy seam: any [`Policy`] plugs into a batch (`play::run_range_with`) or a logged
//! fight (`play::play_logged_with`); a policy with memory hears each fight start, so nothing
//! it keeps leaks from one run into the next; a boxed `dyn Policy` plays like the concrete one.

use crate::fight::{Plan, Policy, UnitId, View};
use crate::play::{play_logged, play_logged_with, run_range, run_range_with};
use crate::policy::{DefaultPolicy, SidePolicies};
use crate::rng::{RunIndex, Seed, SeededDice};

use super::support::*;

/// The default policy, counting the fights it hears start and the turns it decides.
#[derive(Default)]
struct Counting {
    fights: u32,
    turns_this_fight: u32,
    turns: u32,
}

impl Policy for Counting {
    fn start_fight(&mut self, _view: &View<'_>) {
        self.fights += 1;
        self.turns_this_fight = 0;
    }

    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        self.turns_this_fight += 1;
        self.turns += 1;
        DefaultPolicy.decide(view, me, plan);
    }
}

#[test]
fn run_range_is_run_range_with_side_policies() {
    let s = quick_start();
    assert_eq!(
        run_range(&s, Seed(3), 0..300),
        run_range_with(&s, Seed(3), 0..300, &mut SidePolicies)
    );
}

#[test]
fn a_policy_with_memory_hears_each_fight_start() {
    let s = quick_start();
    let mut counting = Counting::default();
    let tally = run_range_with(&s, Seed(3), 0..50, &mut counting);
    assert_eq!(counting.fights, 50);
    assert!(
        counting.turns >= 50 * 5,
        "every unit decides at least once a fight"
    );
    // With every side on the default tactic, the default policy is the sides' policy.
    assert_eq!(tally, run_range(&s, Seed(3), 0..50));
}

#[test]
fn a_boxed_policy_plays_like_the_concrete_one() {
    let s = quick_start();
    let mut boxed: Box<dyn Policy> = Box::new(DefaultPolicy);
    let logged = |policy: &mut dyn Policy| {
        play_logged_with(&s, &mut SeededDice::for_run(Seed(9), RunIndex(4)), policy)
    };
    let (outcome, lines, tally) = logged(boxed.as_mut());
    assert_eq!(
        (outcome, lines, tally),
        play_logged(&s, &mut SeededDice::for_run(Seed(9), RunIndex(4)))
    );
    let mut counting = Counting::default();
    logged(&mut counting);
    assert_eq!(counting.fights, 1);
    assert_eq!(counting.turns, counting.turns_this_fight);
}
