//! The outcome counters of rank-pattern counting: one deal's boards by
//! outcome, laid out as the kernels' counts.

use crate::equity::exact::common::Counts;
use crate::equity::request::MAX_SEATS;
use crate::equity::tally::add_outcome;

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
}
