//! Actions: what a policy may ask for and what it costs ([`cost`]), the action economy that
//! keeps what fits a turn ([`budget`]), the words of a cast ([`spell`]), and [`Fight::act`],
//! which carries out one kept action through its family — attacks ([`attack`]), movement
//! ([`movement`], [`approach`]), the coup de grâce ([`finish`]), stances ([`stance`]),
//! casting (`fight::cast`), combat manoeuvres ([`maneuver`]), weapons picked up, drawn,
//! sheathed or mended ([`weapons`]), the tactical actions ([`tactical`]: delay, ready, aid
//! another), hiding ([`stealth`]) and tumbling ([`acrobatics`]) — and says what became of it.
//! Owns the dispatch from an action to its family; never decides which action to take (a
//! policy does) or when (the turn loop, `turn`).

mod acrobatics;
mod approach;
mod attack;
pub mod budget;
pub mod cost;
mod feats;
mod finish;
pub mod maneuver;
mod movement;
pub mod spell;
mod stance;
mod stealth;
pub mod tactical;
mod weapons;

pub use budget::{ActionResult, Limits, MAX_PLAN, MAX_RESULTS, Plan};
pub use cost::{Action, Cost, Movement, Provokes, Slot};
pub use spell::{CastTarget, MetamagicKind, Metamagics};
pub use tactical::{AidMode, Event, Events, Readied, ReadyAim, Trigger};

use crate::board::Pos;
use crate::rng::Roller;

use super::log::Sink;
use super::state::Fight;

/// Reusable per-batch scratch for actions: the path a movement action plans and walks.
pub struct Scratch {
    path: Vec<Pos>,
}

impl Default for Scratch {
    /// Room for a path of 64 squares from the start, as the fight's own path scratch: a
    /// warm fight does not allocate because a path is longer than any before it.
    fn default() -> Self {
        Scratch {
            path: Vec::with_capacity(64),
        }
    }
}

impl Fight<'_> {
    /// Carries out one kept action of `u`; what became of it (a cast may be refused: see
    /// `fight::cast`; every other action is carried out as far as the battlefield allows).
    #[inline(always)]
    pub fn act<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        if let Some(presence) = self.info[u].traits.specials.areas.presence
            && matches!(
                action,
                Action::Attack { .. } | Action::FullAttack { .. } | Action::Charge { .. }
            )
        {
            self.decision_outdated();
            self.frightful_presence(u, presence, dice, sink);
        }
        match action {
            Action::Attack { target } => self.attack(u, target.index(), dice, sink),
            Action::FullAttack { target } => self.full_attack(u, target.index(), dice, sink),
            Action::Move { target } => self.move_action(u, target.index(), scratch, dice, sink),
            Action::Approach { target, within_ft } => {
                self.move_near(u, target.index(), u32::from(within_ft), scratch, dice, sink)
            }
            Action::FiveFootStep { target } => self.step_toward(u, target.index(), sink),
            Action::FiveFootStepTo { to } => self.step_onto(u, to, sink),
            Action::Charge { target } => self.charge(u, target.index(), scratch, dice, sink),
            Action::Withdraw => self.withdraw(u, scratch, dice, sink),
            Action::Run { target } => self.run(u, target.index(), scratch, dice, sink),
            Action::Flee => self.flee(u, scratch, dice, sink),
            Action::StandUp => self.stand_up(u, dice, sink),
            Action::DropProne => self.drop_prone(u, sink),
            Action::PowerAttack { on } => self.toggle_power_attack(u, on, sink),
            Action::Cast { .. } => return self.cast(u, action, dice, sink),
            Action::Maneuver { .. }
            | Action::Release
            | Action::Escape { .. }
            | Action::PickUp { .. }
            | Action::Draw { .. }
            | Action::Sheathe { .. }
            | Action::Repair { .. } => return self.act_on_arms(u, action, dice, sink),
            Action::Delay { after } => return self.delay(u, after, sink),
            Action::Ready { readied, trigger } => return self.ready(u, readied, trigger, sink),
            Action::TotalDefense => return self.total_defense(u, sink),
            Action::FightDefensively => return self.fight_defensively(u, sink),
            Action::AidAnother { ally, enemy, mode } => {
                return self.aid_another(u, ally.index(), enemy.index(), mode, dice, sink);
            }
            Action::Hide => return self.hide(u, dice, sink),
            Action::Trample { target } => return self.trample(u, target.index(), dice, sink),
            Action::Tumble { target, fast } => {
                self.tumble(u, target.index(), fast, scratch, dice, sink)
            }
            Action::CoupDeGrace { target } => {
                return self.coup_de_grace(u, target.index(), dice, sink);
            }
            Action::Breathe { target } => return self.breathe(u, target.index(), dice, sink),
            Action::Channel { harm } => return self.channel(u, harm, dice, sink),
            Action::AvertEyes { on } => self.avert_eyes(u, on, sink),
            Action::Rage => return self.start_rage(u, sink),
            Action::Smite { target } => return self.start_smite(u, target.index(), sink),
            Action::LayOnHandsSelf => return self.lay_on_hands((u, u), dice, sink),
            Action::QuickClear { spend } => return self.quick_clear(u, spend, sink),
            Action::RebukeDeath { ally } => {
                return self.rebuke_death((u, ally.index()), dice, sink);
            }
            Action::InspireCourage => return self.start_performance(u, sink),
            Action::LayOnHands { ally } => {
                return self.lay_on_hands((u, ally.index()), dice, sink);
            }
            Action::Hex { kind, target } => {
                return self.hex((u, target.index()), kind, dice, sink);
            }
            Action::ArcanePool => return self.arcane_pool(u, sink),
            Action::Cleave { target } => return self.cleave(u, target.index(), dice, sink),
            Action::FlybyAttack { target } => {
                return self.flyby(u, target.index(), scratch, dice, sink);
            }
            Action::ChannelSmite => return self.smite_channel(u, sink),
            Action::SpellCombat {
                spell,
                target,
                defensively,
                foe,
            } => {
                let cast = (spell, target, defensively);
                return self.spell_combat(u, cast, foe.index(), dice, sink);
            }
            Action::ForceMissile { target } => {
                return self.force_missile((u, target.index()), dice, sink);
            }
            Action::PistolWhip { target } => {
                return self.pistol_whip((u, target.index()), dice, sink);
            }
            Action::TouchPower { kind, target } => {
                return self.touch_power((u, target.index()), kind, dice, sink);
            }
            Action::CommandUndead => return self.command_undead(u, dice, sink),
        }
        ActionResult::done(action.kind())
    }

    /// The manoeuvre and weapon actions, out of line so that [`Fight::act`] stays as small as
    /// the fights that never take them need it.
    #[inline(never)]
    fn act_on_arms<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        action: Action,
        dice: &mut R,
        sink: &mut S,
    ) -> ActionResult {
        match action {
            Action::Maneuver {
                kind,
                target,
                option,
            } => {
                let attempt = maneuver::Attempt {
                    option,
                    ..maneuver::Attempt::ACTION
                };
                self.perform_maneuver(u, target.index(), kind, attempt, dice, sink)
            }
            Action::Release => self.release(u, sink),
            Action::Escape { by } => self.escape(u, by, dice, sink),
            Action::PickUp { attack } => self.pick_up(u, attack.into(), dice, sink),
            Action::Draw { attack } => self.sheathe_or_draw(u, attack.into(), false, dice, sink),
            Action::Sheathe { attack } => self.sheathe_or_draw(u, attack.into(), true, dice, sink),
            Action::Repair { attack } => self.repair_weapon(u, attack.into(), sink),
            _ => ActionResult::done(action.kind()),
        }
    }

    /// `target` if it is an active enemy, else the nearest active enemy.
    pub(crate) fn live_target(&self, u: usize, target: usize) -> Option<usize> {
        if target < self.units.len() && self.enemies(u, target) && self.units[target].active() {
            Some(target)
        } else {
            self.nearest_enemy(u)
        }
    }
}
