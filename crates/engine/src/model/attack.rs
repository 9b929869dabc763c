//! A validated attack of a combatant: bonus, damage, critical profile, range or reach and the
//! flags rule code reads (natural, secondary, reach weapon, firearm, two-handed, splash). The
//! invariants the file schema promises hold here (a secondary attack is natural, a splash
//! weapon is thrown, only melee attacks carry `reach_weapon`, only ranged ones `ammo`, a
//! `thrown` weapon has a count); resolving an attack is the
//! attack module's job.

use serde::Deserialize;

use crate::dice::DiceFormula;
use crate::vocab::{DamageType, DamageTypes};

/// How an attack is delivered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum AttackKind {
    Melee,
    Ranged,
    /// A touch attack: melee unless it has a range increment (then thrown or fired).
    Touch,
}

/// One damage component: dice and the types they deal (at least one physical, energy or other
/// type; tags such as `magic` ride along to overcome damage reduction).
#[derive(Clone, Debug, PartialEq)]
pub struct DamageComponent {
    pub(super) formula: DiceFormula,
    pub(super) types: DamageTypes,
}

impl DamageComponent {
    pub fn formula(&self) -> &DiceFormula {
        &self.formula
    }
    pub fn types(&self) -> DamageTypes {
        self.types
    }
}

/// Flat splash damage of a thrown splash weapon (SRD « Throw Splash Weapon »).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Splash {
    pub damage: u32,
    /// An energy type, or positive/negative energy ([`DamageType::is_resistible`]).
    pub damage_type: DamageType,
}

/// One attack line of a stat block.
#[derive(Clone, Debug, PartialEq)]
pub struct Attack {
    pub(super) name: String,
    pub(super) kind: AttackKind,
    pub(super) attack_bonus: i32,
    pub(super) damage: Vec<DamageComponent>,
    pub(super) damage_bonus: i32,
    pub(super) crit_range: u8,
    pub(super) crit_mult: u8,
    pub(super) range_increment_ft: Option<u32>,
    pub(super) reach_ft: Option<u32>,
    pub(super) reach_weapon: bool,
    pub(super) count: u32,
    pub(super) natural: bool,
    pub(super) secondary: bool,
    pub(super) firearm: bool,
    pub(super) two_handed: bool,
    pub(super) splash: Option<Splash>,
    pub(super) ammo: Option<u16>,
    pub(super) thrown: bool,
}

impl Attack {
    pub fn name(&self) -> &str {
        &self.name
    }

    pub fn kind(&self) -> AttackKind {
        self.kind
    }

    /// Final attack bonus (BAB, ability, size and item bonuses already in).
    pub fn attack_bonus(&self) -> i32 {
        self.attack_bonus
    }

    /// Damage components, rolled in order; may be empty for a touch attack.
    pub fn damage(&self) -> &[DamageComponent] {
        &self.damage
    }

    /// Flat bonus added once to the damage of a hit.
    pub fn damage_bonus(&self) -> i32 {
        self.damage_bonus
    }

    /// The lowest natural d20 roll that threatens a critical hit, 2–20 (19 means 19–20).
    pub fn threat_range_start(&self) -> u8 {
        self.crit_range
    }

    /// A natural roll `d20` threatens a critical hit.
    pub fn threatens(&self, d20: u32) -> bool {
        d20 >= u32::from(self.crit_range)
    }

    /// Critical multiplier, 2–6.
    pub fn crit_mult(&self) -> u8 {
        self.crit_mult
    }

    /// Range increment in feet; only ranged and touch attacks have one.
    pub fn range_increment_ft(&self) -> Option<u32> {
        self.range_increment_ft
    }

    /// Reach written on the attack, a multiple of 5 feet; for a natural attack it is the
    /// creature's natural reach (a disc, not a reach weapon's ring).
    pub fn reach_ft(&self) -> Option<u32> {
        self.reach_ft
    }

    /// A melee weapon with the CRB « reach » quality (doubles natural reach, dead zone inside).
    pub fn reach_weapon(&self) -> bool {
        self.reach_weapon
    }

    /// Independent swings per attack action (« 2x Talons »), 1–20.
    pub fn count(&self) -> u32 {
        self.count
    }

    /// A natural weapon: never gains iterative attacks.
    pub fn natural(&self) -> bool {
        self.natural
    }

    /// A secondary natural attack (BAB −5, −2 with Multiattack); always natural.
    pub fn secondary(&self) -> bool {
        self.secondary
    }

    /// A firearm (targets touch AC within its first five increments); always has a range
    /// increment.
    pub fn firearm(&self) -> bool {
        self.firearm
    }

    /// Held in two hands (Power Attack gives +3 per step instead of +2).
    pub fn two_handed(&self) -> bool {
        self.two_handed
    }

    /// Splash damage of a thrown splash weapon; only on ranged attacks or touch attacks with
    /// a range increment.
    pub fn splash(&self) -> Option<Splash> {
        self.splash
    }

    /// Shots it carries (arrows, bolts, bullets — or, for a thrown weapon, the weapons
    /// themselves, « javelins (4) »); `None`: unlimited. Only ranged attacks carry ammunition.
    pub fn ammo(&self) -> Option<u16> {
        self.ammo
    }

    /// Each shot throws the weapon itself (a javelin, a dagger), which lands in the target's
    /// square and must be picked up again; such an attack always carries `ammo`.
    pub fn thrown(&self) -> bool {
        self.thrown
    }

    /// Made at range: kind `ranged`, or kind `touch` with a range increment.
    pub fn is_ranged(&self) -> bool {
        match self.kind {
            AttackKind::Melee => false,
            AttackKind::Ranged => true,
            AttackKind::Touch => self.range_increment_ft.is_some(),
        }
    }
}
