//! The attack roll of a touch spell or a ray (« CRB — Cast a Spell — Touch Spells in Combat »,
//! « Ranged Touch Attacks », « Critical Hits »; the reference spec, « Incantation »): a melee
//! touch is d20 + BAB + Strength modifier, a ranged touch d20 + BAB + Dexterity modifier,
//! against touch AC — with the attack's usual numbers (`numbers`: cover, flanking in melee,
//! higher ground, shooting into melee, a helpless or invisible edge, typed modifiers) and no
//! range increment penalty. A natural 20 threatens a critical hit only for a spell that deals
//! damage (no confirmation die is rolled otherwise); concealment's d100 follows a hit, and
//! mirror images may take it (`effects::hooks`). Simplified: Weapon Finesse and size do not
//! change a touch attack. Owns the roll; what the spell then does is `resolve`'s.

use crate::model::{Ability, DamageTypes};
use crate::rng::Roller;
use crate::rules::Feat;
use crate::spell::Spell;
use crate::spell::vocab::SpellAttack;

use super::super::effects::Wards;
use super::super::numbers::Swing;
use super::super::state::Fight;
use super::super::unit::Weapon;
use super::text::{D20, say};

/// What a spell's attack roll did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SpellHit {
    pub hit: bool,
    pub crit: bool,
}

impl Fight<'_> {
    /// The touch « weapon » of `a`'s spell: melee (reach: its natural reach) or ranged (no
    /// increment, any range: the spell's range was checked when it was aimed).
    pub(crate) fn touch_weapon(&self, a: usize, melee: bool) -> Weapon {
        let abilities = self.combatant(a).abilities();
        let ability = if melee { Ability::Str } else { Ability::Dex };
        Weapon {
            index: 0,
            melee,
            touch: true,
            firearm: false,
            natural: false,
            two_handed: false,
            bonus: self.info[a].bab + abilities.modifier(ability),
            threat_start: 20,
            crit_mult: 2,
            count: 1,
            // A touch spell rolls the spell's damage, never a weapon's average.
            avg_damage_x2: 0,
            reach_min_ft: 0,
            reach_max_ft: self.combatant(a).natural_reach_ft().max(5),
            increment_ft: 0,
            max_range_ft: u32::MAX,
            dealt: DamageTypes::new(),
            nonlethal: false,
            rider: None,
        }
    }

    /// Rolls `a`'s touch attack or ranged touch attack with `spell` on `t`; a spell that
    /// damages `t` threatens critical hits. Writes « melee touch d20=… vs AC N -> HIT » into
    /// `text`.
    pub(crate) fn spell_attack<R: Roller, S: super::super::log::Sink>(
        &mut self,
        a: usize,
        t: usize,
        spell: &Spell,
        dice: &mut R,
        text: &mut String,
    ) -> SpellHit {
        let melee = spell.attack() == Some(SpellAttack::MeleeTouch);
        let damaging = self.damaging(spell, t);
        self.touch_roll::<R, S>((a, t), (melee, damaging, spell.name()), dice, text)
    }

    /// Rolls `a`'s touch attack (`melee`) or ranged touch attack on `t` for the effect called
    /// `name`; one that deals damage (`damaging`) threatens critical hits (« CRB — Touch
    /// Spells in Combat »; a touch power is made the same way). Writes its text into `text`.
    pub(crate) fn touch_roll<R: Roller, S: super::super::log::Sink>(
        &mut self,
        (a, t): (usize, usize),
        (melee, damaging, name): (bool, bool, &str),
        dice: &mut R,
        text: &mut String,
    ) -> SpellHit {
        let weapon = self.touch_weapon(a, melee);
        let kind = if melee { "melee touch" } else { "ranged touch" };
        // « UM — Magus — Spell Combat »: the spell's attack roll takes the penalty too.
        let swing = Swing {
            penalty: if self.units[a].class.spell_combat {
                super::super::class::SPELL_COMBAT_PENALTY
            } else {
                0
            },
            ..Swing::default()
        };
        let Some(n) = self.numbers_with(a, t, &weapon, Some(name), swing, 0) else {
            say!(S, text, "{kind}: total cover -> MISS");
            return SpellHit {
                hit: false,
                crit: false,
            };
        };
        let nat = self.attack_d20(a, dice);
        let total = nat as i32 + n.bonus;
        let hit = nat != 1 && (nat == 20 || total >= n.ac);
        let roll = D20 {
            roll: nat,
            bonus: n.bonus,
            total,
        };
        say!(S, text, "{kind} {roll} vs AC {}", n.ac);
        let mirrored = self.units[t].wards.has(Wards::MIRROR);
        if !hit {
            say!(S, text, " -> MISS");
            if mirrored {
                self.mirror_near_miss::<S>(a, t, total, n.ac, text);
            }
            return SpellHit {
                hit: false,
                crit: false,
            };
        }
        let mut crit = false;
        say!(S, text, " -> HIT");
        if damaging && nat == 20 {
            let c = self.attack_d20(a, dice);
            let c_total = c as i32 + n.bonus;
            crit = c != 1 && (c == 20 || c_total >= n.ac);
            let confirm = D20 {
                roll: c,
                bonus: n.bonus,
                total: c_total,
            };
            if crit {
                say!(S, text, " CRIT (confirm {confirm})");
            } else {
                say!(S, text, " (threat, confirm {confirm} fails)");
            }
        }
        if n.miss_chance > 0 {
            let miss = u32::from(n.miss_chance);
            let mut roll = dice.d100();
            let blind_fight = melee && self.info[a].has(Feat::BlindFight);
            if roll <= miss && blind_fight {
                roll = dice.d100();
                say!(S, text, ", Blind-Fight reroll");
            }
            say!(S, text, " (concealment {miss}% d100={roll})");
            if roll <= miss {
                say!(S, text, " -> MISS");
                return SpellHit {
                    hit: false,
                    crit: false,
                };
            }
        }
        if mirrored && !self.mirror_on_hit::<R, S>(a, t, dice, text) {
            return SpellHit {
                hit: false,
                crit: false,
            };
        }
        SpellHit { hit: true, crit }
    }
}
