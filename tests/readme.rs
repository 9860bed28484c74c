//! README.md's examples are real: every `$ urilint ...` line in an
//! untagged code block is run (through `sh -c`, with no configuration
//! file, in a scratch directory that holds a fresh copy of `fixtures/`, so
//! that examples of `--fix` and `--add-ignore` may write) and its standard
//! output compared with the lines that follow it up to the next `$ ` line
//! or the end of the block.
//! Examples whose shown output is abridged (a line that is just `...`)
//! are checked line by line: each shown line must appear, in order.
#![cfg(feature = "cli")] // runs the `urilint` binary

use std::path::Path;
use std::process::Command;

/// One example: the command line after `$ `, the output shown, and the
/// 1-based line of the command in README.md.
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

#[test]
fn readme_examples_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).expect("README.md reads");
    let bin = env!("CARGO_BIN_EXE_urilint");
    // Tagged blocks (```sh, ```toml ...) must not be taken for transcripts:
    // count the examples so that a parsing slip shows.
    let all = examples(&readme);
    assert!(all.len() >= 12, "only {} examples found", all.len());
    let mut failures = Vec::new();
    for ex in &all {
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
                "README.md:{}: $ {}\n--- shown\n{}\n--- printed\n{}",
                ex.line,
                ex.command,
                ex.shown.join("\n"),
                got.join("\n")
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n\n"));
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
