//! The tactical questions a policy asks through the [`View`] (the reference spec, « Retour
//! d'exécution des actions », « Retard », « Préparation », « Défense totale », « Aider autrui »,
//! « Acrobatics », « Stealth »): what became of its last actions, the order of play and who
//! delayed or readied what, its stances and the aid it holds, the odds of tumbling past an
//! enemy and of aiding an ally, and who is hidden from whom. Each answers from the fight as it
//! stands, rolls nothing and allocates nothing; every probability is an integer percent.

use crate::model::Skill;
use crate::rules::tactics;

use super::super::action::tactical::stance_bits::{DEFENSIVE, TOTAL_DEFENSE};
use super::super::action::{ActionResult, AidMode, Readied, Trigger};
use super::super::numbers::Swing;
use super::super::unit::UnitId;
use super::View;

impl<'f> View<'f> {
    /// What became of `me`'s actions since its last decision: its last turn's plan in plan
    /// order — each action done (`ok`), refused or dropped by the budget with its reason
    /// (`downgraded:action_economy`…), `not_reached` when the turn stopped before it — then
    /// what it did out of turn (a readied action going off or expiring, immediate actions).
    #[inline]
    pub fn last_results(&self, me: UnitId) -> impl Iterator<Item = ActionResult> + 'f {
        self.fight.tactics.units[me.index()].results.iter()
    }

    /// The order of play, first to last: initiative, then delays and readied actions.
    #[inline]
    pub fn initiative_order(&self) -> impl Iterator<Item = UnitId> + 'f {
        self.fight.order.iter().map(|&u| UnitId::of(u))
    }

    /// `u`'s initiative count: its roll, or the count it moved to by delaying or readying.
    #[inline]
    pub fn initiative(&self, u: UnitId) -> i32 {
        self.fight.units[u.index()].initiative
    }

    /// `u` has taken (or is taking) its turn this round.
    #[inline]
    pub fn has_acted(&self, u: UnitId) -> bool {
        self.fight.has_acted(u.index())
    }

    /// `u` delayed this round (« CRB — Delay »): its turn comes later in the round (or came).
    #[inline]
    pub fn delayed(&self, u: UnitId) -> bool {
        self.fight.tactics.units[u.index()].delayed
    }

    /// `u`'s readied action and what sets it off, if it holds one (« CRB — Ready »).
    #[inline]
    pub fn readied(&self, u: UnitId) -> Option<(Readied, Trigger)> {
        self.fight.tactics.units[u.index()].readied
    }

    /// `u` is in total defense (« CRB — Total Defense »), until its next turn.
    #[inline]
    pub fn total_defense(&self, u: UnitId) -> bool {
        self.fight.tactics.units[u.index()].stance & TOTAL_DEFENSE != 0
    }

    /// `u` fights defensively (« CRB — Fighting Defensively »), until its next turn.
    #[inline]
    pub fn fighting_defensively(&self, u: UnitId) -> bool {
        self.fight.tactics.units[u.index()].stance & DEFENSIVE != 0
    }

    /// The aid another bonuses `u` holds against `enemy`: (on its next attack roll, on its AC
    /// against the enemy's next attack).
    pub fn aid_against(&self, u: UnitId, enemy: UnitId) -> (i32, i32) {
        let aid = self.fight.tactics.units[u.index()].aid();
        let sum = |mode| {
            let n = aid
                .iter()
                .filter(|a| a.mode == mode && usize::from(a.enemy) == enemy.index())
                .count();
            n as i32 * tactics::AID_BONUS
        };
        (sum(AidMode::Attack), sum(AidMode::Ac))
    }

    /// Chance in percent that `me`'s aid another against `enemy` succeeds now (an attack roll
    /// against AC 10 with its threatening weapon); `None` when it does not threaten `enemy`.
    pub fn aid_chance(&self, me: UnitId, enemy: UnitId) -> Option<u32> {
        let fight = self.fight;
        let (u, e) = (me.index(), enemy.index());
        let w = fight.threat_weapon(u, fight.units[e].pos, fight.info[e].size)?;
        let power = fight.units[u].power_attack;
        let bonus = fight
            .attack_numbers(u, e, w, Swing::default(), power)?
            .bonus;
        Some((21 + bonus - tactics::AID_AC).clamp(1, 19) as u32 * 5)
    }

    /// Chance in percent that `me` tumbles past `enemy` now without provoking it (« CRB —
    /// Acrobatics »: d20 + Acrobatics, −10 at full speed when `fast`, against its CMD; the
    /// first check of a move).
    pub fn tumble_chance(&self, me: UnitId, enemy: UnitId, fast: bool) -> u32 {
        let fight = self.fight;
        let extra = if fast {
            tactics::FAST_TUMBLE_PENALTY
        } else {
            0
        };
        let bonus = fight.skill_bonus(me.index(), Skill::Acrobatics) + extra;
        let dc = tactics::tumble_dc(fight.cmd(enemy.index(), me.index()), 0);
        (21 + bonus - dc).clamp(0, 20) as u32 * 5
    }

    /// `hider` is hidden from `observer` (« CRB — Stealth »: `observer` does not perceive it,
    /// cannot attack it, and is denied its Dex bonus against it).
    #[inline]
    pub fn hidden_from(&self, hider: UnitId, observer: UnitId) -> bool {
        self.fight.unseen_by(observer.index(), hider.index())
    }

    /// `observer` sees `u` directly: `u` has neither terrain cover nor concealment from it, so
    /// `u` cannot hide from it.
    #[inline]
    pub fn observes(&self, observer: UnitId, u: UnitId) -> bool {
        self.fight.observes(observer.index(), u.index())
    }

    /// `me` could hide now: some active enemy does not see it directly.
    pub fn can_hide(&self, me: UnitId) -> bool {
        self.units()
            .any(|o| self.enemies(me, o) && self.active(o) && !self.observes(o, me))
    }

    /// `u`'s next swift action is already spent by an immediate action taken out of its turn
    /// (« CRB — Immediate Actions »).
    #[inline]
    pub fn swift_spent(&self, u: UnitId) -> bool {
        self.fight.tactics.units[u.index()].swift_spent
    }
}
