//! Build script of the fuzz crate: the message types of `proto/pf1e/v1/worker.proto` (no
//! client, no server), parsed with protox as the binary's build script does, so the wire
//! targets decode exactly the messages a worker and a coordinator decode.

use std::error::Error;

fn main() -> Result<(), Box<dyn Error>> {
    println!("cargo:rerun-if-changed=../proto");
    let fds = protox::compile(["pf1e/v1/worker.proto"], ["../proto"])?;
    tonic_prost_build::configure()
        .build_client(false)
        .build_server(false)
        .compile_fds(fds)?;
    Ok(())
}
