//! The 29 conditions (« CRB — Appendix 2: Conditions »; the reference spec, « Conditions
//! effectives »): each with its typed modifiers, its behaviour flags (what the turn loop and
//! the attack resolution read), its miss chance and, for fear and fatigue, its rank in an
//! escalating group — only the strongest condition of a group counts, which is how « the same
//! source does not stack » reads for them. [`ConditionSet`] is one creature's conditions with
//! their remaining rounds: `Copy`, no allocation.
//!
//! Ability penalties are folded into the statistics they change (fatigued: −2 Str and −2 Dex
//! → −1 melee attack and damage, −1 ranged attack, −1 AC, −1 Reflex, −1 CMB, −2 CMD), since
//! the stat blocks carry final values.

use super::bonus::{BonusType, Modifier, Stat, When};
use crate::vocab::{EnumSet, vocabulary};

vocabulary! {
    /// The conditions, in file spelling.
    "condition", pub enum Condition {
        Shaken = "shaken",
        Frightened = "frightened",
        Panicked = "panicked",
        Cowering = "cowering",
        Sickened = "sickened",
        Nauseated = "nauseated",
        Fatigued = "fatigued",
        Exhausted = "exhausted",
        Entangled = "entangled",
        Dazzled = "dazzled",
        Blinded = "blinded",
        Deafened = "deafened",
        FlatFooted = "flat_footed",
        Prone = "prone",
        Stunned = "stunned",
        Paralyzed = "paralyzed",
        Dazed = "dazed",
        Staggered = "staggered",
        Helpless = "helpless",
        Asleep = "asleep",
        Unconscious = "unconscious",
        Fascinated = "fascinated",
        Grappled = "grappled",
        Pinned = "pinned",
        Blurred = "blurred",
        Displaced = "displaced",
        Invisible = "invisible",
        Bleeding = "bleeding",
        Confused = "confused",
    }
}

/// Behaviour flags, as bits.
pub mod flag {
    /// Loses its turn (stunned, paralyzed, dazed, asleep, helpless, fascinated, cowering).
    pub const CANT_ACT: u32 = 1 << 0;
    /// Only a single move action a turn (nauseated, panicked, pinned).
    pub const CANT_ATTACK: u32 = 1 << 1;
    /// One move or one standard action a turn (staggered).
    pub const SINGLE_ACTION: u32 = 1 << 2;
    /// Cannot move out of its square (grappled, pinned, paralyzed).
    pub const CANT_MOVE: u32 = 1 << 3;
    /// Loses its Dexterity bonus to AC (flat-footed AC).
    pub const DENIES_DEX: u32 = 1 << 4;
    /// Helpless: effective Dex 0 and +4 to melee attacks against it.
    pub const HELPLESS: u32 = 1 << 5;
    /// Makes no attacks of opportunity.
    pub const CANT_AOO: u32 = 1 << 6;
    /// Cannot run or charge (fatigued, exhausted, entangled, prone; blinded — faster than half
    /// speed needs an Acrobatics check, not modelled).
    pub const NO_RUN_CHARGE: u32 = 1 << 7;
    /// Moves at half speed (exhausted, entangled, blinded).
    pub const HALF_SPEED: u32 = 1 << 8;
    /// Flees its enemies instead of fighting (frightened, panicked).
    pub const FLEES: u32 = 1 << 9;
    /// Treats every opponent as having total concealment (blinded).
    pub const BLIND: u32 = 1 << 10;
    /// Attacks at +2 against a target that loses its Dex bonus (invisible).
    pub const INVISIBLE: u32 = 1 << 11;
    /// Takes its bleed damage at the start of its turn.
    pub const BLEEDS: u32 = 1 << 12;
    /// Rolls d% for its behaviour each turn.
    pub const CONFUSED: u32 = 1 << 13;
}

/// Escalating families: a creature counts only its highest-ranked member.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Group {
    None,
    /// shaken < frightened < panicked (« CRB — Fear »: cowering is not on this ladder).
    Fear(u8),
    /// fatigued < exhausted.
    Fatigue(u8),
}

/// What a condition does.
#[derive(Debug)]
pub struct Definition {
    pub modifiers: &'static [Modifier],
    pub flags: u32,
    /// Percent chance that an attack against the bearer misses (concealment), 0 for none.
    pub miss_chance: u8,
    pub group: Group,
}

use BonusType::Untyped as U;
use Stat::*;

const fn m(stat: Stat, value: i32) -> Modifier {
    Modifier::always(stat, U, value)
}

const SHAKEN: &[Modifier] = &[m(Attack, -2), m(Saves, -2), m(Skills, -2)];
const SICKENED: &[Modifier] = &[m(Attack, -2), m(Damage, -2), m(Saves, -2), m(Skills, -2)];
const FATIGUED: &[Modifier] = &[
    m(MeleeAttack, -1),
    m(MeleeDamage, -1),
    m(RangedAttack, -1),
    m(Ac, -1),
    m(Reflex, -1),
    m(Cmb, -1),
    m(Cmd, -2),
];
const EXHAUSTED: &[Modifier] = &[
    m(MeleeAttack, -3),
    m(MeleeDamage, -3),
    m(RangedAttack, -3),
    m(Ac, -3),
    m(Reflex, -3),
    m(Cmb, -3),
    m(Cmd, -6),
];
/// −2 attack and −4 Dex (−2 AC, −2 Reflex, −2 CMD).
const ENTANGLED: &[Modifier] = &[m(Attack, -2), m(Ac, -2), m(Reflex, -2), m(Cmd, -2)];
const DAZZLED: &[Modifier] = &[m(Attack, -1)];
/// −2 AC; −4 on Dexterity-keyed skills (the reference spec, « Conditions effectives »); no
/// flat attack penalty — the 50 % miss chance is the penalty.
const BLINDED: &[Modifier] = &[m(Ac, -2), m(DexSkills, -4)];
const DEAFENED: &[Modifier] = &[m(Initiative, -4)];
/// −4 on its attacks (melee per the CRB; ranged treated as a crossbow, usable at −4, the
/// reference spec's simplification); −4 AC against melee, +4 against ranged.
const PRONE: &[Modifier] = &[
    m(Attack, -4),
    Modifier::when(Ac, U, -4, When::Melee),
    Modifier::when(Ac, U, 4, When::Ranged),
];
const STUNNED: &[Modifier] = &[m(Ac, -2)];
const COWERING: &[Modifier] = &[m(Ac, -2)];
/// −2 attack, −2 CMB, −4 Dex (−2 AC, −2 Reflex, −4 Dex skills).
const GRAPPLED: &[Modifier] = &[
    m(Attack, -2),
    m(Cmb, -2),
    m(Ac, -2),
    m(Reflex, -2),
    m(DexSkills, -4),
];
const PINNED: &[Modifier] = &[m(Ac, -4), m(DexSkills, -4)];
const FASCINATED: &[Modifier] = &[];
const NONE: &[Modifier] = &[];

impl Condition {
    /// The condition's definition (« CRB — Conditions »).
    pub fn definition(self) -> &'static Definition {
        use flag::*;
        const fn d(
            modifiers: &'static [Modifier],
            flags: u32,
            miss: u8,
            group: Group,
        ) -> Definition {
            Definition {
                modifiers,
                flags,
                miss_chance: miss,
                group,
            }
        }
        const HELPLESS_FLAGS: u32 = CANT_ACT | HELPLESS | DENIES_DEX | CANT_AOO | CANT_MOVE;
        static TABLE: [Definition; 29] = [
            d(SHAKEN, 0, 0, Group::Fear(1)),
            d(SHAKEN, FLEES, 0, Group::Fear(2)),
            d(SHAKEN, FLEES | CANT_ATTACK | CANT_AOO, 0, Group::Fear(3)),
            d(
                COWERING,
                CANT_ACT | DENIES_DEX | CANT_AOO,
                0,
                Group::Fear(4),
            ),
            d(SICKENED, 0, 0, Group::None),
            d(NONE, CANT_ATTACK | CANT_AOO, 0, Group::None),
            d(FATIGUED, NO_RUN_CHARGE, 0, Group::Fatigue(1)),
            d(EXHAUSTED, NO_RUN_CHARGE | HALF_SPEED, 0, Group::Fatigue(2)),
            d(ENTANGLED, NO_RUN_CHARGE | HALF_SPEED, 0, Group::None),
            d(DAZZLED, 0, 0, Group::None),
            d(
                BLINDED,
                DENIES_DEX | HALF_SPEED | NO_RUN_CHARGE | BLIND,
                0,
                Group::None,
            ),
            d(DEAFENED, 0, 0, Group::None),
            d(NONE, DENIES_DEX | CANT_AOO, 0, Group::None),
            d(PRONE, NO_RUN_CHARGE, 0, Group::None),
            d(STUNNED, CANT_ACT | DENIES_DEX | CANT_AOO, 0, Group::None),
            d(NONE, HELPLESS_FLAGS, 0, Group::None),
            d(NONE, CANT_ACT | CANT_AOO, 0, Group::None),
            d(NONE, SINGLE_ACTION, 0, Group::None),
            d(NONE, HELPLESS_FLAGS, 0, Group::None),
            d(NONE, HELPLESS_FLAGS, 0, Group::None),
            d(NONE, HELPLESS_FLAGS, 0, Group::None),
            d(FASCINATED, CANT_ACT | CANT_AOO, 0, Group::None),
            d(GRAPPLED, CANT_MOVE | CANT_AOO, 0, Group::None),
            d(
                PINNED,
                CANT_ATTACK | CANT_MOVE | DENIES_DEX | CANT_AOO,
                0,
                Group::None,
            ),
            d(NONE, 0, 20, Group::None),
            d(NONE, 0, 50, Group::None),
            d(NONE, INVISIBLE, 50, Group::None),
            d(NONE, BLEEDS, 0, Group::None),
            d(NONE, CONFUSED | CANT_AOO, 0, Group::None),
        ];
        &TABLE[self as usize]
    }
}

/// Rounds a condition lasts; [`ConditionSet::PERMANENT`] until removed.
pub type Rounds = u16;

/// One creature's conditions and how many of its own turns each still lasts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ConditionSet {
    set: EnumSet<Condition>,
    rounds: [Rounds; 29],
    /// Union of the flags of the conditions present (kept in step with `set`).
    flags: u32,
    /// Worst miss chance among the conditions present.
    miss_chance: u8,
}

impl ConditionSet {
    /// A duration for conditions that last until removed.
    pub const PERMANENT: Rounds = 0;

    pub fn is_empty(&self) -> bool {
        self.set.is_empty()
    }

    pub fn has(&self, c: Condition) -> bool {
        self.set.contains(c)
    }

    /// Any condition present has `flag` (a [`flag`] bit).
    pub fn any(&self, flag: u32) -> bool {
        self.flags & flag != 0
    }

    /// The concealment miss chance the bearer enjoys, percent.
    pub fn miss_chance(&self) -> u8 {
        self.miss_chance
    }

    /// Adds `c` for `rounds` of the bearer's turns ([`Self::PERMANENT`]: until removed). A
    /// condition already present keeps the longer duration.
    pub fn add(&mut self, c: Condition, rounds: Rounds) {
        let k = c as usize;
        if self.set.contains(c) {
            let old = self.rounds[k];
            self.rounds[k] = if old == Self::PERMANENT || rounds == Self::PERMANENT {
                Self::PERMANENT
            } else {
                old.max(rounds)
            };
        } else {
            self.set.insert(c);
            self.rounds[k] = rounds;
        }
        self.refresh();
    }

    /// Removes `c`; true when it was present.
    pub fn remove(&mut self, c: Condition) -> bool {
        if !self.set.contains(c) {
            return false;
        }
        self.set.remove(c);
        self.rounds[c as usize] = 0;
        self.refresh();
        true
    }

    /// The bearer's turn ended: timed conditions lose a round; returns those that expired.
    pub fn tick(&mut self) -> EnumSet<Condition> {
        let mut expired = EnumSet::new();
        for c in self.set.iter() {
            let r = &mut self.rounds[c as usize];
            if *r != Self::PERMANENT {
                *r -= 1;
                if *r == 0 {
                    expired.insert(c);
                }
            }
        }
        if !expired.is_empty() {
            for c in expired.iter() {
                self.set.remove(c);
            }
            self.refresh();
        }
        expired
    }

    /// Remaining rounds of `c` (0: permanent or absent).
    pub fn rounds(&self, c: Condition) -> Rounds {
        self.rounds[c as usize]
    }

    /// The conditions present, in vocabulary order.
    pub fn iter(&self) -> impl Iterator<Item = Condition> + '_ {
        self.set.iter()
    }

    /// The conditions whose modifiers count: every one, except that in the fear and fatigue
    /// groups only the highest rank present does.
    pub fn counted(&self) -> impl Iterator<Item = Condition> + '_ {
        let (mut fear, mut fatigue) = (0, 0);
        for c in self.set.iter() {
            match c.definition().group {
                Group::Fear(r) => fear = fear.max(r),
                Group::Fatigue(r) => fatigue = fatigue.max(r),
                Group::None => {}
            }
        }
        self.set.iter().filter(move |c| match c.definition().group {
            Group::Fear(r) => r == fear,
            Group::Fatigue(r) => r == fatigue,
            Group::None => true,
        })
    }

    /// Every modifier the counted conditions impose.
    pub fn modifiers(&self) -> impl Iterator<Item = &'static Modifier> + '_ {
        self.counted().flat_map(|c| c.definition().modifiers.iter())
    }

    fn refresh(&mut self) {
        self.flags = self.set.iter().fold(0, |f, c| f | c.definition().flags);
        self.miss_chance = self
            .set
            .iter()
            .map(|c| c.definition().miss_chance)
            .max()
            .unwrap_or(0);
    }
}

/// A condition as a start-of-fight entry of a combatant file: the name and its rounds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct StartCondition {
    pub condition: Condition,
    /// [`ConditionSet::PERMANENT`] when the file gives none.
    pub rounds: Rounds,
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::bonus::{Context, resolve};
    use crate::vocab::Vocabulary;

    /// What « CRB — Appendix 2: Conditions » gives each condition (modifiers, flags, miss
    /// chance, group), named by the condition. `definition` reads a positional table; this
    /// exhaustive match catches a row out of place, and fails to compile until a new condition
    /// is written here too.
    type Row = (&'static [Modifier], u32, u8, Group);

    fn crb_row(c: Condition) -> Row {
        use Condition::*;
        use flag::*;
        const HELPLESS_FLAGS: u32 = CANT_ACT | HELPLESS | DENIES_DEX | CANT_AOO | CANT_MOVE;
        match c {
            Shaken => (SHAKEN, 0, 0, Group::Fear(1)),
            Frightened => (SHAKEN, FLEES, 0, Group::Fear(2)),
            Panicked => (SHAKEN, FLEES | CANT_ATTACK | CANT_AOO, 0, Group::Fear(3)),
            Cowering => (
                COWERING,
                CANT_ACT | DENIES_DEX | CANT_AOO,
                0,
                Group::Fear(4),
            ),
            Sickened => (SICKENED, 0, 0, Group::None),
            Nauseated => (NONE, CANT_ATTACK | CANT_AOO, 0, Group::None),
            Fatigued => (FATIGUED, NO_RUN_CHARGE, 0, Group::Fatigue(1)),
            Exhausted => (EXHAUSTED, NO_RUN_CHARGE | HALF_SPEED, 0, Group::Fatigue(2)),
            Entangled => (ENTANGLED, NO_RUN_CHARGE | HALF_SPEED, 0, Group::None),
            Dazzled => (DAZZLED, 0, 0, Group::None),
            Blinded => (
                BLINDED,
                DENIES_DEX | HALF_SPEED | NO_RUN_CHARGE | BLIND,
                0,
                Group::None,
            ),
            Deafened => (DEAFENED, 0, 0, Group::None),
            FlatFooted => (NONE, DENIES_DEX | CANT_AOO, 0, Group::None),
            Prone => (PRONE, NO_RUN_CHARGE, 0, Group::None),
            Stunned => (STUNNED, CANT_ACT | DENIES_DEX | CANT_AOO, 0, Group::None),
            Paralyzed | Helpless | Asleep | Unconscious => (NONE, HELPLESS_FLAGS, 0, Group::None),
            Dazed => (NONE, CANT_ACT | CANT_AOO, 0, Group::None),
            Staggered => (NONE, SINGLE_ACTION, 0, Group::None),
            Fascinated => (FASCINATED, CANT_ACT | CANT_AOO, 0, Group::None),
            Grappled => (GRAPPLED, CANT_MOVE | CANT_AOO, 0, Group::None),
            Pinned => (
                PINNED,
                CANT_ATTACK | CANT_MOVE | DENIES_DEX | CANT_AOO,
                0,
                Group::None,
            ),
            Blurred => (NONE, 0, 20, Group::None),
            Displaced => (NONE, 0, 50, Group::None),
            Invisible => (NONE, INVISIBLE, 50, Group::None),
            Bleeding => (NONE, BLEEDS, 0, Group::None),
            Confused => (NONE, CONFUSED | CANT_AOO, 0, Group::None),
        }
    }

    #[test]
    fn there_are_29_conditions_each_with_a_definition() {
        assert_eq!(Condition::ALL.len(), 29);
        for &c in Condition::ALL {
            assert_eq!(Condition::lookup(c.name()), Ok(c), "{c}: name round-trips");
            let d = c.definition();
            let row: Row = (d.modifiers, d.flags, d.miss_chance, d.group);
            assert_eq!(row, crb_row(c), "{c}: its row of the table");
        }
        assert_eq!(Condition::lookup("flat_footed"), Ok(Condition::FlatFooted));
        assert_eq!(
            Condition::lookup("shakn"),
            Err("unknown condition `shakn` (did you mean `shaken`?)".to_string())
        );
    }

    #[test]
    fn fear_conditions_do_not_stack_with_each_other() {
        let mut s = ConditionSet::default();
        s.add(Condition::Shaken, 0);
        s.add(Condition::Frightened, 3);
        let will = resolve(s.modifiers(), Stat::Will, None, &Context::default());
        assert_eq!(will, -2, "frightened includes shaken; −2 once");
        assert!(s.any(flag::FLEES));
        s.add(Condition::Sickened, 0);
        let will = resolve(s.modifiers(), Stat::Will, None, &Context::default());
        assert_eq!(
            will, -4,
            "sickened is another source: untyped penalties stack"
        );
    }

    #[test]
    fn durations_count_the_bearers_turns() {
        let mut s = ConditionSet::default();
        s.add(Condition::Stunned, 1);
        s.add(Condition::Blurred, ConditionSet::PERMANENT);
        s.add(Condition::Shaken, 2);
        assert!(s.any(flag::CANT_ACT));
        assert_eq!(s.miss_chance(), 20);
        let gone = s.tick();
        assert!(gone.contains(Condition::Stunned) && gone.len() == 1);
        assert!(!s.any(flag::CANT_ACT));
        assert!(s.has(Condition::Shaken));
        s.tick();
        assert!(!s.has(Condition::Shaken));
        assert!(s.has(Condition::Blurred));
        assert!(s.remove(Condition::Blurred));
        assert!(s.is_empty() && s.miss_chance() == 0);
    }

    #[test]
    fn helpless_family_shares_its_flags() {
        for c in [
            Condition::Helpless,
            Condition::Paralyzed,
            Condition::Asleep,
            Condition::Unconscious,
        ] {
            let f = c.definition().flags;
            assert!(f & flag::HELPLESS != 0 && f & flag::CANT_ACT != 0, "{c}");
        }
        assert_eq!(
            Condition::Stunned.definition().flags & flag::HELPLESS,
            0,
            "stunned is not helpless"
        );
    }
}
