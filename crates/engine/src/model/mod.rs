//! Combatant files (in progress).
