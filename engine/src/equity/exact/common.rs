//! What every exact kernel shares: running work items in rounds with
//! snapshots, listing board completions, and per-item outcome counts.

use std::time::Instant;

use rand::SeedableRng;
use rand::seq::SliceRandom;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::card::{Card, Suit};
use crate::equity::error::EquityError;
use crate::equity::report::{self, Progress};
use crate::equity::result::EquityResult;
use crate::equity::setup::Setup;
use crate::equity::strategy::Strategy;
use crate::equity::tally::{Tally, add_outcome, tie_slot};

/// One live combo of a seat that a sweep counts.
#[derive(Clone, Copy, Debug)]
pub(super) struct Item {
    /// Its slot in the board's rank array.
    pub(super) slot: u32,
    /// Its weight.
    pub(super) weight: u64,
    /// Its card mask and cards.
    pub(super) mask: u64,
    pub(super) cards: [u8; 2],
    /// Its canonical index.
    pub(super) combo: u16,
}

/// The live combos of active seat `a` of `setup`, whose rank slots start
/// at `offset`.
pub(super) fn items(setup: &Setup, a: usize, offset: usize) -> Vec<Item> {
    let seat = &setup.seats[setup.active[a]];
    (seat.combos.iter().zip(&seat.masks).zip(&seat.weights))
        .enumerate()
        .map(|(i, ((combo, &mask), &weight))| {
            let [p, q] = combo.cards();
            Item {
                slot: (offset + i) as u32,
                weight,
                mask,
                cards: [p.index(), q.index()],
                combo: combo.index() as u16,
            }
        })
        .collect()
}

/// The active indices of the seats holding more than one combo, when
/// exactly `n` seats do and all of them are active (what the two- and
/// three-range sweeps count).
pub(super) fn all_ranged_active<const N: usize>(setup: &Setup) -> Option<[usize; N]> {
    let ranged = |s: usize| setup.seats[s].combos.len() > 1;
    if (0..setup.seats.len()).filter(|&s| ranged(s)).count() != N {
        return None;
    }
    let active: Vec<usize> = (0..setup.active.len())
        .filter(|&a| ranged(setup.active[a]))
        .collect();
    active.try_into().ok()
}

/// The product of the weights of the seats holding a single combo (`None`
/// past `u64`).
pub(super) fn fixed_weight(setup: &Setup) -> Option<u64> {
    (setup.seats.iter().filter(|s| s.combos.len() == 1))
        .try_fold(1u64, |w, seat| w.checked_mul(seat.weights[0]))
}

/// One board as the sweeps see it.
#[derive(Clone, Copy)]
pub(super) struct BoardView<'a> {
    /// The board's rank of every live combo, by slot.
    pub(super) ranks: &'a [u32],
    /// The board's cards.
    pub(super) mask: u64,
    /// The best rank among the active seats holding a single combo (0 if
    /// none), and those seats (bits by active index).
    pub(super) fixed_best: u32,
    pub(super) fixed_winners: usize,
}

impl BoardView<'_> {
    /// `out` := the `items` live on the board as `rank << 32 | index`,
    /// sorted; `spare` is working storage.
    ///
    /// The keys start in index order, so the stable sort by rank is the
    /// order of the whole keys (which are distinct). Up to [`SMALL_SORT`]
    /// of them are sorted whole by `sort_unstable`, since the counting
    /// passes' fixed cost (their counts cleared and summed over every
    /// bucket) is most of a small list's sort; more in two stable counting
    /// passes of a byte (a rank is below 2^16: `category << 12 | index`),
    /// linear in a board's few hundred keys, which a comparison sort took
    /// a tenth of the flop report's time to order.
    pub(super) fn sorted(&self, items: &[Item], out: &mut Vec<u64>, spare: &mut Vec<u64>) {
        // Every item's key written, the next one over it where the board
        // holds one of its cards: no branch to mispredict on the board's
        // few dead items.
        spare.clear();
        spare.resize(items.len(), 0);
        let (mut live, mut top) = (0, 0);
        for (i, item) in items.iter().enumerate() {
            let rank = self.ranks[item.slot as usize];
            let key = u64::from(rank) << 32 | i as u64;
            if let Some(to) = spare.get_mut(live) {
                *to = key;
            }
            // At least every live item's rank (a dead item's may only
            // raise it): all the sort needs of it.
            top = top.max(rank);
            live += usize::from(item.mask & self.mask == 0);
        }
        spare.truncate(live);
        debug_assert!(spare.iter().all(|&k| k >> 48 == 0));
        out.clear();
        if live <= SMALL_SORT {
            spare.sort_unstable();
            std::mem::swap(out, spare);
            return;
        }
        out.resize(spare.len(), 0);
        radix_by_rank(spare, out, top);
        std::mem::swap(out, spare);
    }
}

/// The most keys [`BoardView::sorted`] sorts by comparison rather than in
/// counting passes.
const SMALL_SORT: usize = 40;

/// Sorts `keys` (`rank << 32 | index`, a rank below 2^16, none above
/// `top`) stably by rank in two counting passes of a byte, through `other`
/// (as long): the second pass leaves them sorted in `keys`. The second
/// pass's counts go only up to `top`'s high byte (a hand's rank is below
/// 38,400: 150 of 256), and both passes share one pair of count arrays,
/// cleared as far as each pass reads them: the arrays' clearing and
/// their running offsets were a small list's whole sort.
fn radix_by_rank(keys: &mut [u64], other: &mut [u64], top: u32) {
    debug_assert!(top < 1 << 16 && keys.iter().all(|&k| (k >> 32) as u32 <= top));
    let mut counts = [[0u32; 256]; 2];
    counting_pass(keys, other, (32, 256), &mut counts);
    let high = (top >> 8) as usize + 1;
    counts.iter_mut().for_each(|c| c[..high].fill(0));
    counting_pass(other, keys, (40, high), &mut counts);
}

/// Places `from` in `to` stably by the byte at `shift`.
///
/// The two halves of `from` go side by side, each from its own offsets
/// (the first half's in a bucket before the second's, so the pass stays
/// stable): a board's ranks crowd into a few buckets, and one run of
/// offsets would wait on its own last increment key after key. `counts`
/// are zero below `buckets`, and no byte is `buckets` or above.
#[inline(always)]
fn counting_pass(
    from: &[u64],
    to: &mut [u64],
    (shift, buckets): (u32, usize),
    [first, second]: &mut [[u32; 256]; 2],
) {
    let byte = |key: u64| (key >> shift) as usize & 0xff;
    let half = from.len() / 2;
    let (first_half, second_half) = from.split_at(half);
    // The count of each byte per half, then where each half starts.
    for (&a, &b) in first_half.iter().zip(second_half) {
        first[byte(a)] += 1;
        second[byte(b)] += 1;
    }
    if let Some(&last) = second_half.get(half) {
        second[byte(last)] += 1;
    }
    let mut at = 0;
    for (f, s) in first[..buckets].iter_mut().zip(&mut second[..buckets]) {
        (*f, *s, at) = (at, at + *f, at + *f + *s);
    }
    for (&a, &b) in first_half.iter().zip(second_half) {
        let at_a = &mut first[byte(a)];
        to[*at_a as usize] = a;
        *at_a += 1;
        let at_b = &mut second[byte(b)];
        to[*at_b as usize] = b;
        *at_b += 1;
    }
    if let Some(&last) = second_half.get(half) {
        to[second[byte(last)] as usize] = last;
    }
}

/// Per-combo counters a sweep fills with a breakdown (by slot: weight,
/// wins, ties, pot share in units of `unit_k[1]`), and `unit_k` (`unit_k[k]`
/// the share of `k` tied winners).
pub(super) type PerCombo<'a> = Option<(&'a mut [[u64; 4]], &'a [u64])>;

/// Adds to a combo's counters `c` (`[weight, wins, ties, share]`, as in
/// [`PerCombo`]) the deals of weight `w` each in which it holds the best
/// hand: `lower` of them with `k` winners (alone when `k` is 1), and
/// `equal` of them with one more seat level with it (`k + 1` winners).
#[inline(always)]
pub(super) fn add_best(c: &mut [u64; 4], w: u64, lower: u64, equal: u64, k: usize, unit_k: &[u64]) {
    if k == 1 {
        c[1] += w * lower;
    } else {
        c[2] += w * lower;
    }
    c[2] += w * equal;
    c[3] += w * (lower * unit_k[k] + equal * unit_k[k + 1]);
}

/// The time a round of work items aims at (between two looks at `cancel`
/// and two snapshots).
const ROUND_S: f64 = 0.02;

/// Spots the planner estimates under this (one thread) are counted in
/// one round: a first round of one item per thread would only add a wait.
const ONE_ROUND_S: f64 = 0.005;

/// The most a round's batch grows over the last one's.
const ROUND_GROWTH: usize = 16;

/// Runs the equally sized work items in rounds on the current rayon pool, merging tallies,
/// checking `cancel` and sending snapshots between rounds.
pub(super) fn rounds<T: Sync>(
    items: &[T],
    setup: &Setup,
    strategy: Strategy,
    process: impl Fn(&T) -> Tally + Sync,
    start: Instant,
    cancel: &(dyn Fn() -> bool + Sync),
    on_snapshot: &mut (dyn FnMut(&EquityResult) + Send),
) -> Result<Tally, EquityError> {
    let seats = setup.active.len();
    let mut tally = Tally::new(seats);
    let mut done = 0;
    // A spot the planner puts well under a round is counted in one.
    let mut batch = match strategy {
        Strategy::Exact { estimate_s, .. } if estimate_s < ONE_ROUND_S => items.len().max(1),
        _ => rayon::current_num_threads().max(1),
    };
    let mut last_snapshot = Instant::now();
    while done < items.len() {
        if cancel() {
            return Err(EquityError::Cancelled);
        }
        let end = (done + batch).min(items.len());
        let round_start = Instant::now();
        let part = items[done..end].par_iter().map(&process).reduce(
            || Tally::new(seats),
            |mut a, b| {
                a.merge(&b);
                a
            },
        );
        tally.merge(&part);
        if setup.breakdown {
            tally.settle(setup.live_combos());
        }
        done = end;
        // Rounds of about `ROUND_S`: the next batch from this round's
        // pace, growing at most `ROUND_GROWTH` times.
        let took = round_start.elapsed().as_secs_f64();
        if took < ROUND_S {
            let paced = (batch as f64 * ROUND_S / took.max(1e-9)) as usize;
            batch = paced.clamp(batch, batch * ROUND_GROWTH);
        }
        if done < items.len() && last_snapshot.elapsed().as_secs_f64() >= 0.05 {
            last_snapshot = Instant::now();
            let progress = Progress::partial(done as f64 / items.len() as f64);
            on_snapshot(&report::result(
                &tally, setup, strategy, None, start, progress,
            ));
        }
    }
    Ok(tally)
}

/// Every completion of `missing` cards from `deck`, each as a list of deck
/// positions, in a fixed pseudo-random order (so partial results are
/// representative).
pub(super) fn boards(deck: &[Card], missing: usize) -> Vec<[Card; 5]> {
    let mut out = Vec::new();
    let mut current = [Card::new(crate::card::Rank::Two, Suit::Clubs); 5];
    fn fill(
        deck: &[Card],
        from: usize,
        depth: usize,
        missing: usize,
        current: &mut [Card; 5],
        out: &mut Vec<[Card; 5]>,
    ) {
        if depth == missing {
            out.push(*current);
            return;
        }
        for i in from..deck.len() {
            current[depth] = deck[i];
            fill(deck, i + 1, depth + 1, missing, current, out);
        }
    }
    fill(deck, 0, 0, missing, &mut current, &mut out);
    out.shuffle(&mut ChaCha8Rng::seed_from_u64(0x5EED));
    out
}

/// Unweighted outcome counts of one walk, scaled by its weight at the end.
pub(super) struct Counts {
    pub(super) wins: Vec<u64>,
    /// `ties[tie_slot(s, k, n)]`, as in `Tally`.
    pub(super) ties: Vec<u64>,
    pub(super) deals: u64,
    /// Weight recorded by `record_weighted` (0 when only `record` is used:
    /// then the total is `deals` times the walk's weight).
    pub(super) total: u64,
}

impl Counts {
    pub(super) fn new(n: usize) -> Counts {
        Counts {
            wins: vec![0; n],
            ties: vec![0; n * (n + 1)],
            deals: 0,
            total: 0,
        }
    }

    /// Records a deal of weight `w` (board-major, small weights).
    #[inline(always)]
    pub(super) fn record_weighted(&mut self, ranks: &[u32], w: u64) {
        self.deals += 1;
        self.total += w;
        add_outcome(ranks, &mut self.wins, &mut self.ties, w);
    }

    #[inline(always)]
    pub(super) fn record(&mut self, ranks: &[u32]) {
        self.deals += 1;
        if let [a, b] = *ranks {
            // Heads-up: one comparison.
            match a.cmp(&b) {
                std::cmp::Ordering::Greater => self.wins[0] += 1,
                std::cmp::Ordering::Less => self.wins[1] += 1,
                std::cmp::Ordering::Equal => self.tie_both(1),
            }
            return;
        }
        add_outcome(ranks, &mut self.wins, &mut self.ties, 1);
    }

    /// Heads-up: adds `count` deals the two seats tie.
    #[inline(always)]
    pub(super) fn tie_both(&mut self, count: u64) {
        self.ties[tie_slot(0, 2, 2)] += count;
        self.ties[tie_slot(1, 2, 2)] += count;
    }

    /// Adds the deals won by each set of winners: `sets[w]` (summed over
    /// `lanes` copies of `sets_len` counters) is the weight of the deals
    /// whose winners are the active seats of bit mask `w`.
    pub(super) fn add_winner_sets(&mut self, sets: &[u64], lanes: usize) {
        let n = self.wins.len();
        let sets_len = 1usize << n;
        for winners in 0..sets_len {
            let weight: u64 = (0..lanes).map(|l| sets[l * sets_len + winners]).sum();
            let k = winners.count_ones() as usize;
            self.total += weight;
            for s in (0..n).filter(|&s| winners >> s & 1 == 1) {
                if k == 1 {
                    self.wins[s] += weight;
                } else {
                    self.ties[tie_slot(s, k, n)] += weight;
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::{RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// The counting passes sort by rank and keep the index order within a
    /// rank (so the keys come out wholly sorted), at every length: odd
    /// and even, the halves of a pass meeting in one bucket or not.
    #[test]
    fn the_radix_passes_sort_the_keys_as_a_sort_does() {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for n in (0..40).chain([255, 256, 331, 1326]) {
            for spread in [1u64, 3, 300, 1 << 16] {
                let mut keys: Vec<u64> = (0..n)
                    .map(|i| rng.random_range(0..spread) << 32 | i)
                    .collect();
                let mut expected = keys.clone();
                expected.sort_unstable();
                let mut other = vec![0; keys.len()];
                let top = keys.iter().map(|&k| (k >> 32) as u32).max().unwrap_or(0);
                super::radix_by_rank(&mut keys, &mut other, top);
                assert_eq!(keys, expected, "n {n}, ranks below {spread}");
            }
        }
    }

    /// A board's live items come out by rank, index order within a rank,
    /// whether sorted by comparison (a few) or in counting passes (more),
    /// those holding a board card left out.
    #[test]
    fn a_boards_live_items_are_sorted_at_every_length() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        let board = 0b1_0110u64;
        for n in (0..90).chain([331, 1326]) {
            let items: Vec<super::Item> = (0..n)
                .map(|i| super::Item {
                    slot: i as u32,
                    weight: 1,
                    mask: 1 << rng.random_range(0..52u32) | 1 << rng.random_range(0..52u32),
                    cards: [0, 1],
                    combo: 0,
                })
                .collect();
            let ranks: Vec<u32> = (0..n).map(|_| rng.random_range(1..400)).collect();
            let view = super::BoardView {
                ranks: &ranks,
                mask: board,
                fixed_best: 0,
                fixed_winners: 0,
            };
            let (mut out, mut spare) = (Vec::new(), Vec::new());
            view.sorted(&items, &mut out, &mut spare);
            let mut expected: Vec<u64> = (items.iter().enumerate())
                .filter(|(_, it)| it.mask & board == 0)
                .map(|(i, it)| u64::from(ranks[it.slot as usize]) << 32 | i as u64)
                .collect();
            expected.sort_by_key(|&k| k >> 32);
            assert_eq!(out, expected, "{n} items");
        }
    }
}
