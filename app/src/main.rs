//! The `rangestove` binary: the desktop app, or a command-line tool when
//! given a subcommand. Everything lives in the library; see `cli/mod.rs`.

#![forbid(unsafe_code)]

use std::process::ExitCode;

fn main() -> ExitCode {
    rangestove::cli::main(std::env::args_os())
}
