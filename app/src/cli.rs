//! The command line: `rangestove` with no arguments opens the window;
//! subcommands run headless (docs/design.md §6).
//!
//! Bad input exits with status 2 and one line on stderr naming what was
//! wrong; any other failure exits with status 1.

use std::{ffi::OsString, io::Write, process::ExitCode};

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
    /// dialect, or preset:NAME for a shipped preset).
    Calc(CalcArgs),
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
    /// allowed (default 10M unless --stderr is given).
    #[arg(long)]
    pub trials: Option<String>,
    /// Monte Carlo: stop when every seat's standard error of equity is at
    /// most this fraction.
    #[arg(long = "stderr")]
    pub std_error: Option<f64>,
    /// Seed: the same request, seed and trials give the same result on any
    /// number of threads (default: from the clock, reported).
    #[arg(long)]
    pub seed: Option<u64>,
    /// Worker threads (default: one per core).
    #[arg(long)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    pub json: bool,
    /// Also print the first seat's equity per hand class (the
    /// hand-versus-range breakdown).
    #[arg(long)]
    pub breakdown: bool,
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
        Some(Command::Calc(args)) => calc_command(&args, out),
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

/// Parses a trial count with an optional `K` or `M` suffix.
fn parse_trials(text: &str) -> anyhow::Result<u64> {
    let t = text.trim();
    let (digits, scale) = match t.chars().last().map(|c| c.to_ascii_uppercase()) {
        Some('K') => (&t[..t.len() - 1], 1_000),
        Some('M') => (&t[..t.len() - 1], 1_000_000),
        _ => (t, 1),
    };
    let value: f64 = digits
        .parse()
        .map_err(|_| anyhow::anyhow!("bad trial count {text:?} (e.g. 500000, 500K, 2M)"))?;
    if !(value >= 1.0 && value.is_finite()) {
        anyhow::bail!("bad trial count {text:?}: it must be at least 1");
    }
    Ok((value * f64::from(scale)).round() as u64)
}

/// `rangestove calc`: equity of each seat.
fn calc_command(args: &CalcArgs, out: &mut impl Write) -> Result<(), Failure> {
    // Load the embedded heads-up preflop table with the rest of start-up
    // (its checksum check reads all 247 KB, about 0.1 ms cold), so
    // `elapsed_ms` times the calculation alone. Should the table fail its
    // check, heads-up preflop spots are enumerated instead.
    equity::prepare();
    let input = |e: anyhow::Error| Failure::Input(e);
    if args.threads == Some(0) {
        return Err(input(anyhow::anyhow!("--threads must be at least 1")));
    }
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
    request.trials = args
        .trials
        .as_deref()
        .map(parse_trials)
        .transpose()
        .map_err(input)?;
    request.target_std_error = args.std_error;
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
        write_calc_text(&result, &args.ranges, out)
    };
    written.map_err(|e| Failure::Other(e.into()))
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
