//! The command line: `rangestove` with no arguments opens the window;
//! subcommands run headless (docs/design.md §6).
//!
//! Bad input (including a bad option, which clap reports) exits with
//! status 2 and one line on stderr naming what was wrong; any other failure
//! exits with status 1. A closed stdout (e.g. `| head -1`) ends the program
//! quietly with status 0, and nothing here panics when stderr is closed too.

use std::{ffi::OsString, io::Write, process::ExitCode};

mod flops;
mod next;

use clap::{Parser, Subcommand};
use engine::equity::{self, EquityError, EquityRequest, Method, Seat};
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
    /// Equity of each seat: one RANGE per active seat (a range in any
    /// dialect, or preset:NAME for a shipped or saved preset).
    Calc(CalcArgs),
    /// Every card that can come next on a flop or turn: its chance given
    /// the ranges, what it does to the board, each seat's exact equity.
    Next(next::NextArgs),
    /// Every flop a scenario can tell apart (no board): its chance, each
    /// seat's exact equity, how each range hits it, its texture.
    Flops(flops::FlopsArgs),
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
        /// Start from the preset with this name instead: a shipped one
        /// (e.g. "6-max UTG open"), else one of the user's saved presets.
        #[arg(long, conflicts_with = "range")]
        preset: Option<String>,
        /// Print one JSON object instead of text.
        #[arg(long)]
        json: bool,
    },
}

/// The options of `rangestove calc`.
#[derive(Debug, clap::Args)]
pub struct CalcArgs {
    /// One range per active seat (at least two).
    #[arg(required = true, num_args = 2..)]
    pub ranges: Vec<String>,
    /// Board cards, e.g. "4dAc5d" or "4d Ac 5d" (0, 3, 4 or 5 cards).
    #[arg(long, default_value = "")]
    pub board: String,
    /// Dead cards.
    #[arg(long, default_value = "")]
    pub dead: String,
    /// A folded seat's range (repeatable): it only removes cards.
    #[arg(long)]
    pub folded: Vec<String>,
    /// Enumerate every deal.
    #[arg(long, conflicts_with = "mc")]
    pub exact: bool,
    /// Monte Carlo.
    #[arg(long)]
    pub mc: bool,
    /// Monte Carlo trials (deals: hole cards for every seat and a whole
    /// board), rounded up to whole groups of deals; K and M suffixes
    /// allowed, e.g. 500K or 0.5M (default 10M unless --stderr is given;
    /// with --stderr, the most deals to run).
    #[arg(
        long,
        value_parser = parse_trials,
        allow_negative_numbers = true,
        conflicts_with = "exact"
    )]
    pub trials: Option<u64>,
    /// Monte Carlo: stop when every seat's standard error of equity is at
    /// most this fraction, or after --max-trials deals.
    #[arg(
        long = "stderr",
        value_parser = parse_std_error,
        allow_negative_numbers = true,
        conflicts_with = "exact"
    )]
    pub std_error: Option<f64>,
    /// With --stderr: the most deals to run before giving up on the target
    /// (K and M suffixes; default 1000M). The output says when the target
    /// was not reached.
    #[arg(
        long,
        value_parser = parse_trials,
        allow_negative_numbers = true,
        requires = "std_error",
        conflicts_with = "trials"
    )]
    pub max_trials: Option<u64>,
    /// Seed: the same request, seed and trials give the same result on any
    /// number of threads (default: from the clock, reported).
    #[arg(long, allow_negative_numbers = true)]
    pub seed: Option<u64>,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the first seat's equity per hand class (the
    /// hand-versus-range breakdown).
    #[arg(long)]
    pub breakdown: bool,
}

/// A failed command: bad input (exit status 2), output that could not be
/// written, or anything else (status 1).
#[derive(Debug)]
pub enum Failure {
    /// The user's input was wrong; the message names what.
    Input(anyhow::Error),
    /// Writing the output failed: a closed pipe ends the program quietly
    /// (status 0), any other error is reported (status 1).
    Output(std::io::Error),
    /// Something else went wrong.
    Other(anyhow::Error),
}

impl Failure {
    fn exit_code(&self) -> ExitCode {
        match self {
            Failure::Input(_) => ExitCode::from(2),
            Failure::Output(e) if e.kind() == std::io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
            Failure::Output(_) | Failure::Other(_) => ExitCode::from(1),
        }
    }
}

impl From<std::io::Error> for Failure {
    fn from(error: std::io::Error) -> Failure {
        Failure::Output(error)
    }
}

/// Most worker threads `--threads` takes: far more than any machine's
/// cores, few enough that starting them costs milliseconds.
pub const MAX_THREADS: usize = 1024;

/// Most deals `--stderr` runs when `--max-trials` is not given.
pub const DEFAULT_MAX_TRIALS: u64 = 1_000_000_000;

/// Runs the program on the given arguments (the first is the program name)
/// and returns its exit status.
pub fn main(args: impl IntoIterator<Item = OsString>) -> ExitCode {
    let cli = match Cli::try_parse_from(args) {
        Ok(cli) => cli,
        Err(error) => return usage_error(&error),
    };
    let mut stdout = std::io::stdout().lock();
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
        Some(Command::Eval { cards, json }) => eval_command(&cards.join(" "), json, out),
        Some(Command::Calc(args)) => calc_command(&args, out),
        Some(Command::Next(args)) => next::next_command(&args, out),
        Some(Command::Flops(args)) => flops::flops_command(&args, out),
        Some(Command::Range {
            range,
            to,
            preset,
            json,
        }) => range_command(&range, &to, preset.as_deref(), json, out),
    }
}

/// Parses a range given on the command line, or the range of the preset
/// named `preset:NAME`: a shipped preset of that name, else one of the
/// user's saved presets.
pub fn parse_range_arg(text: &str) -> Result<Range, Failure> {
    if let Some(name) = text.strip_prefix("preset:") {
        let preset = crate::presets::lookup(name).ok_or_else(|| {
            Failure::Input(anyhow::anyhow!("no shipped or saved preset named {name:?}"))
        })?;
        return preset.range().map_err(|e| {
            Failure::Input(anyhow::Error::new(e).context(format!("preset {name:?}")))
        });
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
    Ok(written?)
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
    Ok(written?)
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

/// Parses a trial count with an optional `K` or `M` suffix (`--trials`,
/// `--max-trials`): the suffix multiplies first, so `0.5M` is 500000; the
/// count must then be at least 1 and fit in 64 bits.
pub fn parse_trials(text: &str) -> Result<u64, String> {
    let t = text.trim();
    let (digits, scale) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 1_000u64),
        Some('M') => (&t[..t.len() - 1], 1_000_000u64),
        _ => (t, 1u64),
    };
    let example = "e.g. 500000, 500K, 0.5M";
    // Whole numbers exactly; anything else (0.5M, 1e6) through f64.
    let count = if let Ok(whole) = digits.parse::<u64>() {
        whole.checked_mul(scale).ok_or("the count is too large")?
    } else {
        let value: f64 = digits
            .parse()
            .map_err(|_| format!("not a trial count ({example})"))?;
        if value.is_nan() {
            return Err(format!("not a trial count ({example})"));
        }
        let value = value * scale as f64;
        if value < 1.0 {
            return Err("it must be at least 1".to_owned());
        }
        let value = value.round();
        // 2^64 and above do not fit.
        if value >= 18_446_744_073_709_551_616.0 {
            return Err("the count is too large".to_owned());
        }
        value as u64
    };
    if count == 0 {
        return Err("it must be at least 1".to_owned());
    }
    Ok(count)
}

/// Parses `--stderr`: a fraction above zero.
pub fn parse_std_error(text: &str) -> Result<f64, String> {
    let value: f64 = text
        .trim()
        .parse()
        .map_err(|_| "not a number (e.g. 0.001)".to_owned())?;
    if value > 0.0 && value.is_finite() {
        Ok(value)
    } else {
        Err("it must be a number above 0 (e.g. 0.001)".to_owned())
    }
}

/// Parses `--threads`: 1 to [`MAX_THREADS`].
pub fn parse_threads(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(n) if (1..=MAX_THREADS).contains(&n) => Ok(n),
        _ => Err(format!("expected a thread count from 1 to {MAX_THREADS}")),
    }
}

/// `rangestove calc`: equity of each seat.
fn calc_command(args: &CalcArgs, out: &mut impl Write) -> Result<(), Failure> {
    // Load the embedded heads-up preflop table with the rest of start-up
    // (its checksum check reads all 247 KB, about 0.1 ms cold), so
    // `elapsed_ms` times the calculation alone. Should the table fail its
    // check, heads-up preflop spots are enumerated instead.
    equity::prepare();
    let input = |e: anyhow::Error| Failure::Input(e);
    // Likewise start the worker threads (named, as many as asked) before
    // the clock starts. Should that fail, `calculate` starts its own.
    let mut pool = rayon::ThreadPoolBuilder::new().thread_name(|i| format!("rangestove-calc-{i}"));
    if let Some(n) = args.threads {
        pool = pool.num_threads(n);
    }
    let _ = pool.build_global();
    let mut seats = Vec::new();
    for text in &args.ranges {
        seats.push(Seat::active(parse_range_arg(text)?));
    }
    for text in &args.folded {
        seats.push(Seat::folded(parse_range_arg(text)?));
    }
    let board = engine::card::parse_cards(&args.board).map_err(|e| input(e.into()))?;
    let dead = CardSet::parse(&args.dead).map_err(|e| input(e.into()))?;
    let mut request = EquityRequest::new(seats);
    request.board = board;
    request.dead = dead;
    request.method = match (args.exact, args.mc) {
        (true, _) => Method::Exact,
        (_, true) => Method::MonteCarlo,
        _ => Method::Auto,
    };
    request.trials = args.trials;
    request.target_std_error = args.std_error;
    if args.std_error.is_some() && args.trials.is_none() {
        // The engine stops at the target or the trial budget, whichever
        // comes first: never run without a limit.
        request.trials = Some(args.max_trials.unwrap_or(DEFAULT_MAX_TRIALS));
    }
    request.seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    request.threads = args.threads;
    request.breakdown = args.breakdown;
    let result = equity::calculate(&request, &|| false, &mut |_| {}).map_err(|e| match e {
        EquityError::Cancelled => Failure::Other(e.into()),
        e => Failure::Input(e.into()),
    })?;
    // Whether a target error was met (None without --stderr).
    let target_reached = args
        .std_error
        .map(|target| result.seats.iter().all(|s| s.std_error <= target));
    if std::env::var_os("PLAN").is_some() {
        // The planner's decision, for whoever tunes it.
        let _ = writeln!(std::io::stderr(), "strategy: {}", result.strategy);
    }
    let written = if args.json {
        let players: Vec<serde_json::Value> = result
            .seats
            .iter()
            .map(|s| {
                serde_json::json!({
                    "range": args.ranges[s.seat],
                    "equity": s.equity,
                    "win": s.win,
                    "tie": s.tie,
                    "std_error": s.std_error,
                    "win_std_error": s.win_std_error,
                    "tie_std_error": s.tie_std_error,
                })
            })
            .collect();
        let mut object = serde_json::json!({
            "method": result.method.name(),
            "path": result.method.path(),
            "strategy": result.strategy.to_string(),
            "samples": result.samples,
            "elapsed_ms": result.elapsed_ms,
            "seed": result.seed,
            "players": players,
        });
        if let Some(reached) = target_reached {
            object["target_reached"] = serde_json::Value::Bool(reached);
        }
        if let Some(first) = result.breakdown.first() {
            // NaN standard errors (too few samples) become null.
            let classes: Vec<serde_json::Value> = first
                .classes
                .iter()
                .map(|c| {
                    serde_json::json!({
                        "class": c.class.to_string(),
                        "combos": c.combos,
                        "equity": c.equity,
                        "win": c.win,
                        "tie": c.tie,
                        "std_error": c.std_error,
                    })
                })
                .collect();
            object["breakdown"] = serde_json::Value::Array(classes);
        }
        writeln!(out, "{object}")
    } else {
        write_calc_text(&result, &args.ranges, out).and_then(|()| {
            match (target_reached, args.std_error) {
                (Some(false), Some(target)) => writeln!(
                    out,
                    "note: the target standard error {target:?} was not reached within {} deals ({})",
                    request.trials.unwrap_or(0),
                    if args.trials.is_some() {
                        "--trials"
                    } else {
                        "--max-trials"
                    }
                ),
                _ => Ok(()),
            }
        })
    };
    Ok(written?)
}

/// The human-readable table of `calc`.
fn write_calc_text(
    result: &equity::EquityResult,
    ranges: &[String],
    out: &mut impl Write,
) -> std::io::Result<()> {
    let method = match result.method {
        equity::MethodUsed::Exact => "exact (enumeration)".to_owned(),
        equity::MethodUsed::PreflopTable => "exact (preflop table)".to_owned(),
        equity::MethodUsed::MonteCarlo => {
            format!("Monte Carlo, seed {}", result.seed.unwrap_or(0))
        }
    };
    // Table answers take microseconds: keep two significant digits.
    let decimals = if result.elapsed_ms < 1.0 { 3 } else { 1 };
    writeln!(
        out,
        "{method}: {} deals in {:.decimals$} ms",
        result.samples, result.elapsed_ms
    )?;
    let width = ranges
        .iter()
        .map(String::len)
        .max()
        .unwrap_or(5)
        .clamp(5, 40);
    writeln!(
        out,
        "{:<width$}  {:>8}  {:>8}  {:>8}",
        "range", "equity", "win", "tie"
    )?;
    for s in &result.seats {
        let mut range = ranges[s.seat].clone();
        if range.len() > width {
            range.truncate(range.floor_char_boundary(width - 1));
            range.push('…');
        }
        write!(
            out,
            "{range:<width$}  {:>7.3}%  {:>7.3}%  {:>7.3}%",
            100.0 * s.equity,
            100.0 * s.win,
            100.0 * s.tie
        )?;
        if s.std_error > 0.0 {
            write!(
                out,
                "  ± {} (win ± {}, tie ± {})",
                error_percent(s.std_error),
                error_percent(s.win_std_error),
                error_percent(s.tie_std_error)
            )?;
        }
        writeln!(out)?;
    }
    if let Some(first) = result.breakdown.first() {
        write_breakdown_text(first, &ranges[first.seat], out)?;
    }
    Ok(())
}

/// A standard error as a percentage: three decimals, or two significant
/// digits when that would show a sampled error as 0.
fn error_percent(error: f64) -> String {
    let percent = 100.0 * error;
    if percent >= 0.0005 || percent == 0.0 {
        format!("{percent:.3}%")
    } else {
        format!("{percent:.1e}%")
    }
}

/// The first seat's classes, strongest first.
fn write_breakdown_text(
    breakdown: &equity::SeatBreakdown,
    range: &str,
    out: &mut impl Write,
) -> std::io::Result<()> {
    writeln!(out)?;
    writeln!(out, "{range} by hand class (strongest first):")?;
    writeln!(out, "{:<6} {:>8} {:>9}", "class", "combos", "equity")?;
    let mut classes = breakdown.classes.clone();
    classes.sort_by(|a, b| b.equity.total_cmp(&a.equity));
    for c in &classes {
        write!(
            out,
            "{:<6} {:>8.2} {:>8.2}%",
            c.class.to_string(),
            c.combos,
            100.0 * c.equity
        )?;
        if c.std_error > 0.0 {
            write!(out, "  ± {:.2}%", 100.0 * c.std_error)?;
        } else if c.std_error.is_nan() {
            write!(out, "  (too few samples)")?;
        }
        writeln!(out)?;
    }
    Ok(())
}
