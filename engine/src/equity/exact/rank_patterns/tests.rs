//! A deal's boards all counted, and a rank group's deals as each counts alone.

use super::*;
use crate::equity::exact::common::Counts;
use alone::{count_alone_base, count_alone_of};

/// The counts of one deal whose active seats hold `holes`, on the share
/// `share` of `shares` (of the multisets and the suited sets, as the work
/// items cut them) of the boards from the rest of the deck, counted alone.
fn count_share(holes: &[[u8; 2]], share: usize, shares: usize) -> Counts {
    let used = holes.iter().flatten().fold(0u64, |m, &c| m | 1 << c);
    let deck = ((1u64 << 52) - 1) & !used;
    let seats = holes_of(holes);
    let multisets = share * PATTERN_COUNT / shares..(share + 1) * PATTERN_COUNT / shares;
    let sets = suited_sets::sets(share, shares);
    count_alone(deck, &seats[..holes.len()], multisets, sets)
}

/// The counts of one deal whose active seats hold `holes`, every board
/// from the rest of the deck, counted alone.
fn count_deal(holes: &[[u8; 2]]) -> Counts {
    count_share(holes, 0, 1)
}

/// A deal's boards are all counted, and a seat against itself in
/// another suit splits every pot.
#[test]
fn mirrored_hands_tie_every_board() {
    // AcKc against AdKd: a club or diamond flush is the only way to win.
    let counts = count_deal(&[[4 * 12, 4 * 11], [4 * 12 + 1, 4 * 11 + 1]]);
    assert_eq!(counts.deals, 1_712_304);
    assert_eq!(counts.wins[0], counts.wins[1]);
    let both = counts.ties[2];
    assert_eq!(counts.wins[0] * 2 + both, counts.deals);
}

/// Deals of one rank group share the unsuited count: each deal's counts
/// from its group's first deal (and the suit holdings met before it)
/// are those it counts alone, suited and offsuit hands alike.
#[test]
fn a_group_counts_each_deal_as_it_counts_alone() {
    let card = |rank: u8, suit: u8| 4 * rank + suit;
    // AK against QJ, suited and offsuit, the same ranks left in the deck.
    let deals = [
        [[card(12, 0), card(11, 0)], [card(10, 1), card(9, 2)]],
        [[card(12, 0), card(11, 1)], [card(10, 0), card(9, 0)]],
        [[card(12, 3), card(11, 2)], [card(10, 2), card(9, 1)]],
        [[card(12, 2), card(11, 2)], [card(10, 2), card(9, 2)]],
    ];
    let mask = |holes: &[[u8; 2]]| holes.iter().flatten().fold(0u64, |m, &c| m | 1 << c);
    let full = (1u64 << 52) - 1;
    let first = holes_of(&deals[0]);
    let left = Deck::of(full & !mask(&deals[0]));
    let shared = Unsuited::count(left, &first[..2], 0..PATTERN_COUNT, suited_sets::sets(0, 1));
    let mut known = HashMap::default();
    for holes in &deals {
        let seats = holes_of(holes);
        let got = shared.with_flushes(full & !mask(holes), &seats[..2], &mut known);
        let alone = count_deal(holes);
        assert_eq!(
            (got.wins, got.ties, got.deals),
            (alone.wins, alone.ties, alone.deals)
        );
    }
}

/// The count specialised to a seat count known when compiling is the
/// count for any number of seats, alone and in a group, two to six
/// seats (suited hands among them, so that flushes count); alone, with
/// the AVX2 code (where the processor has it) and with the baseline code.
#[test]
fn the_counts_for_a_known_seat_count_are_the_general_ones() {
    let card = |rank: u8, suit: u8| 4 * rank + suit;
    let holes = [
        [card(12, 0), card(12, 1)],
        [card(11, 0), card(10, 0)],
        [card(9, 2), card(9, 3)],
        [card(4, 1), card(3, 1)],
        [card(7, 2), card(6, 3)],
        [card(0, 0), card(1, 2)],
    ];
    let full = (1u64 << 52) - 1;
    let sets = suited_sets::sets(1, 3);
    let multisets = 1000..3000;
    for n in 2..=holes.len() {
        let used = holes[..n].iter().flatten().fold(0u64, |m, &c| m | 1 << c);
        let seats = holes_of(&holes[..n]);
        let seats = &seats[..n];
        let alone = count_alone(full & !used, seats, multisets.clone(), sets);
        let general = count_alone_of::<0, false>(full & !used, seats, multisets.clone(), sets);
        assert_eq!(
            (&alone.wins, &alone.ties, alone.deals),
            (&general.wins, &general.ties, general.deals),
            "{n} seats alone"
        );
        // The baseline code for a known seat count too (`count_alone`
        // takes the AVX2 code where the processor has it).
        let base = by_seat_count!(
            n,
            count_alone_base,
            (full & !used, seats, multisets.clone(), sets)
        );
        assert_eq!(
            (&base.wins, &base.ties, base.deals),
            (&general.wins, &general.ties, general.deals),
            "{n} seats alone, baseline"
        );
        let left = Deck::of(full & !used);
        let known = Unsuited::count(left, seats, multisets.clone(), sets);
        let general = Unsuited::count_of::<0>(left, seats, multisets.clone(), sets);
        let (mut a, mut b) = (HashMap::default(), HashMap::default());
        let known = known.with_flushes(full & !used, seats, &mut a);
        let general = general.with_flushes(full & !used, seats, &mut b);
        assert_eq!(
            (&known.wins, &known.ties, known.deals),
            (&general.wins, &general.ties, general.deals),
            "{n} seats grouped"
        );
        assert_eq!(
            (&known.wins, &known.ties, known.deals),
            (&alone.wins, &alone.ties, alone.deals),
            "{n} seats, grouped against alone"
        );
    }
}

/// A deal counted in shares (of the multisets and of the suited sets, as
/// the work items cut them) adds up to the deal counted whole.
#[test]
fn a_deals_shares_add_up_to_the_whole() {
    let card = |rank: u8, suit: u8| 4 * rank + suit;
    let holes = [
        [card(12, 0), card(12, 1)],
        [card(11, 0), card(11, 1)],
        [card(10, 0), card(9, 0)],
    ];
    let whole = count_deal(&holes);
    for shares in [2, 3, 8] {
        let mut wins = vec![0; holes.len()];
        let mut ties = vec![0; whole.ties.len()];
        let mut deals = 0;
        for share in 0..shares {
            let part = count_share(&holes, share, shares);
            wins.iter_mut().zip(&part.wins).for_each(|(a, b)| *a += b);
            ties.iter_mut().zip(&part.ties).for_each(|(a, b)| *a += b);
            deals += part.deals;
        }
        assert_eq!(
            (&wins, &ties, deals),
            (&whole.wins, &whole.ties, whole.deals)
        );
    }
}

/// Small spots are not split: at least one share, never more than the
/// threads or [`SHARES`], one per group where groups are many, and a
/// share at least [`SHARE_S`] of the estimate.
#[test]
fn shares_are_worth_a_thread() {
    let exact = |estimate_s| Strategy::Exact {
        kernel: crate::equity::strategy::Kernel::RankPatterns,
        estimate_s,
    };
    assert_eq!(shares(1, exact(0.9 * SHARE_S), 16), 1);
    assert_eq!(shares(1, exact(1.5 * SHARE_S), 16), 2);
    assert_eq!(shares(1, exact(1.5 * SHARE_S), 1), 1);
    assert_eq!(shares(2, exact(5.0 * SHARE_S), 16), 3);
    assert_eq!(shares(1, exact(100.0 * SHARE_S), 16), SHARES);
    assert_eq!(shares(1, exact(100.0 * SHARE_S), 2), 2);
    assert_eq!(shares(SPLIT_BELOW, exact(100.0 * SHARE_S), 16), 1);
    assert_eq!(shares(1, exact(0.0), 0), 1);
}
