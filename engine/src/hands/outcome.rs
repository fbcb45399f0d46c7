//! Who got what: the history's stated collections when it gives them
//! (checked against the pots), else each pot to the best hand shown among
//! those who may win it; the rake is what the pots held beyond that.

use super::chips::Chips;
use super::error::HandErrorKind;
use super::model::Hand;
use super::replay::{Replay, ReplayError};
use crate::card::Card;
use crate::eval::evaluate;

/// What each player took from the pots, and the rake.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Outcome {
    /// What each player collected.
    pub collected: Vec<Chips>,
    /// What the pots held beyond that.
    pub rake: Chips,
}

/// The outcome of `hand`, or `None` when the history does not say and a
/// showdown's cards are not known.
pub fn outcome(hand: &Hand, replay: &Replay) -> Result<Option<Outcome>, ReplayError> {
    let pot: Chips = replay.contributed.iter().copied().sum();
    if let Some(collected) = &hand.collected {
        let taken: Chips = collected.iter().copied().sum();
        let rake = pot - taken;
        let stated_differs = hand.rake.is_some_and(|r| r != rake);
        if rake < Chips::ZERO || stated_differs {
            return Err((
                HandErrorKind::Mismatch(format!("pot {pot}, collected {taken}")),
                taken.to_string(),
            ));
        }
        return Ok(Some(Outcome {
            collected: collected.clone(),
            rake,
        }));
    }
    let rake = hand.rake.unwrap_or_default().min(pot);
    let mut collected = vec![Chips::ZERO; hand.players.len()];
    let mut rake_left = rake;
    for pot in &replay.pots {
        let taken = rake_left.min(pot.amount);
        rake_left -= taken;
        let amount = pot.amount - taken;
        let winners = match pot.eligible.as_slice() {
            [] => return Ok(None),
            [only] => vec![*only],
            eligible => match best_hands(hand, &replay.board, eligible) {
                Some(winners) => winners,
                None => return Ok(None),
            },
        };
        share(amount, &winners, &mut collected);
    }
    Ok(Some(Outcome { collected, rake }))
}

/// Splits `amount` among `winners`, odd hundredths to the first in order
/// (the first left of the button).
fn share(amount: Chips, winners: &[usize], collected: &mut [Chips]) {
    let k = winners.len() as i64;
    if k == 0 {
        return;
    }
    let each = amount.0 / k;
    let odd = amount.0 % k;
    for (n, &w) in winners.iter().enumerate() {
        collected[w] += Chips(each + i64::from((n as i64) < odd));
    }
}

/// The players with the best hand among `eligible`, if the board is whole
/// and all their cards are known.
fn best_hands(hand: &Hand, board: &[Card], eligible: &[usize]) -> Option<Vec<usize>> {
    if board.len() != 5 {
        return None;
    }
    let mut ranked = Vec::with_capacity(eligible.len());
    for &p in eligible {
        let hole = hand.hole(p)?;
        let mut cards = board.to_vec();
        cards.extend_from_slice(&hole);
        ranked.push((p, evaluate(&cards).ok()?));
    }
    let best = ranked.iter().map(|(_, r)| *r).max()?;
    Some(
        ranked
            .into_iter()
            .filter(|(_, r)| *r == best)
            .map(|(p, _)| p)
            .collect(),
    )
}
