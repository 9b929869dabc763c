//! Optional TLS (rustls through tonic): the worker's certificate and key, the coordinator's
//! CA. One crypto provider is linked (ring, tonic's `tls-ring` feature) and installed as the
//! process default at start, so rustls never has to guess (it panics when it must choose
//! between two). Reads only the PEM files the user names on the command line.

use std::path::Path;

use tonic::transport::{Certificate, ClientTlsConfig, Identity, ServerTlsConfig};

use crate::input::{InputError, MAX_INPUT_BYTES, read_input};

/// Installs ring as rustls' process-wide crypto provider. Idempotent.
pub fn install_crypto_provider() {
    // An error only means a provider is already installed, which is what we want.
    let _ = rustls::crypto::ring::default_provider().install_default();
}

fn read_pem(path: &Path, what: &str) -> anyhow::Result<Vec<u8>> {
    Ok(read_input(path, &format!("the {what}"), MAX_INPUT_BYTES)?)
}

/// The worker's TLS identity from PEM files, checked up front: at least one certificate and
/// a private key, else a data error (exit 2) naming the file.
pub fn server_config(cert: &Path, key: &Path) -> anyhow::Result<ServerTlsConfig> {
    use rustls::pki_types::pem::PemObject as _;
    use rustls::pki_types::{CertificateDer, PrivateKeyDer};
    install_crypto_provider();
    let (cert_pem, key_pem) = (
        read_pem(cert, "TLS certificate")?,
        read_pem(key, "TLS key")?,
    );
    let certs = CertificateDer::pem_slice_iter(&cert_pem).collect::<Result<Vec<_>, _>>();
    if !certs.is_ok_and(|c| !c.is_empty()) {
        let why = "holds no PEM certificate (`-----BEGIN CERTIFICATE-----`)";
        return Err(InputError(format!("the TLS certificate {} {why}", cert.display())).into());
    }
    if let Err(e) = PrivateKeyDer::from_pem_slice(&key_pem) {
        let why = format!("holds no PEM private key: {e}");
        return Err(InputError(format!("the TLS key {} {why}", key.display())).into());
    }
    let identity = Identity::from_pem(cert_pem, key_pem);
    Ok(ServerTlsConfig::new().identity(identity))
}

/// Checks `--tls-ca` up front: a PEM file of at least one certificate a trust store accepts;
/// an empty or invalid file (`/dev/null`, a key) is a data error (exit 2) naming it.
pub fn check_ca(path: &Path) -> anyhow::Result<()> {
    use rustls::pki_types::CertificateDer;
    use rustls::pki_types::pem::PemObject as _;
    let pem = read_pem(path, "TLS CA")?;
    let bad = |why: String| InputError(format!("the TLS CA {} {why}", path.display()));
    let mut store = rustls::RootCertStore::empty();
    for cert in CertificateDer::pem_slice_iter(&pem) {
        let cert = cert.map_err(|e| bad(format!("is not valid PEM: {e}")))?;
        store
            .add(cert)
            .map_err(|e| bad(format!("holds an unusable certificate: {e}")))?;
    }
    if store.is_empty() {
        return Err(bad(
            "holds no certificate (expected PEM `-----BEGIN CERTIFICATE-----`)".into(),
        )
        .into());
    }
    Ok(())
}

/// The coordinator's TLS settings: trust `ca` (PEM) and expect the certificate to name
/// `domain` (the host of the worker's URL, also when the coordinator dials a resolved
/// address).
pub fn client_config(ca: Option<&Path>, domain: &str) -> anyhow::Result<ClientTlsConfig> {
    install_crypto_provider();
    let mut config = ClientTlsConfig::new().domain_name(domain);
    if let Some(ca) = ca {
        config = config.ca_certificate(Certificate::from_pem(read_pem(ca, "TLS CA")?));
    }
    Ok(config)
}
