//! What each combatant's weapons have become during a fight: one [`Arms`] per unit (`Copy`,
//! reset from the stat block each fight) with, per attack line, the weapons in hand (1, or a
//! thrown weapon's count, « javelins (4) »), the shots left of a launcher with ammunition, the
//! hit points lost as an object (« CRB — Sunder », « Smashing an Object »), broken, sheathed,
//! destroyed and taken; plus the carried items gone for the fight (stolen, used). And the
//! [`Ground`]: the weapons lying on the battlefield — dropped (a disarm, a failure by 10) or
//! thrown (a thrown weapon lands in its target's square) — until their owner picks them up.
//!
//! The first [`MAX_ARMS`] attack lines are tracked; any line beyond is always ready and
//! unlimited. Lines without `ammo` and never disarmed or sundered keep the state they start
//! with, so a fight without manoeuvres and ammunition reads one bit per weapon choice. Owns the
//! state and its bookkeeping; the actions that change it are `action::weapons` and
//! `action::maneuver`'s.

use crate::board::Pos;
use crate::model::Attack;
use crate::rules::maneuver::{ObjectState, ObjectStats, object_state};

/// Attack lines tracked per unit.
pub const MAX_ARMS: usize = 8;

/// One unit's weapons and carried items in a fight.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Arms {
    /// Bit k: line k cannot strike now (none in hand, no shot left, or sheathed).
    blocked: u16,
    broken: u16,
    sheathed: u16,
    destroyed: u16,
    /// A weapon of line k was picked up by an unarmed disarmer (gone for the fight).
    taken: u16,
    /// Line k counts its shots (`ammo`).
    counted: u16,
    /// Line k throws the weapon itself (`thrown`).
    thrown: u16,
    /// Line k is struck only by a class ability (« Pistol-Whip »), never as a weapon.
    reserved: u16,
    /// Weapons of line k in hand.
    held: [u16; MAX_ARMS],
    /// Shots left of line k, a launcher with ammunition.
    shots: [u16; MAX_ARMS],
    /// Hit points the weapon of line k in hand has lost as an object.
    lost: [u8; MAX_ARMS],
    /// Bit i: `carried_items[i]` is gone for the fight (stolen, or a rope used to tie up).
    gone: u64,
}

/// What became of a shot's weapon line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shot {
    /// The weapon itself left the hand (a thrown weapon): it lies in the target's square.
    pub thrown: bool,
    /// That was the last one: the line cannot strike any more.
    pub last: bool,
}

/// How one of a unit's weapons stands, as policies see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WeaponState {
    Ready,
    /// Usable at −2 on attack and damage rolls, critical hits only on a natural 20 and ×2.
    Broken,
    /// Put away: a move action draws it.
    Sheathed,
    /// None in hand, one lying on the battlefield (dropped or thrown): a move action picks it up.
    OnTheGround,
    /// A launcher without a shot left.
    OutOfAmmo,
    /// Destroyed by a sunder.
    Destroyed,
    /// Taken by an unarmed disarmer, or every thrown weapon spent and none to pick up.
    Gone,
    /// Struck only by a class ability (a gunslinger's pistol-whip), never as a weapon.
    Reserved,
}

const fn bit(k: usize) -> u16 {
    if k < MAX_ARMS { 1 << k } else { 0 }
}

/// Bit `k` of `mask`, 0 for a line beyond [`MAX_ARMS`]: branch-free, for the queries the
/// weapon choice makes on every call.
#[inline(always)]
fn has(mask: u16, k: usize) -> bool {
    let k = if k < MAX_ARMS { k } else { MAX_ARMS };
    (u32::from(mask) >> k) & 1 != 0
}

impl Arms {
    /// The weapons of a stat block's `attacks` at the start of a fight: one in hand per line,
    /// `ammo` of them for a thrown weapon, `ammo` shots for a launcher.
    pub fn new(attacks: &[Attack]) -> Arms {
        let mut arms = Arms::default();
        for (k, a) in attacks.iter().enumerate().take(MAX_ARMS) {
            arms.held[k] = 1;
            if let Some(n) = a.ammo() {
                arms.counted |= bit(k);
                if a.thrown() {
                    arms.thrown |= bit(k);
                    arms.held[k] = n;
                } else {
                    arms.shots[k] = n;
                }
            }
        }
        arms
    }

    /// Weapons in hand over every line: the most that can ever lie on the ground.
    pub fn total_held(&self) -> usize {
        self.held.iter().map(|&h| usize::from(h)).sum()
    }

    /// Line `k` can strike now.
    #[inline(always)]
    pub fn usable(&self, k: usize) -> bool {
        self.blocked == 0 || !has(self.blocked, k)
    }

    /// Line `k` is broken (« CRB — Broken »).
    #[inline(always)]
    pub fn broken(&self, k: usize) -> bool {
        has(self.broken, k)
    }

    /// Line `k` counts its shots.
    #[inline(always)]
    pub fn counted(&self, k: usize) -> bool {
        has(self.counted, k)
    }

    /// Line `k` is thrown.
    pub fn thrown(&self, k: usize) -> bool {
        self.thrown & bit(k) != 0
    }

    /// Weapons of line `k` in hand (0 for a line beyond [`MAX_ARMS`]: untracked, it is always
    /// ready but never disarmed, sundered or sheathed).
    pub fn held(&self, k: usize) -> u16 {
        if k < MAX_ARMS { self.held[k] } else { 0 }
    }

    /// Shots line `k` has left (`None`: unlimited): thrown weapons in hand, or a launcher's
    /// ammunition.
    pub fn shots_left(&self, k: usize) -> Option<u16> {
        if !self.counted(k) {
            None
        } else if self.thrown(k) {
            Some(self.held[k])
        } else {
            Some(self.shots[k])
        }
    }

    /// Hit points the weapon of line `k` in hand has lost.
    pub fn lost(&self, k: usize) -> u32 {
        if k < MAX_ARMS {
            u32::from(self.lost[k])
        } else {
            0
        }
    }

    fn refresh(&mut self, k: usize) {
        if k >= MAX_ARMS {
            return;
        }
        let spent = self.counted(k) && !self.thrown(k) && self.shots[k] == 0;
        let out = self.held[k] == 0 || spent || (self.sheathed | self.reserved) & bit(k) != 0;
        if out {
            self.blocked |= bit(k);
        } else {
            self.blocked &= !bit(k);
        }
    }

    /// One shot of counted line `k`: a thrown weapon leaves the hand, a launcher spends one
    /// round of ammunition (gone for the fight: « CRB — Ammunition », recovering it after the
    /// battle is out of the fight's scope).
    pub fn spend(&mut self, k: usize) -> Shot {
        let thrown = self.thrown(k);
        if thrown {
            self.held[k] = self.held[k].saturating_sub(1);
        } else {
            self.shots[k] = self.shots[k].saturating_sub(1);
        }
        self.refresh(k);
        Shot {
            thrown,
            last: !self.usable(k),
        }
    }

    /// One weapon of line `k` leaves the hand (dropped, or taken when `taken`); false when
    /// none was in hand.
    pub fn let_go(&mut self, k: usize, taken: bool) -> bool {
        if k >= MAX_ARMS || self.held[k] == 0 {
            return false;
        }
        self.held[k] -= 1;
        if taken {
            self.taken |= bit(k);
        }
        self.lost[k] = 0;
        self.broken &= !bit(k);
        self.refresh(k);
        true
    }

    /// A weapon of line `k` is back in hand (picked up).
    pub fn pick_up(&mut self, k: usize) {
        if k < MAX_ARMS {
            self.held[k] += 1;
            self.refresh(k);
        }
    }

    /// Line `k` is struck only by a class ability (« UC — Gunslinger — Pistol-Whip »): no
    /// weapon choice, threat or attack of opportunity ever uses it.
    pub fn reserve(&mut self, k: usize) {
        self.reserved |= bit(k);
        self.refresh(k);
    }

    /// Puts line `k` away (`on`) or draws it.
    pub fn sheathe(&mut self, k: usize, on: bool) {
        if on {
            self.sheathed |= bit(k);
        } else {
            self.sheathed &= !bit(k);
        }
        self.refresh(k);
    }

    /// Line `k` is sheathed.
    pub fn sheathed(&self, k: usize) -> bool {
        self.sheathed & bit(k) != 0
    }

    /// The weapon of line `k` in hand, an object of `stats`, loses `hp` hit points: broken at
    /// half, destroyed at none (the next weapon of a thrown line comes to hand whole).
    pub fn damage(&mut self, k: usize, stats: ObjectStats, hp: u32) -> ObjectState {
        if k >= MAX_ARMS || self.held[k] == 0 {
            return ObjectState::Whole;
        }
        let lost = (u32::from(self.lost[k]) + hp).min(255);
        let state = object_state(stats, lost);
        match state {
            ObjectState::Destroyed => {
                self.held[k] -= 1;
                self.lost[k] = 0;
                self.broken &= !bit(k);
                self.destroyed |= bit(k);
            }
            ObjectState::Broken => {
                self.lost[k] = lost as u8;
                self.broken |= bit(k);
            }
            ObjectState::Whole => self.lost[k] = lost as u8,
        }
        self.refresh(k);
        state
    }

    /// Mends the broken weapon of line `k` (the reference spec's repair_weapon); false when
    /// it is not broken.
    pub fn repair(&mut self, k: usize) -> bool {
        if !self.broken(k) {
            return false;
        }
        self.lost[k] = 0;
        self.broken &= !bit(k);
        true
    }

    /// « Firearms — Misfires »: the firearm of line `k` gains the broken condition (its hit
    /// points untouched: quick clear removes it).
    pub fn misfire(&mut self, k: usize) {
        if k < MAX_ARMS {
            self.broken |= bit(k);
        }
    }

    /// « Firearms — Early Firearms »: the firearm of line `k` explodes and is destroyed.
    pub fn explode(&mut self, k: usize) {
        if k < MAX_ARMS && self.held[k] > 0 {
            self.held[k] -= 1;
            self.lost[k] = 0;
            self.broken &= !bit(k);
            self.destroyed |= bit(k);
            self.refresh(k);
        }
    }

    /// How line `k` stands; `on_ground` says whether one of its weapons lies on the ground.
    pub fn state(&self, k: usize, on_ground: bool) -> WeaponState {
        if k >= MAX_ARMS {
            return WeaponState::Ready;
        }
        if self.held[k] == 0 {
            return if on_ground {
                WeaponState::OnTheGround
            } else if self.destroyed & bit(k) != 0 {
                WeaponState::Destroyed
            } else {
                WeaponState::Gone
            };
        }
        if self.reserved & bit(k) != 0 {
            WeaponState::Reserved
        } else if self.sheathed(k) {
            WeaponState::Sheathed
        } else if !self.usable(k) {
            WeaponState::OutOfAmmo
        } else if self.broken(k) {
            WeaponState::Broken
        } else {
            WeaponState::Ready
        }
    }

    /// `carried_items[i]` is gone for the fight.
    pub fn item_gone(&self, i: usize) -> bool {
        i >= 64 || self.gone & (1 << i) != 0
    }

    /// `carried_items[i]` is gone from now on (stolen: simply gone for the fight; a rope used).
    pub fn lose_item(&mut self, i: usize) {
        if i < 64 {
            self.gone |= 1 << i;
        }
    }
}

/// A weapon lying on the battlefield.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GroundItem {
    /// Its owner (a unit index) and its attack line.
    pub owner: usize,
    pub line: usize,
    pub at: Pos,
}

/// The weapons lying on the battlefield, in the order they fell. Its capacity is every weapon
/// in hand at the start ([`Arms::total_held`]), so it never grows during a batch.
#[derive(Debug, Default)]
pub struct Ground {
    items: Vec<GroundItem>,
}

impl Ground {
    pub fn with_capacity(n: usize) -> Ground {
        Ground {
            items: Vec::with_capacity(n),
        }
    }

    pub fn clear(&mut self) {
        self.items.clear();
    }

    /// A weapon falls on `at`.
    pub fn drop(&mut self, owner: usize, line: usize, at: Pos) {
        self.items.push(GroundItem { owner, line, at });
    }

    /// Takes the first weapon of `owner`'s line `line` lying on a square `near` accepts;
    /// where it lay.
    pub fn take(&mut self, owner: usize, line: usize, near: impl Fn(Pos) -> bool) -> Option<Pos> {
        let i = self
            .items
            .iter()
            .position(|g| g.owner == owner && g.line == line && near(g.at))?;
        Some(self.items.remove(i).at)
    }

    /// Some weapon of `owner`'s line `line` lies on the ground.
    pub fn has(&self, owner: usize, line: usize) -> bool {
        self.items
            .iter()
            .any(|g| g.owner == owner && g.line == line)
    }

    /// Every weapon on the ground, in the order they fell.
    pub fn iter(&self) -> impl Iterator<Item = &GroundItem> + '_ {
        self.items.iter()
    }
}
