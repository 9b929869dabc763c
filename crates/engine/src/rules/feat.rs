//! The feat catalogue (the reference spec, « Dons »: every feat name reads as a real effect
//! or to a traced no-op — none is silently ignored). [`read_feat_line`] reads a stat block's feat
//! line (« Weapon Focus (longsword) »); [`feat_set`] gathers the modelled feats of a stat
//! block's feat and feature lines into a [`FeatSet`], the one lookup the fight reads;
//! [`Feat::applied`] says who applies a modelled feat:
//!
//! - **the engine, always**: situational feats no stat block can print — Power Attack,
//!   Deadly Aim, Point-Blank Shot, Precise Shot, Improved Critical, Combat Reflexes, Run,
//!   Blind-Fight, Rapid Shot, Improved Lightning Reflexes, Cleave, Flyby Attack, Channel
//!   Smite, and the Improved and Greater feats of the ten combat manoeuvres
//!   (`rules::maneuver`);
//! - **the stat block**: static bonuses SRD stat blocks already fold into their numbers —
//!   Weapon Focus, Weapon Specialization, Toughness, Dodge, Iron Will, Great Fortitude,
//!   Lightning Reflexes, Improved Initiative, Multiattack, Weapon Finesse. The engine adds them
//!   only for a file that says `"feats_in_stat_block": false` ([`static_modifiers`] and the
//!   weapon adjustments of `fight::unit`), so a copied stat block is never counted twice.
//!
//! Reads stat block lines only (never a whole combatant): owns the names and what each feat
//! does, not when a fight applies it.

use std::borrow::Cow;

use super::bonus::{BonusType, Modifier, Stat, When};
use crate::vocab::{EnumSet, School, Vocabulary};

/// The feats with a modelled effect.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Feat {
    PowerAttack,
    DeadlyAim,
    PointBlankShot,
    PreciseShot,
    ImprovedCritical,
    CombatReflexes,
    Run,
    BlindFight,
    WeaponFocus,
    WeaponSpecialization,
    Toughness,
    Dodge,
    IronWill,
    GreatFortitude,
    LightningReflexes,
    ImprovedInitiative,
    Multiattack,
    WeaponFinesse,
    CombatCasting,
    SpellFocus,
    GreaterSpellFocus,
    SpellPenetration,
    GreaterSpellPenetration,
    EmpowerSpell,
    ExtendSpell,
    MaximizeSpell,
    QuickenSpell,
    SilentSpell,
    StillSpell,
    HeightenSpell,
    ImprovedTrip,
    GreaterTrip,
    ImprovedDisarm,
    GreaterDisarm,
    ImprovedBullRush,
    GreaterBullRush,
    ImprovedSunder,
    GreaterSunder,
    ImprovedGrapple,
    GreaterGrapple,
    ImprovedOverrun,
    GreaterOverrun,
    ImprovedDirtyTrick,
    GreaterDirtyTrick,
    ImprovedSteal,
    GreaterSteal,
    ImprovedReposition,
    GreaterReposition,
    ImprovedDrag,
    GreaterDrag,
    SelectiveChanneling,
    ExtraChannel,
    RapidShot,
    DefensiveCombatTraining,
    ImprovedLightningReflexes,
    Cleave,
    FlybyAttack,
    ChannelSmite,
}

/// A set of modelled feats: `Copy`, no allocation.
pub type FeatSet = EnumSet<Feat>;

/// Who applies a modelled feat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Applied {
    /// The engine, in every fight.
    Engine,
    /// The stat block's numbers (the engine adds it only with `feats_in_stat_block: false`).
    StatBlock,
}

impl Feat {
    const NAMES: [(&'static str, Feat); 58] = [
        ("power attack", Feat::PowerAttack),
        ("deadly aim", Feat::DeadlyAim),
        ("point-blank shot", Feat::PointBlankShot),
        ("precise shot", Feat::PreciseShot),
        ("improved critical", Feat::ImprovedCritical),
        ("combat reflexes", Feat::CombatReflexes),
        ("run", Feat::Run),
        ("blind-fight", Feat::BlindFight),
        ("weapon focus", Feat::WeaponFocus),
        ("weapon specialization", Feat::WeaponSpecialization),
        ("toughness", Feat::Toughness),
        ("dodge", Feat::Dodge),
        ("iron will", Feat::IronWill),
        ("great fortitude", Feat::GreatFortitude),
        ("lightning reflexes", Feat::LightningReflexes),
        ("improved initiative", Feat::ImprovedInitiative),
        ("multiattack", Feat::Multiattack),
        ("weapon finesse", Feat::WeaponFinesse),
        ("combat casting", Feat::CombatCasting),
        ("spell focus", Feat::SpellFocus),
        ("greater spell focus", Feat::GreaterSpellFocus),
        ("spell penetration", Feat::SpellPenetration),
        ("greater spell penetration", Feat::GreaterSpellPenetration),
        ("empower spell", Feat::EmpowerSpell),
        ("extend spell", Feat::ExtendSpell),
        ("maximize spell", Feat::MaximizeSpell),
        ("quicken spell", Feat::QuickenSpell),
        ("silent spell", Feat::SilentSpell),
        ("still spell", Feat::StillSpell),
        ("heighten spell", Feat::HeightenSpell),
        ("improved trip", Feat::ImprovedTrip),
        ("greater trip", Feat::GreaterTrip),
        ("improved disarm", Feat::ImprovedDisarm),
        ("greater disarm", Feat::GreaterDisarm),
        ("improved bull rush", Feat::ImprovedBullRush),
        ("greater bull rush", Feat::GreaterBullRush),
        ("improved sunder", Feat::ImprovedSunder),
        ("greater sunder", Feat::GreaterSunder),
        ("improved grapple", Feat::ImprovedGrapple),
        ("greater grapple", Feat::GreaterGrapple),
        ("improved overrun", Feat::ImprovedOverrun),
        ("greater overrun", Feat::GreaterOverrun),
        ("improved dirty trick", Feat::ImprovedDirtyTrick),
        ("greater dirty trick", Feat::GreaterDirtyTrick),
        ("improved steal", Feat::ImprovedSteal),
        ("greater steal", Feat::GreaterSteal),
        ("improved reposition", Feat::ImprovedReposition),
        ("greater reposition", Feat::GreaterReposition),
        ("improved drag", Feat::ImprovedDrag),
        ("greater drag", Feat::GreaterDrag),
        ("selective channeling", Feat::SelectiveChanneling),
        ("extra channel", Feat::ExtraChannel),
        ("rapid shot", Feat::RapidShot),
        ("defensive combat training", Feat::DefensiveCombatTraining),
        (
            "improved lightning reflexes",
            Feat::ImprovedLightningReflexes,
        ),
        ("cleave", Feat::Cleave),
        ("flyby attack", Feat::FlybyAttack),
        ("channel smite", Feat::ChannelSmite),
    ];

    /// Every modelled feat, in catalogue order.
    pub const ALL: [Feat; 58] = {
        let mut all = [Feat::PowerAttack; 58];
        let mut i = 0;
        while i < all.len() {
            all[i] = Self::NAMES[i].1;
            i += 1;
        }
        all
    };

    pub fn name(self) -> &'static str {
        Self::NAMES
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("", |(n, _)| n)
    }

    pub fn applied(self) -> Applied {
        match self {
            Feat::PowerAttack
            | Feat::DeadlyAim
            | Feat::PointBlankShot
            | Feat::PreciseShot
            | Feat::ImprovedCritical
            | Feat::CombatReflexes
            | Feat::Run
            | Feat::BlindFight
            | Feat::CombatCasting
            | Feat::SpellFocus
            | Feat::GreaterSpellFocus
            | Feat::SpellPenetration
            | Feat::GreaterSpellPenetration
            | Feat::EmpowerSpell
            | Feat::ExtendSpell
            | Feat::MaximizeSpell
            | Feat::QuickenSpell
            | Feat::SilentSpell
            | Feat::StillSpell
            | Feat::HeightenSpell
            | Feat::ImprovedTrip
            | Feat::GreaterTrip
            | Feat::ImprovedDisarm
            | Feat::GreaterDisarm
            | Feat::ImprovedBullRush
            | Feat::GreaterBullRush
            | Feat::ImprovedSunder
            | Feat::GreaterSunder
            | Feat::ImprovedGrapple
            | Feat::GreaterGrapple
            | Feat::ImprovedOverrun
            | Feat::GreaterOverrun
            | Feat::ImprovedDirtyTrick
            | Feat::GreaterDirtyTrick
            | Feat::ImprovedSteal
            | Feat::GreaterSteal
            | Feat::ImprovedReposition
            | Feat::GreaterReposition
            | Feat::ImprovedDrag
            | Feat::GreaterDrag
            | Feat::SelectiveChanneling
            | Feat::RapidShot
            | Feat::ImprovedLightningReflexes
            | Feat::Cleave
            | Feat::FlybyAttack
            | Feat::ChannelSmite => Applied::Engine,
            _ => Applied::StatBlock,
        }
    }

    /// What the engine does with it, for `validate` and the docs.
    pub fn effect(self) -> &'static str {
        match self {
            Feat::PowerAttack => "melee: −X attack, +2X damage (+3X two-handed), X = BAB/4 + 1",
            Feat::DeadlyAim => "ranged: −X attack, +2X damage, X = BAB/4 + 1",
            Feat::PointBlankShot => "+1 attack and damage with ranged attacks within 30 ft",
            Feat::PreciseShot => "no −4 for shooting into melee",
            Feat::ImprovedCritical => "threat range doubled",
            Feat::CombatReflexes => "1 + Dex modifier attacks of opportunity a round",
            Feat::Run => "runs at ×5 speed and keeps its Dex bonus to AC while running",
            Feat::BlindFight => "rerolls a melee miss chance once",
            Feat::WeaponFocus => "+1 attack with the chosen weapon",
            Feat::WeaponSpecialization => "+2 damage with the chosen weapon",
            Feat::Toughness => "+3 hp, +1 per Hit Die above 3",
            Feat::Dodge => "+1 dodge bonus to AC and CMD",
            Feat::IronWill => "+2 Will",
            Feat::GreatFortitude => "+2 Fortitude",
            Feat::LightningReflexes => "+2 Reflex",
            Feat::ImprovedInitiative => "+4 initiative",
            Feat::Multiattack => "secondary natural attacks at −2 instead of −5",
            Feat::WeaponFinesse => "Dex instead of Str on attacks with light and natural weapons",
            Feat::CombatCasting => {
                "+4 on concentration checks to cast defensively or while grappled"
            }
            Feat::SpellFocus => "+1 to the save DCs of spells of the chosen school",
            Feat::GreaterSpellFocus => "+1 more to the save DCs of spells of the chosen school",
            Feat::SpellPenetration => "+2 on caster level checks to overcome spell resistance",
            Feat::GreaterSpellPenetration => {
                "+2 more on caster level checks against spell resistance"
            }
            Feat::EmpowerSpell => "per cast: variable numbers ×1.5, a slot 2 levels higher",
            Feat::ExtendSpell => "per cast: duration ×2, a slot 1 level higher",
            Feat::MaximizeSpell => "per cast: variable numbers maximized, a slot 3 levels higher",
            Feat::QuickenSpell => "per cast: a swift action, a slot 4 levels higher",
            Feat::SilentSpell => "per cast: no verbal component, a slot 1 level higher",
            Feat::StillSpell => "per cast: no somatic component, a slot 1 level higher",
            Feat::HeightenSpell => "per cast: cast at a higher level (DC and level effects)",
            Feat::ImprovedTrip => {
                "trip: no attack of opportunity, +2 on the check, +2 CMD against trips"
            }
            Feat::GreaterTrip => {
                "trip: +2 more on the check and CMD; a tripped foe provokes attacks of opportunity"
            }
            Feat::ImprovedDisarm => {
                "disarm: no attack of opportunity, +2 on the check, +2 CMD against disarms"
            }
            Feat::GreaterDisarm => {
                "disarm: +2 more on the check and CMD; the weapon lands 15 ft away in a random direction"
            }
            Feat::ImprovedBullRush => {
                "bull rush: no attack of opportunity, +2 on the check, +2 CMD against bull rushes"
            }
            Feat::GreaterBullRush => {
                "bull rush: +2 more on the check and CMD (the allies' attacks of opportunity are not modelled)"
            }
            Feat::ImprovedSunder => {
                "sunder: no attack of opportunity, +2 on the check, +2 CMD against sunders"
            }
            Feat::GreaterSunder => {
                "sunder: +2 more on the check and CMD; damage beyond destroying the weapon hits its wielder"
            }
            Feat::ImprovedGrapple => {
                "grapple: no attack of opportunity, +2 on the check, +2 CMD against grapples"
            }
            Feat::GreaterGrapple => {
                "grapple: +2 more on the check and CMD (maintaining as a move action is not modelled)"
            }
            Feat::ImprovedOverrun => {
                "overrun: no attack of opportunity, +2 on the check, +2 CMD against overruns"
            }
            Feat::GreaterOverrun => {
                "overrun: +2 more on the check and CMD; a foe knocked prone provokes attacks of opportunity"
            }
            Feat::ImprovedDirtyTrick => {
                "dirty trick: no attack of opportunity, +2 on the check, +2 CMD against dirty tricks"
            }
            Feat::GreaterDirtyTrick => {
                "dirty trick: +2 more on the check and CMD; the condition lasts 1d4 rounds + 1 per 5"
            }
            Feat::ImprovedSteal => {
                "steal: no attack of opportunity, +2 on the check, +2 CMD against steals"
            }
            Feat::GreaterSteal => "steal: +2 more on the check and CMD",
            Feat::ImprovedReposition => {
                "reposition: no attack of opportunity, +2 on the check, +2 CMD against repositions"
            }
            Feat::GreaterReposition => {
                "reposition: +2 more on the check and CMD (the allies' attacks of opportunity are not modelled)"
            }
            Feat::ImprovedDrag => {
                "drag: no attack of opportunity, +2 on the check, +2 CMD against drags"
            }
            Feat::GreaterDrag => {
                "drag: +2 more on the check and CMD (the allies' attacks of opportunity are not modelled)"
            }
            Feat::SelectiveChanneling => {
                "channel energy leaves out up to its Charisma modifier of the creatures in the burst"
            }
            Feat::ExtraChannel => "+2 channel energy uses (counted in `resources.channel_energy`)",
            Feat::RapidShot => {
                "ranged full attack: one more attack at its highest bonus, every attack at −2"
            }
            Feat::DefensiveCombatTraining => {
                "its Hit Dice in place of its base attack bonus for CMD"
            }
            Feat::ImprovedLightningReflexes => "once a fight, rerolls a failed Reflex save",
            Feat::Cleave => {
                "standard action: one melee attack; a hit lets it attack one foe adjacent to the \
                 first and in reach at the same bonus; −2 AC until its next turn"
            }
            Feat::FlybyAttack => {
                "a flier's move and standard action together: it attacks during its move and flies \
                 on, away from its target, with the movement left"
            }
            Feat::ChannelSmite => {
                "swift action: one channel energy use rides on its next melee attack; a hit adds \
                 the channel's damage (Will half), a miss wastes it"
            }
        }
    }
}

impl Vocabulary for Feat {
    const WHAT: &'static str = "feat";

    fn all() -> &'static [Self] {
        &Self::ALL
    }

    fn name(self) -> &'static str {
        Feat::name(self)
    }

    fn index(self) -> u32 {
        self as u32
    }
}

/// Feats with no effect in a simulated fight, or whose effect the stat block's numbers
/// already carry, each with its reason (« CRB — Feats », « Bestiary — Monster Feats »,
/// « Ultimate Combat — Gunsmithing »). `pf1e-sim validate` does not warn about them: their
/// absence from the rules is not a to-do. Skill Focus counts only for a file whose numbers
/// include its feats (`feats_in_stat_block`, the default): the skill's total has the +3.
pub const NO_COMBAT_EFFECT: &[(&str, &str)] = &[
    (
        "skill focus",
        "+3 on one skill (+6 from 10 ranks): in the skill's total of the stat block",
    ),
    (
        "craft wondrous item",
        "an item creation feat: crafting takes days, outside a fight",
    ),
    (
        "scribe scroll",
        "an item creation feat: crafting takes days, outside a fight",
    ),
    (
        "gunsmithing",
        "crafting and restoring firearms and black powder: outside a fight",
    ),
    (
        "endurance",
        "+4 on checks against the environment, sleeping in armor: outside a fight",
    ),
    (
        "hover",
        "hovering without a Fly check and its cloud of debris: a fight here has no altitude, \
         a flier fights level with the ground",
    ),
    (
        "intimidating prowess",
        "its Strength bonus on Intimidate: no action of a fight here uses Intimidate",
    ),
    (
        "martial weapon proficiency",
        "proficiency: the stat block's attack bonus has no −4 nonproficient penalty to remove",
    ),
];

/// The reason a feat line with no modelled effect has none in a fight ([`NO_COMBAT_EFFECT`]);
/// `in_stat_block`: the file's numbers include its feats (Skill Focus needs it).
pub fn no_combat_reason(line: &str, in_stat_block: bool) -> Option<&'static str> {
    let base = line.split_once('(').map_or(line, |(b, _)| b).trim();
    let (name, why) = NO_COMBAT_EFFECT
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(base))?;
    (in_stat_block || *name != "skill focus").then_some(*why)
}

/// One feat line of a stat block, read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeatLine<'a> {
    /// The line as written.
    pub name: &'a str,
    /// `None`: no effect is modelled (a traced no-op).
    pub feat: Option<Feat>,
    /// The parenthesised choice (« longsword » of « Weapon Focus (longsword) »).
    pub choice: Option<&'a str>,
}

/// Reads a feat line: the name before any parenthesis, case-insensitive.
pub fn read_feat_line(line: &str) -> FeatLine<'_> {
    let (base, choice) = match line.split_once('(') {
        Some((b, rest)) => (b.trim(), Some(rest.trim_end().trim_end_matches(')').trim())),
        None => (line.trim(), None),
    };
    let feat = Feat::NAMES
        .iter()
        .find(|(n, _)| n.eq_ignore_ascii_case(base))
        .map(|(_, f)| *f);
    FeatLine {
        name: line,
        feat,
        choice: choice.filter(|c| !c.is_empty()),
    }
}

/// The feat lines of a stat block, read, in file order.
pub fn feats(lines: &[String]) -> impl Iterator<Item = FeatLine<'_>> {
    lines.iter().map(|f| read_feat_line(f))
}

/// The modelled feats named by a stat block's `feats` lines or, as the reference spec allowed,
/// its `features` lines.
pub fn feat_set(feats: &[String], features: &[String]) -> FeatSet {
    feats
        .iter()
        .chain(features)
        .filter_map(|line| read_feat_line(line).feat)
        .collect()
}

/// The typed modifiers the feats of `lines` add in every fight, plus — for a file whose numbers
/// leave static feats out (`in_stat_block` false) — those of its static feats. Hit points,
/// Multiattack and Weapon Finesse change the stat block's numbers directly (`fight::unit`).
pub fn static_modifiers(lines: &[String], in_stat_block: bool) -> Vec<Modifier> {
    let mut out = Vec::new();
    let add_static = !in_stat_block;
    for r in feats(lines) {
        let Some(feat) = r.feat else { continue };
        let weapon = || match r.choice {
            Some(w) => When::Weapon(Cow::Owned(w.to_ascii_lowercase())),
            None => When::Always,
        };
        match feat {
            // « CRB — Point-Blank Shot »: +1 on attack and damage rolls with ranged weapons at
            // ranges of up to 30 feet.
            Feat::PointBlankShot => {
                let near = || When::TargetWithin30ftRanged;
                out.push(Modifier::when(Stat::Attack, BonusType::Untyped, 1, near()));
                out.push(Modifier::when(Stat::Damage, BonusType::Untyped, 1, near()));
            }
            _ if !add_static => {}
            Feat::WeaponFocus => out.push(Modifier::when(
                Stat::Attack,
                BonusType::Untyped,
                1,
                weapon(),
            )),
            Feat::WeaponSpecialization => out.push(Modifier::when(
                Stat::Damage,
                BonusType::Untyped,
                2,
                weapon(),
            )),
            Feat::Dodge => {
                out.push(Modifier::always(Stat::Ac, BonusType::Dodge, 1));
                out.push(Modifier::always(Stat::Cmd, BonusType::Dodge, 1));
            }
            Feat::IronWill => out.push(Modifier::always(Stat::Will, BonusType::Untyped, 2)),
            Feat::GreatFortitude => out.push(Modifier::always(Stat::Fort, BonusType::Untyped, 2)),
            Feat::LightningReflexes => {
                out.push(Modifier::always(Stat::Reflex, BonusType::Untyped, 2))
            }
            Feat::ImprovedInitiative => {
                out.push(Modifier::always(Stat::Initiative, BonusType::Untyped, 4))
            }
            _ => {}
        }
    }
    out
}

/// The schools of the Spell Focus lines (« Spell Focus (evocation) ») and, second, of the
/// Greater Spell Focus lines: each adds +1 to the save DC of that school's spells (« CRB —
/// Spell Focus », « Greater Spell Focus »). A line without a known school counts for nothing.
pub fn spell_focus_schools(lines: &[String]) -> (EnumSet<School>, EnumSet<School>) {
    let mut focus = EnumSet::default();
    let mut greater = EnumSet::default();
    for line in feats(lines) {
        let set = match line.feat {
            Some(Feat::SpellFocus) => &mut focus,
            Some(Feat::GreaterSpellFocus) => &mut greater,
            _ => continue,
        };
        if let Some(school) = line.choice.and_then(|c| School::lookup(c).ok()) {
            set.insert(school);
        }
    }
    (focus, greater)
}

/// « CRB — Toughness »: +3 hit points, +1 per Hit Die beyond 3.
pub fn toughness_hp(level: u32) -> u32 {
    level.max(3)
}

/// Melee weapons light enough for Weapon Finesse (« CRB — Table 6-4 », light weapons and the
/// finesse exceptions), matched inside the attack's name; natural attacks always qualify.
pub const FINESSE_WEAPONS: [&str; 16] = [
    "dagger",
    "short sword",
    "shortsword",
    "rapier",
    "whip",
    "spiked chain",
    "elven curve blade",
    "light mace",
    "handaxe",
    "kukri",
    "sickle",
    "starknife",
    "light hammer",
    "sap",
    "punching dagger",
    "unarmed strike",
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn feat_lines_read_with_their_choice() {
        let r = read_feat_line("Weapon Focus (longsword)");
        assert_eq!(r.feat, Some(Feat::WeaponFocus));
        assert_eq!(r.choice, Some("longsword"));
        let r = read_feat_line("Skill Focus (Knowledge (arcana))");
        assert_eq!(r.feat, None);
        assert_eq!(
            read_feat_line("point-blank shot").feat,
            Some(Feat::PointBlankShot)
        );
        assert_eq!(
            read_feat_line(" Power Attack ").feat,
            Some(Feat::PowerAttack)
        );
        assert_eq!(read_feat_line("Cleave").feat, Some(Feat::Cleave));
        assert_eq!(read_feat_line("Skill Focus (Stealth)").feat, None);
        assert_eq!(read_feat_line("Scribe Scroll").feat, None);
    }

    #[test]
    fn every_feat_has_a_name_and_an_effect() {
        for (name, feat) in Feat::NAMES {
            assert_eq!(feat.name(), name);
            assert!(!feat.effect().is_empty());
        }
    }

    #[test]
    fn a_feat_set_reads_feat_and_feature_lines() {
        let lines = |l: &[&str]| l.iter().map(|s| s.to_string()).collect::<Vec<_>>();
        let set = feat_set(
            &lines(&["Power Attack", "Scribe Scroll", "Weapon Focus (longsword)"]),
            &lines(&["Blind-Fight", "Sneak Attack +2d6"]),
        );
        let has: Vec<Feat> = set.iter().collect();
        assert_eq!(
            has,
            [Feat::PowerAttack, Feat::BlindFight, Feat::WeaponFocus]
        );
        assert!(!set.contains(Feat::Run));
    }

    #[test]
    fn feats_without_a_combat_effect_say_why() {
        assert!(no_combat_reason("Scribe Scroll", true).is_some());
        assert!(no_combat_reason("Skill Focus (Perception)", true).is_some());
        // Numbers without their feats: Skill Focus's +3 is not in the total.
        assert_eq!(no_combat_reason("Skill Focus (Perception)", false), None);
        assert_eq!(no_combat_reason("Power Attack", true), None);
        assert!(no_combat_reason("Martial Weapon Proficiency (greatclub)", true).is_some());
    }

    #[test]
    fn toughness_is_3_then_1_per_hit_die() {
        assert_eq!(toughness_hp(1), 3);
        assert_eq!(toughness_hp(3), 3);
        assert_eq!(toughness_hp(7), 7);
    }
}
