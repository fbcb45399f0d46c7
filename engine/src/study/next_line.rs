//! The next card on a line (docs/design.md §3.8): every card that can come
//! next with the seats' ranges as the line leaves them, how often every
//! seat gets to it (the reach frequency with the card on the board) and,
//! where a rule applies on the card's street, how much of each range
//! continues and the equities of the continuing ranges.

use super::hits::BoardSeat;
use super::next_card::{NextCardReport, next_cards};
use super::on_board::{exact_on_board, sampled_on_board};
use crate::equity::{EquityError, EquityRequest, ReportStrategy};
use crate::line::{Followed, LineError, Narrowed, Street, StreetRule, follow, narrow};

/// [`next_cards`] on a line: the cards' frequencies and the seats' figures
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
    let mut report = next_cards(&entering.request, cancel)?;
    let next = Street::ALL.into_iter().find(|s| s.cards() == n + 1);
    let ruled = rules.iter().any(|r| Some(r.street) == next);
    for row in &mut report.cards {
        if cancel() {
            return Err(EquityError::Cancelled.into());
        }
        let mut with = request.clone();
        with.board.push(row.card);
        let followed = follow(&with, rules)?;
        row.reach = followed.reach();
        match followed {
            Followed::Reached(narrowed) if narrowed.reach > 0.0 => {
                if ruled {
                    row.seats = figures(&narrowed, report.strategy, next, cancel)?;
                }
            }
            // The line gets nowhere with this card: the figures of the
            // ranges entering its street, each ruled seat's own share.
            other => {
                for s in &mut row.seats {
                    s.continue_share = next.and_then(|street| other.share(s.figures.seat, street));
                }
            }
        }
    }
    report.elapsed_ms = start.elapsed().as_secs_f64() * 1000.0;
    Ok(report)
}

/// The seats' figures of `narrowed` (a spot with its next card dealt)
/// counted as `strategy` counts the report, with each seat's continue
/// share on `street`.
fn figures(
    narrowed: &Narrowed,
    strategy: ReportStrategy,
    street: Option<Street>,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Vec<BoardSeat>, LineError> {
    let request = &narrowed.request;
    let board = request.board.clone();
    let result = match strategy {
        ReportStrategy::EachSampled { std_error } => {
            sampled_on_board(request, board.clone(), std_error, true, cancel)?
        }
        _ => exact_on_board(request, board.clone(), true, cancel)?.map(|(_, result)| result),
    };
    let Some(result) = result else {
        return Ok(Vec::new());
    };
    Ok(result
        .seats
        .iter()
        .zip(&result.breakdown)
        .map(|(&figures, breakdown)| {
            let range = &request.seats[figures.seat].range;
            let mut seat = BoardSeat::new(figures, breakdown, range, &board, request.dead);
            seat.continue_share = narrowed.shares[figures.seat]
                .iter()
                .find(|&&(s, _)| Some(s) == street)
                .map(|&(_, share)| share);
            seat
        })
        .collect())
}
