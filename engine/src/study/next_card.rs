//! The next card: for a flop or a turn, every card that can come next, how
//! likely it is given the seats' ranges, and each seat's equity once it has
//! come, what its range hits then and where its combos stand (equity
//! buckets, nut share: docs/design.md §3.6).
//!
//! A card's probability of coming next is proportional to the weight of the
//! seat deals that leave it in the deck: every deal leaves the same number
//! of cards, each equally likely to come. That weight is the total of the
//! exact tally with the card on the board, divided by the boards each deal
//! is counted on (the same for every card) and scaled back to basis points
//! (a seat's weights are divided by their gcd, which may change with the
//! card). The figures are those [`calculate`](crate::equity::calculate)
//! gives with the card on the board, to the last bit: the same setup,
//! planner and exact kernels. The planner decides the report as a whole
//! ([`ReportStrategy`]): where counting every card exactly does not fit the
//! `next` budget, each card is sampled instead (its own stream), and the
//! frequencies come from sampled deals.

use std::fmt;
use std::time::Instant;

use rayon::prelude::*;

use super::flop_odds::{self, FlopOdds};
use super::hits::BoardSeat;
use super::on_board::{exact_on_board, sampled_on_board, setup_on_board};
use crate::card::{Card, CardSet};
use crate::equity::error::EquityError;
use crate::equity::plan;
use crate::equity::request::EquityRequest;
use crate::equity::setup::Setup;
use crate::equity::strategy::ReportStrategy;
use crate::threads;

/// What a next card does to the board, as players name it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum CardTag {
    /// A third (or further) card of a suit: a flush is possible with it.
    Flush,
    /// Its rank is on the board already.
    Pairing,
    /// Above every board card.
    Overcard,
    /// Puts three or more distinct ranks in a straight's span with it (a
    /// straight becomes possible through it).
    Straight,
    /// None of the above.
    Blank,
}

impl fmt::Display for CardTag {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            CardTag::Flush => "flush",
            CardTag::Pairing => "pairing",
            CardTag::Overcard => "overcard",
            CardTag::Straight => "straight",
            CardTag::Blank => "blank",
        })
    }
}

/// One card that can come next.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCard {
    /// The card.
    pub card: Card,
    /// The probability that it comes next, given the seats' ranges.
    pub frequency: f64,
    /// What it does to the board.
    pub tags: Vec<CardTag>,
    /// Each active seat with it on the board: its figures (with standard
    /// errors when sampled), hits, equity buckets and nut share.
    pub seats: Vec<BoardSeat>,
    /// On a line, the reach frequency with it on the board (1 without
    /// rules; [`next_cards_on_line`](super::next_cards_on_line)).
    pub reach: f64,
}

/// Every card that can come next on a board of three or four cards.
#[derive(Clone, Debug, PartialEq)]
pub struct NextCardReport {
    /// The board the cards come on.
    pub board: Vec<Card>,
    /// The cards that can come (a card no deal leaves in the deck is not
    /// listed), in card order; frequencies sum to 1.
    pub cards: Vec<NextCard>,
    /// How the planner had it computed.
    pub strategy: ReportStrategy,
    /// Time taken.
    pub elapsed_ms: f64,
}

/// The tags of `card` coming on `board`.
pub fn card_tags(board: &[Card], card: Card) -> Vec<CardTag> {
    let mut tags = Vec::new();
    let suited = board.iter().filter(|c| c.suit() == card.suit()).count();
    if suited >= 2 {
        tags.push(CardTag::Flush);
    }
    let rank = card.rank().index();
    let ranks: u16 = board.iter().fold(0, |m, c| m | 1 << c.rank().index());
    if ranks >> rank & 1 == 1 {
        tags.push(CardTag::Pairing);
    } else {
        if board.iter().all(|c| c.rank().index() < rank) {
            tags.push(CardTag::Overcard);
        }
        // Straight spans as rank bits, the ace also low (bit 13 → below
        // the two): a span through the card with three distinct ranks.
        let with = ranks | 1 << rank;
        let low_ace = |m: u16| m << 1 | (m >> 12 & 1);
        let (bits, card_bits) = (low_ace(with), low_ace(1 << rank));
        let through = (0..=9).any(|low| {
            let span = 0b11111u16 << low;
            bits & card_bits & span != 0 && (bits & span).count_ones() >= 3
        });
        if through {
            tags.push(CardTag::Straight);
        }
    }
    if tags.is_empty() {
        tags.push(CardTag::Blank);
    }
    tags
}

/// Every card that can come next on `request`'s board (three or four
/// cards), with its probability and each seat's figures, as the planner
/// decides (`plan::next_card`): each card counted exactly (then a card
/// whose spot cannot be counted exactly makes the whole report fail with
/// that reason), or, where that does not fit the budget or when asked,
/// sampled to a standard error with frequencies from sampled deals.
/// `cancel` is polled between cards.
pub fn next_cards(
    request: &EquityRequest,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<NextCardReport, EquityError> {
    next_cards_counted(request, 1, cancel)
}

/// How [`next_cards`] would compute the report of `request`, each card
/// counted `counts` times (a line's report counts a card again for its
/// rules, and first for an equity term's standings): the planner's
/// decision and its estimate, without counting anything.
pub fn next_cards_strategy(
    request: &EquityRequest,
    counts: usize,
) -> Result<ReportStrategy, EquityError> {
    Ok(plan_next(request, counts)?.strategy)
}

/// The next card of a spot, planned.
struct NextPlan {
    setup: Setup,
    candidates: Vec<Card>,
    strategy: ReportStrategy,
}

/// Validates the spot, lists the cards that can come and asks the planner.
fn plan_next(request: &EquityRequest, counts: usize) -> Result<NextPlan, EquityError> {
    let n = request.board.len();
    if !matches!(n, 3 | 4) {
        return Err(EquityError::NextCardBoard(n));
    }
    // The spot as it stands: validates the board, dead cards and ranges.
    let setup = Setup::new(request)?;
    let candidates: Vec<Card> = CardSet::from_bits(setup.known.bits() | setup.fixed.bits())
        .complement()
        .iter()
        .collect();
    // Priced as the rows are counted: with the per-combo breakdown their
    // buckets come from.
    let typical = candidates.iter().find_map(|&card| {
        let mut with = EquityRequest {
            breakdown: true,
            ..request.clone()
        };
        with.board.push(card);
        setup_on_board(&with).ok().flatten()
    });
    let strategy = plan::next_card(request, typical.as_ref(), candidates.len(), counts);
    Ok(NextPlan {
        setup,
        candidates,
        strategy,
    })
}

/// [`next_cards`], planned for `counts` counts of each card (a line's
/// report counts a card again for its rules: `plan::next_card`).
pub(super) fn next_cards_counted(
    request: &EquityRequest,
    counts: usize,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<NextCardReport, EquityError> {
    let start = Instant::now();
    let NextPlan {
        setup,
        candidates,
        strategy,
    } = plan_next(request, counts)?;
    let source = match strategy {
        ReportStrategy::EachSampled { std_error } => CardSource::Sampled(
            FlopOdds::sample(&setup, flop_odds::DEALS, request.seed)?,
            std_error,
        ),
        _ => CardSource::Counted,
    };
    // Each card's board leaves at most one card to come: its count is a
    // single unit of work, so the cards are spread over the threads (one
    // card's working set per thread).
    let run = || {
        candidates
            .par_iter()
            .map(|&card| next_card(request, card, &source, cancel))
            .collect::<Result<Vec<_>, _>>()
    };
    let rows = threads::run_on(request.threads, "rangestove-next", run)??;
    let total: f64 = rows.iter().flatten().map(|(weight, _)| weight).sum();
    let cards = rows
        .into_iter()
        .flatten()
        .map(|(weight, mut row)| {
            row.frequency = weight / total;
            row
        })
        .collect();
    Ok(NextCardReport {
        board: request.board.clone(),
        cards,
        strategy,
        elapsed_ms: start.elapsed().as_secs_f64() * 1000.0,
    })
}

/// Where a card's figures come from.
enum CardSource {
    /// Counted exactly on its own.
    Counted,
    /// Sampled to a standard error, with frequencies from sampled deals.
    Sampled(FlopOdds, f64),
}

/// One card's row and the weight of the deals leaving it in the deck (up
/// to a factor common to every card), or `None` when no deal does.
fn next_card(
    request: &EquityRequest,
    card: Card,
    source: &CardSource,
    cancel: &(dyn Fn() -> bool + Sync),
) -> Result<Option<(f64, NextCard)>, EquityError> {
    let mut board = request.board.clone();
    board.push(card);
    let found = match source {
        CardSource::Counted => exact_on_board(request, board.clone(), true, cancel)?,
        CardSource::Sampled(odds, std_error) => {
            if cancel() {
                return Err(EquityError::Cancelled);
            }
            sampled_on_board(request, board.clone(), *std_error, true, cancel)?
                .map(|result| (odds.left_card(card), result))
        }
    };
    Ok(found.map(|(weight, result)| {
        let seats = (result.seats.iter().zip(&result.breakdown))
            .map(|(&figures, breakdown)| {
                let range = &request.seats[figures.seat].range;
                BoardSeat::new(figures, breakdown, range, &board, request.dead)
            })
            .collect();
        (
            weight,
            NextCard {
                card,
                frequency: 0.0,
                tags: card_tags(&request.board, card),
                seats,
                reach: 1.0,
            },
        )
    }))
}
