//! The worker's accept loop backs off when accepting fails for want of resources (issue 16,
//! defect 8): out of file descriptors (EMFILE, ENFILE), buffers or memory, `accept` fails at
//! once every time it is polled, and tonic's serve loop, which skips accept errors, would spin
//! at 100 % CPU. [`BackOff`] wraps the listener's stream: after such an error it waits 5 ms,
//! doubling up to 1 s while the errors go on, and starts again from 5 ms after a connection is
//! accepted. Errors of one connection (reset or aborted before it was accepted, interrupted)
//! are passed on at once: they say nothing about the worker's resources.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::time::Sleep;
use tonic::codegen::tokio_stream::Stream;

/// The first wait after a resource error.
const FIRST_WAIT: Duration = Duration::from_millis(5);
/// The longest wait between two attempts.
const MAX_WAIT: Duration = Duration::from_secs(1);

/// The waits between failed accepts: 5 ms, 10 ms, 20 ms … 1 s, 1 s …; back to 5 ms on success.
#[derive(Debug, Default)]
pub struct Policy {
    failures: u32,
}

impl Policy {
    /// The wait after one more failed accept.
    pub fn failed(&mut self) -> Duration {
        let wait = FIRST_WAIT
            .saturating_mul(1u32 << self.failures.min(16))
            .min(MAX_WAIT);
        self.failures = self.failures.saturating_add(1);
        wait
    }

    /// A connection was accepted.
    pub fn succeeded(&mut self) {
        self.failures = 0;
    }
}

/// Whether an accept error is about one connection (passed on at once) rather than the
/// worker's resources (backed off).
fn about_one_connection(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::ConnectionAborted
            | io::ErrorKind::ConnectionReset
            | io::ErrorKind::ConnectionRefused
            | io::ErrorKind::Interrupted
    )
}

/// A stream of accepted connections that waits after resource errors instead of spinning.
pub struct BackOff<S> {
    inner: S,
    policy: Policy,
    wait: Option<Pin<Box<Sleep>>>,
}

impl<S> BackOff<S> {
    pub fn new(inner: S) -> Self {
        Self {
            inner,
            policy: Policy::default(),
            wait: None,
        }
    }
}

impl<S, T> Stream for BackOff<S>
where
    S: Stream<Item = io::Result<T>> + Unpin,
{
    type Item = io::Result<T>;

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<Self::Item>> {
        loop {
            if let Some(wait) = self.wait.as_mut() {
                if wait.as_mut().poll(cx).is_pending() {
                    return Poll::Pending;
                }
                self.wait = None;
            }
            match Pin::new(&mut self.inner).poll_next(cx) {
                Poll::Ready(Some(Err(e))) if !about_one_connection(&e) => {
                    let wait = self.policy.failed();
                    if wait == FIRST_WAIT {
                        tracing::warn!("cannot accept connections ({e}): backing off");
                    }
                    self.wait = Some(Box::pin(tokio::time::sleep(wait)));
                }
                Poll::Ready(Some(Ok(connection))) => {
                    self.policy.succeeded();
                    return Poll::Ready(Some(Ok(connection)));
                }
                other => return other,
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn waits_double_from_5_ms_to_1_s_and_start_again_after_a_success() {
        let mut policy = Policy::default();
        let waits: Vec<u128> = (0..10).map(|_| policy.failed().as_millis()).collect();
        assert_eq!(waits, [5, 10, 20, 40, 80, 160, 320, 640, 1000, 1000]);
        for _ in 0..100 {
            assert_eq!(policy.failed(), MAX_WAIT);
        }
        policy.succeeded();
        assert_eq!(policy.failed(), FIRST_WAIT);
    }

    #[test]
    fn only_resource_errors_are_backed_off() {
        let emfile = io::Error::from_raw_os_error(24);
        let enfile = io::Error::from_raw_os_error(23);
        assert!(!about_one_connection(&emfile));
        assert!(!about_one_connection(&enfile));
        assert!(about_one_connection(&io::Error::from(
            io::ErrorKind::ConnectionAborted
        )));
    }

    /// Out of file descriptors for good: the stream polls `accept` a handful of times a
    /// second, not millions (the spin of defect 8).
    #[test]
    fn a_listener_out_of_descriptors_is_polled_a_few_times_not_in_a_spin() {
        use std::sync::Arc;
        use std::sync::atomic::{AtomicU64, Ordering};
        struct Exhausted(Arc<AtomicU64>);
        impl Stream for Exhausted {
            type Item = io::Result<()>;
            fn poll_next(self: Pin<&mut Self>, _: &mut Context<'_>) -> Poll<Option<Self::Item>> {
                self.0.fetch_add(1, Ordering::Relaxed);
                Poll::Ready(Some(Err(io::Error::from_raw_os_error(24))))
            }
        }
        let polls = Arc::new(AtomicU64::new(0));
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_time()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut stream = BackOff::new(Exhausted(polls.clone()));
            let next = std::future::poll_fn(|cx| Pin::new(&mut stream).poll_next(cx));
            // The stream never yields: each poll is one accept, then a wait.
            let _ = tokio::time::timeout(Duration::from_millis(300), next).await;
        });
        // 5+10+20+40+80+160 ms: about 7 accepts in 300 ms whatever the machine's speed.
        let polls = polls.load(Ordering::Relaxed);
        assert!((1..=8).contains(&polls), "{polls} accepts in 300 ms");
    }
}
