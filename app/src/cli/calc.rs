//! `rangestove calc`: each seat's equity. Its options, the request they
//! make and the count; what it prints is in `calc_output`.

use std::io::Write;

use engine::CardSet;
use engine::equity::{self, EquityRequest, EquityResult, Method, SeatBreakdown};
use engine::line::{self, Narrowed, StreetRule};
use engine::study::{ClassRow, ClassTable};

use super::calc_output;
use super::failure::Failure;
use super::progress::Progress;
use super::spot::{
    ContinueArg, parse_continue, parse_std_error, parse_threads, parse_trials, seats,
};

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
    /// A continue rule (repeatable): SEAT:STREET:RULE, SEAT counting the
    /// ranges from 1 as given, STREET flop, turn or river, e.g.
    /// '2:flop:two-pair+,flush-draw,oesd,gutshot:0.5' (docs/design.md §3.8).
    /// The equities are then those of the narrowed ranges.
    #[arg(long = "continue", value_parser = parse_continue)]
    pub rules: Vec<ContinueArg>,
    /// Also print the first seat's hand-class table on the board: its
    /// range by made hand (and, apart, by draw), each row's combos, share
    /// and equity (docs/design.md §3.9; needs a flop, turn or river).
    #[arg(long)]
    pub classes: bool,
    /// With --classes: what the first seat calls with at this required
    /// equity (0 to 1; a call of C into a pot of P needs C / (P + C)).
    #[arg(long, requires = "classes", value_parser = parse_price)]
    pub price: Option<f64>,
    /// A group of the first seat's range (repeatable, at most 4):
    /// NAME:RANGE, e.g. 'value:QQ+,AK' 'bluff:A5s,A4s'; each group's combos,
    /// share and equity (docs/design.md §3.9).
    #[arg(long = "group", value_parser = parse_group)]
    pub groups: Vec<(String, engine::Range)>,
}

/// Parses `NAME:RANGE` (clap's value parser for `--group`).
fn parse_group(text: &str) -> Result<(String, engine::Range), String> {
    let (name, range) = text
        .split_once(':')
        .ok_or_else(|| "expected NAME:RANGE, e.g. value:QQ+,AK".to_owned())?;
    let range = engine::Range::parse(range).map_err(|e| e.to_string())?;
    Ok((name.trim().to_owned(), range))
}

/// A required equity, 0 to 1 (clap's value parser for `--price`).
fn parse_price(text: &str) -> Result<f64, String> {
    text.trim()
        .parse::<f64>()
        .ok()
        .filter(|p| (0.0..=1.0).contains(p))
        .ok_or_else(|| format!("{text:?} is not an equity between 0 and 1"))
}

/// Most deals `--stderr` runs when `--max-trials` is not given.
pub const DEFAULT_MAX_TRIALS: u64 = 1_000_000_000;

/// A Monte Carlo run with neither `--trials` nor `--stderr` stops drawing
/// after its default deals or this many milliseconds, whichever comes
/// first: a second short of `calc`'s 10 s budget, which the last round of
/// deals, the figures (a ten-seat breakdown among them) and the start-up
/// also spend.
pub const DEFAULT_TIME_LIMIT_MS: f64 = 9_000.0;

/// `rangestove calc`: equity of each seat.
pub fn calc_command(args: &CalcArgs, out: &mut impl Write) -> Result<(), Failure> {
    // Load the embedded heads-up preflop table and the evaluator's tables,
    // and have the CPU identified, with the rest of start-up (about 0.15 ms
    // cold), so `elapsed_ms` times the calculation alone. Should the table
    // fail its check, heads-up preflop spots are enumerated instead.
    equity::prepare();
    // Likewise start the worker threads (named, as many as asked, the
    // main thread the first of them) before the clock starts. Should that
    // fail, `calculate` starts its own.
    let _ = engine::threads::start_global_here(args.threads, "rangestove-calc");
    let request = request(args)?;
    // The line: each seat's ranges as they stand on the board's street.
    let rules: Vec<StreetRule> = super::spot::street_rules(&args.rules, args.ranges.len())?;
    let narrowed = line::narrow(&request, &rules).map_err(|e| Failure::Input(e.into()))?;
    let mut result = count(&narrowed.request)?;
    let extras = extras(args, &narrowed.request, &mut result)?;
    if std::env::var_os("PLAN").is_some() {
        // The planner's decision, for whoever tunes it.
        let _ = writeln!(std::io::stderr(), "strategy: {}", result.strategy);
    }
    let written = if args.json {
        write_json(args, &narrowed, &result, &extras, out)
    } else {
        write_text(args, &rules, &narrowed, &result, &extras, out)
    };
    Ok(written?)
}

/// The request the options make, before any line narrows it.
fn request(args: &CalcArgs) -> Result<EquityRequest, Failure> {
    let input = |e: anyhow::Error| Failure::Input(e);
    let seats = seats(&args.ranges, &args.folded)?;
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
    if args.trials.is_none() && args.std_error.is_none() {
        request.time_limit_ms = Some(DEFAULT_TIME_LIMIT_MS);
    }
    request.seed = args.seed.unwrap_or_else(|| {
        std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_nanos() as u64)
    });
    request.threads = args.threads;
    if args.classes && !matches!(request.board.len(), 3..=5) {
        return Err(input(anyhow::anyhow!(
            "--classes needs a flop, turn or river (--board)"
        )));
    }
    request.breakdown = args.breakdown || args.classes || !args.groups.is_empty();
    Ok(request)
}

/// The count, with its progress on stderr.
fn count(request: &EquityRequest) -> Result<EquityResult, Failure> {
    let progress = Progress::new("calc");
    let time_limit_ms = request.time_limit_ms;
    let mut on_snapshot = |snapshot: &EquityResult| {
        let detail = || format!("{} deals", snapshot.samples);
        // A run with a time limit is done at its deals or at the limit.
        let by_time = time_limit_ms.map_or(0.0, |limit| snapshot.elapsed_ms / limit);
        progress.update(snapshot.progress.max(by_time), detail);
    };
    equity::calculate(request, &|| false, &mut on_snapshot).map_err(Failure::engine)
}

/// What `calc` shows beside the equities.
struct Extras {
    /// The first seat's hand-class table (`--classes`).
    table: Option<ClassTable>,
    /// Every seat's per-combo figures, which calls and blockers read.
    breakdowns: Vec<SeatBreakdown>,
    /// The first seat's groups (`--group`).
    groups: Option<Vec<ClassRow>>,
    /// Whether a target error was met (None without --stderr).
    target_reached: Option<bool>,
    /// Whether a default Monte Carlo run stopped at the time limit, short
    /// of its deals (None when no limit applied).
    time_limited: Option<bool>,
}

/// The figures read from `result` of `request`; its per-combo breakdown
/// stays in it only when `--breakdown` shows it.
fn extras(
    args: &CalcArgs,
    request: &EquityRequest,
    result: &mut EquityResult,
) -> Result<Extras, Failure> {
    let input = |e: anyhow::Error| Failure::Input(e);
    // The first seat's hand-class table, from the per-combo breakdown
    // (which is shown only when asked for).
    let table = match (args.classes, result.breakdown.first()) {
        (true, Some(first)) => Some(
            engine::study::class_table(first, &request.seats[first.seat].range, &request.board)
                .map_err(|e| input(e.into()))?,
        ),
        _ => None,
    };
    // What calls and blockers read: every seat's per-combo figures (taken
    // out of the result where they are not shown; copied where they are).
    let breakdowns = if args.breakdown {
        result.breakdown.clone()
    } else {
        std::mem::take(&mut result.breakdown)
    };
    let groups = match (args.groups.is_empty(), breakdowns.first()) {
        (false, Some(first)) => Some(
            engine::study::group_rows(first, &request.seats[first.seat].range, &args.groups)
                .map_err(|e| input(e.into()))?,
        ),
        _ => None,
    };
    let target_reached = args
        .std_error
        .map(|target| result.seats.iter().all(|s| s.std_error <= target));
    let time_limited = request
        .time_limit_ms
        .map(|_| !result.strategy.is_exact() && result.samples < equity::DEFAULT_TRIALS);
    Ok(Extras {
        table,
        breakdowns,
        groups,
        target_reached,
        time_limited,
    })
}

/// The result as one JSON object.
fn write_json(
    args: &CalcArgs,
    narrowed: &Narrowed,
    result: &EquityResult,
    extras: &Extras,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let mut json = calc_output::json(
        result,
        &args.ranges,
        extras.target_reached,
        extras.time_limited,
    );
    calc_output::add_line(&mut json, narrowed);
    if let Some(groups) = &extras.groups {
        json["groups"] = calc_output::class_rows(groups);
    }
    if let Some(table) = &extras.table {
        calc_output::add_classes(&mut json, table);
        let request = &narrowed.request;
        calc_output::add_calls_and_blockers(&mut json, &extras.breakdowns, request, args.price);
    }
    writeln!(out, "{json}")
}

/// The result as text: the equities, the line, the groups, the class
/// table and its calls, and a note on how the count stopped.
fn write_text(
    args: &CalcArgs,
    rules: &[StreetRule],
    narrowed: &Narrowed,
    result: &EquityResult,
    extras: &Extras,
    out: &mut impl Write,
) -> std::io::Result<()> {
    let request = &narrowed.request;
    calc_output::write_text(result, &args.ranges, out)?;
    calc_output::write_line(narrowed, &args.ranges, rules, out)?;
    if let Some(groups) = &extras.groups {
        calc_output::write_rows("group", groups, out)?;
    }
    if let Some(table) = &extras.table {
        calc_output::write_classes(table, out)?;
        calc_output::write_calls(&extras.breakdowns, request, args.price, out)?;
    }
    match (extras.target_reached, args.std_error) {
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
        _ if extras.time_limited == Some(true) => writeln!(
            out,
            "note: stopped at the {} s limit after {} deals; --trials N draws N deals however long it takes",
            DEFAULT_TIME_LIMIT_MS / 1000.0,
            result.samples
        ),
        _ => Ok(()),
    }
}
