//! Immediate actions out of turn, the results a policy reads back, and the tactical view
//! (« CRB — Immediate Actions »; the reference spec, « Actions immédiates hors-tour », « Retour
//! d'exécution des actions »): a policy answering « an enemy casts » with an immediate spell
//! spends its next swift action; what became of each action of a plan — dropped by the budget
//! included — is there at the next decision; the view answers a tactical policy's questions.

use std::cell::RefCell;
use std::rc::Rc;

use serde_json::json;

use super::super::cast::{cast, caster, on, with_spells};
use super::super::support::*;
use super::*;
use crate::fight::{Action, ActionResult, Event, Events, Readied, Trigger, View as FightView};

/// [`Script`] plus an answer: unit `reactor` answers every event it is offered with `answer`;
/// every event offered is recorded.
#[derive(Clone)]
struct Answers {
    script: Script,
    reactor: usize,
    answer: Action,
    offered: Rc<RefCell<Vec<(usize, Event)>>>,
}

impl Policy for Answers {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        self.script.decide(view, me, plan);
    }

    fn reacts_to(&self) -> Events {
        Events::ENEMY_CASTS
    }

    fn react(&mut self, _: &View<'_>, me: UnitId, event: Event) -> Option<Action> {
        self.offered.borrow_mut().push((me.index(), event));
        (me.index() == self.reactor).then_some(self.answer)
    }
}

/// « CRB — Immediate Actions »: « Using an immediate action [...] out of turn uses up your
/// swift action for your next turn »: the mage answers the enemy's magic missile with feather
/// fall (an immediate spell) before the missile, and has no swift action left on its turn.
#[test]
fn immediate_action_out_of_turn_uses_the_next_swift() {
    let feather_fall = cast("feather fall", on(0));
    fn casts_feather_fall(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(cast("feather fall", on(0)));
    }
    fn casts_missile(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(cast("magic missile", on(0)));
    }
    let slots = || json!({ "1": 2 });
    let mage = caster(
        "mage",
        "sorcerer_wizard",
        1,
        &["feather fall"],
        slots(),
        json!({}),
    );
    let enemy = caster(
        "enemy",
        "sorcerer_wizard",
        1,
        &["magic missile"],
        slots(),
        json!({}),
    );
    let s = with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![mage]), ("b", vec![enemy])],
        1,
    ));
    let policy = Answers {
        script: Script::new()
            .unit(0, casts_feather_fall)
            .unit(1, casts_missile),
        reactor: 0,
        answer: feather_fall,
        offered: Rc::default(),
    };
    let p = play_with(&s, &policy, &[(20, 10), (20, 20), (4, 2)]);
    p.assert_log(&[
        "- | - | initiative: mage d20=10+0=10",
        "- | - | initiative: enemy d20=20+0=20",
        "1 | mage | immediate action out of turn: cast",
        "1 | mage | casts feather fall (sorcerer_wizard 1, slot 1) (no combat effect modelled)",
        "1 | enemy | casts magic missile (sorcerer_wizard 1, slot 1) on mage: 1d4+1=3 force: 3 dmg (mage hp 20 -> 17)",
        "1 | mage | cast dropped: downgraded:immediate_swift",
        "- | - | battle over: draw after 1 rounds (round cap)",
    ]);
    let offered = policy.offered.borrow();
    assert!(
        matches!(offered[..], [(0, Event::EnemyCasts { caster, .. })] if caster == unit(1)),
        "{offered:?}"
    );
}

/// A policy that plays `plan` every turn and records what `last_results` says at each
/// decision.
#[derive(Clone)]
struct Remembers {
    plan: Vec<Action>,
    seen: Rc<RefCell<Vec<Vec<ActionResult>>>>,
}

impl Policy for Remembers {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        if me.index() == 0 {
            self.seen.borrow_mut().push(view.last_results(me).collect());
            self.plan.iter().for_each(|a| plan.push(*a));
        }
    }
}

/// The reference spec, « Retour d'exécution des actions »: the next decision reads what
/// became of each action of the last plan, in plan order — the second attack dropped by the
/// budget included.
#[test]
fn last_results_show_a_downgrade() {
    let s = scenario(
        room(&["AB"]),
        vec![
            (
                "a",
                vec![creature("hero", json!({ "attacks": [sword(0)] }))],
            ),
            ("b", vec![creature("dummy", json!({}))]),
        ],
        2,
    );
    let attack = Action::Attack { target: unit(1) };
    let policy = Remembers {
        plan: vec![attack, attack, Action::Delay { after: None }],
        seen: Rc::default(),
    };
    play_with(&s, &policy, &d20s(&[20, 1, 2, 2]));
    let seen = policy.seen.borrow();
    assert_eq!(seen[0], []);
    assert_eq!(
        seen[1],
        [
            ActionResult::done("attack"),
            ActionResult::refused("attack", "downgraded:action_economy"),
            ActionResult::refused("delay", "downgraded:action_economy"),
        ]
    );
}

/// A delay's result says so, and a readied action's going off is there at the readier's
/// next decision.
#[test]
fn last_results_show_a_delay_and_a_readied_action() {
    let s = scenario(
        room(&["A.B"]),
        vec![
            (
                "a",
                vec![creature("hero", json!({ "attacks": [sword(0)] }))],
            ),
            ("b", vec![creature("foe", json!({ "speed_land_ft": 5 }))]),
        ],
        2,
    );
    let policy = Remembers {
        plan: vec![Action::Ready {
            readied: Readied::Attack { target: None },
            trigger: Trigger::EnemyEntersReach,
        }],
        seen: Rc::default(),
    };
    #[derive(Clone)]
    struct FoeSteps(Remembers);
    impl Policy for FoeSteps {
        fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
            if me.index() == 1 {
                plan.push(Action::Move { target: unit(0) });
            } else {
                self.0.decide(view, me, plan);
            }
        }
    }
    let foe_steps = FoeSteps(policy.clone());
    play_with(&s, &foe_steps, &d20s(&[20, 10, 2]));
    assert_eq!(
        policy.seen.borrow()[1],
        [
            ActionResult::done_as("ready", "ready"),
            ActionResult::done("attack"),
        ]
    );
    let delays = Remembers {
        plan: vec![Action::Delay { after: None }],
        seen: Rc::default(),
    };
    play_with(&s, &delays, &d20s(&[20, 10]));
    assert_eq!(
        delays.seen.borrow()[1],
        [ActionResult::done_as("delay", "delayed")]
    );
}

/// The tactical questions of the view: order and initiative, stances and aid, the odds of
/// tumbling and aiding, hiding.
#[test]
fn the_view_answers_a_tactical_policys_questions() {
    let tumbler = creature(
        "hero",
        json!({
            "skills": { "acrobatics": { "ranks": 3, "class_skill": true } },
            "attacks": [sword(0)]
        }),
    );
    let s = scenario(
        room(&["AB", "A."]),
        vec![
            ("a", vec![tumbler, creature("friend", json!({}))]),
            ("b", vec![creature("foe", json!({ "attacks": [sword(0)] }))]),
        ],
        1,
    );
    with_fight(&s, |fight| {
        let view = FightView::new(fight);
        let (hero, friend, foe) = (unit(0), unit(1), unit(2));
        // Acrobatics +6 against CMD 11: 16 of 20 rolls; at full speed (−10), 6 of 20.
        assert_eq!(view.tumble_chance(hero, foe, false), 80);
        assert_eq!(view.tumble_chance(hero, foe, true), 30);
        // Sword +0 against AC 10: 11 of 20; the friend has no weapon.
        assert_eq!(view.aid_chance(hero, foe), Some(55));
        assert_eq!(view.aid_chance(friend, foe), None);
        assert_eq!(view.aid_against(friend, foe), (0, 0));
        assert!(!view.total_defense(hero) && !view.fighting_defensively(hero));
        assert!(view.readied(hero).is_none() && !view.delayed(hero));
        assert!(view.observes(foe, hero) && !view.can_hide(hero));
        assert!(!view.hidden_from(hero, foe) && !view.swift_spent(hero));
        assert_eq!(view.last_results(hero).count(), 0);
    });
}
