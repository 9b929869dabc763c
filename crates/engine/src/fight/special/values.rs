//! The compiled values of the specials that reach creatures around their bearer (Bestiary —
//! « Aura », « Frightful Presence », « Gaze », « Breath Weapon », « Channel Resistance »;
//! CRB — « Channel Energy »), held in [`super::Specials`], and [`Powers`], the little each
//! creature keeps of them during a fight (uses left, recharge, whom it already resisted, eyes
//! averted). `Copy`, no allocation; nothing here imports the fight's state.

use crate::model::special::{AreaRule, BreathEffect, BreathShape, Energy, Roll};
use crate::model::{Ability, Combatant};
use crate::rules::Save;
use crate::rules::feat::{Feat, read_feat_line};

/// « Bestiary — Aura »: a fear aura (the lich's).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FearAura {
    pub radius_ft: u16,
    pub dc: u8,
    /// Creatures with fewer Hit Dice are frightened, the others shaken.
    pub frightened_below_hd: u8,
    pub duration: Roll,
}

/// « Bestiary — Frightful Presence ».
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Presence {
    pub range_ft: u16,
    pub dc: u8,
    pub duration: Roll,
}

/// « Bestiary — Gaze »: a petrifying gaze.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Gaze {
    pub range_ft: u16,
    pub dc: u8,
}

/// « Bestiary — Breath Weapon ».
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Breath {
    pub shape: BreathShape,
    pub range_ft: u16,
    pub dc: u8,
    pub save: Save,
    pub effect: BreathEffect,
    pub recharge: Roll,
}

/// « CRB — Channel Energy ».
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Channel {
    pub energy: Energy,
    pub dice: Roll,
    pub dc: u8,
    /// Uses per encounter (the `channel_energy` resource).
    pub uses: u8,
    /// « CRB — Selective Channeling »: how many creatures it may leave out (its Charisma
    /// modifier; 0 without the feat).
    pub selective: u8,
}

/// The area specials of one stat block.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Areas {
    pub aura: Option<FearAura>,
    pub presence: Option<Presence>,
    pub gaze: Option<Gaze>,
    pub breath: Option<Breath>,
    pub channel: Option<Channel>,
    /// « Bestiary — Channel Resistance »: on saves against channeled energy.
    pub channel_resistance: u8,
}

impl Areas {
    /// Folds `special` in (the other rules leave it as it is).
    pub(super) fn add(&mut self, c: &Combatant, special: AreaRule) {
        match special {
            AreaRule::FearAura {
                radius_ft,
                dc,
                frightened_below_hd,
                duration,
            } => {
                self.aura = Some(FearAura {
                    radius_ft,
                    dc,
                    frightened_below_hd,
                    duration,
                })
            }
            AreaRule::FrightfulPresence {
                range_ft,
                dc,
                duration,
            } => {
                self.presence = Some(Presence {
                    range_ft,
                    dc,
                    duration,
                })
            }
            AreaRule::Gaze { range_ft, dc } => self.gaze = Some(Gaze { range_ft, dc }),
            AreaRule::BreathWeapon {
                shape,
                range_ft,
                dc,
                save,
                effect,
                recharge,
            } => {
                self.breath = Some(Breath {
                    shape,
                    range_ft,
                    dc,
                    save,
                    effect,
                    recharge,
                })
            }
            AreaRule::ChannelEnergy { energy, dice, dc } => {
                let uses = c.resource("channel_energy").unwrap_or(0).min(255) as u8;
                let selective = (c.feats().iter())
                    .any(|f| read_feat_line(f).feat == Some(Feat::SelectiveChanneling));
                let selective = if selective {
                    c.abilities().modifier(Ability::Cha).clamp(0, 20) as u8
                } else {
                    0
                };
                self.channel = Some(Channel {
                    energy,
                    dice,
                    dc,
                    uses,
                    selective,
                });
            }
            AreaRule::ChannelResistance { amount } => self.channel_resistance = amount,
        }
    }

    /// Something of it acts at the start of other creatures' turns (an aura or a gaze).
    pub fn watched(&self) -> bool {
        self.aura.is_some() || self.gaze.is_some()
    }
}

/// What a creature keeps of the area specials during a fight (`UnitState::powers`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Powers {
    /// Channel energy uses left.
    pub channel_left: u8,
    /// The first round its breath weapon may be used again (0: now).
    pub breath_ready: u32,
    /// The creatures (bit = unit index, 63 for every index from 63 on) whose fear aura or
    /// frightful presence it has already faced: it saved (« cannot be affected again by the
    /// same [creature's] aura for 24 hours ») or is under its effect.
    pub feared: u64,
    /// « Bestiary — Gaze — Averting Eyes »: it averts its eyes from gazes (a policy's
    /// choice, kept until changed).
    pub averting: bool,
    /// Petrified by a breath that allows a new save each round: its DC (0: none).
    pub stone_dc: u8,
}

impl Powers {
    /// A fresh fight's powers for a stat block with `areas`.
    pub fn of(areas: &Areas) -> Powers {
        Powers {
            channel_left: areas.channel.map_or(0, |c| c.uses),
            ..Powers::default()
        }
    }

    /// The bit of unit `u` in [`Powers::feared`].
    pub fn bit(u: usize) -> u64 {
        1 << u.min(63)
    }
}
