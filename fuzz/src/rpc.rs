//! The wire side of the binary, compiled here from the same sources: the messages generated
//! from `proto/pf1e/v1/worker.proto` (see build.rs) and `crates/pf1e-sim/rpc/convert.rs`
//! itself, so the wire targets check the very conversion a worker and a coordinator run.

/// Message types generated from `proto/pf1e/v1/worker.proto`.
#[allow(clippy::all, clippy::pedantic, missing_docs)]
pub mod pb {
    include!(concat!(env!("OUT_DIR"), "/pf1e.v1.rs"));
}

#[path = "../../crates/pf1e-sim/rpc/convert.rs"]
pub mod convert;
