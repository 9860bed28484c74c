//! The pre-commit hooks of `.pre-commit-hooks.yaml`, end to end (issue
//! 14 section 3): a scratch git repository whose `.pre-commit-config.yaml`
//! names this checkout at its `HEAD` commit, as a user's names the
//! release tag; `pre-commit run` builds urilint with `cargo install` (the
//! hook's `language: rust`) and runs it on the staged files. The `urilint`
//! hook fails on a file with a finding and passes on a clean one;
//! `urilint-fix` rewrites a broken URI and fails (pre-commit's rule: a hook
//! that changed files fails), and passes on the second run;
//! `urilint-links` checks the whole tree's links even when the commit
//! only deletes a file (nothing staged to name), and with `args:
//! [--since, HEAD]` reports only the links the commit breaks.
//!
//! Apart from that, `readme_pins_a_release_with_the_hooks` checks (without
//! pre-commit) that README.md's snippet pins the release's tag and that
//! the tag (or, without it in this clone, this commit) carries every hook
//! the snippet names.
//!
//! It builds urilint in release mode the way a user's pre-commit does
//! (`cargo install`, sharing this checkout's `target/`): about two and a
//! half minutes on 2 cores. So that a newcomer's first `cargo test` stays
//! short, it runs only when `URILINT_TEST_PRECOMMIT=1` is set, as
//! `.ci/run` sets it; it skips with a message otherwise, and when
//! `pre-commit` or `git` is not installed or this checkout is not a git
//! repository.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

fn runs(cmd: &str, arg: &str) -> bool {
    Command::new(cmd)
        .arg(arg)
        .output()
        .is_ok_and(|o| o.status.success())
}

fn git(dir: &Path, args: &[&str]) -> Output {
    let out = Command::new("git")
        .current_dir(dir)
        .args(args)
        .output()
        .expect("git runs");
    assert!(
        out.status.success(),
        "git {args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    out
}

fn pre_commit(dir: &Path, home: &Path, hook: &str) -> Output {
    pre_commit_with(dir, home, &["run", hook, "--all-files", "--color", "never"])
}

/// `pre-commit run HOOK` on what is staged (nothing, or a deletion).
fn pre_commit_staged(dir: &Path, home: &Path, hook: &str) -> Output {
    pre_commit_with(dir, home, &["run", hook, "--color", "never"])
}

fn pre_commit_with(dir: &Path, home: &Path, args: &[&str]) -> Output {
    Command::new("pre-commit")
        .current_dir(dir)
        .args(args)
        .env("PRE_COMMIT_HOME", home)
        // Share this checkout's build (release profile) with the hook's
        // `cargo install`.
        .env("CARGO_TARGET_DIR", root().join("target"))
        .output()
        .expect("pre-commit runs")
}

#[test]
fn the_hooks_run_end_to_end() {
    if std::env::var_os("URILINT_TEST_PRECOMMIT").is_none_or(|v| v != "1") {
        crate::support::skip("set URILINT_TEST_PRECOMMIT=1 to run the pre-commit hooks end to end (about 2.5 minutes: a release build)");
        return;
    }
    if !runs("pre-commit", "--version") || !runs("git", "--version") {
        crate::support::skip("pre-commit or git is not installed (pip install pre-commit)");
        return;
    }
    let head = Command::new("git")
        .current_dir(root())
        .args(["rev-parse", "HEAD"])
        .output()
        .ok()
        .filter(|o| o.status.success());
    let Some(head) = head else {
        crate::support::skip("this checkout is not a git repository");
        return;
    };
    let head = String::from_utf8_lossy(&head.stdout).trim().to_string();
    let repo = tempfile::tempdir().expect("tempdir");
    let home = tempfile::tempdir().expect("tempdir");
    let dir = repo.path();
    git(dir, &["init", "-q"]);
    git(dir, &["config", "user.email", "test@example.org"]);
    git(dir, &["config", "user.name", "test"]);
    std::fs::write(
        dir.join(".pre-commit-config.yaml"),
        format!(
            "repos:\n  - repo: {}\n    rev: {head}\n    hooks:\n      - id: urilint\n      - id: urilint-fix\n      - id: urilint-links\n      - id: urilint-links\n        alias: urilint-links-new\n        args: [--since, HEAD]\n",
            root().display()
        ),
    )
    .expect("write");
    std::fs::write(dir.join("ok.md"), "See <https://www.example.org/>.\n").expect("write");
    std::fs::write(dir.join("bad.txt"), "See <http://a.example/%zz>.\n").expect("write");
    git(dir, &["add", "-A"]);

    let out = pre_commit(dir, home.path(), "urilint");
    let text =
        String::from_utf8_lossy(&out.stdout).into_owned() + &String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(
        text.contains("bad.txt:1:23: U002 '%' not followed by two hex digits in the path"),
        "{text}"
    );
    assert!(!text.contains("ok.md"), "{text}");

    std::fs::write(dir.join("bad.txt"), "See \"http://a.example/q/\n  r\".\n").expect("write");
    git(dir, &["add", "-A"]);
    let out = pre_commit(dir, home.path(), "urilint-fix");
    let text = String::from_utf8_lossy(&out.stdout);
    assert_eq!(out.status.code(), Some(1), "{text}");
    assert!(text.contains("files were modified by this hook"), "{text}");
    assert_eq!(
        std::fs::read_to_string(dir.join("bad.txt")).expect("read"),
        "See \"http://a.example/q/r\".\n"
    );
    git(dir, &["add", "-A"]);
    let out = pre_commit(dir, home.path(), "urilint-fix");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );
    let out = pre_commit(dir, home.path(), "urilint");
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stdout)
    );

    // urilint-links: the whole tree, at every commit.
    std::fs::write(
        dir.join("index.md"),
        "# Index\n\nSee [the guide](guide.md).\n",
    )
    .expect("write");
    std::fs::write(dir.join("guide.md"), "# Guide\n").expect("write");
    std::fs::write(dir.join("old.md"), "An old one: [gone](nowhere.md).\n").expect("write");
    git(dir, &["add", "-A"]);
    git(dir, &["commit", "-q", "-m", "docs"]);
    let links = |hook: &str| {
        let out = pre_commit_staged(dir, home.path(), hook);
        let text = String::from_utf8_lossy(&out.stdout).into_owned();
        (out.status.code(), text)
    };
    // Nothing staged: the old broken link is reported by the whole-tree
    // hook, not by the one that reports what is new since HEAD.
    let (code, text) = links("urilint-links");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains("./old.md:1:20: L001 links to nowhere.md, which does not exist"),
        "{text}"
    );
    assert!(!text.contains("index.md"), "{text}");
    let (code, text) = links("urilint-links-new");
    assert_eq!(code, Some(0), "{text}");
    // A commit that only deletes guide.md breaks the link of index.md.
    git(dir, &["rm", "-q", "guide.md"]);
    let (code, text) = links("urilint-links-new");
    assert_eq!(code, Some(1), "{text}");
    assert!(
        text.contains(
            "./index.md:3:17: L001 links to guide.md, which does not exist (deleted since HEAD)"
        ),
        "{text}"
    );
    assert!(!text.contains("old.md"), "{text}");
}

/// README.md's pre-commit snippet pins the release's tag (`v` +
/// Cargo.toml's version; tests/it/readme.rs checks that every pin agrees),
/// and the `.pre-commit-hooks.yaml` it will hold has every hook the
/// snippet names: the tag's, when this clone has the tag, else this
/// commit's (the one a release tags).
#[test]
fn readme_pins_a_release_with_the_hooks() {
    if !runs("git", "--version") {
        crate::support::skip("git is not installed");
        return;
    }
    let readme = std::fs::read_to_string(root().join("README.md")).expect("README.md");
    let start = readme
        .find("# .pre-commit-config.yaml")
        .expect("README.md has the pre-commit snippet");
    let snippet = &readme[start..start + readme[start..].find("```").expect("block end")];
    let rev = snippet
        .lines()
        .find_map(|l| l.trim().strip_prefix("rev: "))
        .expect("a rev: line")
        .trim();
    let manifest: toml::Table = std::fs::read_to_string(root().join("Cargo.toml"))
        .expect("Cargo.toml")
        .parse()
        .expect("Cargo.toml is TOML");
    let version = manifest["package"]["version"].as_str().expect("version");
    assert_eq!(
        rev,
        format!("v{version}"),
        "README.md's rev is not the release's tag"
    );
    let ids: Vec<&str> = snippet
        .lines()
        .filter_map(|l| l.trim().strip_prefix("- id: "))
        .map(|l| l.split_whitespace().next().unwrap_or(""))
        .collect();
    assert!(ids.contains(&"urilint-links"), "{ids:?}");
    let repository = Command::new("git")
        .current_dir(root())
        .args(["rev-parse", "--git-dir"])
        .output()
        .is_ok_and(|o| o.status.success());
    if !repository {
        crate::support::skip("this checkout is not a git repository");
        return;
    }
    let tagged = Command::new("git")
        .current_dir(root())
        .args([
            "rev-parse",
            "--verify",
            "--quiet",
            &format!("refs/tags/{rev}"),
        ])
        .output()
        .expect("git runs")
        .status
        .success();
    let hooks = if tagged {
        let out = Command::new("git")
            .current_dir(root())
            .args(["show", &format!("{rev}:.pre-commit-hooks.yaml")])
            .output()
            .expect("git runs");
        assert!(
            out.status.success(),
            "{rev} has no .pre-commit-hooks.yaml: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        String::from_utf8_lossy(&out.stdout).into_owned()
    } else {
        eprintln!("no tag {rev} in this clone: the hooks of this commit, which the release tags");
        std::fs::read_to_string(root().join(".pre-commit-hooks.yaml")).expect("hooks")
    };
    for id in ids {
        assert!(
            hooks.contains(&format!("- id: {id}\n")),
            "{rev} has no hook {id}"
        );
    }
}

/// The wheel-based hooks of `pre-commit/` (issue 48), as a user gets
/// them: that folder as its own git repository tagged `v` + the version,
/// a fresh `PRE_COMMIT_HOME`, no `cargo` or `rustc` on `PATH`, and pip
/// reaching no index (`PIP_NO_INDEX`) but a directory with the urilint
/// wheel `.ci/run` built (`URILINT_TEST_WHEELS`) and the setuptools wheel
/// that pre-commit's own virtualenv carries (the hook package's build
/// backend). `git commit` of a broken link and an invalid URI is blocked;
/// once fixed, it passes. The first commit (the hook environment
/// installed from the wheel, then run) is timed and the time printed (not
/// asserted: a loaded machine stretches it; with no cargo on PATH no
/// build from source can happen).
#[test]
fn the_wheel_hooks_install_without_cargo() {
    if std::env::var_os("URILINT_TEST_PRECOMMIT").is_none_or(|v| v != "1") {
        crate::support::skip("set URILINT_TEST_PRECOMMIT=1 (and URILINT_TEST_WHEELS) to run the wheel's pre-commit hooks");
        return;
    }
    let Some(wheels) = std::env::var_os("URILINT_TEST_WHEELS").map(PathBuf::from) else {
        crate::support::skip("URILINT_TEST_WHEELS names no directory of urilint wheels (maturin build --release --locked -o DIR)");
        return;
    };
    let version = env!("CARGO_PKG_VERSION");
    let wheel = std::fs::read_dir(&wheels)
        .into_iter()
        .flatten()
        .flatten()
        .map(|e| e.path())
        .find(|p| {
            p.file_name().and_then(|n| n.to_str()).is_some_and(|n| {
                n.starts_with(&format!("urilint-{version}-")) && n.ends_with(".whl")
            })
        });
    let Some(wheel) = wheel else {
        crate::support::skip(format!(
            "no urilint-{version}-*.whl in {}",
            wheels.display()
        ));
        return;
    };
    // pre-commit and its interpreter, found before PATH loses cargo.
    let Some(pre_commit) = which("pre-commit") else {
        crate::support::skip("pre-commit is not installed (pip install pre-commit)");
        return;
    };
    if !runs("git", "--version") {
        crate::support::skip("git is not installed");
        return;
    }
    let python = std::fs::read_to_string(&pre_commit)
        .ok()
        .and_then(|s| {
            s.lines()
                .next()
                .and_then(|l| l.strip_prefix("#!"))
                .map(|p| p.trim().to_owned())
        })
        .expect("pre-commit is a Python script");
    let bundle = Command::new(&python)
        .args([
            "-c",
            "from virtualenv.seed.wheels.embed import BUNDLE_FOLDER; print(BUNDLE_FOLDER)",
        ])
        .output()
        .expect("pre-commit's python runs");
    let bundle = PathBuf::from(String::from_utf8_lossy(&bundle.stdout).trim());
    let links = tempfile::tempdir().expect("tempdir");
    std::fs::copy(&wheel, links.path().join(wheel.file_name().expect("name"))).expect("copy");
    let setuptools = std::fs::read_dir(&bundle)
        .expect("virtualenv's wheels")
        .flatten()
        .map(|e| e.path())
        .filter(|p| {
            p.file_name()
                .and_then(|n| n.to_str())
                .is_some_and(|n| n.starts_with("setuptools-"))
        })
        .max()
        .expect("virtualenv carries a setuptools wheel");
    std::fs::copy(
        &setuptools,
        links.path().join(setuptools.file_name().expect("name")),
    )
    .expect("copy");

    // The hook repository: pre-commit/ alone, tagged.
    let hooks = tempfile::tempdir().expect("tempdir");
    for f in [".pre-commit-hooks.yaml", "pyproject.toml", "README.md"] {
        std::fs::copy(root().join("pre-commit").join(f), hooks.path().join(f)).expect("copy");
    }
    let project = std::fs::read_to_string(hooks.path().join("pyproject.toml")).expect("read");
    assert!(
        project.contains(&format!("version = \"{version}\"")),
        "pre-commit/pyproject.toml: not version {version}"
    );
    assert!(
        project.contains(&format!("\"urilint=={version}\"")),
        "pre-commit/pyproject.toml: not urilint=={version}"
    );
    git(hooks.path(), &["init", "-q"]);
    git(hooks.path(), &["add", "-A"]);
    git(
        hooks.path(),
        &[
            "-c",
            "user.email=t@example.org",
            "-c",
            "user.name=t",
            "commit",
            "-q",
            "-m",
            "hooks",
        ],
    );
    git(hooks.path(), &["tag", &format!("v{version}")]);

    // The user's repository.
    let repo = tempfile::tempdir().expect("tempdir");
    let home = tempfile::tempdir().expect("tempdir");
    let dir = repo.path();
    git(dir, &["init", "-q"]);
    git(dir, &["config", "user.email", "test@example.org"]);
    git(dir, &["config", "user.name", "test"]);
    std::fs::write(
        dir.join(".pre-commit-config.yaml"),
        format!(
            "repos:\n  - repo: {}\n    rev: v{version}\n    hooks:\n      - id: urilint\n      - id: urilint-links\n",
            hooks.path().display()
        ),
    )
    .expect("write");
    std::fs::write(
        dir.join("index.md"),
        "# Index\n\nSee [the guide](guide.md).\n",
    )
    .expect("write");
    std::fs::write(dir.join("bad.txt"), "See <http://a.example/%zz>.\n").expect("write");
    git(dir, &["add", "-A"]);
    // PATH without cargo and rustc: the wheel is the only way to urilint.
    let path: Vec<PathBuf> = std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())
        .filter(|d| !d.join("cargo").exists() && !d.join("rustc").exists())
        .collect();
    let path = std::env::join_paths(path).expect("PATH");
    let env = |c: &mut Command| {
        c.current_dir(dir)
            .env("PATH", &path)
            .env("PRE_COMMIT_HOME", home.path())
            .env("PIP_NO_INDEX", "1")
            .env("PIP_FIND_LINKS", links.path())
            .env_remove("CARGO_TARGET_DIR")
            .env_remove("CARGO_HOME")
            .env_remove("RUSTUP_HOME");
    };
    let mut install = Command::new(&pre_commit);
    install.arg("install");
    env(&mut install);
    let out = install.output().expect("pre-commit install");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let commit = |message: &str| {
        let mut c = Command::new("git");
        c.args(["commit", "-q", "-m", message]);
        env(&mut c);
        let started = std::time::Instant::now();
        let out = c.output().expect("git commit");
        let text = String::from_utf8_lossy(&out.stdout).into_owned()
            + &String::from_utf8_lossy(&out.stderr);
        (out.status.success(), text, started.elapsed())
    };
    let (ok, text, first) = commit("broken");
    assert!(!ok, "the commit went through: {text}");
    assert!(
        text.contains("bad.txt:1:23: U002 '%' not followed by two hex digits in the path"),
        "{text}"
    );
    assert!(
        text.contains("index.md:3:17: L001 links to guide.md, which does not exist"),
        "{text}"
    );
    assert!(!text.contains("cargo"), "{text}");
    eprintln!(
        "the wheel hooks' first run (installed from the wheel, then run): {:.1} s",
        first.as_secs_f64()
    );
    // The hook's urilint is the wheel's binary, in pre-commit's environment.
    let installed = std::fs::read_dir(home.path())
        .expect("PRE_COMMIT_HOME")
        .flatten()
        .flat_map(|r| std::fs::read_dir(r.path()).into_iter().flatten().flatten())
        .any(|e| {
            e.file_name().to_string_lossy().starts_with("py_env-")
                && e.path().join("bin/urilint").exists()
        });
    assert!(
        installed,
        "no urilint in a py_env of {}",
        home.path().display()
    );
    std::fs::write(dir.join("bad.txt"), "See <http://a.example/%20>.\n").expect("write");
    std::fs::write(dir.join("guide.md"), "# Guide\n").expect("write");
    git(dir, &["add", "-A"]);
    let (ok, text, _) = commit("fixed");
    assert!(ok, "{text}");
    git(dir, &["rev-parse", "HEAD"]);
}

/// The first `cmd` on `PATH`, as a path.
fn which(cmd: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?)
        .map(|d| d.join(cmd))
        .find(|p| p.is_file())
}
