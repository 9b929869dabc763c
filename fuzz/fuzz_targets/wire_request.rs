//! A worker's `RunShard` request (prost decode, then `convert::source_from_pb` and the
//! source's compile): a decoded message encodes back to itself; a refused scenario names the
//! request; an accepted one survives the wire both ways with its content hash, and plays one
//! short fight whose tally holds together.
#![no_main]

use libfuzzer_sys::fuzz_target;
use pf1e_fuzz::checks::plays_briefly;
use pf1e_fuzz::rpc::convert::{source_from_pb, source_to_pb};
use pf1e_fuzz::rpc::pb;
use prost::Message as _;

fuzz_target!(|data: &[u8]| {
    let Ok(request) = pb::RunShardRequest::decode(data) else {
        return;
    };
    let again = pb::RunShardRequest::decode(request.encode_to_vec().as_slice())
        .expect("an encoded request decodes");
    assert_eq!(again, request);
    let Some(scenario) = &request.scenario else {
        return;
    };
    let source = match source_from_pb(scenario) {
        Ok(source) => source,
        Err(errors) => {
            assert!(!errors.is_empty());
            return assert!(errors.iter().all(|e| e.file == "request"), "{errors}");
        }
    };
    let back = source_from_pb(&source_to_pb(&source)).expect("a source's wire form converts");
    assert_eq!(back, source);
    assert_eq!(back.content_hash(), source.content_hash());
    plays_briefly(&source);
});
