//! What the commands share to describe a spot: the seats' ranges (range
//! text or `preset:NAME`), folded ranges, dead cards, threads, and the
//! parsers of trial counts, standard errors and thread counts; for the
//! reports (`next`, `flops`), their options as one [`ReportArgs`].

use engine::equity::{EquityRequest, Method, Seat};
use engine::line::{ContinueRule, LineError, Street, StreetRule};
use engine::{CardSet, Range};

use super::failure::Failure;

/// Most worker threads `--threads` takes: far more than any machine's
/// cores, few enough that starting them costs milliseconds.
pub const MAX_THREADS: usize = 1024;

/// What `next` and `flops` take: the seats, dead cards, threads and the
/// output format.
#[derive(Debug, clap::Args)]
pub struct SpotArgs {
    /// One range per active seat (at least two).
    #[arg(required = true, num_args = 2..)]
    pub ranges: Vec<String>,
    /// Dead cards.
    #[arg(long, default_value = "")]
    pub dead: String,
    /// A folded seat's range (repeatable): it only removes cards.
    #[arg(long)]
    pub folded: Vec<String>,
    /// Worker threads, 1 to 1024 (default: one per core).
    #[arg(long, value_parser = parse_threads, allow_negative_numbers = true)]
    pub threads: Option<usize>,
    /// Print one JSON object instead of text.
    #[arg(long, conflicts_with = "csv")]
    pub json: bool,
    /// Print comma-separated values: a header, then one row per card
    /// (next) or flop class (flops).
    #[arg(long)]
    pub csv: bool,
}

impl SpotArgs {
    /// The request: the active seats, then the folded ones, the dead cards
    /// and the threads.
    pub fn request(&self) -> Result<EquityRequest, Failure> {
        let mut request = EquityRequest::new(seats(&self.ranges, &self.folded)?);
        request.dead = CardSet::parse(&self.dead).map_err(|e| Failure::Input(e.into()))?;
        request.threads = self.threads;
        Ok(request)
    }
}

/// How `next` and `flops` compute their boards: exact, sampled, or (by
/// default) as the planner decides against the command's budget.
#[derive(Debug, clap::Args)]
pub struct ReportMethodArgs {
    /// Count every board exactly, however long it takes (default: exact
    /// when the whole report is estimated within its budget, a minute for
    /// flops and 5 s for next, else Monte Carlo).
    #[arg(long, conflicts_with = "mc")]
    pub exact: bool,
    /// Sample every board (Monte Carlo), to --stderr.
    #[arg(long)]
    pub mc: bool,
    /// Monte Carlo: each board is sampled until every seat's standard
    /// error of equity is at most this fraction (default 0.002).
    #[arg(
        long = "stderr",
        value_parser = parse_std_error,
        allow_negative_numbers = true,
        conflicts_with = "exact"
    )]
    pub std_error: Option<f64>,
    /// Monte Carlo seed (default 0): the same request and seed give the
    /// same report on any number of threads.
    #[arg(long, default_value_t = 0)]
    pub seed: u64,
}

impl ReportMethodArgs {
    /// Sets `request`'s method, target standard error and seed.
    pub fn apply(&self, request: &mut EquityRequest) {
        request.method = if self.exact {
            Method::Exact
        } else if self.mc {
            Method::MonteCarlo
        } else {
            Method::Auto
        };
        request.target_std_error = self.std_error;
        request.seed = self.seed;
    }
}

/// What `next` and `flops` share: the spot and how its boards are
/// counted.
#[derive(Debug, clap::Args)]
pub struct ReportArgs {
    /// The seats, dead cards, threads and output format.
    #[command(flatten)]
    pub spot: SpotArgs,
    /// Exact or sampled, and the sampling's target and seed.
    #[command(flatten)]
    pub method: ReportMethodArgs,
}

impl ReportArgs {
    /// The request these options make, on `board` when given (`next`),
    /// and the `--continue` `rules` as the engine takes them.
    pub fn request(
        &self,
        board: Option<&str>,
        rules: &[ContinueArg],
    ) -> Result<(EquityRequest, Vec<StreetRule>), Failure> {
        let mut request = self.spot.request()?;
        if let Some(board) = board {
            request.board =
                engine::card::parse_cards(board).map_err(|e| Failure::Input(e.into()))?;
        }
        self.method.apply(&mut request);
        let rules = street_rules(rules, self.spot.ranges.len())?;
        Ok((request, rules))
    }
}

/// Why a report on a line failed: its count (as any count's failure), or
/// its input.
pub fn line_failure(error: LineError) -> Failure {
    match error {
        LineError::Count(e) => Failure::engine(e),
        other => Failure::Input(other.into()),
    }
}

/// The seats of a spot: one active seat per range, then one folded seat
/// per folded range, in the order given.
pub fn seats(ranges: &[String], folded: &[String]) -> Result<Vec<Seat>, Failure> {
    let mut seats = Vec::new();
    for text in ranges {
        seats.push(Seat::active(parse_range_arg(text)?));
    }
    for text in folded {
        seats.push(Seat::folded(parse_range_arg(text)?));
    }
    Ok(seats)
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

/// The most deals a trial count may ask for (`--trials`, `--max-trials`):
/// ten thousand million, minutes of sampling rather than a run that never
/// ends.
pub const MAX_TRIALS: u64 = 10_000_000_000;

/// Parses a trial count with an optional `K` or `M` suffix (`--trials`,
/// `--max-trials`): the suffix multiplies first, so `0.5M` is 500000; the
/// count must then be at least 1 and at most [`MAX_TRIALS`].
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
    if count > MAX_TRIALS {
        return Err(format!(
            "the count is too large (at most {}M deals)",
            MAX_TRIALS / 1_000_000
        ));
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

/// One `--continue SEAT:STREET:RULE`.
#[derive(Clone, Debug)]
pub struct ContinueArg {
    /// The seat, from 1.
    pub seat: usize,
    /// The street.
    pub street: Street,
    /// The rule.
    pub rule: ContinueRule,
}

/// Parses `SEAT:STREET:RULE` (clap's value parser for `--continue`).
pub fn parse_continue(text: &str) -> Result<ContinueArg, String> {
    let mut parts = text.splitn(3, ':');
    let (Some(seat), Some(street), Some(rule)) = (parts.next(), parts.next(), parts.next()) else {
        return Err("expected SEAT:STREET:RULE, e.g. 2:flop:two-pair+,flush-draw".into());
    };
    let seat = seat
        .trim()
        .parse::<usize>()
        .ok()
        .filter(|&s| s >= 1)
        .ok_or_else(|| format!("the seat {seat:?} is not a number from 1"))?;
    let street = Street::parse(street)
        .ok_or_else(|| format!("the street {street:?} is not flop, turn or river"))?;
    let rule = ContinueRule::parse(rule).map_err(|e| e.to_string())?;
    Ok(ContinueArg { seat, street, rule })
}

/// The `--continue` rules for `ranges` active seats, as the engine takes
/// them (seats from 0); a rule naming a seat past them is an input error.
pub fn street_rules(rules: &[ContinueArg], ranges: usize) -> Result<Vec<StreetRule>, Failure> {
    rules
        .iter()
        .map(|r| {
            if r.seat > ranges {
                return Err(Failure::Input(anyhow::anyhow!(
                    "--continue names seat {}, but {ranges} ranges were given",
                    r.seat
                )));
            }
            Ok(StreetRule {
                seat: r.seat - 1,
                street: r.street,
                rule: r.rule.clone(),
            })
        })
        .collect()
}

/// With `PLAN` set, the planner's decision for a report on stderr, with
/// its estimate on the two-thread reference when exact (for whoever tunes
/// the planner, and the fuzz that holds every plan to its budget).
pub fn print_plan(strategy: engine::equity::ReportStrategy) {
    if std::env::var_os("PLAN").is_none() {
        return;
    }
    let line = match strategy.estimate_s() {
        Some(s) => format!(
            "strategy: {strategy} (estimate {} s on the two-thread reference)",
            s / engine::equity::REFERENCE_THREADS
        ),
        None => format!("strategy: {strategy}"),
    };
    let _ = std::io::Write::write_all(&mut std::io::stderr(), format!("{line}\n").as_bytes());
}
