//! The closed vocabularies of spell files (« CRB — Magic — Reading a Spell »): schools,
//! subschools, descriptors, class lists, casting times, components, ranges, areas, saves and
//! attack rolls, with their file spellings and did-you-mean lookups. Owns names only: what a
//! range or a save does is the validated spell's ([`super::Spell`]) and the fight's business.

use crate::area::Shape;
use crate::rules::{Descriptor, Save};
use crate::vocab::vocabulary;

pub use crate::vocab::{School, SpellClass};

impl School {
    /// The save descriptor a school gives its spells (a gnome's bonus against illusions).
    pub fn save_descriptor(self) -> Option<Descriptor> {
        match self {
            School::Divination => Some(Descriptor::Divination),
            School::Enchantment => Some(Descriptor::Enchantment),
            School::Illusion => Some(Descriptor::Illusion),
            School::Abjuration
            | School::Conjuration
            | School::Evocation
            | School::Necromancy
            | School::Transmutation
            | School::Universal => None,
        }
    }
}

vocabulary! {
    "subschool", pub enum Subschool {
        Calling = "calling",
        Creation = "creation",
        Healing = "healing",
        Summoning = "summoning",
        Teleportation = "teleportation",
        Charm = "charm",
        Compulsion = "compulsion",
        Figment = "figment",
        Glamer = "glamer",
        Pattern = "pattern",
        Phantasm = "phantasm",
        Shadow = "shadow",
        Polymorph = "polymorph",
        Scrying = "scrying",
    }
}

vocabulary! {
    /// The bracketed descriptors of a spell's school line.
    "descriptor", pub enum SpellDescriptor {
        Acid = "acid",
        Air = "air",
        Chaotic = "chaotic",
        Cold = "cold",
        Curse = "curse",
        Darkness = "darkness",
        Death = "death",
        Disease = "disease",
        Earth = "earth",
        Electricity = "electricity",
        Emotion = "emotion",
        Evil = "evil",
        Fear = "fear",
        Fire = "fire",
        Force = "force",
        Good = "good",
        LanguageDependent = "language_dependent",
        Lawful = "lawful",
        Light = "light",
        MindAffecting = "mind_affecting",
        Pain = "pain",
        Poison = "poison",
        Shadow = "shadow",
        Sonic = "sonic",
        Water = "water",
    }
}

impl SpellDescriptor {
    /// The save descriptor (`rules::Descriptor`) a save modifier may name for it: a halfling's
    /// +2 against fear, a dwarf's against poison.
    pub fn save_descriptor(self) -> Option<Descriptor> {
        use SpellDescriptor::*;
        match self {
            Acid => Some(Descriptor::Acid),
            Cold => Some(Descriptor::Cold),
            Disease => Some(Descriptor::Disease),
            Electricity => Some(Descriptor::Electricity),
            Fear => Some(Descriptor::Fear),
            Fire => Some(Descriptor::Fire),
            MindAffecting => Some(Descriptor::MindAffecting),
            Poison => Some(Descriptor::Poison),
            Sonic => Some(Descriptor::Sonic),
            Air | Chaotic | Curse | Darkness | Death | Earth | Emotion | Evil | Force | Good
            | LanguageDependent | Lawful | Light | Pain | Shadow | Water => None,
        }
    }
}

vocabulary! {
    /// `long`: anything over a full round (1 minute, 10 minutes…), never cast in a fight.
    "casting time", pub enum CastingTime {
        Standard = "standard",
        FullRound = "full_round",
        OneRound = "one_round",
        Swift = "swift",
        Immediate = "immediate",
        Free = "free",
        Long = "long",
    }
}

vocabulary! {
    /// A slash alternative is one token (`M/DF`); a costly material component is just `M`.
    "component", pub enum Component {
        Verbal = "V",
        Somatic = "S",
        Material = "M",
        Focus = "F",
        DivineFocus = "DF",
        MaterialOrDivineFocus = "M/DF",
        FocusOrDivineFocus = "F/DF",
    }
}

vocabulary! {
    /// The range keywords; a fixed range is written `{"feet": 30}`.
    "range", pub enum RangeKind {
        Personal = "personal",
        Touch = "touch",
        Close = "close",
        Medium = "medium",
        Long = "long",
        Unlimited = "unlimited",
    }
}

vocabulary! {
    /// The durations written as a word; timed ones are `{"rounds": …}` and the like.
    "duration", pub enum DurationKind {
        Instantaneous = "instantaneous",
        Permanent = "permanent",
        Concentration = "concentration",
    }
}

vocabulary! {
    /// `self`: the caster only (personal spells); `creature`: one or more creatures in range.
    "target kind", pub enum TargetKind {
        OnlySelf = "self",
        Creature = "creature",
    }
}

vocabulary! {
    "area shape", pub enum AreaShape {
        Burst = "burst",
        Spread = "spread",
        Emanation = "emanation",
        Cylinder = "cylinder",
        Cone = "cone",
        Line = "line",
    }
}

impl AreaShape {
    /// The grid template's shape (`crate::area`).
    pub fn shape(self) -> Shape {
        match self {
            AreaShape::Burst => Shape::Burst,
            AreaShape::Spread => Shape::Spread,
            AreaShape::Emanation => Shape::Emanation,
            AreaShape::Cylinder => Shape::Cylinder,
            AreaShape::Cone => Shape::Cone,
            AreaShape::Line => Shape::Line,
        }
    }

    /// Cones and lines start from the caster (« CRB — Aiming a Spell — Cone, Line »).
    pub fn starts_at_caster(self) -> bool {
        match self {
            AreaShape::Cone | AreaShape::Line => true,
            AreaShape::Burst | AreaShape::Spread | AreaShape::Emanation | AreaShape::Cylinder => {
                false
            }
        }
    }
}

vocabulary! {
    /// `point`: a grid intersection within range; `caster`: centred on the caster; `target`:
    /// centred on a target creature.
    "area origin", pub enum AreaOrigin {
        Point = "point",
        Caster = "caster",
        Target = "target",
    }
}

vocabulary! {
    /// Who in the area is affected: everyone (friends too), the caster's side, or its enemies.
    "area affects", pub enum AreaAffects {
        All = "all",
        Allies = "allies",
        Enemies = "enemies",
    }
}

vocabulary! {
    "save type", pub enum SaveType {
        Fort = "fort",
        Reflex = "ref",
        Will = "will",
    }
}

impl SaveType {
    pub fn save(self) -> Save {
        match self {
            SaveType::Fort => Save::Fort,
            SaveType::Reflex => Save::Reflex,
            SaveType::Will => Save::Will,
        }
    }
}

vocabulary! {
    /// What a successful save does (« CRB — Saving Throw »): `negates`; `half` halves the
    /// numeric amounts (rounded down) and negates the rest; `partial` applies the spell's
    /// `on_save` effects instead; `disbelief` (illusions) counts as negates; `none` changes
    /// nothing.
    "save outcome", pub enum SaveOutcome {
        Negates = "negates",
        Half = "half",
        Partial = "partial",
        Disbelief = "disbelief",
        NoEffect = "none",
    }
}

vocabulary! {
    /// A spell's attack roll: a melee touch attack (touch spells) or a ranged touch attack
    /// (rays).
    "attack", pub enum SpellAttack {
        MeleeTouch = "melee_touch",
        RangedTouch = "ranged_touch",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::vocab::Vocabulary;

    #[test]
    fn every_list_fits_a_set_and_round_trips() {
        fn check<T: Vocabulary + std::fmt::Debug>() {
            assert!(T::all().len() < 64, "{}", T::WHAT);
            for v in T::all() {
                assert_eq!(T::lookup(v.name()), Ok(*v));
            }
        }
        check::<School>();
        check::<Subschool>();
        check::<SpellDescriptor>();
        check::<SpellClass>();
        check::<CastingTime>();
        check::<Component>();
        check::<RangeKind>();
        check::<DurationKind>();
        check::<TargetKind>();
        check::<AreaShape>();
        check::<AreaOrigin>();
        check::<AreaAffects>();
        check::<SaveType>();
        check::<SaveOutcome>();
        check::<SpellAttack>();
        assert_eq!(SpellClass::ALL.len(), 25);
        assert_eq!(SpellDescriptor::ALL.len(), 25);
    }

    #[test]
    fn a_misspelt_school_suggests_the_closest() {
        assert_eq!(
            School::lookup("evokation").unwrap_err(),
            "unknown school `evokation` (did you mean `evocation`?)"
        );
    }
}
