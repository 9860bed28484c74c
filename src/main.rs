//! The `urilint` command. All logic is in the library; this file only hands
//! the command line to `cli` and turns its answer into an exit status.

mod cli;

fn main() {
    std::process::exit(cli::main());
}
