//! An attack on or by a creature carrying spell effects (`effects::hooks`): an attacker under
//! sanctuary ends it by attacking, an enemy attacking a creature under sanctuary saves first
//! (« CRB — Sanctuary »); a near miss on a creature with mirror images destroys one (« CRB —
//! Mirror Image »). Each is a line of its own; the attack's line is `text`'s. Only attacks
//! with a warded side come here.

use crate::rng::Roller;

use super::super::effects::Wards;
use super::super::log::{Sink, log};
use super::super::state::Fight;

impl Fight<'_> {
    /// Sanctuary before an attack of `a` on `t`: false when `a` is held back.
    pub(super) fn wards_allow<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let round = Some(self.round);
        if self.units[a].wards.has(Wards::SANCTUARY) {
            let mut text = String::new();
            self.end_sanctuary_of::<S>(a, &mut text);
            log!(
                S,
                sink,
                round,
                Some(self.id(a)),
                "attacks: {}",
                text.trim_end()
            );
        }
        if self.units[t].wards.has(Wards::SANCTUARY) && self.enemies(a, t) {
            let mut text = String::new();
            let through = self.sanctuary_lets_through::<R, S>(a, t, dice, &mut text);
            let text = text.trim_end_matches([',', ' ']);
            log!(
                S,
                sink,
                round,
                Some(self.id(a)),
                "vs {}: {text}",
                self.id(t)
            );
            return through;
        }
        true
    }

    /// A hit of `a` on `t`: false when one of `t`'s mirror images takes it (`note` says
    /// which, « (mirror image d3=2: an image destroyed, 1 left) »).
    pub(super) fn hit_lands<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        note: &mut String,
        dice: &mut R,
    ) -> bool {
        !self.units[t].wards.has(Wards::MIRROR) || self.mirror_on_hit::<R, S>(a, t, dice, note)
    }

    /// After a hit of `a` with weapon `w` on `t`: a melee hit without a reach weapon sets off
    /// `t`'s retaliations (fire shield).
    pub(super) fn after_hit<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        w: usize,
        dice: &mut R,
        sink: &mut S,
    ) {
        let weapon = &self.info[a].weapons[w];
        let melee = weapon.melee && weapon.reach_min_ft == 0;
        if melee && self.units[t].wards.has(Wards::RETALIATE) && self.units[a].active() {
            self.retaliate(a, t, dice, sink);
        }
    }

    /// A miss of `a` on `t` totalling `total` against `ac`: a near miss on mirror images.
    pub(super) fn near_miss<S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        total: i32,
        ac: i32,
        sink: &mut S,
    ) {
        if !self.units[t].wards.has(Wards::MIRROR) {
            return;
        }
        let mut text = String::new();
        self.mirror_near_miss::<S>(a, t, total, ac, &mut text);
        if !text.is_empty() {
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(a)),
                "vs {}:{text}",
                self.id(t)
            );
        }
    }
}
