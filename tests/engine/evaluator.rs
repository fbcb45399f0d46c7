//! The evaluator against ground truth: every 5-, 6- and 7-card hand, counted
//! by category and cross-checked against a naive evaluator written here.
//!
//! The naive evaluator shares nothing with the engine but `Card`'s rank and
//! suit. For each hand size the test checks, over every hand:
//! * the table's category equals the naive one, and the per-category counts
//!   equal the published ones;
//! * the table's rank is a strictly increasing function of the naive value
//!   (so both order all hands identically, ties included), with 7,462 / 6,075
//!   / 4,824 distinct values.

use std::sync::{
    Mutex,
    atomic::{AtomicUsize, Ordering},
};

use engine::{Card, HandCategory, HandRank, HandState, eval};

/// A hand value from the naive evaluator: `category << 20` plus the deciding
/// ranks, 4 bits each, most significant first. Categories: 0 high card … 8
/// straight flush.
type NaiveValue = u32;

/// Cards seen so far, as the naive evaluator keeps them: 32 bytes, 16
/// aligned (the three spare counts stay 0), so that a copy is two whole
/// moves where the brute force of equity.rs folds cards into it by value.
#[derive(Clone, Copy, Default)]
#[repr(C, align(16))]
pub(crate) struct Naive {
    rank_counts: [u8; 16],
    suit_ranks: [u16; 4],
}

impl Naive {
    pub(crate) fn add_card(mut self, card: Card) -> Naive {
        let (rank, suit) = (card.rank().index() as usize, card.suit().index() as usize);
        self.rank_counts[rank] += 1;
        self.suit_ranks[suit] |= 1 << rank;
        self
    }

    /// The best five-card value, found the way a player would: look for a
    /// straight flush, then group equal ranks (largest group first, then
    /// highest rank) and read the categories off the groups.
    pub(crate) fn value(&self) -> NaiveValue {
        let pack = |category: u32, ranks: &[u8]| {
            ranks
                .iter()
                .take(5)
                .enumerate()
                .fold(category << 20, |v, (i, &r)| {
                    v | u32::from(r) << (16 - 4 * i)
                })
        };
        let flush = self
            .suit_ranks
            .iter()
            .copied()
            .find(|ranks| ranks.count_ones() >= 5);
        if let Some(top) = flush.and_then(straight_top) {
            return pack(8, &[top]);
        }
        // (count, rank) of each rank held, largest group first (in a fixed
        // array: the brute force of equity.rs calls this for every seat of
        // every deal and board).
        let mut held = [(0u8, 0u8); 13];
        let mut len = 0;
        for r in (0..13u8)
            .rev()
            .filter(|&r| self.rank_counts[r as usize] > 0)
        {
            held[len] = (self.rank_counts[r as usize], r);
            len += 1;
        }
        let groups = &mut held[..len];
        groups.sort_unstable_by(|a, b| b.cmp(a));
        let groups = &*groups;
        let best_rest = |skip: usize| groups[skip..].iter().map(|g| g.1).max().unwrap_or(0);
        match (groups[0].0, groups.get(1).map_or(0, |g| g.0)) {
            (4, _) => return pack(7, &[groups[0].1, best_rest(1)]),
            (3, 2..) => return pack(6, &[groups[0].1, groups[1].1]),
            _ => {}
        }
        // The ranks of `mask`, highest first, into `out`; how many.
        let ranks_of = |mask: u16, out: &mut [u8; 13]| {
            let mut n = 0;
            for r in (0..13u8).rev().filter(|r| mask >> r & 1 == 1) {
                out[n] = r;
                n += 1;
            }
            n
        };
        let mut top = [0u8; 13];
        if let Some(ranks) = flush {
            let n = ranks_of(ranks, &mut top);
            return pack(5, &top[..n]);
        }
        let all_ranks = groups.iter().fold(0u16, |m, g| m | 1 << g.1);
        if let Some(top) = straight_top(all_ranks) {
            return pack(4, &[top]);
        }
        let single_ranks = (groups.iter().filter(|g| g.0 == 1)).fold(0u16, |m, g| m | 1 << g.1);
        let n = ranks_of(single_ranks, &mut top);
        let singles = &top[..n];
        match (groups[0].0, groups[1].0) {
            (3, _) => pack(3, &[groups[0].1, singles[0], singles[1]]),
            (2, 2) => pack(2, &[groups[0].1, groups[1].1, best_rest(2)]),
            (2, _) => pack(1, &[groups[0].1, singles[0], singles[1], singles[2]]),
            _ => pack(0, singles),
        }
    }
}

/// The top rank of the highest five-in-a-row in a rank mask; the ace also
/// plays low (A-2-3-4-5 is five high).
fn straight_top(ranks: u16) -> Option<u8> {
    let has = |r: i32| {
        if r < 0 {
            ranks >> 12 & 1 == 1
        } else {
            ranks >> r & 1 == 1
        }
    };
    (3..13)
        .rev()
        .find(|&top| (top - 4..=top).all(has))
        .map(|top| top as u8)
}

/// What a walk over every hand of one size found.
struct Census {
    /// Hands per table category code (index 1..=9).
    by_category: [u64; 10],
    /// For each naive value seen, the table rank it got (0 = not seen).
    rank_of_value: Vec<u16>,
    /// Hands whose table category differs from the naive category.
    category_mismatches: u64,
    /// Hands whose naive value had been seen with another table rank.
    rank_conflicts: u64,
}

impl Census {
    fn new() -> Census {
        Census {
            by_category: [0; 10],
            rank_of_value: vec![0; 9 << 20],
            category_mismatches: 0,
            rank_conflicts: 0,
        }
    }

    fn record(&mut self, rank: HandRank, naive: NaiveValue) {
        self.by_category[rank.category() as usize] += 1;
        if rank.category() as u32 != (naive >> 20) + 1 {
            self.category_mismatches += 1;
        }
        let slot = &mut self.rank_of_value[naive as usize];
        if *slot == 0 {
            *slot = rank.strength();
        } else if *slot != rank.strength() {
            self.rank_conflicts += 1;
        }
    }

    fn merge(&mut self, other: Census) {
        for (mine, theirs) in self.by_category.iter_mut().zip(other.by_category) {
            *mine += theirs;
        }
        self.category_mismatches += other.category_mismatches;
        self.rank_conflicts += other.rank_conflicts;
        for (mine, theirs) in self.rank_of_value.iter_mut().zip(other.rank_of_value) {
            if *mine == 0 {
                *mine = theirs;
            } else if theirs != 0 && theirs != *mine {
                self.rank_conflicts += 1;
            }
        }
    }

    /// Checks that table ranks increase strictly with naive values, and
    /// returns the number of distinct values.
    fn distinct_ranks_in_order(&self) -> usize {
        let ranks: Vec<u16> = self
            .rank_of_value
            .iter()
            .copied()
            .filter(|&r| r != 0)
            .collect();
        for pair in ranks.windows(2) {
            assert!(
                pair[0] < pair[1],
                "table orders hands differently from the naive evaluator"
            );
        }
        ranks.len()
    }
}

/// Adds every combination of `left` more cards from `deck[from..]`.
fn walk(
    deck: &[Card; 52],
    from: usize,
    left: usize,
    state: HandState,
    naive: Naive,
    census: &mut Census,
) {
    if left == 0 {
        let rank = state.rank().expect("five to seven cards");
        census.record(rank, naive.value());
        return;
    }
    for index in from..=52 - left {
        let card = deck[index];
        walk(
            deck,
            index + 1,
            left - 1,
            state.add_card(card),
            naive.add_card(card),
            census,
        );
    }
}

/// Walks every hand of `size` cards on all cores, splitting by first card.
fn census(size: usize) -> Census {
    let deck: [Card; 52] = std::array::from_fn(|i| Card::from_index(i as u8).unwrap());
    let next_first = AtomicUsize::new(0);
    let total = Mutex::new(Census::new());
    let threads = std::thread::available_parallelism().map_or(2, usize::from);
    std::thread::scope(|scope| {
        for worker in 0..threads {
            let (deck, next_first, total) = (&deck, &next_first, &total);
            std::thread::Builder::new()
                .name(format!("census-{worker}"))
                .spawn_scoped(scope, move || {
                    let mut census = Census::new();
                    loop {
                        let first = next_first.fetch_add(1, Ordering::Relaxed);
                        if first > 52 - size {
                            break;
                        }
                        let card = deck[first];
                        let (state, naive) = (
                            HandState::new().add_card(card),
                            Naive::default().add_card(card),
                        );
                        walk(deck, first + 1, size - 1, state, naive, &mut census);
                    }
                    total.lock().unwrap().merge(census);
                })
                .unwrap();
        }
    });
    total.into_inner().unwrap()
}

/// Checks a census against published counts, weakest category first.
fn check(size: usize, counts: [u64; 9], distinct: usize) {
    let census = census(size);
    assert_eq!(
        census.category_mismatches, 0,
        "{size}-card hands in another category than naive"
    );
    assert_eq!(
        census.rank_conflicts, 0,
        "{size}-card hands tied by naive but not by the table"
    );
    assert_eq!(
        census.by_category[1..],
        counts,
        "{size}-card hands by category"
    );
    assert_eq!(
        census.distinct_ranks_in_order(),
        distinct,
        "distinct {size}-card ranks"
    );
}

#[test]
fn every_five_card_hand() {
    check(
        5,
        [
            1_302_540, 1_098_240, 123_552, 54_912, 10_200, 5_108, 3_744, 624, 40,
        ],
        7462,
    );
}

#[test]
fn every_six_card_hand() {
    let counts = [
        6_612_900, 9_730_740, 2_532_816, 732_160, 361_620, 205_792, 165_984, 14_664, 1_844,
    ];
    check(6, counts, 6075);
}

#[test]
fn every_seven_card_hand() {
    let counts = [
        23_294_460, 58_627_800, 31_433_400, 6_461_620, 6_180_020, 4_047_644, 3_473_184, 224_848,
        41_584,
    ];
    check(7, counts, 4824);
}

fn cards(text: &str) -> Vec<Card> {
    engine::card::parse_cards(text).unwrap()
}

fn rank(text: &str) -> HandRank {
    eval::evaluate(&cards(text)).unwrap()
}

#[test]
fn named_edge_cases() {
    // (hand, category, description)
    let cases = [
        (
            "Ah 2c 3d 4s 5h",
            HandCategory::Straight,
            "straight, five high",
        ), // wheel
        (
            "Ah 2h 3h 4h 5h Kc Kd",
            HandCategory::StraightFlush,
            "straight flush, five high",
        ), // steel wheel
        (
            "Ah Kd Qc Js Th 2c",
            HandCategory::Straight,
            "straight, ace high",
        ), // broadway
        (
            "2h 5h 8h 9h Jh Tc 7d",
            HandCategory::Flush,
            "flush, J-9-8-5-2",
        ), // flush over straight
        (
            "Ks Kh Kd 7c 7s 7h 2c",
            HandCategory::FullHouse,
            "full house, kings full of sevens",
        ), // two trips
        (
            "As Ad Ks Kd Qs Qd 2c",
            HandCategory::TwoPair,
            "two pair, aces and kings, queen kicker",
        ), // three pairs
        (
            "9c 9d 9h 9s Ad Kd Qd",
            HandCategory::FourOfAKind,
            "four of a kind, nines, ace kicker",
        ), // quads, best kicker
        (
            "2c 2d Ks Kh Qs Qh Ac",
            HandCategory::TwoPair,
            "two pair, kings and queens, ace kicker",
        ), // counterfeited
    ];
    for (hand, category, description) in cases {
        let rank = rank(hand);
        assert_eq!(rank.category(), category, "{hand}");
        assert_eq!(rank.to_string(), description, "{hand}");
    }
}

#[test]
fn edge_cases_order_correctly() {
    // The wheel is the lowest straight; the steel wheel beats quads.
    assert!(rank("Ah 2c 3d 4s 5h") < rank("2c 3d 4s 5h 6c"));
    assert!(rank("Ah 2h 3h 4h 5h") > rank("Ac Ad As Ah Kd"));
    // Broadway is the highest straight, below the lowest flush.
    assert!(rank("Ah Kd Qc Js Th") > rank("Kd Qc Js Th 9h"));
    assert!(rank("Ah Kd Qc Js Th") < rank("7h 5h 4h 3h 2h"));
    // Quads: the best kicker wins even with a board pair around.
    assert!(rank("9c 9d 9h 9s Ad 2d 2c") > rank("9c 9d 9h 9s Kd Kc Qd"));
    // Counterfeited: the pocket deuces no longer play; 3-4 ties them.
    assert_eq!(rank("2c 2d Ks Kh Qs Qh Ac"), rank("3c 4d Ks Kh Qs Qh Ac"));
    // Two trips: the higher trips make the full house.
    assert!(rank("Ks Kh Kd 7c 7s 7h 2c") > rank("Qs Qh Qd Ac As 3h 2c"));
    // The incremental state agrees with whole-hand evaluation in any order.
    let hand = cards("Ah 2h 3h 4h 5h Kc Kd");
    let forward = HandState::new().add_cards(hand.iter().copied());
    let backward = HandState::new().add_cards(hand.iter().rev().copied());
    assert_eq!(forward.rank(), Some(rank("Ah 2h 3h 4h 5h Kc Kd")));
    assert_eq!(backward.rank(), forward.rank());
}

#[test]
fn evaluate_rejects_bad_hands() {
    assert_eq!(
        eval::evaluate(&cards("As Ks")),
        Err(eval::EvalError::CardCount(2))
    );
    assert_eq!(
        eval::evaluate(&cards("As Ks Qs Js Ts 9s 8s 7s")),
        Err(eval::EvalError::CardCount(8))
    );
    let twice = cards("As Ks Qs Js As");
    assert_eq!(
        eval::evaluate(&twice),
        Err(eval::EvalError::Duplicate(twice[0]))
    );
}

/// The shipped table is compressed: a damaged copy is refused with the
/// reason, never read. A flipped bit in the header, in either stream or
/// in the last byte, a truncated copy and no bytes at all.
#[test]
fn a_damaged_table_is_refused() {
    use engine::eval::{Table, compressed_table, table};
    let good = compressed_table();
    assert!(table().is_ok());
    let at = [0, 12, good.len() / 3, good.len() * 9 / 10, good.len() - 1];
    for i in at {
        let mut bad = good.to_vec();
        bad[i] ^= 0x10;
        let error = Table::expand(&bad).unwrap_err();
        assert!(error.to_string().contains("damaged"), "{error}");
    }
    assert!(Table::expand(&good[..good.len() - 100]).is_err());
    assert!(Table::expand(&[]).is_err());
}

/// `evaluate` ranks without the table: every five-card hand, and a million
/// random six- and seven-card hands, against the table's walk.
#[test]
fn evaluate_without_the_table_agrees_with_the_walk() {
    use rand::{RngExt, SeedableRng};
    let deck: Vec<Card> = Card::all().collect();
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        let hand = [deck[a], deck[b], deck[c], deck[d], deck[e]];
                        let walked = HandState::new().add_cards(hand).rank();
                        assert_eq!(Some(eval::evaluate(&hand).unwrap()), walked);
                    }
                }
            }
        }
    }
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(21);
    for _ in 0..1_000_000 {
        let n = rng.random_range(6..=7);
        let mut cards: Vec<Card> = Vec::with_capacity(n);
        while cards.len() < n {
            let card = deck[rng.random_range(0..52)];
            if !cards.contains(&card) {
                cards.push(card);
            }
        }
        let walked = HandState::new().add_cards(cards.iter().copied()).rank();
        assert_eq!(Some(eval::evaluate(&cards).unwrap()), walked, "{cards:?}");
    }
}
