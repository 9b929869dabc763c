//! `pf1e-sim coordinator … run …` and `… sweep …`: plays a job on remote workers and prints
//! exactly what `pf1e-sim run` (or `sweep`) prints for the same arguments. It reads and
//! validates the files once, locally (same errors, same exit code 2), sends the very scenario
//! source it compiled, plans the shards, resumes from `--journal`, finds and checks the
//! workers, lets the [`scheduler`] keep their slots full, falls back to local threads if asked
//! when no worker is left, and renders the merged tally through the sweep crate's renderers.
//!
//! It reads only the files named on the command line (and writes only the journal and the
//! page); stdout carries the report alone, everything else goes to stderr. It builds on the
//! library and on `load`/`output`, never on `cmd/`.
//!
//! Files: [`run`] and [`sweep`] are the two jobs; [`distribute`] holds what they share (the
//! collector of merged shards, the call into the scheduler, the end of a job); [`discovery`]
//! finds workers, [`rediscovery`] finds more during a job, [`launcher`] plays one shard on
//! one, [`journal`] records merged shards.

mod discovery;
mod distribute;
mod journal;
pub(crate) mod launcher;
mod options;
pub mod progress;
mod rediscovery;
mod run;
mod scheduler;
mod sweep;

pub use options::CoordinatorOptions;
pub use run::play_run;
pub use sweep::play_sweep;
