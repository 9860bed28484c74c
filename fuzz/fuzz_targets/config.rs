//! Fuzz target for the configuration readers of a repository (issue 45,
//! H3 of the 2026-11-29 review): any bytes as each site generator's
//! configuration (MkDocs, Jekyll and Hugo YAML; Hugo and mdBook TOML;
//! Docusaurus and VitePress JavaScript object literals; Sphinx, Antora),
//! as `urilint.toml`, as a page's front matter (YAML, TOML, and as it
//! comes) and as a YAML, TOML or JSON data file parsed to verify an edit.
//! No panic; bounded work (run with `-rss_limit_mb` and `-timeout`: an
//! alias bomb must be refused, not expanded). Seeds: `corpus/config/`,
//! small configurations of `fixtures/` and the review's bombs.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    // One scratch directory per process (the files are written, read and
    // removed again by each run).
    static DIR: std::sync::OnceLock<std::path::PathBuf> = std::sync::OnceLock::new();
    let dir = DIR.get_or_init(|| {
        let d = std::env::temp_dir().join(format!("urilint-fuzz-config-{}", std::process::id()));
        let _ = std::fs::create_dir_all(&d);
        d
    });
    let _ = urilint::site::fuzz_configs(dir, data);
});
