//! Class abilities in a fight (« CRB — Barbarian — Rage », « Fighter — Bravery », « Ranger —
//! Favored Enemy »), compiled once per batch from a combatant's validated `specials` into a
//! small `Copy` value ([`ClassAbilities`] in `UnitInfo::traits`), with the per-fight state
//! they keep ([`ClassState`] in `UnitState`: rounds left, raging or not), so a fight without
//! class abilities pays one branch per turn and per attack. This file owns those values and
//! the standing modifiers they add; `rage` what a rage does; `edge` the bonuses that depend
//! on the target. Which ability to use and when is the policy's (`policy::abilities`).
//!
//! - Rage: a free action on its own turn, not while fatigued or already raging, with at
//!   least one round left in its `resources` entry. While raging: +4 Strength and +4
//!   Constitution, counted through the numbers they change as an ability penalty is
//!   (`effects::parts`): +2 on melee attack rolls, melee damage (+3 when its first melee
//!   weapon is two-handed: 1½ × Strength), CMB, CMD and Fortitude; +2 morale on Will saves;
//!   −2 AC (and CMD: « any penalties to a creature's AC also apply to its CMD »); 2 hit
//!   points per Hit Die, gained when the rage starts and lost when it ends (« not lost
//!   first like temporary hit points »: they may take it below 0 or kill it). Each round of
//!   rage spends one round of the resource: the round it starts, then at the start of each
//!   of its turns; when none is left at the start of a turn the rage ends and it is fatigued
//!   for twice the rounds it raged. Simplified: the rage goes on while it is unconscious
//!   (« if a barbarian falls unconscious, her rage immediately ends » is not modelled); its
//!   death threshold (−Con) and stabilization do not count the +4 Constitution; the skills
//!   and concentration it forbids are not checked (a barbarian casts no spell).
//! - Bravery: a standing bonus on Will saves against fear (`when: fear`).
//! - Favored enemy: `amount` on attack and weapon damage rolls against a creature of the
//!   type (`edge`). Not modelled: the Bluff, Knowledge, Perception, Sense Motive and Survival
//!   bonuses (skills outside a fight).
//! - Smite evil: a swift action naming one enemy it can see, one use of its `resources`
//!   entry. Against an evil target, until that target dies: its Charisma bonus on attack
//!   rolls and its level on damage rolls of its stat-block attacks against it, and its
//!   Charisma bonus as a deflection bonus to AC against the target's attacks (through the
//!   resolver: it does not stack with another deflection bonus). A target that is not evil
//!   wastes the use. Simplified: the first hit's double damage against evil outsiders, evil
//!   dragons and undead, and the bypass of damage reduction, are not modelled; a new smite
//!   replaces the one under way.
//! - Lay on hands: heals 1d6 per two levels (at least 1d6), one use of its `resources`
//!   entry: a swift action on itself, a standard action on a living ally within 5 feet (a
//!   dying one too: it stops dying once at 0 or more). Simplified: it provokes no attack of
//!   opportunity; harming undead with it and the mercies are not modelled.
//! - Inspire courage: a standard action starts it, one round of its `resources` entry a
//!   round (the round it starts, then at the start of each of the bard's turns, the free
//!   action that keeps it up); it ends when none is left or at the start of a turn the bard
//!   cannot act. While it lasts, the bard and every ally of its side (they are taken to hear
//!   it) get its bonus as a competence bonus on attack and weapon damage rolls of their
//!   stat-block attacks and as a morale bonus on saves against fear (through the resolver:
//!   neither stacks with a bonus of its type); it stops counting at once when the bard is
//!   out of the fight or cannot act. Simplified: charm effects have no descriptor here, so
//!   the save bonus is against fear only; hearing, range and the move action at 7th level
//!   are not modelled.
//! - Grit and deeds (« Ultimate Combat — Gunslinger », `gun`): its grit points start at its
//!   `resources` entry; a confirmed critical hit, or a blow with a firearm that takes a foe to
//!   0 hit points or less, regains one, up to its Wisdom modifier (not against a helpless foe
//!   or one of fewer Hit Dice than half its level). Deadeye: a firearm shot beyond the first
//!   increment resolves against touch AC for 1 grit per increment beyond the first, spent
//!   whenever it lowers the AC and enough grit is left (the −2 per increment stays).
//!   Gunslinger's dodge: against a ranged attack that hits on a natural 11 or less, 1 grit
//!   for +2 AC against it, once a round. Quick clear: a standard action with at least 1
//!   grit, or a move action for 1 grit, removes the broken condition a misfire gave its
//!   firearm (`Action::QuickClear`). Gunslinger initiative: +2 on initiative with 1 grit or
//!   more and a firearm. Simplified: the dodge's 5-foot move (or drop prone for +4) is not
//!   made and it spends no swift action; deadeye with a touch AC removes Deadly Aim's damage
//!   (as on touch attacks). Pistol-whip (`whip`): a standard action for 1 grit, a melee blow
//!   with the firearm in hand — the file's `pistol_whip` line (1d10 ×2 for a two-handed
//!   firearm), never an ordinary weapon — and on a hit a free trip (no attack of
//!   opportunity). The utility shots have no target here (locks, unattended objects, fires).
//! - Rebuke death (`domain`): a standard action on a living ally below 0 hit points within
//!   5 feet heals 1d4 + 1 per two levels, one use of its `resources` entry. Policy: on a
//!   dying ally within 5 feet (after lay on hands, before the turn's attack). Simplified: it
//!   provokes no attack of opportunity.
//! - Defensive training, stability, uncanny dodge, aura of courage and mercy (fatigued) are
//!   read from their `features` lines (`guard`). Simplified: every creature stands on the
//!   ground (stability always counts); the aura's ally bonus is on saves against fear
//!   effects (charm has no descriptor here).
//! - Misfire (« Ultimate Combat — Firearms — Misfires », `gun`): a natural attack roll
//!   within the firearm's misfire value (+4 while broken) misses and breaks the firearm (−2
//!   on attack and damage, critical hits only on 20 and ×2); a misfire while broken makes
//!   the early firearm explode: destroyed, its wielder takes the weapon's damage dice, a DC
//!   12 Reflex save for half. Simplified: the explosion's burst hits only the wielder.
//! - Force missile (`missile`): a standard action that provokes attacks of opportunity (a
//!   spell-like ability; using it defensively is not modelled), one use of its `resources` entry: its `damage` of force on an
//!   active enemy within medium range (100 ft + 10 ft per caster level) and line of effect,
//!   no attack roll and no save (« as magic missile »). Simplified: the shield spell's
//!   immunity to magic missile is not checked against it.
//! - Arcane pool (`missile`): a swift action, one point of its `resources` entry: its melee
//!   weapons get its `amount` as an enhancement bonus on attack and damage rolls for 1
//!   minute (10 rounds). Simplified: the bonus adds to the stat block's numbers (the shipped
//!   magus's longsword is not magic); the weapon special abilities it may buy from 5th level
//!   and the spell recall of higher levels are not modelled.
//! - Spell combat (`spell_combat`): a full-round action, a spell of a standard action or less
//!   then a full attack with a light or one-handed melee weapon, every attack roll at −2
//!   (the rule and its simplifications are in that file).
//! - Witch hexes (`hex`): slumber, healing and evil eye (standard actions that provoke no
//!   attack of opportunity; slumber and healing once per target a fight) and cackle (a move
//!   action that extends evil eyes); the rules
//!   and their simplifications are in that file's functions.
//! - Touch powers (`touch`): bleeding touch, touch of chaos and grave touch, standard actions
//!   that provoke (spell-like abilities), a melee touch attack each, one use of its
//!   `resources` entry; the rules and their simplifications are in that file's header.
//! - Power over undead, life sight and the flesh golem's berserk (`undead`): see that
//!   file's header.

mod domain;
mod edge;
mod guard;
mod gun;
mod hands;
pub(crate) mod hex;
mod missile;
mod perform;
mod rage;
mod smite;
mod spell_combat;
mod touch;
mod undead;
mod whip;

pub(crate) use spell_combat::SPELL_COMBAT_PENALTY;

pub(crate) use guard::{FAVORED_TERRAIN, UNCANNY_DODGE};

use crate::model::{Combatant, CreatureType, HexKind, Special};
use crate::rules::{BonusType, Descriptor, Modifier, Stat, When};

/// « CRB — Barbarian — Rage »: where its rounds come from and what it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rage {
    /// Index of the `resources` entry holding its rounds.
    pub resource: u8,
    /// Hit points it grants: 2 per Hit Die.
    pub hp: i32,
    /// Its melee damage bonus: +2, +3 when its first melee weapon is two-handed.
    pub damage: i32,
}

/// A combatant's class abilities.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassAbilities {
    pub rage: Option<Rage>,
    /// « Bravery »: bonus on Will saves against fear (0: none).
    pub bravery: u8,
    /// « Favored Enemy »: the creature type and the bonus.
    pub favored: Option<(CreatureType, u8)>,
    pub smite: Option<Smite>,
    pub hands: Option<Hands>,
    /// « Inspire Courage »: the bonus it gives (+1, +2 at 5th level, +1 every six levels
    /// after), and the `resources` entry of its rounds.
    pub courage: Option<i32>,
    pub courage_resource: u8,
    /// « Grit » and « Misfire »: a gunslinger's grit, a firearm that misfires.
    pub gun: Option<Gun>,
    /// The standing defences of its `features` lines (`guard`'s bits).
    pub guards: u8,
    pub rebuke: Option<Rebuke>,
    /// « APG — Witch — Hexes »: the hexes it knows.
    pub hexes: Option<Hexes>,
    /// « Force Missile »: the `resources` entry of its uses and its damage.
    pub missile: Option<(u8, crate::model::special::Roll)>,
    /// « Arcane Pool »: the `resources` entry of its points and the enhancement bonus.
    pub pool: Option<(u8, u8)>,
    /// « UM — Magus — Spell Combat » (`spell_combat`).
    pub spell_combat: bool,
    /// The touch powers (`touch`), by [`TouchKind`]: the `resources` entry of its uses and
    /// the class level it scales with.
    pub touches: [Option<(u8, u8)>; 3],
    /// « Necromancy — Life Sight »: its range in feet and rounds a day.
    pub life_sight: Option<(u8, u8)>,
    /// « Necromancy — Power over Undead »: the `resources` entry of its uses, the Will DC and
    /// the Hit Dice it controls.
    pub undead_power: Option<(u8, u8, u8)>,
    /// « Bestiary — Flesh Golem — Berserk ».
    pub berserk: bool,
}

/// « CRB — Cleric — Healing Domain — Rebuke Death »: where its uses come from, its bonus.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rebuke {
    pub resource: u8,
    /// 1 per two cleric levels.
    pub bonus: i32,
}

/// « Ultimate Combat — Gunslinger — Grit », « Firearms — Misfires ».
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Gun {
    /// The `resources` entry of its grit points, and the most it holds (its Wisdom modifier,
    /// at least 1).
    pub grit: Option<(u8, u32)>,
    /// The firearm that misfires (its index in `attacks`) and its misfire value.
    pub misfire: Option<(u8, u8)>,
    /// « Pistol-Whip »: the melee line of the blow and the firearm it is struck with (indexes
    /// in `attacks`).
    pub whip: Option<(u8, u8)>,
}

/// « APG — Witch — Hexes »: which hexes a witch knows and their numbers.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hexes {
    /// Known hexes, as bits of [`HexKind`]'s order.
    pub known: u8,
    /// Slumber's Will DC.
    pub slumber_dc: u8,
    /// Evil eye's and misfortune's Will DCs.
    pub evil_eye_dc: u8,
    pub misfortune_dc: u8,
    /// Its witch level: slumber's rounds.
    pub level: u8,
    /// Its caster level: the healing hex's bonus (at most +5).
    pub caster_level: u8,
    /// Its Intelligence modifier: evil eye's rounds are 3 + it.
    pub int: i8,
}

impl Hexes {
    /// It knows hex `kind`.
    #[inline]
    pub fn knows(&self, kind: HexKind) -> bool {
        self.known & (1 << kind as u8) != 0
    }
}

/// « CRB — Paladin — Lay on Hands »: where its uses come from and the d6s it heals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hands {
    pub resource: u8,
    /// 1d6 per two levels, at least one.
    pub dice: u32,
}

/// « CRB — Paladin — Smite Evil »: where its uses come from and what it adds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Smite {
    /// Index of the `resources` entry holding its uses.
    pub resource: u8,
    /// Its Charisma bonus (0 when negative): on attack rolls and as deflection to AC.
    pub cha: i32,
    /// Its level: on damage rolls.
    pub level: i32,
}

impl ClassAbilities {
    /// The class abilities of `c`'s `specials`.
    pub fn of(c: &Combatant) -> ClassAbilities {
        let mut out = ClassAbilities {
            guards: guard::guards_of(c),
            ..ClassAbilities::default()
        };
        for e in c.specials() {
            match e.special {
                Special::Rage { resource } => {
                    let two_handed = (c.attacks().iter())
                        .find(|a| a.kind() == crate::model::AttackKind::Melee)
                        .is_some_and(|a| a.two_handed());
                    out.rage = Some(Rage {
                        resource,
                        hp: 2 * c.level().max(1) as i32,
                        damage: if two_handed { 3 } else { 2 },
                    });
                }
                Special::Bravery { amount } => out.bravery = amount,
                Special::FavoredEnemy { against, amount } => out.favored = Some((against, amount)),
                Special::InspireCourage { resource } => {
                    let level = c.level() as i32;
                    out.courage = Some(if level < 5 { 1 } else { 2 + (level - 5) / 6 });
                    out.courage_resource = resource;
                }
                Special::LayOnHands { resource } => {
                    out.hands = Some(Hands {
                        resource,
                        dice: (c.level() / 2).max(1),
                    });
                }
                Special::SmiteEvil { resource } => {
                    out.smite = Some(Smite {
                        resource,
                        cha: c.abilities().modifier(crate::model::Ability::Cha).max(0),
                        level: c.level().max(1) as i32,
                    });
                }
                Special::Grit { resource } => {
                    let wis = c.abilities().modifier(crate::model::Ability::Wis).max(1);
                    out.gun.get_or_insert_default().grit = Some((resource, wis as u32));
                }
                Special::RebukeDeath { resource } => {
                    let bonus = (c.level() / 2) as i32;
                    out.rebuke = Some(Rebuke { resource, bonus });
                }
                Special::ArcanePool { resource, amount } => out.pool = Some((resource, amount)),
                Special::SpellCombat => out.spell_combat = true,
                Special::Touch {
                    kind,
                    resource,
                    level,
                } => out.touches[kind as usize] = Some((resource, level)),
                Special::LifeSight { range_ft, rounds } => {
                    out.life_sight = Some((range_ft, rounds));
                }
                Special::PowerOverUndead {
                    resource,
                    dc,
                    level,
                } => out.undead_power = Some((resource, dc, level)),
                Special::Berserk => out.berserk = true,
                Special::ForceMissile { resource, damage } => {
                    out.missile = Some((resource, damage));
                }
                Special::Misfire { attack, value } => {
                    let line = attack.min(255) as u8;
                    out.gun.get_or_insert_default().misfire = Some((line, value));
                }
                Special::PistolWhip { attack, firearm } => {
                    let lines = (attack.min(255) as u8, firearm.min(255) as u8);
                    out.gun.get_or_insert_default().whip = Some(lines);
                }
                Special::Hex { kind, dc } => {
                    let hexes = out.hexes.get_or_insert(Hexes {
                        level: c.level().clamp(1, 40) as u8,
                        caster_level: c.caster_level().clamp(1, 40) as u8,
                        int: c
                            .abilities()
                            .modifier(crate::model::Ability::Int)
                            .clamp(-5, 20) as i8,
                        ..Hexes::default()
                    });
                    hexes.known |= 1 << kind as u8;
                    match kind {
                        HexKind::Slumber => hexes.slumber_dc = dc,
                        HexKind::EvilEye => hexes.evil_eye_dc = dc,
                        HexKind::Misfortune => hexes.misfortune_dc = dc,
                        HexKind::Healing | HexKind::Cackle => {}
                    }
                }
                _ => {}
            }
        }
        out
    }

    /// Some ability changes the numbers of an attack by whom it is aimed at (favored enemy,
    /// smite evil): `edge`'s hook looks further.
    pub fn edges(&self) -> bool {
        self.favored.is_some()
            || self.smite.is_some()
            || self.courage.is_some()
            || self.guards & (guard::DEFENSIVE_TRAINING | guard::COURAGE_AURA) != 0
            || self.hexes.is_some_and(|h| h.knows(HexKind::EvilEye))
            || self.pool.is_some()
    }

    /// The standing modifiers these abilities add to the stat block's (bravery's).
    pub fn modifiers(&self) -> impl Iterator<Item = Modifier> {
        (self.bravery > 0)
            .then(|| {
                Modifier::when(
                    Stat::Will,
                    BonusType::Untyped,
                    i32::from(self.bravery),
                    When::Descriptor(Descriptor::Fear),
                )
            })
            .into_iter()
    }
}

/// What a unit's class abilities hold during one fight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassState {
    /// Rounds of rage left in its resource.
    pub rage_left: u32,
    pub raging: bool,
    /// Rounds spent in the current rage.
    pub raged: u32,
    /// Hit points the current rage granted (0 when not raging).
    pub rage_hp: i32,
    /// Uses of smite evil left.
    pub smite_left: u32,
    /// The evil creature it smites (a unit index), until it dies.
    pub smiting: Option<u8>,
    /// Uses of lay on hands left.
    pub hands_left: u32,
    /// Rounds of bardic performance left.
    pub perform_left: u32,
    /// Inspiring courage.
    pub performing: bool,
    /// Grit points left.
    pub grit: u32,
    /// Its firearm was broken by a misfire (quick clear mends it).
    pub misfired: bool,
    /// The round of its last gunslinger's dodge (0: none).
    pub dodged: u32,
    /// Uses of rebuke death left.
    pub rebuke_left: u32,
    /// The hexes that marked it this fight (bits of `hex`: slumbered, healed).
    pub hex_marks: u8,
    /// « Evil Eye »: −2 on its attack rolls until the start of this round (0: none).
    pub evil_eye_until: u32,
    /// The witch whose evil eye it bears (a unit index): her cackle extends it.
    pub evil_eye_by: u8,
    /// Uses of force missile left.
    pub missiles_left: u32,
    /// Arcane pool points left.
    pub pool_left: u32,
    /// Its weapon's arcane pool bonus lasts until the start of this round (0: none).
    pub pool_until: u32,
    /// « Improved Lightning Reflexes » used this fight (`fight::checks`).
    pub reflex_rerolled: bool,
    /// « Misfortune »: it rolls its d20s twice and takes the worse until the start of this
    /// round (0: none; `Fight::unlucky`).
    pub misfortune_until: u32,
    /// The witch whose misfortune it bears (a unit index): her cackle extends it.
    pub misfortune_by: u8,
    /// « CRB — Cleave »: −2 AC until the start of its next turn.
    pub cleaved: bool,
    /// « CRB — Channel Smite »: a channel use rides on its next melee attack.
    pub smite_channel: bool,
    /// « UM — Magus — Spell Combat »: inside the action, its attack rolls (the spell's touch
    /// too) take −2.
    pub spell_combat: bool,
    /// Uses left of each touch power (by [`TouchKind`]).
    pub touches_left: [u32; 3],
    /// « Bleeding Touch »: turns it still takes 1d6 at their start.
    pub touch_bleed: u8,
    /// Rounds of life sight left, and the round its sight lasts until (0: none).
    pub sight_left: u32,
    pub sight_until: u32,
    /// Uses of power over undead left.
    pub command_left: u32,
    /// « Berserk »: rounds it has been in combat (the chance in percent), and gone berserk.
    pub berserk_chance: u32,
    pub berserk: bool,
}

impl ClassState {
    /// Something lasts from turn to turn (a rage, a performance): the turn's one test.
    #[inline]
    pub fn ongoing(&self) -> bool {
        self.raging || self.performing
    }

    /// The state at the start of a fight: the resources of `c` untouched.
    pub fn new(c: &Combatant, abilities: &ClassAbilities) -> ClassState {
        let amount = |k: u8| c.resources().get(usize::from(k)).map_or(0, |r| r.1);
        ClassState {
            rage_left: abilities.rage.map_or(0, |r| amount(r.resource)),
            smite_left: abilities.smite.map_or(0, |s| amount(s.resource)),
            hands_left: abilities.hands.map_or(0, |h| amount(h.resource)),
            perform_left: abilities
                .courage
                .map_or(0, |_| amount(abilities.courage_resource)),
            grit: (abilities.gun)
                .and_then(|g| g.grit)
                .map_or(0, |(k, _)| amount(k)),
            rebuke_left: abilities.rebuke.map_or(0, |r| amount(r.resource)),
            missiles_left: abilities.missile.map_or(0, |(k, _)| amount(k)),
            pool_left: abilities.pool.map_or(0, |(k, _)| amount(k)),
            touches_left: abilities.touches.map(|t| t.map_or(0, |(k, _)| amount(k))),
            sight_left: abilities.life_sight.map_or(0, |(_, r)| u32::from(r)),
            command_left: abilities.undead_power.map_or(0, |(k, _, _)| amount(k)),
            ..ClassState::default()
        }
    }
}
