//! The optional shared token between a coordinator and its workers: read from a file (never
//! from the command line, where `ps` would show it), sent as `authorization: Bearer TOKEN`,
//! and checked on the worker by a synchronous interceptor with a constant-time comparison
//! (`subtle`) of SHA-256 digests, so neither the content nor the length leaks through timing.
//! Health and reflection are not behind the token (probes cannot send one); `Worker` is.

use std::fmt;
use std::path::Path;

use anyhow::bail;
use sha2::{Digest as _, Sha256};
use subtle::ConstantTimeEq as _;
use tonic::metadata::MetadataValue;
use tonic::service::Interceptor;
use tonic::{Request, Status};

use super::status::WorkerError;
use crate::input::{InputError, read_input};

/// Largest token file read.
const MAX_TOKEN_BYTES: u64 = 4096;

/// A shared secret. Its `Debug` never prints it.
#[derive(Clone, PartialEq, Eq)]
pub struct Token(String);

impl fmt::Debug for Token {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Token(…)")
    }
}

impl Token {
    /// Reads a token file: its content without surrounding whitespace, printable ASCII only
    /// (it travels in an HTTP/2 header).
    pub fn from_file(path: &Path) -> anyhow::Result<Token> {
        let bytes = read_input(path, "the token file", MAX_TOKEN_BYTES)?;
        let text = String::from_utf8(bytes)
            .map_err(|_| InputError(format!("the token file {} is not text", path.display())))?;
        Token::new(text.trim())
            .map_err(|e| InputError(format!("bad token in {}: {e:#}", path.display())).into())
    }

    pub fn new(text: &str) -> anyhow::Result<Token> {
        if text.is_empty() {
            bail!("the token is empty");
        }
        if !text.bytes().all(|b| (0x21..=0x7e).contains(&b)) {
            bail!("a token is printable ASCII without spaces");
        }
        Ok(Token(text.to_string()))
    }

    fn digest(bytes: &[u8]) -> [u8; 32] {
        Sha256::digest(bytes).into()
    }

    /// Adds the bearer header to an outgoing request.
    pub fn authorize<T>(&self, request: &mut Request<T>) {
        let value = MetadataValue::try_from(format!("Bearer {}", self.0))
            .expect("a token is printable ASCII");
        request.metadata_mut().insert("authorization", value);
    }
}

/// The worker's interceptor: lets every request through when no token is configured, else
/// only those bearing the token.
#[derive(Clone, Debug)]
pub struct TokenCheck {
    expected: Option<[u8; 32]>,
}

impl TokenCheck {
    pub fn new(token: Option<&Token>) -> Self {
        Self {
            expected: token.map(|t| Token::digest(t.0.as_bytes())),
        }
    }
}

impl Interceptor for TokenCheck {
    fn call(&mut self, request: Request<()>) -> Result<Request<()>, Status> {
        let Some(expected) = &self.expected else {
            return Ok(request);
        };
        let presented = request
            .metadata()
            .get("authorization")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.strip_prefix("Bearer "))
            .unwrap_or("");
        let ok = Token::digest(presented.as_bytes()).ct_eq(expected);
        if bool::from(ok) && !presented.is_empty() {
            Ok(request)
        } else {
            Err(WorkerError::Unauthenticated.into())
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_header(value: Option<&str>) -> Request<()> {
        let mut r = Request::new(());
        if let Some(v) = value {
            r.metadata_mut()
                .insert("authorization", MetadataValue::try_from(v).unwrap());
        }
        r
    }

    #[test]
    fn only_the_right_bearer_token_passes() {
        let token = Token::new("s3cret").unwrap();
        let mut check = TokenCheck::new(Some(&token));
        let mut good = Request::new(());
        token.authorize(&mut good);
        assert!(check.call(good).is_ok());
        for bad in [None, Some("Bearer nope"), Some("s3cret"), Some("Bearer ")] {
            let e = check.call(with_header(bad)).unwrap_err();
            assert_eq!(e.code(), tonic::Code::Unauthenticated, "{bad:?}");
        }
        assert!(TokenCheck::new(None).call(with_header(None)).is_ok());
    }

    #[test]
    fn tokens_are_printable_and_never_shown() {
        assert!(Token::new("").is_err());
        assert!(Token::new("a b").is_err());
        assert_eq!(format!("{:?}", Token::new("x").unwrap()), "Token(…)");
    }
}
