//! A worker's `RunShard` answer as the coordinator reads it (prost decode, then
//! `convert::tally_from_pb`): a decoded message encodes back to itself, the tally survives the
//! wire both ways, `Tally::check` and `check_rounds` answer without panicking, and a tally that
//! holds together merges with checked arithmetic.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_fuzz::checks::merges_checked;
use pf1e_fuzz::rpc::convert::{tally_from_pb, tally_to_pb};
use pf1e_fuzz::rpc::pb;
use prost::Message as _;

fuzz_target!(|data: &[u8]| {
    let Ok(answer) = pb::RunShardResponse::decode(data) else {
        return;
    };
    let again = pb::RunShardResponse::decode(answer.encode_to_vec().as_slice())
        .expect("an encoded answer decodes");
    assert_eq!(again, answer);
    let tally = tally_from_pb(&answer.tally.unwrap_or_default());
    assert_eq!(tally_from_pb(&tally_to_pb(&tally)), tally);
    let _ = tally.check(2, 5);
    let _ = tally.check_rounds(100);
    merges_checked(&tally);
});
