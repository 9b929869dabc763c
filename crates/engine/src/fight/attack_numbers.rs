//! The numbers of one attack before any die is rolled, as `numbers` computes them and the
//! strike, the policies' weighing and the decision's memory (`view::memo`) carry them: a
//! plain value with no dependency, so that whoever holds one needs nothing else of the fight.

/// The numbers of one attack of `a` with weapon `w` against `t`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttackNumbers {
    pub bonus: i32,
    pub ac: i32,
    /// Percent chance the attack misses after hitting (concealment), 0 for none.
    pub miss_chance: u8,
    /// Added to the first damage component (multiplied on a critical hit).
    pub damage_bonus: i32,
    pub sneak: bool,
}
