//! The tactical actions' state and the families that change it (« CRB — Special Initiative
//! Actions », « Aid Another », « Total Defense », « Fighting Defensively », « Stealth »,
//! « Acrobatics », « Immediate Actions »): per unit, its stance, its readied action, the aid it
//! received, who it is hidden from, its swift action spent out of turn and the results of its
//! actions ([`UnitTactics`]); per fight, the counters that let every hook return at once when
//! nothing tactical is in play, who took its turn this round, and the reaction events waiting
//! for a policy ([`Tactical`]). The actions: delaying (`delay`), readying and its triggers
//! (`ready`), aiding another (`aid`); the hooks that watch steps, castings, attack rolls and
//! the start of turns (`watch`); stances are `action::stance`, hiding `action::stealth`,
//! tumbling `action::acrobatics`, the order of play and the reactions `turn`.
//!
//! Storage: fixed-size per unit, allocated once per batch and emptied per fight, so nothing
//! here allocates in a fight. Owns the state; what it does to an attack is `numbers`'.

mod aid;
mod delay;
mod ready;
pub mod vocab;
mod watch;

pub use vocab::{AidMode, Event, Events, Readied, ReadyAim, Trigger};

use crate::board::Pos;
use crate::rules::{ALWAYS, BonusType, Part, Stat, tactics};

use super::super::id::UnitIds;
use super::budget::Results;

/// The bits of [`UnitTactics::stance`].
pub mod stance_bits {
    /// « CRB — Total Defense »: dodge AC, no attack of opportunity, until its next turn.
    pub const TOTAL_DEFENSE: u8 = 1;
    /// « CRB — Fighting Defensively »: −4 on attacks until its next turn.
    pub const DEFENSIVE: u8 = 2;
    /// Attacked while fighting defensively: the dodge bonus to AC holds until its next turn.
    pub const DEFENDED: u8 = 32;
    /// Tumbling along its current move (« CRB — Acrobatics »).
    pub const TUMBLING: u8 = 4;
    /// Tumbling at full speed (−10 on the checks).
    pub const FAST: u8 = 8;
    /// 3 or more ranks in Acrobatics: the better defensive bonuses.
    pub const ACROBAT: u8 = 16;
}

/// Aid entries a unit holds at once; more are not kept.
pub const AID_CAPACITY: usize = 4;

/// One aid another bonus a unit holds (« CRB — Aid Another »): +2 of `mode` against `enemy`,
/// given by `from`, until `from`'s next turn or the attack that uses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Aid {
    pub from: u8,
    pub enemy: u8,
    pub mode: AidMode,
}

/// One unit's tactical state.
#[derive(Clone, Copy, Debug)]
pub struct UnitTactics {
    /// [`stance_bits`].
    pub stance: u8,
    /// Delayed this round (« CRB — Delay »): its turn comes later; a second delay is refused.
    pub delayed: bool,
    /// The turn it just took ended in a delay (read and cleared by the turn loop).
    pub delaying: bool,
    /// Its readied action and what sets it off.
    pub readied: Option<(Readied, Trigger)>,
    aid: [Aid; AID_CAPACITY],
    aid_len: u8,
    /// The observers that do not perceive it (« CRB — Stealth »).
    pub hidden_from: UnitIds,
    /// Its next turn's swift action was spent by an immediate action out of turn.
    pub swift_spent: bool,
    /// Its current turn's swift action is spent (a swift action, or an immediate one taken
    /// during its own turn).
    pub swift_now: bool,
    /// Enemies it tumbled past in its current move.
    pub avoided: u8,
    /// What became of its actions since its last decision.
    pub results: Results,
}

impl Default for UnitTactics {
    fn default() -> Self {
        UnitTactics {
            stance: 0,
            delayed: false,
            delaying: false,
            readied: None,
            aid: [Aid {
                from: 0,
                enemy: 0,
                mode: AidMode::Attack,
            }; AID_CAPACITY],
            aid_len: 0,
            hidden_from: UnitIds::default(),
            swift_spent: false,
            swift_now: false,
            avoided: 0,
            results: Results::default(),
        }
    }
}

impl UnitTactics {
    /// Empties it for a new fight (the arrays are left as they are: their lengths say what
    /// counts).
    fn clear(&mut self) {
        self.stance = 0;
        self.delayed = false;
        self.delaying = false;
        self.readied = None;
        self.aid_len = 0;
        self.hidden_from.clear();
        self.swift_spent = false;
        self.swift_now = false;
        self.avoided = 0;
        self.results.clear();
    }

    /// The aid bonuses it holds.
    pub fn aid(&self) -> &[Aid] {
        &self.aid[..usize::from(self.aid_len)]
    }

    /// Holds `aid` (false when [`AID_CAPACITY`] are held).
    pub fn add_aid(&mut self, aid: Aid) -> bool {
        match self.aid.get_mut(usize::from(self.aid_len)) {
            Some(slot) => {
                *slot = aid;
                self.aid_len += 1;
                true
            }
            None => false,
        }
    }

    /// Drops the aid bonuses `keep` refuses; how many it dropped.
    pub fn retain_aid(&mut self, keep: impl Fn(&Aid) -> bool) -> u16 {
        let before = self.aid_len;
        let mut n = 0;
        for i in 0..usize::from(self.aid_len) {
            if keep(&self.aid[i]) {
                self.aid[n] = self.aid[i];
                n += 1;
            }
        }
        self.aid_len = n as u8;
        u16::from(before - self.aid_len)
    }

    /// Something here may change an attack's numbers: a defensive stance, aid, hiding.
    #[inline]
    pub fn changes_numbers(&self) -> bool {
        self.stance & (stance_bits::TOTAL_DEFENSE | stance_bits::DEFENSIVE) != 0
            || self.aid_len > 0
            || !self.hidden_from.is_empty()
    }

    /// The typed parts of its stance (« CRB — Total Defense »: +4 dodge to AC, +6 with 3 ranks
    /// of Acrobatics; « Fighting Defensively »: −4 on attack rolls, and once it has attacked +2
    /// dodge to AC, +3 with 3 ranks), for the one resolver.
    pub fn stance_parts<'m>(&self) -> impl Iterator<Item = Part<'m>> + use<'m> {
        let acrobat = self.stance & stance_bits::ACROBAT != 0;
        let ac = |value| Part {
            stat: Stat::Ac,
            kind: BonusType::Dodge,
            value,
            when: &ALWAYS,
        };
        let total = (self.stance & stance_bits::TOTAL_DEFENSE != 0)
            .then(|| ac(tactics::total_defense_ac(acrobat)));
        let defensive = self.stance & stance_bits::DEFENSIVE != 0;
        let defended = self.stance & stance_bits::DEFENDED != 0;
        let fighting = defended.then(|| ac(tactics::fighting_defensively_ac(acrobat)));
        let penalty = defensive.then_some(Part {
            stat: Stat::Attack,
            kind: BonusType::Untyped,
            value: tactics::FIGHTING_DEFENSIVELY_ATTACK,
            when: &ALWAYS,
        });
        total.into_iter().chain(fighting).chain(penalty)
    }

    /// The typed parts of the aid it holds against `opponent` (« CRB — Aid Another »: +2,
    /// untyped, several stack): on attack rolls for [`AidMode::Attack`], on AC for
    /// [`AidMode::Ac`].
    pub fn aid_parts<'m>(&self, opponent: usize) -> impl Iterator<Item = Part<'m>> + use<'_, 'm> {
        self.aid()
            .iter()
            .filter(move |a| usize::from(a.enemy) == opponent)
            .map(|a| Part {
                stat: match a.mode {
                    AidMode::Attack => Stat::Attack,
                    AidMode::Ac => Stat::Ac,
                },
                kind: BonusType::Untyped,
                value: tactics::AID_BONUS,
                when: &ALWAYS,
            })
    }
}

/// Reaction events waiting for the policy at once; more are not offered.
pub const QUEUE: usize = 8;

/// The tactical state of one fight.
pub struct Tactical {
    /// Per unit.
    pub units: Vec<UnitTactics>,
    /// Some tactic is in play this fight — a tactical action was taken, or the policy
    /// answers events: only then do the turn loop and the hooks keep the tactical books (who
    /// took its turn, swift actions, what a step or an action sets off). Set by
    /// `Fight::track_tactics`.
    pub live: bool,
    /// The place in the order of the unit whose turn it is.
    pub cursor: usize,
    /// Some unit's numbers may be changed by a tactic this fight (a stance, aid, hiding): the
    /// attack numbers look further only then.
    pub edge: bool,
    /// Units holding a readied action.
    pub readied: u16,
    /// Units hidden from some observer.
    pub hidden: u16,
    /// Aid entries held, all units together.
    pub aid: u16,
    /// The event kinds the fight's policy answers ([`crate::fight::Policy::reacts_to`]).
    pub listening: Events,
    /// An action out of turn is being carried out (readied, immediate): it sets nothing off
    /// (no cascade).
    pub out_of_turn: bool,
    /// Units that took (or began) their turn this round.
    pub acted: UnitIds,
    /// The unit whose turn it is.
    pub actor: Option<u8>,
    /// The last mover and the square it last stood on, for the step hooks.
    pub step_from: Option<(u8, Pos)>,
    /// Events waiting for the policy: (the unit offered, the event).
    pub queue: [Option<(u8, Event)>; QUEUE],
    /// Scratch: each unit's vitality before an action (wound events).
    pub vitality: Vec<i32>,
}

impl Tactical {
    pub fn new(units: usize) -> Self {
        Tactical {
            units: vec![UnitTactics::default(); units],
            live: false,
            cursor: 0,
            edge: false,
            readied: 0,
            hidden: 0,
            aid: 0,
            listening: Events::NONE,
            out_of_turn: false,
            acted: UnitIds::default(),
            actor: None,
            step_from: None,
            queue: [None; QUEUE],
            vitality: Vec::with_capacity(units),
        }
    }

    /// Empties it for a new fight.
    pub fn reset(&mut self) {
        for u in &mut self.units {
            u.clear();
        }
        self.live = false;
        self.cursor = 0;
        self.edge = false;
        self.readied = 0;
        self.hidden = 0;
        self.aid = 0;
        self.listening = Events::NONE;
        self.out_of_turn = false;
        self.acted.clear();
        self.actor = None;
        self.step_from = None;
        self.queue = [None; QUEUE];
    }

    /// A new round: nobody has taken its turn, nobody has delayed.
    pub fn new_round(&mut self) {
        if self.live {
            self.acted.clear();
            for u in &mut self.units {
                u.delayed = false;
            }
        }
    }

    /// `u`'s turn begins, unless it has already taken one this round (false).
    #[inline]
    pub fn begin_turn_of(&mut self, u: usize) -> bool {
        if self.acted.contains(u) {
            return false;
        }
        self.acted.insert(u);
        self.actor = Some(u as u8);
        true
    }

    /// A step may set something off: a readied action, a hidden creature, a policy answering
    /// enemies entering its reach.
    #[inline]
    pub fn watching_steps(&self) -> bool {
        self.live
            && (self.readied > 0
                || self.hidden > 0
                || self.listening.has(Events::ENEMY_ENTERS_REACH))
    }

    /// An action may set something off: a readied action, a hidden creature, a reacting
    /// policy (see `turn::react`).
    #[inline]
    pub fn watching_actions(&self) -> bool {
        self.live && (self.readied > 0 || self.hidden > 0 || !self.listening.is_empty())
    }

    /// Queues `event` for unit `u` (dropped when the queue is full).
    pub fn offer(&mut self, u: usize, event: Event) {
        if let Some(slot) = self.queue.iter_mut().find(|s| s.is_none()) {
            *slot = Some((u as u8, event));
        }
    }

    /// The oldest queued event, taken off the queue.
    pub fn next_event(&mut self) -> Option<(usize, Event)> {
        let first = self.queue[0].take()?;
        self.queue.rotate_left(1);
        Some((usize::from(first.0), first.1))
    }
}
