//! All flops on a line (docs/design.md §3.8): for every flop class, each
//! seat's flop rule applied on that flop, its continue share there, the
//! reach frequency, and the figures of the continuing ranges; over every
//! flop, the frequency-weighted totals.
//!
//! Every flop's line is followed first; counted exactly with two ranged
//! seats, one pass over the boards then counts each flop with the ranges
//! its line leaves ([`flop_pass::line_pass`]), else each flop is counted
//! (or sampled) on its own, as the planner decides for the report
//! ([`plan::flop_report`] without the one pass).

use std::sync::atomic::AtomicUsize;
use std::sync::atomic::Ordering::Relaxed;
use std::time::Instant;

use rayon::prelude::*;

use super::flop_classes::{self, FlopClass};
use super::flop_counting::{classes_that_come, passed_on};
use super::flop_odds::{self, FlopOdds};
use super::flop_rows::{FlopReport, FlopRow, flop_means, method_of, with_frequencies};
use super::flops::{HEAD_FLOPS, typical_flop};
use super::on_line::{Counted, LineOnBoard};
use crate::card::Card;
use crate::equity::exact::flop_pass::{self, ClassSums, PassSums};
use crate::equity::plan::{self, FlopReportSpot};
use crate::equity::setup::Setup;
use crate::equity::strategy::{Kernel, Strategy};
use crate::equity::{EquityError, EquityRequest, ReportStrategy};
use crate::line::{LineError, Standings, Street, StreetRule, TermKind, standings_of};
use crate::range::Range;
use crate::symmetry::SuitPerm;
use crate::threads;

/// The flop report of `request` (no board) on a line of flop `rules`:
/// every flop class the ranges, the dead cards and the rules' hands can
/// tell apart, each with its frequency (the ranges' as given: how often
/// the flop comes), the reach frequency on it, each ruled seat's continue
/// share and every seat's figures, hits and buckets with the continuing
/// ranges; over every flop, the reach (by frequency), each seat's continue
/// share (by frequency) and the continuing ranges' figures (by frequency
/// times reach: the equity where the line gets; none where it gets nowhere,
/// [`FlopReport::where_line_gets`]). A flop on which a rule keeps nothing
/// has reach 0, that seat's share 0, every other ruled seat's own share,
/// and the figures of the ranges as given. `on_row(row, done, total)` as for
/// [`flop_report`](super::flop_report).
pub fn flop_report_on_line(
    request: &EquityRequest,
    rules: &[StreetRule],
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
) -> Result<FlopReport, LineError> {
    report(request, rules, true, cancel, on_row).map(|(report, _)| report)
}

/// [`flop_report_on_line`], every flop counted exactly by one pass over
/// the boards with each flop's own ranges where it applies and
/// `line_pass` (else each flop on its own); with the number of rows the
/// pass counted.
fn report(
    request: &EquityRequest,
    rules: &[StreetRule],
    line_pass: bool,
    cancel: &(dyn Fn() -> bool + Sync),
    on_row: &(dyn Fn(&FlopRow, usize, usize) + Sync),
) -> Result<(FlopReport, usize), LineError> {
    let start = Instant::now();
    let LinePlan {
        setup,
        classes,
        perms,
        pass_first,
        read,
        strategy,
    } = plan_line(request, rules)?;
    let odds = match strategy {
        ReportStrategy::EachSampled { .. } => {
            Some(FlopOdds::sample(&setup, flop_odds::DEALS, request.seed)?)
        }
        _ => None,
    };
    let done = AtomicUsize::new(0);
    let by_pass = AtomicUsize::new(0);
    let total = classes.len();
    let emit = |row: Result<Option<FlopRow>, LineError>| {
        let n = done.fetch_add(1, Relaxed) + 1;
        if let Ok(Some(row)) = &row {
            on_row(row, n, total);
        }
        row
    };
    let run = || {
        // On the report's threads, as the rows.
        let pass = match strategy {
            ReportStrategy::EachExact { .. } if pass_first => {
                standings_pass(&setup, &perms, &classes, &read, cancel)?
            }
            _ => None,
        };
        let follow = |i: usize, class: &FlopClass| {
            if cancel() {
                return Err(LineError::from(EquityError::Cancelled));
            }
            let known = match &pass {
                Some(pass) => passed((request, &setup), class, pass, i, &read)?,
                None => None,
            };
            let known = known.as_ref().map(|standings| (Street::Flop, standings));
            let mut with = request.clone();
            with.board = class.flop.to_vec();
            LineOnBoard::follow(&with, rules, strategy, known)
        };
        let exact = matches!(strategy, ReportStrategy::EachExact { .. });
        if !(line_pass && exact && flop_pass::line_applies(&setup)) {
            // Each flop followed and counted on its own.
            return (classes.par_iter().enumerate())
                .map(|(i, class)| {
                    let line = follow(i, class)?;
                    emit(line_row(
                        class,
                        &line,
                        strategy,
                        odds.as_ref(),
                        None,
                        cancel,
                    ))
                })
                .collect::<Result<Vec<_>, LineError>>();
        }
        // Every flop's line followed; a few flops counted on their own
        // first, so rows show at once; the rest with the ranges their line
        // leaves, in one pass over the boards (those the pass leaves out
        // on their own).
        let lines = (classes.par_iter().enumerate())
            .map(|(i, class)| follow(i, class))
            .collect::<Result<Vec<_>, LineError>>()?;
        drop(pass);
        let head = classes.len().min(HEAD_FLOPS);
        let mut rows = (classes[..head].par_iter().zip(&lines[..head]))
            .map(|(class, line)| emit(line_row(class, line, strategy, odds.as_ref(), None, cancel)))
            .collect::<Result<Vec<_>, LineError>>()?;
        let reps: Vec<[Card; 3]> = classes.iter().map(|c| c.flop).collect();
        let ranges: Vec<Option<Vec<&Range>>> = (lines.iter().enumerate())
            .map(|(i, line)| (i >= head).then(|| line.ranges()))
            .collect();
        let sums = flop_pass::line_pass(&setup, &perms, &reps, &ranges, cancel, &|_, _| {})?;
        let kernel = Strategy::Exact {
            kernel: Kernel::FlopPass,
            estimate_s: 0.0,
        };
        let rest = (classes.par_iter().zip(&lines).enumerate().skip(head))
            .map(|(i, (class, line))| {
                let passed = sums.as_ref().filter(|s| s.counts(i));
                let sums = passed.map(|s| (s.class(i), kernel));
                by_pass.fetch_add(usize::from(sums.is_some()), Relaxed);
                emit(line_row(
                    class,
                    line,
                    strategy,
                    odds.as_ref(),
                    sums.as_ref(),
                    cancel,
                ))
            })
            .collect::<Result<Vec<_>, LineError>>()?;
        rows.extend(rest);
        Ok(rows)
    };
    let rows = threads::run_on(request.threads, "rangestove-flops", run)
        .map_err(|e| LineError::from(EquityError::from(e)))??;
    let report = finish(rows, rules, strategy, start);
    Ok((report, by_pass.into_inner()))
}

/// The report of the `rows` on the line of `rules`, counted by `strategy`
/// since `start`: the rows with their frequencies, and the totals.
fn finish(
    rows: Vec<Option<FlopRow>>,
    rules: &[StreetRule],
    strategy: ReportStrategy,
    start: Instant,
) -> FlopReport {
    let flops = with_frequencies(rows);
    let reach = by_frequency(&flops, |r| r.reach);
    let continues = (0..flops.first().map_or(0, |f| f.seats.len()))
        .map(|i| {
            let seat = flops.first().map(|f| f.seats[i].figures.seat);
            let ruled = rules.iter().any(|r| Some(r.seat) == seat);
            ruled.then(|| by_frequency(&flops, |r| r.seats[i].continue_share.unwrap_or(0.0)))
        })
        .collect();
    // The continuing ranges' figures where the line gets: by frequency
    // times reach (the ranges as given where it gets nowhere).
    let by_reach: Vec<FlopRow> = flops
        .iter()
        .map(|r| FlopRow {
            frequency: r.frequency * r.reach,
            ..r.clone()
        })
        .collect();
    let seats = if reach > 0.0 {
        flop_means(&by_reach)
    } else {
        flop_means(&flops)
    };
    let flop_count = flops.iter().map(|row| row.count).sum();
    FlopReport {
        strategy,
        seats,
        flops,
        method: method_of(strategy),
        flop_count,
        reach,
        continues,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    }
}

/// How [`flop_report_on_line`] would compute the report of `request` on
/// the line of flop `rules`: the planner's decision and its estimate (an
/// equity term's standings priced as a second count of each flop), without
/// counting anything.
pub fn flop_report_on_line_strategy(
    request: &EquityRequest,
    rules: &[StreetRule],
) -> Result<ReportStrategy, LineError> {
    Ok(plan_line(request, rules)?.strategy)
}

/// A flop report on a line, planned.
struct LinePlan {
    setup: Setup,
    classes: Vec<FlopClass>,
    /// The suit permutations that keep the ranges, the rules' hands and
    /// the dead cards (the classes are their orbits).
    perms: Vec<SuitPerm>,
    /// Whether an equity term's standings come from the one pass
    /// ([`standings_pass`]) when every flop is counted exactly.
    pass_first: bool,
    /// The seats whose rules have an equity term.
    read: Vec<usize>,
    strategy: ReportStrategy,
}

/// Where a flop rule has an equity term and every flop is counted
/// exactly: the ranges as given on every flop at once, by the one pass
/// over the boards (`None` where it does not apply: each flop's standings
/// are then counted on their own), the combos of the seats `read` (whose
/// rules have an equity term) counted, and where that is one ranged seat
/// against one other range, those alone. An equity term reads the
/// standings of the ranges entering the flop, which on a line of flop
/// rules are the ranges as given: each flop's figures as `calculate` gives
/// them, so the standings are the very ones counting each flop would find,
/// for about the cost of the report without a rule.
fn standings_pass(
    setup: &Setup,
    perms: &[SuitPerm],
    classes: &[FlopClass],
    read: &[usize],
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<PassSums>, LineError> {
    let reps: Vec<[Card; 3]> = classes.iter().map(|c| c.flop).collect();
    let seat = match read {
        [seat] => Some(*seat),
        _ => None,
    };
    Ok(flop_pass::standings_pass(
        setup, perms, &reps, seat, cancel,
    )?)
}

/// The standings of the seats `read` on the `i`-th class, with the ranges
/// as given, from the one pass's sums (`None` when no deal leaves its
/// flop).
fn passed(
    (request, setup): (&EquityRequest, &Setup),
    class: &FlopClass,
    pass: &PassSums,
    i: usize,
    read: &[usize],
) -> Result<Option<Standings>, LineError> {
    let strategy = Strategy::Exact {
        kernel: Kernel::FlopPass,
        estimate_s: 0.0,
    };
    let found = passed_on((request, Some(setup)), class.flop, &pass.class(i), strategy)?;
    Ok(found.map(|(_, result)| standings_of(request, &result, read)))
}

/// Validates the request and the rules, finds the flop classes and asks
/// the planner.
fn plan_line(request: &EquityRequest, rules: &[StreetRule]) -> Result<LinePlan, LineError> {
    if !request.board.is_empty() {
        return Err(EquityError::FlopReportBoard(request.board.len()).into());
    }
    if let Some(r) = rules.iter().find(|r| r.street != Street::Flop) {
        return Err(LineError::StreetNotInReport {
            street: r.street,
            board: 0,
        });
    }
    let setup = Setup::new(request)?;
    // Flops a suit permutation keeps the ranges, the dead cards and the
    // rules' hands under are one class.
    let mut ranges: Vec<&Range> = request.seats.iter().map(|s| &s.range).collect();
    for r in rules {
        for term in &r.rule.terms {
            if let TermKind::Hands(range, _) = &term.kind {
                ranges.push(range);
            }
        }
    }
    let classes = classes_that_come(request, &ranges);
    let perms = flop_classes::stabiliser(&ranges, request.dead);
    let typical = typical_flop(request, &classes);
    // An equity term's standings are a count of the flop first, unless
    // the one pass gives every flop's at once (priced on its own).
    let equity = rules.iter().any(|r| r.rule.needs_equity());
    let pass_first = equity && flop_pass::applies(&setup);
    let strategy = plan::flop_report(&FlopReportSpot {
        request,
        setup: &setup,
        typical: typical.as_ref(),
        classes: classes.len(),
        symmetries: perms.len(),
        one_pass: false,
        counts: 1 + usize::from(equity && !pass_first),
        pass_first,
        line_pass: flop_pass::line_applies(&setup),
    })?;
    let read = (rules.iter())
        .filter(|r| r.rule.needs_equity())
        .map(|r| r.seat)
        .collect();
    Ok(LinePlan {
        setup,
        classes,
        perms,
        pass_first,
        read,
        strategy,
    })
}

/// The mean of `f` over `flops` by frequency, over the frequencies' own
/// total (so a share of 1 on every flop is 1 to the last bit), within
/// 0..=1.
fn by_frequency(flops: &[FlopRow], f: impl Fn(&FlopRow) -> f64) -> f64 {
    let total: f64 = flops.iter().map(|r| r.frequency).sum();
    if total <= 0.0 {
        return 0.0;
    }
    let sum: f64 = flops.iter().map(|r| r.frequency * f(r)).sum();
    (sum / total).clamp(0.0, 1.0)
}

/// One class's row on its `line` (followed on its flop), or `None` when
/// no deal leaves its flop: counted as `strategy` counts the report's
/// flops, or finished from the one pass's sums for the class (`passed`,
/// with the pass's strategy to report).
fn line_row(
    class: &FlopClass,
    line: &LineOnBoard,
    strategy: ReportStrategy,
    odds: Option<&FlopOdds>,
    passed: Option<&(ClassSums, Strategy)>,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<FlopRow>, LineError> {
    let flop: [Card; 3] = class.flop;
    let reach = line.reach();
    let counted = match passed {
        Some((sums, pass)) => line.passed(flop, sums, *pass, Some(Street::Flop))?,
        None => line.count(strategy, Some(Street::Flop), cancel)?,
    };
    let Some(Counted { weight, seats }) = counted else {
        return Ok(None);
    };
    let weight = match (weight, odds) {
        // The narrowed deals' weight over the reach: the weight of the
        // deals the ranges as given leave the flop.
        (Some(weight), _) => {
            if reach > 0.0 {
                weight / reach
            } else {
                weight
            }
        }
        (None, Some(odds)) => odds.left(&flop),
        (None, None) => {
            let missing = EquityError::BadSetting("a sampled row needs the flop odds");
            return Err(missing.into());
        }
    };
    Ok(Some(FlopRow::of_class(class, weight, seats, reach)))
}

#[cfg(test)]
mod tests;
