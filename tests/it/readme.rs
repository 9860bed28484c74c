//! The examples of README.md and of the pages of docs/ are real: every
//! `$ urilint ...` line in an untagged code block is run (through `sh -c`, with no configuration
//! file, in a scratch directory that holds a fresh copy of `fixtures/`, so
//! that examples of `--fix` and `--add-ignore` may write) and its standard
//! output compared with the lines that follow it up to the next `$ ` line
//! or the end of the block.
//! Examples whose shown output is abridged (a line that is just `...`)
//! are checked line by line: each shown line must appear, in order.
//! And their relative links resolve: README.md and docs/ checked with
//! `check --links local`, and README's GitHub Actions workflow pins the
//! commit its pre-commit snippet pins (which tests/it/precommit.rs checks).
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::Path;
use std::process::Command;

/// One example: the command line after `$ `, the output shown, and the
/// 1-based line of the command in its document.
struct Example {
    line: usize,
    command: String,
    shown: Vec<String>,
}

/// The `$ urilint` examples in `readme`'s untagged code blocks.
fn examples(readme: &str) -> Vec<Example> {
    let mut out: Vec<Example> = Vec::new();
    // None: outside a block; Some(true): in an untagged block; Some(false):
    // in a tagged one (```sh, ```toml ...), which holds no transcripts.
    let mut block: Option<bool> = None;
    let mut current: Option<Example> = None;
    for (i, line) in readme.lines().enumerate() {
        if let Some(tag) = line.strip_prefix("```") {
            block = match block {
                Some(_) => {
                    out.extend(current.take());
                    None
                }
                None => Some(tag.trim().is_empty()),
            };
            continue;
        }
        if block != Some(true) {
            continue;
        }
        if let Some(cmd) = line.strip_prefix("$ ") {
            out.extend(current.take());
            // `urilint ...`, or a pipeline that feeds urilint
            // (`printf ... | urilint ...`).
            if cmd.starts_with("urilint ") || cmd.contains("| urilint ") {
                current = Some(Example {
                    line: i + 1,
                    command: cmd.to_string(),
                    shown: Vec::new(),
                });
            }
        } else if let Some(ex) = current.as_mut() {
            ex.shown.push(line.to_string());
        }
    }
    out
}

/// README.md and the Markdown pages of docs/ (in file-name order), each
/// as its path relative to the repository and its text.
fn documents(root: &Path) -> Vec<(String, String)> {
    let mut names: Vec<String> = std::fs::read_dir(root.join("docs"))
        .expect("docs/ reads")
        .map(|e| e.expect("entry").file_name().to_string_lossy().into_owned())
        .filter(|n| n.ends_with(".md"))
        .map(|n| format!("docs/{n}"))
        .collect();
    names.sort();
    names.insert(0, "README.md".to_string());
    names
        .into_iter()
        .map(|n| {
            let text = std::fs::read_to_string(root.join(&n))
                .unwrap_or_else(|e| panic!("{n} does not read: {e}"));
            (n, text)
        })
        .collect()
}

#[test]
fn readme_and_docs_examples_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let bin = env!("CARGO_BIN_EXE_urilint");
    // Tagged blocks (```sh, ```toml ...) must not be taken for transcripts:
    // count the examples so that a parsing slip shows.
    let all: Vec<(String, Example)> = documents(root)
        .into_iter()
        .flat_map(|(name, text)| {
            examples(&text)
                .into_iter()
                .map(move |ex| (name.clone(), ex))
        })
        .collect();
    assert!(all.len() >= 35, "only {} examples found", all.len());
    let in_readme = all.iter().filter(|(n, _)| n == "README.md").count();
    assert!(in_readme >= 2, "only {in_readme} examples in README.md");
    let mut failures = Vec::new();
    for (doc, ex) in &all {
        // `check` must not pick up a urilint.toml from the environment.
        let command = match ex.command.strip_prefix("urilint check ") {
            Some(args) => format!("urilint check --isolated {args}"),
            None => ex.command.clone(),
        };
        // Every `urilint` of the command line (pipelines have several) is
        // the binary under test.
        let bin_dir = Path::new(bin).parent().expect("the binary's directory");
        let path = std::env::join_paths(std::iter::once(bin_dir.to_path_buf()).chain(
            std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default()),
        ))
        .expect("PATH joins");
        let scratch = tempfile::tempdir().expect("tempdir");
        copy_tree(&root.join("fixtures"), &scratch.path().join("fixtures"));
        let out = Command::new("sh")
            .arg("-c")
            .arg(&command)
            .current_dir(scratch.path())
            .env("PATH", &path)
            .env("NO_COLOR", "1")
            .output()
            .expect("sh runs");
        let got = String::from_utf8_lossy(&out.stdout);
        let got: Vec<&str> = got.lines().collect();
        let abridged = ex.shown.iter().any(|l| l.trim() == "...");
        let ok = if abridged {
            let mut it = got.iter();
            ex.shown
                .iter()
                .filter(|l| l.trim() != "...")
                .all(|want| it.any(|g| g == want))
        } else {
            got == ex.shown
        };
        if !ok {
            failures.push(format!(
                "{doc}:{}: $ {}\n--- shown\n{}\n--- printed\n{}",
                ex.line,
                ex.command,
                ex.shown.join("\n"),
                got.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
}

/// The text of README.md's code block that starts with the line
/// `first` (up to the closing fence).
fn readme_block<'a>(readme: &'a str, first: &str) -> &'a str {
    let start = readme
        .find(first)
        .unwrap_or_else(|| panic!("README.md has no block starting {first:?}"));
    let len = readme[start..]
        .find("```")
        .unwrap_or_else(|| panic!("the block {first:?} is not closed"));
    &readme[start..start + len]
}

/// README's GitHub Actions workflow: its steps, in order.
fn workflow_steps(readme: &str) -> (yaml_rust2::Yaml, Vec<yaml_rust2::Yaml>) {
    let text = readme_block(readme, "# .github/workflows/urilint.yml");
    let docs = yaml_rust2::YamlLoader::load_from_str(text)
        .unwrap_or_else(|e| panic!("README's workflow is not YAML: {e}\n{text}"));
    let job = docs
        .into_iter()
        .next()
        .map(|d| d["jobs"]["check"].clone())
        .unwrap_or(yaml_rust2::Yaml::BadValue);
    let steps = job["steps"].as_vec().cloned().unwrap_or_default();
    (job, steps)
}

/// README's workflow builds the commit its pre-commit snippet pins (which
/// tests/it/precommit.rs checks is one of this repository's, with the hooks)
/// and runs `urilint check` with GitHub annotations.
#[test]
fn readme_workflow_builds_the_pinned_commit() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let (job, steps) = workflow_steps(&readme);
    let rev = job["env"]["URILINT_REV"]
        .as_str()
        .unwrap_or_else(|| panic!("the workflow's job has no env URILINT_REV: {job:?}"));
    let pinned = readme_block(&readme, "# .pre-commit-config.yaml")
        .lines()
        .find_map(|l| l.trim().strip_prefix("rev: "))
        .map(str::trim)
        .expect("the pre-commit snippet has a rev: line");
    assert_eq!(
        rev, pinned,
        "the workflow and the pre-commit snippet pin different commits"
    );
    let runs: Vec<&str> = steps.iter().filter_map(|s| s["run"].as_str()).collect();
    assert!(
        runs.iter()
            .any(|r| r.starts_with("cargo install --locked --git ")
                && r.contains("--rev \"$URILINT_REV\"")),
        "no step builds URILINT_REV: {runs:?}"
    );
    assert!(
        runs.last()
            .is_some_and(|r| r.starts_with("urilint check ") && r.contains("--format github")),
        "the last step is not `urilint check --format github`: {runs:?}"
    );
}

/// README.md's and docs/'s relative links resolve, to files and to
/// `#fragments` (GitHub's heading ids): the workflow's own `urilint check`
/// step, run on README.md and docs/ instead of `.`, finds nothing.
#[test]
fn readme_and_docs_links_resolve() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let (_, steps) = workflow_steps(&readme);
    let step = steps
        .iter()
        .filter_map(|s| s["run"].as_str())
        .next_back()
        .expect("the workflow has a run step");
    let mut args: Vec<&str> = Vec::new();
    for word in step.split_whitespace().skip(1) {
        match word {
            "." => args.extend(["README.md", "docs"]),
            // plain: one finding a line, for the message below
            "github" => args.push("plain"),
            w => args.push(w),
        }
        if word == "check" {
            args.push("--isolated");
        }
    }
    assert!(
        args.contains(&"--links") && args.contains(&"docs"),
        "{args:?}"
    );
    let out = Command::new(env!("CARGO_BIN_EXE_urilint"))
        .current_dir(root)
        .args(&args)
        .env("NO_COLOR", "1")
        .output()
        .expect("urilint runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success() && stdout.is_empty(),
        "urilint {} (exit status {:?}):\n{stdout}{}",
        args.join(" "),
        out.status.code(),
        String::from_utf8_lossy(&out.stderr)
    );
}

/// Copies the directory `from` to `to` (files and directories only).
fn copy_tree(from: &Path, to: &Path) {
    std::fs::create_dir_all(to).expect("mkdir");
    for entry in std::fs::read_dir(from).expect("readable") {
        let entry = entry.expect("entry");
        let ty = entry.file_type().expect("type");
        let dest = to.join(entry.file_name());
        if ty.is_dir() {
            copy_tree(&entry.path(), &dest);
        } else if ty.is_file() {
            std::fs::copy(entry.path(), &dest).expect("copy");
        }
    }
}

/// One version that README.md or docs/install.md pins: where, what kind,
/// and the text pinned.
#[derive(Debug)]
struct Pin {
    place: String,
    kind: &'static str,
    value: String,
}

/// Every version pinned in `text` (`file` names it in the messages):
/// pre-commit's `rev:`, the workflows' `URILINT_REV:`, the action's
/// `uses: urilint/urilint@`, release download URLs (`/releases/download/`),
/// `urilint==` (pip, pipx) and `cargo install`/`cargo binstall` with
/// `--version`, `--tag` or `urilint@`. Comments after `#` are left out of
/// a YAML value.
fn version_pins(file: &str, text: &str) -> Vec<Pin> {
    let token = |rest: &str| -> String {
        rest.split(|c: char| c.is_whitespace() || c == '"' || c == '\'' || c == '`' || c == ')')
            .find(|t| !t.is_empty())
            .unwrap_or("")
            .trim_end_matches([',', '.', ';'])
            .to_owned()
    };
    let mut pins = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let place = format!("{file}:{}", n + 1);
        let mut push = |kind: &'static str, value: String| {
            pins.push(Pin {
                place: place.clone(),
                kind,
                value,
            });
        };
        let code = line.trim_start();
        for (key, kind) in [("rev:", "pre-commit rev"), ("URILINT_REV:", "URILINT_REV")] {
            if let Some(v) = code.strip_prefix(key) {
                push(kind, token(v.split(" #").next().unwrap_or("")));
            }
        }
        let finds = [
            ("urilint/urilint@", "action uses"),
            ("/releases/download/", "release URL"),
            ("urilint==", "pip pin"),
        ];
        for (key, kind) in finds {
            for (at, _) in line.match_indices(key) {
                let v = token(&line[at + key.len()..]);
                let v = v.split('/').next().unwrap_or("").to_owned();
                // A placeholder (`vVERSION`, `v{ version }`) pins nothing.
                if v.chars().any(|c| c.is_ascii_digit()) {
                    push(kind, v);
                }
            }
        }
        if line.contains("cargo install") || line.contains("cargo binstall") {
            let words: Vec<&str> = line.split_whitespace().collect();
            for (i, w) in words.iter().enumerate() {
                let next = || words.get(i + 1).map(|s| token(s)).unwrap_or_default();
                match *w {
                    "--version" => push("cargo --version", next()),
                    "--tag" => push("cargo --tag", next()),
                    _ => {
                        if let Some(v) = w.strip_prefix("urilint@") {
                            push("cargo urilint@", token(v));
                        }
                    }
                }
            }
        }
    }
    pins
}

/// README's pinned versions (pre-commit `rev:`, the action's `uses:
/// ...@`, the workflows' `URILINT_REV`, install commands with a version),
/// docs/install.md's, Cargo.toml's version and CHANGELOG.md's latest
/// released section (the first `## X.Y.Z (..., tag vX.Y.Z)` below
/// `## Unreleased`) all agree (issue 48): a release bumps them together.
/// A commit SHA where a version belongs fails too.
#[test]
fn readme_pins_the_version_of_cargo_toml_and_changelog() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let read =
        |f: &str| std::fs::read_to_string(root.join(f)).unwrap_or_else(|e| panic!("{f}: {e}"));
    let manifest: toml::Table = read("Cargo.toml").parse().expect("Cargo.toml is TOML");
    let version = manifest["package"]["version"]
        .as_str()
        .expect("Cargo.toml has a version")
        .to_owned();
    let tag = format!("v{version}");

    let changelog = read("CHANGELOG.md");
    let released = changelog
        .lines()
        .filter_map(|l| l.strip_prefix("## "))
        .find(|h| h.trim() != "Unreleased")
        .expect("CHANGELOG.md has a released section");
    assert!(
        released.starts_with(&format!("{version} (")),
        "CHANGELOG.md's latest released section is `## {released}`, Cargo.toml's version {version}"
    );
    assert!(
        released.contains(&format!("tag {tag})")),
        "CHANGELOG.md's `## {released}` does not name the tag {tag}"
    );

    let mut pins = version_pins("README.md", &read("README.md"));
    let readme_kinds: Vec<&str> = pins.iter().map(|p| p.kind).collect();
    for kind in ["pre-commit rev", "action uses", "pip pin"] {
        assert!(
            readme_kinds.contains(&kind),
            "README.md pins no version as {kind}: {pins:?}"
        );
    }
    pins.extend(version_pins("docs/install.md", &read("docs/install.md")));
    let wrong: Vec<String> = pins
        .iter()
        .filter(|p| {
            let want = match p.kind {
                "pip pin" | "cargo --version" | "cargo urilint@" => &version,
                _ => &tag,
            };
            &p.value != want
        })
        .map(|p| format!("{}: {} {}", p.place, p.kind, p.value))
        .collect();
    assert!(
        wrong.is_empty(),
        "pins that are not version {version} (tag {tag}) of Cargo.toml and CHANGELOG.md:\n{}",
        wrong.join("\n")
    );
}

#[test]
fn version_pins_are_found_where_readme_writes_them() {
    let text = "    rev: v1.2.3   # a comment\n\
                URILINT_REV: 0123456789abcdef0123456789abcdef01234567\n\
                - uses: urilint/urilint@v1.2.3\n\
                pipx install urilint==1.2.3\n\
                curl -LO https://github.com/urilint/urilint/releases/download/v1.2.3/urilint-x.tar.gz\n\
                cargo install --locked urilint --version 1.2.3\n\
                cargo binstall urilint@1.2.3\n\
                $URILINT_DOWNLOAD_BASE/vVERSION/ and pip install urilint\n";
    let found: Vec<(&str, String)> = version_pins("t", text)
        .into_iter()
        .map(|p| (p.kind, p.value))
        .collect();
    let want = [
        ("pre-commit rev", "v1.2.3"),
        ("URILINT_REV", "0123456789abcdef0123456789abcdef01234567"),
        ("action uses", "v1.2.3"),
        ("pip pin", "1.2.3"),
        ("release URL", "v1.2.3"),
        ("cargo --version", "1.2.3"),
        ("cargo urilint@", "1.2.3"),
    ];
    let want: Vec<(&str, String)> = want.iter().map(|(k, v)| (*k, v.to_string())).collect();
    assert_eq!(found, want);
}
