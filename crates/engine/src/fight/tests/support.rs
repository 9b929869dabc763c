//! Shared helpers for the fight rule tests: tiny maps drawn in ASCII, stat blocks built from a
//! plain base plus JSON overrides, fights played with scripted dice (default policy or fixed
//! plans) and readable assertions on their log.
//!
//! Conventions: zone letter `A` is side `a`, `B` is side `b` (deployment in that order unless
//! a test says otherwise); members fill their zone in (row, col) order, so a zone painted with
//! exactly one letter per member places every unit where the drawing shows it. The legend is
//! fixed: `.` floor, `#` wall (blocks line of effect), `T` difficult terrain (cost 2), and
//! three impassable obstacles giving cover without blocking line of effect — `p` partial (+2),
//! `C` standard (+4), `I` improved (+8).

use serde_json::{Value, json};

use crate::board::Pos;
use crate::map::{Map, parse_map};
use crate::model::{Combatant, parse_combatant};
use crate::rng::{Roller, ScriptedDice};
use crate::scenario::{FightOptions, Scenario, SideSpec};
use crate::tally::Tally;

use crate::fight::{
    Action, Fight, Keep, Outcome, Plan, Policy, Scratch, TranscriptLine, UnitId, View, prepare,
};
use crate::policy::DefaultPolicy;

const LEGEND: &str = r##"legend:
  ".": { type: floor, move_cost: 1 }
  "#": { type: wall, move_cost: null, blocks_los: true }
  "T": { type: rubble, move_cost: 2 }
  "p": { type: low wall, move_cost: null, cover_bonus: 2 }
  "C": { type: pillar, move_cost: null, cover: true }
  "I": { type: arrow slit, move_cost: null, cover_bonus: 8 }
  "f": { type: forest, move_cost: 2 }
"##;

/// A map from its layers; `deployment` lists (side, zone letter) in side order.
pub fn map_with(
    terrain: &[&str],
    zones: &[&str],
    elevation: Option<&[&str]>,
    deployment: &[(&str, char)],
) -> Map {
    let block = |name: &str, rows: &[&str]| {
        let mut s = format!("{name}: |\n");
        for r in rows {
            s.push_str("  ");
            s.push_str(r);
            s.push('\n');
        }
        s
    };
    let mut yaml = block("terrain", terrain);
    yaml.push_str(LEGEND);
    if let Some(e) = elevation {
        yaml.push_str(&block("elevation", e));
    }
    yaml.push_str(&block("zones", zones));
    yaml.push_str("deployment:\n");
    for (side, letter) in deployment {
        yaml.push_str(&format!("  {side}: {letter}\n"));
    }
    parse_map("test.yaml", &yaml).unwrap_or_else(|e| panic!("{e}\n{yaml}"))
}

/// A map with sides `a` (zone A) then `b` (zone B).
pub fn map(terrain: &[&str], zones: &[&str]) -> Map {
    map_with(terrain, zones, None, &[("a", 'A'), ("b", 'B')])
}

/// A floor-only room whose zone layer is `zones` (terrain `.` everywhere).
pub fn room(zones: &[&str]) -> Map {
    let floor: Vec<String> = zones.iter().map(|r| ".".repeat(r.len())).collect();
    let floor: Vec<&str> = floor.iter().map(String::as_str).collect();
    map(&floor, zones)
}

/// Deep-merges `patch` into `base` (objects merge key by key; anything else replaces).
fn merge(base: &mut Value, patch: Value) {
    match (base, patch) {
        (Value::Object(b), Value::Object(p)) => {
            for (k, v) in p {
                match b.get_mut(&k) {
                    Some(slot) => merge(slot, v),
                    None => {
                        b.insert(k, v);
                    }
                }
            }
        }
        (slot, v) => *slot = v,
    }
}

/// A plain Medium humanoid monster named `name` — every ability 10, 20 hp, AC 10 (touch
/// 10), BAB +1, initiative +0, speed 30 ft, no attack — with `patch` merged over it.
pub fn creature(name: &str, patch: Value) -> Combatant {
    let mut base = json!({
        "name": name,
        "abilities": {
            "str_score": 10, "dex_score": 10, "con_score": 10,
            "int_score": 10, "wis_score": 10, "cha_score": 10
        },
        "hp_max": 20,
        "ac": { "total": 10, "touch": 10, "flat_footed": 10 },
        "bab": 1,
        "initiative_mod": 0,
        "saves": { "fort": 0, "ref": 0, "will": 0 },
        "attacks": []
    });
    merge(&mut base, patch);
    let text = base.to_string();
    parse_combatant(name, &text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

/// [`creature`] from `defaults` with `patch` merged over them.
pub fn creature_over(name: &str, mut defaults: Value, patch: Value) -> Combatant {
    merge(&mut defaults, patch);
    creature(name, defaults)
}

/// A melee attack: `name`, +`bonus`, `formula` of `types`, default crit (20/×2).
pub fn melee(name: &str, bonus: i32, formula: &str, types: &[&str]) -> Value {
    json!({
        "name": name, "kind": "melee", "attack_bonus": bonus,
        "damage": [{ "formula": formula, "types": types }]
    })
}

/// A sword: melee +`bonus`, 1d6 slashing, 20/×2.
pub fn sword(bonus: i32) -> Value {
    melee("sword", bonus, "1d6", &["slashing"])
}

/// A bow: ranged +`bonus`, 1d6 piercing, 20/×3, range increment `increment_ft`.
pub fn bow(bonus: i32, increment_ft: u32) -> Value {
    json!({
        "name": "bow", "kind": "ranged", "attack_bonus": bonus,
        "damage": [{ "formula": "1d6", "types": ["piercing"] }],
        "crit_mult": 3, "range_increment_ft": increment_ft
    })
}

/// A scenario of `sides` (name, combatants) on `map`, with a round cap and full death rules.
pub fn scenario(map: Map, sides: Vec<(&str, Vec<Combatant>)>, round_cap: u32) -> Scenario {
    scenario_with(
        map,
        sides,
        FightOptions {
            round_cap,
            simple_monster_death: false,
        },
    )
}

pub fn scenario_with(
    map: Map,
    sides: Vec<(&str, Vec<Combatant>)>,
    options: FightOptions,
) -> Scenario {
    let sides = sides
        .into_iter()
        .map(|(name, combatants)| SideSpec {
            name: name.to_string(),
            combatants,
        })
        .collect();
    Scenario::new(map, "test.yaml", sides, options).unwrap_or_else(|e| panic!("{e}"))
}

/// The goblin and the orc of data/monsters.
pub fn goblin_and_orc() -> (Combatant, Combatant) {
    let goblin = parse_combatant(
        "goblin",
        include_str!("../../../../../data/monsters/goblin.json"),
    )
    .unwrap();
    let orc =
        parse_combatant("orc", include_str!("../../../../../data/monsters/orc.json")).unwrap();
    (goblin, orc)
}

/// The quick start of the README: 3 goblins (side `players`) against 2 orcs (side `monsters`)
/// on the sample arena, default options.
pub fn quick_start() -> Scenario {
    let (goblin, orc) = goblin_and_orc();
    let arena = parse_map(
        "arena",
        include_str!("../../../../../data/maps/sample_arena.yaml"),
    )
    .unwrap();
    scenario_with(
        arena,
        vec![
            ("players", vec![goblin.clone(), goblin.clone(), goblin]),
            ("monsters", vec![orc.clone(), orc]),
        ],
        FightOptions::default(),
    )
}

/// Builds the fight of `s`, resets it (start conditions applied) and hands it to `check`, for
/// tests that query a fight's numbers without playing it.
pub fn with_fight(s: &Scenario, check: impl FnOnce(&Fight)) {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    fight.reset();
    check(&fight);
}

/// A policy for rule tests: units given a fixed plan play it every turn (an empty plan idles);
/// the others follow the default policy.
#[derive(Clone, Default)]
pub struct Plans {
    fixed: Vec<(usize, Vec<Action>)>,
}

impl Plans {
    pub fn new() -> Self {
        Self::default()
    }

    /// Units `units` do nothing on their turns.
    pub fn idle(mut self, units: &[usize]) -> Self {
        self.fixed.extend(units.iter().map(|&u| (u, Vec::new())));
        self
    }

    /// Unit `u` plays `actions` on each of its turns.
    pub fn fixed(mut self, u: usize, actions: &[Action]) -> Self {
        self.fixed.push((u, actions.to_vec()));
        self
    }
}

impl Policy for Plans {
    fn decide(&mut self, view: &View<'_>, me: UnitId, plan: &mut Plan) {
        match self.fixed.iter().find(|(u, _)| *u == me.index()) {
            Some((_, actions)) => actions.iter().for_each(|a| plan.push(*a)),
            None => DefaultPolicy.decide(view, me, plan),
        }
    }
}

/// One fight and everything it logged.
#[derive(Debug)]
pub struct Played {
    pub outcome: Outcome,
    pub lines: Vec<TranscriptLine>,
    pub tally: Tally,
    /// Where each unit stands (or lies) at the end, in unit order.
    pub positions: Vec<Pos>,
}

/// Plays `s` with the default policy and exactly the rolls of `script`: a roll left unused
/// fails the test as loudly as a missing one. The public harness [`crate::play::play_logged`] must
/// tell the same story.
pub fn play(s: &Scenario, script: &[(u32, u32)]) -> Played {
    let played = play_with(s, &DefaultPolicy, script);
    let (outcome, lines, tally) =
        crate::play::play_logged(s, &mut ScriptedDice::new(script.iter().copied()));
    assert_eq!(
        (outcome, &lines, &tally),
        (played.outcome, &played.lines, &played.tally)
    );
    played
}

/// Plays `s` with (a copy of) `policy` and exactly the rolls of `script`.
pub fn play_with(s: &Scenario, policy: &(impl Policy + Clone), script: &[(u32, u32)]) -> Played {
    let mut dice = ScriptedDice::new(script.iter().copied());
    let played = play_dice(s, policy, &mut dice);
    assert!(
        dice.is_exhausted(),
        "{} scripted rolls left unused; the fight logged:\n{}",
        dice.remaining(),
        played.render().join("\n")
    );
    played
}

/// Plays `s` with (a copy of) `policy`, rolling from `dice`.
pub fn play_dice<R: Roller>(s: &Scenario, policy: &(impl Policy + Clone), dice: &mut R) -> Played {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    let mut scratch = Scratch::default();
    let mut sink = Keep::default();
    let outcome = fight.play(&mut policy.clone(), &mut scratch, dice, &mut sink);
    check_occupancy(&fight);
    let mut tally = Tally::empty(s.sides().len(), s.units().len());
    fight.record(outcome, &mut tally);
    tally.note_run(0, outcome.winner, outcome.rounds);
    Played {
        outcome,
        lines: sink.0,
        tally,
        positions: fight.units.iter().map(|u| u.pos).collect(),
    }
}

/// `attacker` (unit 0, side `a`) and `target` (unit 1, side `b`) side by side in a 1×2 room
/// for `rounds` rounds: the attacker plays the default policy, the target idles. Initiative is
/// rolled for them first (20 and 1), then `script`.
pub fn duel(attacker: Combatant, target: Combatant, rounds: u32, script: &[(u32, u32)]) -> Played {
    let s = scenario(
        room(&["AB"]),
        vec![("a", vec![attacker]), ("b", vec![target])],
        rounds,
    );
    let mut rolls = vec![(20, 20), (20, 1)];
    rolls.extend_from_slice(script);
    play_with(&s, &Plans::new().idle(&[1]), &rolls)
}

/// The occupancy grid agrees with the units' footprints (the living, the fallen and the dead
/// all hold their squares; a summoned creature not on the battlefield holds none), layer by
/// layer: every square some footprint covers is marked in
/// that unit's layer, and only by a unit whose footprint covers it — so no two units of one
/// layer ever share a square.
fn check_occupancy(fight: &Fight) {
    use crate::board::Board;
    for i in 0..fight.map.len() {
        let at = fight.map.pos_of(i);
        for layer in 0..=3 {
            let covering: Vec<usize> = (0..fight.units.len())
                .filter(|&u| {
                    !fight.units[u].absent
                        && fight.info[u].size.occupancy_layer() == layer
                        && fight.info[u]
                            .size
                            .squares(fight.units[u].pos)
                            .any(|q| q == at)
                })
                .collect();
            assert!(covering.len() <= 1, "{at} holds {covering:?} in one layer");
            match fight.occupant(at, layer) {
                None => assert!(
                    covering.is_empty(),
                    "{at} holds {covering:?} but is marked free"
                ),
                Some(u) => assert!(
                    covering.contains(&u),
                    "{at} is marked for unit {u}, which is not there"
                ),
            }
        }
    }
}

/// d20 rolls, for scripts: `d20s(&[12, 3])`.
pub fn d20s(values: &[u32]) -> Vec<(u32, u32)> {
    values.iter().map(|&v| (20, v)).collect()
}

impl Played {
    /// Every line as `round | actor | message` (`-` for none): the golden-transcript form.
    pub fn render(&self) -> Vec<String> {
        self.lines
            .iter()
            .map(|l| {
                format!(
                    "{} | {} | {}",
                    l.round.map_or("-".to_string(), |r| r.to_string()),
                    l.actor.as_deref().unwrap_or("-"),
                    l.message
                )
            })
            .collect()
    }

    /// Messages of `actor`, in order.
    pub fn said_by(&self, actor: &str) -> Vec<&str> {
        self.lines
            .iter()
            .filter(|l| l.actor.as_deref() == Some(actor))
            .map(|l| l.message.as_str())
            .collect()
    }

    /// Number of messages containing `needle`.
    pub fn count(&self, needle: &str) -> usize {
        self.lines
            .iter()
            .filter(|l| l.message.contains(needle))
            .count()
    }

    /// Asserts the whole log, line by line, showing both on failure.
    pub fn assert_log(&self, expected: &[&str]) {
        let got = self.render();
        assert_eq!(
            got,
            expected,
            "\n--- got ---\n{}\n--- expected ---\n{}",
            got.join("\n"),
            expected.join("\n")
        );
    }
}

/// What the default policy asks for as unit `me` on round 1 of `s`, after `setup` changed
/// the fight, each action put into words by `words` (which sees the fight's view).
pub fn decide_with(
    s: &Scenario,
    me: usize,
    setup: impl FnOnce(&mut Fight),
    words: impl Fn(&View<'_>, Action) -> String,
) -> Vec<String> {
    let info = prepare(s);
    let mut fight = Fight::new(s, &info);
    fight.reset();
    fight.round = 1;
    setup(&mut fight);
    let view = View::new(&fight);
    let mut plan = Plan::new();
    DefaultPolicy.decide(&view, UnitId::new(me), &mut plan);
    plan.iter().map(|a| words(&view, a)).collect()
}
