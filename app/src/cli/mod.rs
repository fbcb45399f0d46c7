//! The command line: `rangestove` with no arguments opens the window;
//! subcommands run headless (docs/design.md §6). This module holds the
//! clap definitions and the dispatch; each subcommand has a module of its
//! own, and what they share to describe a spot is in `spot`.
//!
//! Bad input (including a bad option, which clap reports) exits with
//! status 2 and one line on stderr naming what was wrong; any other failure
//! exits with status 1. A closed stdout (e.g. `| head -1`) ends the program
//! quietly with status 0, and nothing here panics when stderr is closed too.

use std::{ffi::OsString, io::Write, process::ExitCode};

mod calc;
mod calc_output;
mod eval;
mod failure;
mod flops;
mod hands;
mod hands_output;
mod hands_summary;
mod next;
mod progress;
mod range;
mod spot;
mod train;

use clap::{Parser, Subcommand};

pub use calc::{CalcArgs, DEFAULT_MAX_TRIALS};
pub use eval::EvalArgs;
pub use failure::Failure;
pub use flops::FlopsArgs;
pub use hands::{HandsArgs, Shard, parse_shard};
pub use next::NextArgs;
pub use range::RangeArgs;
pub use spot::{
    MAX_THREADS, MAX_TRIALS, SpotArgs, parse_range_arg, parse_std_error, parse_threads,
    parse_trials,
};

/// Rangestove: range and equity tool for Texas Hold'em.
#[derive(Debug, Parser)]
#[command(name = "rangestove", version, about, long_about = None)]
pub struct Cli {
    /// What to do; with none, the desktop app opens.
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// A headless subcommand.
#[derive(Debug, Subcommand)]
pub enum Command {
    /// Best five-card hand of 5 to 7 cards: its category and rank.
    Eval(EvalArgs),
    /// Equity of each seat: one RANGE per active seat (a range in any
    /// dialect, or preset:NAME for a shipped or saved preset).
    Calc(CalcArgs),
    /// Every card that can come next on a flop or turn: its chance given
    /// the ranges, what it does to the board, each seat's exact equity.
    Next(NextArgs),
    /// Every flop a scenario can tell apart (no board): its chance, each
    /// seat's exact equity, how each range hits it, its texture.
    Flops(FlopsArgs),
    /// Hand histories (PHH or PokerStars text): each hand's pots and
    /// results and, when players were all-in before the river with their
    /// cards known, each one's exact equity and expected result; or
    /// per-player sums (--summary) that merge across shards.
    Hands(HandsArgs),
    /// Convert a range between dialects, with its combo count and share of
    /// all hands.
    Range(RangeArgs),
    /// A round of trainer questions (equity, hits, ranges) with their exact
    /// answers.
    Train(train::TrainArgs),
}

/// The bytes of output written to stdout at a time.
const STDOUT_BUFFER: usize = 1 << 16;

/// Runs the program on the given arguments (the first is the program name)
/// and returns its exit status.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    // Buffered: a report writes many small pieces (a flop report's JSON,
    // four million bytes, in about a million), and a locked stdout alone
    // scans each for a line end and writes a kilobyte at a time.
    let mut stdout = std::io::BufWriter::with_capacity(STDOUT_BUFFER, std::io::stdout().lock());
    let outcome = run(cli, &mut stdout).and_then(|()| Ok(stdout.flush()?));
    match outcome {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let message = match &failure {
                Failure::Input(error) | Failure::Other(error) => format!("{error:#}"),
                Failure::Output(error) if error.kind() == std::io::ErrorKind::BrokenPipe => {
                    // The reader has gone (`| head -1`): nothing to say.
                    return failure.exit_code();
                }
                Failure::Output(error) => format!("cannot write the output: {error}"),
            };
            // Never `eprintln!`: it panics when stderr is closed as well.
            let _ = writeln!(std::io::stderr(), "error: {}", one_line(&message));
            failure.exit_code()
        }
    }
}

/// Reports an argument error from clap: `--help` and `--version` print as
/// clap renders them (status 0); a usage error is one line on stderr naming
/// the problem (status 2), with clap's tips but without its usage block.
fn usage_error(error: &clap::Error) -> ExitCode {
    use clap::error::ErrorKind;
    if matches!(
        error.kind(),
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion
    ) {
        let _ = error.print();
        return ExitCode::SUCCESS;
    }
    let text = error.render().to_string();
    // Clap ends its message with "\n\nUsage: …" and "\n\nFor more
    // information, try '--help'."; cut those, then keep the rest (the
    // problem and any tip) on one line.
    let mut body = text.as_str();
    for marker in ["\n\nFor more information", "\n\nUsage:"] {
        if let Some(at) = body.rfind(marker) {
            body = &body[..at];
        }
    }
    let line = one_line(body);
    let line = if line.starts_with("error:") {
        line
    } else {
        format!("error: {line}")
    };
    let _ = writeln!(std::io::stderr(), "{line}");
    ExitCode::from(2)
}

/// `text` on one line: every run of whitespace (newlines included) becomes
/// one space, other control characters are escaped.
fn one_line(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for word in text.split_whitespace() {
        if !out.is_empty() {
            out.push(' ');
        }
        for c in word.chars() {
            if c.is_control() {
                out.extend(c.escape_default());
            } else {
                out.push(c);
            }
        }
    }
    out
}

/// Runs a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut impl Write) -> Result<(), Failure> {
    match cli.command {
        None => crate::gui::run().map_err(|e| Failure::Other(anyhow::anyhow!("{e}"))),
        Some(Command::Eval(args)) => eval::eval_command(&args, out),
        Some(Command::Calc(args)) => calc::calc_command(&args, out),
        Some(Command::Next(args)) => next::next_command(&args, out),
        Some(Command::Flops(args)) => flops::flops_command(&args, out),
        Some(Command::Hands(args)) => hands::hands_command(&args, out),
        Some(Command::Range(args)) => range::range_command(&args, out),
        Some(Command::Train(args)) => train::train_command(&args, out),
    }
}
