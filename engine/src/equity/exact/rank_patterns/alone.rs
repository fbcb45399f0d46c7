//! The counts of a deal alone in its rank group ([`rank_patterns`](super)):
//! every multiset of a share counted with its flushes, a batch of
//! multisets at a time in steps that each run over the whole batch: the
//! ways to deal each multiset, its winners without flushes, the flush
//! suitings taken out of its ways, and the rest added by winners.

use std::ops::Range;

use crate::equity::exact::common::Counts;
use crate::equity::exact::rank_multisets::{BOARD, PATTERNS, Pattern, pair_values};
use crate::equity::exact::rank_suits::{
    BATCH, Deck, Hole, Outcomes, SuitHolding, Ways, WinnerSums, kept_bits,
};
use crate::equity::exact::suited_sets::SetSums;
use crate::equity::request::MAX_SEATS;
use crate::equity::tally::winners;

/// The counts of a deal alone in its group, on the rank multisets
/// `multisets` (of [`PATTERNS`]) and, of boards of five distinct ranks,
/// the flushes on the suited sets `sets`: nothing kept for other deals; a
/// multiset's flushes counted with it, those of five distinct ranks by
/// suited set; once per suit holding times the suits held so.
pub(super) fn count_alone(
    deck: u64,
    seats: &[Hole],
    multisets: Range<usize>,
    sets: &[u16],
) -> Counts {
    #[cfg(target_arch = "x86_64")]
    if std::arch::is_x86_feature_detected!("avx2") && std::arch::is_x86_feature_detected!("popcnt")
    {
        // SAFETY: the processor has AVX2 and POPCNT, just checked.
        return unsafe { count_alone_avx2(deck, seats, multisets, sets) };
    }
    by_seat_count!(
        seats.len(),
        count_alone_base,
        (deck, seats, multisets, sets)
    )
}

/// [`count_alone`] compiled for AVX2, whose sixteen-wide compares find a
/// batch's winners (the baseline x86-64 has no unsigned 16-bit maximum)
/// and whose gathers read eight multisets' ways at once.
#[cfg(target_arch = "x86_64")]
#[target_feature(enable = "avx2,popcnt")]
fn count_alone_avx2(deck: u64, seats: &[Hole], multisets: Range<usize>, sets: &[u16]) -> Counts {
    by_seat_count!(
        seats.len(),
        count_alone_wide,
        (deck, seats, multisets, sets)
    )
}

/// [`count_alone_of`] with the baseline code.
#[inline(always)]
pub(super) fn count_alone_base<const N: usize>(
    deck: u64,
    seats: &[Hole],
    multisets: Range<usize>,
    sets: &[u16],
) -> Counts {
    count_alone_of::<N, false>(deck, seats, multisets, sets)
}

/// [`count_alone_of`] with AVX2's gathers: only from [`count_alone_avx2`].
#[cfg(target_arch = "x86_64")]
#[inline(always)]
fn count_alone_wide<const N: usize>(
    deck: u64,
    seats: &[Hole],
    multisets: Range<usize>,
    sets: &[u16],
) -> Counts {
    count_alone_of::<N, true>(deck, seats, multisets, sets)
}

/// One batch of multisets as a count steps through it: each seat's value
/// on each (flushes aside), each one's winners, its ways.
struct Batch {
    /// By seat, by multiset (past the batch's, 0).
    values: [[u16; BATCH]; MAX_SEATS],
    winners: [u32; BATCH],
    ways: [u64; BATCH],
}

/// What a deal's flushes are counted with, one multiset at a time (the
/// baseline code): the cards left, the suits as held (each with how many
/// are held so), the sums by suited set, the outcomes, working storage
/// for the seats' values with flushes.
struct Flushes<'a> {
    left: &'a Deck,
    holdings: &'a [(SuitHolding, u64)],
    by_set: &'a mut [SetSums],
    out: &'a mut Outcomes,
    flushed: &'a mut [u32],
}

impl Flushes<'_> {
    /// Takes each flush suiting's ways from its multiset's in `batch`
    /// (`chunk` its multisets), counting the suitings apart, one multiset
    /// at a time, each tested against every suit: where tests of 32
    /// multisets at once gather no bits in one instruction (no AVX2), they
    /// cost more than the few a multiset needs (six single hands: 4.37 M
    /// instructions against 4.97 M).
    #[inline(always)]
    fn take_one_by_one<const N: usize>(&mut self, batch: &mut Batch, chunk: &[Pattern]) {
        // No flush is made on multisets of fewer distinct ranks than this.
        let fewest = (self.holdings.iter()).fold(BOARD as u32, |least, (h, _)| least.min(h.fewest));
        for (m, pattern) in chunk.iter().enumerate() {
            if batch.ways[m] == 0 || u32::from(pattern.distinct) < fewest {
                continue;
            }
            if pattern.distinct == 5 {
                // No full house: each flush decides alone, counted at the
                // end by suited set.
                for (holding, times) in self.holdings {
                    batch.ways[m] -= holding.distinct_flush_ways(pattern, self.left) * times;
                }
                continue;
            }
            let mut have = None;
            for ((holding, times), sums) in self.holdings.iter().zip(self.by_set.iter_mut()) {
                if holding.open_ranks::<false>(pattern) >= holding.fewest {
                    let (have, values) = have
                        .get_or_insert_with(|| (self.left.have(pattern), batch.values_at::<N>(m)));
                    let values = &values[..self.flushed.len()];
                    let into = (&mut *self.out, &mut *sums);
                    let taken = holding.flushes(pattern, have, values, self.flushed, *times, into);
                    batch.ways[m] -= taken;
                }
            }
        }
    }
}

/// The suits as a deal's seats and deck hold them, each once with how
/// many suits are held so.
fn holdings_of(left: &Deck, seats: &[Hole]) -> Vec<(SuitHolding, u64)> {
    let mut holdings: Vec<(SuitHolding, u64)> = Vec::new();
    for suit in 0..4 {
        let holding = SuitHolding::of(left, seats, suit);
        match holdings.iter_mut().find(|(h, _)| *h == holding) {
            Some((_, times)) => *times += 1,
            None => holdings.push((holding, 1)),
        }
    }
    holdings
}

/// [`count_alone`] for `N` seats (`by_seat_count` in [`rank_patterns`](super)),
/// the ways read with AVX2's gathers if `WIDE` (only where the processor
/// has AVX2).
#[inline(always)]
pub(super) fn count_alone_of<const N: usize, const WIDE: bool>(
    deck: u64,
    seats: &[Hole],
    multisets: Range<usize>,
    sets: &[u16],
) -> Counts {
    let n = if N == 0 { seats.len() } else { N };
    let seats = &seats[..n];
    let left = Deck::of(deck);
    let ways_of = Ways::of(&left);
    let holdings = holdings_of(&left, seats);
    let mut by_set = SetSums::lend(holdings.len());
    let mut out = Outcomes::new(n);
    // (Summed by winners where `N` is known: at most six seats.)
    let mut sums = WinnerSums::new();
    let mut boards = 0;
    let mut flushed = [0u32; MAX_SEATS];
    let flushed = &mut flushed[..n];
    let mut batch = Batch {
        values: [[0; BATCH]; MAX_SEATS],
        winners: [0; BATCH],
        ways: [0; BATCH],
    };
    for from in multisets.clone().step_by(BATCH) {
        let range = from..(from + BATCH).min(multisets.end);
        let chunk = &PATTERNS[range.clone()];
        batch.deal::<WIDE>(&ways_of, chunk);
        boards += batch.ways[..chunk.len()].iter().sum::<u64>();
        batch.rank::<N>(seats, range);
        if WIDE {
            // Each flush suiting's ways taken from its multiset's, counted
            // apart: first those of five distinct ranks, where no full house
            // is made and each flush decides alone (counted below by suited
            // set), then per suit the paired multisets on which it may flush.
            let mut five = batch.with_ways::<WIDE>(chunk, |pattern| pattern.distinct == 5);
            while five != 0 {
                let m = five.trailing_zeros() as usize;
                five &= five - 1;
                for (holding, times) in &holdings {
                    batch.ways[m] -= holding.distinct_flush_ways(&chunk[m], &left) * times;
                }
            }
            for ((holding, times), sums) in holdings.iter().zip(by_set.iter_mut()) {
                if holding.fewest >= BOARD as u32 {
                    continue;
                }
                let mut paired = batch.with_ways::<WIDE>(chunk, |pattern| {
                    (pattern.distinct < BOARD as u8)
                        & (holding.open_ranks::<WIDE>(pattern) >= holding.fewest)
                });
                while paired != 0 {
                    let m = paired.trailing_zeros() as usize;
                    paired &= paired - 1;
                    let pattern = &chunk[m];
                    let have = left.have(pattern);
                    let values = batch.values_at::<N>(m);
                    let into = (&mut out, &mut *sums);
                    let values = &values[..n];
                    batch.ways[m] -= holding.flushes(pattern, &have, values, flushed, *times, into);
                }
            }
        } else {
            let mut flushes = Flushes {
                left: &left,
                holdings: &holdings,
                by_set: &mut by_set,
                out: &mut out,
                flushed,
            };
            flushes.take_one_by_one::<N>(&mut batch, chunk);
        }
        let rest = batch.winners.iter().zip(&batch.ways);
        for (&held, &ways) in rest.take(chunk.len()) {
            if N == 0 {
                out.add_winners(held, ways);
            } else {
                sums.add_winners(held, ways);
            }
        }
    }
    sums.add_to(&mut out);
    for ((holding, times), sums) in holdings.iter().zip(by_set.iter_mut()) {
        holding.distinct_flushes::<WIDE>(&left, sets, *times, &mut out);
        holding.count_sets(sums, &mut out);
    }
    out.counts(boards)
}

impl Batch {
    /// The ways to deal each of `chunk` (at most [`BATCH`]), with AVX2's
    /// gathers if `WIDE`.
    #[inline(always)]
    fn deal<const WIDE: bool>(&mut self, ways_of: &Ways, chunk: &[Pattern]) {
        #[cfg(target_arch = "x86_64")]
        if WIDE {
            // SAFETY: `WIDE` only from `count_alone_avx2`, which runs only
            // where the processor has AVX2.
            unsafe { ways_of.of_patterns_avx2(chunk, &mut self.ways) };
            return;
        }
        for (pattern, ways) in chunk.iter().zip(&mut self.ways) {
            *ways = ways_of.of_pattern(pattern);
        }
    }

    /// Each seat's value on the multisets `range` (at most [`BATCH`]),
    /// flushes aside, and each multiset's winners.
    #[inline(always)]
    fn rank<const N: usize>(&mut self, seats: &[Hole], range: Range<usize>) {
        let len = range.len();
        for (row, seat) in self.values.iter_mut().zip(seats) {
            let bytes = pair_values(usize::from(seat.pair), range.clone());
            for (value, b) in row.iter_mut().zip(bytes.chunks_exact(2)) {
                *value = u16::from_le_bytes([b[0], b[1]]);
            }
            row[len..].fill(0);
        }
        if N == 0 {
            for m in 0..len {
                self.winners[m] = winners(&self.values_at::<N>(m)[..seats.len()]) as u32;
            }
            return;
        }
        let rows = &self.values[..N];
        for (m, held) in self.winners.iter_mut().enumerate() {
            let values: [u32; N] = std::array::from_fn(|s| u32::from(rows[s][m]));
            *held = winners(&values) as u32;
        }
    }

    /// Bits by position of the multisets of `chunk` (the batch's) with
    /// ways that `keep` keeps ([`kept_bits`]).
    #[inline(always)]
    fn with_ways<const WIDE: bool>(
        &self,
        chunk: &[Pattern],
        keep: impl Fn(&Pattern) -> bool,
    ) -> u32 {
        kept_bits::<WIDE>(chunk.len(), |m| {
            (self.ways[m % BATCH] != 0) & keep(&chunk[m])
        })
    }

    /// The seats' values on the batch's multiset `m` (past the seats, 0;
    /// only the first `N` read where `N` is known).
    #[inline(always)]
    fn values_at<const N: usize>(&self, m: usize) -> [u32; MAX_SEATS] {
        let seats = if N == 0 { MAX_SEATS } else { N };
        let mut values = [0; MAX_SEATS];
        for (value, row) in values.iter_mut().zip(&self.values).take(seats) {
            *value = u32::from(row[m % BATCH]);
        }
        values
    }
}
