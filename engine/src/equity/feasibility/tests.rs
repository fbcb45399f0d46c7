//! The feasibility search against a plain one, on random and crowded
//! spots, and its presolve and step limit.

use super::search::suit_symmetries;
use super::*;
use crate::symmetry::SuitPerm;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plain depth-first search, seats in order: slow and obviously right.
fn plain(masks: &[&[u64]], used: u64) -> bool {
    match masks.split_first() {
        None => true,
        Some((seat, rest)) => seat.iter().any(|&m| m & used == 0 && plain(rest, used | m)),
    }
}

/// Seats over the first `cards` cards: per seat, each pair of them
/// with probability `density`.
fn pairs(rng: &mut ChaCha8Rng, seats: usize, cards: u32, density: f64) -> Vec<Vec<u64>> {
    (0..seats)
        .map(|_| {
            let mut combos = Vec::new();
            for a in 0..cards {
                for b in a + 1..cards {
                    if rng.random_bool(density) {
                        combos.push(1 << a | 1 << b);
                    }
                }
            }
            combos
        })
        .collect()
}

/// Poker-like seats over the lowest `ranks` ranks: per seat, each hand
/// class (pair, suited, offsuit) with probability `density`, and
/// sometimes one combo more or less (which breaks suit symmetry).
fn classes(rng: &mut ChaCha8Rng, seats: usize, ranks: u32, density: f64) -> Vec<Vec<u64>> {
    let card = |r: u32, s: u32| 1u64 << (4 * r + s);
    (0..seats)
        .map(|_| {
            let mut combos = Vec::new();
            for a in 0..ranks {
                for b in a..ranks {
                    for kind in 0..3 {
                        if (a == b) != (kind == 0) || !rng.random_bool(density) {
                            continue;
                        }
                        for s in 0..4 {
                            for t in 0..4 {
                                let member = match kind {
                                    0 => s < t,
                                    1 => s == t,
                                    _ => s != t,
                                };
                                if member {
                                    combos.push(card(a, s) | card(b, t));
                                }
                            }
                        }
                    }
                }
            }
            match rng.random_range(0..8) {
                0 if combos.len() > 1 => {
                    combos.swap_remove(rng.random_range(0..combos.len()));
                }
                1 => {
                    let r = rng.random_range(0..ranks);
                    let extra = card(r, 0) | card(r, 3);
                    if !combos.contains(&extra) {
                        combos.push(extra);
                    }
                }
                _ => {}
            }
            if combos.is_empty() {
                combos.push(card(0, 0) | card(0, 1));
            }
            combos
        })
        .collect()
}

fn as_slices(seats: &[Vec<u64>]) -> Vec<&[u64]> {
    seats.iter().map(Vec::as_slice).collect()
}

#[test]
fn deal_exists_agrees_with_a_plain_search() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let (mut yes, mut no) = (0, 0);
    for i in 0..2000 {
        let seats = rng.random_range(1..=6);
        let cards = rng.random_range(2 * seats as u32 - 1..=2 * seats as u32 + 3);
        let density = rng.random_range(0.05..0.6);
        let owned = if i % 2 == 0 {
            pairs(&mut rng, seats, cards, density)
        } else {
            classes(&mut rng, seats, cards.div_ceil(4), density)
        };
        let masks = as_slices(&owned);
        let expected = plain(&masks, 0);
        assert_eq!(deal_exists(&masks, u64::MAX), Some(expected), "{owned:?}");
        // With the suit symmetries from the first step.
        let mut search = Search::new(&masks, u64::MAX);
        search.symmetries = suit_symmetries(&masks);
        let all = u32::MAX >> (32 - seats);
        assert_eq!(search.run(all, 0), expected, "{owned:?}");
        if expected { yes += 1 } else { no += 1 }
    }
    assert!(yes > 400 && no > 400, "{yes} feasible, {no} not");
}

#[test]
fn suit_symmetries_are_those_of_every_seat() {
    let card = |r: u64, s: u64| 1u64 << (4 * r + s);
    // Aces (every suit pair) and AK suited: all 24 permutations.
    let mut aces: Vec<u64> = Vec::new();
    for s in 0..4 {
        for t in s + 1..4 {
            aces.push(card(12, s) | card(12, t));
        }
        aces.push(card(12, s) | card(11, s));
    }
    assert_eq!(suit_symmetries(&[&aces, &aces]).len(), 23);
    // A seat holding only AcAd (suits 0 and 1) keeps the swap of 0
    // and 1, the swap of 2 and 3, and both together.
    let one = [card(12, 0) | card(12, 1)];
    let symmetries = suit_symmetries(&[&aces, &one]);
    assert_eq!(symmetries.len(), 3, "{symmetries:?}");
    for perm in &symmetries {
        assert_eq!(perm.mask(one[0]), one[0]);
    }
    assert_eq!(
        SuitPerm::new([1, 0, 3, 2])
            .unwrap()
            .mask(card(3, 2) | card(7, 0)),
        card(3, 3) | card(7, 1)
    );
}

/// Many seats over just enough cards, ranges made of hand classes: the
/// hardest spots found for the search stay far below its step limit
/// (up to about 160,000 steps in 50,000 tries; the limit is
/// `MAX_FEASIBILITY_STEPS`).
#[test]
fn crowded_spots_are_decided_well_within_the_step_limit() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut most = 0;
    for _ in 0..1500 {
        let seats = rng.random_range(8..=23);
        let ranks = rng
            .random_range(seats as u32 / 2..=(seats as u32 + 2) / 2)
            .min(13);
        let density = rng.random_range(0.02..0.3);
        let owned = classes(&mut rng, seats, ranks, density);
        let masks = as_slices(&owned);
        let mut search = Search::new(&masks, MAX_FEASIBILITY_STEPS);
        search.run(u32::MAX >> (32 - seats), 0);
        most = most.max(search.steps);
    }
    assert!(most < MAX_FEASIBILITY_STEPS / 4, "{most} steps");
}

/// Every combo holding any card of `cards`.
fn holding(cards: u64) -> Vec<u64> {
    (0..52u32)
        .flat_map(|a| (a + 1..52).map(move |b| 1u64 << a | 1 << b))
        .filter(|&m| m & cards != 0)
        .collect()
}

#[test]
fn obvious_spots_are_decided_before_any_search_step() {
    // `50% ×5, Ah, 50%, Ah`: both `Ah` seats need the Ah. With no
    // search step allowed, only the presolve can decide.
    let half: Vec<u64> = crate::range::Range::parse("50%")
        .unwrap()
        .combos()
        .map(|(c, _)| c.mask().bits())
        .collect();
    let ace: crate::card::Card = "Ah".parse().unwrap();
    let ah = holding(ace.bit());
    let masks: Vec<&[u64]> = vec![&half, &half, &half, &half, &half, &ah, &half, &ah];
    assert_eq!(deal_exists(&masks, 0), Some(false));
    // A forced card removed from another seat forces its partner: the
    // second seat is left with 0c1c only, the third cannot be dealt.
    let pair = |a: u32, b: u32| 1u64 << a | 1 << b;
    let first = [pair(0, 2), pair(0, 3)];
    let second = [pair(0, 1), pair(1, 4)];
    let third = [pair(4, 5), pair(4, 6)];
    assert_eq!(deal_exists(&[&first, &second, &third], 0), Some(false));
    // Three seats each needing a card of {0, 1}.
    let a = [pair(0, 5), pair(1, 6)];
    let b = [pair(0, 7), pair(1, 8)];
    let c = [pair(0, 9), pair(1, 10)];
    assert_eq!(deal_exists(&[&a, &b, &c], 0), Some(false));
    // Two of them fit: the presolve refuses nothing feasible.
    assert_eq!(deal_exists(&[&a, &b], u64::MAX), Some(true));
}

#[test]
fn the_search_gives_up_at_its_step_limit() {
    // 13 seats over 24 cards, each holding any two of them except a
    // pair of the same rank: infeasible (26 cards needed), decided at
    // once by Hall's condition.
    let seat: Vec<u64> = (0..24u32)
        .flat_map(|a| (a + 1..24).map(move |b| (a, b)))
        .filter(|(a, b)| a / 4 != b / 4)
        .map(|(a, b)| 1u64 << a | 1 << b)
        .collect();
    let masks = vec![seat.as_slice(); 13];
    assert_eq!(deal_exists(&masks, 1), Some(false));
    // Twelve of them fit (24 cards); with one step allowed the search
    // cannot get there. The seats list first eleven combos that leave
    // only cards 20 and 21 (one rank) to the twelfth, so the greedy first
    // try fails and the search has to decide.
    let first: Vec<u64> = (0..11u32)
        .map(|i| {
            let cards: Vec<u32> = (0..24).filter(|c| !(20..22).contains(c)).collect();
            1u64 << cards[i as usize] | 1 << cards[i as usize + 11]
        })
        .collect();
    let listed: Vec<u64> = (first.iter().copied())
        .chain(seat.iter().copied().filter(|m| !first.contains(m)))
        .collect();
    let masks = vec![listed.as_slice(); 12];
    assert!(!greedy_deal(&masks, 0));
    assert_eq!(deal_exists(&masks, u64::MAX), Some(true));
    assert_eq!(deal_exists(&masks, 1), None);
}

#[test]
fn a_greedy_deal_is_a_deal() {
    // Found greedily: decided without a step.
    let card = |r: u64, s: u64| 1u64 << (4 * r + s);
    let aces = [card(12, 0) | card(12, 1), card(12, 2) | card(12, 3)];
    let kings = [card(11, 0) | card(11, 1)];
    assert!(greedy_deal(&[&aces, &kings], 0));
    assert_eq!(deal_exists(&[&aces, &kings], 0), Some(true));
    // Greedy order can miss a deal: AcKc, taken first, leaves the other
    // seat nothing, while AdKd would have left it AcQc.
    let a = [card(12, 0) | card(11, 0), card(12, 1) | card(11, 1)];
    let b = [
        card(12, 0) | card(10, 0),
        card(11, 0) | card(10, 1),
        card(12, 0) | card(9, 0),
    ];
    assert!(!greedy_deal(&[&a, &b], 0));
    assert_eq!(deal_exists(&[&a, &b], u64::MAX), Some(true));
    // Impossible spots are still refused.
    assert_eq!(deal_exists(&[&kings, &kings], u64::MAX), Some(false));
}
