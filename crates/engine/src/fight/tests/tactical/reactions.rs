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

/// [`Script`] plus an answer: unit `reactor` answers every event of `kinds` it is offered with
/// `answer` (`None`: it only listens); every event offered is recorded.
#[derive(Clone)]
struct Answers {
    script: Script,
    kinds: Events,
    reactor: usize,
    answer: Option<Action>,
    offered: Rc<RefCell<Vec<(usize, Event)>>>,
}

impl Answers {
    fn new(script: Script, kinds: Events, reactor: usize, answer: Option<Action>) -> Self {
        Answers {
            script,
            kinds,
            reactor,
            answer,
            offered: Rc::default(),
        }
    }
}

impl Policy for Answers {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        self.script.decide(view, me, plan);
    }

    fn reacts_to(&self) -> Events {
        self.kinds
    }

    fn react(&mut self, _: &View<'_>, me: UnitId, event: Event) -> Option<Action> {
        self.offered.borrow_mut().push((me.index(), event));
        self.answer.filter(|_| me.index() == self.reactor)
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
    let script = Script::new()
        .unit(0, casts_feather_fall)
        .unit(1, casts_missile);
    let policy = Answers::new(script, Events::ENEMY_CASTS, 0, Some(feather_fall));
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

/// Two wizards 20 ft apart: the mage (unit 0, feather fall, `patch`) and the enemy (unit 1,
/// magic missile at the mage), enemy first.
fn mage_and_enemy(patch: serde_json::Value) -> crate::scenario::Scenario {
    let slots = || json!({ "1": 2 });
    let mage = caster(
        "mage",
        "sorcerer_wizard",
        1,
        &["feather fall"],
        slots(),
        patch,
    );
    let enemy = caster(
        "enemy",
        "sorcerer_wizard",
        1,
        &["magic missile"],
        slots(),
        json!({}),
    );
    with_spells(scenario(
        room(&["A...B"]),
        vec![("a", vec![mage]), ("b", vec![enemy])],
        1,
    ))
}

/// « CRB — Immediate Actions »: « You also cannot use an immediate action if you are
/// flat-footed »; its swift action stays for its turn.
#[test]
fn a_flat_footed_creature_takes_no_immediate_action() {
    fn casts_missile(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(cast("magic missile", on(0)));
    }
    fn casts_feather_fall(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(cast("feather fall", on(0)));
    }
    let script = Script::new()
        .unit(0, casts_feather_fall)
        .unit(1, casts_missile);
    let answer = Some(cast("feather fall", on(0)));
    let policy = Answers::new(script, Events::ENEMY_CASTS, 0, answer);
    let s = mage_and_enemy(json!({ "conditions": ["flat_footed"] }));
    let p = play_with(&s, &policy, &[(20, 10), (20, 20), (4, 2)]);
    assert_eq!(
        p.said_by("mage"),
        [
            "cast refused: flat_footed",
            "casts feather fall (sorcerer_wizard 1, slot 1) (no combat effect modelled)"
        ]
    );
}

/// « CRB — Immediate Actions »: « Using an immediate action on your turn is the same as using
/// a swift action »: wounded by an attack of opportunity as it flees, the mage answers with
/// feather fall, and the feather fall of its plan is dropped.
#[test]
fn an_immediate_action_on_its_own_turn_takes_that_turns_swift() {
    fn flees_then_casts(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Flee);
        plan.push(cast("feather fall", on(0)));
    }
    let slots = json!({ "1": 2 });
    let mage = caster(
        "mage",
        "sorcerer_wizard",
        1,
        &["feather fall"],
        slots,
        json!({}),
    );
    let orc = creature("orc", json!({ "attacks": [sword(0)] }));
    let s = with_spells(scenario(
        room(&["BA..."]),
        vec![("a", vec![mage]), ("b", vec![orc])],
        1,
    ));
    let answer = Some(cast("feather fall", on(0)));
    let script = Script::new().unit(0, flees_then_casts);
    let policy = Answers::new(script, Events::WOUNDED, 0, answer);
    let p = play_with(&s, &policy, &[(20, 20), (20, 10), (20, 15), (6, 3)]);
    assert_eq!(
        p.said_by("mage")[1..],
        [
            "immediate action: cast",
            "casts feather fall (sorcerer_wizard 1, slot 1) (no combat effect modelled)",
            "cast dropped: downgraded:immediate_swift",
        ]
    );
}

/// The reference spec, « Actions immédiates hors-tour »: the events a listening policy is
/// offered — an enemy entering its reach, then a wound — each once the foe's action is over.
#[test]
fn reaction_events_are_offered_once_the_action_is_over() {
    fn comes_and_strikes(_: &View<'_>, _: UnitId, plan: &mut Plan) {
        plan.push(Action::Move { target: unit(0) });
        plan.push(Action::Attack { target: unit(0) });
    }
    let s = scenario(
        room(&["A..B"]),
        vec![
            (
                "a",
                vec![creature("hero", json!({ "attacks": [sword(0)] }))],
            ),
            ("b", vec![creature("foe", json!({ "attacks": [sword(0)] }))]),
        ],
        1,
    );
    let kinds = Events::ENEMY_ENTERS_REACH.with(Events::WOUNDED);
    let policy = Answers::new(Script::new().unit(1, comes_and_strikes), kinds, 0, None);
    play_with(&s, &policy, &[(20, 1), (20, 20), (20, 15), (6, 3)]);
    let foe = unit(1);
    assert_eq!(
        policy.offered.borrow()[..],
        [
            (0, Event::EnemyEntersReach { mover: foe }),
            (0, Event::Wounded { actor: foe, hp: 3 }),
        ]
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
