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
