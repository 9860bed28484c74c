//! The invariants of ARCHITECTURE.md, read from the source: which
//! top-level module of the library may use which (the layering
//! grammar ← scan ← format ← lint/site ← checker ← CLI/server), and
//! which modules may write to the process's standard output or error.
//! A path in a comment does not count (doc links may point anywhere);
//! test modules do not count.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// The library's source files under `src/`, but the binary's (`main.rs`,
/// `cli.rs`, the folder `cli/`).
fn library_files() -> Vec<PathBuf> {
    fn walk(dir: &Path, out: &mut Vec<PathBuf>) {
        let mut entries: Vec<_> = std::fs::read_dir(dir)
            .unwrap()
            .map(|e| e.unwrap().path())
            .collect();
        entries.sort();
        for p in entries {
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|e| e == "rs") {
                out.push(p);
            }
        }
    }
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut out = Vec::new();
    walk(&src, &mut out);
    out.retain(|p| {
        let rel = p.strip_prefix(&src).unwrap();
        rel != Path::new("main.rs") && rel != Path::new("cli.rs") && !rel.starts_with("cli")
    });
    out
}

/// The top-level module a file of `src/` belongs to (`site` for
/// `src/site/slug/zola.rs`, `walk` for `src/walk.rs`).
fn module_of(path: &Path) -> String {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let rel = path.strip_prefix(&src).unwrap();
    let first = rel.components().next().unwrap().as_os_str();
    first.to_string_lossy().trim_end_matches(".rs").to_string()
}

/// The code of a file without its comments' lines and its test modules
/// (from the first `#[cfg(test)]` of a file on, or the whole of a
/// `tests.rs`), each line with its 1-based number.
fn code_lines(path: &Path) -> Vec<(usize, String)> {
    if path.file_name().is_some_and(|n| n == "tests.rs")
        || path.components().any(|c| c.as_os_str() == "tests")
    {
        return Vec::new();
    }
    let text = std::fs::read_to_string(path).unwrap();
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if t.starts_with("#[cfg(test)]") {
            break;
        }
        if t.starts_with("//") {
            continue;
        }
        out.push((i + 1, line.to_string()));
    }
    out
}

/// The top-level modules `crate::X` (or `super::X` from a top-level
/// file) that the code of `path` names, with where.
fn uses(path: &Path, modules: &BTreeSet<String>) -> Vec<(String, usize)> {
    let mut out = Vec::new();
    for (n, line) in code_lines(path) {
        for prefix in ["crate::", "urilint::"] {
            let mut rest = line.as_str();
            while let Some(i) = rest.find(prefix) {
                rest = &rest[i + prefix.len()..];
                let name: String = rest
                    .chars()
                    .take_while(|c| c.is_ascii_alphanumeric() || *c == '_')
                    .collect();
                if modules.contains(&name) {
                    out.push((name, n));
                }
            }
        }
    }
    out
}

fn top_modules(files: &[PathBuf]) -> BTreeSet<String> {
    files.iter().map(|p| module_of(p)).collect()
}

/// Each module of a lower layer, and the modules it may use (besides
/// itself). A module not listed here is of the upper layers.
const ALLOWED: &[(&str, &[&str])] = &[
    // The URI grammar (`grammar`, `scheme`, `resolve`, `normalize`) is
    // the crate `urilint-uri` ([`the_uri_crate_depends_on_nothing_above`]);
    // what stands on it alone.
    ("error", &["output"]),
    ("unwrap", &["grammar"]),
    // The scanner, `position` and `mmap` are the crate `urilint-scan`
    // ([`the_scanner_crate_depends_on_the_uri_crate_alone`]).
    // The format layer is the crate `urilint-format`
    // ([`the_format_crate_depends_on_the_scanner_and_the_uri_crate_alone`]).
];

#[test]
fn lower_layers_use_nothing_above_them() {
    let files = library_files();
    let modules = top_modules(&files);
    let mut broken = Vec::new();
    for file in &files {
        let module = module_of(file);
        let Some((_, allowed)) = ALLOWED.iter().find(|(m, _)| *m == module) else {
            continue;
        };
        for (used, line) in uses(file, &modules) {
            if used != module && !allowed.contains(&used.as_str()) {
                broken.push(format!("{}:{line}: {module} uses {used}", file.display()));
            }
        }
    }
    assert!(
        broken.is_empty(),
        "ARCHITECTURE.md's layering broken:\n{}",
        broken.join("\n")
    );
}

#[test]
fn only_the_front_ends_use_the_server_and_the_checker() {
    let files = library_files();
    let modules = top_modules(&files);
    let mut broken = Vec::new();
    for file in &files {
        let module = module_of(file);
        for (used, line) in uses(file, &modules) {
            let server_ok = module == "server";
            // The checker (`run`) is used by the front ends and by the
            // progress indicator that counts its `Stats`.
            let run_ok = matches!(module.as_str(), "run" | "server" | "progress");
            if (used == "server" && !server_ok) || (used == "run" && !run_ok) {
                broken.push(format!("{}:{line}: {module} uses {used}", file.display()));
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_library_leaves_the_terminal_to_the_front_ends() {
    // Standard output and error belong to the binary; the library
    // emits findings and notices to a sink. Known exceptions, each with
    // its reason: the server's transport is standard input and output
    // (LSP); the progress indicators draw on standard error (the run's,
    // and the remote check's line while links are requested); `config`
    // warns of a configuration file it passes over (to become a notice).
    let allowed = [
        "src/server/frames.rs",
        "src/progress.rs",
        "src/run/check/remote.rs",
        "src/config/discover.rs",
        "src/config/settings.rs",
    ];
    let mut broken = Vec::new();
    for file in library_files() {
        if allowed.iter().any(|a| file.ends_with(a)) {
            continue;
        }
        for (n, line) in code_lines(&file) {
            for needle in [
                "println!(",
                "eprintln!(",
                "print!(",
                "eprint!(",
                "io::stdout()",
                "io::stderr()",
            ] {
                if line.contains(needle) && !line.contains(&format!("e{needle}")) {
                    broken.push(format!("{}:{n}: {}", file.display(), line.trim()));
                }
            }
        }
    }
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

#[test]
fn the_test_reads_the_source_it_guards() {
    // A guard that found no file would pass by reading nothing.
    let files = library_files();
    let modules = top_modules(&files);
    for m in ["links", "run", "server", "site", "lint"] {
        assert!(modules.contains(m), "src/{m} not found");
    }
    let site_files = files.iter().filter(|f| module_of(f) == "site").count();
    assert!(site_files >= 5, "{site_files} files of src/site read");
    // And it sees a use where there is one.
    let sink = files.iter().find(|f| f.ends_with("src/sink.rs")).unwrap();
    assert!(uses(sink, &modules).iter().any(|(m, _)| m == "lint"));
}

/// The URI layer is a crate of its own (issue 47): its dependencies are
/// the crates named here and nothing of urilint's, so the crate graph
/// enforces that the grammar uses nothing of the scanner, the formats or
/// the linter; its modules are the ones urilint re-exports.
#[test]
fn the_uri_crate_depends_on_nothing_above() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/urilint-uri");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let deps = dependencies(&manifest, "[dependencies]");
    assert_eq!(deps, ["memchr", "thiserror", "idna"], "{manifest}");
    for m in [
        "error.rs",
        "grammar",
        "scheme",
        "resolve.rs",
        "normalize.rs",
    ] {
        assert!(dir.join("src").join(m).exists(), "{m}");
    }
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    assert!(lib.contains("pub use urilint_uri::{grammar, normalize, resolve, scheme};"));
}

/// The names of the dependencies in the manifest's table `table`
/// (`[dependencies]`, or a target's), in their order.
fn dependencies<'m>(manifest: &'m str, table: &str) -> Vec<&'m str> {
    manifest
        .split(table)
        .nth(1)
        .unwrap()
        .split("\n[")
        .next()
        .unwrap()
        .lines()
        .filter(|l| !l.trim_start().starts_with('#') && l.contains('='))
        .map(|l| l.split('=').next().unwrap().trim())
        .collect()
}

/// The scanner is a crate of its own (issue 47): of urilint's crates it
/// depends on `urilint-uri` alone, so the crate graph enforces that the
/// scanner never uses the formats, the linter, sites or output
/// (ARCHITECTURE.md); urilint re-exports it as `scan`, with its
/// `position` and `mmap`, and its one `unsafe` module is the map.
#[test]
fn the_scanner_crate_depends_on_the_uri_crate_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/urilint-scan");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    assert_eq!(
        dependencies(&manifest, "[dependencies]"),
        ["urilint-uri", "memchr", "serde", "memmap2"],
        "{manifest}"
    );
    assert_eq!(
        dependencies(
            &manifest,
            "[target.'cfg(target_arch = \"x86_64\")'.dependencies]"
        ),
        ["safe_arch"],
        "{manifest}"
    );
    for m in [
        "lib.rs",
        "appendix_e",
        "colons.rs",
        "position.rs",
        "mmap.rs",
    ] {
        assert!(dir.join("src").join(m).exists(), "{m}");
    }
    assert!(!Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/scan")
        .exists());
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    assert!(lib.contains("pub use urilint_scan::{mmap, position};"));
    assert!(lib.contains("pub use urilint_scan as scan;"));
    // `unsafe` in the map only: the crate denies it, the map allows it.
    let root = std::fs::read_to_string(dir.join("src/lib.rs")).unwrap();
    assert!(root.contains("#![deny(unsafe_code)]"));
    let mut allowed = Vec::new();
    let mut stack = vec![dir.join("src")];
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                stack.push(p);
            } else if std::fs::read_to_string(&p)
                .unwrap()
                .contains("allow(unsafe_code)")
            {
                allowed.push(p.strip_prefix(&dir).unwrap().to_path_buf());
            }
        }
    }
    assert_eq!(allowed, [PathBuf::from("src/mmap.rs")]);
}

/// The format layer is a crate of its own (issue 47): of urilint's crates
/// it depends on `urilint-uri` and `urilint-scan` alone, so the crate
/// graph enforces that no format uses the linter, link checks, the site
/// model, the checker or a printer (ARCHITECTURE.md); urilint re-exports
/// it as `format`.
#[test]
fn the_format_crate_depends_on_the_scanner_and_the_uri_crate_alone() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("crates/urilint-format");
    let manifest = std::fs::read_to_string(dir.join("Cargo.toml")).unwrap();
    let deps = dependencies(&manifest, "[dependencies]");
    let ours: Vec<&&str> = deps.iter().filter(|d| d.starts_with("urilint")).collect();
    assert_eq!(ours, [&"urilint-uri", &"urilint-scan"], "{manifest}");
    for m in ["lib.rs", "detect.rs", "mail", "html", "roff", "markdown.rs"] {
        assert!(dir.join("src").join(m).exists(), "{m}");
    }
    assert!(!Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("src/format")
        .exists());
    let lib =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("src/lib.rs")).unwrap();
    assert!(lib.contains("pub use urilint_format as format;"));
}

/// No source file over 1,500 lines (issue 47; docs/development.md): the
/// library's, the crates' and the tests'. A module that outgrows a file
/// becomes a folder.
#[test]
fn no_source_file_over_1500_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut stack: Vec<PathBuf> = vec![root.join("src"), root.join("tests"), root.join("crates")];
    let mut long = Vec::new();
    let mut seen = 0;
    while let Some(d) = stack.pop() {
        for e in std::fs::read_dir(&d).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                if !p.ends_with("target") {
                    stack.push(p);
                }
            } else if p.extension().is_some_and(|x| x == "rs") {
                seen += 1;
                let n = std::fs::read_to_string(&p).unwrap().lines().count();
                if n > 1500 {
                    long.push(format!("{}: {n} lines", p.display()));
                }
            }
        }
    }
    assert!(seen > 300, "{seen} source files read");
    assert!(long.is_empty(), "{}", long.join("\n"));
}
