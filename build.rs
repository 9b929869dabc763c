//! Build script of the `pf1e-sim` binary:
//!
//! 1. compiles `proto/pf1e/v1/*.proto` with tonic-prost-build, parsing the protos with protox
//!    (pure Rust): no system `protoc` is needed, a fresh machine with only cargo builds it. The
//!    encoded descriptor set is written beside the generated code for server reflection.
//! 2. fingerprints the rules build: a SHA-256 of the engine crate's manifest and sources,
//!    exported as `PF1E_RULES_HASH` with the engine's version as `PF1E_ENGINE_VERSION`. A
//!    coordinator refuses workers whose fingerprint differs (their fights could differ).
//!
//! It reads only files of this repository and writes only under `OUT_DIR`.

use std::path::{Path, PathBuf};

use protox::prost::Message as _;
use sha2::{Digest as _, Sha256};

const PROTO_ROOT: &str = "proto";
const PROTOS: &[&str] = &["pf1e/v1/worker.proto"];
const ENGINE_DIR: &str = "crates/engine";

fn main() -> Result<(), Box<dyn std::error::Error>> {
    let out_dir = PathBuf::from(std::env::var("OUT_DIR")?);
    compile_protos(&out_dir)?;
    fingerprint_engine()?;
    Ok(())
}

fn compile_protos(out_dir: &Path) -> Result<(), Box<dyn std::error::Error>> {
    println!("cargo:rerun-if-changed={PROTO_ROOT}");
    let fds = protox::compile(PROTOS, [PROTO_ROOT])?;
    std::fs::write(out_dir.join("pf1e_v1_descriptor.bin"), fds.encode_to_vec())?;
    tonic_prost_build::configure()
        .build_client(true)
        .build_server(true)
        .compile_fds(fds)?;
    Ok(())
}

/// Hashes `crates/engine/Cargo.toml` and every file under `crates/engine/src`, in sorted path
/// order, each as (path, length, bytes) so that moving bytes between files changes the hash.
fn fingerprint_engine() -> Result<(), Box<dyn std::error::Error>> {
    let root = Path::new(ENGINE_DIR);
    println!("cargo:rerun-if-changed={ENGINE_DIR}/Cargo.toml");
    println!("cargo:rerun-if-changed={ENGINE_DIR}/src");
    let mut files = vec![root.join("Cargo.toml")];
    collect_files(&root.join("src"), &mut files)?;
    files.sort();
    let mut hasher = Sha256::new();
    for file in &files {
        let bytes = std::fs::read(file)?;
        let name = file.strip_prefix(root).unwrap_or(file).to_string_lossy();
        let name = name.replace('\\', "/");
        hasher.update((name.len() as u64).to_le_bytes());
        hasher.update(name.as_bytes());
        hasher.update((bytes.len() as u64).to_le_bytes());
        hasher.update(&bytes);
    }
    let digest = hasher.finalize();
    let hex: String = digest[..16].iter().map(|b| format!("{b:02x}")).collect();
    println!("cargo:rustc-env=PF1E_RULES_HASH={hex}");

    let manifest = std::fs::read_to_string(root.join("Cargo.toml"))?;
    let version = manifest
        .lines()
        .find_map(|line| {
            let value = line.trim().strip_prefix("version")?.trim_start();
            let value = value.strip_prefix('=')?.trim();
            Some(value.trim_matches('"').to_string())
        })
        .unwrap_or_else(|| "unknown".to_string());
    println!("cargo:rustc-env=PF1E_ENGINE_VERSION={version}");
    Ok(())
}

fn collect_files(dir: &Path, out: &mut Vec<PathBuf>) -> std::io::Result<()> {
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        if path.is_dir() {
            collect_files(&path, out)?;
        } else {
            out.push(path);
        }
    }
    Ok(())
}
