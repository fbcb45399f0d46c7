//! The generator of the shipped table (compiled with the `generator`
//! feature: the `build_preflop_table` example and the tests use it; the
//! app does not carry it).

use std::sync::atomic::{AtomicU64, Ordering};

use rayon::prelude::*;

use super::format::{ALL_BOARDS, BOARDS, Matchup};
use crate::card::Card;
use crate::combo::{COMBOS, Combo};
use crate::compact::CompactHand;

/// Boards ranked together: one 64-byte row of `i16` strengths per combo.
const LANES: usize = 32;
/// Boards per work item.
const BOARDS_PER_ITEM: usize = LANES * 64;

/// The counts of each pair of `pairs` (disjoint combos) by board-major
/// enumeration on the current rayon pool: for every one of the 2,598,960
/// boards, rank each combo of the pairs once with the compact evaluator,
/// then compare the two ranks of every pair compatible with the board,
/// 32 boards at a time. `progress(boards_done, ALL_BOARDS)` is called
/// from the worker threads after each batch of boards. This is the
/// generator of the shipped table (about a minute on two cores for all
/// [`canonical_pairs`]); pairs that share a card count nothing.
pub fn count_matchups(
    pairs: &[(Combo, Combo)],
    progress: &(dyn Fn(u64, u64) + Sync),
) -> Vec<Matchup> {
    // The distinct combos of the pairs, each in a slot.
    let mut slot_of = vec![u32::MAX; COMBOS];
    let mut hands: Vec<(CompactHand, u64)> = Vec::new();
    let mut slot = |combo: Combo| {
        let s = &mut slot_of[combo.index()];
        if *s == u32::MAX {
            *s = hands.len() as u32;
            let [x, y] = combo.cards();
            hands.push((CompactHand::single(x).add_card(y), combo.mask().bits()));
        }
        *s as u16
    };
    let mut slots: Vec<(u16, u16)> = pairs.iter().map(|&(a, b)| (slot(a), slot(b))).collect();
    // Pairs that share a card compare against a slot never ranked, which
    // neither wins nor ties.
    let never = hands.len() as u16;
    for (s, (a, b)) in slots.iter_mut().zip(pairs) {
        if !a.mask().is_disjoint(b.mask()) {
            s.1 = never;
        }
    }
    let boards = all_boards();
    let done = AtomicU64::new(0);
    let counts = boards
        .par_chunks(BOARDS_PER_ITEM)
        .fold(
            || vec![[0u32; 2]; pairs.len()],
            |mut counts, item| {
                // `first[s]`: the strength of slot `s` on each board of the
                // block, 0 where the combo meets the board; `second[s]` the
                // same with `i16::MAX` there. A pair (x, y) is compatible
                // with a board iff neither meets it, and then x wins iff
                // first[x] > second[y] and ties iff first[x] == second[y];
                // otherwise neither holds.
                let mut first = vec![[0i16; LANES]; hands.len() + 1];
                let mut second = vec![[i16::MAX; LANES]; hands.len() + 1];
                for block in item.chunks(LANES) {
                    let mut boards = [(CompactHand::EMPTY, u64::MAX); LANES];
                    for (slot, cards) in boards.iter_mut().zip(block) {
                        *slot = cards.iter().fold((CompactHand::EMPTY, 0), |(h, m), &c| {
                            (h.add_card(c), m | c.bit())
                        });
                    }
                    for ((&(hand, mask), hi), lo) in
                        hands.iter().zip(first.iter_mut()).zip(second.iter_mut())
                    {
                        for ((h, l), &(board, board_mask)) in
                            hi.iter_mut().zip(lo.iter_mut()).zip(&boards)
                        {
                            if mask & board_mask == 0 {
                                let strength = hand.combine(board).rank7().strength() as i16;
                                (*h, *l) = (strength, strength);
                            } else {
                                (*h, *l) = (0, i16::MAX);
                            }
                        }
                    }
                    for (count, &(x, y)) in counts.iter_mut().zip(&slots) {
                        let (wins, ties) = compare(&first[usize::from(x)], &second[usize::from(y)]);
                        count[0] += wins;
                        count[1] += ties;
                    }
                }
                let total = done.fetch_add(item.len() as u64, Ordering::Relaxed);
                progress(total + item.len() as u64, ALL_BOARDS);
                counts
            },
        )
        .reduce(
            || vec![[0u32; 2]; pairs.len()],
            |mut a, b| {
                for (x, y) in a.iter_mut().zip(&b) {
                    x[0] += y[0];
                    x[1] += y[1];
                }
                a
            },
        );
    counts
        .iter()
        .zip(pairs)
        .map(|(&[wins, ties], (a, b))| Matchup {
            wins,
            ties,
            losses: if a.mask().is_disjoint(b.mask()) {
                BOARDS - wins - ties
            } else {
                0
            },
        })
        .collect()
}

/// Lanes where `x > y` and where `x == y` (written to vectorise).
#[inline(always)]
fn compare(x: &[i16; LANES], y: &[i16; LANES]) -> (u32, u32) {
    let mut greater = 0u16;
    let mut equal = 0u16;
    for (&a, &b) in x.iter().zip(y) {
        greater += u16::from(a > b);
        equal += u16::from(a == b);
    }
    (u32::from(greater), u32::from(equal))
}

/// All 2,598,960 five-card boards, in lexicographic order of card indices.
fn all_boards() -> Vec<[Card; 5]> {
    let cards: Vec<Card> = Card::all().collect();
    let mut out = Vec::with_capacity(ALL_BOARDS as usize);
    for a in 0..52 {
        for b in a + 1..52 {
            for c in b + 1..52 {
                for d in c + 1..52 {
                    for e in d + 1..52 {
                        out.push([cards[a], cards[b], cards[c], cards[d], cards[e]]);
                    }
                }
            }
        }
    }
    out
}

// --- Heads-up spots -----------------------------------------------------------
