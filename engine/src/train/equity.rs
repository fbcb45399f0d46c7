//! The equity drill's questions: a seat's equity, counted exactly.

use rand::RngExt;
use rand_chacha::ChaCha8Rng;

use super::error::TrainError;
use super::pick::{Picked, pick_range, random_board, random_hand};
use super::question::{Answer, Question};
use crate::card::{Card, CardSet};
use crate::equity::{EquityError, EquityRequest, Method, Seat, calculate};
use crate::range::Range;

pub(super) fn equity_question(
    rng: &mut ChaCha8Rng,
    level: u8,
    named: &[(String, Range)],
    threads: Option<usize>,
) -> Result<Option<Question>, TrainError> {
    let (ranges, board): (Vec<Picked>, Vec<Card>) = match level {
        1 => {
            let a = random_hand(rng, CardSet::EMPTY);
            let b = random_hand(rng, a.mask());
            (vec![Picked::hand(a), Picked::hand(b)], Vec::new())
        }
        2 => {
            let street = rng.random_range(3..=5);
            let board = random_board(rng, CardSet::EMPTY, street);
            let known = board.iter().fold(CardSet::EMPTY, |s, &c| s.with(c));
            let hero = random_hand(rng, known);
            let villain = pick_range(rng, named);
            (vec![Picked::hand(hero), villain], board)
        }
        _ => {
            let street = rng.random_range(3..=5);
            let board = random_board(rng, CardSet::EMPTY, street);
            if rng.random_bool(0.5) {
                (vec![pick_range(rng, named), pick_range(rng, named)], board)
            } else {
                let known = board.iter().fold(CardSet::EMPTY, |s, &c| s.with(c));
                let hero = random_hand(rng, known);
                let board = board[..3.min(board.len())].to_vec();
                let seats = vec![
                    Picked::hand(hero),
                    pick_range(rng, named),
                    pick_range(rng, named),
                ];
                (seats, board)
            }
        }
    };
    let mut request = EquityRequest::new(
        ranges
            .iter()
            .map(|p| Seat::active(p.range.clone()))
            .collect(),
    );
    request.board = board.clone();
    request.method = Method::Exact;
    request.threads = threads;
    let equity = match calculate(&request, &|| false, &mut |_| {}) {
        Ok(result) => result.seats[0].equity,
        // A spot the board or the hands leave no deal (or too large to
        // count): another question instead.
        Err(EquityError::RangeRemoved { .. } | EquityError::NoFeasibleDeal) => return Ok(None),
        Err(EquityError::TooLarge { .. } | EquityError::TooManyDeals { .. }) => return Ok(None),
        Err(other) => return Err(other.into()),
    };
    let names: Vec<String> = ranges.iter().map(|p| p.name.clone()).collect();
    let texts: Vec<String> = ranges.into_iter().map(|p| p.text).collect();
    let prompt = format!(
        "Equity of {} against {}{}?",
        names[0],
        names[1..].join(" and "),
        if board.is_empty() {
            " preflop".to_owned()
        } else {
            format!(
                " on {}",
                board.iter().map(Card::to_string).collect::<String>()
            )
        }
    );
    Ok(Some(Question {
        ranges: texts,
        board,
        prompt,
        rule: None,
        answer: Answer::Equity(equity),
    }))
}
