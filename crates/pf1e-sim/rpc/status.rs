//! The one place that decides how an error travels on the wire and what the coordinator does
//! about it (« Ballista core/src/error.rs » habit). A worker turns a [`WorkerError`] into a
//! gRPC [`Status`] carrying its kind in the `pf1e-error` metadata; a coordinator turns any
//! status — ours, or one made by the transport, a proxy or a dying process — into a
//! [`Failure`] whose [`FailureKind`] says whether the shard is retried, whether the attempt
//! counts against it, and what happens to the worker.

use std::fmt;
use std::time::Duration;

use tonic::metadata::MetadataValue;
use tonic::{Code, Status};

/// Metadata key naming the kind of an error made by a pf1e-sim worker.
pub const ERROR_KIND_KEY: &str = "pf1e-error";

/// Why a worker refuses or fails a request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WorkerError {
    /// The request speaks another protocol version.
    ProtocolMismatch { theirs: u32, ours: u32 },
    /// The request is malformed or absurd (bad scenario, zero or too many runs…).
    InvalidRequest { reason: String },
    /// The shared token is missing or wrong.
    Unauthenticated,
    /// Every simulation thread is taken and the waiting line is full.
    Busy { threads: usize, waiting: usize },
    /// The worker is shutting down and takes no more shards.
    ShuttingDown,
    /// The engine failed on this shard (a panic): retrying elsewhere may or may not help.
    EngineFailed { reason: String },
}

impl WorkerError {
    fn kind(&self) -> &'static str {
        match self {
            WorkerError::ProtocolMismatch { .. } => "protocol-mismatch",
            WorkerError::InvalidRequest { .. } => "invalid-request",
            WorkerError::Unauthenticated => "unauthenticated",
            WorkerError::Busy { .. } => "busy",
            WorkerError::ShuttingDown => "shutting-down",
            WorkerError::EngineFailed { .. } => "engine-failed",
        }
    }
}

impl fmt::Display for WorkerError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            WorkerError::ProtocolMismatch { theirs, ours } => write!(
                f,
                "request speaks pf1e protocol {theirs}, this worker speaks {ours}: run the same pf1e-sim version on both sides"
            ),
            WorkerError::InvalidRequest { reason } => write!(f, "invalid request: {reason}"),
            WorkerError::Unauthenticated => f.write_str(
                "missing or wrong token: pass the worker's --token-file to the coordinator",
            ),
            WorkerError::Busy { threads, waiting } => write!(
                f,
                "busy: {threads} shard(s) running and {waiting} waiting; try another worker"
            ),
            WorkerError::ShuttingDown => f.write_str("shutting down: takes no more shards"),
            WorkerError::EngineFailed { reason } => write!(f, "the engine failed: {reason}"),
        }
    }
}

impl From<WorkerError> for Status {
    fn from(error: WorkerError) -> Status {
        let code = match &error {
            WorkerError::ProtocolMismatch { .. } => Code::FailedPrecondition,
            WorkerError::InvalidRequest { .. } => Code::InvalidArgument,
            WorkerError::Unauthenticated => Code::Unauthenticated,
            WorkerError::Busy { .. } => Code::ResourceExhausted,
            WorkerError::ShuttingDown => Code::Unavailable,
            WorkerError::EngineFailed { .. } => Code::Internal,
        };
        let mut status = Status::new(code, error.to_string());
        status
            .metadata_mut()
            .insert(ERROR_KIND_KEY, MetadataValue::from_static(error.kind()));
        status
    }
}

/// What the coordinator does after a failed shard call.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FailureKind {
    /// The worker could not be reached or the connection broke (process killed, network):
    /// re-queue the shard without counting the attempt; check the worker before reusing it.
    Unreachable,
    /// No answer before the shard's deadline: re-queue, count the attempt (the shard itself
    /// may be too slow), and retire the slot (the worker may still be busy with it).
    Stalled,
    /// The worker has no room now (busy, or shutting down): re-queue without counting and
    /// retire the slot.
    Busy,
    /// The shard failed on a healthy worker (engine error, wrong answer): re-queue and count.
    ShardFailed,
    /// The worker refuses this coordinator (token, protocol, limits, or a scenario it cannot
    /// read): drop the worker; the shard is re-queued without counting.
    Refused,
}

impl FailureKind {
    /// Whether this failure uses up one of the shard's bounded attempts.
    pub fn counts_against_shard(self) -> bool {
        matches!(self, FailureKind::Stalled | FailureKind::ShardFailed)
    }
}

/// A failed shard call: what to do, and a one-line reason for messages.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    pub kind: FailureKind,
    pub message: String,
}

impl Failure {
    pub fn new(kind: FailureKind, message: impl Into<String>) -> Self {
        Self {
            kind,
            message: message.into(),
        }
    }
}

impl fmt::Display for Failure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

/// Classifies a status received by the coordinator. Statuses made by a pf1e-sim worker carry
/// their kind; any other status came from the transport (or something between us and the
/// worker) and is judged by its code alone.
pub fn classify(status: &Status) -> Failure {
    let message = if status.message().is_empty() {
        format!("{:?}", status.code())
    } else {
        status.message().to_string()
    };
    let tagged = status
        .metadata()
        .get(ERROR_KIND_KEY)
        .and_then(|v| v.to_str().ok());
    let kind = match tagged {
        Some("protocol-mismatch" | "invalid-request" | "unauthenticated") => FailureKind::Refused,
        Some("busy" | "shutting-down") => FailureKind::Busy,
        Some("engine-failed") => FailureKind::ShardFailed,
        _ => match status.code() {
            Code::DeadlineExceeded => FailureKind::Stalled,
            Code::Unauthenticated
            | Code::PermissionDenied
            | Code::FailedPrecondition
            | Code::InvalidArgument
            | Code::Unimplemented
            | Code::OutOfRange => FailureKind::Refused,
            Code::ResourceExhausted => FailureKind::Busy,
            _ => FailureKind::Unreachable,
        },
    };
    Failure::new(kind, message)
}

/// Classifies the failure of a call that had a deadline: once the deadline has passed, the
/// call stalled, whatever the status says (a tonic server that enforces grpc-timeout answers
/// CANCELLED "Timeout expired", indistinguishable by code from a broken connection).
pub fn classify_call(status: &Status, elapsed: Duration, deadline: Duration) -> Failure {
    if elapsed >= deadline {
        return Failure::new(
            FailureKind::Stalled,
            format!("no answer within {deadline:?} ({})", status.message()),
        );
    }
    classify(status)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn worker_errors_round_trip_to_their_failure_kind() {
        let cases = [
            (
                WorkerError::ProtocolMismatch { theirs: 2, ours: 1 },
                Code::FailedPrecondition,
                FailureKind::Refused,
            ),
            (
                WorkerError::InvalidRequest { reason: "x".into() },
                Code::InvalidArgument,
                FailureKind::Refused,
            ),
            (
                WorkerError::Unauthenticated,
                Code::Unauthenticated,
                FailureKind::Refused,
            ),
            (
                WorkerError::Busy {
                    threads: 1,
                    waiting: 4,
                },
                Code::ResourceExhausted,
                FailureKind::Busy,
            ),
            (
                WorkerError::ShuttingDown,
                Code::Unavailable,
                FailureKind::Busy,
            ),
            (
                WorkerError::EngineFailed {
                    reason: "panic".into(),
                },
                Code::Internal,
                FailureKind::ShardFailed,
            ),
        ];
        for (error, code, kind) in cases {
            let status = Status::from(error.clone());
            assert_eq!(status.code(), code, "{error}");
            assert_eq!(classify(&status).kind, kind, "{error}");
        }
    }

    #[test]
    fn untagged_statuses_are_judged_by_code() {
        let kind = |code| classify(&Status::new(code, "")).kind;
        assert_eq!(kind(Code::Unavailable), FailureKind::Unreachable);
        assert_eq!(kind(Code::Unknown), FailureKind::Unreachable);
        assert_eq!(kind(Code::Internal), FailureKind::Unreachable);
        assert_eq!(kind(Code::Cancelled), FailureKind::Unreachable);
        assert_eq!(kind(Code::DeadlineExceeded), FailureKind::Stalled);
        assert_eq!(kind(Code::Unimplemented), FailureKind::Refused);
        assert!(FailureKind::Stalled.counts_against_shard());
        assert!(!FailureKind::Unreachable.counts_against_shard());
        assert_eq!(classify(&Status::new(Code::Unknown, "")).message, "Unknown");
    }

    #[test]
    fn a_call_failing_after_its_deadline_stalled() {
        let expired = Status::cancelled("Timeout expired");
        let second = Duration::from_secs(1);
        let late = classify_call(&expired, second, second);
        assert_eq!(late.kind, FailureKind::Stalled);
        assert!(
            late.message.starts_with("no answer within 1s"),
            "{}",
            late.message
        );
        let early = classify_call(&expired, second / 2, second);
        assert_eq!(early.kind, FailureKind::Unreachable);
    }
}
