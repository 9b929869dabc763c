//! pf1e-sweep: jobs and reports, pure. A job's encounter is a [`source::ScenarioSource`] (the
//! text it is made of, compiled and hashed in one place); its runs are planned into seed-range
//! shards ([`shard`]), played by the one local [`executor`] (or by workers, which the binary
//! reaches) and merged by checked integer addition; the merged tally is rendered ([`output`]:
//! [`report`] in French, [`json`], [`transcript`]). Batch slices ([`mod@slice`], joined by
//! [`slice_merge`]), the coordinator's [`journal`] lines (read back whole by [`journal_read`])
//! and the sweep cache's entries ([`cache_entry`]) store tallies as the engine's JSON.
//!
//! Spells: [`spells`] holds a catalogue folder as read and gives each source only the spell
//! files its combatants name; [`spell_list`] renders the catalogue (`pf1e-sim spells`).
//!
//! Precision-driven jobs: [`target_band`] holds the stop rule of `--target-band` and merges
//! shards in seed order.
//!
//! Sweeps: [`sweep_spec`] parses and checks a sweep file, [`cells`] enumerates its matrix,
//! [`sweep_job`] reads a sweep's files once and builds each cell's source, [`sweep_report`]
//! renders it as text, JSON or CSV and [`sweep_html`] as a page.
//!
//! No I/O and no clock: files are read by the caller (through a closure), and the only threads
//! are the scoped ones of [`executor`].

pub mod band;
pub mod cache_entry;
pub mod cells;
pub mod difficulty;
pub mod executor;
pub mod figures;
#[cfg(test)]
mod fixtures;
pub mod hash;
pub mod header;
pub mod ids;
pub mod journal;
pub mod journal_read;
pub mod json;
mod numbers;
pub mod output;
pub mod pick;
pub mod placement;
pub mod play;
pub mod report;
pub mod run_html;
pub mod shard;
pub mod slice;
pub mod slice_merge;
pub mod source;
pub mod source_record;
pub mod spell_list;
mod spell_words;
pub mod spells;
pub mod sweep_html;
pub mod sweep_job;
pub mod sweep_report;
pub mod sweep_spec;
pub mod synthesis;
pub mod table;
pub mod target_band;
pub mod transcript;
pub mod warnings;
