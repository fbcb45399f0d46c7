//! The unsuited outcomes of a group of deals whose seats hold the same
//! ranks ([`rank_patterns`](super)): counted once for the group, then
//! each deal's flushes moved from them to their own outcomes.

use std::ops::Range;

use rustc_hash::FxHashMap as HashMap;

use crate::equity::exact::common::Counts;
use crate::equity::exact::rank_multisets::{BOARD, PATTERNS, Pattern};
use crate::equity::exact::rank_suits::{
    BATCH, Deck, Hole, Outcomes, SuitHolding, Ways, rank_without_flushes,
};
use crate::equity::exact::suited_sets::SetSums;
use crate::equity::request::MAX_SEATS;

/// The unsuited outcomes of one group of deals on a share of the rank
/// multisets: every multiset's boards with no flush, and what a deal's
/// flushes need to move some of them to their own outcomes.
pub(super) struct Unsuited<'a> {
    /// The multisets counted, the cards they are dealt from, and the
    /// suited sets whose flushes on boards of five distinct ranks are
    /// counted here.
    patterns: &'a [Pattern],
    left: Deck,
    sets: &'a [u16],
    /// Every board's outcome without flushes, and how many boards.
    outcomes: Outcomes,
    boards: u64,
    /// The multisets (by index in `patterns`) of three or more distinct
    /// ranks the deck can deal, on which a flush is possible, with per
    /// distinct rank the cards left; and (`seats` each, in the same order)
    /// the seats' values on them without flushes.
    flushable: Vec<(u16, [u8; BOARD])>,
    values: Vec<u16>,
    seats: usize,
}

/// One suit's flushes on a group's multisets: the outcomes of the
/// suitings on which a flush changes one, and the same boards' unsuited
/// outcomes, which they replace.
pub(super) struct Flushes {
    flushed: Outcomes,
    unsuited: Outcomes,
}

impl<'a> Unsuited<'a> {
    /// Counts the multisets `multisets` (of [`PATTERNS`]) dealt from
    /// `left` for seats ranked as `seats` (their suits aside); their
    /// flushes will be counted with those of five distinct ranks on the
    /// suited sets `sets`.
    pub(super) fn count(
        left: Deck,
        seats: &[Hole],
        multisets: Range<usize>,
        sets: &'a [u16],
    ) -> Unsuited<'a> {
        by_seat_count!(seats.len(), Self::count_of, (left, seats, multisets, sets))
    }

    /// [`count`](Unsuited::count) for `N` seats (`by_seat_count` in
    /// [`rank_patterns`](super)).
    pub(super) fn count_of<const N: usize>(
        left: Deck,
        seats: &[Hole],
        multisets: Range<usize>,
        sets: &'a [u16],
    ) -> Unsuited<'a> {
        let n = if N == 0 { seats.len() } else { N };
        let seats = &seats[..n];
        let patterns = &PATTERNS[multisets.clone()];
        let ways_of = Ways::of(&left);
        let mut outcomes = Outcomes::new(n);
        let mut boards = 0;
        let mut flushable = Vec::with_capacity(patterns.len());
        let mut flush_values = Vec::with_capacity(patterns.len() * n);
        let mut batch_values = [0u32; BATCH * MAX_SEATS];
        for from in multisets.clone().step_by(BATCH) {
            let batch = from..(from + BATCH).min(multisets.end);
            let values_of = &mut batch_values[..batch.len() * n];
            rank_without_flushes(batch.clone(), seats, values_of);
            for (i, values) in batch.zip(values_of.chunks_exact(n)) {
                let pattern = &PATTERNS[i];
                let ways = ways_of.of_pattern(pattern);
                if ways == 0 {
                    continue;
                }
                boards += ways;
                outcomes.add(values, ways);
                if pattern.distinct >= 3 {
                    flushable.push(((i - multisets.start) as u16, left.have(pattern)));
                    flush_values.extend(values.iter().map(|&v| v as u16));
                }
            }
        }
        Unsuited {
            patterns,
            left,
            sets,
            outcomes,
            boards,
            flushable,
            values: flush_values,
            seats: n,
        }
    }

    /// The flushes in one suit held as `holding`.
    fn flushes(&self, holding: &SuitHolding) -> Flushes {
        let n = self.seats;
        let mut out = Flushes {
            flushed: Outcomes::new(n),
            unsuited: Outcomes::new(n),
        };
        let mut flushed = [0u32; MAX_SEATS];
        let mut values = [0u32; MAX_SEATS];
        let values = &mut values[..n];
        let mut lent = SetSums::lend(1);
        let by_set = &mut lent[0];
        for ((i, have), stored) in self.flushable.iter().zip(self.values.chunks_exact(n)) {
            let pattern = &self.patterns[usize::from(*i)];
            if u32::from(pattern.distinct) < holding.fewest {
                continue;
            }
            for (v, &s) in values.iter_mut().zip(stored) {
                *v = u32::from(s);
            }
            let values = &*values;
            let ways = if pattern.distinct == 5 {
                // Flushes decide alone, counted below by set.
                holding.distinct_flush_ways(pattern, &self.left)
            } else {
                let flushed = &mut flushed[..n];
                let into = (&mut out.flushed, &mut *by_set);
                holding.flushes(pattern, have, values, flushed, 1, into)
            };
            if ways > 0 {
                out.unsuited.add(values, ways);
            }
        }
        holding.distinct_flushes::<false>(&self.left, self.sets, 1, &mut out.flushed);
        holding.count_sets(by_set, &mut out.flushed);
        out
    }

    /// The counts of one deal of the group: the active seats holding
    /// `seats`, the boards dealt from the mask `deck`. `known` keeps the
    /// flushes of each suit holding met, for the group's other deals.
    pub(super) fn with_flushes(
        &self,
        deck: u64,
        seats: &[Hole],
        known: &mut HashMap<SuitHolding, Flushes>,
    ) -> Counts {
        let n = self.seats;
        let left = Deck::of(deck);
        let mut out = self.outcomes.clone();
        let mut replaced = Outcomes::new(n);
        for suit in 0..4 {
            let holding = SuitHolding::of(&left, seats, suit);
            let flushes = known
                .entry(holding)
                .or_insert_with(|| self.flushes(&holding));
            out.merge(&flushes.flushed);
            replaced.merge(&flushes.unsuited);
        }
        out.remove(&replaced);
        out.counts(self.boards)
    }
}
