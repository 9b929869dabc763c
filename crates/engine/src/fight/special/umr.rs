//! The attack-shaped Universal Monster Rules of a combatant, compiled once per batch into a
//! small `Copy` value ([`Umr`], in [`super::Specials`]), and what a fight remembers of them per
//! unit ([`UmrState`], in `UnitState::umr`). What the rules do is `hit` (rend, rock catching,
//! a head severed), `charge` (pounce, powerful charge), `drain` (energy drain) and `hydra`
//! (heads as attacks, heads regrown); their simplifications are listed in `super`.

use crate::model::features::feature_is;
use crate::model::special::Roll;
use crate::model::{Combatant, Special};

/// « Bestiary — Rend »: the attack whose two hits on one target rend, and the damage.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rend {
    pub attack: usize,
    pub damage: Roll,
}

/// « Bestiary — Hydra »: the bite of each head, the starting heads and a head's hit points
/// (the hydra's HD).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Heads {
    pub attack: usize,
    pub start: u8,
    pub head_hp: u32,
}

/// A combatant's attack-shaped monster rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Umr {
    /// It has one of the rules `strike` consults after a hit (rend, rock throwing, hydra
    /// heads, rock catching): the one branch a hit pays.
    pub on_hit: bool,
    pub rend: Option<Rend>,
    /// « Bestiary — Pounce ».
    pub pounce: bool,
    /// « Bestiary — Rake »: the attack made only as rake attacks.
    pub rake: Option<usize>,
    /// « Bestiary — Powerful Charge »: the attack and its charge damage.
    pub powerful_charge: Option<(usize, Roll)>,
    pub heads: Option<Heads>,
    /// « Bestiary — Rock Throwing »: the ranged attack that throws rocks.
    pub rock: Option<usize>,
    /// « Bestiary — Rock Catching ».
    pub rock_catching: bool,
    /// « Bestiary — All-Around Vision »: cannot be flanked.
    pub all_around: bool,
    /// « Bestiary — Trample »: the damage and the Reflex DC.
    pub trample: Option<(Roll, u8)>,
    /// « Bestiary — Scent », read from its `features` line: it pinpoints a creature within
    /// 5 feet.
    pub scent: bool,
    /// « Bestiary — Golem — Immunity to Magic »: immune to spells that allow spell
    /// resistance.
    pub magic_immune: bool,
}

impl Umr {
    /// The rules of `c`'s `specials`.
    pub fn of(c: &Combatant) -> Umr {
        let mut out = Umr::default();
        for e in c.specials() {
            match e.special {
                Special::Rend { attack, damage } => out.rend = Some(Rend { attack, damage }),
                Special::Pounce => out.pounce = true,
                Special::Rake { attack } => out.rake = Some(attack),
                Special::PowerfulCharge { attack, damage } => {
                    out.powerful_charge = Some((attack, damage));
                }
                Special::HydraHeads { attack, amount } => {
                    out.heads = Some(Heads {
                        attack,
                        start: c.attacks()[attack].count().min(16) as u8,
                        head_hp: amount,
                    });
                }
                Special::RockThrowing { attack } => out.rock = Some(attack),
                Special::RockCatching => out.rock_catching = true,
                Special::AllAroundVision => out.all_around = true,
                Special::ImmunityToMagic => out.magic_immune = true,
                Special::Trample { damage, dc } => out.trample = Some((damage, dc)),
                _ => {}
            }
        }
        out.scent = (c.features().iter()).any(|l| feature_is(l, "scent"));
        out.on_hit =
            out.rend.is_some() || out.heads.is_some() || out.rock.is_some() || out.rock_catching;
        out
    }
}

/// What a fight remembers of a unit's monster rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct UmrState {
    /// Rend: the round, target (plus one) and number of its hits with the rend attack so far.
    pub rend_hits: (u32, u8, u8),
    /// Rend: the round it last rent (0: never).
    pub rent_round: u32,
    /// Rock catching: the round it last tried to catch a rock (0: never).
    pub catch_round: u32,
    /// Hydra: heads it bites with now.
    pub heads: u8,
    /// Hydra: heads growing back, and the round they appear.
    pub regrowing: u8,
    pub regrow_round: u32,
    /// Hydra: stumps seared by fire or acid (they grow nothing).
    pub seared: u8,
    /// Knockout poison: doses spent.
    pub doses_spent: u8,
}

impl UmrState {
    /// The state a unit with `umr` starts a fight with.
    pub fn start(umr: &Umr) -> UmrState {
        UmrState {
            heads: umr.heads.map_or(0, |h| h.start),
            ..UmrState::default()
        }
    }
}
