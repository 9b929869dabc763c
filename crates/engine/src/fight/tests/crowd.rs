//! « Speed at scale »: the cheap question a crowd's blocked creature asks of every enemy —
//! does a move toward it end where it strikes? ([`View::move_strikes`]) — answers exactly what
//! the full plan ([`View::move_toward`]) says, at every decision of crowded fights.

use std::cell::Cell;
use std::rc::Rc;

use crate::fight::{Approach, Plan, Policy, UnitId, View};
use crate::policy::DefaultPolicy;
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::scenario::FightOptions;

use super::support::{goblin_and_orc, play_dice, scenario_with};

/// The default policy, checking first at each decision that the cheap question and the full
/// plan agree for every other creature (and counting the « no » answers).
#[derive(Clone)]
struct Checking(Rc<Cell<u32>>);

impl Policy for Checking {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        for o in view.units().filter(|&o| o != me && view.active(o)) {
            let cheap = view.move_strikes(me, o);
            assert_eq!(
                cheap,
                view.move_toward(me, o) == Approach::Strikes,
                "{me:?} → {o:?}"
            );
            self.0.set(self.0.get() + u32::from(!cheap));
        }
        DefaultPolicy.decide(view, me, plan);
    }
}

#[test]
fn a_crowds_cheap_strike_question_answers_as_the_full_plan() {
    let (goblin, orc) = goblin_and_orc();
    let field = crate::map::parse_map(
        "field_30",
        include_str!("../../../../../bench/maps/field_30.yaml"),
    )
    .unwrap();
    let s = scenario_with(
        field,
        vec![("players", vec![goblin; 16]), ("monsters", vec![orc; 16])],
        FightOptions::default(),
    );
    let refused = Rc::new(Cell::new(0));
    for run in 0..3 {
        let mut dice = SeededDice::for_run(Seed(5), RunIndex(run));
        play_dice(&s, &Checking(refused.clone()), &mut dice);
    }
    // The crowd does block: many questions are answered « no ».
    assert!(refused.get() > 100, "{} refusals", refused.get());
}
