//! Shared pieces of the fuzz targets: the wire code ([`rpc`]: the generated messages and the
//! binary's own `rpc/convert.rs`), the promises every target asserts ([`checks`]) and the
//! shipped files the targets build scenarios from ([`fixtures`]).

pub mod checks;
pub mod fixtures;
pub mod rpc;
