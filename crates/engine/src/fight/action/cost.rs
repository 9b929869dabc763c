//! What each action costs (« CRB — Actions in Combat », Table 8-2; the reference spec,
//! « Économie d'action »): the slot of the turn it takes, the movement it makes and whether
//! it provokes by itself. Owns the [`Action`] vocabulary a policy speaks and one exhaustive
//! [`Action::cost`]; every property the action budget reads comes from it, so a new action
//! does not compile until its cost is written. Never looks at a fight: what an action does is
//! the action families' business (`action::{attack, movement, stance, maneuver, weapons}`).

use crate::board::Pos;
use crate::model::HexKind;
use crate::model::special::TouchKind;
use crate::rules::maneuver::{EscapeBy, Maneuver, ManeuverOption};
use crate::spell::SpellId;
use crate::spell::vocab::CastingTime;
use crate::vocab::Vocabulary;

use super::super::unit::UnitId;
use super::spell::{CastTarget, MetamagicKind, Metamagics};
use super::tactical::vocab::{AidMode, Readied, Trigger};

/// One action a policy may ask for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Action {
    /// Standard: one attack with the first usable weapon.
    Attack { target: UnitId },
    /// Full round: every attack the weapon allows (iteratives, natural attacks).
    FullAttack { target: UnitId },
    /// Move: up to speed along the shortest real path, until the target can be attacked.
    Move { target: UnitId },
    /// Move: up to speed toward any unit, friend or foe, until it stands within `within_ft`
    /// of it with line of effect (to touch an ally with a cure, to bring a spell in range).
    Approach { target: UnitId, within_ft: u16 },
    /// No action, no attack of opportunity: one square toward the target; no other movement.
    FiveFootStep { target: UnitId },
    /// No action, no attack of opportunity: the 5-foot step to the neighbouring square `to` (a
    /// policy's choice, e.g. out of reach); nothing happens unless it is a legal step when it
    /// is taken. No other movement.
    FiveFootStepTo { to: Pos },
    /// Full round: straight line, up to 2× speed, then one melee attack at +2, −2 AC.
    Charge { target: UnitId },
    /// Full round, provokes: « CRB — Coup de Grace » on a helpless opponent in reach (or
    /// adjacent, with a ranged weapon): an automatic critical hit, then a Fortitude save
    /// (DC 10 + damage) or death.
    CoupDeGrace { target: UnitId },
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
    /// « CRB — Cast a Spell »: casts `spell` at `target` with `metamagic`, on the defensive or
    /// not. The action carries the spell's casting time (`time`, build it with
    /// `View::cast_action`) so that its cost is known without the catalogue; the cast checks
    /// it against the spell and refuses a mismatch (`cast_time`) before anything is spent.
    Cast {
        spell: SpellId,
        target: CastTarget,
        time: CastingTime,
        metamagic: Metamagics,
        defensively: bool,
    },
    /// « CRB — Combat Maneuvers »: the manoeuvre `kind` on `target`, with `option`. A standard
    /// action — trip, disarm and sunder, which the CRB makes « in place of a melee attack »,
    /// are standard actions here (not inside a full attack or an attack of opportunity); an
    /// overrun is made « during your move » and moves through the target. A grapple on the
    /// creature it already holds maintains the hold (`option`: what it does with it). It
    /// provokes the target's attack of opportunity unless the attacker has the manoeuvre's
    /// Improved feat (`Provokes::Maneuver`).
    Maneuver {
        kind: Maneuver,
        target: UnitId,
        option: ManeuverOption,
    },
    /// Free: the grappler lets go of the creature it holds (« CRB — Grapple »).
    Release,
    /// Standard, no attack of opportunity: breaks free of a grapple (DC: the grappler's CMD)
    /// or of bonds (DC 20 + the binder's CMB) by a combat manoeuvre or Escape Artist check.
    Escape { by: EscapeBy },
    /// Move, provokes (« CRB — Pick up an item »): picks up its weapon of attack line
    /// `attack` lying in or next to its space.
    PickUp { attack: u8 },
    /// Move (« CRB — Draw a weapon »): draws its sheathed weapon of line `attack`.
    Draw { attack: u8 },
    /// Move, provokes (« CRB — Sheathe a weapon »): puts its weapon of line `attack` away.
    Sheathe { attack: u8 },
    /// Move: mends its broken weapon of line `attack` (the reference spec's repair_weapon).
    Repair { attack: u8 },
    /// « CRB — Delay »: gives up the turn now and takes it later this round — right after unit
    /// `after` takes its turn, or at the end of the round (`None`); the new place in the order
    /// stays for the next rounds. Nothing else of the turn is taken now.
    Delay { after: Option<UnitId> },
    /// « CRB — Ready »: readies `readied`, to be carried out out of turn when `trigger` comes
    /// before the unit's next turn; its place in the order moves to just before the creature
    /// that set it off.
    Ready { readied: Readied, trigger: Trigger },
    /// « CRB — Total Defense »: +4 dodge to AC (+6 with 3 ranks of Acrobatics) until its next
    /// turn; no attack of opportunity meanwhile.
    TotalDefense,
    /// Free: « CRB — Fighting Defensively » for the attacks that follow: −4 on attack rolls
    /// and, once it attacks, +2 dodge to AC (+3 with 3 ranks of Acrobatics), until its next
    /// turn.
    FightDefensively,
    /// « CRB — Aid Another »: an attack roll against AC 10 on `enemy`, whom it must threaten;
    /// on a success `ally` gets +2 of `mode` against `enemy`.
    AidAnother {
        ally: UnitId,
        enemy: UnitId,
        mode: AidMode,
    },
    /// Move: « CRB — Stealth »: with cover or concealment from an observer, Stealth against
    /// that observer's Perception; the observers it beats stop perceiving it.
    Hide,
    /// Move: « CRB — Acrobatics »: toward `target` at half speed (full speed at −10 when
    /// `fast`), each threatened square left an Acrobatics check against the threatening
    /// enemy's CMD instead of an attack of opportunity.
    Tumble { target: UnitId, fast: bool },
    /// Full round (« Bestiary — Trample »): up to its speed in a straight line over the
    /// smaller enemies toward `target`, beyond it; each takes the trample's damage (Reflex
    /// half). Only for a creature with `trample`.
    Trample { target: UnitId },
    /// Standard, no attack of opportunity: « Bestiary — Breath Weapon », its cone or line
    /// aimed at `target`'s square (refused while it recharges).
    Breathe { target: UnitId },
    /// Standard, no attack of opportunity: « CRB — Channel Energy », a burst that heals, or
    /// harms when `harm` (one use of the `channel_energy` resource).
    Channel { harm: bool },
    /// Free: « Bestiary — Gaze — Averting Eyes », on or off until changed.
    AvertEyes { on: bool },
    /// Free, on its own turn: « CRB — Barbarian — Rage »: enters a rage (`fight::class`).
    Rage,
    /// Swift: « CRB — Paladin — Smite Evil » on `target` (`fight::class`).
    Smite { target: UnitId },
    /// Swift: « CRB — Paladin — Lay on Hands » on itself (`fight::class`).
    LayOnHandsSelf,
    /// Standard: « CRB — Paladin — Lay on Hands » on `ally`, within 5 feet.
    LayOnHands { ally: UnitId },
    /// « Ultimate Combat — Gunslinger — Quick Clear »: mends its misfired firearm; a
    /// standard action, or a move action when it `spends` 1 grit (`fight::class`).
    QuickClear { spend: bool },
    /// Standard: « CRB — Cleric — Healing Domain — Rebuke Death » on a dying `ally` within 5
    /// feet (`fight::class`).
    RebukeDeath { ally: UnitId },
    /// Standard: « CRB — Bard — Inspire Courage » starts (`fight::class`).
    InspireCourage,
    /// Standard, no attack of opportunity: « APG — Witch — Hexes », hex `kind` on `target`
    /// (`fight::class::hex`).
    Hex { kind: HexKind, target: UnitId },
    /// Standard, provokes (a spell-like ability): « CRB — Wizard — Evocation — Force Missile » on
    /// `target` (`fight::class`).
    ForceMissile { target: UnitId },
    /// Swift: « UM — Magus — Arcane Pool », an enhancement bonus on its weapon
    /// (`fight::class`).
    ArcanePool,
    /// Standard: « UC — Gunslinger — Pistol-Whip » on `target`, 1 grit: a melee blow with its
    /// firearm, a trip on a hit (`fight::class`).
    PistolWhip { target: UnitId },
    /// Standard: « CRB — Cleave », one melee attack on `target` and, if it hits, one on a foe
    /// adjacent to it in reach; −2 AC until its next turn (`action::feats`).
    Cleave { target: UnitId },
    /// A move and a standard action: « Bestiary — Flyby Attack », a flier flies toward
    /// `target`, attacks it once and flies on away from it (`action::feats`).
    FlybyAttack { target: UnitId },
    /// Swift: « APG — Channel Smite », a channel energy use riding on its next melee attack
    /// (`special::channel`).
    ChannelSmite,
    /// Full round: « UM — Magus — Spell Combat », `spell` cast at `target` (on the defensive
    /// or not), then a full attack on `foe`, every attack roll at −2 (`fight::class`).
    SpellCombat {
        spell: SpellId,
        target: CastTarget,
        defensively: bool,
        foe: UnitId,
    },
    /// Standard, provokes (a spell-like ability): a touch power (bleeding touch, touch of
    /// chaos, grave touch) on `target` (`fight::class::touch`).
    TouchPower { kind: TouchKind, target: UnitId },
    /// Standard, no attack of opportunity (channeling energy): « CRB — Wizard — Necromancy —
    /// Power over Undead », Command Undead on the undead enemies within 30 feet
    /// (`fight::class::undead`).
    CommandUndead,
}

/// The part of a turn an action takes (« CRB — Action Types »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Slot {
    /// Any number a turn (drop prone, a feat toggle); the 5-foot step, which takes no action,
    /// is free too and limited by its [`Movement`].
    Free,
    /// One a turn (« CRB — Swift Actions »).
    Swift,
    /// Takes the turn's swift action when used on one's own turn (« CRB — Immediate
    /// Actions »).
    Immediate,
    /// A move action; a second one may take the standard action's place.
    Move,
    Standard,
    /// The whole turn: no standard or move action beside it.
    FullRound,
    /// More than a turn (a spell of a `long` casting time): never fits, dropped as
    /// `downgraded:cast_time`.
    Beyond,
}

/// The movement an action makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movement {
    /// Stays in its square.
    Stays,
    /// « CRB — 5-Foot Step »: one square, no attack of opportunity, no other movement in the
    /// turn.
    FiveFootStep,
    /// Leaves its square at its speed or a multiple (move, withdraw, flee).
    Walks,
    /// Leaves its square in a charge.
    Charges,
    /// Leaves its square in a run.
    Runs,
}

impl Movement {
    /// Leaves its square (refused while the creature cannot move: grappled, pinned…). The
    /// 5-foot step counts.
    pub fn leaves_square(self) -> bool {
        match self {
            Movement::Stays => false,
            Movement::FiveFootStep | Movement::Walks | Movement::Charges | Movement::Runs => true,
        }
    }

    /// A charge or a run (refused while fatigued, exhausted, entangled or prone).
    pub fn runs_or_charges(self) -> bool {
        match self {
            Movement::Charges | Movement::Runs => true,
            Movement::Stays | Movement::FiveFootStep | Movement::Walks => false,
        }
    }
}

/// Whether an action provokes by itself, beside the squares its movement leaves (Table 8-2's
/// « Attack of Opportunity » column).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Provokes {
    No,
    Yes,
    /// Only with a ranged weapon (« Attack (ranged) »), decided when the attack is made.
    WhenRanged,
    /// A combat manoeuvre: only its target, unless the attacker has the manoeuvre's Improved
    /// feat, decided when it is made (« CRB — Combat Maneuvers »).
    Maneuver,
}

/// What an action costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    pub slot: Slot,
    pub movement: Movement,
    pub provokes: Provokes,
}

impl Cost {
    const fn new(slot: Slot, movement: Movement, provokes: Provokes) -> Self {
        Cost {
            slot,
            movement,
            provokes,
        }
    }

    /// A true move action (what a nauseated creature may still take).
    pub fn is_move_action(self) -> bool {
        self.slot == Slot::Move
    }

    /// Takes the turn's one swift action (swift and immediate actions).
    pub fn is_swift(self) -> bool {
        match self.slot {
            Slot::Swift | Slot::Immediate => true,
            Slot::Free | Slot::Move | Slot::Standard | Slot::FullRound | Slot::Beyond => false,
        }
    }

    /// Takes the turn's standard action (a full-round action includes it): what costs a
    /// disabled creature 1 hit point (« CRB — Disabled »).
    pub fn takes_standard_action(self) -> bool {
        match self.slot {
            Slot::Standard | Slot::FullRound => true,
            Slot::Free | Slot::Swift | Slot::Immediate | Slot::Move | Slot::Beyond => false,
        }
    }

    /// A free action that stays in its square: it fits beside anything.
    pub fn is_free(self) -> bool {
        self.slot == Slot::Free && self.movement == Movement::Stays
    }
}

impl Action {
    /// The name policies and logs use (`attack`, `5foot_step`…).
    pub fn kind(self) -> &'static str {
        match self {
            Action::Attack { .. } => "attack",
            Action::FullAttack { .. } => "full_attack",
            Action::Move { .. } => "move",
            Action::Approach { .. } => "approach",
            Action::FiveFootStep { .. } | Action::FiveFootStepTo { .. } => "5foot_step",
            Action::Charge { .. } => "charge",
            Action::CoupDeGrace { .. } => "coup_de_grace",
            Action::Withdraw => "withdraw",
            Action::Run { .. } => "run",
            Action::Flee => "flee",
            Action::StandUp => "stand_up",
            Action::DropProne => "drop_prone",
            Action::PowerAttack { .. } => "power_attack",
            Action::Cast { .. } => "cast",
            Action::Maneuver { kind, .. } => kind.name(),
            Action::Release => "release",
            Action::Escape { .. } => "escape",
            Action::PickUp { .. } => "pick_up",
            Action::Draw { .. } => "draw",
            Action::Sheathe { .. } => "sheathe",
            Action::Repair { .. } => "repair",
            Action::Delay { .. } => "delay",
            Action::Ready { .. } => "ready",
            Action::TotalDefense => "total_defense",
            Action::FightDefensively => "fight_defensively",
            Action::AidAnother { .. } => "aid_another",
            Action::Hide => "hide",
            Action::Tumble { .. } => "tumble",
            Action::Trample { .. } => "trample",
            Action::Breathe { .. } => "breathe",
            Action::Channel { .. } => "channel",
            Action::AvertEyes { .. } => "avert_eyes",
            Action::Rage => "rage",
            Action::Smite { .. } => "smite_evil",
            Action::LayOnHandsSelf | Action::LayOnHands { .. } => "lay_on_hands",
            Action::QuickClear { .. } => "quick_clear",
            Action::RebukeDeath { .. } => "rebuke_death",
            Action::InspireCourage => "inspire_courage",
            Action::Hex { .. } => "hex",
            Action::ForceMissile { .. } => "force_missile",
            Action::TouchPower { .. } => "touch_power",
            Action::CommandUndead => "command_undead",
            Action::ArcanePool => "arcane_pool",
            Action::PistolWhip { .. } => "pistol_whip",
            Action::Cleave { .. } => "cleave",
            Action::FlybyAttack { .. } => "flyby_attack",
            Action::ChannelSmite => "channel_smite",
            Action::SpellCombat { .. } => "spell_combat",
        }
    }

    /// An attempt to break free: the one action a pinned creature may still take (« CRB —
    /// Pinned »: « A pinned creature can always attempt to free itself »).
    pub fn breaks_free(self) -> bool {
        matches!(self, Action::Escape { .. })
    }

    /// The action's cost (« CRB — Table 8-2: Actions in Combat »).
    #[inline]
    pub fn cost(self) -> Cost {
        use Movement::{Charges, FiveFootStep, Runs, Stays, Walks};
        use Provokes::{No, WhenRanged, Yes};
        match self {
            Action::Attack { .. } => Cost::new(Slot::Standard, Stays, WhenRanged),
            Action::FullAttack { .. } => Cost::new(Slot::FullRound, Stays, WhenRanged),
            Action::Move { .. } | Action::Approach { .. } | Action::Flee => {
                Cost::new(Slot::Move, Walks, Yes)
            }
            Action::FiveFootStep { .. } | Action::FiveFootStepTo { .. } => {
                Cost::new(Slot::Free, FiveFootStep, No)
            }
            Action::Charge { .. } => Cost::new(Slot::FullRound, Charges, No),
            Action::CoupDeGrace { .. } => Cost::new(Slot::FullRound, Stays, Yes),
            // « CRB — Withdraw »: the square it starts from is not threatened by the move.
            Action::Withdraw => Cost::new(Slot::FullRound, Walks, No),
            Action::Run { .. } => Cost::new(Slot::FullRound, Runs, Yes),
            Action::StandUp => Cost::new(Slot::Move, Stays, Yes),
            Action::DropProne | Action::PowerAttack { .. } => Cost::new(Slot::Free, Stays, No),
            // « CRB — Casting Time », « Quicken Spell » (a swift action that provokes no
            // attack of opportunity), « Concentration — Casting Defensively ».
            Action::Cast {
                time,
                metamagic,
                defensively,
                ..
            } => {
                let quickened = metamagic.has(MetamagicKind::Quicken);
                let slot = if quickened {
                    Slot::Swift
                } else {
                    casting_slot(time)
                };
                let provokes = if quickened || defensively { No } else { Yes };
                Cost::new(slot, Stays, provokes)
            }
            // « CRB — Overrun »: « taken during your move »: it moves through the target.
            Action::Maneuver {
                kind: Maneuver::Overrun,
                ..
            } => Cost::new(Slot::Standard, Walks, Provokes::Maneuver),
            Action::Maneuver { .. } => Cost::new(Slot::Standard, Stays, Provokes::Maneuver),
            Action::Release => Cost::new(Slot::Free, Stays, No),
            Action::Escape { .. } => Cost::new(Slot::Standard, Stays, No),
            Action::PickUp { .. } | Action::Sheathe { .. } => Cost::new(Slot::Move, Stays, Yes),
            Action::Draw { .. } | Action::Repair { .. } => Cost::new(Slot::Move, Stays, No),
            // « CRB — Delay »: nothing else of the turn is taken now (the whole turn waits).
            Action::Delay { .. } => Cost::new(Slot::FullRound, Stays, No),
            Action::Ready { .. } | Action::TotalDefense | Action::AidAnother { .. } => {
                Cost::new(Slot::Standard, Stays, No)
            }
            Action::FightDefensively => Cost::new(Slot::Free, Stays, No),
            Action::Hide => Cost::new(Slot::Move, Stays, No),
            Action::Tumble { .. } => Cost::new(Slot::Move, Walks, Yes),
            Action::Trample { .. } => Cost::new(Slot::FullRound, Walks, No),
            Action::Breathe { .. } | Action::Channel { .. } => Cost::new(Slot::Standard, Stays, No),
            Action::AvertEyes { .. } => Cost::new(Slot::Free, Stays, No),
            Action::Rage => Cost::new(Slot::Free, Stays, No),
            Action::Smite { .. } | Action::LayOnHandsSelf => Cost::new(Slot::Swift, Stays, No),
            Action::LayOnHands { .. } | Action::InspireCourage => {
                Cost::new(Slot::Standard, Stays, No)
            }
            Action::QuickClear { spend: true } => Cost::new(Slot::Move, Stays, No),
            Action::QuickClear { spend: false } | Action::RebukeDeath { .. } => {
                Cost::new(Slot::Standard, Stays, No)
            }
            // « APG — Witch — Cackle »: a move action; the other hexes are standard.
            Action::Hex {
                kind: HexKind::Cackle,
                ..
            } => Cost::new(Slot::Move, Stays, No),
            Action::Hex { .. } => Cost::new(Slot::Standard, Stays, No),
            // « CRB — Spell-Like Abilities »: using one provokes, as casting a spell does.
            Action::ForceMissile { .. } => Cost::new(Slot::Standard, Stays, Yes),
            // A melee attack: it provokes nothing by itself.
            Action::PistolWhip { .. } => Cost::new(Slot::Standard, Stays, No),
            Action::ArcanePool | Action::ChannelSmite => Cost::new(Slot::Swift, Stays, No),
            Action::Cleave { .. } => Cost::new(Slot::Standard, Stays, No),
            // « Flyby Attack »: its move action and its standard action, so the whole turn.
            Action::FlybyAttack { .. } => Cost::new(Slot::FullRound, Walks, WhenRanged),
            // The spell provokes by itself unless cast defensively (`fight::cast`).
            Action::SpellCombat { .. } => Cost::new(Slot::FullRound, Stays, No),
            Action::TouchPower { .. } => Cost::new(Slot::Standard, Stays, Yes),
            Action::CommandUndead => Cost::new(Slot::Standard, Stays, No),
        }
    }

    /// What a creature limited to one move or standard action keeps of this action
    /// (« CRB — Staggered »): a full attack becomes a single attack; the other full-round
    /// actions are lost (`None`); the rest stay as they are.
    pub fn single_action_form(self) -> Option<Action> {
        match self {
            Action::FullAttack { target } => Some(Action::Attack { target }),
            Action::Charge { .. }
            | Action::CoupDeGrace { .. }
            | Action::Withdraw
            | Action::Run { .. }
            | Action::Trample { .. } => None,
            // « CRB — Staggered »: a standard-action spell fits, a full-round one does not.
            Action::Cast { .. } => match self.cost().slot {
                Slot::FullRound | Slot::Beyond => None,
                Slot::Free | Slot::Swift | Slot::Immediate | Slot::Move | Slot::Standard => {
                    Some(self)
                }
            },
            Action::Attack { .. }
            | Action::Move { .. }
            | Action::Approach { .. }
            | Action::FiveFootStep { .. }
            | Action::FiveFootStepTo { .. }
            | Action::Flee
            | Action::StandUp
            | Action::DropProne
            | Action::PowerAttack { .. }
            | Action::Maneuver { .. }
            | Action::Release
            | Action::Escape { .. }
            | Action::PickUp { .. }
            | Action::Draw { .. }
            | Action::Sheathe { .. }
            | Action::Repair { .. } => Some(self),
            Action::Delay { .. }
            | Action::Ready { .. }
            | Action::TotalDefense
            | Action::FightDefensively
            | Action::AidAnother { .. }
            | Action::Hide
            | Action::Tumble { .. } => Some(self),
            Action::Breathe { .. } | Action::Channel { .. } | Action::AvertEyes { .. } => {
                Some(self)
            }
            Action::Rage
            | Action::Smite { .. }
            | Action::LayOnHandsSelf
            | Action::LayOnHands { .. }
            | Action::InspireCourage
            | Action::QuickClear { .. }
            | Action::RebukeDeath { .. } => Some(self),
            Action::Hex { .. }
            | Action::ForceMissile { .. }
            | Action::ArcanePool
            | Action::PistolWhip { .. } => Some(self),
            Action::Cleave { .. } | Action::ChannelSmite => Some(self),
            // « CRB — Staggered »: a flyby's move and attack, a full round's spell and attacks,
            // do not fit one action.
            Action::FlybyAttack { .. } | Action::SpellCombat { .. } => None,
            Action::TouchPower { .. } | Action::CommandUndead => Some(self),
        }
    }
}

/// The slot of a casting time (« CRB — Casting Time »: « A spell that takes 1 round to cast
/// is a full-round action »; anything longer never fits a turn).
fn casting_slot(time: CastingTime) -> Slot {
    match time {
        CastingTime::Standard => Slot::Standard,
        CastingTime::FullRound | CastingTime::OneRound => Slot::FullRound,
        CastingTime::Swift => Slot::Swift,
        CastingTime::Immediate => Slot::Immediate,
        CastingTime::Free => Slot::Free,
        CastingTime::Long => Slot::Beyond,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn charge_and_run_are_the_only_runs_or_charges() {
        let t = UnitId::new(1);
        let runs: Vec<&str> = [
            Action::Attack { target: t },
            Action::FullAttack { target: t },
            Action::Move { target: t },
            Action::Approach {
                target: t,
                within_ft: 5,
            },
            Action::FiveFootStep { target: t },
            Action::FiveFootStepTo { to: Pos::new(0, 0) },
            Action::Charge { target: t },
            Action::CoupDeGrace { target: t },
            Action::Withdraw,
            Action::Run { target: t },
            Action::Flee,
            Action::StandUp,
            Action::DropProne,
            Action::PowerAttack { on: true },
            Action::Delay { after: None },
            Action::Ready {
                readied: Readied::Attack { target: None },
                trigger: Trigger::EnemyEntersReach,
            },
            Action::TotalDefense,
            Action::FightDefensively,
            Action::AidAnother {
                ally: t,
                enemy: t,
                mode: AidMode::Ac,
            },
            Action::Hide,
            Action::Tumble {
                target: t,
                fast: false,
            },
            Action::Trample { target: t },
        ]
        .into_iter()
        .filter(|a| a.cost().movement.runs_or_charges())
        .map(Action::kind)
        .collect();
        assert_eq!(runs, ["charge", "run"]);
    }

    /// Plans are copied by value each turn: the manoeuvre and weapon actions keep `Action` as
    /// small as the cast made it.
    #[test]
    fn an_action_stays_small() {
        assert!(
            std::mem::size_of::<Action>() <= 16,
            "{}",
            std::mem::size_of::<Action>()
        );
        let trip = Action::Maneuver {
            kind: Maneuver::Trip,
            target: UnitId::new(1),
            option: ManeuverOption::Default,
        };
        assert_eq!(trip.kind(), "trip");
        assert_eq!(trip.cost().provokes, Provokes::Maneuver);
        assert_eq!(
            Action::Escape { by: EscapeBy::Best }.cost().slot,
            Slot::Standard
        );
        assert!(Action::Escape { by: EscapeBy::Best }.breaks_free());
        assert!(Action::PickUp { attack: 0 }.cost().is_move_action());
    }

    #[test]
    fn a_staggered_full_attack_is_a_single_attack() {
        assert_eq!(
            Action::FullAttack {
                target: UnitId::new(2)
            }
            .single_action_form(),
            Some(Action::Attack {
                target: UnitId::new(2)
            })
        );
        assert_eq!(Action::Withdraw.single_action_form(), None);
        assert_eq!(Action::Flee.single_action_form(), Some(Action::Flee));
    }
}
