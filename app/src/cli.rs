//! The command line: `rangestove` with no arguments opens the window;
//! subcommands run headless (DESIGN.md §6).
//!
//! Bad input exits with status 2 and one line on stderr naming what was
//! wrong; any other failure exits with status 1.

use std::{ffi::OsString, io::Write, process::ExitCode};

use clap::{Parser, Subcommand};
use engine::{Card, CardSet, Dialect, Range, eval};

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
    Eval {
        /// The cards, e.g. "As Ks Qs Js Ts 2c 3d" or AsKsQsJsTs (one or more
        /// arguments).
        #[arg(required = true, num_args = 1..)]
        cards: Vec<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
    /// Convert a range between dialects, with its combo count and share of
    /// all hands.
    Range {
        /// The range in any dialect, e.g. `[50]AKs,AQs[/50],QQ+` (several
        /// arguments are joined with commas). Omit it with --preset.
        #[arg(num_args = 0.., required_unless_present = "preset")]
        range: Vec<String>,
        /// Output dialect: canonical, pio, brackets (Flopzilla/GTO+) or
        /// equilab (PokerStove; unweighted ranges only).
        #[arg(long, default_value = "canonical")]
        to: String,
        /// Start from the shipped preset with this name instead (e.g.
        /// "6-max UTG open").
        #[arg(long, conflicts_with = "range")]
        preset: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// A failed command: bad input (exit status 2) or anything else (status 1).
#[derive(Debug)]
pub enum Failure {
    /// The user's input was wrong; the message names what.
    Input(anyhow::Error),
    /// Something else went wrong.
    Other(anyhow::Error),
}

impl Failure {
    fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Input(_) => ExitCode::from(2),
            Failure::Other(_) => ExitCode::from(1),
        }
    }
}

/// Runs the program on the given arguments (the first is the program name)
/// and returns its exit status.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => {
            // Usage errors print clap's message and exit 2; --help and
            // --version print and exit 0.
            let _ = error.print();
            return ExitCode::from(u8::try_from(error.exit_code()).unwrap_or(2));
        }
    };
    let mut stdout = std::io::stdout().lock();
    match run(cli, &mut stdout) {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            let (Failure::Input(error) | Failure::Other(error)) = &failure;
            eprintln!("error: {error:#}");
            failure.exit_code()
        }
    }
}

/// Runs a parsed command line, writing results to `out`.
pub fn run(cli: Cli, out: &mut impl Write) -> Result<(), Failure> {
    match cli.command {
        None => crate::gui::run().map_err(|e| Failure::Other(anyhow::anyhow!("{e}"))),
        Some(Command::Eval { cards, json }) => eval_command(&cards.join(" "), json, out),
        Some(Command::Range {
            range,
            to,
            preset,
            json,
        }) => range_command(&range, &to, preset.as_deref(), json, out),
    }
}

/// Parses a range given on the command line, or the range of a shipped
/// preset named `preset:NAME`.
pub fn parse_range_arg(text: &str) -> Result<Range, Failure> {
    if let Some(name) = text.strip_prefix("preset:") {
        let preset = crate::presets::shipped_by_name(name)
            .ok_or_else(|| Failure::Input(anyhow::anyhow!("no shipped preset named {name:?}")))?;
        return preset.range().map_err(|e| Failure::Input(e.into()));
    }
    Range::parse(text).map_err(|e| Failure::Input(e.into()))
}

/// `rangestove range`: prints a range in a dialect with its combo count and
/// share of all hands.
fn range_command(
    range: &[String],
    to: &str,
    preset: Option<&str>,
    json: bool,
    out: &mut impl Write,
) -> Result<(), Failure> {
    let dialect = Dialect::from_name(to).ok_or_else(|| {
        Failure::Input(anyhow::anyhow!(
            "unknown dialect {to:?} (expected canonical, pio, brackets or equilab)"
        ))
    })?;
    let range = match preset {
        Some(name) => parse_range_arg(&format!("preset:{name}"))?,
        None => parse_range_arg(&range.join(","))?,
    };
    let text = range
        .to_text(dialect)
        .map_err(|e| Failure::Input(e.into()))?;
    let (combos, percent) = (range.combo_count(), range.percent());
    let written = if json {
        let object = serde_json::json!({"text": text, "combos": combos, "percent": percent});
        writeln!(out, "{object}")
    } else {
        writeln!(out, "{text}")
            .and_then(|()| writeln!(out, "{combos} combos, {percent:.2}% of all hands"))
    };
    written.map_err(|e| Failure::Other(e.into()))
}

/// `rangestove eval`: describes the best five cards of 5 to 7 cards.
fn eval_command(text: &str, json: bool, out: &mut impl Write) -> Result<(), Failure> {
    let cards = parse_hand(text).map_err(Failure::Input)?;
    let (five, rank) = eval::best_five(&cards).map_err(|e| Failure::Input(e.into()))?;
    let five_text: Vec<String> = five.iter().map(Card::to_string).collect();
    let written = if json {
        let object = serde_json::json!({
            "category": rank.category().name(),
            "description": rank.to_string(),
            "best_five": five_text,
            "rank": rank.strength(),
            "of": engine::HandRank::BEST.strength(),
        });
        writeln!(out, "{object}")
    } else {
        writeln!(out, "{}: {rank}", rank.category()).and_then(|()| {
            writeln!(out, "best five: {}", five_text.join(" "))?;
            writeln!(
                out,
                "rank: {} of {} (higher is better)",
                rank.strength(),
                engine::HandRank::BEST.strength()
            )
        })
    };
    written.map_err(|e| Failure::Other(e.into()))
}

/// Parses 5 to 7 distinct cards, keeping their order.
fn parse_hand(text: &str) -> anyhow::Result<Vec<Card>> {
    // CardSet::parse names a repeated card; parse_cards keeps the order.
    CardSet::parse(text)?;
    let cards = engine::card::parse_cards(text)?;
    if !(5..=7).contains(&cards.len()) {
        anyhow::bail!("expected 5 to 7 cards, got {} in {text:?}", cards.len());
    }
    Ok(cards)
}
