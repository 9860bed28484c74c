//! Build script: the commit `urilint --version` names (issue 48).
//!
//! Sets `URILINT_VERSION`, the text after `urilint ` in `--version`:
//! the package version, then the commit's short hash and date when a
//! release build is made in a git checkout of this repository,
//! `0.1.0 (a703c9000 2026-11-29)`; the version alone where no commit is
//! known (an sdist, a wheel built from it, the crates.io package).
//! `URILINT_COMMIT`, when set, is taken as that parenthesis (for builds
//! whose `.git` is gone). Debug builds (the tests) name no commit, so
//! that a commit does not rebuild the crate: the environment variable is
//! seen by every target of the package.

use std::path::Path;
use std::process::Command;

fn main() {
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-env-changed=URILINT_COMMIT");
    let release = std::env::var("PROFILE").is_ok_and(|p| p == "release");
    let commit = match std::env::var("URILINT_COMMIT") {
        Ok(c) if !c.trim().is_empty() => Some(c.trim().to_owned()),
        _ if release => git_commit(),
        _ => None,
    };
    let text = match commit {
        Some(c) => format!("{version} ({c})"),
        None => version,
    };
    println!("cargo:rustc-env=URILINT_VERSION={text}");
}

/// `HASH DATE` of HEAD, only when the manifest's own directory is the top
/// of a git checkout (an sdist unpacked inside another repository must
/// not name that repository's commit); `None` without git.
fn git_commit() -> Option<String> {
    let dir = std::env::var("CARGO_MANIFEST_DIR").ok()?;
    let dir = Path::new(&dir);
    if !dir.join(".git").exists() {
        return None;
    }
    let git = |args: &[&str]| -> Option<String> {
        let out = Command::new("git")
            .arg("-C")
            .arg(dir)
            .args(args)
            .output()
            .ok()?;
        let text = String::from_utf8(out.stdout).ok()?;
        (out.status.success() && !text.trim().is_empty()).then(|| text.trim().to_owned())
    };
    // Rebuilt when HEAD moves: the HEAD file, and the branch it names
    // (loose ref or packed-refs), wherever the git directory is (a
    // worktree's `.git` is a file naming it).
    // (A path that does not exist would rerun the script every time.)
    let watch = |path: Option<String>| {
        if let Some(p) = path.filter(|p| Path::new(p).exists()) {
            println!("cargo:rerun-if-changed={p}");
        }
    };
    let git_path = |name: &str| git(&["rev-parse", "--path-format=absolute", "--git-path", name]);
    watch(git_path("HEAD"));
    if let Some(name) = git(&["symbolic-ref", "-q", "HEAD"]) {
        watch(git_path(&name));
    }
    watch(git_path("packed-refs"));
    let line = git(&["log", "-1", "--format=%h %cs", "--abbrev=9"])?;
    Some(line)
}
