//! « Speed at scale »: the cheap question a crowd's blocked creature asks of every enemy —
//! does a move toward it end where it strikes? ([`View::move_strikes`]) — answers exactly what
//! the full plan ([`View::move_toward`]) says, at every decision of crowded fights; so does
//! « does the move end where it strikes? » ([`View::strikes_after_move`]), and the detour
//! that floods before it fills (`Fight::detour`) plans exactly the path of the whole exact
//! fill, for every mover toward every other creature.

use std::cell::Cell;
use std::rc::Rc;

use crate::fight::{Approach, Plan, Policy, UnitId, View};
use crate::policy::DefaultPolicy;
use crate::rng::{RunIndex, Seed, SeededDice};
use crate::scenario::FightOptions;

use super::support::{goblin_and_orc, play_dice, scenario_with};

/// The default policy, checking first at each decision that the cheap question and the full
/// plan agree for every other creature, and so do the detour and the whole fill (counting the
/// « no » answers, and the detours cut off from every square to strike from).
#[derive(Clone)]
struct Checking(Rc<Cell<u32>>, Rc<Cell<u32>>);

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
            let fight = view.fight();
            let (u, t) = (me.index(), o.index());
            let budget = fight.move_squares(u);
            let (mut fast, mut full) = (Vec::new(), Vec::new());
            let reference = fight.detour_by_full_fill(u, t, budget, &mut full);
            assert_eq!(
                (fight.detour(u, t, budget, &mut fast), &fast),
                (reference, &full),
                "{me:?} → {o:?}: the detour"
            );
            self.1
                .set(self.1.get() + u32::from(reference != Approach::Strikes));
            assert_eq!(
                view.strikes_after_move(me, o),
                view.strikes_after_planned_move(me, o),
                "{me:?} → {o:?} after a move"
            );
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
    let (refused, cut_off) = (Rc::new(Cell::new(0)), Rc::new(Cell::new(0)));
    for run in 0..3 {
        let mut dice = SeededDice::for_run(Seed(5), RunIndex(run));
        play_dice(&s, &Checking(refused.clone(), cut_off.clone()), &mut dice);
    }
    // The crowd does block: many questions are answered « no ».
    assert!(refused.get() > 100, "{} refusals", refused.get());
    // And cuts creatures off: the flood decides those detours.
    assert!(cut_off.get() > 100, "{} cut off", cut_off.get());
}
