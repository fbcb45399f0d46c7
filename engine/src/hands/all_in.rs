//! The all-in moment's figures: each pot's exact equity among the players
//! who may win it (the engine's `calculate`, the other players still in
//! as folded seats: their cards are out of the deck), and each player's
//! expected result beside the actual one (docs/design.md §3.11).

use super::chips::Chips;
use super::error::HandErrorKind;
use super::model::{Hand, Street};
use super::outcome::Outcome;
use super::replay::{Replay, ReplayError};
use crate::card::{Card, CardSet};
use crate::combo::Combo;
use crate::equity::{self, EquityRequest, Method, Seat};
use crate::range::Range;

/// One pot at the all-in moment.
#[derive(Clone, Debug, PartialEq)]
pub struct PotEquity {
    /// Chips in it.
    pub amount: Chips,
    /// Each player who may win it, with its exact equity (summing to 1).
    pub equities: Vec<(usize, f64)>,
}

/// A player at the all-in moment.
#[derive(Clone, Debug, PartialEq)]
pub struct AllInPlayer {
    /// The player (index into the hand's players).
    pub player: usize,
    /// The hole cards.
    pub hole: [Card; 2],
    /// The share of the pots (net of rake) the equities give, less what
    /// the player put in.
    pub expected: f64,
    /// What the player collected, less what it put in (when known).
    pub actual: Option<Chips>,
}

/// The all-in moment of a hand.
#[derive(Clone, Debug, PartialEq)]
pub struct AllIn {
    /// The street whose betting closed the action.
    pub street: Street,
    /// The board then.
    pub board: Vec<Card>,
    /// The pots, main pot first.
    pub pots: Vec<PotEquity>,
    /// The players still in, in order.
    pub players: Vec<AllInPlayer>,
}

/// The all-in figures, or `None` when there was no all-in moment or a
/// player still in has unknown cards.
pub fn all_in(
    hand: &Hand,
    replay: &Replay,
    outcome: Option<&Outcome>,
) -> Result<Option<AllIn>, ReplayError> {
    let Some(spot) = &replay.all_in else {
        return Ok(None);
    };
    let mut holes = Vec::with_capacity(spot.live.len());
    for &p in &spot.live {
        match hand.hole(p) {
            Some(hole) => holes.push((p, hole)),
            None => return Ok(None),
        }
    }
    let total: Chips = replay.pots.iter().map(|p| p.amount).sum();
    let rake = outcome.map_or(Chips::ZERO, |o| o.rake);
    let net_share = if total > Chips::ZERO {
        (total - rake).to_f64() / total.to_f64()
    } else {
        0.0
    };
    let mut pots = Vec::with_capacity(replay.pots.len());
    let mut expected: Vec<f64> = vec![0.0; hand.players.len()];
    for pot in &replay.pots {
        let equities = pot_equities(&spot.board, &holes, &pot.eligible)?;
        for &(p, e) in &equities {
            expected[p] += e * pot.amount.to_f64() * net_share;
        }
        pots.push(PotEquity {
            amount: pot.amount,
            equities,
        });
    }
    let players = holes
        .iter()
        .map(|&(p, hole)| AllInPlayer {
            player: p,
            hole,
            expected: expected[p] - replay.contributed[p].to_f64(),
            actual: outcome.map(|o| o.collected[p] - replay.contributed[p]),
        })
        .collect();
    Ok(Some(AllIn {
        street: spot.street,
        board: spot.board.clone(),
        pots,
        players,
    }))
}

/// The exact equity of each of `eligible` in one pot on `board`, the other
/// players still in holding their cards as folded seats.
fn pot_equities(
    board: &[Card],
    holes: &[(usize, [Card; 2])],
    eligible: &[usize],
) -> Result<Vec<(usize, f64)>, ReplayError> {
    if let [only] = eligible {
        return Ok(vec![(*only, 1.0)]);
    }
    let mut request = EquityRequest::new(
        holes
            .iter()
            .filter(|(p, _)| eligible.contains(p))
            .chain(holes.iter().filter(|(p, _)| !eligible.contains(p)))
            .map(|&(p, hole)| {
                let range = single(hole);
                if eligible.contains(&p) {
                    Seat::active(range)
                } else {
                    Seat::folded(range)
                }
            })
            .collect(),
    );
    request.board = board.to_vec();
    request.dead = CardSet::EMPTY;
    request.method = Method::Exact;
    let result = equity::calculate(&request, &|| false, &mut |_| {})
        .map_err(|e| (HandErrorKind::Equity(e.to_string()), String::new()))?;
    let active: Vec<usize> = holes
        .iter()
        .map(|(p, _)| *p)
        .filter(|p| eligible.contains(p))
        .collect();
    Ok(active
        .into_iter()
        .zip(result.seats.iter().map(|s| s.equity))
        .collect())
}

/// A range holding exactly `hole`.
pub fn single(hole: [Card; 2]) -> Range {
    let mut range = Range::default();
    if let Some(combo) = Combo::new(hole[0], hole[1]) {
        range.set_weight_bp(combo, 10_000);
    }
    range
}
