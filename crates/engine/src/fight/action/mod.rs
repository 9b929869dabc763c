//! Actions: what a policy may ask for and what it costs ([`cost`]), and the action economy
//! that keeps what fits a turn ([`budget`]).

pub mod budget;
pub mod cost;

pub use budget::{ActionResult, Limits, MAX_PLAN, Plan, budget};
pub use cost::{Action, Cost, Movement, Provokes, Slot};
