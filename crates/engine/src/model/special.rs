//! Structured special abilities: a combatant file's `specials` list, each entry naming one
//! rule primitive of a closed catalogue ([`SpecialRule`]) with its parameters — Bestiary,
//! Universal Monster Rules « Regeneration », « Fast Healing », « Ferocity », « Grab »,
//! « Trip », « Paralysis », « Poison », « Bleed », « Rend », « Pounce », « Rake », « Powerful
//! Charge », « Trample », « Energy Drain », « Disease », « Rock Throwing », « Rock Catching »,
//! « All-Around Vision », the hydra's « Hydra Traits » (validated in `special_umr`), « Aura »,
//! « Frightful Presence », « Gaze », « Breath Weapon », « Channel Resistance », and the
//! cleric's « Channel Energy » (the rules that reach around the bearer are validated in
//! `special_areas`). A creature's numbers live in its file (with the SRD citation in `source`
//! or `notes`); the rule itself is Rust. Owns the schema ([`SpecialFile`]) and its validation
//! into [`Special`]; what the rules do in a fight is `fight::special`'s, and how a free-text
//! `features` line resolves against these entries is [`super::features`]'.
//!
//! # Schema
//! `{ "rule": NAME, … }` with the parameters of the rule and nothing else:
//!
//! - `regeneration`: `amount` 1–1000 (hit points per round), `bypass` = [] (damage types that
//!   stop it for a round, e.g. `["acid", "fire"]`). Needs a Constitution score.
//! - `fast_healing`: `amount` 1–1000.
//! - `ferocity`: no parameter. Needs a Constitution score.
//! - `grab`, `trip`: `attack`, the name of one of the file's melee `attacks` (« bite »). One
//!   rider per attack.
//! - `paralysis`: `attack` (a melee or melee touch attack), `dc` 1–60 (Fortitude), `duration`
//!   in rounds, a dice formula of one kind of die plus a constant (« 1d4+1 ») or `"permanent"`,
//!   and `immune_subtypes` = [] (subtypes the paralysis spares, « elf »).
//! - `poison`: `attack`, `dc` 1–60 (Fortitude), `ability` (`str`, `dex`, `con`, `wis`, `int`,
//!   `cha`), `damage` (a formula as for `duration`: « 1d2 »), `frequency` 1–100 (rounds, the
//!   first dose's included: « 1/round for 6 rounds » is 6) and `cure` 1–10 (consecutive
//!   saves).
//! - `bleed`: `attack` and `amount` 1–1000 (hit points lost at the start of each of the
//!   victim's turns).
//! - `rend`: `attack` (the melee attack whose two hits on one target in a round rend) and
//!   `damage` (« 1d6+7 »). `powerful_charge`: `attack` and `damage` (the charging hit's).
//! - `pounce`, `disease` (recorded: its onset is beyond a fight), `rock_catching`,
//!   `all_around_vision`: no parameter.
//! - `rake`: `attack`, a melee attack listed after the creature's ordinary ones (made only as
//!   rake attacks, `count` swings).
//! - `energy_drain`: `attack` and `amount` 1–10 (negative levels per hit).
//! - `hydra_heads`: `attack` (the bite, its `count` the heads, 1–16) and `amount` (a head's
//!   hit points: the hydra's HD). Also models the « Regenerate Head » line.
//! - `rock_throwing`: `attack`, a ranged attack of the file (the rock).
//! - `trample`: `damage` and `dc` 1–60 (Reflex, half).
//! - `knockout_poison`: `attack` (melee or ranged: a poisoned bolt), `dc` 1–60 (Fortitude),
//!   `duration` (rounds of unconsciousness, as for `paralysis`) and `amount` 1–100 (doses).
//!
//! - `fear_aura`: `radius_ft` (5–500, a multiple of 5), `dc` 1–60 (Will), `duration` (a
//!   formula as for paralysis: the lich's « 11 », its Hit Dice) and `frightened_below_hd`
//!   (creatures with fewer Hit Dice are frightened, the others shaken: the lich's 5).
//! - `frightful_presence`: `range_ft`, `dc` (Will), `duration` (« 5d6 »).
//! - `gaze`: `range_ft`, `dc` (Fortitude) and `effect` = `"petrification"`.
//! - `breath_weapon`: `shape` (`cone` | `line`), `range_ft` (its length), `dc`, `save`
//!   (`fort` | `reflex` | `will`), `effect` (`petrification`, or `damage` with `damage`, a
//!   formula, and `energy`, a damage type: « 4d6 », `fire`) and `recharge` (rounds before it
//!   can breathe again, rolled after each use: « 1d4+1 »).
//! - `channel_energy`: `energy` (`positive` | `negative`), `damage` (the dice healed or dealt:
//!   « 2d6 ») and `dc` (Will half); uses per encounter: the file's `resources.channel_energy`;
//!   the feat « Selective Channeling » in `feats` leaves out up to its Charisma modifier.
//! - `channel_resistance`: `amount` 1–1000 (counted up to 20) on saves against channeled
//!   energy.
//! - `rage` (« CRB — Barbarian — Rage »): `resource`, the name of the file's `resources`
//!   entry holding the rounds of rage (4 + Con modifier, +2 per level after 1st).
//! - `bravery` (« CRB — Fighter — Bravery »): `amount` 1–20, the bonus on Will saves against
//!   fear.
//! - `favored_enemy` (« CRB — Ranger — Favored Enemy »): `creature_type` (a Bestiary type:
//!   « undead », « magical beast ») and `amount` 1–20, the bonus on attack and weapon damage
//!   rolls against it. One entry per combatant.
//! - `smite_evil` (« CRB — Paladin — Smite Evil »): `resource`, the name of the file's
//!   `resources` entry holding its uses (1 a day, +1 at 4th level and every three levels
//!   after).
//! - `lay_on_hands` (« CRB — Paladin — Lay on Hands »): `resource`, the name of the file's
//!   `resources` entry holding its uses (½ level + Cha modifier); it heals 1d6 per two
//!   levels (at least 1d6).
//! - `inspire_courage` (« CRB — Bard — Bardic Performance »): `resource`, the name of the
//!   file's `resources` entry holding the rounds of bardic performance (4 + Cha modifier, +2
//!   per level after 1st).
//! - `grit` (« Ultimate Combat — Gunslinger — Grit », « Deeds »): `resource`, the name of the
//!   file's `resources` entry holding the grit points (its Wisdom modifier). Also models the
//!   « Deeds » line (which deeds act: `fight::class::gun`).
//! - `misfire` (« Ultimate Combat — Firearms — Misfires »): `attack`, one of the file's
//!   firearms, and `amount` 1–20, its misfire value (a musket's 1–2 is 2). One per combatant.
//! - `rebuke_death` (« CRB — Cleric — Healing Domain — Rebuke Death »): `resource`, the name
//!   of the file's `resources` entry holding its uses (3 + Wisdom modifier); it heals 1d4 + 1
//!   per two levels. It models the « Healing Domain (Rebuke Death) » line.
//! - `immunity_to_magic` (« Bestiary — Golem — Immunity to Magic »): no parameter; immune to
//!   every spell whose file says `spell_resistance: true`.
//! - `hex` (« APG — Witch — Hexes »): `hex`, the kind — `slumber`, `healing`, `evil_eye`,
//!   `misfortune` or `cackle` — and, for slumber, evil eye and misfortune, `dc` 1–60 (Will:
//!   10 + ½ witch level + Int modifier). One entry per kind; give each its `feature` line
//!   (« Hex (slumber, Will DC 15) »), since every hex line starts with the same word.
//! - `force_missile` (« CRB — Wizard — Evocation — Force Missile »): `resource`, the name of
//!   the file's `resources` entry holding its uses (3 + Int modifier a day), and `damage`,
//!   a formula: 1d4 plus the intense spells bonus (½ wizard level, at least +1: « 1d4+2 »).
//! - `arcane_pool` (« Ultimate Magic — Magus — Arcane Pool »): `resource`, the name of the
//!   file's `resources` entry holding its points (½ magus level, at least 1, + Int
//!   modifier), and `amount` 1–20, the enhancement bonus one point gives its weapon (+1 at
//!   1st level, +1 more every four levels after).
//! - `pistol_whip` (« Ultimate Combat — Gunslinger — Deeds — Pistol-Whip »): `attack`, the
//!   file's melee line for the blow (its numbers from the deed: 1d10 bludgeoning for a
//!   two-handed firearm, 1d6 one-handed — 1d8 and 1d4 when Small —, ×2, the firearm's
//!   enhancement bonus on attack and damage), made only by the deed; and `firearm`, the firearm
//!   it strikes with (the blow needs it in hand). Needs a `grit` entry.
//! - `spell_combat` (« Ultimate Magic — Magus — Spell Combat »): no parameter; a full-round
//!   action of its melee attacks at −2 and one magus spell of a standard action or less.
//!
//! Every entry may carry `feature`, the `features` line it models, verbatim (case-insensitive),
//! when that line does not start with the rule's words (see [`SpecialRule::words`]).

use serde::Deserialize;

use super::attack::{Attack, AttackKind};
use super::creature_type::CreatureType;
pub use super::hex_kind::HexKind;
pub use super::power_kinds::{SlaUses, SpellLike, TouchKind};
pub use super::roll::Roll;
use super::roll::{ranged, roll};
use super::special_areas::{self, AreaFields, AreaKind};
pub use super::special_areas::{
    AreaRule, BreathEffect, BreathShape, Energy, summary as area_summary,
};
use crate::error::Problems;
use crate::vocab::{Ability, DamageType, DamageTypes, Vocabulary, vocabulary};

vocabulary! {
    /// The rules a `specials` entry can name (Bestiary — Universal Monster Rules).
    "special rule", pub enum SpecialRule {
        Regeneration = "regeneration",
        FastHealing = "fast_healing",
        Ferocity = "ferocity",
        Grab = "grab",
        Trip = "trip",
        Paralysis = "paralysis",
        Poison = "poison",
        Bleed = "bleed",
        Rend = "rend",
        Pounce = "pounce",
        Rake = "rake",
        PowerfulCharge = "powerful_charge",
        EnergyDrain = "energy_drain",
        Disease = "disease",
        HydraHeads = "hydra_heads",
        RockThrowing = "rock_throwing",
        RockCatching = "rock_catching",
        AllAroundVision = "all_around_vision",
        Trample = "trample",
        KnockoutPoison = "knockout_poison",
        FearAura = "fear_aura",
        FrightfulPresence = "frightful_presence",
        Gaze = "gaze",
        BreathWeapon = "breath_weapon",
        ChannelEnergy = "channel_energy",
        ChannelResistance = "channel_resistance",
        Rage = "rage",
        Bravery = "bravery",
        FavoredEnemy = "favored_enemy",
        SmiteEvil = "smite_evil",
        LayOnHands = "lay_on_hands",
        InspireCourage = "inspire_courage",
        Grit = "grit",
        Misfire = "misfire",
        RebukeDeath = "rebuke_death",
        ImmunityToMagic = "immunity_to_magic",
        Hex = "hex",
        ForceMissile = "force_missile",
        ArcanePool = "arcane_pool",
        PistolWhip = "pistol_whip",
        SpellCombat = "spell_combat",
        BleedingTouch = "bleeding_touch",
        TouchOfChaos = "touch_of_chaos",
        GraveTouch = "grave_touch",
        LifeSight = "life_sight",
        PowerOverUndead = "power_over_undead",
        Berserk = "berserk",
        SpellLike = "spell_like",
    }
}

impl SpecialRule {
    /// The words a `features` line this rule models starts with (« Fast Healing 2 »).
    pub fn words(self) -> &'static str {
        match self {
            SpecialRule::Regeneration => "regeneration",
            SpecialRule::FastHealing => "fast healing",
            SpecialRule::Ferocity => "ferocity",
            SpecialRule::Grab => "grab",
            SpecialRule::Trip => "trip",
            SpecialRule::Paralysis => "paralysis",
            SpecialRule::Poison => "poison",
            SpecialRule::Bleed => "bleed",
            SpecialRule::Rend => "rend",
            SpecialRule::Pounce => "pounce",
            SpecialRule::Rake => "rake",
            SpecialRule::PowerfulCharge => "powerful charge",
            SpecialRule::EnergyDrain => "energy drain",
            SpecialRule::Disease => "disease",
            SpecialRule::HydraHeads => "hydra traits",
            SpecialRule::RockThrowing => "rock throwing",
            SpecialRule::RockCatching => "rock catching",
            SpecialRule::AllAroundVision => "all-around vision",
            SpecialRule::Trample => "trample",
            SpecialRule::KnockoutPoison => "knockout poison",
            SpecialRule::FearAura => "fear aura",
            SpecialRule::FrightfulPresence => "frightful presence",
            SpecialRule::Gaze => "gaze",
            SpecialRule::BreathWeapon => "breath weapon",
            SpecialRule::ChannelEnergy => "channel energy",
            SpecialRule::ChannelResistance => "channel resistance",
            SpecialRule::Rage => "rage",
            SpecialRule::Bravery => "bravery",
            SpecialRule::FavoredEnemy => "favored enemy",
            SpecialRule::SmiteEvil => "smite evil",
            SpecialRule::LayOnHands => "lay on hands",
            SpecialRule::InspireCourage => "inspire courage",
            SpecialRule::Grit => "grit",
            SpecialRule::Misfire => "misfire",
            SpecialRule::RebukeDeath => "healing domain",
            SpecialRule::ImmunityToMagic => "immunity to magic",
            SpecialRule::Hex => "hex",
            SpecialRule::ForceMissile => "force missile",
            SpecialRule::ArcanePool => "arcane pool",
            SpecialRule::PistolWhip => "pistol-whip",
            SpecialRule::SpellCombat => "spell combat",
            SpecialRule::BleedingTouch => "bleeding touch",
            SpecialRule::TouchOfChaos => "touch of chaos",
            SpecialRule::GraveTouch => "grave touch",
            SpecialRule::LifeSight => "life sight",
            SpecialRule::PowerOverUndead => "power over undead",
            SpecialRule::Berserk => "berserk",
            SpecialRule::SpellLike => "spell-like abilities",
        }
    }
}

impl SpecialRule {
    /// The rule as one of `special_areas`' kinds.
    fn area_kind(self) -> Option<AreaKind> {
        match self {
            SpecialRule::FearAura => Some(AreaKind::FearAura),
            SpecialRule::FrightfulPresence => Some(AreaKind::FrightfulPresence),
            SpecialRule::Gaze => Some(AreaKind::Gaze),
            SpecialRule::BreathWeapon => Some(AreaKind::BreathWeapon),
            SpecialRule::ChannelEnergy => Some(AreaKind::ChannelEnergy),
            SpecialRule::ChannelResistance => Some(AreaKind::ChannelResistance),
            _ => None,
        }
    }
}

/// One `specials` entry as written. Every parameter of every rule is optional here; the
/// validator says which ones a rule takes.
#[derive(Clone, Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SpecialFile {
    pub rule: String,
    pub feature: Option<String>,
    pub amount: Option<i64>,
    pub bypass: Option<Vec<String>>,
    pub attack: Option<String>,
    pub dc: Option<i64>,
    pub duration: Option<String>,
    pub immune_subtypes: Option<Vec<String>>,
    pub ability: Option<String>,
    pub damage: Option<String>,
    pub frequency: Option<i64>,
    pub cure: Option<i64>,
    pub radius_ft: Option<i64>,
    pub range_ft: Option<i64>,
    pub frightened_below_hd: Option<i64>,
    pub effect: Option<String>,
    pub shape: Option<String>,
    pub save: Option<String>,
    pub energy: Option<String>,
    pub recharge: Option<String>,
    pub resource: Option<String>,
    pub creature_type: Option<String>,
    pub hex: Option<String>,
    /// `pistol_whip`: the firearm the blow is struck with.
    pub firearm: Option<String>,
    /// `spell_like`: its caster level and its spells.
    pub caster_level: Option<i64>,
    pub spells: Option<Vec<super::power_kinds::SpellLikeFile>>,
}

/// How long a paralysis lasts: rounds rolled, or until the end of the fight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lasting {
    Rounds(Roll),
    Permanent,
}

/// A validated rule primitive with its parameters.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Special {
    /// Heals `amount` at the start of its turn; cannot die from hit point damage while it
    /// works; damage of a `bypass` type stops it until the end of the next round.
    Regeneration { amount: u32, bypass: DamageTypes },
    /// Heals `amount` at the start of its turn while alive.
    FastHealing { amount: u32 },
    /// Conscious and fighting, staggered, below 0 hit points; loses 1 hit point a round.
    Ferocity,
    /// A free grapple attempt (+4) on a hit with attack `attack` (index in `attacks`).
    Grab { attack: usize },
    /// A free trip attempt on a hit with attack `attack` (index in `attacks`).
    Trip { attack: usize },
    /// On a hit with attack `attack`, a Fortitude save against `dc` or paralyzed for
    /// `duration` (the entry's `immune_subtypes` spared).
    Paralysis {
        attack: usize,
        dc: u8,
        duration: Lasting,
    },
    /// On a hit with attack `attack`, a Fortitude save against `dc` or `damage` points of
    /// `ability` damage, again each round for `frequency` rounds in all unless `cure`
    /// consecutive saves succeed.
    Poison {
        attack: usize,
        dc: u8,
        ability: Ability,
        damage: Roll,
        frequency: u8,
        cure: u8,
    },
    /// On a hit with attack `attack`, the victim bleeds `amount` at the start of its turns.
    Bleed { attack: usize, amount: u32 },
    /// Two hits with attack `attack` on one target in a round deal `damage` more, once a round.
    Rend { attack: usize, damage: Roll },
    /// A charge ends in a full attack.
    Pounce,
    /// Attack `attack` is made only as rake attacks, against the foe it grapples.
    Rake { attack: usize },
    /// A charge's hit with attack `attack` deals `damage` instead of its usual damage.
    PowerfulCharge { attack: usize, damage: Roll },
    /// On a hit with attack `attack`, `amount` negative levels.
    EnergyDrain { attack: usize, amount: u8 },
    /// A disease on a hit: its onset is beyond a fight (recorded, no effect).
    Disease,
    /// One attack `attack` per head, its `count` heads; a slashing hit of `amount` (the
    /// hydra's HD) or more severs one.
    HydraHeads { attack: usize, amount: u32 },
    /// Attack `attack` (ranged) throws rocks.
    RockThrowing { attack: usize },
    /// Once a round, a Reflex save to catch a rock that hits it.
    RockCatching,
    /// Cannot be flanked.
    AllAroundVision,
    /// A full-round move over smaller foes: `damage` to each, Reflex `dc` for half.
    Trample { damage: Roll, dc: u8 },
    /// On a hit with attack `attack` (melee or ranged) while `amount` doses last, a
    /// Fortitude save against `dc` or unconscious for `duration`.
    KnockoutPoison {
        attack: usize,
        dc: u8,
        duration: Lasting,
        amount: u8,
    },
    /// An aura, gaze, breath weapon, channel energy or channel resistance
    /// (`special_areas`).
    Area(AreaRule),
    /// « CRB — Barbarian — Rage »: rounds of rage from the `resources` entry `resource`
    /// (its index).
    Rage { resource: u8 },
    /// « CRB — Fighter — Bravery »: `amount` on Will saves against fear.
    Bravery { amount: u8 },
    /// « CRB — Ranger — Favored Enemy »: `amount` on attack and weapon damage rolls against
    /// creatures of type `against`.
    FavoredEnemy { against: CreatureType, amount: u8 },
    /// « CRB — Paladin — Smite Evil »: uses from the `resources` entry `resource`.
    SmiteEvil { resource: u8 },
    /// « CRB — Paladin — Lay on Hands »: uses from the `resources` entry `resource`.
    LayOnHands { resource: u8 },
    /// « CRB — Bard — Inspire Courage »: rounds of bardic performance from the `resources`
    /// entry `resource`.
    InspireCourage { resource: u8 },
    /// « Ultimate Combat — Gunslinger — Grit » and its deeds: grit points from the
    /// `resources` entry `resource`.
    Grit { resource: u8 },
    /// « Ultimate Combat — Firearms — Misfires »: attack `attack` (a firearm) misfires on a
    /// natural `value` or less.
    Misfire { attack: usize, value: u8 },
    /// « CRB — Cleric — Healing Domain — Rebuke Death »: uses from the `resources` entry
    /// `resource`.
    RebukeDeath { resource: u8 },
    /// « Bestiary — Golem — Immunity to Magic »: immune to spells that allow spell
    /// resistance.
    ImmunityToMagic,
    /// « APG — Witch — Hexes »: the hex `kind`, its Will `dc` (0 when it allows no save).
    Hex { kind: HexKind, dc: u8 },
    /// « CRB — Wizard — Evocation — Force Missile »: uses from the `resources` entry
    /// `resource`, each dealing `damage` of force (1d4 + the intense spells bonus).
    ForceMissile { resource: u8, damage: Roll },
    /// « UM — Magus — Arcane Pool »: points from the `resources` entry `resource`; one point
    /// gives its weapon an `amount` enhancement bonus for a minute.
    ArcanePool { resource: u8, amount: u8 },
    /// « UC — Gunslinger — Pistol-Whip »: the melee line `attack`, struck only by the deed
    /// (a standard action, 1 grit) with the firearm `firearm` in hand; a hit may trip.
    PistolWhip { attack: usize, firearm: usize },
    /// « UM — Magus — Spell Combat »: its weapon attacks at −2 and a spell in one full-round
    /// action.
    SpellCombat,
    /// A touch power (`special_powers`: bleeding touch, touch of chaos, grave touch): uses
    /// from the `resources` entry `resource`, `level` the class level it scales with.
    Touch {
        kind: TouchKind,
        resource: u8,
        level: u8,
    },
    /// « CRB — Wizard — Necromancy — Life Sight »: blindsight of `range_ft` to living and
    /// undead creatures, `rounds` a day.
    LifeSight { range_ft: u8, rounds: u8 },
    /// « CRB — Wizard — Necromancy — Power over Undead » (Command Undead): uses from the
    /// `resources` entry `resource`, Will `dc`, undead of `level` total Hit Dice at most.
    PowerOverUndead { resource: u8, dc: u8, level: u8 },
    /// « Bestiary — Flesh Golem — Berserk »: a cumulative 1 % a round to go berserk.
    Berserk,
    /// « Bestiary — Spell-Like Abilities » at `caster_level`; the spells are the entry's
    /// [`SpecialEntry::spell_like`].
    SpellLike { caster_level: u8 },
}

impl Special {
    pub fn rule(self) -> SpecialRule {
        match self {
            Special::Regeneration { .. } => SpecialRule::Regeneration,
            Special::FastHealing { .. } => SpecialRule::FastHealing,
            Special::Ferocity => SpecialRule::Ferocity,
            Special::Grab { .. } => SpecialRule::Grab,
            Special::Trip { .. } => SpecialRule::Trip,
            Special::Paralysis { .. } => SpecialRule::Paralysis,
            Special::Poison { .. } => SpecialRule::Poison,
            Special::Bleed { .. } => SpecialRule::Bleed,
            Special::Rend { .. } => SpecialRule::Rend,
            Special::Pounce => SpecialRule::Pounce,
            Special::Rake { .. } => SpecialRule::Rake,
            Special::PowerfulCharge { .. } => SpecialRule::PowerfulCharge,
            Special::EnergyDrain { .. } => SpecialRule::EnergyDrain,
            Special::Disease => SpecialRule::Disease,
            Special::HydraHeads { .. } => SpecialRule::HydraHeads,
            Special::RockThrowing { .. } => SpecialRule::RockThrowing,
            Special::RockCatching => SpecialRule::RockCatching,
            Special::AllAroundVision => SpecialRule::AllAroundVision,
            Special::Trample { .. } => SpecialRule::Trample,
            Special::KnockoutPoison { .. } => SpecialRule::KnockoutPoison,
            Special::Area(a) => match a.kind() {
                AreaKind::FearAura => SpecialRule::FearAura,
                AreaKind::FrightfulPresence => SpecialRule::FrightfulPresence,
                AreaKind::Gaze => SpecialRule::Gaze,
                AreaKind::BreathWeapon => SpecialRule::BreathWeapon,
                AreaKind::ChannelEnergy => SpecialRule::ChannelEnergy,
                AreaKind::ChannelResistance => SpecialRule::ChannelResistance,
            },
            Special::Rage { .. } => SpecialRule::Rage,
            Special::Bravery { .. } => SpecialRule::Bravery,
            Special::FavoredEnemy { .. } => SpecialRule::FavoredEnemy,
            Special::SmiteEvil { .. } => SpecialRule::SmiteEvil,
            Special::LayOnHands { .. } => SpecialRule::LayOnHands,
            Special::InspireCourage { .. } => SpecialRule::InspireCourage,
            Special::Grit { .. } => SpecialRule::Grit,
            Special::Misfire { .. } => SpecialRule::Misfire,
            Special::RebukeDeath { .. } => SpecialRule::RebukeDeath,
            Special::ImmunityToMagic => SpecialRule::ImmunityToMagic,
            Special::Hex { .. } => SpecialRule::Hex,
            Special::ForceMissile { .. } => SpecialRule::ForceMissile,
            Special::ArcanePool { .. } => SpecialRule::ArcanePool,
            Special::PistolWhip { .. } => SpecialRule::PistolWhip,
            Special::SpellCombat => SpecialRule::SpellCombat,
            Special::Touch { kind, .. } => match kind {
                TouchKind::Bleeding => SpecialRule::BleedingTouch,
                TouchKind::Chaos => SpecialRule::TouchOfChaos,
                TouchKind::Grave => SpecialRule::GraveTouch,
            },
            Special::LifeSight { .. } => SpecialRule::LifeSight,
            Special::PowerOverUndead { .. } => SpecialRule::PowerOverUndead,
            Special::Berserk => SpecialRule::Berserk,
            Special::SpellLike { .. } => SpecialRule::SpellLike,
        }
    }

    /// The attack a rider rule rides on.
    pub fn attack(self) -> Option<usize> {
        match self {
            Special::Grab { attack }
            | Special::Trip { attack }
            | Special::Paralysis { attack, .. }
            | Special::Poison { attack, .. }
            | Special::Bleed { attack, .. }
            | Special::EnergyDrain { attack, .. }
            | Special::KnockoutPoison { attack, .. } => Some(attack),
            _ => None,
        }
    }

    /// The kind of a `hex` entry (a witch has several, one of each kind).
    pub fn hex(self) -> Option<HexKind> {
        match self {
            Special::Hex { kind, .. } => Some(kind),
            _ => None,
        }
    }
}

/// A validated entry: the rule and the `features` line it names, if given.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpecialEntry {
    pub special: Special,
    pub feature: Option<String>,
    /// `paralysis`: the subtypes it spares (« elves are immune »), as written.
    pub immune_subtypes: Vec<String>,
    /// `spell_like`: its spells and their uses.
    pub spell_like: Vec<SpellLike>,
}

/// What the validator needs of the rest of the file.
pub(super) struct Context<'a> {
    pub attacks: &'a [Attack],
    pub features: &'a [String],
    pub has_con: bool,
    /// The file's `resources`, as written (a class ability spends one of them).
    pub resources: &'a [(String, i64)],
}

/// Validates the `specials` list; every problem goes to `p` with its field path.
pub(super) fn specials(
    p: &mut Problems,
    list: Vec<SpecialFile>,
    cx: &Context,
) -> Vec<SpecialEntry> {
    let mut out: Vec<SpecialEntry> = Vec::new();
    let mut deed_at = None;
    for (i, entry) in list.into_iter().enumerate() {
        let at = format!("specials[{i}]");
        let Some(found) = special(p, &at, entry, cx) else {
            continue;
        };
        if matches!(found.special, Special::PistolWhip { .. }) {
            deed_at = Some(i);
        }
        let twin = out.iter().position(|e| {
            e.special.rule() == found.special.rule()
                && e.special.attack() == found.special.attack()
                && e.special.hex() == found.special.hex()
        });
        let rider_twin = found.special.attack().and_then(|a| {
            out.iter()
                .position(|e| e.special.attack() == Some(a) && e.special != found.special)
        });
        if let Some(j) = twin {
            p.add(
                &at,
                format!(
                    "duplicate rule `{}` (also at specials[{j}])",
                    found.special.rule()
                ),
            );
        } else if let Some(j) = rider_twin {
            p.add(
                format!("{at}.attack"),
                format!("this attack already carries a rider (specials[{j}]): one per attack"),
            );
        } else {
            out.push(found);
        }
    }
    // « Deeds »: a deed spends grit.
    let grit = (out.iter()).any(|e| matches!(e.special, Special::Grit { .. }));
    if let Some(k) = deed_at
        && !grit
    {
        p.add(
            format!("specials[{k}].rule"),
            "`pistol_whip` is a deed: it needs a `grit` entry",
        );
    }
    out
}

fn special(p: &mut Problems, at: &str, s: SpecialFile, cx: &Context) -> Option<SpecialEntry> {
    let rule = SpecialRule::lookup(&s.rule)
        .map_err(|m| p.add(format!("{at}.rule"), m))
        .ok()?;
    let takes = |name: &str| match rule {
        SpecialRule::Regeneration => matches!(name, "amount" | "bypass"),
        SpecialRule::FastHealing => name == "amount",
        SpecialRule::Ferocity => false,
        SpecialRule::Grab | SpecialRule::Trip => name == "attack",
        SpecialRule::Paralysis => {
            matches!(name, "attack" | "dc" | "duration" | "immune_subtypes")
        }
        SpecialRule::Poison => matches!(
            name,
            "attack" | "dc" | "ability" | "damage" | "frequency" | "cure"
        ),
        SpecialRule::Bleed => matches!(name, "attack" | "amount"),
        SpecialRule::Rend
        | SpecialRule::Pounce
        | SpecialRule::Rake
        | SpecialRule::PowerfulCharge
        | SpecialRule::EnergyDrain
        | SpecialRule::Disease
        | SpecialRule::HydraHeads
        | SpecialRule::RockThrowing
        | SpecialRule::RockCatching
        | SpecialRule::AllAroundVision
        | SpecialRule::Trample
        | SpecialRule::KnockoutPoison => rule.umr_takes(name),
        SpecialRule::Rage => name == "resource",
        SpecialRule::Bravery => name == "amount",
        SpecialRule::FavoredEnemy => matches!(name, "amount" | "creature_type"),
        SpecialRule::SmiteEvil | SpecialRule::LayOnHands | SpecialRule::InspireCourage => {
            name == "resource"
        }
        SpecialRule::Grit | SpecialRule::RebukeDeath => name == "resource",
        SpecialRule::ImmunityToMagic | SpecialRule::SpellCombat => false,
        SpecialRule::Misfire => matches!(name, "attack" | "amount"),
        SpecialRule::Hex => matches!(name, "hex" | "dc"),
        SpecialRule::ForceMissile => matches!(name, "resource" | "damage"),
        SpecialRule::ArcanePool => matches!(name, "resource" | "amount"),
        SpecialRule::PistolWhip => matches!(name, "attack" | "firearm"),
        SpecialRule::BleedingTouch | SpecialRule::GraveTouch => {
            matches!(name, "resource" | "amount")
        }
        SpecialRule::TouchOfChaos => name == "resource",
        SpecialRule::PowerOverUndead => matches!(name, "resource" | "dc" | "amount"),
        SpecialRule::LifeSight => matches!(name, "range_ft" | "amount"),
        SpecialRule::Berserk => false,
        SpecialRule::SpellLike => matches!(name, "caster_level" | "spells"),
        r => r.area_kind().is_some_and(|k| special_areas::takes(k, name)),
    };
    let given = [
        ("amount", s.amount.is_some()),
        ("bypass", s.bypass.is_some()),
        ("attack", s.attack.is_some()),
        ("dc", s.dc.is_some()),
        ("duration", s.duration.is_some()),
        ("immune_subtypes", s.immune_subtypes.is_some()),
        ("ability", s.ability.is_some()),
        ("damage", s.damage.is_some()),
        ("frequency", s.frequency.is_some()),
        ("cure", s.cure.is_some()),
        ("radius_ft", s.radius_ft.is_some()),
        ("range_ft", s.range_ft.is_some()),
        ("frightened_below_hd", s.frightened_below_hd.is_some()),
        ("effect", s.effect.is_some()),
        ("shape", s.shape.is_some()),
        ("save", s.save.is_some()),
        ("energy", s.energy.is_some()),
        ("recharge", s.recharge.is_some()),
        ("resource", s.resource.is_some()),
        ("creature_type", s.creature_type.is_some()),
        ("hex", s.hex.is_some()),
        ("firearm", s.firearm.is_some()),
        ("caster_level", s.caster_level.is_some()),
        ("spells", s.spells.is_some()),
    ];
    for (name, present) in given {
        if present && !takes(name) {
            p.add(
                format!("{at}.{name}"),
                format!("`{rule}` takes no `{name}`"),
            );
        }
        if !present
            && takes(name)
            && !matches!(name, "bypass" | "immune_subtypes")
            && rule != SpecialRule::Hex
            && !(rule.area_kind()).is_some_and(|k| special_areas::optional(k, name))
        {
            p.add(
                format!("{at}.{name}"),
                format!("missing: `{rule}` needs `{name}`"),
            );
        }
    }
    if let Some(line) = &s.feature
        && !cx
            .features
            .iter()
            .any(|f| f.trim().eq_ignore_ascii_case(line.trim()))
    {
        p.add(
            format!("{at}.feature"),
            format!("`{line}` is not one of this combatant's `features`"),
        );
    }
    let needs_con = matches!(rule, SpecialRule::Regeneration | SpecialRule::Ferocity);
    if needs_con && !cx.has_con {
        p.add(
            format!("{at}.rule"),
            format!("`{rule}` needs a Constitution score (abilities.con_score is null)"),
        );
    }
    let amount = match s.amount {
        Some(n) if (1..=1000).contains(&n) => Some(n as u32),
        Some(n) => {
            p.add(
                format!("{at}.amount"),
                format!("must be between 1 and 1000, got {n}"),
            );
            None
        }
        None => None,
    };
    let special = match rule {
        SpecialRule::Regeneration => {
            let bypass = bypass(p, at, s.bypass.as_deref().unwrap_or_default());
            Special::Regeneration {
                amount: amount?,
                bypass,
            }
        }
        SpecialRule::FastHealing => Special::FastHealing { amount: amount? },
        SpecialRule::Ferocity => Special::Ferocity,
        SpecialRule::Grab => Special::Grab {
            attack: attack(p, at, s.attack.as_deref()?, cx.attacks)?,
        },
        SpecialRule::Trip => Special::Trip {
            attack: attack(p, at, s.attack.as_deref()?, cx.attacks)?,
        },
        SpecialRule::Paralysis => {
            let found = attack(p, at, s.attack.as_deref()?, cx.attacks);
            let dc = ranged(p, at, "dc", s.dc, 1..=60);
            let duration = match s.duration.as_deref()? {
                d if d.trim().eq_ignore_ascii_case("permanent") => Some(Lasting::Permanent),
                d => roll(p, at, "duration", d).map(Lasting::Rounds),
            };
            Special::Paralysis {
                attack: found?,
                dc: dc? as u8,
                duration: duration?,
            }
        }
        SpecialRule::Bleed => {
            let found = attack(p, at, s.attack.as_deref()?, cx.attacks);
            Special::Bleed {
                attack: found?,
                amount: amount?,
            }
        }
        SpecialRule::Poison => {
            let found = attack(p, at, s.attack.as_deref()?, cx.attacks);
            let dc = ranged(p, at, "dc", s.dc, 1..=60);
            let ability = s.ability.as_deref().and_then(|a| {
                Ability::lookup(a)
                    .map_err(|m| p.add(format!("{at}.ability"), m))
                    .ok()
            });
            let damage = s.damage.as_deref().and_then(|d| roll(p, at, "damage", d));
            let frequency = ranged(p, at, "frequency", s.frequency, 1..=100);
            let cure = ranged(p, at, "cure", s.cure, 1..=10);
            Special::Poison {
                attack: found?,
                dc: dc? as u8,
                ability: ability?,
                damage: damage?,
                frequency: frequency? as u8,
                cure: cure? as u8,
            }
        }
        SpecialRule::Rend
        | SpecialRule::Pounce
        | SpecialRule::Rake
        | SpecialRule::PowerfulCharge
        | SpecialRule::EnergyDrain
        | SpecialRule::Disease
        | SpecialRule::HydraHeads
        | SpecialRule::RockThrowing
        | SpecialRule::RockCatching
        | SpecialRule::AllAroundVision
        | SpecialRule::Trample
        | SpecialRule::KnockoutPoison => rule.umr_build(p, at, &s, amount, cx)?,
        SpecialRule::FearAura
        | SpecialRule::FrightfulPresence
        | SpecialRule::Gaze
        | SpecialRule::BreathWeapon
        | SpecialRule::ChannelEnergy
        | SpecialRule::ChannelResistance => {
            let fields = AreaFields {
                dc: s.dc,
                radius_ft: s.radius_ft,
                range_ft: s.range_ft,
                frightened_below_hd: s.frightened_below_hd,
                duration: s.duration.as_deref(),
                effect: s.effect.as_deref(),
                shape: s.shape.as_deref(),
                save: s.save.as_deref(),
                energy: s.energy.as_deref(),
                damage: s.damage.as_deref(),
                recharge: s.recharge.as_deref(),
                amount,
            };
            Special::Area(special_areas::special(p, at, rule.area_kind()?, &fields)?)
        }
        SpecialRule::Rage
        | SpecialRule::Bravery
        | SpecialRule::FavoredEnemy
        | SpecialRule::SmiteEvil
        | SpecialRule::LayOnHands
        | SpecialRule::InspireCourage
        | SpecialRule::Grit
        | SpecialRule::Misfire
        | SpecialRule::RebukeDeath
        | SpecialRule::ForceMissile
        | SpecialRule::ArcanePool
        | SpecialRule::PistolWhip => s.class_special(p, at, rule, cx)?,
        SpecialRule::BleedingTouch
        | SpecialRule::TouchOfChaos
        | SpecialRule::GraveTouch
        | SpecialRule::LifeSight
        | SpecialRule::PowerOverUndead
        | SpecialRule::Berserk
        | SpecialRule::SpellLike => s.power_special(p, at, rule, cx)?,
        SpecialRule::ImmunityToMagic => Special::ImmunityToMagic,
        SpecialRule::SpellCombat => Special::SpellCombat,
        SpecialRule::Hex => s.hex_special(p, at)?,
    };
    let spell_like = s.spell_likes(p, at);
    Some(SpecialEntry {
        special,
        feature: s.feature,
        immune_subtypes: s.immune_subtypes.unwrap_or_default(),
        spell_like,
    })
}

/// The damage types of `bypass` (any damage type or tag, no repeats).
fn bypass(p: &mut Problems, at: &str, names: &[String]) -> DamageTypes {
    let mut set = DamageTypes::new();
    for (k, name) in names.iter().enumerate() {
        match DamageType::lookup(name) {
            Ok(t) if !set.insert(t) => p.add(
                format!("{at}.bypass[{k}]"),
                format!("duplicate damage type `{name}`"),
            ),
            Ok(_) => {}
            Err(m) => p.add(format!("{at}.bypass[{k}]"), m),
        }
    }
    set
}

/// The index of the melee attack named `name` (case-insensitive).
pub(super) fn attack(p: &mut Problems, at: &str, name: &str, attacks: &[Attack]) -> Option<usize> {
    let melee = |a: &Attack| {
        a.kind() == AttackKind::Melee
            || (a.kind() == AttackKind::Touch && a.range_increment_ft().is_none())
    };
    attack_where(
        p,
        at,
        name,
        attacks,
        melee,
        "a melee attack: a rider rides on a melee hit",
    )
}

/// The index of the attack named `name` (case-insensitive) when it `fits`; else an error
/// saying it is not `what`.
pub(super) fn attack_where(
    p: &mut Problems,
    at: &str,
    name: &str,
    attacks: &[Attack],
    fits: impl Fn(&Attack) -> bool,
    what: &str,
) -> Option<usize> {
    attack_in_field(p, &format!("{at}.attack"), name, attacks, fits, what)
}

/// [`attack_where`] for an attack named in the field `field` (its whole path: a
/// `pistol_whip`'s `specials[2].firearm`).
pub(super) fn attack_in_field(
    p: &mut Problems,
    field: &str,
    name: &str,
    attacks: &[Attack],
    fits: impl Fn(&Attack) -> bool,
    what: &str,
) -> Option<usize> {
    let found = attacks
        .iter()
        .position(|a| a.name().trim().eq_ignore_ascii_case(name.trim()));
    match found {
        Some(i) if fits(&attacks[i]) => Some(i),
        Some(_) => {
            p.add(field, format!("`{name}` is not {what}"));
            None
        }
        None => {
            let known = attacks.iter().map(|a| a.name());
            p.add(field, crate::vocab::unknown("attack", name, known));
            None
        }
    }
}
