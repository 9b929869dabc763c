//! Tumbling (« CRB — Acrobatics »; the reference spec, « Acrobatics — Tumbling »): a move
//! toward a target at half speed (full speed at −10) in which each threatened square left
//! calls, instead of an attack of opportunity, for an Acrobatics check against the threatening
//! enemy's CMD, +2 for each other enemy already avoided in the same move; a failure provokes
//! as usual. Owns the tumble action and its check; the walk and who would strike are `path`'s
//! and `aoo`'s (which asks [`Fight::tumbles_past`] while the mover tumbles).
//!
//! Not modelled: moving through an enemy's square (DC + 5), which needs the path planner to
//! enter enemy squares.

use crate::model::Skill;
use crate::rng::Roller;
use crate::rules::tactics;

use super::super::log::{Sink, log};
use super::super::state::Fight;
use super::Scratch;
use super::tactical::stance_bits::{FAST, TUMBLING};

impl Fight<'_> {
    /// « CRB — Acrobatics »: `u` tumbles toward `target` (or the nearest active enemy when it
    /// is gone), stopping where it can attack it.
    pub(super) fn tumble<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        target: usize,
        fast: bool,
        scratch: &mut Scratch,
        dice: &mut R,
        sink: &mut S,
    ) {
        let Some(t) = self.live_target(u, target) else {
            return;
        };
        let speed = self.move_squares(u);
        let squares = if fast { speed } else { speed / 2 };
        self.plan_toward(u, t, squares, &mut scratch.path);
        self.log_path::<S>(u, "tumble", &scratch.path, sink);
        self.track_tactics();
        let own = &mut self.tactics.units[u];
        own.stance |= TUMBLING | if fast { FAST } else { 0 };
        own.avoided = 0;
        let path = std::mem::take(&mut scratch.path);
        self.walk(u, &path, false, dice, sink);
        scratch.path = path;
        self.tactics.units[u].stance &= !(TUMBLING | FAST);
    }

    /// `u`, tumbling, rolls Acrobatics to leave a square `e` threatens without provoking it:
    /// d20 + Acrobatics (−10 at full speed) against `e`'s CMD + 2 per enemy already avoided
    /// this move. True when it avoids the attack of opportunity.
    pub(crate) fn tumbles_past<R: Roller, S: Sink>(
        &mut self,
        u: usize,
        e: usize,
        dice: &mut R,
        sink: &mut S,
    ) -> bool {
        let own = self.tactics.units[u];
        let fast = own.stance & FAST != 0;
        let extra = if fast {
            tactics::FAST_TUMBLE_PENALTY
        } else {
            0
        };
        let cmd = self.cmd(e, u);
        let dc = tactics::tumble_dc(cmd, own.avoided);
        let check = self.skill_check(u, Skill::Acrobatics, extra, dice);
        let avoided = check.total >= dc;
        if avoided {
            self.tactics.units[u].avoided += 1;
        }
        if S::ON {
            let bonus = check.total - check.roll as i32;
            let end = if avoided {
                "avoids its attack of opportunity"
            } else {
                "fails"
            };
            let more = match own.avoided {
                0 => String::new(),
                _ => format!("+{}", dc - cmd),
            };
            log!(
                S,
                sink,
                Some(self.round),
                Some(self.id(u)),
                "tumbles past {}: Acrobatics d20={}{bonus:+}={} vs CMD {cmd}{more} -> {end}",
                self.id(e),
                check.roll,
                check.total
            );
        }
        avoided
    }

    /// `u` is tumbling along its current move.
    #[inline]
    pub(crate) fn tumbling(&self, u: usize) -> bool {
        self.tactics.units[u].stance & TUMBLING != 0
    }
}
