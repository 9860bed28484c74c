//! Benchmarks and heavy cross-checks of urilint, in a crate of their own
//! so that `cargo test` in the main crate does not build criterion,
//! linkify, url and the SARIF JSON-schema validator (issue 14: clone to
//! green tests in minutes). Run them with `cargo bench -p urilint-bench`
//! and `cargo test -p urilint-bench`; CI runs the tests. This crate has no
//! code of its own.
