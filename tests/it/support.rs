//! What the integration tests' modules share: how a test says it did not
//! run (a tool or an input it needs is missing).
//!
//! A skipped test passes in `cargo test`, so a run where an install
//! failed would look green without having run the test. Every skip goes
//! through [`skip`] or [`skip_platform`]: both print `skipped: WHY` to
//! standard error and append `TEST: WHY` to `CARGO_TARGET_TMPDIR/skipped.txt`
//! (`target/tmp/skipped.txt`, which `.ci/run` prints after `cargo test`).
//! With `URILINT_TEST_STRICT=1` (set by `.ci/run`), [`skip`] fails the test
//! instead: in CI every test with a real component must run.

use std::fmt::Display;
use std::io::Write;

/// The file every skip is recorded in (one line each: the test's name, a
/// colon, the reason), under Cargo's temporary directory for integration
/// tests.
pub fn skipped_file() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("skipped.txt")
}

/// True when `URILINT_TEST_STRICT=1`: a skip for a missing tool or input
/// fails the test.
pub fn strict() -> bool {
    std::env::var_os("URILINT_TEST_STRICT").is_some_and(|v| v == "1")
}

/// Records that the running test (or a part of it) did not run because
/// `why`, on standard error and in [`skipped_file`].
fn record(why: &dyn Display) {
    let test = std::thread::current()
        .name()
        .unwrap_or("(unnamed test)")
        .to_string();
    eprintln!("skipped: {why}");
    // A lost record loses a line of the summary, never the test's verdict.
    if let Ok(mut f) = std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(skipped_file())
    {
        let _ = writeln!(f, "{test}: {why}");
    }
}

/// The running test (or a part of it) does not run because a tool or an
/// input it needs is missing (`why` says which, and how to get it): a
/// message and a record ([`record`]); under [`strict`] a panic, so CI
/// cannot pass without running it.
pub fn skip(why: impl Display) {
    if strict() {
        panic!("URILINT_TEST_STRICT=1 and this test cannot run: {why}");
    }
    record(&why);
}

/// The running test (or a part of it) does not apply on this machine
/// (`why`: it needs root, or not root; a file system without extended
/// attributes; a shallow clone): a message and a record, never a failure,
/// since no install on the machine would make it run.
// Only the modules that run the binary use it.
#[cfg_attr(not(feature = "cli"), allow(dead_code))]
pub fn skip_platform(why: impl Display) {
    record(&why);
}
