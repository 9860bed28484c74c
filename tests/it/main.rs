//! The integration tests: one test binary over the real `urilint` binary
//! (`CARGO_BIN_EXE_urilint`) and the library, one module per concern.
//!
//! One binary rather than one per file: each binary links the whole
//! crate, so 38 of them cost minutes of linking and gigabytes of
//! `target/` (issue 47). Run one module with `cargo test --test it
//! MODULE::`, e.g. `cargo test --test it sites::`.

mod add_ignore;
mod architecture;
mod built_site;
mod check_split;
mod ci_flags;
mod cli;
mod column_unit;
mod corpus;
mod eglot;
mod engine_contract;
mod fix_props;
mod fix_safety;
mod fix_scale;
mod format_memory;
mod hostile;
mod hostile_formats;
mod invariance;
mod links;
mod links_config;
mod mail;
mod markdown;
mod mmap;
mod mv_docstrings;
mod mv_hugo;
mod mv_redirect;
mod nvim;
mod output_safety;
mod precision;
mod precommit;
mod readme;
mod remote;
mod rewrite;
mod roff;
mod rules;
mod server_stdio;
mod since;
mod since_autorefs;
mod sites;
mod slugs;
mod support;
mod tree_robustness;
mod trust;
mod unwrap;
mod vectors;
mod write_safety;
mod write_structure;
