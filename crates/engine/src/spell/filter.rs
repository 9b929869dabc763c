//! [`Filter`]: which creatures a spell's target or area accepts (« living creature », « one
//! humanoid creature », « creatures with 5 or fewer HD », « a living creature with −1 or fewer
//! hit points »), and [`Filter::accepts`], a pure check over plain [`Facts`] the fight hands
//! in. Never reads a fight or a combatant.

use crate::de::closest;
use crate::model::CreatureType;

/// Every creature type, in declaration order (the bit order of [`CreatureTypes`]).
const CREATURE_TYPES: [CreatureType; 13] = [
    CreatureType::Aberration,
    CreatureType::Animal,
    CreatureType::Construct,
    CreatureType::Dragon,
    CreatureType::Fey,
    CreatureType::Humanoid,
    CreatureType::MagicalBeast,
    CreatureType::MonstrousHumanoid,
    CreatureType::Ooze,
    CreatureType::Outsider,
    CreatureType::Plant,
    CreatureType::Undead,
    CreatureType::Vermin,
];

/// A set of creature types, as bits (`Copy`, no allocation).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct CreatureTypes(u16);

impl CreatureTypes {
    fn bit(t: CreatureType) -> u16 {
        1 << (t as u16)
    }

    /// Adds `t`; false when it was already there.
    pub fn insert(&mut self, t: CreatureType) -> bool {
        let fresh = self.0 & Self::bit(t) == 0;
        self.0 |= Self::bit(t);
        fresh
    }

    pub fn contains(self, t: CreatureType) -> bool {
        self.0 & Self::bit(t) != 0
    }

    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Members in declaration order.
    pub fn iter(self) -> impl Iterator<Item = CreatureType> {
        CREATURE_TYPES
            .into_iter()
            .filter(move |t| self.contains(*t))
    }
}

/// A creature type as spell files spell it: snake_case (`magical_beast`); the Bestiary's
/// spaced form is accepted too. Unknown: a message with the closest spelling.
pub fn creature_type(text: &str) -> Result<CreatureType, String> {
    let snake = |t: CreatureType| t.name().replace(' ', "_");
    let wanted = text.trim().replace(' ', "_");
    if let Some(t) = CREATURE_TYPES.into_iter().find(|t| snake(*t) == wanted) {
        return Ok(t);
    }
    let known: Vec<String> = CREATURE_TYPES.into_iter().map(snake).collect();
    Err(match closest(text, known.iter().map(String::as_str)) {
        Some(best) => format!("unknown creature type `{text}` (did you mean `{best}`?)"),
        None => format!("unknown creature type `{text}`"),
    })
}

/// « CRB — Glossary »: undead and constructs are not living creatures. (A new creature type
/// must be placed here, which is why the match lists every type.)
pub fn is_living(t: CreatureType) -> bool {
    use CreatureType::*;
    match t {
        Undead | Construct => false,
        Aberration | Animal | Dragon | Fey | Humanoid | MagicalBeast | MonstrousHumanoid | Ooze
        | Outsider | Plant | Vermin => true,
    }
}

/// What a target or area accepts; the default accepts every creature.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Filter {
    /// Not undead and not a construct (« living creature »).
    pub living: bool,
    /// Only these types; empty: any type.
    pub creature_types: CreatureTypes,
    /// At most this many Hit Dice (« 5 or fewer HD »).
    pub max_hd: Option<u32>,
    /// At −1 hit points or fewer, stable or not (death knell).
    pub dying: bool,
    /// Below 0 hit points and stable (bleed).
    pub stable_dying: bool,
    /// Only the caster's side (« willing creature touched »).
    pub willing: bool,
}

/// The facts about one creature that a [`Filter`] reads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Facts {
    pub creature_type: CreatureType,
    pub hit_dice: u32,
    pub hp: i32,
    /// Below 0 hit points and no longer losing them (« CRB — Stable Characters »).
    pub stable: bool,
    /// On the caster's side (the caster included).
    pub ally: bool,
}

impl Filter {
    /// True when the creature described by `facts` may be affected.
    pub fn accepts(&self, facts: &Facts) -> bool {
        let t = facts.creature_type;
        (!self.living || is_living(t))
            && (self.creature_types.is_empty() || self.creature_types.contains(t))
            && self.max_hd.is_none_or(|max| facts.hit_dice <= max)
            && (!self.dying || facts.hp <= -1)
            && (!self.stable_dying || (facts.hp < 0 && facts.stable))
            && (!self.willing || facts.ally)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn facts(creature_type: CreatureType) -> Facts {
        Facts {
            creature_type,
            hit_dice: 3,
            hp: 10,
            stable: false,
            ally: false,
        }
    }

    #[test]
    fn the_type_list_is_in_declaration_order() {
        for (i, t) in CREATURE_TYPES.into_iter().enumerate() {
            assert_eq!(t as usize, i, "{t}");
        }
    }

    #[test]
    fn the_default_filter_accepts_everyone() {
        for t in CREATURE_TYPES {
            assert!(Filter::default().accepts(&facts(t)), "{t}");
        }
    }

    /// Hold person: « one humanoid creature ».
    #[test]
    fn creature_types_restrict_the_target() {
        let mut humanoid = Filter::default();
        humanoid.creature_types.insert(CreatureType::Humanoid);
        assert!(humanoid.accepts(&facts(CreatureType::Humanoid)));
        assert!(!humanoid.accepts(&facts(CreatureType::MonstrousHumanoid)));
    }

    /// « CRB — Glossary — Living »: undead and constructs are not alive.
    #[test]
    fn living_excludes_undead_and_constructs() {
        let living = Filter {
            living: true,
            ..Filter::default()
        };
        assert!(living.accepts(&facts(CreatureType::Animal)));
        assert!(!living.accepts(&facts(CreatureType::Undead)));
        assert!(!living.accepts(&facts(CreatureType::Construct)));
    }

    /// Sleep: « creatures with 5 or fewer HD » (here 4).
    #[test]
    fn max_hd_is_inclusive() {
        let small = Filter {
            max_hd: Some(3),
            ..Filter::default()
        };
        assert!(small.accepts(&facts(CreatureType::Humanoid)));
        let f = Facts {
            hit_dice: 4,
            ..facts(CreatureType::Humanoid)
        };
        assert!(!small.accepts(&f));
    }

    /// Death knell (« −1 or fewer hit points ») and bleed (« a stable creature »).
    #[test]
    fn dying_and_stable_dying_read_hit_points_and_stability() {
        let dying = Filter {
            dying: true,
            ..Filter::default()
        };
        let bleed = Filter {
            stable_dying: true,
            ..Filter::default()
        };
        let at = |hp, stable| Facts {
            hp,
            stable,
            ..facts(CreatureType::Humanoid)
        };
        assert!(!dying.accepts(&at(0, false)));
        assert!(dying.accepts(&at(-1, false)));
        assert!(dying.accepts(&at(-3, true)));
        assert!(!bleed.accepts(&at(-3, false)));
        assert!(bleed.accepts(&at(-3, true)));
        assert!(!bleed.accepts(&at(2, true)));
    }

    #[test]
    fn willing_means_the_casters_side() {
        let willing = Filter {
            willing: true,
            ..Filter::default()
        };
        let ally = Facts {
            ally: true,
            ..facts(CreatureType::Humanoid)
        };
        assert!(willing.accepts(&ally));
        assert!(!willing.accepts(&facts(CreatureType::Humanoid)));
    }

    #[test]
    fn creature_types_are_read_in_snake_case_with_a_suggestion() {
        assert_eq!(
            creature_type("magical_beast"),
            Ok(CreatureType::MagicalBeast)
        );
        assert_eq!(
            creature_type("magical beast"),
            Ok(CreatureType::MagicalBeast)
        );
        assert_eq!(
            creature_type("humanoud").unwrap_err(),
            "unknown creature type `humanoud` (did you mean `humanoid`?)"
        );
    }
}
