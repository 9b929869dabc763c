//! The spell questions a policy asks through the [`View`] (the reference spec, « Incantation »:
//! what a casting policy weighs): what `me` can cast now — spells, slots, copies, metamagic —,
//! whether a cast is legal as aimed (range, line of effect, target), who an area would catch,
//! the save DC and a target's save bonus, spell resistance odds, the expected damage of a spell
//! on a creature, immunities, the active effects on a unit, a held charge and a pending cast.
//! Each answers from the fight as it stands, rolls nothing and allocates nothing (callers hand
//! in their buffers); every probability is an integer (percent, or hundredths of hit points).

use crate::area::{Template, covered};
use crate::rules::effect::Effect;
use crate::spell::{Spell, SpellId};
use crate::vocab::{DamageCategory, DamageType};

use super::super::action::{Action, CastTarget, Metamagics};
use super::super::cast::Aimed;
use super::super::cast::caster::AT_WILL;
use super::super::numbers::Swing;
use super::super::unit::UnitId;
use super::View;

/// A spell `me` can cast now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Castable {
    pub spell: SpellId,
    /// Its level on `me`'s list.
    pub level: u8,
    /// The slot a plain casting takes (`None`: a cantrip).
    pub slot: Option<u8>,
    /// Prepared copies left (`None`: the caster casts freely from its slots).
    pub copies: Option<u8>,
}

/// An active effect on a unit, as a policy sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ActiveSpell {
    pub spell: SpellId,
    pub caster: UnitId,
    /// Rounds left (`u32::MAX`: the whole fight).
    pub rounds: u32,
}

impl<'f> View<'f> {
    /// The spell `id` of the scenario's catalogue.
    #[inline]
    pub fn spell(&self, id: SpellId) -> &'f Spell {
        self.fight.spell(id)
    }

    /// `me` is a spellcaster.
    #[inline]
    pub fn is_caster(&self, me: UnitId) -> bool {
        self.fight.info[me.index()].caster.is_some()
    }

    /// The spells `me` can cast now without metamagic, in its file's order.
    pub fn castable(&self, me: UnitId) -> impl Iterator<Item = Castable> + 'f {
        let fight = self.fight;
        let u = me.index();
        let caster = fight.info[u].caster.as_deref();
        let known = caster.map_or(&[][..], |c| &c.known[..]);
        known.iter().enumerate().filter_map(move |(k, spell)| {
            let c = caster?;
            let state = fight.magic.casters.get(u)?;
            let choice = c.choose_slot(state, k, Metamagics::NONE).ok()?;
            // A spell-like ability of a few uses costs the policy as a slot of its level.
            let limited = choice.sla.is_some_and(|i| state.sla_left[i] != AT_WILL);
            Some(Castable {
                spell: spell.id,
                level: spell.level,
                slot: if limited {
                    Some(spell.level)
                } else {
                    choice.slot
                },
                copies: (c.copies.as_ref())
                    .filter(|_| !c.is_sla(k))
                    .map(|_| state.copies[k]),
            })
        })
    }

    /// Free slots of `me` per spell level (all 0 for a non-caster).
    pub fn free_slots(&self, me: UnitId) -> [u8; 10] {
        (self.fight.magic.casters.get(me.index())).map_or([0; 10], |c| c.slots)
    }

    /// The metamagic feats `me` may apply.
    pub fn metamagic_feats(&self, me: UnitId) -> Metamagics {
        (self.fight.info[me.index()].caster.as_deref()).map_or(Metamagics::NONE, |c| c.metamagic)
    }

    /// The cast action of `spell` at `target` (its casting time filled in).
    pub fn cast_action(
        &self,
        spell: SpellId,
        target: CastTarget,
        metamagic: Metamagics,
        defensively: bool,
    ) -> Action {
        Action::Cast {
            spell,
            target,
            time: self.spell(spell).casting_time(),
            metamagic,
            defensively,
        }
    }

    /// Whether `me` may cast `action` now: `Ok` or the reason the engine would refuse it
    /// (`out_of_range`, `no_line_of_effect`, `invalid_target`, `no_slot`…).
    pub fn check_cast(&self, me: UnitId, action: Action) -> Result<(), &'static str> {
        self.fight.plan_cast(me.index(), action).map(|_| ())
    }

    /// The creatures the area of `me`'s cast `action` would catch (before their filter and
    /// side), into `out`, in unit order; nothing for a spell without an area or a refused cast.
    pub fn area_catches(&self, me: UnitId, action: Action, out: &mut Vec<UnitId>) {
        out.clear();
        let fight = self.fight;
        let Ok(plan) = fight.plan_cast(me.index(), action) else {
            return;
        };
        let (Aimed::Area { origin, aim }, Some(area)) =
            (plan.aimed, fight.spell(plan.spell).area())
        else {
            return;
        };
        let template = Template::from_feet(area.shape, area.size_ft, fight.map.square_size_ft());
        let mut squares = fight.magic.area.borrow_mut();
        covered(fight.map, template, origin, aim, &mut squares);
        for t in 0..fight.units.len() {
            if fight.present(t) && squares.caught(fight.units[t].pos, fight.info[t].size) {
                out.push(UnitId::of(t));
            }
        }
    }

    /// The save DC of `me`'s `spell` (`None` without a save or when `me` does not know it).
    pub fn save_dc(&self, me: UnitId, spell: SpellId) -> Option<i32> {
        let caster = self.fight.info[me.index()].caster.as_deref()?;
        let (k, known) = caster.known(spell)?;
        let s = self.spell(spell);
        s.save()?;
        Some(caster.dc_of(k, known.level, s.school()))
    }

    /// `t`'s save bonus against `caster`'s `spell` (its typed modifiers in the spell's
    /// context), or `None` when the spell has no save.
    pub fn spell_save_bonus(&self, caster: UnitId, spell: SpellId, t: UnitId) -> Option<i32> {
        let s = self.spell(spell);
        let save = s.save()?;
        let ctx = self.fight.spell_context(caster.index(), s);
        Some(self.fight.save_bonus(t.index(), save.save, &ctx))
    }

    /// The chance in percent that `me`'s `spell` overcomes `t`'s spell resistance, or `None`
    /// when SR does not apply (the spell allows none, `t` has none, or is willing).
    pub fn spell_resistance_odds(&self, me: UnitId, spell: SpellId, t: UnitId) -> Option<u32> {
        let fight = self.fight;
        let s = fight.spell(spell);
        let sr = fight.combatant(t.index()).spell_resistance() as i32;
        if !s.spell_resistance() || sr == 0 || fight.willing(me.index(), t.index(), s) {
            return None;
        }
        let bonus = fight.caster_level(me.index()) as i32
            + (fight.info[me.index()].caster.as_ref()).map_or(0, |c| c.penetration);
        Some(((21 + bonus - sr).clamp(0, 20) * 5) as u32)
    }

    /// `t` is immune to the whole of `spell` (mind-affecting on undead…).
    pub fn immune_to(&self, t: UnitId, spell: SpellId) -> bool {
        self.fight.immune_to_spell(self.spell(spell), t.index())
    }

    /// The expected damage of `me`'s `spell` with `metamagic` on `t`, in hundredths of hit
    /// points: its damage effects (and the cure/inflict swap) at `me`'s caster level, times
    /// the projectiles, the attack roll's odds for a touch spell or ray, spell resistance, the
    /// save (negates, half, partial, evasion), resistance and immunity per component; 0 for a
    /// spell `t` is immune to.
    pub fn expected_damage_x100(
        &self,
        me: UnitId,
        spell: SpellId,
        t: UnitId,
        metamagic: Metamagics,
    ) -> i64 {
        let fight = self.fight;
        let (u, target) = (me.index(), t.index());
        let s = fight.spell(spell);
        if fight.immune_to_spell(s, target) {
            return 0;
        }
        let cl = fight.caster_level(u);
        let numbers = metamagic.numbers();
        let defender = fight.combatant(target);
        let mut full_x2 = 0i64;
        for d in s.effects() {
            let (amount, types) = match &d.effect {
                Effect::Damage { amount, types } => (amount, *types),
                Effect::Heal { amount, energy } if fight.effect_harms(&d.effect, target) => {
                    let kind = match energy {
                        crate::rules::effect::Energy::Positive => DamageType::Positive,
                        crate::rules::effect::Energy::Negative => DamageType::Negative,
                    };
                    (amount, [kind].into_iter().collect())
                }
                _ => continue,
            };
            if !fight.effect_harms(&d.effect, target) {
                continue;
            }
            // « CRB — Immunity »: nothing when immune to each real type (`rules::damage`).
            let mut real = types.iter().filter(|t| t.category() != DamageCategory::Tag);
            if real.all(|t| defender.immunities().to_damage(t)) {
                continue;
            }
            let resist = (types.iter())
                .filter(|t| t.is_resistible())
                .map(|t| defender.resistance(t) as i64)
                .max()
                .unwrap_or(0);
            let mean_x2 = i64::from(amount.at_level(cl).mean_x2_with(numbers));
            full_x2 += (mean_x2 - 2 * resist).max(0);
        }
        if full_x2 == 0 {
            return 0;
        }
        let projectiles = i64::from(s.projectiles().mean_x2(cl).max(2)) / 2;
        let hit = self.spell_hit_percent(u, target, s);
        let sr = self
            .spell_resistance_odds(me, spell, t)
            .map_or(100, i64::from);
        let kept = self.save_kept_x10000(me, spell, t);
        // Twice the damage × percent × percent × ten-thousandths, back to hundredths.
        full_x2 * projectiles * hit * sr * kept / 2_000_000
    }

    /// Percent chance that `u`'s touch or ray hits `t` (100 without an attack roll).
    pub(super) fn spell_hit_percent(&self, u: usize, t: usize, s: &Spell) -> i64 {
        let fight = self.fight;
        let Some(kind) = s.attack() else {
            return 100;
        };
        if fight.willing(u, t, s) {
            return 100;
        }
        let melee = kind == crate::spell::vocab::SpellAttack::MeleeTouch;
        let weapon = fight.touch_weapon(u, melee);
        let Some(n) = fight.numbers_with(u, t, &weapon, Some(s.name()), Swing::default(), 0) else {
            return 0;
        };
        let hits = i64::from((21 + n.bonus - n.ac).clamp(1, 19));
        hits * 5 * i64::from(100 - n.miss_chance) / 100
    }

    /// Ten-thousandths of the damage `t` keeps after its save against `me`'s `spell` (10,000
    /// without a save): the chance to fail times all, plus the chance to succeed times what a
    /// success keeps (half, none, the partial effects' damage counted as half; evasion).
    fn save_kept_x10000(&self, me: UnitId, spell: SpellId, t: UnitId) -> i64 {
        use crate::spell::vocab::SaveOutcome;
        let s = self.spell(spell);
        let (Some(save), Some(dc), Some(bonus)) = (
            s.save(),
            self.save_dc(me, spell),
            self.spell_save_bonus(me, spell, t),
        ) else {
            return 10_000;
        };
        // Natural 1 fails and natural 20 succeeds.
        let succeed = i64::from((21 + bonus - dc).clamp(1, 19)) * 5;
        let fail = 100 - succeed;
        let evasion = self.fight.info[t.index()].evasion;
        let reflex_half =
            save.save == crate::rules::Save::Reflex && save.on_success == SaveOutcome::Half;
        let (on_success, on_failure) = match (save.on_success, evasion) {
            (SaveOutcome::Half, super::super::unit::Evasion::Improved) if reflex_half => (0, 50),
            (SaveOutcome::Half, super::super::unit::Evasion::Plain) if reflex_half => (0, 100),
            (SaveOutcome::Half, _) => (50, 100),
            (SaveOutcome::Negates | SaveOutcome::Disbelief, _) => (0, 100),
            (SaveOutcome::Partial, _) => (50, 100),
            (SaveOutcome::NoEffect, _) => (100, 100),
        };
        succeed * on_success + fail * on_failure
    }

    /// The active spell effects on `u` (one per primitive), in the order they arrived.
    pub fn active_effects(&self, u: UnitId) -> impl Iterator<Item = ActiveSpell> + 'f {
        let effects = self.fight.magic.effects.get(u.index());
        effects
            .into_iter()
            .flat_map(|e| e.iter())
            .map(|a| ActiveSpell {
                spell: a.spell,
                caster: UnitId::of(usize::from(a.caster)),
                rounds: a.rounds,
            })
    }

    /// `u` carries an effect of `spell` (to avoid casting a buff twice).
    pub fn has_effect_of(&self, u: UnitId, spell: SpellId) -> bool {
        self.active_effects(u).any(|a| a.spell == spell)
    }

    /// The touch spell `me` holds the charge of, and its target.
    pub fn held_charge(&self, me: UnitId) -> Option<(SpellId, UnitId)> {
        let held = self.fight.magic.casters.get(me.index())?.held?;
        Some((held.plan.spell, UnitId::of(held.target)))
    }

    /// The spell of one round's casting time `me` is casting (it goes off at the start of its
    /// next turn).
    pub fn pending_cast(&self, me: UnitId) -> Option<SpellId> {
        let pending = self.fight.magic.casters.get(me.index())?.pending?;
        Some(pending.plan.spell)
    }

    /// `u` is on the battlefield (a summoned creature not yet summoned, or gone, is not).
    #[inline]
    pub fn present(&self, u: UnitId) -> bool {
        !self.fight.units[u.index()].absent
    }
}
