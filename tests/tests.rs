//! End-to-end tests of the `pf1e-sim` binary, one module per command (« ripgrep
//! tests/tests.rs » habit: this file is the table of contents).

mod util;

mod cli {
    mod batch;
    mod batch_replay;
    mod casters;
    mod doorway;
    mod echoes;
    mod limits;
    mod outputs;
    mod run;
    mod spells;
    mod stdout;
    mod sweep;
    mod validate;
}

mod fuzz {
    mod parsers;
}

mod data {
    mod coverage;
    mod pairings;
    mod sanity;
}

mod distributed {
    mod band;
    mod cancel;
    mod faults;
    mod harness;
    mod journal;
    mod lifecycle;
    mod outputs;
    mod security;
    mod sharded;
    mod spells;
    mod split_property;
}

mod structure;
