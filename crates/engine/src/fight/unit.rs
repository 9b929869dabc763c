//! What a fight needs to know about each combatant that never changes during a fight, derived
//! once per batch from the validated [`Combatant`]: reach bands of each weapon, crit profile
//! with Improved Critical, feats that the Phase 0 rules read, life thresholds. Fights read
//! it; they never re-parse stat blocks.

use crate::model::{
    Ability, Attack, AttackKind, Combatant, CreatureType, DamageCategory, DamageType, DamageTypes,
};
use crate::scenario::Scenario;
use crate::size::Size;

/// One attack line, ready for resolution.
#[derive(Clone, Debug)]
pub struct Weapon {
    /// Index in the combatant's `attacks`.
    pub index: usize,
    pub melee: bool,
    /// Resolves against touch AC (touch attacks; firearms within their first increment).
    pub touch: bool,
    pub firearm: bool,
    pub natural: bool,
    pub bonus: i32,
    /// Lowest natural d20 that threatens, after Improved Critical.
    pub threat_start: u32,
    pub crit_mult: i32,
    pub count: u32,
    /// Melee: nearest and farthest distance it strikes, in feet (« CRB — Reach Weapons »: a
    /// reach weapon strikes beyond natural reach up to twice it, not within). A weapon with
    /// natural reach starts at 0 ft, the attacker's own square, where only a Tiny-or-smaller
    /// creature can stand with it (S4c); reach 0 strikes there only.
    pub reach_min_ft: u32,
    pub reach_max_ft: u32,
    /// Ranged: range increment and maximum range, in feet.
    pub increment_ft: u32,
    pub max_range_ft: u32,
    /// Every type and tag the attack deals, for DR bypass.
    pub dealt: DamageTypes,
    /// The whole hit goes to the nonlethal track (saps, unarmed strikes).
    pub nonlethal: bool,
}

/// Per-combatant constants of a fight.
#[derive(Clone, Debug)]
pub struct UnitInfo {
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
    /// Movement budget of one move action, in squares (best of land and fly speed, V4).
    pub speed_squares: u32,
    pub weapons: Vec<Weapon>,
    pub has_melee: bool,
    /// Farthest distance at which it threatens, in feet (0: threatens nothing).
    pub threat_max_ft: u32,
    pub precise_shot: bool,
    /// Attacks of opportunity per round: 1, or 1 + Dex modifier with Combat Reflexes.
    pub aoo_per_round: u8,
}

/// True when the combatant has the feat `name` (case-insensitive; a parenthesised weapon
/// choice such as « Improved Critical (falchion) » counts, applied to every weapon — the seed's
/// documented simplification).
pub fn has_feat(c: &Combatant, name: &str) -> bool {
    c.feats().iter().chain(c.features()).any(|f| {
        let base = f.split('(').next().unwrap_or(f).trim();
        base.eq_ignore_ascii_case(name)
    })
}

fn weapon(c: &Combatant, index: usize, a: &Attack, improved_critical: bool) -> Weapon {
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
    let max_increments = if a.kind() == AttackKind::Touch || a.firearm() {
        5
    } else {
        10
    };
    let start = u32::from(a.threat_range_start());
    // « CRB — Improved Critical »: the threat range doubles (19–20 → 17–20).
    let threat_start = if improved_critical {
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
        bonus: a.attack_bonus(),
        threat_start,
        crit_mult: i32::from(a.crit_mult()),
        count: a.count(),
        reach_min_ft,
        reach_max_ft,
        increment_ft,
        max_range_ft: increment_ft * max_increments,
        dealt,
        nonlethal: dealt.contains(DamageType::Nonlethal)
            || a.name().eq_ignore_ascii_case("unarmed strike"),
    }
}

/// True for damage types a critical hit multiplies (physical dice and the flat bonus).
pub fn is_physical(t: DamageType) -> bool {
    t.category() == DamageCategory::Physical
}

impl UnitInfo {
    fn new(scenario: &Scenario, c: &Combatant, side: usize) -> Self {
        let square = scenario.map().square_size_ft().max(1);
        let improved_critical = has_feat(c, "Improved Critical");
        let weapons: Vec<Weapon> = c
            .attacks()
            .iter()
            .enumerate()
            .map(|(i, a)| weapon(c, i, a, improved_critical))
            .collect();
        let no_con = matches!(
            c.creature_type(),
            CreatureType::Undead | CreatureType::Construct
        );
        let con_score = if no_con {
            None
        } else {
            c.abilities().score(Ability::Con).map(i32::from)
        };
        let dex_mod = c.abilities().modifier(Ability::Dex);
        let aoo = if has_feat(c, "Combat Reflexes") {
            1 + dex_mod.max(0)
        } else {
            1
        };
        let speed_ft = c.speed_land_ft().max(c.speed_fly_ft().unwrap_or(0));
        UnitInfo {
            side,
            size: c.size(),
            footprint: c.size().footprint(),
            monster: !c.is_pc(),
            hp_max: c.hp_max() as i32,
            con_score,
            con_mod: c.abilities().modifier(Ability::Con),
            initiative_mod: c.initiative_mod(),
            bab: c.bab(),
            ac_total: c.ac().total,
            ac_touch: c.ac().touch,
            speed_squares: speed_ft / square,
            has_melee: weapons.iter().any(|w| w.melee),
            threat_max_ft: weapons
                .iter()
                .filter(|w| w.melee && w.reach_max_ft > 0)
                .map(|w| w.reach_max_ft)
                .max()
                .unwrap_or(0),
            weapons,
            precise_shot: has_feat(c, "Precise Shot"),
            aoo_per_round: aoo.clamp(1, 20) as u8,
        }
    }
}

/// The constants of every unit of a scenario, in unit order.
pub fn prepare(scenario: &Scenario) -> Vec<UnitInfo> {
    scenario
        .units()
        .iter()
        .map(|u| UnitInfo::new(scenario, &u.combatant, u.side))
        .collect()
}
