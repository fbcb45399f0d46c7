//! The suitings' ways against their walk, and straights.

use super::super::rank_multisets::PATTERNS;
use super::super::suited_sets::sets;
use super::*;

/// Card `rank` (0 a deuce) of `suit`.
fn card(rank: u8, suit: u8) -> u8 {
    4 * rank + suit
}

/// Seats holding 0, 1 or 2 cards of a suit, the deck short of a few
/// more (dead cards, a rank with none left of the suit): the cards
/// left, the seats, how many.
fn deals() -> Vec<(Deck, [Hole; MAX_SEATS], usize)> {
    let dead = |cards: &[u8]| cards.iter().fold(0u64, |m, &c| m | 1 << c);
    let deals: Vec<(Vec<[u8; 2]>, u64)> = vec![
        (
            vec![[card(12, 2), card(11, 2)], [card(10, 0), card(10, 3)]],
            0,
        ),
        (
            vec![[card(12, 2), card(11, 2)], [card(6, 2), card(5, 2)]],
            dead(&[card(3, 2), card(9, 1)]),
        ),
        (
            vec![
                [card(12, 2), card(12, 3)],
                [card(11, 2), card(11, 3)],
                [card(10, 2), card(10, 3)],
            ],
            0,
        ),
        (
            vec![[card(0, 0), card(1, 1)]],
            dead(&[card(7, 0), card(7, 1), card(7, 2)]),
        ),
    ];
    (deals.into_iter())
        .map(|(holes, dead)| {
            let used = holes.iter().flatten().fold(dead, |m, &c| m | 1 << c);
            let left = Deck::of(((1u64 << 52) - 1) & !used);
            (left, holes_of(&holes), holes.len())
        })
        .collect()
}

/// On every multiset of five distinct ranks, the product over its
/// ranks gives the ways the walked suitings add up to (each with a
/// flush that changes an outcome), in every suit.
#[test]
fn distinct_flush_ways_are_the_walked_suitings() {
    for (left, seats, n) in deals() {
        let seats = &seats[..n];
        for suit in 0..4 {
            let holding = SuitHolding::of(&left, seats, suit);
            for pattern in PATTERNS.iter().filter(|p| p.distinct == 5) {
                let have = left.have(pattern);
                let mut walked = 0;
                holding.suitings(pattern, &have, |_, _, ways| walked += ways);
                assert_eq!(holding.distinct_flush_ways(pattern, &left), walked);
                let mut out = Outcomes::new(n);
                let (mut flushed, values) = ([0u32; MAX_SEATS], [1u32; MAX_SEATS]);
                let mut sums = SetSums::lend(1);
                let into = (&mut out, &mut sums[0]);
                let counted =
                    holding.flushes(pattern, &have, &values[..n], &mut flushed[..n], 1, into);
                assert_eq!(counted, walked);
            }
        }
    }
}

/// Where a multiset has as many distinct ranks as a suit's fewest, the
/// one suiting of every rank (its ways read at once) is what the walk
/// visits.
#[test]
fn all_suited_ways_are_the_walked_suitings() {
    let mut checked = 0;
    for (left, seats, n) in deals() {
        for suit in 0..4 {
            let holding = SuitHolding::of(&left, &seats[..n], suit);
            let fewest = holding.fewest;
            for pattern in PATTERNS.iter().filter(|p| u32::from(p.distinct) == fewest) {
                let have = left.have(pattern);
                let mut walked = 0;
                holding.suitings(pattern, &have, |_, set, ways| {
                    assert_eq!(set, pattern.mask);
                    walked += ways;
                });
                assert_eq!(holding.all_suited_ways(pattern, &have), walked);
                checked += u64::from(walked > 0);
            }
        }
    }
    assert!(checked > 0);
}

/// The suited sets' boards of five distinct ranks are the multisets'
/// flush ways added up, whole or cut into shares (one seat: every
/// board its win).
#[test]
fn suited_sets_hold_the_multisets_flush_ways() {
    for (left, seats, _) in deals() {
        let seat = &seats[..1];
        for suit in 0..4 {
            let holding = SuitHolding::of(&left, seat, suit);
            let by_multiset: u64 = (PATTERNS.iter())
                .filter(|p| p.distinct == 5)
                .map(|p| holding.distinct_flush_ways(p, &left))
                .sum();
            for shares in [1, 8] {
                let mut out = Outcomes::new(1);
                for share in 0..shares {
                    holding.distinct_flushes::<false>(&left, sets(share, shares), 1, &mut out);
                }
                assert_eq!(out.wins[0], by_multiset, "suit {suit}, {shares} shares");
            }
        }
    }
}

/// Five ranks in a row make a straight, the ace high or low; four, or
/// five with a gap, do not.
#[test]
fn straights_are_five_ranks_in_a_row() {
    let ranks = |rs: &[u8]| rs.iter().fold(0u16, |m, &r| m | 1 << r);
    assert!(straight(ranks(&[12, 0, 1, 2, 3])));
    assert!(straight(ranks(&[8, 9, 10, 11, 12])));
    assert!(straight(ranks(&[2, 3, 4, 5, 6, 9])));
    assert!(!straight(ranks(&[0, 1, 2, 3])));
    assert!(!straight(ranks(&[11, 12, 0, 1, 2])));
    assert!(!straight(ranks(&[3, 4, 5, 7, 8])));
}

/// A multiset's ways, read branch-free from the deck's table, are the
/// product over its distinct ranks of the ways to deal each rank's count
/// from the cards of it left; `have` holds those cards by position.
#[test]
fn a_multisets_ways_are_the_product_over_its_ranks() {
    for (left, _, _) in deals() {
        let ways = Ways::of(&left);
        let mut boards = 0;
        for pattern in PATTERNS.iter() {
            let distinct = usize::from(pattern.distinct);
            let have = left.have(pattern);
            let mut product = 1;
            for i in 0..distinct {
                let cards = left.rank_cards[usize::from(pattern.rank(i))];
                assert_eq!(have[i], cards);
                product *= WAYS[usize::from(cards)][usize::from(pattern.count(i))];
            }
            assert_eq!(ways.of_pattern(pattern), product);
            boards += product;
        }
        // Every five-card board of the cards left, once.
        let cards: u64 = left.rank_cards.iter().map(|&c| u64::from(c)).sum();
        let choose5 = cards * (cards - 1) * (cards - 2) * (cards - 3) * (cards - 4) / 120;
        assert_eq!(boards, choose5);
    }
}
