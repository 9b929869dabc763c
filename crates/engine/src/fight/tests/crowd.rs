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

use serde_json::json;

use crate::board::Pos;

use super::support::{
    creature, goblin_and_orc, play_dice, room, scenario, scenario_with, sword, with_fight,
};

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

/// A brute with a sword alone (its squares to strike from are the target's neighbours) in the
/// corner of an open `side`×`side` room, and 48 sword-armed sentries packed in rings 0 to 3
/// around its center: ring 0 is the target, rings 1 and 3 are full, ring 2 is full but for
/// `pocket` (its free squares, given as offsets from the center). The brute's detour toward the
/// target, compared with the whole exact fill's, from where it stands.
fn hemmed_in_detour(side: u16, pocket: &[(i32, i32)]) -> Approach {
    let c = i32::from(side / 2);
    let mut zones = vec![vec!['.'; usize::from(side)]; usize::from(side)];
    zones[0][0] = 'A';
    for dr in -3i32..=3 {
        for dc in -3i32..=3 {
            if !pocket.contains(&(dr, dc)) {
                zones[(c + dr) as usize][(c + dc) as usize] = 'B';
            }
        }
    }
    let rows: Vec<String> = zones.iter().map(|r| r.iter().collect()).collect();
    let rows: Vec<&str> = rows.iter().map(String::as_str).collect();
    let sentries = 49 - pocket.len();
    let brute = creature("brute", json!({ "attacks": [sword(3)] }));
    let sentry = creature("sentry", json!({ "attacks": [sword(1)] }));
    let s = scenario(
        room(&rows),
        vec![("a", vec![brute]), ("b", vec![sentry; sentries])],
        10,
    );
    let mut found = None;
    with_fight(&s, |fight| {
        let center = Pos::new(c as u16, c as u16);
        let t = (0..fight.units.len())
            .find(|&o| fight.units[o].pos == center)
            .expect("a sentry at the center");
        let budget = fight.move_squares(0);
        let (mut fast, mut full) = (Vec::new(), Vec::new());
        let reference = fight.detour_by_full_fill(0, t, budget, &mut full);
        assert_eq!(
            (fight.detour(0, t, budget, &mut fast), &fast),
            (reference, &full)
        );
        assert!(!fast.is_empty() || reference == Approach::Stuck);
        found = Some(reference);
    });
    found.unwrap()
}

/// A target hemmed in on every side leaves no square to strike it from: the detour skips the
/// flood, finds the lowest terrain cost among the free squares ring by ring and walks toward
/// the first of that cost the exact fill reaches — the square and path of the whole fill,
/// whether that square is reachable (ring 4), lies in a pocket the brute cannot reach with
/// the fill capped first (64×64: more states than the cap) or with the fill running out
/// (20×20), or there are two pockets.
#[test]
fn a_detour_toward_a_hemmed_in_target_plans_as_the_whole_fill() {
    assert_eq!(hemmed_in_detour(20, &[]), Approach::Closer);
    assert_eq!(hemmed_in_detour(64, &[]), Approach::Closer);
    assert_eq!(hemmed_in_detour(20, &[(2, 0)]), Approach::Closer);
    assert_eq!(hemmed_in_detour(64, &[(-2, 1)]), Approach::Closer);
    assert_eq!(hemmed_in_detour(64, &[(2, 2), (-2, -1)]), Approach::Closer);
}
