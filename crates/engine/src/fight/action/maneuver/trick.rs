//! The dirty trick (APG « Dirty Trick »): sand in the eyes, a kick to the knee — the target
//! gains one of blinded, dazzled, deafened, entangled, shaken or sickened (the option; dazzled
//! by default) for 1 round, plus 1 for every 5 by which the check beats its CMD; « Greater Dirty
//! Trick » makes the base 1d4 rounds. A condition it already has keeps the longer duration.
//! Simplified: the target cannot spend a move action to remove it, and no creature is immune
//! for lacking eyes or ears.

use crate::rng::Roller;
use crate::rules::maneuver::{Maneuver, ManeuverOption, ManeuverRoll, Trick, trick_rounds};
use crate::vocab::Vocabulary;

use super::super::super::log::{Sink, log};
use super::super::super::state::Fight;

impl Fight<'_> {
    /// APG « Dirty Trick ».
    pub(super) fn dirty_trick<R: Roller, S: Sink>(
        &mut self,
        a: usize,
        t: usize,
        roll: &ManeuverRoll,
        option: ManeuverOption,
        dice: &mut R,
        sink: &mut S,
    ) {
        if !roll.success {
            return;
        }
        let trick = match option {
            ManeuverOption::Trick(trick) => trick,
            _ => Trick::Dazzled,
        };
        let base = if self.info[a].has(Maneuver::DirtyTrick.greater()) {
            dice.d(4)
        } else {
            1
        };
        let rounds = trick_rounds(roll, base);
        self.units[t].conds.add(trick.condition(), rounds);
        let (idt, name) = (self.id(t), trick.name());
        log!(
            S,
            sink,
            Some(self.round),
            Some(self.id(a)),
            "{idt} is {name} for {rounds} round(s)"
        );
    }
}
