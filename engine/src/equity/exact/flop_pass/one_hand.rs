//! A hand against a range on every flop (`flops AhKh 15%`), the pass's
//! commonest spot, counted per board by rank pair: each of the range's
//! rank pairs is ranked and scored against the hand once and its score
//! given to its combos; then the combos the board blocks are taken back
//! off, and (on a board with three of a suit) those that flush are ranked
//! whole ([`lists`] lists the range so). A combo's points (2 a win, 1 a
//! tie, times the board's orbit) are kept in 16 bits (a quarter of the
//! memory a pair of counters moves), which the pass sums as it sums pairs
//! and unpacks into pairs once, at the end.
//!
//! A combo's counts on a flop are its weight times the boards that leave
//! it and its share: its weight times `unit` for a win, `unit / 2` for a
//! tie. Its weight is its own, so the share follows from its points; and
//! the boards that leave it are those of the flop's other `n − 5` cards
//! taken two at a time (none where it holds a flop card), whatever the
//! board, so they are not counted. The pass's rows keep `W` (see the
//! module above), read only through `Σ_{h ∈ Stab(F)} W(F, h c)`: a row's
//! weights are set to the flop's `V` times its orbit, `|G| / |Stab(F)|`,
//! which sums to the same `|G| · V`.

use std::ops::Range;

use rayon::prelude::*;

use super::counter::Counter;
use super::orbits::mask_of;
use super::pass::Pass;
use super::pending::ToFlops;
use super::sums::{Acc, Cell, Count};
use super::sweep::{Folding, board_cards};
use crate::card::Card;
use crate::compact::{CompactHand, value_without_flush};
use crate::symmetry::SuitPerm;
use lists::Lists;

mod lists;

/// Set by a test to count a hand against a range as other spots are
/// counted: the same sums either way.
#[cfg(test)]
pub(crate) static ONE_HAND_OFF: std::sync::atomic::AtomicBool =
    std::sync::atomic::AtomicBool::new(false);

/// How many sweeps were packed (a test checks its spots were).
#[cfg(test)]
pub(crate) static PACKED_SWEEPS: std::sync::atomic::AtomicUsize =
    std::sync::atomic::AtomicUsize::new(0);

/// One range combo's points, times the boards' orbits.
#[derive(Clone, Copy, Default)]
pub(super) struct Points(u16);

impl Cell for Points {
    #[inline(always)]
    fn add_cell(&mut self, c: Points) {
        // No sum reaches 2^16 ([`applies`]).
        self.0 += c.0;
    }
}

/// Whether the pass counts hand against range packed: one range against
/// one single hand, every combo read, every flop with the seats' own
/// weights, and (`group` permutations, `deck` cards left by the seats'
/// single hands and the dead) no sum reaching 2^16: a class's sum gathers
/// at most the boards of its flops (`group` of them, each on
/// `C(deck - 3, 2)` boards), at 2 points a board.
pub(super) fn applies(pass: &Pass<'_>, group: usize, deck: usize) -> bool {
    #[cfg(test)]
    if ONE_HAND_OFF.load(std::sync::atomic::Ordering::Relaxed) {
        return false;
    }
    let boards = deck.saturating_sub(3) * deck.saturating_sub(4) / 2;
    let applies = the_range(pass)
        .is_some_and(|(_, slots)| range_weight(pass, slots) < RESULTS_BOUND)
        && pass.hands.len() == 1
        && pass.flop_weights.is_none()
        && pass.read.seat.is_none()
        && matches!(*pass.unit_k, [_, win, tie, ..] if win == 2 * tie)
        && 2 * group * boards < usize::from(u16::MAX);
    #[cfg(test)]
    PACKED_SWEEPS.fetch_add(usize::from(applies), std::sync::atomic::Ordering::Relaxed);
    applies
}

/// The range's active index and its items' slots, where one range is
/// counted against single hands.
fn the_range(pass: &Pass<'_>) -> Option<(usize, Range<usize>)> {
    match *pass.counter {
        Counter::Single { range, ref slots } => {
            Some((range, slots.start as usize..slots.end as usize))
        }
        _ => None,
    }
}

/// The range's weight in all: the range's wins and ties on a board are
/// summed in the two halves of one `u64` ([`Scored`]), so it must stay
/// under 2^32 ([`applies`]).
fn range_weight(pass: &Pass<'_>, range: Range<usize>) -> u64 {
    pass.all[range].iter().map(|it| it.weight).sum()
}

/// See [`range_weight`].
const RESULTS_BOUND: u64 = 1 << 32;

/// How a board leaves a range combo that it does not block: its points,
/// and its result, 1 a win and 2^32 a tie (times its weight, the range's
/// wins and ties summed in one `u64`).
#[derive(Clone, Copy, Default)]
struct Scored {
    points: Points,
    result: u64,
}

impl Scored {
    /// A combo of value `value` against the hand's `hand`, its points
    /// `times` over (the board's orbit).
    #[inline(always)]
    fn of(value: u32, hand: u32, times: u16) -> Scored {
        let (above, level) = (value > hand, value == hand);
        Scored {
            points: Points(times * (2 * u16::from(above) + u16::from(level))),
            result: u64::from(above) | u64::from(level) << 32,
        }
    }
}

/// One thread's share of the sweep of a hand against a range.
pub(super) struct HandFold {
    acc: Acc<Points>,
    /// The board's points per item (the hand's stay 0).
    cells: Vec<Points>,
    /// The board's weight per set of winners.
    sets: Vec<u64>,
    flops: ToFlops<Points>,
    /// The hand's slot; the range's slots; the range's and the hand's
    /// active-index bits.
    hand: usize,
    range: Range<usize>,
    bits: [usize; 2],
    /// The range's combos listed, and their weight in all.
    lists: Lists,
    weight: u64,
    /// Per rank pair, how the board leaves a combo of it that makes no
    /// flush (set per board).
    pairs: Vec<Scored>,
}

impl Folding<Points> for HandFold {
    fn new(pass: &Pass<'_>) -> HandFold {
        // Other counters are not counted so ([`applies`]).
        let (range, slots) = the_range(pass).unwrap_or((0, 0..0));
        let (hand_seat, hand) = pass.hands.first().copied().unwrap_or((0, 0));
        let live = pass.live;
        let lists = Lists::new(&pass.all[slots.clone()], &pass.cards[slots.clone()]);
        HandFold {
            acc: Acc::new(pass.classes, pass.winner_sets, live),
            cells: vec![Points::default(); live],
            sets: vec![0; pass.winner_sets],
            flops: ToFlops::new(live, pass.winner_sets, true),
            hand,
            bits: [1 << range, 1 << hand_seat],
            weight: range_weight(pass, slots.clone()),
            range: slots,
            pairs: vec![Scored::default(); lists.pair_keys.len()],
            lists,
        }
    }

    #[inline(always)]
    fn board(&mut self, pass: &Pass<'_>, mask: u64, orbit: u64) {
        let cards = board_cards(mask);
        let board = cards.iter().fold(CompactHand::EMPTY, |h, &c| {
            h.combine(CompactHand::from_index(c.trailing_zeros() as u8))
        });
        let hand = pass.cards[self.hand].combine(board).rank7().value();
        // Points are times the orbit (under 2^16 / 2, [`applies`]).
        let times = orbit as u16;
        // A combo that makes no flush is worth what its ranks are: each
        // rank pair's value looked up and scored once, and given to its
        // combos (a 15% range holds about 4 combos per pair); the pair's
        // wins and ties summed as if the board blocked none of them.
        let keys = board.rank_keys();
        let lists = &self.lists;
        let cells = &mut self.cells[self.range.clone()];
        let mut results = 0u64;
        for (((pair, &key), &weight), combos) in (self.pairs.iter_mut())
            .zip(&lists.pair_keys)
            .zip(&lists.pair_weights)
            .zip(&lists.by_pair)
        {
            let value = u32::from(value_without_flush(keys.wrapping_add(key)));
            *pair = Scored::of(value, hand, times);
            results += weight * pair.result;
            for &at in combos {
                cells[usize::from(at)] = pair.points;
            }
        }
        // The combos the board blocks (each once, at its lowest card on
        // the board) score nothing. (The sums are of two halves: taking a
        // combo back off wraps, and the halves come out exact.)
        let (mut blocked_weight, mut blocked) = (0u64, 0u64);
        for &card in &cards {
            for &at in &lists.by_card[card.trailing_zeros() as usize] {
                let combo = &lists.combos[usize::from(at)];
                let other = combo.mask & !card;
                if other & mask != 0 && other < card {
                    continue;
                }
                cells[usize::from(at)] = Points(0);
                blocked_weight += combo.weight;
                blocked += 1;
                let scored = self.pairs[usize::from(combo.pair)];
                results = results.wrapping_sub(combo.weight * scored.result);
            }
        }
        // A board with three or more of a suit: the combos that may make a
        // flush with it (both cards of the suit, with four one, with five
        // any) are ranked whole where they do.
        if board.flush_within(2) {
            let (suit, count) = (0..4)
                .map(|suit| (suit, board.suit_cards(suit)))
                .max_by_key(|&(_, count)| count)
                .unwrap_or((0, 0));
            let mut rank = |at: u16| {
                let combo = &lists.combos[usize::from(at)];
                if combo.mask & mask != 0 {
                    return;
                }
                let seven = combo.hand.combine(board);
                if !seven.has_flush() {
                    return;
                }
                let scored = Scored::of(seven.rank7().value(), hand, times);
                let was = self.pairs[usize::from(combo.pair)];
                cells[usize::from(at)] = scored.points;
                results = (results.wrapping_add(combo.weight * scored.result))
                    .wrapping_sub(combo.weight * was.result);
            };
            match count {
                3 => lists.both_of_suit[suit].iter().for_each(|&at| rank(at)),
                4 => (lists.both_of_suit[suit].iter())
                    .chain(&lists.one_of_suit[suit])
                    .for_each(|&at| rank(at)),
                _ => (0..lists.combos.len() as u16).for_each(rank),
            }
        }
        let (won, tied) = (results & u64::from(u32::MAX), results >> 32);
        let dealt = self.weight - blocked_weight;
        let deals = lists.combos.len() as u64 - blocked;
        let [range, hand] = self.bits;
        self.sets[range] = won;
        self.sets[range | hand] = tied;
        self.sets[hand] = dealt - won - tied;
        let counts = (&self.cells[..], &self.sets[..], deals, orbit);
        self.flops.add(&mut self.acc, pass, &cards, counts);
    }

    fn finish(mut self, pass: &Pass<'_>) -> Acc<Points> {
        self.flops.flush(&mut self.acc, pass);
        self.acc
    }
}

/// What unpacking the points needs of the scenario.
#[derive(Clone, Copy)]
pub(super) struct Shape<'a> {
    /// The classes' representatives.
    pub(super) reps: &'a [[Card; 3]],
    /// The suit permutations that fix the scenario.
    pub(super) perms: &'a [SuitPerm],
    /// The cards left by the single hands and the dead.
    pub(super) deck: usize,
}

/// The points as the pass's pairs of counters: per class (`shape`) and
/// range combo, its weight times the boards of the class that leave it
/// (see above), and times its points in ties' shares (`unit / 2`). The
/// points `fold` sums are per flop (`flops`: each flop's class and the
/// permutation taking it there); a class's row sums its flops' rows, each
/// through its permutation, class by class on the pool's threads. The
/// combo at an entry of a class's row may be another than the board's (a
/// permutation of the scenario sends it there), but both weigh the same:
/// the permutations keep the ranges.
pub(super) fn unpack<T: Count>(
    fold: &Acc<Points>,
    flops: &[(usize, u8)],
    pass: &Pass<'_>,
    Shape { reps, perms, deck }: Shape<'_>,
) -> Acc<[T; 2]> {
    let (live, sets) = (pass.live.max(1), pass.winner_sets);
    let mut of_class: Vec<Vec<(usize, u8)>> = vec![Vec::new(); reps.len()];
    for (k, &(class, p)) in flops.iter().enumerate() {
        of_class[class].push((k, p));
    }
    let tie = pass.unit_k.get(2).copied().unwrap_or(0);
    let range = the_range(pass).map_or(0..0, |(_, slots)| slots);
    let others = deck.saturating_sub(5) as u64;
    let left = others * others.saturating_sub(1) / 2;
    let mut acc = Acc::<[T; 2]>::new(reps.len(), sets, live);
    (acc.combos.par_chunks_mut(live))
        .zip(acc.sets.par_chunks_mut(sets.max(1)))
        .zip(acc.deals.par_iter_mut())
        .zip(reps.par_iter().zip(&of_class))
        .for_each_init(
            || vec![Points::default(); live],
            |points, (((row, class_sets), class_deals), (rep, of_class))| {
                points.iter_mut().for_each(|p| *p = Points::default());
                for &(k, p) in of_class {
                    pass.add_row(points, p, &fold.combos[k * live..(k + 1) * live]);
                    let from = &fold.sets[k * sets..(k + 1) * sets];
                    class_sets.iter_mut().zip(from).for_each(|(a, b)| *a += b);
                    *class_deals += fold.deals[k];
                }
                let flop = mask_of(rep);
                let fixing = perms.iter().filter(|p| p.mask(flop) == flop).count();
                let dealt = left * (perms.len() / fixing.max(1)) as u64;
                for at in range.clone() {
                    let it = &pass.all[at];
                    let dealt = if it.mask & flop == 0 { dealt } else { 0 };
                    let Points(p) = points[at];
                    row[at] = [
                        T::from_u64(it.weight * dealt),
                        T::from_u64(it.weight * u64::from(p) * tie),
                    ];
                }
            },
        );
    acc
}
