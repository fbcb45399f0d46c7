//! The outcome counters of rank-pattern counting: one deal's boards by
//! outcome, laid out as the kernels' counts, and boards summed by their
//! winners before they are split into wins and ties.

use crate::equity::exact::common::Counts;
use crate::equity::request::MAX_SEATS;
use crate::equity::tally::{add_outcome, add_to_winners};

/// Outcome counters of one deal's boards, laid out as the kernels'
/// `Counts`.
#[derive(Clone)]
pub(crate) struct Outcomes {
    pub(super) wins: [u64; MAX_SEATS],
    ties: Vec<u64>,
    pub(super) seats: usize,
}

impl Outcomes {
    /// No outcomes yet, for `n` active seats.
    pub(crate) fn new(n: usize) -> Outcomes {
        Outcomes {
            wins: [0; MAX_SEATS],
            ties: vec![0; n * (n + 1)],
            seats: n,
        }
    }

    /// Adds `other`'s counters to these.
    pub(crate) fn merge(&mut self, other: &Outcomes) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a += b;
        }
        for (a, b) in self.ties.iter_mut().zip(&other.ties) {
            *a += b;
        }
    }

    /// Takes `other`'s counters from these, which hold them (`other` a
    /// part of what was added here).
    pub(crate) fn remove(&mut self, other: &Outcomes) {
        for (a, b) in self.wins.iter_mut().zip(&other.wins) {
            *a -= b;
        }
        for (a, b) in self.ties.iter_mut().zip(&other.ties) {
            *a -= b;
        }
    }

    /// These counters as the kernels' counts of `boards` boards.
    pub(crate) fn counts(self, boards: u64) -> Counts {
        Counts {
            wins: self.wins[..self.seats].to_vec(),
            ties: self.ties,
            deals: boards,
            total: 0,
        }
    }

    #[inline(always)]
    pub(crate) fn add(&mut self, values: &[u32], weight: u64) {
        let n = values.len();
        add_outcome(values, &mut self.wins[..n], &mut self.ties, weight);
    }

    /// Adds `weight` boards won by the seats `held` (bits by seat).
    #[inline(always)]
    pub(crate) fn add_winners(&mut self, held: u32, weight: u64) {
        let n = self.seats;
        add_to_winners(
            u64::from(held),
            n,
            &mut self.wins[..n],
            &mut self.ties,
            weight,
        );
    }
}

/// Most seats whose boards [`WinnerSums`] sums.
const SUMMED_SEATS: usize = 6;

/// Boards summed by their winners (bits by seat, at most
/// [`SUMMED_SEATS`] seats), added to outcome counters once the count is
/// over ([`add_to`](WinnerSums::add_to)): a board's outcome costs one add,
/// where [`Outcomes::add`] counts its winners and branches on a tie
/// (`AhAs KhKs QhQs`: about 15 instructions a multiset of 180).
pub(crate) struct WinnerSums {
    by: [u64; 1 << SUMMED_SEATS],
}

impl WinnerSums {
    /// No boards yet.
    pub(crate) fn new() -> WinnerSums {
        WinnerSums {
            by: [0; 1 << SUMMED_SEATS],
        }
    }

    /// Adds `weight` boards won by the seats `held` (bits by seat, of at
    /// most [`SUMMED_SEATS`]).
    #[inline(always)]
    pub(crate) fn add_winners(&mut self, held: u32, weight: u64) {
        self.by[held as usize % (1 << SUMMED_SEATS)] += weight;
    }

    /// Adds these boards to `out`, by their winners.
    pub(crate) fn add_to(&self, out: &mut Outcomes) {
        let n = out.seats;
        for (held, &weight) in self.by.iter().enumerate().filter(|(_, w)| **w > 0) {
            add_to_winners(held as u64, n, &mut out.wins[..n], &mut out.ties, weight);
        }
    }
}
