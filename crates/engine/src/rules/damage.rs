//! Damage applied to a defender, usable without an attack roll: given the rolled components of
//! one hit, what the defender is immune to, its energy resistances and its damage reduction, the
//! lethal and nonlethal damage it takes. Pure: rolls nothing, knows no fight and no hit
//! points — the caller rolls the dice, and applies the result to the life track.
//!
//! The rules, in the order they apply to one hit:
//! - « CRB — Critical Hits »: a physical component (bludgeoning, piercing, slashing) is
//!   multiplied on a critical hit — the first component carries the flat bonus, so (dice +
//!   flat) × multiplier —; any other component (energy, force…) is rolled once.
//! - « CRB — Immunity »: a physical component whose physical type the defender is immune to
//!   deals nothing; any other component deals nothing when the defender is immune to each of its
//!   real types (tags only say what overcomes DR, so a tags-only component deals nothing).
//! - « CRB — Energy Resistance »: each non-physical component is reduced by the highest
//!   resistance among its resistible types (energies, positive, negative), never below 0.
//! - « CRB — Sneak Attack »: precision damage is never multiplied; it joins the physical part
//!   when the hit has a physical component (so DR reduces it), else the other part.
//! - « CRB — Damage Reduction »: the physical part is reduced by the DR amount unless the hit
//!   carries every type an « and » DR names (any one for « or »), never below 0. DR does not
//!   apply to energy or spell damage: the caller says whether it applies.
//! - « CRB — Minimum Damage »: a hit whose damage falls below 1 — rolled that low, or reduced
//!   there by resistance or DR — still deals 1 point of nonlethal damage (not when immunity
//!   alone took it all).
//! - « CRB — Nonlethal Damage »: a nonlethal weapon (sap, unarmed strike) deals the whole hit
//!   as nonlethal damage; a creature immune to nonlethal damage takes none of it.

use super::defense::{DamageReduction, Immunities};
use crate::vocab::{DamageCategory, DamageType, DamageTypes};

/// True for damage types a critical hit multiplies and damage reduction reduces (bludgeoning,
/// piercing, slashing).
pub fn is_physical(t: DamageType) -> bool {
    t.category() == DamageCategory::Physical
}

/// What protects the defender from damage.
#[derive(Clone, Copy, Debug)]
pub struct Defense<'a> {
    pub immunities: Immunities,
    /// Energy resistances (the first entry of a type counts).
    pub resistances: &'a [(DamageType, u32)],
    pub dr: Option<&'a DamageReduction>,
}

impl Defense<'_> {
    fn resistance(&self, t: DamageType) -> i32 {
        self.resistances
            .iter()
            .find(|(r, _)| *r == t)
            .map_or(0, |(_, amount)| *amount as i32)
    }
}

/// How a hit delivers its damage.
#[derive(Clone, Copy, Debug)]
pub struct Delivery {
    /// Every type and tag the hit carries, for the DR bypass.
    pub dealt: DamageTypes,
    /// Damage reduction applies (weapons; not energy or spell damage).
    pub dr_applies: bool,
    /// The whole hit goes to the nonlethal track (saps, unarmed strikes).
    pub nonlethal: bool,
}

/// What the defender takes from one hit.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Dealt {
    pub lethal: i32,
    pub nonlethal: i32,
    /// Resistance or DR took something off.
    pub reduced: bool,
    /// The hit fell below 1 and deals the minimum 1 nonlethal point instead.
    pub minimum: bool,
}

/// The damage of one hit, summed component by component in the order they are rolled.
#[derive(Clone, Copy, Debug)]
pub struct Damage<'a> {
    defense: Defense<'a>,
    /// Physical damage the defender is not immune to, before DR.
    physical: i32,
    /// Every other component after immunity and resistance.
    other: i32,
    /// Everything rolled, before immunity, resistance and DR.
    raw: i32,
    reduced: bool,
    /// Some component was physical (precision damage joins the physical part).
    any_physical: bool,
    /// The types of the components that deal something after immunity and resistance.
    through: DamageTypes,
}

impl<'a> Damage<'a> {
    pub fn against(defense: Defense<'a>) -> Self {
        Damage {
            defense,
            physical: 0,
            other: 0,
            raw: 0,
            reduced: false,
            any_physical: false,
            through: DamageTypes::new(),
        }
    }

    /// The types of the components summed so far that deal something after immunity and
    /// resistance (« Bestiary — Regeneration »: damage of these types stops it). A physical
    /// component counts before damage reduction.
    #[inline]
    pub fn through(&self) -> DamageTypes {
        self.through
    }

    /// Adds one rolled component of `types` (its flat bonus included); a physical one is
    /// multiplied by `multiplier` (1, or the weapon's on a confirmed critical hit).
    #[inline]
    pub fn component(&mut self, rolled: i32, types: DamageTypes, multiplier: i32) {
        let immunities = self.defense.immunities;
        if types.iter().any(is_physical) {
            let amount = rolled * multiplier;
            self.raw += amount;
            self.any_physical = true;
            if !types
                .iter()
                .filter(|t| is_physical(*t))
                .any(|t| immunities.to_damage(t))
            {
                self.physical += amount;
                if amount > 0 {
                    self.through = self.through.union(types);
                }
            }
            return;
        }
        self.raw += rolled;
        let mut real = types.iter().filter(|t| t.category() != DamageCategory::Tag);
        if real.all(|t| immunities.to_damage(t)) {
            return;
        }
        let resist = types
            .iter()
            .filter(|t| t.is_resistible())
            .map(|t| self.defense.resistance(t))
            .max()
            .unwrap_or(0);
        if resist > 0 && rolled > 0 {
            self.reduced = true;
        }
        self.other += (rolled - resist).max(0);
        if rolled > resist {
            self.through = self.through.union(types);
        }
    }

    /// Adds precision damage (sneak attack), after every component.
    #[inline]
    pub fn precision(&mut self, rolled: i32) {
        self.raw += rolled;
        if self.any_physical {
            self.physical += rolled;
        } else {
            self.other += rolled;
        }
    }

    /// DR, the minimum damage and the nonlethal routing: what the defender takes.
    #[inline]
    pub fn finish(self, delivery: Delivery) -> Dealt {
        let Damage {
            defense,
            mut physical,
            other,
            raw,
            mut reduced,
            ..
        } = self;
        if delivery.dr_applies
            && let Some(dr) = defense.dr
            && physical > 0
            && !dr.bypass.is_overcome_by(delivery.dealt)
        {
            physical = (physical - dr.amount as i32).max(0);
            reduced = true;
        }
        let mut total = physical.max(0) + other;
        let mut minimum = false;
        if total < 1 && (raw < 1 || reduced) {
            total = 0;
            minimum = true;
        }
        let (lethal, mut nonlethal) = if delivery.nonlethal {
            (0, total + i32::from(minimum))
        } else {
            (total, i32::from(minimum))
        };
        if defense.immunities.to_damage(DamageType::Nonlethal) {
            nonlethal = 0;
        }
        Dealt {
            lethal,
            nonlethal,
            reduced,
            minimum,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::defense::Bypass;
    use crate::vocab::{DamageType::*, EnumSet};

    fn types(list: &[DamageType]) -> DamageTypes {
        list.iter().copied().collect()
    }

    /// Immune to the damage types `list`.
    fn immune(list: &[DamageType]) -> Immunities {
        Immunities::new(types(list), EnumSet::new())
    }

    fn dr(amount: u32, bypass: &str) -> DamageReduction {
        DamageReduction {
            amount,
            bypass: bypass.parse::<Bypass>().unwrap(),
        }
    }

    const WEAPON: Delivery = Delivery {
        dealt: DamageTypes::new(),
        dr_applies: true,
        nonlethal: false,
    };

    /// One hit of `components` (rolled, types, multiplier) and `precision` against `defense`.
    fn hit(
        defense: Defense<'_>,
        components: &[(i32, &[DamageType], i32)],
        precision: i32,
        delivery: Delivery,
    ) -> Dealt {
        let mut damage = Damage::against(defense);
        for &(rolled, list, mult) in components {
            damage.component(rolled, types(list), mult);
        }
        if precision > 0 {
            damage.precision(precision);
        }
        damage.finish(delivery)
    }

    fn open() -> Defense<'static> {
        Defense {
            immunities: Immunities::default(),
            resistances: &[],
            dr: None,
        }
    }

    fn lethal(n: i32) -> Dealt {
        Dealt {
            lethal: n,
            ..Dealt::default()
        }
    }

    #[test]
    fn critical_multiplies_physical_components_only() {
        let d = hit(open(), &[(5, &[Slashing], 3), (4, &[Fire], 3)], 0, WEAPON);
        assert_eq!(d, lethal(19));
    }

    #[test]
    fn an_and_dr_is_bypassed_only_by_every_type_it_names() {
        let reduction = dr(10, "bludgeoning and magic");
        let defense = Defense {
            dr: Some(&reduction),
            ..open()
        };
        let with = |dealt: &[DamageType]| Delivery {
            dealt: types(dealt),
            ..WEAPON
        };
        let club = [(14, &[Bludgeoning][..], 1)];
        assert_eq!(
            hit(defense, &club, 0, with(&[Bludgeoning])),
            Dealt {
                lethal: 4,
                reduced: true,
                ..Dealt::default()
            }
        );
        assert_eq!(
            hit(defense, &club, 0, with(&[Bludgeoning, Magic])),
            lethal(14)
        );
        let or = dr(5, "silver or cold iron");
        let defense = Defense {
            dr: Some(&or),
            ..open()
        };
        assert_eq!(
            hit(defense, &club, 0, with(&[Bludgeoning, Silver])),
            lethal(14)
        );
    }

    #[test]
    fn dr_does_not_apply_to_energy_or_when_the_caller_says_so() {
        let reduction = dr(5, "-");
        let defense = Defense {
            dr: Some(&reduction),
            ..open()
        };
        assert_eq!(hit(defense, &[(6, &[Fire], 1)], 0, WEAPON), lethal(6));
        let spell = Delivery {
            dr_applies: false,
            ..WEAPON
        };
        assert_eq!(hit(defense, &[(6, &[Piercing], 1)], 0, spell), lethal(6));
    }

    #[test]
    fn energy_resistance_reduces_each_component_with_its_highest_resistance() {
        let defense = Defense {
            resistances: &[(Fire, 5), (Cold, 10), (Fire, 20)],
            ..open()
        };
        let d = hit(
            defense,
            &[
                (7, &[Slashing], 1),
                (6, &[Fire], 1),
                (4, &[Cold], 1),
                (3, &[Acid], 1),
            ],
            0,
            WEAPON,
        );
        assert_eq!(
            d,
            Dealt {
                lethal: 7 + 1 + 3,
                reduced: true,
                ..Dealt::default()
            }
        );
        let both = hit(defense, &[(12, &[Fire, Cold], 1)], 0, WEAPON);
        assert_eq!(
            both.lethal, 2,
            "fire and cold: the higher resistance counts"
        );
    }

    #[test]
    fn immunity_takes_a_component_without_the_minimum_point() {
        let defense = Defense {
            immunities: immune(&[Fire]),
            ..open()
        };
        assert_eq!(
            hit(defense, &[(6, &[Fire], 1)], 0, WEAPON),
            Dealt::default()
        );
        assert_eq!(
            hit(defense, &[(6, &[Fire], 1), (2, &[Cold], 1)], 0, WEAPON),
            lethal(2)
        );
        let tags_only = hit(open(), &[(6, &[Magic], 1)], 0, WEAPON);
        assert_eq!(
            tags_only,
            Dealt::default(),
            "a tags-only component deals nothing"
        );
    }

    #[test]
    fn a_hit_below_1_deals_1_nonlethal() {
        assert_eq!(
            hit(open(), &[(-1, &[Bludgeoning], 1)], 0, WEAPON),
            Dealt {
                nonlethal: 1,
                minimum: true,
                ..Dealt::default()
            }
        );
        let reduction = dr(5, "magic");
        let defense = Defense {
            dr: Some(&reduction),
            ..open()
        };
        assert_eq!(
            hit(defense, &[(3, &[Slashing], 1)], 0, WEAPON),
            Dealt {
                nonlethal: 1,
                reduced: true,
                minimum: true,
                ..Dealt::default()
            }
        );
    }

    #[test]
    fn a_nonlethal_weapon_deals_the_whole_hit_as_nonlethal() {
        let sap = Delivery {
            nonlethal: true,
            ..WEAPON
        };
        let d = hit(open(), &[(4, &[Bludgeoning, Nonlethal], 1)], 0, sap);
        assert_eq!(
            d,
            Dealt {
                nonlethal: 4,
                ..Dealt::default()
            }
        );
        let defense = Defense {
            immunities: immune(&[Nonlethal]),
            ..open()
        };
        let d = hit(defense, &[(4, &[Bludgeoning], 1)], 0, sap);
        assert_eq!((d.lethal, d.nonlethal), (0, 0));
    }

    #[test]
    fn precision_damage_is_not_multiplied_and_dr_reduces_it() {
        let reduction = dr(5, "-");
        let defense = Defense {
            dr: Some(&reduction),
            ..open()
        };
        let d = hit(defense, &[(4, &[Piercing], 2)], 3, WEAPON);
        assert_eq!(d.lethal, 4 * 2 + 3 - 5);
        // Without a physical component it joins the other part: no DR.
        let d = hit(defense, &[(4, &[Fire], 2)], 3, WEAPON);
        assert_eq!(d.lethal, 4 + 3);
    }

    #[test]
    fn through_lists_the_types_that_deal_something_after_immunity_and_resistance() {
        // « Bestiary — Regeneration »: only damage the creature takes stops it.
        let resist = [(Fire, 10)];
        let mut damage = Damage::against(Defense {
            immunities: Immunities::new(types(&[Acid]), EnumSet::new()),
            resistances: &resist,
            dr: None,
        });
        damage.component(6, types(&[Slashing]), 1);
        damage.component(4, types(&[Fire]), 1);
        damage.component(4, types(&[Acid]), 1);
        assert_eq!(damage.through(), types(&[Slashing]));
        damage.component(12, types(&[Fire]), 1);
        assert_eq!(damage.through(), types(&[Slashing, Fire]));
    }
}
