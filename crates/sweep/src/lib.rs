//! pf1e-sweep: jobs and reports. A job's runs are planned into seed-range shards
//! ([`shard`]), played and merged by integer addition ([`executor`] locally; a coordinator
//! later), and the merged tally is rendered ([`report`] in French, [`json`], [`transcript`]).
//! Sweeps (issue 5): [`sweep_spec`] parses and checks a sweep file, [`cells`] enumerates
//! its matrix, [`sweep_report`] renders it as text, JSON or CSV and [`sweep_html`] as a page.
//! Pure: no I/O and no clock; the only threads are the scoped ones of [`executor`].

pub mod band;
pub mod cells;
pub mod executor;
pub mod figures;
pub mod header;
pub mod json;
pub mod placement;
pub mod report;
pub mod shard;
pub mod sweep_html;
pub mod sweep_report;
pub mod sweep_spec;
pub mod table;
pub mod transcript;
