//! Rule tests of fights, one file per rule family: scripted-dice transcripts that pin the exact
//! log lines of single rules, golden transcripts of whole fights, and seeded batches held to
//! their statistical bands. `support` holds the shared builders (ASCII maps, stat blocks from
//! JSON patches, fixed-plan policies, scripted plays).

mod support;

mod allocations;
mod aoo;
mod attack;
mod attack_feats;
mod cast;
mod checks;
mod choices;
mod class;
mod class_party;
mod class_pcs;
mod combat_feats;
mod concealment;
mod conditions;
mod crowd;
mod economy;
mod feats;
mod fights;
mod finish;
mod guard;
mod gun;
mod hex;
mod life;
mod maneuver;
mod monster_powers;
mod monster_transcripts;
mod movement;
mod passage;
mod policy;
mod ranged;
mod size;
mod specials;
mod specials_areas;
mod tactical;
mod tactics;
mod transcripts;
mod umr_attacks;
mod umr_monsters;
