//! The `urilint` command. All logic is in the library; this file only hands
//! the command line to `cli` and turns its answer into an exit status.
// Issue 47: no non-test function over 100 lines (clippy.toml).
#![cfg_attr(not(test), warn(clippy::too_many_lines))]

mod cli;

fn main() {
    std::process::exit(cli::main());
}
