//! A spot's setup on one board made from its setup with no board
//! ([`Setup::on_board`]): the setup [`Setup::new`] makes, found from the
//! combos the spot already validated instead of every range walked again
//! (a flop report makes one per flop, thousands of them).

use std::sync::OnceLock;

use super::error::EquityError;
use super::request::EquityRequest;
use super::setup::{SeatCombos, Setup};
use super::tally::gcd;
use crate::card::Card;
use crate::combo::Combo;
use crate::range::Range;

impl Setup {
    /// `Setup::new` of `request` with `board` and `breakdown`, where `self`
    /// is the setup of `request` with no board (the same seats, ranges and
    /// dead cards): each seat's combos, and those it loses to single hands,
    /// are this setup's less those the board blocks, their weights divided
    /// by the gcd of what is left. Where the board takes a single hand's
    /// cards, or leaves a seat of several combos with fewer than two (a
    /// hand that would fix other seats' cards anew), the setup is made
    /// afresh, as it is where `self` is not of a request with no board.
    pub(crate) fn on_board(
        &self,
        request: &EquityRequest,
        board: &[Card],
        breakdown: bool,
    ) -> Result<Setup, EquityError> {
        let afresh = || {
            Setup::new(&EquityRequest {
                board: board.to_vec(),
                breakdown,
                ..request.clone()
            })
        };
        let (known, active) = Setup::checked(board, request.dead, &request.seats)?;
        let board_bits = known.bits() & !request.dead.bits();
        let same_spot = self.board.is_empty()
            && self.known == request.dead
            && self.active == active
            && self.seats.len() == request.seats.len();
        if !same_spot || self.fixed.bits() & board_bits != 0 {
            return afresh();
        }
        let mut seats = Vec::with_capacity(self.seats.len());
        for (seat, asked) in self.seats.iter().zip(&request.seats) {
            match seat.on_board(board_bits, &asked.range) {
                Some(seat) => seats.push(seat),
                None => return afresh(),
            }
        }
        Setup {
            seats,
            fixed: self.fixed,
            active,
            board: board.to_vec(),
            known,
            missing: 5 - board.len(),
            breakdown,
            preflop_deals: OnceLock::new(),
        }
        .if_feasible()
    }
}

impl SeatCombos {
    /// The seat (of `range`) with the cards `board` dealt, or `None` where
    /// that leaves a single hand none or a seat of several combos fewer
    /// than two.
    fn on_board(&self, board: u64, range: &Range) -> Option<SeatCombos> {
        let n = self.combos.len();
        // The weights in basis points first, divided below.
        let (mut combos, mut masks, mut weights) = (
            Vec::with_capacity(n),
            Vec::with_capacity(n),
            Vec::with_capacity(n),
        );
        for ((&combo, &mask), &weight) in self.combos.iter().zip(&self.masks).zip(&self.weights) {
            if mask & board == 0 {
                combos.push(combo);
                masks.push(mask);
                weights.push(weight * self.divisor);
            }
        }
        if combos.len() < n.min(2) {
            return None;
        }
        let clashing: Vec<Combo> = (self.clashing.iter().copied())
            .filter(|c| c.mask().bits() & board == 0)
            .collect();
        // As `Setup::new` divides them: by the gcd of every live combo's
        // weight, those lost to single hands included.
        // (A weight the gcd so far divides, as most do, leaves it.)
        let lost = clashing.iter().map(|&c| u64::from(range.weight_bp(c)));
        let divisor = (weights.iter().copied().chain(lost))
            .fold(0u64, |g, w| match g {
                0 => w,
                g if w % g == 0 => g,
                g => gcd(u128::from(g), u128::from(w)) as u64,
            })
            .max(1);
        weights.iter_mut().for_each(|w| *w /= divisor);
        Some(SeatCombos {
            combos,
            masks,
            weights,
            divisor,
            clashing,
        })
    }
}

#[cfg(test)]
mod tests;
