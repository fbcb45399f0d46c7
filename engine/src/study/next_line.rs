//! The next card on a line (docs/design.md §3.8): every card that can come
//! next with the seats' ranges as the line leaves them, how often every
//! seat gets to it (the reach frequency with the card on the board) and,
//! where a rule applies on the card's street, how much of each range
//! continues and the equities of the continuing ranges.

use rayon::prelude::*;

use super::next_card::{NextCardReport, next_cards_counted, next_cards_strategy};
use super::on_line::LineOnBoard;
use crate::equity::{EquityError, EquityRequest, ReportStrategy};
use crate::line::{LineError, Narrowed, Street, StreetRule, narrow};
use crate::threads;

/// [`next_cards`](super::next_cards) on a line: the cards' frequencies and the seats' figures
/// with the ranges as `rules` leave them on the board's street; for each
/// card, the reach frequency with it on the board (every rule so far,
/// the card's street's included); where a rule applies on the card's
/// street, each seat's continue share there and the figures of the ranges
/// it leaves (counted or sampled as the report is). A card on which a
/// rule keeps nothing has reach 0, that seat's share 0 (every other ruled
/// seat's its own rule's), and the figures of the ranges entering its
/// street. Rules may name the board's street or earlier ones and the next
/// street.
pub fn next_cards_on_line(
    request: &EquityRequest,
    rules: &[StreetRule],
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<NextCardReport, LineError> {
    let start = std::time::Instant::now();
    let Entering {
        narrowed: entering,
        next,
        ruled,
        counts,
    } = entering_street(request, rules)?;
    let mut report = next_cards_counted(&entering.request, counts, cancel)?;
    let strategy = report.strategy;
    // The cards are spread over the threads, one card's counts each.
    let run = || {
        report.cards.par_iter_mut().try_for_each(|row| {
            if cancel() {
                return Err(LineError::from(EquityError::Cancelled));
            }
            let mut with = request.clone();
            with.board.push(row.card);
            let line = LineOnBoard::follow(&with, rules, strategy, None)?;
            row.reach = line.reach();
            if row.reach > 0.0 {
                if ruled {
                    let counted = line.count(strategy, next, cancel)?;
                    row.seats = counted.map_or_else(Vec::new, |counted| counted.seats);
                }
            } else {
                // The line gets nowhere with this card: the figures of the
                // ranges entering its street, each ruled seat's own share.
                for s in &mut row.seats {
                    s.continue_share =
                        next.and_then(|street| line.followed.share(s.figures.seat, street));
                }
            }
            Ok(())
        })
    };
    threads::run_on(request.threads, "rangestove-next", run).map_err(EquityError::from)??;
    report.elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(report)
}

/// How [`next_cards_on_line`] would compute the report of `request` on
/// the line of `rules`: the planner's decision and its estimate, each card
/// priced as counted once, again for its rules and first for an equity
/// term's standings. Rules on the board's street are applied (their
/// standings counted) to find the ranges the cards are counted with; no
/// card is counted.
pub fn next_cards_on_line_strategy(
    request: &EquityRequest,
    rules: &[StreetRule],
) -> Result<ReportStrategy, LineError> {
    let entering = entering_street(request, rules)?;
    Ok(next_cards_strategy(
        &entering.narrowed.request,
        entering.counts,
    )?)
}

/// A next-card report's line on the board's street.
struct Entering {
    /// The spot narrowed by the rules of the board's street and before.
    narrowed: Narrowed,
    /// The street the next card deals.
    next: Option<Street>,
    /// Whether a rule applies on it.
    ruled: bool,
    /// The counts each card takes.
    counts: usize,
}

/// The line checked against the report's board and applied up to the
/// board's street.
fn entering_street(request: &EquityRequest, rules: &[StreetRule]) -> Result<Entering, LineError> {
    let n = request.board.len();
    if !matches!(n, 3 | 4) {
        return Err(EquityError::NextCardBoard(n).into());
    }
    if let Some(r) = rules.iter().find(|r| r.street.cards() > n + 1) {
        return Err(LineError::StreetNotInReport {
            street: r.street,
            board: n,
        });
    }
    let now: Vec<StreetRule> = rules
        .iter()
        .filter(|r| r.street.cards() <= n)
        .cloned()
        .collect();
    let entering = narrow(request, &now)?;
    let next = Street::ALL.into_iter().find(|s| s.cards() == n + 1);
    let on_next: Vec<&StreetRule> = rules.iter().filter(|r| Some(r.street) == next).collect();
    let ruled = !on_next.is_empty();
    // Each card is counted once more for its rules, and once more first
    // for an equity term's standings.
    let counts =
        1 + usize::from(ruled) + usize::from(on_next.iter().any(|r| r.rule.needs_equity()));
    Ok(Entering {
        narrowed: entering,
        next,
        ruled,
        counts,
    })
}
