//! What a fight needs to know about each combatant that never changes during a fight, derived
//! once per batch from the validated [`Combatant`]: reach bands of each weapon, crit profile
//! with Improved Critical, the feats the rules read (`rules::feat`), standing typed modifiers,
//! sneak attack dice, life thresholds, evasion, the typed bonuses the stat block includes, its
//! spellcasting (`cast::Caster`), and the stable [`UnitId`] policies name units by. The
//! scenario's combatants come first, in scenario order; the creatures their summon spells may
//! bring follow (`summon::prepare`). Fights read it; they never re-parse stat blocks, and
//! nothing here changes during a fight.

use crate::board::Pos;
use crate::model::features::feature_is;
use crate::model::{
    Ability, Attack, AttackKind, Combatant, CreatureType, DamageType, DamageTypes, EffectTag,
};
use crate::rules::effect::CreatureSlot;
use crate::rules::feat::{self, FINESSE_WEAPONS, Feat, FeatSet};
use crate::rules::{Context, Modifier, Stat, resolve};
use crate::scenario::{Scenario, UnitSpec};
use crate::size::Size;
use crate::spell::SpellId;

use super::arms::Arms;
use super::cast::caster::Caster;
use super::class::ClassAbilities;
use super::special::{Rider, Specials};

pub use super::id::{UnitId, UnitIds};

/// One attack line, ready for resolution.
#[derive(Clone, Debug)]
pub struct Weapon {
    /// Index in the combatant's `attacks`.
    pub index: usize,
    pub melee: bool,
    /// Targets touch AC (touch attacks; firearms within their first increment).
    pub touch: bool,
    pub firearm: bool,
    pub natural: bool,
    /// Held in two hands: Power Attack adds +3 per step instead of +2.
    pub two_handed: bool,
    pub bonus: i32,
    /// Lowest natural d20 that threatens, after Improved Critical.
    pub threat_start: u32,
    pub crit_mult: i32,
    pub count: u32,
    /// Twice the average damage of one hit before the attack's typed and situational bonuses:
    /// each damage component's minimum plus maximum, plus twice the stat block's flat bonus
    /// (what [`Fight::average_damage_x2`](super::state::Fight::average_damage_x2) answers).
    pub avg_damage_x2: i32,
    /// Melee: nearest and farthest distance it strikes, in feet (« CRB — Reach Weapons »: a
    /// reach weapon strikes beyond natural reach up to twice it, not within). A weapon with
    /// natural reach starts at 0 ft, the attacker's own square, where only a Tiny-or-smaller
    /// creature can stand with it; reach 0 strikes there only.
    pub reach_min_ft: u32,
    pub reach_max_ft: u32,
    /// Ranged: range increment and maximum range, in feet.
    pub increment_ft: u32,
    pub max_range_ft: u32,
    /// Every type and tag the attack deals, for DR bypass.
    pub dealt: DamageTypes,
    /// The whole hit goes to the nonlethal track (saps, unarmed strikes).
    pub nonlethal: bool,
    /// A free manoeuvre on a hit (« Bestiary — Grab », « Trip »; `special`).
    pub rider: Option<Rider>,
}

/// Per-combatant constants of a fight.
#[derive(Clone, Debug)]
pub struct UnitInfo {
    /// Its unique id in logs (`goblin-2`).
    pub id: String,
    /// Its stat block.
    pub combatant: Combatant,
    /// Where it starts the fight (top-left square of its footprint).
    pub anchor: Pos,
    pub side: usize,
    pub size: Size,
    pub footprint: u16,
    pub monster: bool,
    pub hp_max: i32,
    /// Constitution score; `None` for undead, constructs and any creature without one: they
    /// are destroyed at 0 hp and immune to nonlethal damage.
    pub con_score: Option<i32>,
    pub con_mod: i32,
    pub initiative_mod: i32,
    pub bab: i32,
    pub ac_total: i32,
    pub ac_touch: i32,
    /// Movement budget of one move action, in squares (best of land and fly speed).
    pub speed_squares: u32,
    /// The same speed in feet (speed modifiers are in feet).
    pub speed_ft: u32,
    pub weapons: Vec<Weapon>,
    pub has_melee: bool,
    /// Farthest distance at which it threatens, in feet (0: threatens nothing).
    pub threat_max_ft: u32,
    /// Attacks of opportunity per round: 1, or 1 + Dex modifier with Combat Reflexes.
    pub aoo_per_round: u8,
    /// Flat-footed AC from the stat block.
    pub ac_flat_footed: i32,
    pub dex_mod: i32,
    /// Standing typed modifiers: the file's `modifiers` and those of its feats
    /// (`rules::feat::static_modifiers`).
    pub modifiers: Vec<Modifier>,
    /// Power Attack / Deadly Aim step: −X attack, +2X damage, X = BAB/4 + 1 (0 without the
    /// feat).
    pub power_attack_step: i32,
    pub deadly_aim_step: i32,
    /// What it can do beyond its numbers: [`UnitInfo::has`].
    pub traits: Traits,
    /// Sneak attack d6s: (level + 1) / 2 with the « Sneak Attack » feature, else 0.
    pub sneak_dice: u32,
    /// Immune to precision damage (sneak attack): undead, constructs, and the `precision_damage`
    /// or `sneak_attack` immunities.
    pub precision_immune: bool,
    /// Typed bonuses its stat block already counts (`included_bonuses`): a bonus of one of
    /// these types counts only beyond them (« CRB — Stacking »).
    pub included: Vec<Modifier>,
    /// Its spells, slots and casting feats; `None` for a creature that casts nothing.
    pub caster: Option<Box<Caster>>,
    /// « CRB — Evasion », « Improved Evasion » (a `features` line).
    pub evasion: Evasion,
    /// The unit whose summon spell brings it (`fight::summon`); `None` for the scenario's own
    /// combatants.
    pub summoner: Option<usize>,
    /// The spell and summon effect that bring it.
    pub summon: Option<(SpellId, CreatureSlot)>,
    /// Its weapons at the start of a fight: one in hand per attack line, its ammunition
    /// (`fight::arms`).
    pub arms: Arms,
}

/// Evasion against area damage (« CRB — Evasion »: no damage on a successful Reflex save that
/// halves; « Improved Evasion »: half damage on a failed one too).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Evasion {
    #[default]
    None,
    Plain,
    Improved,
}

/// The evasion a stat block's features give (lines « Evasion », « Improved Evasion »: the
/// matching convention of `model::features`).
fn evasion_of(features: &[String]) -> Evasion {
    let named = |name: &str| features.iter().any(|f| feature_is(f, name));
    if named("improved evasion") {
        Evasion::Improved
    } else if named("evasion") {
        Evasion::Plain
    } else {
        Evasion::None
    }
}

/// What a combatant can do beyond its numbers: its modelled feats (`rules::feat`), read with
/// [`UnitInfo::has`], and its special abilities (`special`; riders are on their weapons).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Traits {
    pub feats: FeatSet,
    pub specials: Specials,
    pub class: ClassAbilities,
}

impl UnitInfo {
    /// `feat` is one of its modelled feats (« CRB — Precise Shot », « Combat Reflexes »,
    /// « Run », « Blind-Fight »…).
    #[inline]
    pub fn has(&self, feat: Feat) -> bool {
        self.traits.feats.contains(feat)
    }
}

/// What the stat block leaves out when `feats_in_stat_block` is false: Weapon Finesse (Dex
/// instead of Str on natural and light melee weapons) and Multiattack (secondary natural
/// attacks at −2 instead of −5).
fn static_feat_attack_bonus(c: &Combatant, feats: FeatSet, a: &Attack) -> i32 {
    if c.feats_in_stat_block() {
        return 0;
    }
    let mut bonus = 0;
    if a.kind() == AttackKind::Melee
        && feats.contains(Feat::WeaponFinesse)
        && (a.natural() || {
            let name = a.name().to_ascii_lowercase();
            FINESSE_WEAPONS.iter().any(|w| name.contains(w))
        })
    {
        let abilities = c.abilities();
        bonus += (abilities.modifier(Ability::Dex) - abilities.modifier(Ability::Str)).max(0);
    }
    if a.secondary() && feats.contains(Feat::Multiattack) {
        bonus += 3;
    }
    bonus
}

fn weapon(c: &Combatant, feats: FeatSet, index: usize, a: &Attack) -> Weapon {
    let melee = a.kind() == AttackKind::Melee
        || (a.kind() == AttackKind::Touch && a.range_increment_ft().is_none());
    let natural_reach = c.natural_reach_ft();
    let (reach_min_ft, reach_max_ft) = if !melee {
        (0, 0)
    } else if a.reach_weapon() {
        (natural_reach + 5, 2 * natural_reach.max(5))
    } else {
        // « CRB — Big and Little Creatures in Combat »: natural reach is a disc that includes
        // the attacker's own square; Tiny and smaller (reach 0) strike only there. An attack
        // that declares reach_ft keeps it (its reach_ft is its natural reach).
        (0, natural_reach.max(a.reach_ft().unwrap_or(0)))
    };
    let increment_ft = a.range_increment_ft().unwrap_or(0);
    // « Bestiary — Rock Throwing »: « The creature can hurl the rock up to five range
    // increments ».
    let rock = super::special::Umr::of(c).rock == Some(index);
    let max_increments = if a.kind() == AttackKind::Touch || a.firearm() || rock {
        5
    } else {
        10
    };
    let start = u32::from(a.threat_range_start());
    // « CRB — Improved Critical »: the threat range doubles (19–20 → 17–20).
    let threat_start = if feats.contains(Feat::ImprovedCritical) {
        21 - 2 * (21 - start)
    } else {
        start
    };
    let mut dealt = DamageTypes::new();
    for component in a.damage() {
        for t in component.types().iter() {
            dealt.insert(t);
        }
    }
    Weapon {
        index,
        melee,
        touch: a.kind() == AttackKind::Touch,
        firearm: a.firearm(),
        natural: a.natural(),
        two_handed: a.two_handed(),
        bonus: a.attack_bonus() + static_feat_attack_bonus(c, feats, a),
        threat_start,
        crit_mult: i32::from(a.crit_mult()),
        count: a.count(),
        avg_damage_x2: (a.damage().iter())
            .map(|c| c.formula().min() + c.formula().max())
            .sum::<i32>()
            + 2 * a.damage_bonus(),
        reach_min_ft,
        reach_max_ft,
        increment_ft,
        max_range_ft: increment_ft * max_increments,
        dealt,
        nonlethal: dealt.contains(DamageType::Nonlethal)
            || a.name().eq_ignore_ascii_case("unarmed strike"),
        rider: Rider::on(c, index),
    }
}

/// Undead and constructs: no Constitution (« CRB — Nonabilities ») and, as the reference spec
/// requires, immune to precision damage.
fn no_con_type(c: &Combatant) -> bool {
    matches!(
        c.creature_type(),
        CreatureType::Undead | CreatureType::Construct
    )
}

impl UnitInfo {
    pub(crate) fn new(scenario: &Scenario, spec: &UnitSpec) -> Self {
        let (c, side) = (&spec.combatant, spec.side);
        let square = scenario.map().square_size_ft().max(1);
        let feats = feat::feat_set(c.feats(), c.features());
        let weapons: Vec<Weapon> = c
            .attacks()
            .iter()
            .enumerate()
            .map(|(i, a)| weapon(c, feats, i, a))
            .collect();
        let no_con = no_con_type(c);
        let con_score = if no_con {
            None
        } else {
            c.abilities().score(Ability::Con).map(i32::from)
        };
        let dex_mod = c.abilities().modifier(Ability::Dex);
        let aoo = if feats.contains(Feat::CombatReflexes) {
            1 + dex_mod.max(0)
        } else {
            1
        };
        let speed_ft = c.speed_land_ft().max(c.speed_fly_ft().unwrap_or(0));
        let mut modifiers: Vec<Modifier> = c.modifiers().to_vec();
        modifiers.extend(feat::static_modifiers(c.feats(), c.feats_in_stat_block()));
        modifiers.extend(ClassAbilities::of(c).modifiers());
        // « CRB — Defensive Combat Training »: its Hit Dice in place of its base attack bonus
        // for CMD (a stat block's CMD has it already).
        if !c.feats_in_stat_block() && feats.contains(Feat::DefensiveCombatTraining) {
            let gain = (c.level() as i32 - c.bab()).max(0);
            modifiers.push(Modifier::always(
                Stat::Cmd,
                crate::rules::BonusType::Untyped,
                gain,
            ));
        }
        // Unconditional initiative modifiers are folded into the modifier once.
        let initiative_bonus = resolve(&modifiers, Stat::Initiative, None, &Context::default());
        let toughness = if !c.feats_in_stat_block() && feats.contains(Feat::Toughness) {
            feat::toughness_hp(c.level()) as i32
        } else {
            0
        };
        let step = |f: Feat| {
            if feats.contains(f) {
                c.bab().max(0) / 4 + 1
            } else {
                0
            }
        };
        let sneak = c.features().iter().any(|f| feature_is(f, "sneak attack"));
        // « UC — Pistol-Whip »: the blow's line is the deed's only, never a weapon.
        let deed_line = ClassAbilities::of(c)
            .gun
            .and_then(|g| g.whip)
            .map(|(line, _)| usize::from(line));
        let weapon_line = |w: &&Weapon| Some(w.index) != deed_line;
        let mut arms = Arms::new(c.attacks());
        if let Some(k) = deed_line {
            arms.reserve(k);
        }
        let immunities = c.immunities();
        UnitInfo {
            id: spec.id.clone(),
            combatant: c.clone(),
            anchor: spec.anchor,
            side,
            size: c.size(),
            footprint: c.size().footprint(),
            monster: !c.is_pc(),
            hp_max: c.hp_max() as i32 + toughness,
            con_score,
            con_mod: c.abilities().modifier(Ability::Con),
            initiative_mod: c.initiative_mod() + initiative_bonus,
            bab: c.bab(),
            ac_total: c.ac().total,
            ac_touch: c.ac().touch,
            speed_squares: speed_ft / square,
            speed_ft,
            has_melee: weapons.iter().filter(weapon_line).any(|w| w.melee),
            threat_max_ft: weapons
                .iter()
                .filter(weapon_line)
                .filter(|w| w.melee && w.reach_max_ft > 0)
                .map(|w| w.reach_max_ft)
                .max()
                .unwrap_or(0),
            weapons,
            aoo_per_round: aoo.clamp(1, 20) as u8,
            ac_flat_footed: c.ac().flat_footed,
            dex_mod,
            modifiers,
            power_attack_step: step(Feat::PowerAttack),
            deadly_aim_step: step(Feat::DeadlyAim),
            traits: Traits {
                feats,
                specials: Specials::of(c),
                class: ClassAbilities::of(c),
            },
            sneak_dice: if sneak {
                c.level().div_ceil(2).max(1)
            } else {
                0
            },
            precision_immune: no_con_type(c)
                || immunities.to_effect(EffectTag::PrecisionDamage)
                || immunities.to_effect(EffectTag::SneakAttack),
            included: c.included_bonuses().to_vec(),
            caster: Caster::new(c, &spec.spells, feats).map(Box::new),
            evasion: evasion_of(c.features()),
            summoner: None,
            summon: None,
            arms,
        }
    }
}
