//! Grid geometry (in progress).
