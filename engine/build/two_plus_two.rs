//! Generator of the Two-Plus-Two hand-evaluation state machine.
//!
//! The table is a deterministic finite automaton over cards. A *state* is
//! the set of cards seen so far, reduced to what still matters for the best
//! five-card hand of at most seven cards: every rank, plus the suit of only
//! those cards whose suit can still make a flush. States are laid out in rows
//! of 53 `u32` entries:
//!
//! * entry `row + 1 + card` (card index 0..52, see `card_code`) holds the
//!   offset of the row of the state reached by adding that card; from a
//!   six-card state it holds the hand rank of the seven cards instead;
//! * entry `row + 0` of a five- or six-card state holds the rank of those
//!   five or six cards, so shorter hands take one extra lookup.
//!
//! Row 0 (entries 0..53) is left zero and the empty state sits at offset 53,
//! the classic layout: 612,977 states plus the unused row give 32,487,834
//! entries. An impossible transition (a duplicate card that is still visible,
//! or a fifth card of one rank) leads to 0.
//!
//! Hand ranks are `category << 12 | index`, where the category runs from 1
//! (high card) to 9 (straight flush) and the index from 1 (weakest hand of the
//! category) upward, so a larger number is always a better hand.
//!
//! This file is compiled twice: by `build.rs`, which writes the table, and
//! by the engine's unit tests, which test each function below.

use std::collections::HashMap;

/// Entries per state row: slot 0 (the rank of a five- or six-card state)
/// and one slot per card.
pub const ROW_LEN: usize = 53;

/// Offset of the empty state's row.
pub const ROOT: u32 = ROW_LEN as u32;

/// Number of entries in the finished table.
pub const TABLE_LEN: usize = 32_487_834;

/// Number of distinct five-card hand values.
pub const DISTINCT_HANDS: usize = 7462;

/// Hand categories, weakest first; the value is the category code.
pub const CATEGORY_NAMES: [&str; 10] = [
    "invalid",
    "high card",
    "one pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
];

/// Category code of a high-card hand.
pub const HIGH_CARD: u32 = 1;
/// Category code of one pair.
pub const ONE_PAIR: u32 = 2;
/// Category code of two pair.
pub const TWO_PAIR: u32 = 3;
/// Category code of three of a kind.
pub const THREE_OF_A_KIND: u32 = 4;
/// Category code of a straight.
pub const STRAIGHT: u32 = 5;
/// Category code of a flush.
pub const FLUSH: u32 = 6;
/// Category code of a full house.
pub const FULL_HOUSE: u32 = 7;
/// Category code of four of a kind.
pub const FOUR_OF_A_KIND: u32 = 8;
/// Category code of a straight flush.
pub const STRAIGHT_FLUSH: u32 = 9;

/// A hand value that orders hands but is not dense:
/// `category << 20 | r1 << 16 | r2 << 12 | r3 << 8 | r4 << 4 | r5`,
/// where `r1..r5` are the ranks (0 = deuce … 12 = ace) that decide the hand,
/// most significant first, and unused trailing ranks are zero.
pub type RawValue = u32;

/// Packs a category and its deciding ranks (most significant first; at most
/// five are used) into a [`RawValue`].
pub fn raw_value(category: u32, ranks: impl IntoIterator<Item = u8>) -> RawValue {
    ranks
        .into_iter()
        .take(5)
        .zip((0..5).map(|i| 16 - 4 * i))
        .fold(category << 20, |value, (rank, shift)| {
            value | u32::from(rank) << shift
        })
}

/// The deciding ranks of a [`RawValue`], most significant first.
pub fn raw_ranks(value: RawValue) -> [u8; 5] {
    std::array::from_fn(|i| ((value >> (16 - 4 * i)) & 0xf) as u8)
}

/// The top rank of the best straight in a 13-bit rank mask (bit 0 = deuce),
/// counting the ace as low in the wheel (A-2-3-4-5, top rank 3 = five).
pub fn straight_top(mask: u16) -> Option<u8> {
    // The ace also plays below the deuce: shift it into a virtual bit -1 by
    // working on `mask << 1 | ace`.
    let extended = (u32::from(mask) << 1) | u32::from(mask >> 12 & 1);
    (0..=9u8).rev().find_map(|low| {
        let run = 0b1_1111 << low;
        (extended & run == run).then_some(low + 3)
    })
}

/// The ranks set in a 13-bit rank mask, highest first.
pub fn ranks_desc(mut mask: u16) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        let rank = 15u8.checked_sub(mask.leading_zeros() as u8)?;
        mask &= !(1 << rank);
        Some(rank)
    })
}

/// The best five-card hand value that can be made from the given cards.
///
/// `counts[r]` is how many cards of rank `r` there are (five to seven cards in
/// all), and `flush_mask` the ranks of the one suit holding five or more of
/// them, or 0 when no suit does.
pub fn best_hand(counts: &[u8; 13], flush_mask: u16) -> RawValue {
    // at_least[k]: the ranks held k or more times.
    let mut at_least = [0u16; 5];
    for (rank, &count) in counts.iter().enumerate() {
        for mask in &mut at_least[1..=usize::from(count)] {
            *mask |= 1 << rank;
        }
    }
    let with_count = |min: usize| at_least[min];
    let present = with_count(1);
    let without = |ranks: &[u8]| ranks.iter().fold(present, |m, &r| m & !(1 << r));

    if let Some(top) = straight_top(flush_mask) {
        return raw_value(STRAIGHT_FLUSH, [top]);
    }
    if let Some(quad) = ranks_desc(with_count(4)).next() {
        return raw_value(FOUR_OF_A_KIND, chain(&[quad], without(&[quad])).take(2));
    }
    let trips = ranks_desc(with_count(3)).next();
    if let Some(trips) = trips
        && let Some(pair) = ranks_desc(with_count(2) & !(1 << trips)).next()
    {
        return raw_value(FULL_HOUSE, [trips, pair]);
    }
    if flush_mask != 0 {
        return raw_value(FLUSH, ranks_desc(flush_mask));
    }
    if let Some(top) = straight_top(present) {
        return raw_value(STRAIGHT, [top]);
    }
    if let Some(trips) = trips {
        return raw_value(THREE_OF_A_KIND, chain(&[trips], without(&[trips])).take(3));
    }
    let mut pairs = ranks_desc(with_count(2));
    match (pairs.next(), pairs.next()) {
        (Some(high), Some(low)) => {
            raw_value(TWO_PAIR, chain(&[high, low], without(&[high, low])).take(3))
        }
        (Some(pair), None) => raw_value(ONE_PAIR, chain(&[pair], without(&[pair])).take(4)),
        _ => raw_value(HIGH_CARD, ranks_desc(present)),
    }
}

/// The ranks `first` followed by the ranks of the mask `rest`, highest first.
fn chain(first: &[u8], rest: u16) -> impl Iterator<Item = u8> + '_ {
    first.iter().copied().chain(ranks_desc(rest))
}

/// Every distinct five-card hand value, in increasing order (7,462 of them).
///
/// Found by walking every multiset of five ranks with at most four of a
/// rank, once unsuited and, when the ranks are distinct, once as a flush.
pub fn distinct_values() -> Vec<RawValue> {
    let mut values = Vec::new();
    let mut counts = [0u8; 13];
    fn walk(counts: &mut [u8; 13], from: usize, left: u8, values: &mut Vec<RawValue>) {
        if left == 0 {
            values.push(best_hand(counts, 0));
            if counts.iter().all(|&c| c <= 1) {
                let mask = (0..13)
                    .filter(|&r| counts[r] == 1)
                    .fold(0, |m, r| m | 1 << r);
                values.push(best_hand(counts, mask));
            }
            return;
        }
        for rank in from..13 {
            if counts[rank] < 4 {
                counts[rank] += 1;
                walk(counts, rank, left - 1, values);
                counts[rank] -= 1;
            }
        }
    }
    walk(&mut counts, 0, 5, &mut values);
    values.sort_unstable();
    values.dedup();
    values
}

/// Maps [`RawValue`]s to dense hand ranks (`category << 12 | index`).
pub struct RankMap {
    values: Vec<RawValue>,
    ranks: Vec<u32>,
}

impl RankMap {
    /// Builds the map from the sorted distinct values.
    pub fn new() -> Self {
        let values = distinct_values();
        let mut ranks = Vec::with_capacity(values.len());
        let mut index = 0;
        let mut category = 0;
        for &value in &values {
            if value >> 20 != category {
                category = value >> 20;
                index = 0;
            }
            index += 1;
            ranks.push(category << 12 | index);
        }
        RankMap { values, ranks }
    }

    /// The dense rank of a value produced by [`best_hand`].
    pub fn rank(&self, value: RawValue) -> u32 {
        let position = self
            .values
            .binary_search(&value)
            .unwrap_or_else(|_| panic!("{value:#x} is not a five-card hand value"));
        self.ranks[position]
    }

    /// The distinct values, weakest first, parallel to [`RankMap::ranks`].
    pub fn values(&self) -> &[RawValue] {
        &self.values
    }

    /// The dense ranks, weakest first.
    pub fn ranks(&self) -> &[u32] {
        &self.ranks
    }
}

/// A state: up to seven card codes packed one per byte, sorted in decreasing
/// order, lowest byte first. Zero is the empty state.
pub type Key = u64;

/// The byte code of a card index (`4 * rank + suit`, rank 0 = deuce):
/// `(rank + 1) << 4 | (suit + 1)`. A code with suit bits 0 stands for a card
/// whose suit can no longer make a flush.
pub fn card_code(card: u8) -> u8 {
    debug_assert!(card < 52);
    ((card >> 2) + 1) << 4 | ((card & 3) + 1)
}

/// The card codes of a state, highest first.
pub fn key_codes(key: Key) -> impl Iterator<Item = u8> {
    key.to_le_bytes().into_iter().take_while(|&b| b != 0)
}

/// The state reached by adding `card` to `key`, or `None` when the card is
/// already visibly there or would be the fifth of its rank.
///
/// With `n` cards held and `7 - n` to come, a suit holding fewer than
/// `n - 2` of them can no longer make a flush: its cards lose their suit.
pub fn add_card(key: Key, card: u8) -> Option<Key> {
    let new = card_code(card);
    let mut codes = [0u8; 8];
    let mut n = 0;
    for code in key_codes(key).chain([new]) {
        if n == 7 || (code == new && n > 0 && codes[..n].contains(&new)) {
            return None;
        }
        codes[n] = code;
        n += 1;
    }
    let codes = &mut codes[..n];
    if codes.iter().filter(|&&c| c >> 4 == new >> 4).count() > 4 {
        return None;
    }
    let mut suit_counts = [0usize; 5];
    for &code in codes.iter() {
        suit_counts[usize::from(code & 0xf)] += 1;
    }
    let needed = n.saturating_sub(2);
    for code in codes.iter_mut() {
        if suit_counts[usize::from(*code & 0xf)] < needed {
            *code &= 0xf0;
        }
    }
    codes.sort_unstable();
    Some(codes.iter().fold(0, |key, &c| key << 8 | Key::from(c)))
}

/// The best hand value of a state of five to seven cards.
pub fn evaluate_key(key: Key) -> RawValue {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 5];
    for code in key_codes(key) {
        let rank = usize::from(code >> 4) - 1;
        counts[rank] += 1;
        suits[usize::from(code & 0xf)] |= 1 << rank;
    }
    let flush_mask = suits[1..]
        .iter()
        .copied()
        .find(|m| m.count_ones() >= 5)
        .unwrap_or(0);
    best_hand(&counts, flush_mask)
}

/// All states of up to six cards, by number of cards, each level sorted.
pub fn levels() -> Vec<Vec<Key>> {
    let mut levels: Vec<Vec<Key>> = vec![vec![0]];
    for _ in 1..=6 {
        let previous = levels.last().map_or(&[][..], Vec::as_slice);
        let mut next: Vec<Key> = previous
            .iter()
            .flat_map(|&key| (0..52).filter_map(move |card| add_card(key, card)))
            .collect();
        next.sort_unstable();
        next.dedup();
        levels.push(next);
    }
    levels
}

/// The finished table and the rank map it was built with.
pub struct Generated {
    /// The state machine, [`TABLE_LEN`] entries.
    pub table: Vec<u32>,
    /// Raw values and dense ranks of all distinct hands.
    pub ranks: RankMap,
}

/// Generates the whole table, spreading the rows over `threads` threads.
pub fn generate(threads: usize) -> Generated {
    let ranks = RankMap::new();
    let levels = levels();
    let states: Vec<(usize, Key)> = levels
        .iter()
        .enumerate()
        .flat_map(|(n, level)| level.iter().map(move |&key| (n, key)))
        .collect();
    let offsets: HashMap<Key, u32> = states
        .iter()
        .enumerate()
        .map(|(id, &(_, key))| (key, row_offset(id)))
        .collect();
    let mut table = vec![0u32; ROW_LEN * (states.len() + 1)];
    let rows_per_thread = states.len().div_ceil(threads.max(1));
    std::thread::scope(|scope| {
        let rows = table[ROW_LEN..].chunks_mut(ROW_LEN * rows_per_thread);
        for (rows, states) in rows.zip(states.chunks(rows_per_thread)) {
            let (ranks, offsets) = (&ranks, &offsets);
            std::thread::Builder::new()
                .name("two-plus-two generator".into())
                .spawn_scoped(scope, move || {
                    for (row, &(n, key)) in rows.chunks_mut(ROW_LEN).zip(states) {
                        fill_row(row, n, key, ranks, offsets);
                    }
                })
                .expect("spawn generator thread");
        }
    });
    Generated { table, ranks }
}

/// Offset of the row of state number `id` (the empty state is number 0).
pub fn row_offset(id: usize) -> u32 {
    u32::try_from(ROW_LEN * (id + 1)).expect("table offsets fit in u32")
}

/// Fills the row of the `n`-card state `key`.
fn fill_row(row: &mut [u32], n: usize, key: Key, ranks: &RankMap, offsets: &HashMap<Key, u32>) {
    if n >= 5 {
        row[0] = ranks.rank(evaluate_key(key));
    }
    for card in 0..52u8 {
        row[1 + usize::from(card)] = match add_card(key, card) {
            None => 0,
            Some(next) if n == 6 => ranks.rank(evaluate_key(next)),
            Some(next) => offsets[&next],
        };
    }
}
