//! Standing class and racial defences read from a stat block's `features` lines (the words of
//! the line, as « Evasion » is read): « CRB — Dwarf — Defensive Training » (+4 dodge bonus to
//! AC against creatures of the giant subtype), « Stability » (+4 racial bonus to CMD against a
//! bull rush or trip while standing on the ground), « Barbarian — Uncanny Dodge » (never
//! flat-footed, keeps its Dexterity bonus against an invisible attacker; still loses it when
//! immobilized), « Paladin — Aura of Courage » (allies within 10 feet get +4 morale on saves
//! against fear while the paladin is conscious; its own immunity is the file's `immunities`
//! entry `fear`), « Paladin — Mercy (fatigued) » (lay on hands also ends fatigued). Owns
//! the flags and the numbers they add; the hooks that read them are the attack's, the CMD's,
//! the save's and lay on hands'.

use crate::model::Combatant;
use crate::rules::maneuver::Maneuver;
use crate::rules::{BonusType, Condition, Context, Descriptor, Stat, flag};

use super::super::state::{Fight, Life};
use crate::model::features::feature_is;

/// « Defensive Training »: +4 dodge AC against giants.
pub const DEFENSIVE_TRAINING: u8 = 1;
/// « Stability »: +4 CMD against bull rush and trip.
pub const STABILITY: u8 = 2;
/// « Uncanny Dodge ».
pub const UNCANNY_DODGE: u8 = 4;
/// « Aura of Courage ».
pub const COURAGE_AURA: u8 = 8;
/// « Mercy (fatigued) ».
pub const MERCY_FATIGUED: u8 = 16;
/// « Ranger — Favored Terrain (TERRAIN +N) ».
pub const FAVORED_TERRAIN: u8 = 32;

/// The defences of `c`'s `features` lines.
pub fn guards_of(c: &Combatant) -> u8 {
    let mut out = 0;
    for line in c.features() {
        let named = |w: &str| feature_is(line, w);
        if named("defensive training") {
            out |= DEFENSIVE_TRAINING;
        } else if named("stability") {
            out |= STABILITY;
        } else if named("uncanny dodge") {
            out |= UNCANNY_DODGE;
        } else if named("aura of courage") {
            out |= COURAGE_AURA;
        } else if line.trim().eq_ignore_ascii_case("mercy (fatigued)") {
            out |= MERCY_FATIGUED;
        } else if favored_terrain(line).is_some() {
            out |= FAVORED_TERRAIN;
        }
    }
    out
}

/// The terrain and bonus of a « Favored Terrain (forest +2) » line.
pub fn favored_terrain(line: &str) -> Option<(&str, i32)> {
    if !feature_is(line, "favored terrain") {
        return None;
    }
    let inner = line.split_once('(')?.1.split_once(')')?.0;
    let (terrain, bonus) = inner.rsplit_once('+')?;
    Some((terrain.trim(), bonus.trim().parse().ok()?))
}

impl Fight<'_> {
    /// « Ranger — Favored Terrain »: its bonus on initiative when `u` starts the fight on a
    /// square of that terrain (the map legend's `type`, « forest »), the best of its lines.
    pub(crate) fn terrain_initiative(&self, u: usize) -> i32 {
        let here = &self.scenario.map().terrain_at(self.units[u].pos).kind;
        (self.combatant(u).features().iter())
            .filter_map(|l| favored_terrain(l))
            .filter(|(t, _)| t.eq_ignore_ascii_case(here))
            .map(|(_, n)| n)
            .max()
            .unwrap_or(0)
    }

    /// `u` has the defence `bit`.
    #[inline]
    pub(crate) fn guarded(&self, u: usize, bit: u8) -> bool {
        self.info[u].traits.class.guards & bit != 0
    }

    /// « Defensive Training »: +4 dodge AC for `t` against `a` of the giant subtype, lost
    /// with its Dexterity bonus (« CRB — Dodge Bonuses »).
    pub(crate) fn defensive_training(&self, a: usize, t: usize, melee: bool) -> i32 {
        let giant = (self.combatant(a).subtypes().iter()).any(|s| s.eq_ignore_ascii_case("giant"));
        if giant && self.guarded(t, DEFENSIVE_TRAINING) && !self.denied_dex(a, t, melee) {
            4
        } else {
            0
        }
    }

    /// « Stability »: +4 on `t`'s CMD against a bull rush or a trip (every creature here
    /// stands on the ground).
    pub(crate) fn stability(&self, t: usize, kind: Maneuver) -> i32 {
        let resisted = matches!(kind, Maneuver::BullRush | Maneuver::Trip);
        if resisted && self.guarded(t, STABILITY) {
            4
        } else {
            0
        }
    }

    /// « Uncanny Dodge »: `t` is denied its Dexterity bonus only by what is not being
    /// flat-footed or facing an invisible attacker (stunned, blinded, helpless…), or by
    /// running without Run.
    pub(crate) fn uncanny_denied(&self, t: usize) -> bool {
        let conds = &self.units[t].conds;
        let by_condition = conds
            .iter()
            .any(|c| c != Condition::FlatFooted && c.definition().flags & flag::DENIES_DEX != 0);
        by_condition || (self.units[t].running && !self.info[t].has(crate::rules::Feat::Run))
    }

    /// « Aura of Courage »: +4 morale on `u`'s save `stat` against fear from a conscious ally
    /// (not itself) with the aura within 10 feet, over the morale bonuses it has.
    pub(crate) fn courage_aura_save(&self, u: usize, stat: Stat, ctx: &Context) -> i32 {
        if !ctx.descriptors.contains(Descriptor::Fear) {
            return 0;
        }
        let side = self.info[u].side;
        let near = (0..self.units.len()).any(|b| {
            b != u
                && self.info[b].side == side
                && self.guarded(b, COURAGE_AURA)
                && matches!(self.units[b].life(), Life::Up | Life::Staggered)
                && self.distance_ft(u, b) <= 10
        });
        if near {
            self.class_gain(u, (stat, None), ctx, (BonusType::Morale, 4))
        } else {
            0
        }
    }
}
