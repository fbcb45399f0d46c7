//! The Two-Plus-Two hand evaluator: a state machine over cards whose table is
//! generated at build time by `engine/build.rs` (see `build/two_plus_two.rs`
//! for the layout) and embedded in the binary.
//!
//! Evaluate a whole hand with [`evaluate`], or walk cards one at a time with
//! [`HandState`] so that enumeration loops share prefixes:
//!
//! ```
//! use engine::{CardSet, HandCategory, HandState};
//!
//! let board: CardSet = "Ks Qs Js Ts 2c".parse().unwrap();
//! let after_board = board.iter().fold(HandState::new(), HandState::add_card);
//! let hero = after_board.add_card("As".parse().unwrap()).add_card("3d".parse().unwrap());
//! assert_eq!(hero.rank().unwrap().category(), HandCategory::StraightFlush);
//! ```

use std::fmt;

use crate::card::{Card, CardSet, Rank};

/// The table generator that `build.rs` runs: the engine ranks five and six
/// cards with its `best_hand`, and the tests check the rest of it.
#[allow(dead_code)] // build.rs uses every item; the engine and tests some.
#[path = "../build/two_plus_two.rs"]
mod generator;

mod category;
mod rank;
mod table;

pub(crate) use category::CardCounts;

pub use rank::{HandCategory, HandRank};
pub use table::{CodecError, TABLE_LEN, Table, TableError, compressed_table, table};

/// Offset of the empty state's row.
const ROOT: u32 = 53;

/// The entry reached from `node` by `card`.
#[inline(always)]
fn step(table: &[u32; TABLE_LEN], node: u32, card: Card) -> u32 {
    let index = node as usize + card.index() as usize + 1;
    debug_assert!(index < TABLE_LEN);
    // SAFETY: relies on three invariants.
    // 1. `node` is `ROOT` (53) or a value read from the table: `HandState`'s
    //    fields are private and only `new` (ROOT) and `step` (a table entry)
    //    set `node`, and `at` is only called on such a `node`.
    // 2. Every entry of a `Table` is at most `TABLE_LEN - 53`, and it has
    //    `TABLE_LEN` entries (its type says so): `Table::expand`, the only
    //    constructor, checks every entry.
    // 3. `card.index() <= 51`: `Card`'s field is private and every
    //    constructor checks `< 52`.
    // So `index <= TABLE_LEN - 53 + 51 + 1 = TABLE_LEN - 1`.
    unsafe { *table.get_unchecked(index) }
}

/// The entry at `node` itself: the rank of a five- or six-card state.
#[inline(always)]
fn at(table: &[u32; TABLE_LEN], node: u32) -> u32 {
    debug_assert!((node as usize) < TABLE_LEN);
    // SAFETY: by invariants 1 and 2 of `step`, `node` is `ROOT` or a table
    // entry, so `node <= TABLE_LEN - 53 < TABLE_LEN`.
    unsafe { *table.get_unchecked(node as usize) }
}

/// Why a hand could not be evaluated.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum EvalError {
    /// Not five, six or seven cards.
    #[error("a hand has 5 to 7 cards, not {0}")]
    CardCount(usize),
    /// A card given twice.
    #[error("{0} is given twice")]
    Duplicate(Card),
}

/// A partial hand in the evaluator's state machine: the cards added so far,
/// reduced to what still matters for the best five of at most seven cards.
///
/// Start from [`HandState::new`], [`add_card`](HandState::add_card) cards in any order
/// and read the [`rank`](HandState::rank) once there are five to seven. A
/// state is a small `Copy` value, so an enumeration keeps the state of each
/// prefix (say, the board) and extends it for every suffix.
///
/// Adding a card already in the state, or an eighth card, gives a
/// meaningless (but memory-safe) state; debug builds panic where they can
/// tell. Use [`evaluate`] for checked evaluation of untrusted cards.
#[derive(Clone, Copy)]
pub struct HandState {
    /// The expanded table.
    table: &'static [u32; TABLE_LEN],
    /// Row offset of the state, or the hand rank once seven cards are in.
    node: u32,
    /// Number of cards added.
    len: u8,
}

impl fmt::Debug for HandState {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("HandState")
            .field("node", &self.node)
            .field("len", &self.len)
            .finish()
    }
}

impl PartialEq for HandState {
    fn eq(&self, other: &HandState) -> bool {
        (self.node, self.len) == (other.node, other.len)
    }
}

impl Eq for HandState {}

impl std::hash::Hash for HandState {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        (self.node, self.len).hash(state);
    }
}

impl Default for HandState {
    fn default() -> HandState {
        HandState::new()
    }
}

impl HandState {
    /// The state of no cards. The first call expands the table ([`table`](fn@table)).
    ///
    /// # Panics
    ///
    /// When the program's embedded table is damaged (never in a sound
    /// build; callers that want the error call [`table`](fn@table) first).
    pub fn new() -> HandState {
        match table() {
            Ok(table) => HandState::with_table(table),
            Err(e) => panic!("{e}; reinstall Rangestove"),
        }
    }

    /// The state of no cards on `table`.
    pub fn with_table(table: &'static Table) -> HandState {
        HandState {
            table: table.entries(),
            node: ROOT,
            len: 0,
        }
    }

    /// The state with `card` added.
    #[inline]
    #[must_use]
    pub fn add_card(self, card: Card) -> HandState {
        debug_assert!(self.len < 7, "a hand has at most seven cards");
        let node = step(self.table, self.node, card);
        debug_assert!(node != 0, "{card} added twice");
        HandState {
            node,
            len: self.len + 1,
            ..self
        }
    }

    /// The state with every card of `cards` added.
    #[must_use]
    pub fn add_cards(self, cards: impl IntoIterator<Item = Card>) -> HandState {
        cards.into_iter().fold(self, HandState::add_card)
    }

    /// The number of cards added.
    pub const fn len(self) -> usize {
        self.len as usize
    }

    /// Whether no card has been added.
    pub const fn is_empty(self) -> bool {
        self.len == 0
    }

    /// The rank of the best five cards, once five to seven cards are in.
    #[inline]
    pub fn rank(self) -> Option<HandRank> {
        match self.len {
            7 => Some(HandRank(self.node)),
            5 | 6 => Some(HandRank(at(self.table, self.node))),
            _ => None,
        }
    }

    /// The rank of this six-card state's seven cards with `card` added: one
    /// lookup, for the innermost loop of an enumeration.
    #[inline]
    pub fn rank_with(self, card: Card) -> HandRank {
        debug_assert_eq!(self.len, 6, "rank_with completes a six-card state");
        HandRank(step(self.table, self.node, card))
    }
}

/// Ranks the best five cards of five, six or seven distinct cards.
pub fn evaluate(cards: &[Card]) -> Result<HandRank, EvalError> {
    if !(5..=7).contains(&cards.len()) {
        return Err(EvalError::CardCount(cards.len()));
    }
    let mut seen = CardSet::EMPTY;
    for &card in cards {
        if !seen.insert(card) {
            return Err(EvalError::Duplicate(card));
        }
    }
    Ok(rank_cards(cards))
}

/// The rank of five to seven distinct cards, without the table: the
/// generator's best hand from rank counts and the flush suit's ranks, then
/// its place among the 7,462 hands. About a tenth of a microsecond, and no
/// 124 MiB table to expand for a single hand.
fn rank_cards(cards: &[Card]) -> HandRank {
    HandRank::from_best_hand(best_hand(cards))
}

/// The generator's best hand of five to seven distinct cards, from their
/// rank counts and the flush suit's ranks.
fn best_hand(cards: &[Card]) -> u32 {
    let mut counts = [0u8; 13];
    let mut suits = [0u16; 4];
    for card in cards {
        counts[usize::from(card.rank().index())] += 1;
        suits[usize::from(card.suit().index())] |= 1 << card.rank().index();
    }
    let flush = suits
        .iter()
        .copied()
        .find(|m| m.count_ones() >= 5)
        .unwrap_or(0);
    generator::best_hand(&counts, flush)
}

/// The best five of five to seven distinct cards, in the order a player
/// reads them (the cards that decide first: `Ks Kh Kd 7c 7s`, `5d 4c 3h 2s
/// Ad`), with their rank.
pub fn best_five(cards: &[Card]) -> Result<([Card; 5], HandRank), EvalError> {
    let best = evaluate(cards)?;
    let n = cards.len();
    // Try every way of leaving out n - 5 cards; the first with the best rank
    // is a best five.
    for skip in 0u32..1 << n {
        if skip.count_ones() as usize != n - 5 {
            continue;
        }
        let mut five: Vec<Card> = (0..n)
            .filter(|i| skip >> i & 1 == 0)
            .map(|i| cards[i])
            .collect();
        if evaluate(&five)? != best {
            continue;
        }
        let count = |rank: Rank| five.iter().filter(|c| c.rank() == rank).count();
        let counts: Vec<usize> = five.iter().map(|c| count(c.rank())).collect();
        let mut order: Vec<(usize, Card)> = counts.into_iter().zip(five.iter().copied()).collect();
        order.sort_by(|a, b| b.cmp(a));
        five = order.into_iter().map(|(_, c)| c).collect();
        let wheel = matches!(
            best.category(),
            HandCategory::Straight | HandCategory::StraightFlush
        ) && best.deciding_ranks().first() == Some(&Rank::Five);
        if wheel {
            five.rotate_left(1);
        }
        if let Ok(five) = <[Card; 5]>::try_from(five) {
            return Ok((five, best));
        }
    }
    unreachable!("some five of the cards make the best hand")
}

#[cfg(test)]
mod tests {
    use super::*;

    use super::generator;

    fn cards(text: &str) -> Vec<Card> {
        crate::card::parse_cards(text).unwrap()
    }

    #[test]
    fn table_entries_stay_in_bounds() {
        let table = table().unwrap().entries();
        let limit = (TABLE_LEN - 53) as u32;
        assert!(table.iter().all(|&entry| entry <= limit));
        assert!(
            table[..53].iter().all(|&entry| entry == 0),
            "row 0 is unused"
        );
    }

    #[test]
    fn generator_counts_states_like_the_classic_table() {
        let levels = generator::levels();
        let sizes: Vec<usize> = levels.iter().map(Vec::len).collect();
        assert_eq!(sizes, [1, 52, 1326, 22_100, 84_448, 152_607, 352_443]);
        let states: usize = sizes.iter().sum();
        assert_eq!(
            generator::row_offset(states - 1) as usize + 53,
            generator::TABLE_LEN
        );
    }

    #[test]
    fn generator_drops_suits_that_cannot_flush() {
        let key = |text: &str| {
            cards(text)
                .iter()
                .try_fold(0, |key, c| generator::add_card(key, c.index()))
                .unwrap()
        };
        // Three cards: any suit can still make a flush.
        let three = key("As Kh 2c");
        assert!(generator::key_codes(three).all(|code| code & 0xf != 0));
        // Five cards, two to come: only a suit with three or more matters.
        let five = key("As Ks Qs 2h 3c");
        let suited: Vec<u8> = generator::key_codes(five)
            .filter(|code| code & 0xf != 0)
            .collect();
        assert_eq!(suited.len(), 3);
        // Card order does not matter.
        assert_eq!(key("2h 3c As Qs Ks"), five);
        // A visible duplicate and a fifth card of a rank are impossible.
        assert_eq!(
            generator::add_card(key("As Kd"), cards("As")[0].index()),
            None
        );
        let quads = key("2c 2d 2h 2s");
        assert_eq!(generator::add_card(quads, 0), None);
    }

    #[test]
    fn generator_finds_every_distinct_hand() {
        let values = generator::distinct_values();
        assert_eq!(values.len(), generator::DISTINCT_HANDS);
        let per_category: Vec<usize> = (1..=9)
            .map(|category| values.iter().filter(|&&v| v >> 20 == category).count())
            .collect();
        assert_eq!(per_category, [1277, 2860, 858, 858, 10, 1277, 156, 156, 10]);
    }

    #[test]
    fn generator_straights_include_the_wheel() {
        assert_eq!(generator::straight_top(0b1_0000_0000_1111), Some(3));
        assert_eq!(generator::straight_top(0b1_1111_0000_0000), Some(12));
        assert_eq!(generator::straight_top(0b0_1111_0000_0001), None);
        // Six in a row: the higher straight counts.
        assert_eq!(generator::straight_top(0b0_0000_0011_1111), Some(5));
    }

    #[test]
    fn generated_ranks_match_the_generator() {
        let map = generator::RankMap::new();
        for (&value, &rank) in map.values().iter().zip(map.ranks()) {
            let hand = HandRank(rank);
            let expected: Vec<Rank> = generator::raw_ranks(value)
                .iter()
                .take(hand.category().deciding_ranks())
                .map(|&r| Rank::from_index(r).unwrap())
                .collect();
            assert_eq!(hand.deciding_ranks(), expected);
            assert_eq!(HandRank::from_strength(hand.strength()), Some(hand));
        }
        assert_eq!(HandRank::WORST.strength(), 1);
        assert_eq!(HandRank::BEST.strength(), 7462);
        assert_eq!(HandRank::from_strength(0), None);
        assert_eq!(HandRank::from_strength(7463), None);
    }

    #[test]
    fn describes_hands() {
        let describe = |text: &str| evaluate(&cards(text)).unwrap().to_string();
        assert_eq!(describe("As Ks Qs Js Ts"), "royal flush");
        assert_eq!(describe("5h 4h 3h 2h Ah"), "straight flush, five high");
        assert_eq!(
            describe("Ks Kh Kd 7c 7s"),
            "full house, kings full of sevens"
        );
        assert_eq!(
            describe("9c 9d 9h 9s Ad"),
            "four of a kind, nines, ace kicker"
        );
        assert_eq!(describe("Ac Tc 8c 4c 2c"), "flush, A-T-8-4-2");
        assert_eq!(describe("As Ad 9c 8h 2d"), "pair of aces, 9-8-2 kickers");
        assert_eq!(
            describe("Ks Kd 7c 7h 2d"),
            "two pair, kings and sevens, deuce kicker"
        );
    }

    #[test]
    fn best_five_orders_cards_as_players_read_them() {
        let (five, rank) = best_five(&cards("7c Ks 2d Kh 7s Kd 3c")).unwrap();
        assert_eq!(rank.category(), HandCategory::FullHouse);
        assert_eq!(five.map(|c| c.to_string()), ["Ks", "Kh", "Kd", "7s", "7c"]);
        let (five, _) = best_five(&cards("Ad 2s 3h 4c 5d Kc Qh")).unwrap();
        assert_eq!(five.map(|c| c.to_string()), ["5d", "4c", "3h", "2s", "Ad"]);
    }

    #[test]
    fn checked_evaluation_rejects_bad_hands() {
        assert_eq!(
            evaluate(&cards("As Ks Qs Js")),
            Err(EvalError::CardCount(4))
        );
        assert_eq!(
            evaluate(&cards("As Ks Qs Js As")),
            Err(EvalError::Duplicate(cards("As")[0]))
        );
    }
}
