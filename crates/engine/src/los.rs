//! Line of effect and cover (in progress).
